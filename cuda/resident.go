package cuda

/*
#include "cuda_decls.h"
*/
import "C"

import (
	"gpufn/gpu"
)

var _ gpu.ResidentMemory = (*Device)(nil)

// residentAlloc is one resident allocation: its physical memory and its mapped size.
type residentAlloc struct {
	handle C.gf_CUmemGenericAllocationHandle
	size   C.size_t
}

// AllocResident makes a resident allocation with the driver's virtual memory management:
// physical memory of its own (cuMemCreate, n rounded up to the allocation granularity, 2 MiB
// on current GPUs), mapped at addresses of its own and, until Seal, readable and writable by
// the device. It is zeroed (cuMemsetD8) before it is returned. A driver without the API is an
// error (CUDA_ERROR_NOT_SUPPORTED).
func (d *Device) AllocResident(n uint64) (gpu.Ptr, error) {
	const op = "cuMemCreate"
	if err := d.unusable(op); err != nil {
		return 0, err
	}
	if C.gf_cuda_vmm() == 0 {
		return 0, &gpu.Error{Op: op, Code: codeNotSupported, Name: codeName(codeNotSupported),
			Msg: "the driver has no virtual memory management (cuMemCreate): resident weight sets need CUDA 10.2 or later"}
	}
	if n == 0 {
		n = 1
	}
	var p C.gf_CUdeviceptr
	var a residentAlloc
	if err := d.result(op, C.gf_cuResidentAlloc(d.dev, C.size_t(n), &p, &a.size, &a.handle)); err != nil {
		return 0, err
	}
	if d.residents == nil {
		d.residents = map[gpu.Ptr]residentAlloc{}
	}
	d.residents[gpu.Ptr(p)] = a
	if err := d.Memset(gpu.Ptr(p), 0, uint64(a.size)); err == nil {
		err = d.Synchronize()
	} else {
		d.FreeResident(gpu.Ptr(p))
		return 0, err
	}
	return gpu.Ptr(p), nil
}

// Seal maps the allocation read-only for the device (cuMemSetAccess with
// CU_MEM_ACCESS_FLAGS_PROT_READ): a kernel's write to it faults (CUDA_ERROR_ILLEGAL_ADDRESS,
// which loses the context). The host must not copy to it after Seal.
//
// It first waits for the device (cuCtxSynchronize): the writes that filled the allocation may
// still be in flight. A cuMemcpyHtoD from pageable memory (the weight set's mapped file) returns
// once the data is staged, before the DMA into the allocation ends, and an init flow's kernels
// run asynchronously; mapped read-only under them, their writes fault. On an H200 a placement
// right after a tenant switch failed so once (CUDA_ERROR_LAUNCH_FAILED at the next kernel's
// wait, e2e TestTenantProbeFindsNoneOfAnothersWeights, 2026-11-28).
func (d *Device) Seal(p gpu.Ptr) error {
	a, err := d.residentAt("cuMemSetAccess", p)
	if err != nil {
		return err
	}
	if err := d.Synchronize(); err != nil {
		return err
	}
	return d.result("cuMemSetAccess", C.gf_cuResidentAccess(d.dev, C.gf_CUdeviceptr(p), a.size, C.GF_CU_MEM_ACCESS_FLAGS_PROT_READ))
}

// FreeResident maps the allocation writable again, zeroes it, waits for that, and unmaps and
// releases it (cuMemUnmap, cuMemRelease, cuMemAddressFree).
func (d *Device) FreeResident(p gpu.Ptr) error {
	a, err := d.residentAt("cuMemRelease", p)
	if err != nil {
		return err
	}
	if err := d.result("cuMemSetAccess", C.gf_cuResidentAccess(d.dev, C.gf_CUdeviceptr(p), a.size, C.GF_CU_MEM_ACCESS_FLAGS_PROT_READWRITE)); err != nil {
		return err
	}
	if err := d.Memset(p, 0, uint64(a.size)); err != nil {
		return err
	}
	if err := d.Synchronize(); err != nil {
		return err
	}
	delete(d.residents, p)
	return d.result("cuMemRelease", C.gf_cuResidentFree(C.gf_CUdeviceptr(p), a.size, a.handle))
}

// residentAt returns the resident allocation at p, or a per-call error.
func (d *Device) residentAt(op string, p gpu.Ptr) (residentAlloc, error) {
	if err := d.unusable(op); err != nil {
		return residentAlloc{}, err
	}
	a, ok := d.residents[p]
	if !ok {
		return residentAlloc{}, &gpu.Error{Op: op, Code: codeInvalidValue, Name: codeName(codeInvalidValue),
			Msg: "not a resident allocation of this device"}
	}
	return a, nil
}

// codeNotSupported is CUDA_ERROR_NOT_SUPPORTED.
const codeNotSupported = C.GF_CUDA_ERROR_NOT_SUPPORTED
