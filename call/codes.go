package call

import (
	"fmt"
	"net/http"
)

// Code is a stable error code: it crosses the worker's pipe and is the "code" of every JSON
// error answer. Each code has one HTTP status (Status); the frontend answers with it and
// matches on nothing else.
type Code string

// The catalogue. Every error a client can see has one of these codes.
const (
	// Requests the server cannot read or refuses at the door.

	// CodeBadRequest is returned when a request is malformed: a body that is not what the
	// route takes, a bad header value, bad access settings.
	CodeBadRequest Code = "bad_request"
	// CodeBadName is returned when a library, function or tenant name is not a valid name.
	CodeBadName Code = "bad_name"
	// CodeUnauthorized is returned when a request carries no valid token (with --tokens).
	CodeUnauthorized Code = "unauthorized"
	// CodeForbidden is returned when the caller may not do this to the resource (another
	// tenant's, or an admin-only route).
	CodeForbidden Code = "forbidden"
	// CodeNotFound is returned when no route, tenant, library or function has the name.
	CodeNotFound Code = "not_found"
	// CodeMethodNotAllowed is returned when the route exists but not with that method.
	CodeMethodNotAllowed Code = "method_not_allowed"
	// CodeTooManyConnections is returned (and the connection closed) when a client already
	// has as many connections open as one may (--max-connections-per-ip).
	CodeTooManyConnections Code = "too_many_connections"
	// CodeTimeout is returned when reading the request took longer than the server allows.
	CodeTimeout Code = "timeout"
	// CodeBodyTooLarge is returned when a request body exceeds --max-body-bytes.
	CodeBodyTooLarge Code = "body_too_large"
	// CodeLengthRequired is returned when an HTTP/1.0 request that may carry a body (POST,
	// PUT, PATCH) has no Content-Length.
	CodeLengthRequired Code = "length_required"
	// CodeHeaderTooLarge is returned when a request's line and header exceed the server's
	// read buffer (16 KiB).
	CodeHeaderTooLarge Code = "header_too_large"

	// Registrations.

	// CodeInvalidConfig is returned when a function's config is not valid; the answer lists
	// every problem with its JSON path.
	CodeInvalidConfig Code = "invalid_config"
	// CodeInvalidLibrary is returned when an upload is not a kernel library this server can
	// read (or it calls device malloc).
	CodeInvalidLibrary Code = "invalid_library"
	// CodeIncompatibleLibrary is returned when a library is for another device kind or
	// architecture than this server's.
	CodeIncompatibleLibrary Code = "incompatible_library"
	// CodeCompileFailed is returned when an uploaded PTX library does not compile for the
	// server's GPUs, or the compiler gave up on it (it crashed on it twice, or ran out of
	// time); the message holds the compiler's log.
	CodeCompileFailed Code = "compile_failed"
	// CodeLibraryTooLarge is returned when an upload exceeds --max-library-bytes.
	CodeLibraryTooLarge Code = "library_too_large"
	// CodeLibraryInUse is returned when deleting or replacing a library would break a
	// function that uses it.
	CodeLibraryInUse Code = "library_in_use"
	// CodeLimitReached is returned when a tenant already has as many libraries or functions
	// as it may.
	CodeLimitReached Code = "limit_reached"
	// CodeStorageQuota is returned when storing an object (a library) would take the bytes a
	// tenant keeps on the server beyond its quota (--tenant-storage-bytes).
	CodeStorageQuota Code = "storage_quota"
	// CodeAccessTooLarge is returned when a function's access settings are larger than the
	// server keeps (--max-access-bytes of JSON, as stored).
	CodeAccessTooLarge Code = "access_too_large"
	// CodeStorage is returned when the data directory could not be written or read.
	CodeStorage Code = "storage"
	// CodeConflict is returned when a registration or deletion was refused because the entry
	// changed since this server read it (another server of a cluster wrote it): read it and
	// send the change again.
	CodeConflict Code = "conflict"
	// CodeInvalidWeights is returned when an uploaded weight set is not a valid safetensors
	// file, or a function's weights are not tensors of its weight set.
	CodeInvalidWeights Code = "invalid_weights"
	// CodeWeightsInUse is returned when deleting or replacing a weight set would break a
	// function that uses it.
	CodeWeightsInUse Code = "weights_in_use"
	// CodeNotImplemented is returned for what this server does not do in its configuration:
	// weight sets on a node of a cluster (single-node for now: the cluster's registry does not
	// carry them).
	CodeNotImplemented Code = "not_implemented"

	// Invocations refused at admission.

	// CodeBadInput is returned when an invocation's inputs do not fit the function (count,
	// sizes, a FromInput index beyond an input).
	CodeBadInput Code = "bad_input"
	// CodeTooManyLaunches is returned when the inputs would make the function launch more
	// kernels than --launch-limit.
	CodeTooManyLaunches Code = "too_many_launches"
	// CodeTooLarge is returned when inputs and outputs together exceed a worker's
	// shared-memory context (--context-size).
	CodeTooLarge Code = "too_large"
	// CodeOutOfMemory is returned when the invocation needs more device memory than a pool
	// holds (at admission, or found by the worker).
	CodeOutOfMemory Code = "out_of_memory"
	// CodeQuarantined is returned when the function faulted or overran its deadline too often
	// in a row; registering it again lifts the quarantine.
	CodeQuarantined Code = "function_quarantined"
	// CodeQueueFull is returned when the engine's queue, or the caller's share of it, is full;
	// the answer carries Retry-After.
	CodeQueueFull Code = "queue_full"
	// CodeQueueQuota is returned when the inputs the caller has queued on the engine, with this
	// invocation's, would exceed its byte quota of the queue (--tenant-queue-bytes); the answer
	// carries Retry-After.
	CodeQueueQuota Code = "queue_quota"
	// CodeUnavailable is returned when no engine can take the invocation (none running, or no
	// worker could be started).
	CodeUnavailable Code = "unavailable"
	// CodeDraining is returned when the server is shutting down.
	CodeDraining Code = "draining"

	// Invocations that ran, or were to run, on a worker.

	// CodeKernelFault is returned when the invocation's kernels lost the device context
	// (illegal address, trap, ...).
	CodeKernelFault Code = "kernel_fault"
	// CodeInvalidLaunch is returned when the device refuses a launch shape or argument list.
	CodeInvalidLaunch Code = "invalid_launch"
	// CodeLibraryInvalid is returned when the device cannot load the function's library.
	CodeLibraryInvalid Code = "library_invalid"
	// CodeKernelNotFound is returned when the library lacks a kernel the function launches.
	CodeKernelNotFound Code = "kernel_not_found"
	// CodeOutputTooLarge is returned when the outputs do not fit the worker's context.
	CodeOutputTooLarge Code = "output_too_large"
	// CodeDeadline is returned when the invocation's deadline passed: in the queue, or while
	// it ran (its kernel was stopped).
	CodeDeadline Code = "deadline_exceeded"
	// CodeExited is returned when the worker running the invocation died.
	CodeExited Code = "worker_exited"
	// CodeInternal is returned when the server itself failed; the message says how.
	CodeInternal Code = "internal"

	// Between the engine and its workers only (a client never sees them: the engine sends
	// what was missing and runs the invocation again).

	// CodeLibraryMissing is returned by a worker that lacks the library's image.
	CodeLibraryMissing Code = "library_missing"
	// CodeFunctionMissing is returned by a worker that lacks the function's plan.
	CodeFunctionMissing Code = "function_missing"

	// Between an engine and the frontend only (a client never sees it: the frontend reads the
	// rest of the body and submits the invocation again).

	// CodeBodySlow answers an invocation whose body was being streamed into a worker when it
	// came too slowly (ErrBodySlow).
	CodeBodySlow Code = "body_slow"
)

// statuses is the HTTP status of every code of the catalogue.
var statuses = map[Code]int{
	CodeBadRequest:         http.StatusBadRequest,
	CodeBadName:            http.StatusBadRequest,
	CodeUnauthorized:       http.StatusUnauthorized,
	CodeForbidden:          http.StatusForbidden,
	CodeNotFound:           http.StatusNotFound,
	CodeMethodNotAllowed:   http.StatusMethodNotAllowed,
	CodeTooManyConnections: http.StatusTooManyRequests,
	CodeTimeout:            http.StatusRequestTimeout,
	CodeBodyTooLarge:       http.StatusRequestEntityTooLarge,
	CodeHeaderTooLarge:     http.StatusRequestHeaderFieldsTooLarge,
	CodeLengthRequired:     http.StatusLengthRequired,

	CodeInvalidConfig:       http.StatusUnprocessableEntity,
	CodeInvalidLibrary:      http.StatusUnprocessableEntity,
	CodeIncompatibleLibrary: http.StatusUnprocessableEntity,
	CodeCompileFailed:       http.StatusUnprocessableEntity,
	CodeLibraryTooLarge:     http.StatusRequestEntityTooLarge,
	CodeLibraryInUse:        http.StatusConflict,
	CodeLimitReached:        http.StatusConflict,
	CodeStorageQuota:        http.StatusRequestEntityTooLarge,
	CodeAccessTooLarge:      http.StatusRequestEntityTooLarge,
	CodeStorage:             http.StatusInternalServerError,
	CodeConflict:            http.StatusConflict,
	CodeInvalidWeights:      http.StatusUnprocessableEntity,
	CodeWeightsInUse:        http.StatusConflict,
	CodeNotImplemented:      http.StatusNotImplemented,

	CodeBadInput:        http.StatusBadRequest,
	CodeTooManyLaunches: http.StatusBadRequest,
	CodeTooLarge:        http.StatusRequestEntityTooLarge,
	CodeOutOfMemory:     http.StatusRequestEntityTooLarge,
	CodeQuarantined:     http.StatusUnprocessableEntity,
	CodeQueueFull:       http.StatusTooManyRequests,
	CodeQueueQuota:      http.StatusTooManyRequests,
	CodeUnavailable:     http.StatusServiceUnavailable,
	CodeDraining:        http.StatusServiceUnavailable,

	CodeKernelFault:     http.StatusInternalServerError,
	CodeInvalidLaunch:   http.StatusBadRequest,
	CodeLibraryInvalid:  http.StatusUnprocessableEntity,
	CodeKernelNotFound:  http.StatusUnprocessableEntity,
	CodeOutputTooLarge:  http.StatusRequestEntityTooLarge,
	CodeDeadline:        http.StatusGatewayTimeout,
	CodeExited:          http.StatusInternalServerError,
	CodeInternal:        http.StatusInternalServerError,
	CodeLibraryMissing:  http.StatusInternalServerError,
	CodeFunctionMissing: http.StatusInternalServerError,
	CodeBodySlow:        http.StatusRequestTimeout,
}

// Status is the HTTP status a code is answered with; 500 for a code not in the catalogue.
func (c Code) Status() int {
	if s, ok := statuses[c]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// Known reports whether c is in the catalogue.
func (c Code) Known() bool {
	_, ok := statuses[c]
	return ok
}

// RetryAfter reports whether an answer with this code says Retry-After: the request may
// succeed as it is once the server has room (a full queue, a drain, a deadline that passed in
// a queue).
func (c Code) RetryAfter() bool {
	switch c {
	case CodeQueueFull, CodeQueueQuota, CodeUnavailable, CodeDraining, CodeDeadline, CodeTooManyConnections:
		return true
	}
	return false
}

// Codes returns the whole catalogue.
func Codes() []Code {
	out := make([]Code, 0, len(statuses))
	for c := range statuses {
		out = append(out, c)
	}
	return out
}

// Error is a failure with a code from the catalogue and a message for the client.
type Error struct {
	Code    Code
	Message string
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Errorf makes an Error.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}
