package engine

import (
	"fmt"
	"time"

	"gpufn/call"
	"gpufn/shm"
	"gpufn/worker"
)

// Running invocations on a slot's worker and answering them from its results, in the order the
// requests were sent; the in-flight state is in inflight.go, pipelining's choice of what to send
// behind the running one in pipeline.go, the wait for a result in await.go, and what a lost
// worker means in faults.go. All of it runs on whoever drives the slot.

// run executes inv on the slot's worker and answers it (or, after a GPU-wide fault under a
// shared fault domain, requeues it to run again alone). While the worker runs an invocation,
// the slot takes the next queued one whose code the worker has, copies its inputs into the
// other context and sends it, so that the worker finds it waiting; it then answers the first
// (copying its outputs out) while the worker runs the second. Invocations are answered in the
// order they were sent.
func (s *slot) run(inv *call.Invocation) {
	if !s.start(inv, 0, false) {
		return
	}
	for len(s.pipe.order) > 0 {
		if s.canPrefetch() {
			if due := s.prefetchDue(); time.Now().Before(due) {
				s.pipe.due = due // pipeline.go: formed inside the wait for the running one
			} else {
				s.prefetch()
			}
		}
		s.receive()
	}
	s.pipe.due = time.Time{}
	if s.pipe.broken != nil {
		s.life.lost(fmt.Errorf("a request could not be written whole: %w", s.pipe.broken))
		s.pipe.broken = nil
	}
}

// receive reads the result of the oldest invocation in flight and answers it.
func (s *slot) receive() {
	f := &s.pipe
	ci := f.order[0]
	p := &f.pend[ci]
	err := s.awaitResult(p)
	got := time.Now()
	f.due = time.Time{} // the running one is answered: run's loop decides afresh
	f.order = append(f.order[:0], f.order[1:]...)
	if err != nil {
		s.keepBody(p, ci) // body.go
		s.lostInFlight(p, err)
		s.flight.Store(int32(len(f.order)))
		return
	}
	if fatal := f.res.Err != nil && f.res.Err.Fatal; fatal {
		// The worker faulted: under a shared fault domain its neighbours die with it, and a
		// neighbour's slot that sees its own worker's death first must not find this slot idle
		// (aloneInFlight) and take its innocent invocation for the culprit. The count falls
		// once the fault is handled (the teardown marks the neighbours as its victims).
		defer s.flight.Store(int32(len(f.order)))
	} else {
		s.flight.Store(int32(len(f.order)))
	}
	s.life.cache.count(&f.res.Stages)
	if st := &f.res.Stages; p.inv != nil && f.res.Err == nil && p.family.Batching != nil && st.Load == 0 && st.Place == 0 && st.Graph != call.GraphBuilt { // pipeline.go: warm runs only
		f.runs.add(p.fn.ID, got.Sub(p.start))
		if p.inv.Batch != nil {
			f.copies.add(p.family.ID, time.Duration(st.H2D))
		}
	}
	if len(f.order) > 0 {
		s.waited(&f.pend[f.order[0]], got)
	}
	s.life.resident(&f.res.Resident)
	ctx := s.life.w.Context(ci)
	switch {
	case p.inv == nil: // answered already: drop the result, clear what it wrote
		s.dropped(p, ctx)
	case f.res.Err != nil:
		s.keepBody(p, ci) // body.go
		stamp(p, &f.res.Stages, got)
		s.answerError(p, ci, ctx)
	default:
		stamp(p, &f.res.Stages, got)
		s.answer(p, ctx)
	}
}

// stamp records the worker's stages of p's invocation, answered at got.
func stamp(p *pending, st *worker.Stages, got time.Time) {
	t := &p.inv.Timing
	t.Queue += p.start.Sub(p.sent) // waiting in the pipe behind the one before it
	t.IPC = max(0, got.Sub(p.start)-time.Duration(st.Total))
	t.Load, t.H2D, t.Kernel = time.Duration(st.Load), time.Duration(st.H2D), time.Duration(st.Kernel)
	t.D2H, t.Zero, t.Place = time.Duration(st.D2H), time.Duration(st.Zero), time.Duration(st.Place)
	t.Graph, t.Wait = st.Graph, time.Duration(st.Wait)
	t.Worker = time.Duration(st.Total)
}

// answer copies the outputs of p's invocation out of context ctx and answers it.
func (s *slot) answer(p *pending, ctx *shm.Context) {
	f := &s.pipe
	inv := p.inv
	f.loaded(inv.Fn)
	inv.Fn.Cleared(inv.Tenant)
	t := time.Now()
	f.parts = f.parts[:0]
	for _, sp := range f.res.Outputs {
		b, err := ctx.Slice(sp)
		if err != nil {
			s.brokenReply(p, err)
			return
		}
		f.parts = append(f.parts, b)
	}
	if len(f.parts) != len(inv.Fn.Plan.Outputs) {
		s.brokenReply(p, fmt.Errorf("worker answered with %d outputs; the function has %d", len(f.parts), len(inv.Fn.Plan.Outputs)))
		return
	}
	high, _ := s.outputsEnd(ctx)
	inv.SetOutputs(f.parts)
	inv.Timing.CopyOut = time.Since(t)
	ctx.Written(high)
	if inv.Batch == nil {
		s.e.stats.completed.Add(1)
		s.life.ran(1)
	} else { // a batch's members were counted completed as the split answered them
		s.life.ran(uint64(inv.Batch.Split))
	}
	if s.e.rec.active.Load() {
		s.e.rec.answered(inv, s.id)
	}
	inv.Finish(nil)
	s.settle(p)
	ctx.Retire() // after the answer: the outputs were copied out
}

// answerError handles a result with an error for p's invocation, in context ci.
func (s *slot) answerError(p *pending, ci int, ctx *shm.Context) {
	f := &s.pipe
	inv, w := p.inv, f.res.Err
	switch {
	case p.attempt == 0 && (w.Code == call.CodeLibraryMissing || w.Code == call.CodeFunctionMissing):
		// The worker may have dropped its cache entry; send the payload again, once.
		f.forget(inv.Fn)
		if f.broken != nil { // nothing more goes to this worker: it runs on the next
			s.putBack(p)
			return
		}
		p.attempt++
		s.send(ci)
	case w.Fatal:
		s.gpuFailure(inv, fromWire(w), fmt.Errorf("its device was lost: %s", w.Message))
		s.settle(p)
		s.putBackRest() // they cannot run on a lost device
	default:
		if w.Code != call.CodeLibraryInvalid && w.Code != call.CodeOutOfMemory { // neither loaded its code
			f.loaded(inv.Fn)
		}
		wipeOutputs(ctx, w)
		if inv.Batch != nil {
			s.e.batchFailed(inv, fromWire(w)) // batch.go: out of memory, say
		}
		s.fail(inv, fromWire(w))
		s.settle(p)
	}
}

// outputsEnd is the end of the furthest output span of the result just received.
func (s *slot) outputsEnd(ctx *shm.Context) (uint64, bool) {
	var high uint64
	for _, sp := range s.pipe.res.Outputs {
		if _, err := ctx.Slice(sp); err != nil {
			return 0, false
		}
		high = max(high, sp.End())
	}
	return high, true
}

// wipeOutputs zeroes the output area of context ctx after a result with error w that may
// follow outputs already copied there (output_too_large: the first outputs fit; internal: a
// copy failed midway). Such a result names no outputs, so nothing tells how far the worker
// wrote, and OutputArea and Retire zero only what they know was written: the first outputs
// would stay for the next user of the context (another caller's kernels can read it). Rare
// errors; the cost is zeroing the context once.
func wipeOutputs(ctx *shm.Context, w *worker.WireError) {
	if w.Code == call.CodeOutputTooLarge || w.Code == call.CodeInternal {
		ctx.Written(ctx.Size())
		ctx.Retire()
	}
}

// brokenReply answers an invocation whose result made no sense and replaces the worker.
func (s *slot) brokenReply(p *pending, err error) {
	s.fail(p.inv, call.Errorf(call.CodeInternal, "worker answered with %v", err))
	s.life.lost(err)
	s.settle(p)
	s.putBackRest()
}

// waited is called when the invocation before p was answered at t: the worker starts on p
// now, and the server's deadline runs from now. If p's deadline passed while it waited, it is
// answered at once (it is still run, and its result dropped: the worker cannot be told to skip
// it).
func (s *slot) waited(p *pending, t time.Time) {
	p.start = p.sent
	if t.After(p.sent) {
		p.start = t
	}
	p.kill = p.start.Add(s.e.runLimit(p.fn))
	if inv := p.inv; inv != nil && t.After(inv.Deadline) {
		inv.Timing.Queue = t.Sub(inv.Sched.Enqueued)
		s.answerEarly(p, call.Errorf(call.CodeDeadline, "the deadline passed while the invocation waited for the worker (%v)", inv.Timing.Queue.Round(time.Millisecond)))
	}
}

// late answers p's invocation, at the worker (running, or sent behind the one running), whose
// caller's deadline (shorter than the server's) passed: the caller's wait ends, the worker runs
// on and its result is dropped. A caller's deadline kills no worker and strikes no function
// (docs/security.md).
func (s *slot) late(p *pending) {
	if p.inv != nil {
		s.answerEarly(p, call.Errorf(call.CodeDeadline, "the request's deadline (X-Gpufn-Timeout) passed while the invocation was at its worker; its result will be dropped"))
	}
}

// answerEarly answers p's invocation before its result comes; the result is read and dropped
// (dropped), and the worker killed only if it has not answered by p.kill.
func (s *slot) answerEarly(p *pending, err *call.Error) {
	inv := p.inv
	p.inv = nil
	s.fail(inv, err)
	s.settle(p)
}

// dropped takes the result of an invocation answered early (see waited).
func (s *slot) dropped(p *pending, ctx *shm.Context) {
	if w := s.pipe.res.Err; w != nil {
		switch {
		case w.Fatal:
			s.dropFailed(p, fmt.Errorf("its device was lost: %s", w.Message))
			s.putBackRest()
			return
		case w.Code == call.CodeLibraryMissing || w.Code == call.CodeFunctionMissing:
			s.pipe.forget(p.fn)
		}
		wipeOutputs(ctx, w)
	}
	if high, ok := s.outputsEnd(ctx); ok {
		ctx.Written(high)
	}
	ctx.Retire()
}

// putBackRest puts back every invocation still in flight (see putBack): the worker was lost
// before it started them. It is called once the loss has been handled, a teardown of the fault
// domain included: an idle slot may take them at once, and must not send them to a worker that
// the teardown is about to kill (they would be counted its victims and re-run alone).
func (s *slot) putBackRest() {
	for _, cj := range s.pipe.order {
		s.putBack(&s.pipe.pend[cj])
	}
	s.pipe.order = s.pipe.order[:0]
}

// putBack returns an invocation that was sent but never started (the worker was lost first)
// to the head of the queue, as it was.
func (s *slot) putBack(p *pending) {
	if r := p.inv; r != nil && r.Batch != nil {
		// A batch's members go back (they may form a batch again), not its carrier: one of
		// them may be answered by its deadline meanwhile, and released by its caller.
		s.e.stats.batches.uncount(r.Batch)
		r.Batch.Dissolve(r, s.e.sched.putBack)
		s.e.kickRescue()
		p.inv = nil
	} else if p.inv != nil {
		s.e.sched.putBack(p.inv)
		s.e.kickRescue()
		p.inv = nil
	}
	s.settle(p)
}

// settle counts an invocation the slot prefetched as done running (the slot loop counts the
// one it was handed).
func (s *slot) settle(p *pending) {
	if p.prefetched {
		p.prefetched = false
		s.e.sched.doneRunning(false)
	}
}

// failTaken answers an invocation that could not be started.
func (s *slot) failTaken(inv *call.Invocation, prefetched bool, err *call.Error) {
	if inv.Batch != nil && err.Code != call.CodeDeadline { // a deadline in the queue answers the members
		s.e.batchFailed(inv, err) // batch.go: its inputs do not fit the context, say
	}
	s.fail(inv, err)
	if prefetched {
		s.e.sched.doneRunning(false)
	}
}

func (s *slot) fail(inv *call.Invocation, err *call.Error) {
	// A failed batch's members run again, or are counted as answered; a body too slow to
	// stream is submitted again (body.go).
	if inv.Batch == nil && err.Code != call.CodeBodySlow {
		s.e.stats.failed.Add(1)
	}
	s.e.rec.finished(inv)
	inv.Finish(err)
}

func fromWire(w *worker.WireError) *call.Error { return &call.Error{Code: w.Code, Message: w.Message} }
