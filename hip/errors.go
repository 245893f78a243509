package hip

/*
#include "hip_decls.h"
*/
import "C"

import (
	"fmt"
	"sync/atomic"

	"gpufn/gpu"
)

// The runtime's error codes this package treats specially. Their values come from
// hip_decls.h, which the hipheaders test checks against AMD's hip_runtime_api.h.
const (
	codeSuccess                = C.GF_hipSuccess
	codeInvalidValue           = C.GF_hipErrorInvalidValue
	codeOutOfMemory            = C.GF_hipErrorOutOfMemory
	codeNotInitialized         = C.GF_hipErrorNotInitialized
	codeInvalidConfiguration   = C.GF_hipErrorInvalidConfiguration
	codePriorLaunchFailure     = C.GF_hipErrorPriorLaunchFailure
	codeInvalidDeviceFunction  = C.GF_hipErrorInvalidDeviceFunction
	codeNoDevice               = C.GF_hipErrorNoDevice
	codeInvalidDevice          = C.GF_hipErrorInvalidDevice
	codeInvalidImage           = C.GF_hipErrorInvalidImage
	codeInvalidContext         = C.GF_hipErrorInvalidContext
	codeNoBinaryForGPU         = C.GF_hipErrorNoBinaryForGpu
	codeECCNotCorrectable      = C.GF_hipErrorECCNotCorrectable
	codeInvalidKernelFile      = C.GF_hipErrorInvalidKernelFile
	codeInvalidSource          = C.GF_hipErrorInvalidSource
	codeSharedObjectInitFailed = C.GF_hipErrorSharedObjectInitFailed
	codeInvalidHandle          = C.GF_hipErrorInvalidHandle
	codeNotFound               = C.GF_hipErrorNotFound
	codeIllegalAddress         = C.GF_hipErrorIllegalAddress
	codeLaunchOutOfResources   = C.GF_hipErrorLaunchOutOfResources
	codeLaunchTimeOut          = C.GF_hipErrorLaunchTimeOut
	codeContextIsDestroyed     = C.GF_hipErrorContextIsDestroyed
	codeAssert                 = C.GF_hipErrorAssert
	codeLaunchFailure          = C.GF_hipErrorLaunchFailure
	codeNotSupported           = C.GF_hipErrorNotSupported
	codeUnknown                = C.GF_hipErrorUnknown
	codeRuntimeMemory          = C.GF_hipErrorRuntimeMemory
	codeRuntimeOther           = C.GF_hipErrorRuntimeOther
)

// The operations whose errors are classified by context (see classify).
const (
	opLoad     = "hipModuleLoadData"
	opFunction = "hipModuleGetFunction"
	opLaunch   = "hipModuleLaunchKernel"
	opMalloc   = "hipMalloc"
	opHostReg  = "hipHostRegister"
	opSync     = "hipDeviceSynchronize"
	opSetDev   = "hipSetDevice"
)

// class is what the package knows about one error code: the vendor's name (used when the
// runtime cannot be asked), the sentinel it maps to whatever the operation, and whether it
// means the device is lost for this process.
type class struct {
	name  string
	kind  error
	fatal bool
}

// codes is the code table. Codes missing here have no sentinel and are not fatal.
var codes = map[int]class{
	codeInvalidValue:           {"hipErrorInvalidValue", nil, false},
	codeOutOfMemory:            {"hipErrorOutOfMemory", gpu.ErrOutOfMemory, false},
	codeNotInitialized:         {"hipErrorNotInitialized", nil, false},
	codeInvalidConfiguration:   {"hipErrorInvalidConfiguration", gpu.ErrInvalidLaunch, false},
	codePriorLaunchFailure:     {"hipErrorPriorLaunchFailure", nil, true},
	codeInvalidDeviceFunction:  {"hipErrorInvalidDeviceFunction", nil, false},
	codeNoDevice:               {"hipErrorNoDevice", gpu.ErrNoDevice, false},
	codeInvalidDevice:          {"hipErrorInvalidDevice", gpu.ErrNoDevice, false},
	codeInvalidImage:           {"hipErrorInvalidImage", gpu.ErrInvalidImage, false},
	codeInvalidContext:         {"hipErrorInvalidContext", nil, false},
	codeNoBinaryForGPU:         {"hipErrorNoBinaryForGpu", gpu.ErrInvalidImage, false},
	codeECCNotCorrectable:      {"hipErrorECCNotCorrectable", nil, true},
	codeInvalidKernelFile:      {"hipErrorInvalidKernelFile", gpu.ErrInvalidImage, false},
	codeInvalidSource:          {"hipErrorInvalidSource", gpu.ErrInvalidImage, false},
	codeSharedObjectInitFailed: {"hipErrorSharedObjectInitFailed", nil, false},
	codeInvalidHandle:          {"hipErrorInvalidHandle", nil, false},
	codeNotFound:               {"hipErrorNotFound", gpu.ErrNotFound, false},
	codeIllegalAddress:         {"hipErrorIllegalAddress", nil, true},
	codeLaunchOutOfResources:   {"hipErrorLaunchOutOfResources", gpu.ErrInvalidLaunch, false},
	codeLaunchTimeOut:          {"hipErrorLaunchTimeOut", nil, true},
	codeContextIsDestroyed:     {"hipErrorContextIsDestroyed", nil, true},
	codeAssert:                 {"hipErrorAssert", nil, true},
	codeLaunchFailure:          {"hipErrorLaunchFailure", nil, true},
	codeNotSupported:           {"hipErrorNotSupported", nil, false},
	codeUnknown:                {"hipErrorUnknown", nil, true},
	codeRuntimeMemory:          {"hipErrorRuntimeMemory", nil, true},
	codeRuntimeOther:           {"hipErrorRuntimeOther", nil, true},
}

// classify maps an error code of operation op to its sentinel (nil when none applies) and
// whether it is fatal. It is pure, so the mapping is unit-tested without a GPU.
//
// Beyond the table: hipErrorInvalidValue from a launch is gpu.ErrInvalidLaunch and from a
// module load gpu.ErrInvalidImage (as is hipErrorSharedObjectInitFailed, which ROCm returns
// for a code object it cannot load); hipErrorInvalidDeviceFunction is gpu.ErrNotFound from a
// kernel lookup (older ROCm) and gpu.ErrInvalidLaunch from a launch.
func classify(op string, code int) (kind error, fatal bool) {
	c := codes[code]
	kind, fatal = c.kind, c.fatal
	switch {
	case op == opLaunch && (code == codeInvalidValue || code == codeInvalidDeviceFunction):
		kind = gpu.ErrInvalidLaunch
	case op == opLoad && (code == codeInvalidValue || code == codeSharedObjectInitFailed):
		kind = gpu.ErrInvalidImage
	case op == opFunction && code == codeInvalidDeviceFunction:
		kind = gpu.ErrNotFound
	}
	return kind, fatal
}

// codeName is the table's name for code, or a made-up one for codes it lacks.
func codeName(code int) string {
	if c, ok := codes[code]; ok {
		return c.name
	}
	return fmt.Sprintf("hipError%d", code)
}

// newError builds the *gpu.Error for error e of op, with the runtime's name and description
// where it gives them.
func newError(op string, r C.gf_hipError_t) *gpu.Error {
	code := int(r)
	kind, fatal := classify(op, code)
	e := &gpu.Error{Op: op, Code: code, Kind: kind, Fatal: fatal, Name: codeName(code)}
	// hipGetErrorName says "hipErrorUnknown" for codes it does not know: keep the table's
	// name (or the number) then.
	if s := C.gf_hipErrorName(r); s != nil {
		if n := C.GoString(s); n != "" && (n != "hipErrorUnknown" || code == codeUnknown) {
			e.Name = n
		}
	}
	if s := C.gf_hipErrorString(r); s != nil {
		e.Msg = C.GoString(s)
	}
	return e
}

// check returns nil for hipSuccess, else the *gpu.Error for r. It records nothing; methods of
// Device go through Device.fail so that a fatal error sticks.
func check(op string, r C.gf_hipError_t) error {
	if r == codeSuccess {
		return nil
	}
	return newError(op, r)
}

// processLost is the first fatal error any Device of this process saw; Open refuses to start
// once it is set.
var processLost atomic.Pointer[gpu.Error]

// fail records e when it is fatal (the Device and the process are lost from then on) and
// returns it.
func (d *Device) fail(e *gpu.Error) error {
	if e.Fatal {
		if d.lost == nil {
			d.lost = e
		}
		processLost.CompareAndSwap(nil, e)
	}
	return e
}

// result is check followed by fail.
func (d *Device) result(op string, r C.gf_hipError_t) error {
	if r == codeSuccess {
		return nil
	}
	return d.fail(newError(op, r))
}

// unusable is the error for a call on a closed or lost device; nil when the device is usable.
// A lost device's error wraps the first fatal error, so gpu.IsFatal reports true for it.
func (d *Device) unusable(op string) error {
	switch {
	case d.closed:
		return fmt.Errorf("hip: %s: %w", op, gpu.ErrClosed)
	case d.lost != nil:
		return fmt.Errorf("hip: %s: device lost by an earlier error: %w", op, d.lost)
	}
	return nil
}
