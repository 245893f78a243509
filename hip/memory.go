package hip

/*
#cgo noescape gf_hipMemcpyHtoD
#cgo nocallback gf_hipMemcpyHtoD
#cgo noescape gf_hipMemcpyDtoH
#cgo nocallback gf_hipMemcpyDtoH
#cgo nocallback gf_hipMemsetD8
#include "hip_decls.h"
*/
import "C"

import (
	"unsafe"

	"gpufn/gpu"
)

// Alloc reserves n bytes of device memory (hipMalloc). Out of memory is an error matching
// gpu.ErrOutOfMemory. Alloc(0) is refused without calling the runtime, with
// hipErrorInvalidValue and no sentinel: a zero-byte buffer has no address to hand out.
func (d *Device) Alloc(n uint64) (gpu.Ptr, error) {
	if err := d.unusable(opMalloc); err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, &gpu.Error{Op: opMalloc, Code: codeInvalidValue, Name: codeName(codeInvalidValue),
			Msg: "zero-byte allocation refused"}
	}
	var p C.uint64_t
	if err := d.result(opMalloc, C.gf_hipMalloc(&p, C.size_t(n))); err != nil {
		return 0, err
	}
	return gpu.Ptr(p), nil
}

// Free releases an allocation made by Alloc (hipFree, which waits for the device).
func (d *Device) Free(p gpu.Ptr) error {
	if err := d.unusable("hipFree"); err != nil {
		return err
	}
	return d.result("hipFree", C.gf_hipFree(C.uint64_t(p)))
}

// CopyToDevice copies len(src) bytes from host memory to dst (hipMemcpyHtoD, synchronous for
// the host). A zero-length copy does nothing. It does not allocate.
func (d *Device) CopyToDevice(dst gpu.Ptr, src []byte) error {
	if d.closed || d.lost != nil {
		return d.unusable("hipMemcpyHtoD")
	}
	if len(src) == 0 {
		return nil
	}
	return d.result("hipMemcpyHtoD", C.gf_hipMemcpyHtoD(C.uint64_t(dst), unsafe.Pointer(&src[0]), C.size_t(len(src))))
}

// CopyFromDevice copies len(dst) bytes from src to host memory (hipMemcpyDtoH), after all
// work enqueued before it. A zero-length copy does nothing. It does not allocate.
func (d *Device) CopyFromDevice(dst []byte, src gpu.Ptr) error {
	if d.closed || d.lost != nil {
		return d.unusable("hipMemcpyDtoH")
	}
	if len(dst) == 0 {
		return nil
	}
	return d.result("hipMemcpyDtoH", C.gf_hipMemcpyDtoH(unsafe.Pointer(&dst[0]), C.uint64_t(src), C.size_t(len(dst))))
}

// Memset sets n bytes at dst to v (hipMemsetD8, on the null stream): it is ordered before
// later copies and launches and may return before the memory is written; Synchronize waits
// for it. n == 0 does nothing. It does not allocate.
func (d *Device) Memset(dst gpu.Ptr, v byte, n uint64) error {
	if d.closed || d.lost != nil {
		return d.unusable("hipMemsetD8")
	}
	if n == 0 {
		return nil
	}
	return d.result("hipMemsetD8", C.gf_hipMemsetD8(C.uint64_t(dst), C.uchar(v), C.size_t(n)))
}

// HostRegister pins b and maps it for the device (hipHostRegister, hipHostRegisterDefault). b
// is meant to be memory that is not Go heap (an mmap'ed shared-memory region): it must stay
// mapped, and must not be handed to the Go allocator, until HostUnregister. Registration is
// slow: do it once per region, never per request. An empty b is refused with
// hipErrorInvalidValue.
func (d *Device) HostRegister(b []byte) error {
	if err := d.unusable(opHostReg); err != nil {
		return err
	}
	if len(b) == 0 {
		return &gpu.Error{Op: opHostReg, Code: codeInvalidValue, Name: codeName(codeInvalidValue), Msg: "empty region"}
	}
	return d.result(opHostReg, C.gf_hipHostRegister(unsafe.Pointer(&b[0]), C.size_t(len(b))))
}

// HostUnregister undoes HostRegister for the region that starts at &b[0].
func (d *Device) HostUnregister(b []byte) error {
	if err := d.unusable("hipHostUnregister"); err != nil {
		return err
	}
	if len(b) == 0 {
		return &gpu.Error{Op: "hipHostUnregister", Code: codeInvalidValue, Name: codeName(codeInvalidValue), Msg: "empty region"}
	}
	return d.result("hipHostUnregister", C.gf_hipHostUnregister(unsafe.Pointer(&b[0])))
}
