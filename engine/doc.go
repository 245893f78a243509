// Package engine runs invocations on GPUs through worker processes. An Engine serves one GPU:
// it keeps a bounded FIFO queue of invocations and one goroutine per worker process ("slot")
// that takes invocations from it, writes their inputs into the worker's shared-memory context,
// sends the small request down the worker's pipe, reads the reply, and copies the outputs out.
//
// Modes: Sequential (the thesis's gpu_thread, made safe) runs one worker that owns the whole
// GPU and its memory; Concurrent (gpu_process) runs N workers that share the GPU, each with 1/N
// of its memory (on NVIDIA under MPS, see package mps).
//
// Supervision: a worker that faults, dies, breaks the protocol or overruns an invocation's
// deadline is killed if needed and replaced (with back-off); the invocation it was running is
// answered with a clean error (kernel_fault, worker_exited, deadline_exceeded) and the
// invocations queued behind it wait for the new worker: nothing queued is lost. Invocations whose
// deadline passes while queued are answered deadline_exceeded by the engine's janitor.
//
// Scheduling: Submit hands an invocation straight to the most recently idle worker (a LIFO
// stack, so the warmest process runs next) or queues it; a full queue is call.ErrQueueFull. Idle
// slot goroutines wait by the polling policy: spin, block, or hybrid (spin a bounded time, then
// park; the default). SubmitInline runs an invocation on the calling goroutine when the most
// recently idle worker's goroutine has parked and nothing is queued: the caller drives that
// slot meanwhile, and its goroutine touches nothing of it until the slot is given back.
//
// Goroutines: per slot one owner goroutine (plus, per worker process, the reaper and stderr
// forwarder started by package worker), and one janitor per engine. Shutdown stops them all and
// is safe to call twice. Submit, SubmitInline, Stats and Ready are safe for concurrent use.
package engine
