package cuda

/*
#include "cuda_decls.h"
*/
import "C"

import (
	"fmt"

	"gpufn/gpu"
)

const (
	opGraphBuild   = "cuGraphAddKernelNode_v2"
	opGraphLaunch  = "cuGraphLaunch"
	opGraphDestroy = "cuGraphExecDestroy"
)

var _ gpu.GraphDevice = (*Device)(nil)

// CanGraph reports whether the driver has the graph API (CUDA 12 and later).
func (d *Device) CanGraph() bool { return C.gf_cuda_graphs() != 0 }

// BuildGraph builds an executable CUDA graph of the launches in rec (gpu.AppendLaunch's
// encoding): one kernel node per launch, each depending on the one before. Every launch is
// checked as Launch checks it (known function, shape within the limits, at most 64 arguments)
// and kernels asking for more than 48 KiB of dynamic shared memory are opted in first; a
// refused launch is an error matching gpu.ErrInvalidLaunch that names its index.
func (d *Device) BuildGraph(rec []uint64) (gpu.Graph, error) {
	if err := d.unusable(opGraphBuild); err != nil {
		return 0, err
	}
	if !d.CanGraph() {
		return 0, &gpu.Error{Op: opGraphBuild, Code: C.GF_CUDA_ERROR_NOT_SUPPORTED, Name: codeName(C.GF_CUDA_ERROR_NOT_SUPPORTED),
			Msg: "the driver has no graph API (CUDA 12 or later needed)", Kind: gpu.ErrInvalidLaunch}
	}
	n := 0
	for rest := rec; len(rest) > 0; n++ {
		l, next, ok := gpu.NextLaunch(rest)
		if !ok {
			return 0, fmt.Errorf("cuda: graph launch %d: malformed record: %w", n, gpu.ErrInvalidLaunch)
		}
		rest = next
		if err := d.prepareLaunch(opGraphBuild, l.F, l.Grid, l.Block, l.SharedMem, len(l.Args)); err != nil {
			return 0, fmt.Errorf("graph launch %d: %w", n, err)
		}
	}
	if n == 0 {
		return 0, fmt.Errorf("cuda: a graph of no launches: %w", gpu.ErrInvalidLaunch)
	}
	var exec C.uint64_t
	var failed C.long
	r := C.gf_cuGraphBuild((*C.uint64_t)(&rec[0]), C.size_t(len(rec)), &exec, &failed)
	if r != codeSuccess {
		e := newError(opGraphBuild, r)
		if e.Kind == nil && r == codeInvalidValue {
			e.Kind = gpu.ErrInvalidLaunch
		}
		if failed >= 0 {
			return 0, fmt.Errorf("cuda: graph launch %d: %w", int(failed), d.fail(e))
		}
		return 0, d.fail(e)
	}
	g := gpu.Graph(exec)
	d.graphs[g] = struct{}{}
	return g, nil
}

// LaunchGraph enqueues g on the default stream (cuGraphLaunch).
func (d *Device) LaunchGraph(g gpu.Graph) error {
	if d.closed || d.lost != nil {
		return d.unusable(opGraphLaunch)
	}
	if _, ok := d.graphs[g]; !ok {
		return unknownHandle(opGraphLaunch, "graph", uint64(g), gpu.ErrInvalidLaunch)
	}
	return d.result(opGraphLaunch, C.gf_cuGraphLaunch(C.uint64_t(g)))
}

// DestroyGraph releases g (cuGraphExecDestroy).
func (d *Device) DestroyGraph(g gpu.Graph) error {
	if err := d.unusable(opGraphDestroy); err != nil {
		return err
	}
	if _, ok := d.graphs[g]; !ok {
		return unknownHandle(opGraphDestroy, "graph", uint64(g), gpu.ErrNotFound)
	}
	delete(d.graphs, g)
	return d.result(opGraphDestroy, C.gf_cuGraphExecDestroy(C.uint64_t(g)))
}
