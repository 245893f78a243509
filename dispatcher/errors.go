package dispatcher

import (
	"errors"

	"gpufn/call"
	"gpufn/function"
)

// Error is a dispatcher failure: a code from the catalogue (package call, which also gives its
// HTTP status) and, for invalid configs, the problems with their JSON paths.
type Error struct {
	Code     call.Code
	Message  string
	Problems []function.Problem
	// Full marks a queue-full refusal of the server's own queues (not of the caller's share of
	// them): another server of a cluster may take the invocation.
	Full bool
}

func (e *Error) Error() string { return e.Message }

// CodeOf returns the code of a dispatcher error, or call.CodeInternal for any other error.
func CodeOf(err error) call.Code {
	var de *Error
	if errors.As(err, &de) {
		return de.Code
	}
	return call.CodeInternal
}

func errorf(code call.Code, format string, args ...any) *Error {
	e := call.Errorf(code, format, args...)
	return &Error{Code: e.Code, Message: e.Message}
}
