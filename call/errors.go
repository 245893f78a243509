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
)
