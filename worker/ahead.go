package worker

import "gpufn/gpu"

// Copying ahead (ExecutorOptions.CopyAhead, docs/engines.md "Copying ahead"). A pipelined slot
// sends a worker the next invocation while the worker runs one (the same function for the same
// caller, in the worker's other context). Without copying ahead the worker reads it only once
// it has answered the first, and its copies to the device then run before its kernels, one
// after the other on the default stream. With it, the worker looks at its request pipe while it
// waits for the running invocation; when the next request is there, it reserves that
// invocation's buffers in a span of the pool beside the running one's (bufpool.ReserveAhead),
// and zeroes them and copies its inputs in on a second stream (gpu.AheadCopier), while the
// first one's kernels run. When the worker comes to it, its launches wait for those copies
// (AheadJoin) and nothing else is copied in.
//
// Only an invocation of the function running is copied ahead (the engine pipelines only those,
// and for a batching function another variant's batch, for the same caller): its kernels could
// reach the running invocation's buffers, as they can reach the worker's contexts
// (docs/security.md), so they hold nothing the same function and caller could not see anyway.
// What the engine sends otherwise runs as it always did.

// aheadRun is the invocation whose inputs were copied ahead: its request ID and function, and
// the addresses of its buffers in the span reserved ahead (bufpool.ReserveAhead).
type aheadRun struct {
	ready  bool
	id, fn uint64
	ptrs   []gpu.Ptr
}

// SetPeek sets the function the executor calls while it waits for an invocation's kernels
// with copying ahead on: the worker's loop reads its next request there if one has come whole,
// and hands it to Ahead. nil: no looking ahead.
func (e *Executor) SetPeek(peek func()) { e.peek = peek }

// CopyingAhead reports whether the executor copies ahead (the option is on and the device
// has a copy stream).
func (e *Executor) CopyingAhead() bool { return e.ad != nil }

// Ahead copies the inputs of req, in context mem, to the device while the invocation running,
// of function running, waits for its kernels. It reports whether it did; when it did not (not
// the same function, streamed inputs, no room beside the running invocation's buffers, an
// error), req runs as it would have, and nothing is left reserved.
func (e *Executor) Ahead(req *Invoke, mem []byte, running uint64) bool {
	if e.ad == nil || e.next.ready || e.pool == nil || req.FuncID != running || req.Streamed || req.Config != nil {
		return false
	}
	pl := e.funcs[req.FuncID]
	if pl == nil || len(req.Inputs) != len(pl.p.Inputs) {
		return false
	}
	var need uint64
	var err error
	if e.aheadInputs, e.aheadSizes, need, err = measure(pl.p, req, mem, e.aheadInputs, e.aheadSizes); err != nil {
		return false // it fails the same way when it runs
	}
	base, err := e.pool.ReserveAhead(need)
	if err != nil {
		return false
	}
	n := pl.p.NumSlots()
	e.next.ptrs = growPtrs(e.next.ptrs, n)
	for i := 0; i < n; i++ {
		if e.next.ptrs[i], err = e.pool.AllocAhead(e.aheadSizes[i]); err != nil {
			e.dropAhead()
			return false
		}
	}
	// The span is zeroed first, as bufpool's ScrubOnReserve would on the default stream, then
	// the inputs copied; the copy stream waits for the default stream's fence first (the last
	// zeroing of a span there: release).
	if err := e.ad.AheadZero(base, need); err != nil {
		e.dropAhead()
		return false
	}
	for i, in := range e.aheadInputs {
		if err := e.ad.AheadCopy(e.next.ptrs[i], in); err != nil {
			e.dropAhead()
			return false
		}
	}
	e.next.ready, e.next.id, e.next.fn = true, req.ID, req.FuncID
	return true
}

// fenceNew records the fence after the zeroing of a new pool (bufpool.Options.ZeroOnCreate
// enqueues it on the default stream): the first copy ahead into it must come after that. No
// invocation runs then, so the fence costs nothing. An error is the device's (lost), seen by
// the next call that waits.
func (e *Executor) fenceNew() {
	if e.ad != nil && e.pool != nil {
		e.ad.AheadFence()
	}
}

// join makes the default stream wait for the copy stream; if that fails (only a lost device
// fails it), it waits for the whole device instead, so that nothing enqueued after it on the
// default stream (a zeroing of the span) can run before the copies, and returns the error.
func (e *Executor) join() error {
	err := e.ad.AheadJoin()
	if err != nil {
		e.dev.Synchronize()
	}
	return err
}

// dropAhead gives up the span reserved ahead: the default stream waits for the copy stream,
// then zeroes what was handed out of it (bufpool.DropAhead), then the fence moves after that
// zeroing. Errors are the device's (lost): the next call that waits reports them.
func (e *Executor) dropAhead() {
	e.next.ready = false
	if e.ad == nil || e.pool == nil || !e.pool.Ahead() {
		return
	}
	e.join()
	e.pool.DropAhead()
	e.ad.AheadFence()
}

// takeAhead reports whether req's inputs were copied ahead; if they were, the pool's span in
// use is theirs (the release of the invocation before it handed it over), e.ptrs holds their
// buffers, and the default stream now waits for the copies. Anything else copied ahead is
// given up (giveUpAhead).
func (e *Executor) takeAhead(req *Invoke, n int) (bool, error) {
	if !e.next.ready {
		return false, nil
	}
	if e.pool.Ahead() || e.next.id != req.ID || e.next.fn != req.FuncID || len(e.next.ptrs) < n {
		return false, e.giveUpAhead()
	}
	e.next.ready = false
	if err := e.join(); err != nil {
		e.release() // the span in use is its: zeroed after the copies, as any invocation's
		return false, err
	}
	e.ptrs = growPtrs(e.ptrs, n)
	copy(e.ptrs, e.next.ptrs[:n])
	return true, nil
}

// giveUpAhead gives up what was copied ahead, if anything: still reserved ahead (the
// invocation before it not released yet), or already the span in use; either way the default
// stream waits for the copy stream, then zeroes the span.
func (e *Executor) giveUpAhead() error {
	if !e.next.ready {
		return nil
	}
	e.next.ready = false
	if e.pool == nil {
		return nil
	}
	if e.pool.Ahead() {
		e.dropAhead()
		return nil
	}
	err := e.join()
	if rerr := e.release(); err == nil {
		err = rerr
	}
	return err
}

// wait waits for the default stream's work (executeStream). With copying ahead it polls the
// stream (gpu.AheadCopier.Query) and, between polls, lets the worker look at its next request
// (SetPeek): cuCtxSynchronize would also wait for the copy stream, making the answer wait for
// the next invocation's copies. Query's done has the effect of a Synchronize for the default
// stream's work: the outputs are in the context and the marks reached.
func (e *Executor) wait() error {
	if e.ad == nil || e.peek == nil {
		return e.dev.Synchronize() // nothing to look at: the driver's own wait
	}
	for {
		done, err := e.ad.Query()
		if err != nil || done {
			return err
		}
		if !e.next.ready {
			e.peek()
		}
	}
}
