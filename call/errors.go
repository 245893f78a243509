package call

import "errors"

// Sentinel errors of an engine's Submit: back-pressure is a value, never a block.
var (
	// ErrQueueFull is returned by Submit when the engine's queue is full. The caller answers
	// CodeQueueFull (429, Retry-After).
	ErrQueueFull = errors.New("queue full")
	// ErrTenantShare is returned by Submit when the invocation's tenant already holds its share
	// of the queue.
	ErrTenantShare = errors.New("tenant's share of the queue full")
	// ErrTenantBytes is returned by Submit when the inputs the invocation's tenant has queued,
	// with its own, would exceed the tenant's bytes of the queue. The caller answers
	// CodeQueueQuota (429, Retry-After).
	ErrTenantBytes = errors.New("tenant's bytes of the queue full")
	// ErrDraining is returned by Submit once the engine's Shutdown has begun.
	ErrDraining = errors.New("engine is shutting down")
	// ErrNotLent is returned by SubmitInline for an invocation whose input is still arriving
	// (Invocation.Body) when no idle worker can be lent to its submitter now: the invocation
	// was not admitted; the caller reads the body whole and submits it as any other.
	ErrNotLent = errors.New("no idle worker for a streamed body")
	// ErrBodySlow is what an Invocation.Body's Read returns when the rest of the body is slower
	// to come than an idle worker is worth waiting for: the engine then answers the invocation
	// CodeBodySlow, having kept what came in Inputs[0], and the caller reads the rest and
	// submits it again.
	ErrBodySlow = errors.New("the request body comes too slowly to stream into a worker")
)
