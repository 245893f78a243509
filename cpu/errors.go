package cpu

import (
	"fmt"

	"gpufn/gpu"
)

// The result codes of the cpu device. They are CUDA's numbers for the same conditions, so that
// logs read alike on both devices; the names drop CUDA's "CUDA_ERROR_" prefix.
const (
	codeInvalidValue          = 1
	codeOutOfMemory           = 2
	codeInvalidImage          = 200
	codeInvalidHandle         = 400
	codeNotFound              = 500
	codeIllegalAddress        = 700
	codeHostAlreadyRegistered = 712
	codeHostNotRegistered     = 713
	codeMisalignedAddress     = 716
	codeLaunchFailed          = 719
)

var codeNames = map[int]string{
	codeInvalidValue:          "INVALID_VALUE",
	codeOutOfMemory:           "OUT_OF_MEMORY",
	codeInvalidImage:          "INVALID_IMAGE",
	codeInvalidHandle:         "INVALID_HANDLE",
	codeNotFound:              "NOT_FOUND",
	codeIllegalAddress:        "ILLEGAL_ADDRESS",
	codeHostAlreadyRegistered: "HOST_MEMORY_ALREADY_REGISTERED",
	codeHostNotRegistered:     "HOST_MEMORY_NOT_REGISTERED",
	codeMisalignedAddress:     "MISALIGNED_ADDRESS",
	codeLaunchFailed:          "LAUNCH_FAILED",
}

// newError is a per-call (not fatal) error of op with code; kind is the sentinel it matches
// (nil for none).
func newError(op string, code int, kind error, format string, args ...any) *gpu.Error {
	return &gpu.Error{Op: op, Code: code, Name: codeNames[code], Msg: fmt.Sprintf(format, args...), Kind: kind}
}

// unusable is the error for a call on a closed or lost device; nil when the device is usable.
// A lost device's error wraps the fatal error that lost it, so gpu.IsFatal reports true.
func (d *Device) unusable(op string) error {
	switch {
	case d.closed:
		return fmt.Errorf("cpu: %s: %w", op, gpu.ErrClosed)
	case d.lost != nil:
		return fmt.Errorf("cpu: %s: device lost by an earlier error: %w", op, d.lost)
	}
	return nil
}
