package call

import (
	"io"
	"sync"
	"time"
)

// StreamMinBytes is the smallest input an engine streams into a worker's context after the
// invocation's request (engine.StreamMinBytes), and so the smallest request body the frontend
// leaves unread for it (Invocation.Body).
const StreamMinBytes = 32 << 10

// Timing is where an invocation's time went.
type Timing struct {
	Queue  time.Duration // waiting for a worker
	CopyIn time.Duration // the inputs copied into the worker's shared-memory context
	IPC    time.Duration // the pipe round trip, less the worker's own time
	Worker time.Duration // the worker's own time: Load, H2D, Kernel, D2H, Zero and its bookkeeping
	Load   time.Duration // loading the module in the worker (0 when cached)
	H2D    time.Duration // inputs to the device
	Kernel time.Duration // launches and synchronization
	D2H    time.Duration // outputs from the device
	Zero   time.Duration // zeroing the pool span
	Place  time.Duration // placing the function's weight set on the device (0 when it was resident)
	// Wait is how long the worker waited for streamed inputs to be written (part of H2D, or
	// before it; 0 when the inputs were there or went in before the request).
	Wait time.Duration
	// CopyOut is the outputs copied out of the context into the invocation's buffer.
	CopyOut time.Duration
	Total   time.Duration // from Submit to the answer
	// Graph is GraphNone, GraphBuilt or GraphReplayed: how the launches went.
	Graph int64
	// Batch is the batch size of the run that answered the invocation (a batch variant's
	// size, zeroed items included; 0 when it ran alone, as batch 1). See docs/batching.md.
	Batch int64
	// Joined: it was a batch's member other than the first (the first counts the batch's
	// execution in the metrics, nv_inference_exec_count).
	Joined bool
}

// How a worker launched an invocation's kernels (Timing.Graph).
const (
	GraphNone     = 0 // one by one
	GraphBuilt    = 1 // made a launch graph and launched it
	GraphReplayed = 2 // launched a cached graph
)

// Invocation is one call of a function. The caller fills Fn, Inputs and Deadline, submits it,
// waits on Done, reads Outputs or Err, and then releases it; the caller must not keep Outputs
// after Release. Invocations are pooled (Acquire/Release) so the hot path does not allocate.
//
// An Invocation must not be copied.
type Invocation struct {
	Fn     *Function
	Inputs [][]byte // in the function's input order; owned by the caller until Done
	// Deadline is when the caller stops waiting (zero: the engine's own deadline). It bounds
	// the wait in the queue and for the worker; passed, the invocation is answered
	// deadline_exceeded, and a result that comes later is dropped. It never kills a worker nor
	// counts against the function: only the engine's own deadline does (a caller's deadline is
	// the caller's choice, and the worker is shared).
	Deadline time.Time
	// LaunchLimit bounds the kernel launches (0: none).
	LaunchLimit uint64
	// Tenant names who submitted it, for the per-tenant share of the queue ("" for none).
	Tenant string
	// Sizes is scratch for the caller's admission checks (slot sizes); the engine ignores it.
	Sizes []uint64
	// Need is the device memory the invocation needs (function.Footprint of its sizes). An
	// engine that can lend the whole GPU gives it to an invocation that needs more than one
	// worker's share.
	Need uint64

	// Body, when set, is the one input still arriving: the body of an HTTP request read from
	// the client's connection as it comes (frontend). Inputs[0] then has the body's length,
	// not yet its bytes, and the function reads no input byte to size itself
	// (function.Plan.ReadsInputs). Only SubmitInline takes such an invocation, and only to run
	// it on the calling goroutine on a worker it lends it (call.ErrNotLent otherwise): the
	// engine reads the body straight into the worker's context while the worker prepares,
	// copying it into Inputs[0] only when the invocation may run again (its worker failed), or
	// reads it into Inputs[0] first where it cannot stream it; either way Body is nil once the
	// invocation is sent. A Read error
	// answers the invocation (CodeBadRequest, or CodeBodySlow for ErrBodySlow) with the bytes
	// that came in Inputs[0].
	Body io.Reader

	// Headroom, when set before Submit, makes a single output land Headroom bytes into the
	// output buffer, so that the caller can put a header before it and hand the whole buffer on
	// without copying (see OutputBuffer).
	Headroom int

	// Batch is set on a batch's carrier only (an invocation an engine made to run several of
	// a batching function as one run of its variant): SetOutputs splits the outputs among its
	// members and Finish answers them (call/batch.go).
	Batch *BatchRun

	// Results, valid once Done is closed.
	Outputs [][]byte
	Err     *Error
	Timing  Timing

	// Sched is the engine's bookkeeping from Submit until the answer; nobody else touches it.
	Sched Sched

	out  []byte
	done chan struct{}
}

// Sched is what an engine keeps about an invocation it was given.
type Sched struct {
	Enqueued time.Time     // when the engine took it
	Timeout  time.Duration // Deadline - Enqueued at Submit; a re-run gets this much again
	Reruns   int           // times it was run again after a GPU-wide fault
	Counted  bool          // counted in its tenant's share of the queue
	// CallerDeadline: the caller set Deadline; the invocation is answered then even while it
	// runs (otherwise a running invocation waits for the engine's deadline).
	CallerDeadline bool
	// Exclusive: it runs alone on the engine (a re-run, or a whole-GPU invocation).
	Exclusive bool
	// Whole: it runs with the GPU's whole memory.
	Whole bool
	// Suspect: it is re-run alone because its worker's failure triggered a teardown of the
	// GPU's fault domain (the others interrupted are its likely victims).
	Suspect bool
	// Worker is the ID of the worker it was last sent to ("" if none): the access log's.
	Worker string
	// Unbatched: it runs alone, never in a batch (a member of a batch that failed, run again).
	Unbatched bool
}

var invPool = sync.Pool{New: func() any { return &Invocation{done: make(chan struct{}, 1)} }}

// Acquire returns an empty Invocation from the pool.
func Acquire() *Invocation { return invPool.Get().(*Invocation) }

// Release returns inv to the pool. Its Outputs are invalid afterwards.
func Release(inv *Invocation) {
	inv.Fn = nil
	inv.Inputs = inv.Inputs[:0]
	inv.Body = nil
	inv.Deadline = time.Time{}
	inv.LaunchLimit = 0
	inv.Tenant = ""
	inv.Outputs = inv.Outputs[:0]
	inv.Err = nil
	inv.Timing = Timing{}
	inv.Need = 0
	inv.Headroom = 0
	inv.Sched = Sched{}
	inv.Batch = nil
	if inv.out != nil {
		RecycleOutputBuffer(inv.out) // the free lists keep it mapped; a pooled Invocation may be collected
		inv.out = nil
	}
	select {
	case <-inv.done:
	default:
	}
	invPool.Put(inv)
}

// Done is signalled once, when the invocation has its result. Wait on it with <-inv.Done().
func (inv *Invocation) Done() <-chan struct{} { return inv.done }

// Wait blocks until the invocation has its result.
func (inv *Invocation) Wait() { <-inv.done }

// Finish gives the invocation its result (err nil: its Outputs were set) and signals Done.
// Engines call it once per invocation.
func (inv *Invocation) Finish(err *Error) {
	if inv.Batch != nil {
		inv.Batch.finish(inv, err)
		return
	}
	inv.Err = err
	if err != nil {
		inv.Outputs = inv.Outputs[:0]
	}
	inv.Timing.Total = time.Since(inv.Sched.Enqueued)
	inv.done <- struct{}{}
}

// OutputBuffer returns the buffer the outputs were copied into: the outputs back to back, or a
// single output after Headroom bytes. With TakeOutputBuffer a caller takes it over (as an HTTP
// response body, say) instead of copying the outputs out of it.
func (inv *Invocation) OutputBuffer() []byte { return inv.out }

// TakeOutputBuffer hands the buffer OutputBuffer returns to the caller, who gives it back with
// RecycleOutputBuffer once done with it (or leaves it to the garbage collector). Outputs are
// invalid afterwards; the Invocation copies its next outputs into another buffer.
func (inv *Invocation) TakeOutputBuffer() []byte {
	b := inv.out
	inv.out = nil
	inv.Outputs = inv.Outputs[:0]
	return b
}

// SetOutputs copies the outputs (from a worker's context) into the invocation's own buffer.
func (inv *Invocation) SetOutputs(parts [][]byte) {
	if inv.Batch != nil {
		inv.Batch.split(inv, parts)
		return
	}
	total, off := 0, 0
	if len(parts) == 1 {
		off = inv.Headroom
	}
	for _, p := range parts {
		total += len(p)
	}
	total += off
	if cap(inv.out) < total {
		if inv.out != nil {
			RecycleOutputBuffer(inv.out)
		}
		inv.out = getOutBuffer(total)
	}
	inv.out = inv.out[:total]
	inv.Outputs = inv.Outputs[:0]
	for _, p := range parts {
		n := copy(inv.out[off:], p)
		inv.Outputs = append(inv.Outputs, inv.out[off:off+n:off+n])
		off += n
	}
}
