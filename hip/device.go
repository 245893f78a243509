package hip

/*
#include "hip_decls.h"
*/
import "C"

import (
	"fmt"
	"strings"
	"sync"

	"gpufn/gpu"
)

// Device is one AMD GPU driven through the HIP runtime. It is not safe for concurrent use:
// Open it, use it and Close it from one goroutine locked to its OS thread
// (runtime.LockOSThread), because Open selects the device (hipSetDevice) for that thread only.
//
// A Device must not be copied.
type Device struct {
	ordinal int
	info    gpu.Info // the parts that do not change; FreeMem and TotalMem are read by Info
	closed  bool
	lost    *gpu.Error // the first fatal error; every later call fails with it

	modules map[gpu.Module]uint64 // module -> address of the C copy of its code object
	funcs   map[gpu.Function]gpu.Module
}

var _ gpu.Device = (*Device)(nil)

// opened counts the open Devices per ordinal: Close resets the device (hipDeviceReset, which
// frees everything the process holds on it) only when the last one closes.
var (
	openedMu sync.Mutex
	opened   = map[int]int{}
)

// Count returns the number of HIP devices (hipInit, then hipGetDeviceCount). Without the HIP
// runtime, or with no AMD GPU, it returns an error wrapping gpu.ErrNoDevice.
func Count() (int, error) {
	if err := load(); err != nil {
		return 0, err
	}
	if err := check("hipInit", C.gf_hipInit()); err != nil {
		return 0, fmt.Errorf("hip: %w", err)
	}
	var n C.int
	if err := check("hipGetDeviceCount", C.gf_hipGetDeviceCount(&n)); err != nil {
		return 0, fmt.Errorf("hip: %w", err)
	}
	return int(n), nil
}

// Open initializes the runtime, selects the device with the given ordinal on the calling OS
// thread (hipSetDevice) and reads the device's description and launch limits once. The caller
// must be locked to its OS thread (runtime.LockOSThread) and use the Device only from there.
//
// Open fails with an error wrapping gpu.ErrNoDevice when there is no runtime or no such
// device, and with a fatal error (gpu.IsFatal) when a Device of this process has already been
// lost.
func Open(ordinal int) (*Device, error) {
	if err := load(); err != nil {
		return nil, err
	}
	if e := processLost.Load(); e != nil {
		return nil, fmt.Errorf("hip: Open(%d): this process lost its HIP device earlier: %w", ordinal, e)
	}
	if err := check("hipInit", C.gf_hipInit()); err != nil {
		return nil, fmt.Errorf("hip: Open(%d): %w", ordinal, err)
	}
	var n C.int
	if err := check("hipGetDeviceCount", C.gf_hipGetDeviceCount(&n)); err != nil {
		return nil, fmt.Errorf("hip: Open(%d): %w", ordinal, err)
	}
	if ordinal < 0 || ordinal >= int(n) {
		return nil, fmt.Errorf("hip: Open(%d): %d device(s) present: %w", ordinal, int(n), gpu.ErrNoDevice)
	}
	if err := check(opSetDev, C.gf_hipSetDevice(C.int(ordinal))); err != nil {
		return nil, fmt.Errorf("hip: Open(%d): %w", ordinal, err)
	}
	d := &Device{
		ordinal: ordinal,
		modules: make(map[gpu.Module]uint64),
		funcs:   make(map[gpu.Function]gpu.Module),
	}
	if err := d.readInfo(); err != nil {
		return nil, fmt.Errorf("hip: Open(%d): %w", ordinal, err)
	}
	openedMu.Lock()
	opened[ordinal]++
	openedMu.Unlock()
	return d, nil
}

// attr reads one device attribute.
func (d *Device) attr(a C.gf_hipDeviceAttribute_t) (int, error) {
	var v C.int
	if err := check("hipDeviceGetAttribute", C.gf_hipDeviceGetAttribute(&v, a, C.int(d.ordinal))); err != nil {
		return 0, err
	}
	return int(v), nil
}

// readInfo fills d.info: name, architecture, runtime version and limits.
func (d *Device) readInfo() error {
	var name [C.GF_NAME_SIZE]C.char
	if err := check("hipDeviceGetName", C.gf_hipDeviceGetName(&name[0], C.GF_NAME_SIZE, C.gf_hipDevice_t(d.ordinal))); err != nil {
		return err
	}
	var arch [C.GF_HIP_GCNARCHNAME_SIZE]C.char
	if err := check("hipGetDeviceProperties", C.gf_hipGcnArchName(&arch[0], C.GF_HIP_GCNARCHNAME_SIZE, C.int(d.ordinal))); err != nil {
		return err
	}
	var rt, drv C.int
	if err := check("hipRuntimeGetVersion", C.gf_hipRuntimeGetVersion(&rt)); err != nil {
		return err
	}
	if err := check("hipDriverGetVersion", C.gf_hipDriverGetVersion(&drv)); err != nil {
		return err
	}
	var vals [9]int
	for i, a := range [...]C.gf_hipDeviceAttribute_t{
		C.GF_hipDeviceAttributeMaxThreadsPerBlock,
		C.GF_hipDeviceAttributeMaxBlockDimX,
		C.GF_hipDeviceAttributeMaxBlockDimY,
		C.GF_hipDeviceAttributeMaxBlockDimZ,
		C.GF_hipDeviceAttributeMaxGridDimX,
		C.GF_hipDeviceAttributeMaxGridDimY,
		C.GF_hipDeviceAttributeMaxGridDimZ,
		C.GF_hipDeviceAttributeMaxSharedMemoryPerBlock,
		C.GF_hipDeviceAttributePageableMemoryAccess,
	} {
		v, err := d.attr(a)
		if err != nil {
			return err
		}
		vals[i] = v
	}
	// AMD GPUs need no opt-in for large dynamic shared memory (LDS); the opt-in attribute is
	// documented as CUDA-only, so it is read only as a possibly larger value.
	shared := vals[7]
	if optin, err := d.attr(C.GF_hipDeviceAttributeSharedMemPerBlockOptin); err == nil && optin > shared {
		shared = optin
	}
	var total C.size_t
	if err := check("hipDeviceTotalMem", C.gf_hipDeviceTotalMem(&total, C.gf_hipDevice_t(d.ordinal))); err != nil {
		return err
	}
	// gcnArchName carries target features ("gfx90a:sramecc+:xnack-"); Arch is the processor.
	gfx, _, _ := strings.Cut(C.GoString(&arch[0]), ":")
	d.info = gpu.Info{
		Kind:     "hip",
		Ordinal:  d.ordinal,
		Name:     C.GoString(&name[0]),
		Arch:     gfx,
		Driver:   fmt.Sprintf("HIP %s (driver %d)", version(int(rt)), int(drv)),
		TotalMem: uint64(total),
		Limits: gpu.Limits{
			MaxThreadsPerBlock:   u32(vals[0]),
			MaxBlockDim:          [3]uint32{u32(vals[1]), u32(vals[2]), u32(vals[3])},
			MaxGridDim:           [3]uint32{u32(vals[4]), u32(vals[5]), u32(vals[6])},
			MaxSharedMemPerBlock: u32(shared),
		},
		PageableMemoryAccess: vals[8] != 0,
	}
	return nil
}

// version formats a HIP version number (major*10000000 + minor*100000 + patch).
func version(v int) string {
	return fmt.Sprintf("%d.%d.%d", v/10000000, v/100000%100, v%100000)
}

// u32 converts a non-negative attribute value; negative values (never seen) become 0.
func u32(v int) uint32 {
	if v < 0 {
		return 0
	}
	return uint32(v)
}

// Info describes the device. TotalMem and FreeMem come from hipMemGetInfo at the time of the
// call. On a closed or lost device, or if hipMemGetInfo fails, FreeMem is 0 and TotalMem is
// the device's physical memory.
func (d *Device) Info() gpu.Info {
	info := d.info
	if d.unusable("hipMemGetInfo") != nil {
		return info
	}
	var free, total C.size_t
	if err := d.result("hipMemGetInfo", C.gf_hipMemGetInfo(&free, &total)); err == nil {
		info.FreeMem, info.TotalMem = uint64(free), uint64(total)
	}
	return info
}

// Synchronize waits for all work enqueued on the device (hipDeviceSynchronize) and returns
// the first error it produced; a kernel fault is fatal.
func (d *Device) Synchronize() error {
	if d.closed || d.lost != nil {
		return d.unusable(opSync)
	}
	return d.result(opSync, C.gf_hipDeviceSynchronize())
}

// Close unloads the modules this Device loaded and, when it is the last open Device of its
// GPU in the process, resets the device (hipDeviceReset), which frees every allocation the
// process holds on it. Close is safe to call twice. On a lost device it calls nothing and
// returns nil: the process must exit anyway.
func (d *Device) Close() error {
	if d.closed {
		return nil
	}
	d.closed = true
	openedMu.Lock()
	opened[d.ordinal]--
	last := opened[d.ordinal] == 0
	openedMu.Unlock()
	if d.lost != nil {
		return nil
	}
	for m, img := range d.modules {
		C.gf_hipModuleUnload(C.uint64_t(m))
		C.gf_hipFreeImage(C.uint64_t(img))
	}
	clear(d.modules)
	clear(d.funcs)
	if !last {
		return nil
	}
	if err := check(opSetDev, C.gf_hipSetDevice(C.int(d.ordinal))); err != nil {
		return err
	}
	return check("hipDeviceReset", C.gf_hipDeviceReset())
}
