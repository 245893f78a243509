package cpu

import (
	"sort"

	"gpufn/gpu"
)

// Kernel is a Go implementation of a device kernel, chosen by Name when a library that has an
// entry of that name is loaded. Fn runs once per thread of a launch; args are the launch's
// 8-byte arguments (exactly Params of them), each a device address, a size or a constant, as
// the CUDA kernel receives them. Fn must reach device memory only through m, and must not keep
// m, t or args after it returns.
type Kernel struct {
	Name   string
	Params int
	Fn     func(m *Mem, t *Thread, args []uint64)
}

// Thread is the position of the running thread in its launch: CUDA's blockIdx, threadIdx,
// gridDim and blockDim.
type Thread struct {
	BlockIdx, ThreadIdx, GridDim, BlockDim gpu.Dim3
}

// LinearID is the thread's index among all threads of the launch: blocks numbered x fastest,
// then threads within a block x fastest (the testkernels' gtid()).
func (t *Thread) LinearID() uint64 {
	block := (uint64(t.BlockIdx.Z)*uint64(t.GridDim.Y)+uint64(t.BlockIdx.Y))*uint64(t.GridDim.X) + uint64(t.BlockIdx.X)
	threads := uint64(t.BlockDim.X) * uint64(t.BlockDim.Y) * uint64(t.BlockDim.Z)
	return block*threads + (uint64(t.ThreadIdx.Z)*uint64(t.BlockDim.Y)+uint64(t.ThreadIdx.Y))*uint64(t.BlockDim.X) + uint64(t.ThreadIdx.X)
}

// Threads is the number of threads of the launch (the testkernels' gthreads()).
func (t *Thread) Threads() uint64 {
	return uint64(t.GridDim.X) * uint64(t.GridDim.Y) * uint64(t.GridDim.Z) *
		uint64(t.BlockDim.X) * uint64(t.BlockDim.Y) * uint64(t.BlockDim.Z)
}

// Kernels returns the built-in kernel table, freshly built: every kernel of the example
// libraries mlops, module, testkernels, mlp, probe and batch (except testkernels' uses_malloc, whose library is
// refused at upload). Each has exactly the semantics of its CUDA source in examples/.
func Kernels() []Kernel {
	var ks []Kernel
	ks = append(ks, mlopsKernels()...)
	ks = append(ks, moduleKernels()...)
	ks = append(ks, testKernels()...)
	ks = append(ks, mlpKernels()...)
	ks = append(ks, probeKernels()...)
	ks = append(ks, batchKernels()...)
	return ks
}

// KernelNames returns the names of the built-in kernels, sorted: what a server can check a
// function's kernels against before it accepts the function for the cpu device.
func KernelNames() []string {
	ks := Kernels()
	names := make([]string, len(ks))
	for i, k := range ks {
		names[i] = k.Name
	}
	sort.Strings(names)
	return names
}

// KernelNames returns the names of the kernels this device implements (the built-in table
// with Options.Kernels applied), sorted. The worker reports them in its hello message, so that
// the server refuses, at registration, a function whose kernels the cpu device cannot run.
func (d *Device) KernelNames() []string {
	names := make([]string, 0, len(d.kernels))
	for name := range d.kernels {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
