package engine

import (
	"errors"
	"fmt"
	"gpufn/call"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"gpufn/shm"
	"gpufn/worker"
)

// slot is one worker process and the goroutine that owns it. The Auto mode's whole-GPU worker
// is a slot too, without a goroutine: the holder of the engine's exclusive token drives it.
type slot struct {
	e      *Engine
	idx    int
	id     string
	in     chan *call.Invocation // capacity 1; only sent to when the slot is taken off the idle stack
	noPool bool                  // the worker starts without a pool (the whole-GPU worker)
	env    []string              // overrides Config.Env when set
	ctl    *control              // the pool change asked for with ctlMsg

	// Owned by the slot goroutine (or the exclusive holder, for the whole-GPU slot).
	proc  Worker
	gen   uint64            // the engine's teardown generation when proc started
	libs  map[[32]byte]bool // libraries this worker has loaded
	funcs map[uint64]bool   // plans this worker has
	req   worker.Invoke
	res   worker.Result
	parts [][]byte
	// pend holds the invocation sent to the worker in each context; order is the contexts of
	// those not answered yet, oldest first (the worker answers in the order it was sent work).
	pend  [2]pending
	order []int
	// held is whose data each context may still hold (inputs stay until the context's next
	// use): before an invocation is sent, every other context holding another function's or
	// another caller's data is scrubbed (see isolate).
	held [2]holder
	// broken is set when a request could not be written while another was in flight: part of
	// it may be in the pipe, so nothing more is sent and the worker is replaced once the
	// requests in flight are answered.
	broken error
	failed int // consecutive start failures
	// inline is set while a submitter drives the slot (SubmitInline): nothing is sent behind
	// the invocation it runs, so that the submitter returns once its own is answered.
	inline bool
	// lent is set (under the engine's lock) when a submitter takes the slot off the idle stack
	// to run an invocation itself; the slot goroutine, waiting for work meanwhile, touches
	// nothing of the slot until the submitter sends lentBack, and clears it then.
	lent atomic.Bool
	// reclaim (guarded by the engine's lock) is set when the slot goroutine, woken by its
	// worker's death while a submitter had the slot, waits for lentBack.
	reclaim bool
	// parked is set while the slot goroutine waits for work without spinning (Engine.wait):
	// only then does SubmitInline take the slot over.
	parked atomic.Bool
	// watching: the slot looks at the queue while it spins for a result (Config.NoWatch); seen
	// is the engine's count of submissions when the slot last looked.
	watching bool
	seen     uint64

	mu       sync.Mutex // guards the fields below, read by Stats and terminate
	live     Worker
	torn     bool   // live was killed by a teardown of the fault domain
	runs     uint64 // invocations answered by this slot
	up       bool
	pid      int
	pool     uint64
	restarts int
	lastErr  string
	helloMsg *worker.Hello
}

func (s *slot) stats() call.WorkerStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return call.WorkerStats{ID: s.id, PID: s.pid, Up: s.up, PoolBytes: s.pool, Restarts: s.restarts, Invocations: s.runs, LastError: s.lastErr}
}

func (s *slot) hello() *worker.Hello {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.up {
		return nil
	}
	return s.helloMsg
}

func (s *slot) setUp(p Worker) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.live = p
	counted := s.idx >= 0 // the whole-GPU worker does not count for readiness
	if p != nil {
		s.up, s.pid, s.pool, s.helloMsg = true, p.PID(), p.Hello().PoolBytes, p.Hello()
		if counted {
			s.e.stats.up.Add(1)
		}
	} else if s.up {
		s.up = false
		if counted {
			s.e.stats.up.Add(-1)
		}
	}
}

func (s *slot) setPool(n uint64) {
	s.mu.Lock()
	s.pool = n
	s.mu.Unlock()
}

func (s *slot) note(err error) {
	s.mu.Lock()
	s.lastErr = err.Error()
	s.mu.Unlock()
}

// terminate kills the slot's worker from another goroutine (a teardown of the fault domain).
func (s *slot) terminate() {
	s.mu.Lock()
	p := s.live
	if p != nil {
		s.torn = true
	}
	s.mu.Unlock()
	if p != nil {
		p.Terminate()
	}
}

// wasTorn reports (and forgets) whether a teardown killed the current worker.
func (s *slot) wasTorn() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.torn
	s.torn = false
	return t
}

// lentBack is what a submitter that ran an invocation on an idle slot itself (SubmitInline)
// sends on the slot's channel when done: the slot goroutine owns the slot again.
var lentBack = new(call.Invocation)

// ctlMsg is what the engine sends on a slot's channel to make it change its worker's pool; the
// request itself is in the slot's ctl, written before the send.
var ctlMsg = new(call.Invocation)

// loop is the slot goroutine: keep a worker up, take invocations, run them.
func (s *slot) loop() {
	e := s.e
	defer e.wg.Done()
	defer s.stop()
	for {
		if !s.ensure() {
			s.drainHandoff()
			return
		}
		// Read before next: once on the idle stack, a submitter may take the slot over (see
		// SubmitInline), and the goroutine touches nothing of it until it gets it back.
		dead := s.proc.Done()
		inv := e.sched.next(s)
		if inv == nil {
			var ok bool
			inv, ok = s.wait(dead)
			if !ok {
				select {
				case <-e.quit:
					s.awaitLent()
					s.drainHandoff()
					return
				default:
				}
				// The worker died while idle, or while a submitter ran an invocation on it
				// (which then sees it die and deals with it). Leave the idle stack; if the slot
				// is not on it, an invocation was handed to it (it runs on the new worker) or
				// a submitter has it and sends lentBack when done.
				if !e.sched.leaveIdle(s) {
					select {
					case inv = <-s.in:
					case <-e.quit:
						s.awaitLent()
						s.drainHandoff()
						return
					}
				}
				if inv == lentBack {
					s.returned()
					continue
				}
				s.lost(errors.New("the worker exited while idle"))
				if inv == nil {
					continue
				}
				if !s.ensure() {
					excl := inv.Sched.Exclusive
					s.answerDraining(inv)
					e.sched.doneRunning(excl)
					return
				}
			}
		}
		if inv == lentBack {
			s.returned()
			continue
		}
		excl := inv.Sched.Exclusive // read before inv is answered: its owner may reuse it at once
		s.dispatch(inv)
		e.sched.doneRunning(excl)
	}
}

// runLent runs inv for the submitting goroutine (SubmitInline), which took the slot off the
// idle stack and drives it meanwhile, then gives the slot back.
func (s *slot) runLent(inv *call.Invocation) {
	p := s.proc
	s.inline = true
	s.dispatch(inv)
	s.inline = false
	s.giveBack(p)
}

// giveBack ends a submitter's use of the slot. When the slot still has the worker it had when
// it was lent (p), that worker lives, and the slot goroutine still waits for work on it, the
// slot goes back on the idle stack (or straight to the next queued invocation) without waking
// its goroutine. Otherwise (the worker was lost or replaced meanwhile, the goroutine saw it
// die, or the engine is draining) the goroutine takes the slot back with lentBack.
func (s *slot) giveBack(p Worker) {
	e := s.e
	e.sched.mu.Lock()
	if !s.reclaim && !e.sched.draining && s.proc == p && p != nil && !isClosed(p.Done()) {
		s.lent.Store(false)
		e.sched.running--
		e.sched.idle = append(e.sched.idle, s)
		e.sched.kickLocked()
		e.sched.mu.Unlock()
		return
	}
	s.reclaim = false
	e.sched.mu.Unlock()
	s.in <- lentBack // capacity 1, and nothing else is sent to a slot off the idle stack
}

func isClosed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// returned takes the slot back from a submitter that ran an invocation on it.
func (s *slot) returned() {
	e := s.e
	e.sched.mu.Lock()
	s.lent.Store(false)
	s.reclaim = false // set if the goroutine also woke for the worker's death
	e.sched.running--
	e.sched.kickLocked()
	e.sched.mu.Unlock()
}

// lendLocked takes the most recently idle slot off the idle stack, lent to the submitter of
// inv to run it itself (SubmitInline), when inv may run so: nothing runs alone and inv need not,
// nothing is queued, and the slot is lendable.
func (q *sched) lendLocked(inv *call.Invocation, gen uint64) *slot {
	if inv.Sched.Exclusive || q.exclusive || q.q.len() > 0 || len(q.idle) == 0 || !q.idle[len(q.idle)-1].lendable(gen) {
		return nil
	}
	s := q.idle[len(q.idle)-1]
	q.idle = q.idle[:len(q.idle)-1]
	q.running++
	s.lent.Store(true)
	return s
}

// lendable reports, under the dispatch state's lock, whether a submitter may take this idle slot over
// (SubmitInline): its goroutine has parked, and its worker is not known to be dead or doomed by
// a teardown (the goroutine replaces such a worker; a submitter would do it on the HTTP
// handler's goroutine, without the queue's deadline check). Its goroutine wrote proc and gen
// before it went on the idle stack, and changes them only after leaving it.
func (s *slot) lendable(gen uint64) bool {
	return s.parked.Load() && s.proc != nil && !isClosed(s.proc.Done()) && s.gen >= gen
}

// awaitLent waits, when a submitter is running an invocation on the slot, until it is done.
func (s *slot) awaitLent() {
	if s.lent.Load() {
		if inv := <-s.in; inv == lentBack {
			s.returned()
		} else {
			s.in <- inv // not sent while lent; drainHandoff answers it
		}
	}
}

// dispatch runs whatever the slot was handed.
func (s *slot) dispatch(inv *call.Invocation) {
	// The worker may have died (or been torn down) while the invocation was on its way. One
	// that started before the latest teardown may be doomed by it (under MPS a fault takes down
	// every client, asynchronously): it is replaced before it runs anything.
	if s.proc != nil && s.gen < s.e.faults.generation() {
		s.lost(errors.New("it started before the fault domain was last torn down"))
	}
	if !s.ensure() {
		s.answerDraining(inv)
		return
	}
	switch {
	case inv == ctlMsg:
		s.ctl.done <- s.poolCmd(s.ctl.bytes)
	case inv.Sched.Whole:
		s.e.runWhole(s, inv)
	default:
		s.run(inv)
	}
}

// drainHandoff answers an invocation handed to this slot just before the engine quit.
func (s *slot) drainHandoff() {
	select {
	case inv := <-s.in:
		if inv == lentBack {
			s.returned()
			return
		}
		excl := inv.Sched.Exclusive
		s.answerDraining(inv)
		s.e.sched.doneRunning(excl)
	default:
	}
}

func (s *slot) answerDraining(inv *call.Invocation) {
	if inv == ctlMsg {
		s.ctl.done <- errors.New("the engine is shutting down")
		return
	}
	inv.Finish(call.Errorf(call.CodeDraining, "the server is shutting down"))
}

// ensure starts a worker if none is up, retrying with back-off. It returns false when the
// engine quits first.
func (s *slot) ensure() bool {
	if s.proc != nil {
		select {
		case <-s.proc.Done():
			s.lost(errors.New("the worker exited"))
		default:
			return true
		}
	}
	e := s.e
	env := e.cfg.Env
	if s.env != nil {
		env = s.env
	}
	for {
		select {
		case <-e.quit:
			return false
		default:
		}
		gen := e.faults.generation()
		p, err := e.cfg.Start(worker.StartOptions{
			Binary: e.cfg.Binary, Args: e.cfg.Args, ID: s.id,
			Device: e.cfg.Device, Ordinal: e.cfg.Ordinal, PoolBytes: e.cfg.PoolBytes, NoPool: s.noPool,
			Contexts: s.contexts(), ContextBytes: e.cfg.ContextBytes, Env: env, Spin: e.cfg.spin(), ReplySpin: e.cfg.replySpin(), NoGraphs: e.cfg.NoGraphs,
			StartTimeout: e.cfg.StartTimeout, LogLevel: e.cfg.LogLevel, Log: e.cfg.Log,
		})
		if err == nil {
			s.proc, s.gen, s.failed = p, gen, 0
			s.libs, s.funcs = map[[32]byte]bool{}, map[uint64]bool{}
			s.held, s.broken = [2]holder{}, nil // fresh contexts: zero-filled memfds
			s.wasTorn()
			s.setUp(p)
			e.log.Info("worker up", zap.String("worker", s.id), zap.Int("pid", p.PID()), zap.Uint64("pool_bytes", p.Hello().PoolBytes))
			return true
		}
		s.failed++
		s.note(err)
		back := time.Duration(1<<min(s.failed-1, 7)) * 100 * time.Millisecond // 0.1 s .. 12.8 s
		e.log.Error("worker failed to start", zap.String("worker", s.id), zap.Int("attempt", s.failed), zap.Duration("retry_in", back), zap.Error(err))
		select {
		case <-e.quit:
			return false
		case <-time.After(back):
		}
	}
}

// lost forgets a worker that died or was killed.
func (s *slot) lost(why error) {
	if s.proc == nil {
		return
	}
	s.proc.Kill() // reaps it and releases pipes and contexts
	s.proc = nil
	s.setUp(nil)
	s.mu.Lock()
	s.restarts++
	s.mu.Unlock()
	s.e.stats.restarts.Add(1)
	s.e.log.Warn("worker lost; restarting", zap.String("worker", s.id), zap.String("why", why.Error()))
}

func (s *slot) stop() {
	if s.proc != nil {
		t0 := time.Now()
		s.proc.Stop(s.e.cfg.StopGrace)
		if took := time.Since(t0); took > time.Second {
			s.e.log.Warn("a worker was slow to stop", zap.String("worker", s.id), zap.Duration("took", took))
		}
		s.proc = nil
		s.setUp(nil)
	}
}

// poolCmd makes the worker give its pool back (0) or take one of n bytes.
func (s *slot) poolCmd(n uint64) error {
	if s.proc == nil {
		return errors.New("no worker")
	}
	id := s.proc.NextID()
	cmd := &worker.PoolCmd{ID: id, Bytes: n}
	deadline := time.Now().Add(time.Minute)
	err := s.proc.Send(worker.MsgPool, cmd, id, deadline)
	if err == nil {
		err = s.await(id, &s.res, deadline, false)
	}
	if err != nil {
		s.lost(err)
		return err
	}
	if s.res.Err != nil {
		return s.res.Err
	}
	if n == worker.PoolAll {
		n = 0
		if len(s.res.Outputs) > 0 {
			n = s.res.Outputs[0].Len // the worker reports what it took
		}
	}
	s.setPool(n)
	return nil
}

// outcome classifies how an invocation ended, for the fault domain.
type outcome int

const (
	ok       outcome = iota // answered (success or a per-call error)
	gpuFault                // the device was lost, the worker died, or it overran its deadline
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

// contexts is how many shared-memory contexts the slot's worker gets: two when the slot
// pipelines (it prepares the next invocation in one while the worker runs the other), else one.
func (s *slot) contexts() int {
	if s.e.cfg.NoPipeline || s.idx < 0 {
		return 1
	}
	return 2
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
	for j := range s.proc.Contexts() {
		h := &s.held[j]
		if j == ci || !h.set || h.fn == inv.Fn.ID && h.tenant == inv.Tenant {
			continue
		}
		s.proc.Context(j).Scrub()
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
		s.lost(fmt.Errorf("a request could not be written whole: %w", s.broken))
		s.broken = nil
	}
}

// canPrefetch reports whether another invocation may be sent to the worker now: a context
// is free, nothing went wrong writing to the worker, and no submitter drives the slot.
func (s *slot) canPrefetch() bool {
	return !s.inline && len(s.order) < s.proc.Contexts() && s.broken == nil
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
		return s.proc.ReceiveParked(id, res, deadline)
	}
	var until time.Time
	for i := 0; ; i++ {
		if got, err := s.proc.Poll(id, res, deadline); got {
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
			return s.proc.ReceiveParked(id, res, deadline)
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
	if s.gen < s.e.faults.generation() || !s.funcs[busy.fn.ID] || !s.libs[busy.fn.Lib.Hash] {
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
	ctx := s.proc.Context(ci)
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
	r.ID = s.proc.NextID()
	p.id = r.ID
	p.sent = time.Now()
	p.start = p.sent
	err := s.proc.Send(worker.MsgInvoke, r, r.ID, inv.Deadline)
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
		err = s.proc.ReceiveParked(p.id, &s.res, deadline) // the worker has its next request
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
	ctx := s.proc.Context(ci)
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
	s.mu.Lock()
	s.runs++
	s.mu.Unlock()
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
	s.lost(err)
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
	gen := s.gen
	victim := s.wasTorn()
	s.lost(err)
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
	gen := s.gen
	victim := s.wasTorn() // a teardown (by another worker's failure) killed this worker
	s.lost(why)
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

// wait blocks until an invocation arrives on s.in, the worker dies, or the engine quits,
// according to the polling policy.
func (s *slot) wait(dead <-chan struct{}) (*call.Invocation, bool) {
	e := s.e
	if e.cfg.idleSpins() {
		var deadline time.Time
		for i := 0; ; i++ {
			select {
			case inv := <-s.in:
				return inv, true
			case <-dead:
				return nil, false
			case <-e.quit:
				return nil, false
			default:
			}
			if e.cfg.Policy == PolicyHybrid {
				if i == 0 {
					deadline = time.Now().Add(e.cfg.SpinFor)
				} else if i&63 == 0 && time.Now().After(deadline) {
					break
				}
			}
			runtime.Gosched()
		}
	}
	s.parked.Store(true)
	defer s.parked.Store(false)
	select {
	case inv := <-s.in:
		return inv, true
	case <-dead:
		return nil, false
	case <-e.quit:
		return nil, false
	}
}
