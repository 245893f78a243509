package engine

import (
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/shm"
	"gpufn/worker"
)

// pending is an invocation sent to the slot's worker, in one of its contexts.
type pending struct {
	inv        *call.Invocation // nil once answered early (see waited); its result is read and dropped
	fn         *call.Function
	tenant     string
	inputs     []shm.Span
	out        shm.Span
	id         uint64    // the request's ID
	sent       time.Time // when the request was written
	start      time.Time // when the worker could start on it: sent, or the answer before it
	attempt    int       // 1 once sent again after the worker had dropped its code
	prefetched bool      // taken by the slot while another ran: the slot counts it done
	// dropAt is the read deadline of an invocation answered early (inv nil).
	dropAt time.Time
}

// holder names whose data a context may hold: one function's, for one caller.
type holder struct {
	set    bool
	fn     uint64 // Function.ID: a registration
	tenant string
}

// isolate is called before inv's inputs go into context ci: every other context that may hold
// data of another function or another caller is zeroed, so that while inv's kernels run, the
// worker's pinned memory holds nothing but data of inv's function and caller (docs/security.md).
// Inputs stay in a context until its next use, so after a pipelined run the other context still
// holds the last input of the run's caller. A context zeroed here is idle: the only contexts the
// worker may use meanwhile are those of requests in flight, which hold data of inv's function
// and caller (slot.prefetch sends nothing else).
func (s *slot) isolate(ci int, inv *call.Invocation) {
	for j := range s.life.w.Contexts() {
		h := &s.held[j]
		if j == ci || !h.set || h.fn == inv.Fn.ID && h.tenant == inv.Tenant {
			continue
		}
		s.life.w.Context(j).Scrub()
		*h = holder{}
	}
	s.held[ci] = holder{set: true, fn: inv.Fn.ID, tenant: inv.Tenant}
}

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
	for len(s.order) > 0 {
		// Counted before prefetch looks at the queue, so that the watch (during receive)
		// looks again at anything submitted after that.
		s.seen = s.e.sched.queued.Load()
		if s.canPrefetch() {
			s.prefetch()
		}
		s.receive()
	}
	if s.broken != nil {
		s.life.lost(fmt.Errorf("a request could not be written whole: %w", s.broken))
		s.broken = nil
	}
}

// canPrefetch reports whether another invocation may be sent to the worker now: a context
// is free, nothing went wrong writing to the worker, and no submitter drives the slot.
func (s *slot) canPrefetch() bool {
	return !s.lease.inline && len(s.order) < s.life.w.Contexts() && s.broken == nil
}

// watch is called while receive spins for a result (see await): when
// a context is free and something was submitted since the slot last looked, it tries
// prefetch, so that an invocation submitted during the run is sent behind the running one at
// once. Without it, a slot looks at the queue only between results, and with several workers
// sharing one queue it is often empty at that moment while it fills during the run: the
// invocation then waited for the running one's result, its answer and a slot's next turn
// (copies and a pipe round trip during which the worker idles). It watches as long as the
// reply spin lasts (at least 1 ms with the default hybrid policy, not at all with --poll
// block).
func (s *slot) watch() {
	if !s.canPrefetch() {
		return
	}
	// A new submission is what usually gives prefetch something to take. A matching
	// invocation can also come to the head otherwise (another slot took a head that did not
	// match, the janitor answered an expired one, a slot put work back): it then waits for
	// the running one's result, as it did before there was a watch.
	if n := s.e.sched.queued.Load(); n != s.seen {
		s.seen = n
		s.prefetch()
	}
}

// await waits for the result of request id until deadline: it spins on the worker's Poll for
// the reply spin of the polling policy (Engine.replySpin), looking at the queue every 256 turns
// when watching (see watch), then parks. A turn that finds nothing costs the worker a load of
// its reply doorbell; the clock is read every 1024 turns.
func (s *slot) await(id uint64, res *worker.Result, deadline time.Time, watching bool) error {
	spin := s.e.cfg.replySpin()
	if spin == 0 {
		return s.life.w.ReceiveParked(id, res, deadline)
	}
	var until time.Time
	for i := 0; ; i++ {
		if got, err := s.life.w.Poll(id, res, deadline); got {
			return err
		}
		if watching && i&255 == 255 {
			s.watch()
		}
		if i&1023 != 0 {
			continue
		}
		now := time.Now()
		if i == 0 {
			until = now.Add(spin)
		}
		if !deadline.IsZero() && now.After(deadline) || spin != worker.SpinForever && now.After(until) {
			// Parked, or at once worker.ErrDeadline (unless the reply came just now).
			return s.life.w.ReceiveParked(id, res, deadline)
		}
	}
}

// prefetch sends the next queued invocation while another runs, when the next is of the same
// function and the same caller, and the worker has its code. The same function and caller only:
// kernels can read and write the worker's pinned contexts, so while one runs, the other context
// may hold nothing its function and its caller could not see anyway (docs/security.md).
func (s *slot) prefetch() {
	busy := &s.pend[s.order[0]]
	free := 1 - s.order[0]
	until := busy.dropAt // the worker is done with busy by then: answered, or killed
	if busy.inv != nil {
		until = busy.inv.Deadline
	}
	if s.life.gen < s.e.faults.generation() || !s.funcs[busy.fn.ID] || !s.libs[busy.fn.Lib.Hash] {
		return // its worker is doomed by a teardown, or lacks the function's code
	}
	inv := s.e.sched.takeBehind(busy.fn, busy.tenant, until)
	if inv == nil {
		return
	}
	if s.start(inv, free, true) {
		s.e.stats.pipelined.Add(1)
	}
}

// start copies inv's inputs into context ci and sends it to the worker. It returns false when
// inv was answered (or put back) instead.
func (s *slot) start(inv *call.Invocation, ci int, prefetched bool) bool {
	e := s.e
	now := time.Now()
	inv.Timing.Queue = now.Sub(inv.Sched.Enqueued)
	if now.After(inv.Deadline) {
		s.failTaken(inv, prefetched, call.Errorf(call.CodeDeadline, "the deadline passed while the invocation was queued (%v in the queue)", inv.Timing.Queue.Round(time.Millisecond)))
		return false
	}
	if inv.Fn.Quarantined() {
		s.failTaken(inv, prefetched, call.Errorf(call.CodeQuarantined, "function %q faulted or overran %d times in a row; register it again to lift the quarantine", inv.Fn.Name, e.cfg.QuarantineAfter))
		return false
	}
	s.isolate(ci, inv)
	ctx := s.life.w.Context(ci)
	ctx.Begin()
	p := &s.pend[ci]
	p.inputs = p.inputs[:0]
	for _, in := range inv.Inputs {
		sp, err := ctx.PutInput(in)
		if err != nil {
			s.failTaken(inv, prefetched, call.Errorf(call.CodeTooLarge, "%v", err))
			return false
		}
		p.inputs = append(p.inputs, sp)
	}
	p.out = ctx.OutputArea()
	inv.Timing.CopyIn = time.Since(now)
	p.inv, p.fn, p.tenant, p.attempt, p.prefetched, p.dropAt = inv, inv.Fn, inv.Tenant, 0, prefetched, time.Time{}
	return s.send(ci)
}

// send writes the request of the invocation in context ci (again, after the worker dropped its
// code) and queues it for receive.
func (s *slot) send(ci int) bool {
	p := &s.pend[ci]
	inv := p.inv
	r := &s.req
	r.Inputs, r.Output, r.Context = p.inputs, p.out, uint32(ci)
	r.FuncID = inv.Fn.ID
	r.Lib.Hash, r.Lib.Kind = inv.Fn.Lib.Hash, inv.Fn.Lib.Kind
	r.LaunchLimit = inv.LaunchLimit
	r.Config, r.Lib.Image = nil, nil
	if !s.funcs[inv.Fn.ID] {
		r.Config = inv.Fn.Config
	}
	if !s.libs[inv.Fn.Lib.Hash] {
		r.Lib.Image = inv.Fn.Lib.Image
	}
	r.ID = s.life.w.NextID()
	p.id = r.ID
	p.sent = time.Now()
	p.start = p.sent
	err := s.life.w.Send(worker.MsgInvoke, r, r.ID, inv.Deadline)
	r.Config, r.Lib.Image, r.Inputs = nil, nil, nil
	if err != nil {
		if len(s.order) > 0 {
			// Another request is in flight: this one never reached the worker whole (part of
			// it may be in the pipe, so nothing more is sent to this worker; it is replaced
			// once the earlier ones are answered). It waits for the next worker; receiving the
			// earlier one's result tells what happened.
			s.broken = err
			s.putBack(p)
			return false
		}
		s.callFailed(inv, err)
		s.settle(p)
		return false
	}
	s.order = append(s.order, ci)
	return true
}

// receive reads the result of the oldest invocation in flight and answers it.
func (s *slot) receive() {
	e := s.e
	ci := s.order[0]
	p := &s.pend[ci]
	deadline := p.dropAt
	if p.inv != nil {
		deadline = p.inv.Deadline
	}
	var err error
	if e.parkPipelined && len(s.order) > 1 {
		err = s.life.w.ReceiveParked(p.id, &s.res, deadline) // the worker has its next request
	} else {
		err = s.await(p.id, &s.res, deadline, s.watching)
	}
	got := time.Now()
	s.order = append(s.order[:0], s.order[1:]...)
	if err != nil {
		// The worker is lost; the invocations sent after this one never started.
		if p.inv == nil {
			s.dropFailed(p, err)
		} else {
			s.callFailed(p.inv, err)
		}
		s.settle(p)
		s.putBackRest()
		return
	}
	if len(s.order) > 0 {
		s.waited(&s.pend[s.order[0]], got)
	}
	ctx := s.life.w.Context(ci)
	if p.inv == nil { // answered already: drop the result, clear what it wrote
		s.dropped(p, ctx)
		return
	}
	inv := p.inv
	st := &s.res.Stages
	inv.Timing.Queue += p.start.Sub(p.sent) // waiting in the pipe behind the one before it
	inv.Timing.IPC = max(0, got.Sub(p.start)-time.Duration(st.Total))
	inv.Timing.Load, inv.Timing.H2D, inv.Timing.Kernel = time.Duration(st.Load), time.Duration(st.H2D), time.Duration(st.Kernel)
	inv.Timing.D2H, inv.Timing.Zero = time.Duration(st.D2H), time.Duration(st.Zero)
	inv.Timing.Graph = st.Graph
	inv.Timing.Worker = time.Duration(st.Total)
	if w := s.res.Err; w != nil {
		// The worker may have dropped its cache entry; send the payload again, once.
		if p.attempt == 0 && (w.Code == call.CodeLibraryMissing || w.Code == call.CodeFunctionMissing) {
			delete(s.libs, inv.Fn.Lib.Hash)
			delete(s.funcs, inv.Fn.ID)
			if s.broken != nil { // nothing more goes to this worker: it runs on the next
				s.putBack(p)
				return
			}
			p.attempt++
			s.send(ci)
			return
		}
		if w.Fatal {
			s.gpuFailure(inv, fromWire(w), fmt.Errorf("its device was lost: %s", w.Message))
			s.settle(p)
			s.putBackRest() // they cannot run on a lost device
			return
		}
		if w.Code != call.CodeLibraryInvalid {
			s.libs[inv.Fn.Lib.Hash] = true
			s.funcs[inv.Fn.ID] = true
		}
		wipeOutputs(ctx, w)
		s.fail(inv, fromWire(w))
		s.settle(p)
		return
	}
	s.libs[inv.Fn.Lib.Hash] = true
	s.funcs[inv.Fn.ID] = true
	inv.Fn.Cleared()
	// Outputs: copy them out of the context.
	t := time.Now()
	s.parts = s.parts[:0]
	for _, sp := range s.res.Outputs {
		b, err := ctx.Slice(sp)
		if err != nil {
			s.brokenReply(p, err)
			return
		}
		s.parts = append(s.parts, b)
	}
	if len(s.parts) != len(inv.Fn.Plan.Outputs) {
		s.brokenReply(p, fmt.Errorf("worker answered with %d outputs; the function has %d", len(s.parts), len(inv.Fn.Plan.Outputs)))
		return
	}
	high, _ := s.outputsEnd(ctx)
	inv.SetOutputs(s.parts)
	inv.Timing.CopyOut = time.Since(t)
	ctx.Written(high)
	e.stats.completed.Add(1)
	s.life.ran()
	inv.Finish(nil)
	s.settle(p)
	ctx.Retire() // after the answer: the outputs were copied out
}

// outputsEnd is the end of the furthest output span of the result just received.
func (s *slot) outputsEnd(ctx *shm.Context) (uint64, bool) {
	var high uint64
	for _, sp := range s.res.Outputs {
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
// now. If p's deadline passed while it waited, it is answered at once (it is still run, and its
// result dropped: the worker cannot be told to skip it).
func (s *slot) waited(p *pending, t time.Time) {
	p.start = p.sent
	if t.After(p.sent) {
		p.start = t
	}
	inv := p.inv
	if inv == nil || !t.After(inv.Deadline) {
		return
	}
	inv.Timing.Queue = t.Sub(inv.Sched.Enqueued)
	p.dropAt = t.Add(inv.Sched.Timeout)
	p.inv = nil
	s.fail(inv, call.Errorf(call.CodeDeadline, "the deadline passed while the invocation waited for the worker (%v)", inv.Timing.Queue.Round(time.Millisecond)))
	s.settle(p)
}

// dropped takes the result of an invocation answered early (see waited).
func (s *slot) dropped(p *pending, ctx *shm.Context) {
	if w := s.res.Err; w != nil {
		switch {
		case w.Fatal:
			s.dropFailed(p, fmt.Errorf("its device was lost: %s", w.Message))
			s.putBackRest()
			return
		case w.Code == call.CodeLibraryMissing || w.Code == call.CodeFunctionMissing:
			delete(s.libs, p.fn.Lib.Hash)
			delete(s.funcs, p.fn.ID)
		}
		wipeOutputs(ctx, w)
	}
	if high, ok := s.outputsEnd(ctx); ok {
		ctx.Written(high)
	}
	ctx.Retire()
}

// dropFailed handles the loss of the worker while it ran an invocation that was answered
// already (see waited).
func (s *slot) dropFailed(p *pending, err error) {
	gen := s.life.gen
	victim := s.life.wasTorn()
	s.life.lost(err)
	if errors.Is(err, worker.ErrDeadline) {
		s.strike(p.fn)
	}
	if s.e.cfg.SharedFaultDomain && !victim {
		s.e.teardown(s, gen)
	}
}

// putBackRest puts back every invocation still in flight (see putBack): the worker was lost
// before it started them. It is called once the loss has been handled, a teardown of the fault
// domain included: an idle slot may take them at once, and must not send them to a worker that
// the teardown is about to kill (they would be counted its victims and re-run alone).
func (s *slot) putBackRest() {
	for _, cj := range s.order {
		s.putBack(&s.pend[cj])
	}
	s.order = s.order[:0]
}

// putBack returns an invocation that was sent but never started (the worker was lost first)
// to the head of the queue, as it was.
func (s *slot) putBack(p *pending) {
	if p.inv != nil {
		s.e.sched.putBack(p.inv)
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
	s.fail(inv, err)
	if prefetched {
		s.e.sched.doneRunning(false)
	}
}

// callFailed handles a call that got no result: the worker overran the deadline, died, or
// broke the protocol. The worker is replaced.
func (s *slot) callFailed(inv *call.Invocation, err error) {
	switch {
	case errors.Is(err, worker.ErrDeadline):
		s.gpuFailure(inv, call.Errorf(call.CodeDeadline, "the invocation overran its deadline; its kernel was stopped (the worker was killed and is being replaced)"), errors.New("it overran an invocation's deadline"))
	case errors.Is(err, worker.ErrWorkerExited):
		s.gpuFailure(inv, call.Errorf(call.CodeExited, "the worker running the invocation exited (%v)", err), err)
	default:
		s.gpuFailure(inv, call.Errorf(call.CodeInternal, "talking to the worker: %v", err), err)
	}
}

// gpuFailure handles a worker lost while running inv. With a private fault domain the
// invocation is the cause and is answered. With a shared one (MPS) every worker of the GPU is
// lost, so nobody can tell the culprit from its neighbours yet: unless inv ran alone, it is
// requeued to run again alone, and only a failure when alone is answered.
func (s *slot) gpuFailure(inv *call.Invocation, answer *call.Error, why error) {
	e := s.e
	gen := s.life.gen
	victim := s.life.wasTorn() // a teardown (by another worker's failure) killed this worker
	s.life.lost(why)
	if !e.cfg.SharedFaultDomain {
		if answer.Code != call.CodeExited && answer.Code != call.CodeInternal {
			s.strike(inv.Fn)
		}
		s.fail(inv, answer)
		return
	}
	if victim && inv.Sched.Reruns < maxReruns {
		e.requeue(inv)
		return
	}
	e.teardown(s, gen)
	if inv.Sched.Exclusive || inv.Sched.Reruns > 0 {
		// It ran alone: the failure is its own.
		if answer.Code != call.CodeExited && answer.Code != call.CodeInternal {
			s.strike(inv.Fn)
		}
		s.fail(inv, answer)
		return
	}
	e.log.Info("invocation interrupted by a GPU-wide fault; it runs again alone", zap.String("function", inv.Fn.Name), zap.String("was", string(answer.Code)))
	e.requeue(inv)
}

// maxReruns bounds how often one invocation runs again after GPU-wide faults it did not cause.
const maxReruns = 3

// strike counts a fault or overrun against a function and quarantines it after too many in a
// row.
func (s *slot) strike(fn *call.Function) {
	if fn.Strike(s.e.cfg.QuarantineAfter) {
		s.e.log.Warn("function quarantined", zap.String("function", fn.Name), zap.Int("strikes", s.e.cfg.QuarantineAfter))
	}
}

func (s *slot) fail(inv *call.Invocation, err *call.Error) {
	s.e.stats.failed.Add(1)
	inv.Finish(err)
}

func fromWire(w *worker.WireError) *call.Error { return &call.Error{Code: w.Code, Message: w.Message} }
