package cuda

/*
#cgo noescape gf_cuMemcpyHtoD
#cgo nocallback gf_cuMemcpyHtoD
#cgo noescape gf_cuMemcpyHtoDAsync
#cgo nocallback gf_cuMemcpyHtoDAsync
#cgo noescape gf_cuMemcpyDtoH
#cgo nocallback gf_cuMemcpyDtoH
#cgo noescape gf_cuMemcpyDtoHAsync
#cgo nocallback gf_cuMemcpyDtoHAsync
#cgo nocallback gf_cuMemsetD8
#include "cuda_decls.h"
*/
import "C"

import (
	"unsafe"

	"gpufn/gpu"
)

// Alloc reserves n bytes of device memory (cuMemAlloc_v2; 256-byte aligned or better). Out of
// memory is an error matching gpu.ErrOutOfMemory. Alloc(0) is refused without calling the
// driver, with the error the driver itself gives for it (CUDA_ERROR_INVALID_VALUE, no
// sentinel): a zero-byte buffer has no address to hand out.
func (d *Device) Alloc(n uint64) (gpu.Ptr, error) {
	if err := d.unusable(opMemAlloc); err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, &gpu.Error{Op: opMemAlloc, Code: codeInvalidValue, Name: codeName(codeInvalidValue),
			Msg: "zero-byte allocation refused"}
	}
	var p C.gf_CUdeviceptr
	if err := d.result(opMemAlloc, C.gf_cuMemAlloc(&p, C.size_t(n))); err != nil {
		return 0, err
	}
	return gpu.Ptr(p), nil
}

// Free releases an allocation made by Alloc (cuMemFree_v2, which waits for work using it).
func (d *Device) Free(p gpu.Ptr) error {
	if err := d.unusable("cuMemFree_v2"); err != nil {
		return err
	}
	return d.result("cuMemFree_v2", C.gf_cuMemFree(C.gf_CUdeviceptr(p)))
}

// CopyToDevice copies len(src) bytes from host memory to dst (cuMemcpyHtoD_v2). It returns
// when src may be reused; work enqueued before it has run. A zero-length copy does nothing.
// It does not allocate.
func (d *Device) CopyToDevice(dst gpu.Ptr, src []byte) error {
	if d.closed || d.lost != nil {
		return d.unusable("cuMemcpyHtoD_v2")
	}
	if len(src) == 0 {
		return nil
	}
	r := C.gf_cuMemcpyHtoD(C.gf_CUdeviceptr(dst), unsafe.Pointer(&src[0]), C.size_t(len(src)))
	return d.result("cuMemcpyHtoD_v2", r)
}

var _ gpu.AsyncCopier = (*Device)(nil)

// CopyToDeviceAsync enqueues a copy of len(src) bytes from host memory to dst on the default
// stream (cuMemcpyHtoDAsync_v2) and returns without waiting. src must stay unchanged until the
// next Synchronize; from memory pinned with HostRegister the copy is a DMA that runs while the
// host goes on (from pageable memory the driver stages it first). A zero-length copy does
// nothing. It does not allocate.
func (d *Device) CopyToDeviceAsync(dst gpu.Ptr, src []byte) error {
	if d.closed || d.lost != nil {
		return d.unusable("cuMemcpyHtoDAsync_v2")
	}
	if len(src) == 0 {
		return nil
	}
	r := C.gf_cuMemcpyHtoDAsync(C.gf_CUdeviceptr(dst), unsafe.Pointer(&src[0]), C.size_t(len(src)))
	return d.result("cuMemcpyHtoDAsync_v2", r)
}

// CopyFromDevice copies len(dst) bytes from src to host memory (cuMemcpyDtoH_v2), after all
// work enqueued before it. A zero-length copy does nothing. It does not allocate.
func (d *Device) CopyFromDevice(dst []byte, src gpu.Ptr) error {
	if d.closed || d.lost != nil {
		return d.unusable("cuMemcpyDtoH_v2")
	}
	if len(dst) == 0 {
		return nil
	}
	r := C.gf_cuMemcpyDtoH(unsafe.Pointer(&dst[0]), C.gf_CUdeviceptr(src), C.size_t(len(dst)))
	return d.result("cuMemcpyDtoH_v2", r)
}

const opCopyFromAsync = "cuMemcpyDtoHAsync_v2"

// CopyFromDeviceAsync enqueues a copy of len(dst) bytes from src to host memory on the default
// stream (cuMemcpyDtoHAsync_v2) and returns without waiting (gpu.StreamTimer). dst holds the
// bytes once the next Synchronize has returned without error; it must stay mapped until then
// and must not be Go memory (the driver writes it after the call returns). Into memory pinned
// with HostRegister the copy is a DMA that runs while the host goes on (into pageable memory
// the driver stages it and the call waits for it). A zero-length copy does nothing. It does
// not allocate.
func (d *Device) CopyFromDeviceAsync(dst []byte, src gpu.Ptr) error {
	if d.closed || d.lost != nil {
		return d.unusable(opCopyFromAsync)
	}
	if len(dst) == 0 {
		return nil
	}
	r := C.gf_cuMemcpyDtoHAsync(unsafe.Pointer(&dst[0]), C.gf_CUdeviceptr(src), C.size_t(len(dst)))
	return d.result(opCopyFromAsync, r)
}

// Memset sets n bytes at dst to v (cuMemsetD8_v2). It is enqueued on the default stream and
// may return before the memory is written: it is ordered before later copies and launches,
// and Synchronize waits for it. n == 0 does nothing. It does not allocate.
func (d *Device) Memset(dst gpu.Ptr, v byte, n uint64) error {
	if d.closed || d.lost != nil {
		return d.unusable("cuMemsetD8_v2")
	}
	if n == 0 {
		return nil
	}
	return d.result("cuMemsetD8_v2", C.gf_cuMemsetD8(C.gf_CUdeviceptr(dst), C.uchar(v), C.size_t(n)))
}

// HostRegister pins b and maps it for the device (cuMemHostRegister_v2, flags 0): copies from
// and to it are then faster, and a kernel can read and write it through its host address. b
// is meant to be memory that is not Go heap (an mmap'ed shared-memory region): it must stay
// mapped, and must not be handed to the Go allocator, until HostUnregister. Registration is
// slow (about 0.15 ms per MiB): do it once per region, never per request. An empty b is
// refused with CUDA_ERROR_INVALID_VALUE, as the driver would.
func (d *Device) HostRegister(b []byte) error {
	if err := d.unusable(opHostReg); err != nil {
		return err
	}
	if len(b) == 0 {
		return &gpu.Error{Op: opHostReg, Code: codeInvalidValue, Name: codeName(codeInvalidValue),
			Msg: "empty region"}
	}
	return d.result(opHostReg, C.gf_cuMemHostRegister(unsafe.Pointer(&b[0]), C.size_t(len(b))))
}

// HostUnregister undoes HostRegister for the region that starts at &b[0].
func (d *Device) HostUnregister(b []byte) error {
	if err := d.unusable("cuMemHostUnregister"); err != nil {
		return err
	}
	if len(b) == 0 {
		return &gpu.Error{Op: "cuMemHostUnregister", Code: codeInvalidValue, Name: codeName(codeInvalidValue),
			Msg: "empty region"}
	}
	return d.result("cuMemHostUnregister", C.gf_cuMemHostUnregister(unsafe.Pointer(&b[0])))
}
