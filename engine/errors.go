package engine

import (
	"errors"
	"fmt"

	"gpufn/worker"
)

// Sentinel errors of Submit.
var (
	// ErrQueueFull is returned by Submit when the engine's queue (or the tenant's share of
	// it) is full. The caller answers 429 with Retry-After.
	ErrQueueFull = errors.New("queue full")
	// ErrTenantShare is returned by Submit when the invocation's tenant already holds its share
	// of the queue (Config.TenantShare).
	ErrTenantShare = errors.New("tenant's share of the queue full")
	// ErrDraining is returned by Submit once Shutdown has begun.
	ErrDraining = errors.New("engine is shutting down")
)

// Codes of errors that engines add to the worker's codes (worker.Code*).
const (
	CodeDeadline    = "deadline_exceeded"    // the invocation's deadline passed; its kernel was stopped
	CodeExited      = "worker_exited"        // the worker died while running it
	CodeUnavailable = "unavailable"          // no worker could be started
	CodeDraining    = "draining"             // the server is shutting down
	CodeQuarantined = "function_quarantined" // the function faulted or overran too often
	CodeTooLarge    = "too_large"            // inputs and outputs do not fit a context
)

// Error is an invocation's failure: a stable code and a message. It is what the frontend
// turns into an HTTP status and the JSON error body.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

func newError(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

func fromWire(w *worker.WireError) *Error { return &Error{Code: w.Code, Message: w.Message} }
