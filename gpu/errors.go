package gpu

import (
	"errors"
	"fmt"
)

// Sentinel errors. Implementations wrap their own typed errors so that errors.Is finds these.
var (
	// ErrOutOfMemory is returned when an allocation does not fit in device memory.
	ErrOutOfMemory = errors.New("out of device memory")
	// ErrInvalidImage is returned by LoadModule for bytes the device cannot load.
	ErrInvalidImage = errors.New("invalid code image")
	// ErrNotFound is returned by Function for a kernel name the module lacks.
	ErrNotFound = errors.New("kernel not found")
	// ErrInvalidLaunch is returned by Launch for a shape or argument list the device refuses.
	ErrInvalidLaunch = errors.New("invalid launch")
	// ErrContextLost marks a fatal error: a kernel faulted (illegal address, trap, ...) or the
	// context is otherwise unusable. Every later call on the device fails; the process must exit.
	ErrContextLost = errors.New("device context lost")
	// ErrNoDevice is returned when no device of the requested kind exists or its library is
	// missing.
	ErrNoDevice = errors.New("no device")
	// ErrClosed is returned by calls on a closed device.
	ErrClosed = errors.New("device closed")
)

// IsFatal reports whether err means the device context is lost (see ErrContextLost).
func IsFatal(err error) bool { return errors.Is(err, ErrContextLost) }

// Error is a failed device call with the vendor's code. Kind is the sentinel it maps to (nil
// when none applies); Fatal marks context loss.
type Error struct {
	Op    string // the API call, e.g. "cuLaunchKernel"
	Code  int    // the vendor's numeric code
	Name  string // the vendor's name for Code, e.g. "CUDA_ERROR_ILLEGAL_ADDRESS"
	Msg   string // the vendor's description
	Kind  error  // one of the sentinels above, or nil
	Fatal bool
}

func (e *Error) Error() string {
	s := fmt.Sprintf("%s: %s (%d)", e.Op, e.Name, e.Code)
	if e.Msg != "" {
		s += ": " + e.Msg
	}
	return s
}

// Is makes errors.Is(err, ErrContextLost) true for fatal errors and matches Kind.
func (e *Error) Is(target error) bool {
	if target == ErrContextLost {
		return e.Fatal
	}
	return e.Kind != nil && target == e.Kind
}
