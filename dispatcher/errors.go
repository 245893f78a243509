package dispatcher

import (
	"errors"
	"fmt"

	"gpufn/function"
)

// Kinds of dispatcher errors; the frontend maps each to an HTTP status.
var (
	// ErrNotFound: no such library or function (404).
	ErrNotFound = errors.New("not found")
	// ErrForbidden: the caller may see the resource but not do this to it (403).
	ErrForbidden = errors.New("forbidden")
	// ErrConflict: the request conflicts with the registry's state, e.g. deleting a library a
	// function uses (409).
	ErrConflict = errors.New("conflict")
	// ErrInvalid: an invalid config or library (422).
	ErrInvalid = errors.New("invalid")
	// ErrBadRequest: an invocation whose inputs do not fit the function (400).
	ErrBadRequest = errors.New("bad request")
	// ErrTooLarge: a request beyond a size limit (413).
	ErrTooLarge = errors.New("too large")
	// ErrQueueFull: every engine's queue is full (429).
	ErrQueueFull = errors.New("queue full")
	// ErrUnavailable: the server cannot take invocations now (503): draining, or no engine.
	ErrUnavailable = errors.New("unavailable")
)

// Error is a dispatcher failure with a stable code and, for invalid configs, the problems.
type Error struct {
	Kind     error  // one of the sentinels above
	Code     string // stable, e.g. "invalid_config", "library_in_use"
	Message  string
	Problems []function.Problem
}

func (e *Error) Error() string { return e.Message }

// Is matches the Kind sentinel.
func (e *Error) Is(target error) bool { return target == e.Kind }

func errorf(kind error, code, format string, args ...any) *Error {
	return &Error{Kind: kind, Code: code, Message: fmt.Sprintf(format, args...)}
}
