package cuda

/*
#include "cuda_decls.h"
*/
import "C"

import (
	"fmt"
	"sync/atomic"

	"gpufn/gpu"
)

// The driver's result codes this package treats specially. Their values come from
// cuda_decls.h, which scripts/cuda-headers-check.sh checks against NVIDIA's cuda.h.
const (
	codeSuccess                  = C.GF_CUDA_SUCCESS
	codeInvalidValue             = C.GF_CUDA_ERROR_INVALID_VALUE
	codeOutOfMemory              = C.GF_CUDA_ERROR_OUT_OF_MEMORY
	codeNotInitialized           = C.GF_CUDA_ERROR_NOT_INITIALIZED
	codeDeinitialized            = C.GF_CUDA_ERROR_DEINITIALIZED
	codeNoDevice                 = C.GF_CUDA_ERROR_NO_DEVICE
	codeInvalidDevice            = C.GF_CUDA_ERROR_INVALID_DEVICE
	codeInvalidImage             = C.GF_CUDA_ERROR_INVALID_IMAGE
	codeInvalidContext           = C.GF_CUDA_ERROR_INVALID_CONTEXT
	codeNoBinaryForGPU           = C.GF_CUDA_ERROR_NO_BINARY_FOR_GPU
	codeECCUncorrectable         = C.GF_CUDA_ERROR_ECC_UNCORRECTABLE
	codeInvalidPTX               = C.GF_CUDA_ERROR_INVALID_PTX
	codeUnsupportedPTXVersion    = C.GF_CUDA_ERROR_UNSUPPORTED_PTX_VERSION
	codeInvalidSource            = C.GF_CUDA_ERROR_INVALID_SOURCE
	codeInvalidHandle            = C.GF_CUDA_ERROR_INVALID_HANDLE
	codeNotFound                 = C.GF_CUDA_ERROR_NOT_FOUND
	codeNotReady                 = C.GF_CUDA_ERROR_NOT_READY
	codeIllegalAddress           = C.GF_CUDA_ERROR_ILLEGAL_ADDRESS
	codeLaunchOutOfResources     = C.GF_CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES
	codeLaunchTimeout            = C.GF_CUDA_ERROR_LAUNCH_TIMEOUT
	codeContextIsDestroyed       = C.GF_CUDA_ERROR_CONTEXT_IS_DESTROYED
	codeAssert                   = C.GF_CUDA_ERROR_ASSERT
	codeHardwareStackError       = C.GF_CUDA_ERROR_HARDWARE_STACK_ERROR
	codeIllegalInstruction       = C.GF_CUDA_ERROR_ILLEGAL_INSTRUCTION
	codeMisalignedAddress        = C.GF_CUDA_ERROR_MISALIGNED_ADDRESS
	codeInvalidAddressSpace      = C.GF_CUDA_ERROR_INVALID_ADDRESS_SPACE
	codeInvalidPC                = C.GF_CUDA_ERROR_INVALID_PC
	codeLaunchFailed             = C.GF_CUDA_ERROR_LAUNCH_FAILED
	codeMPSConnectionFailed      = C.GF_CUDA_ERROR_MPS_CONNECTION_FAILED
	codeMPSRPCFailure            = C.GF_CUDA_ERROR_MPS_RPC_FAILURE
	codeMPSServerNotReady        = C.GF_CUDA_ERROR_MPS_SERVER_NOT_READY
	codeMPSMaxClientsReached     = C.GF_CUDA_ERROR_MPS_MAX_CLIENTS_REACHED
	codeMPSMaxConnectionsReached = C.GF_CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED
	codeMPSClientTerminated      = C.GF_CUDA_ERROR_MPS_CLIENT_TERMINATED
	codeUnknown                  = C.GF_CUDA_ERROR_UNKNOWN
)

// The operations whose errors are classified by context (see classify).
const (
	opLoad      = "cuModuleLoadDataEx"
	opLoadCubin = "cuModuleLoadData"
	opFunction  = "cuModuleGetFunction"
	opLaunch    = "cuLaunchKernel"
	opSetAttr   = "cuFuncSetAttribute"
	opMemAlloc  = "cuMemAlloc_v2"
	opHostReg   = "cuMemHostRegister_v2"
	opSync      = "cuCtxSynchronize"
	opCtxRetain = "cuDevicePrimaryCtxRetain"
)

// class is what the package knows about one result code: the vendor's name (used when the
// driver cannot be asked), the sentinel it maps to whatever the operation, and whether it
// means the context (in fact the whole process, docs/gpu-facts.md) is lost.
type class struct {
	name  string
	kind  error
	fatal bool
}

// codes is the code table. Codes missing here have no sentinel and are not fatal.
var codes = map[int]class{
	codeInvalidValue:             {"CUDA_ERROR_INVALID_VALUE", nil, false},
	codeOutOfMemory:              {"CUDA_ERROR_OUT_OF_MEMORY", gpu.ErrOutOfMemory, false},
	codeNotInitialized:           {"CUDA_ERROR_NOT_INITIALIZED", nil, false},
	codeDeinitialized:            {"CUDA_ERROR_DEINITIALIZED", nil, false},
	codeNoDevice:                 {"CUDA_ERROR_NO_DEVICE", gpu.ErrNoDevice, false},
	codeInvalidDevice:            {"CUDA_ERROR_INVALID_DEVICE", gpu.ErrNoDevice, false},
	codeInvalidImage:             {"CUDA_ERROR_INVALID_IMAGE", gpu.ErrInvalidImage, false},
	codeInvalidContext:           {"CUDA_ERROR_INVALID_CONTEXT", nil, false},
	codeNoBinaryForGPU:           {"CUDA_ERROR_NO_BINARY_FOR_GPU", gpu.ErrInvalidImage, false},
	codeECCUncorrectable:         {"CUDA_ERROR_ECC_UNCORRECTABLE", nil, true},
	codeInvalidPTX:               {"CUDA_ERROR_INVALID_PTX", gpu.ErrInvalidImage, false},
	codeUnsupportedPTXVersion:    {"CUDA_ERROR_UNSUPPORTED_PTX_VERSION", gpu.ErrInvalidImage, false},
	codeInvalidSource:            {"CUDA_ERROR_INVALID_SOURCE", gpu.ErrInvalidImage, false},
	codeInvalidHandle:            {"CUDA_ERROR_INVALID_HANDLE", nil, false},
	codeNotFound:                 {"CUDA_ERROR_NOT_FOUND", gpu.ErrNotFound, false},
	codeNotReady:                 {"CUDA_ERROR_NOT_READY", nil, false},
	codeIllegalAddress:           {"CUDA_ERROR_ILLEGAL_ADDRESS", nil, true},
	codeLaunchOutOfResources:     {"CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", gpu.ErrInvalidLaunch, false},
	codeLaunchTimeout:            {"CUDA_ERROR_LAUNCH_TIMEOUT", nil, true},
	codeContextIsDestroyed:       {"CUDA_ERROR_CONTEXT_IS_DESTROYED", nil, true},
	codeAssert:                   {"CUDA_ERROR_ASSERT", nil, true},
	codeHardwareStackError:       {"CUDA_ERROR_HARDWARE_STACK_ERROR", nil, true},
	codeIllegalInstruction:       {"CUDA_ERROR_ILLEGAL_INSTRUCTION", nil, true},
	codeMisalignedAddress:        {"CUDA_ERROR_MISALIGNED_ADDRESS", nil, true},
	codeInvalidAddressSpace:      {"CUDA_ERROR_INVALID_ADDRESS_SPACE", nil, true},
	codeInvalidPC:                {"CUDA_ERROR_INVALID_PC", nil, true},
	codeLaunchFailed:             {"CUDA_ERROR_LAUNCH_FAILED", nil, true},
	codeMPSConnectionFailed:      {"CUDA_ERROR_MPS_CONNECTION_FAILED", nil, true},
	codeMPSRPCFailure:            {"CUDA_ERROR_MPS_RPC_FAILURE", nil, true},
	codeMPSServerNotReady:        {"CUDA_ERROR_MPS_SERVER_NOT_READY", nil, true},
	codeMPSMaxClientsReached:     {"CUDA_ERROR_MPS_MAX_CLIENTS_REACHED", nil, true},
	codeMPSMaxConnectionsReached: {"CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED", nil, true},
	codeMPSClientTerminated:      {"CUDA_ERROR_MPS_CLIENT_TERMINATED", nil, true},
	codeUnknown:                  {"CUDA_ERROR_UNKNOWN", nil, true},
}

// classify maps a result code of operation op to its sentinel (nil when none applies) and
// whether it is fatal. It is pure, so the mapping is unit-tested without a GPU.
//
// Beyond the table: CUDA_ERROR_INVALID_VALUE from a launch (or from setting a launch
// attribute) is gpu.ErrInvalidLaunch, since the launch's shape or shared memory is what the
// driver refused; from a module load it is gpu.ErrInvalidImage. From adding PTX to a link or
// completing it, every code that is neither fatal nor out of memory is gpu.ErrInvalidImage:
// the linker refused the input (an undefined symbol, for instance, is CUDA_ERROR_NOT_FOUND
// there, not a missing kernel).
func classify(op string, code int) (kind error, fatal bool) {
	c := codes[code]
	kind, fatal = c.kind, c.fatal
	if code == codeInvalidValue {
		switch op {
		case opLaunch, opSetAttr:
			kind = gpu.ErrInvalidLaunch
		case opLoad, opLoadCubin:
			kind = gpu.ErrInvalidImage
		}
	}
	if (op == opLinkAdd || op == opLinkComplete) && !fatal && code != codeOutOfMemory {
		kind = gpu.ErrInvalidImage
	}
	return kind, fatal
}

// codeName is the table's name for code, or a made-up one for codes it lacks.
func codeName(code int) string {
	if c, ok := codes[code]; ok {
		return c.name
	}
	return fmt.Sprintf("CUDA_ERROR_%d", code)
}

// newError builds the *gpu.Error for result r of op. The name and message come from the
// driver (cuGetErrorName, cuGetErrorString, which touch no context) where it knows them.
func newError(op string, r C.gf_CUresult) *gpu.Error {
	code := int(r)
	kind, fatal := classify(op, code)
	e := &gpu.Error{Op: op, Code: code, Kind: kind, Fatal: fatal}
	if s := C.gf_cuErrorName(r); s != nil {
		e.Name = C.GoString(s)
	} else {
		e.Name = codeName(code)
	}
	if s := C.gf_cuErrorString(r); s != nil {
		e.Msg = C.GoString(s)
	}
	return e
}

// check returns nil for CUDA_SUCCESS, else the *gpu.Error for r. It records nothing; methods
// of Device go through Device.fail so that a fatal error sticks.
func check(op string, r C.gf_CUresult) error {
	if r == codeSuccess {
		return nil
	}
	return newError(op, r)
}

// processLost is the first fatal error any Device of this process saw. After an illegal
// address the whole process is lost to CUDA (docs/gpu-facts.md: a reset or a new context does not
// help), so Open refuses to start once it is set.
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
func (d *Device) result(op string, r C.gf_CUresult) error {
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
		return fmt.Errorf("cuda: %s: %w", op, gpu.ErrClosed)
	case d.lost != nil:
		return fmt.Errorf("cuda: %s: device lost by an earlier error: %w", op, d.lost)
	}
	return nil
}
