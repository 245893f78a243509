package cuda

/*
#include "cuda_decls.h"
*/
import "C"

import (
	"fmt"

	"gpufn/gpu"
)

// Device is one NVIDIA GPU's primary context, driven through the CUDA driver API. It is not
// safe for concurrent use: Open it, use it and Close it from one goroutine locked to its OS
// thread (runtime.LockOSThread), because Open makes the context current on that thread only.
//
// A Device must not be copied.
type Device struct {
	ordinal int
	dev     C.gf_CUdevice
	info    gpu.Info // the parts that do not change; FreeMem and TotalMem are read by Info
	closed  bool
	lost    *gpu.Error // the first fatal error; every later call fails with it

	modules map[gpu.Module]struct{}
	funcs   map[gpu.Function]funcState
	graphs  map[gpu.Graph]struct{}
	// residents are the resident allocations (resident.go), by address.
	residents map[gpu.Ptr]residentAlloc
	// marks are the events of the timing marks (timer.go), made on first use (0: not yet).
	marks [gpu.MaxMarks]uint64
	// ahead is the copy stream and its events (ahead.go), made on first use.
	ahead aheadStream
}

// funcState is what a Device keeps per kernel handle it gave out.
type funcState struct {
	mod gpu.Module
	// dynShared is the dynamic shared memory the kernel was opted in to with
	// cuFuncSetAttribute (0: none, so 48 KiB at most).
	dynShared uint32
}

var _ gpu.Device = (*Device)(nil)

// Count returns the number of CUDA devices (cuInit, then cuDeviceGetCount). Without the NVIDIA
// driver it returns an error wrapping gpu.ErrNoDevice.
func Count() (int, error) {
	if err := load(); err != nil {
		return 0, err
	}
	if err := check("cuInit", C.gf_cuInit()); err != nil {
		return 0, fmt.Errorf("cuda: %w", err)
	}
	var n C.int
	if err := check("cuDeviceGetCount", C.gf_cuDeviceGetCount(&n)); err != nil {
		return 0, fmt.Errorf("cuda: %w", err)
	}
	return int(n), nil
}

// Open initializes the driver, retains the primary context of the device with the given
// ordinal and makes it current on the calling OS thread, then reads the device's description
// and launch limits once. The caller must be locked to its OS thread (runtime.LockOSThread)
// and use the Device only from there.
//
// Open fails with an error wrapping gpu.ErrNoDevice when there is no driver or no such device,
// and with a fatal error (gpu.IsFatal) when a Device of this process has already lost its
// context: CUDA cannot recover a process from that.
func Open(ordinal int) (*Device, error) {
	if err := load(); err != nil {
		return nil, err
	}
	if e := processLost.Load(); e != nil {
		return nil, fmt.Errorf("cuda: Open(%d): this process lost its CUDA context earlier: %w", ordinal, e)
	}
	if err := check("cuInit", C.gf_cuInit()); err != nil {
		return nil, fmt.Errorf("cuda: Open(%d): %w", ordinal, err)
	}
	var n C.int
	if err := check("cuDeviceGetCount", C.gf_cuDeviceGetCount(&n)); err != nil {
		return nil, fmt.Errorf("cuda: Open(%d): %w", ordinal, err)
	}
	if ordinal < 0 || ordinal >= int(n) {
		return nil, fmt.Errorf("cuda: Open(%d): %d device(s) present: %w", ordinal, int(n), gpu.ErrNoDevice)
	}
	var dev C.gf_CUdevice
	if err := check("cuDeviceGet", C.gf_cuDeviceGet(&dev, C.int(ordinal))); err != nil {
		return nil, fmt.Errorf("cuda: Open(%d): %w", ordinal, err)
	}
	if err := check(opCtxRetain, C.gf_cuPrimaryCtxRetainSetCurrent(dev)); err != nil {
		return nil, fmt.Errorf("cuda: Open(%d): %w", ordinal, err)
	}
	d := &Device{
		ordinal: ordinal,
		dev:     dev,
		modules: make(map[gpu.Module]struct{}),
		funcs:   make(map[gpu.Function]funcState),
		graphs:  make(map[gpu.Graph]struct{}),
	}
	if err := d.readInfo(); err != nil {
		C.gf_cuDevicePrimaryCtxRelease(dev)
		return nil, fmt.Errorf("cuda: Open(%d): %w", ordinal, err)
	}
	return d, nil
}

// attr reads one device attribute.
func (d *Device) attr(a C.gf_CUdevice_attribute) (int, error) {
	var v C.int
	if err := check("cuDeviceGetAttribute", C.gf_cuDeviceGetAttribute(&v, a, d.dev)); err != nil {
		return 0, err
	}
	return int(v), nil
}

// readInfo fills d.info: name, architecture, driver version and limits.
func (d *Device) readInfo() error {
	var name [C.GF_NAME_SIZE]C.char
	if err := check("cuDeviceGetName", C.gf_cuDeviceGetName(&name[0], C.GF_NAME_SIZE, d.dev)); err != nil {
		return err
	}
	var ver C.int
	if err := check("cuDriverGetVersion", C.gf_cuDriverGetVersion(&ver)); err != nil {
		return err
	}
	var vals [11]int
	for i, a := range [...]C.gf_CUdevice_attribute{
		C.GF_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
		C.GF_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
		C.GF_CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
		C.GF_CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X,
		C.GF_CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y,
		C.GF_CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z,
		C.GF_CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X,
		C.GF_CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y,
		C.GF_CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z,
		C.GF_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
		C.GF_CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS,
	} {
		v, err := d.attr(a)
		if err != nil {
			return err
		}
		vals[i] = v
	}
	// The opt-in maximum (227 KiB on an H100) is what a launch may ask for once the kernel is
	// opted in with cuFuncSetAttribute, which Launch does. Older drivers may not know it.
	shared := vals[9]
	if optin, err := d.attr(C.GF_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN); err == nil && optin > shared {
		shared = optin
	}
	var total C.size_t
	if err := check("cuDeviceTotalMem_v2", C.gf_cuDeviceTotalMem(&total, d.dev)); err != nil {
		return err
	}
	d.info = gpu.Info{
		Kind:     "cuda",
		Ordinal:  d.ordinal,
		Name:     C.GoString(&name[0]),
		Arch:     fmt.Sprintf("sm_%d%d", vals[0], vals[1]),
		Driver:   fmt.Sprintf("CUDA %d.%d", int(ver)/1000, int(ver)%1000/10),
		Compiler: compilerVersion(int(ver)),
		TotalMem: uint64(total),
		Limits: gpu.Limits{
			MaxThreadsPerBlock:   u32(vals[2]),
			MaxBlockDim:          [3]uint32{u32(vals[3]), u32(vals[4]), u32(vals[5])},
			MaxGridDim:           [3]uint32{u32(vals[6]), u32(vals[7]), u32(vals[8])},
			MaxSharedMemPerBlock: u32(shared),
		},
		PageableMemoryAccess: vals[10] != 0,
	}
	return nil
}

// u32 converts a non-negative attribute value; negative values (never seen) become 0.
func u32(v int) uint32 {
	if v < 0 {
		return 0
	}
	return uint32(v)
}

// Info describes the device. TotalMem and FreeMem come from cuMemGetInfo at the time of the
// call, so under MPS with a memory cap they show the capped view. On a closed or lost device,
// or if cuMemGetInfo fails, FreeMem is 0 and TotalMem is the device's physical memory.
func (d *Device) Info() gpu.Info {
	info := d.info
	if d.unusable("cuMemGetInfo_v2") != nil {
		return info
	}
	var free, total C.size_t
	if err := d.result("cuMemGetInfo_v2", C.gf_cuMemGetInfo(&free, &total)); err == nil {
		info.FreeMem, info.TotalMem = uint64(free), uint64(total)
	}
	return info
}

// Synchronize waits for all work enqueued on the device (cuCtxSynchronize) and returns the
// first error it produced; a kernel fault is fatal.
func (d *Device) Synchronize() error {
	if d.closed || d.lost != nil {
		return d.unusable(opSync)
	}
	return d.result(opSync, C.gf_cuCtxSynchronize())
}

// Close unloads the modules this Device loaded and releases its reference to the primary
// context; the driver destroys the context, and with it every allocation in it, when the last
// reference in the process goes. Close is safe to call twice. On a lost device it calls
// nothing and returns nil: the process must exit anyway.
func (d *Device) Close() error {
	if d.closed {
		return nil
	}
	d.closed = true
	if d.lost != nil {
		return nil
	}
	d.destroyMarks()
	d.destroyAhead()
	for g := range d.graphs {
		C.gf_cuGraphExecDestroy(C.uint64_t(g))
	}
	clear(d.graphs)
	for m := range d.modules {
		C.gf_cuModuleUnload(C.uint64_t(m))
	}
	clear(d.modules)
	clear(d.funcs)
	return check("cuDevicePrimaryCtxRelease_v2", C.gf_cuDevicePrimaryCtxRelease(d.dev))
}
