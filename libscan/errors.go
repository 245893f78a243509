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
)

// LibraryError says why bytes are not a library gpufn accepts.
type LibraryError struct{ Msg string }

func (e *LibraryError) Error() string { return e.Msg }

// Is makes errors.Is(err, ErrBadLibrary) true.
func (e *LibraryError) Is(target error) bool { return target == ErrBadLibrary }

func badLib(format string, args ...any) error {
	return &LibraryError{Msg: fmt.Sprintf(format, args...)}
}
