package libscan

import (
	"errors"
	"fmt"
)

var (
	// ErrBadLibrary is returned (as a *LibraryError, which matches it with errors.Is) when
	// bytes are not a library gpufn accepts: not a kind it loads, malformed, or code that can
	// reach the device heap.
	ErrBadLibrary = errors.New("not a loadable kernel library")
	// ErrIncompatibleArch is returned (as an *ArchError, which matches it with errors.Is) by
	// CheckArch when a library has no code a device of the given architecture can run.
	ErrIncompatibleArch = errors.New("the library is not built for the device's architecture")
)

// LibraryError says why bytes are not a library gpufn accepts.
type LibraryError struct{ Msg string }

func (e *LibraryError) Error() string { return e.Msg }

// Is makes errors.Is(err, ErrBadLibrary) true.
func (e *LibraryError) Is(target error) bool { return target == ErrBadLibrary }

func badLib(format string, args ...any) error {
	return &LibraryError{Msg: fmt.Sprintf(format, args...)}
}

// ArchError says which architectures a library has code for and which the device is.
type ArchError struct {
	Kind   Kind   // the library's kind
	Arch   string // the library's architecture(s), as Info.Arch has them
	Device string // the device's architecture, e.g. "sm_90" or "gfx90a"
}

func (e *ArchError) Error() string {
	switch e.Kind {
	case KindCubin:
		return fmt.Sprintf("the cubin is for %s and cannot run on this server's %s; build for %s, or upload PTX", e.Arch, e.Device, e.Device)
	case KindPTX:
		return fmt.Sprintf("the PTX targets %s, newer than this server's %s", e.Arch, e.Device)
	case KindBundle:
		return fmt.Sprintf("the offload bundle has code for %s but not for this server's %s", e.Arch, e.Device)
	}
	return fmt.Sprintf("the %s library is for %s and cannot run on this server's %s", e.Kind, e.Arch, e.Device)
}

// Is makes errors.Is(err, ErrIncompatibleArch) true.
func (e *ArchError) Is(target error) bool { return target == ErrIncompatibleArch }
