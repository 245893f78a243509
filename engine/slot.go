package engine

import (
	"errors"
	"runtime"
	"sync/atomic"
	"time"

	"gpufn/call"
)

// slot is one worker of the engine and what drives it. Its goroutine (loop) keeps the worker
// up, takes invocations from the queue and runs them; while the slot is lent (lease.go) a
// borrower drives it instead and the goroutine touches nothing of it. The Auto mode's
// whole-GPU worker is a slot without a goroutine: the holder of the exclusive token drives it
// (whole.go). Whoever drives the slot owns life's worker and the in-flight state; the
// other fields are set at New and read-only.
type slot struct {
	e  *Engine
	id string
	// rescue: a rescue worker's slot (rescue.go), driven by its own goroutine (rescueLoop).
	rescue bool
	// in carries invocations handed to the slot from the queue (sched.kickLocked): capacity 1,
	// sent to only when the slot is taken off the idle stack.
	in chan *call.Invocation

	life  lifecycle // the worker process (lifecycle.go)
	lease lease     // lending the idle slot to another goroutine (lease.go)

	// Owned by whoever drives the slot: the worker's contexts and what is in flight on them
	// (inflight.go).
	pipe inflight
	// claimed is what the slot's driver took with its invocation (batch.go), for batch.
	claimed claim
	// preNext is the slot's place in the engine's preload log (written by the slot goroutine,
	// read by Stats), preKick wakes its goroutine when a function is published (preload.go).
	preNext atomic.Uint64
	preKick chan struct{}
	// dropNext is the slot's place in the engine's drop log (drops.go), owned by whoever
	// drives the slot.
	dropNext uint64
	// idleAt is when the slot last went on the idle stack, and woken whether Prewake has woken
	// its worker since (prewake.go); both guarded by sched.mu.
	idleAt time.Time
	woken  bool
	// ended is set when the slot goroutine returns (the engine quit, or its worker never
	// started at all within its tries): Stats counts no pending preloads for it.
	ended atomic.Bool
	// flight mirrors len(pipe.order), the requests in the worker, for other slots to read
	// (Engine.aloneInFlight): it rises before a request is written and falls only once its
	// result was handled, its worker's loss included.
	flight atomic.Int32
}

// newSlot makes the slot of worker idx (-1: the whole-GPU worker, without a pool while idle and
// with the whole-GPU environment).
func newSlot(e *Engine, idx int, id string) *slot {
	s := &slot{e: e, id: id, in: make(chan *call.Invocation, 1), preKick: make(chan struct{}, 1)}
	s.lease.back = make(chan struct{}, 1)
	s.life = lifecycle{e: e, id: id, counted: idx >= 0, env: e.cfg.Env, contexts: 2}
	if e.cfg.NoPipeline || idx < 0 {
		s.life.contexts = 1 // two when the slot pipelines: it prepares the next in one while the worker runs the other
	}
	if idx < 0 {
		s.life.noPool = true
		if e.cfg.WholeEnv != nil {
			s.life.env = e.cfg.WholeEnv
		}
	}
	return s
}

// wake is why a waiting slot goroutine woke up.
type wake int

const (
	wakeWork    wake = iota // an invocation was handed to it
	wakeBack                // a borrower gave the slot back (lease.back)
	wakeDead                // its worker died
	wakeQuit                // the engine quit
	wakePreload             // a function to preload was published (preload.go)
)

// loop is the slot goroutine: keep a worker up, take invocations, run them.
func (s *slot) loop() {
	e := s.e
	defer e.wg.Done()
	defer s.ended.Store(true)
	defer s.life.stop()
	for {
		s.dropDoomed() // not idle with a worker a teardown dooms: the domain waits for it (rescue.go)
		if !s.ensure() {
			s.drainHandoff()
			return
		}
		if s.life.gen < e.faults.generation() {
			continue // a teardown came while the worker started: it is doomed too
		}
		if s.dropIdle() { // drops.go: deleted weights first
			continue
		}
		if s.preloadIdle() { // preload.go: only while nothing waits
			continue
		}
		// Read before next: once on the idle stack, the slot may be lent, and the goroutine
		// touches nothing of it until it is given back.
		dead := s.life.w.Done()
		inv := e.sched.next(s)
		if inv == nil {
			var w wake
			switch inv, w = s.wait(dead); w {
			case wakeBack:
				s.returned()
				continue
			case wakeQuit:
				s.quit()
				return
			case wakePreload: // preload at the top of the loop, or run what was handed over
				var ok bool
				if inv, _, ok = s.offIdle(); !ok {
					return
				}
				if inv == nil {
					continue
				}
			case wakeDead:
				var ok bool
				if inv, ok = s.diedIdle(); !ok {
					return
				}
				if inv == nil {
					continue
				}
			}
		}
		excl := inv.Sched.Exclusive // read before inv is answered: its owner may reuse it at once
		s.dispatch(inv)
		e.sched.doneRunning(excl)
	}
}

// quit ends the slot goroutine's work at the engine's quit: a borrower still driving the slot
// is waited for, and an invocation handed over meanwhile answered.
func (s *slot) quit() {
	s.awaitLent()
	s.drainHandoff()
}

// diedIdle handles the death of the worker while the slot waited for work, or while a borrower
// drove it (which then sees the death and deals with it). It returns an invocation handed to
// the slot meanwhile, to run on a new worker, and false when the goroutine is to end.
func (s *slot) diedIdle() (*call.Invocation, bool) {
	inv, back, ok := s.offIdle()
	if !ok || back {
		return nil, ok
	}
	s.life.lost(errors.New("the worker exited while idle"))
	return inv, true // run by dispatch, which starts a worker (or defers it to a rescue worker)
}

// offIdle takes the slot, woken while it waited for work, back from the scheduler: off the idle
// stack if it is there (sched.leaveIdle); if not, an invocation was handed to it (returned) or a
// borrower has it (asked by leaveIdle to give it back: back, once it has). ok is false when the
// engine quit meanwhile.
func (s *slot) offIdle() (inv *call.Invocation, back, ok bool) {
	e := s.e
	if e.sched.leaveIdle(s) {
		return nil, false, true
	}
	select {
	case inv = <-s.in:
		return inv, false, true
	case <-s.lease.back:
		s.returned()
		return nil, true, true
	case <-e.quit:
		s.quit()
		return nil, false, false
	}
}

// wait blocks until an invocation is handed to the slot, a borrower gives it back, the worker
// dies (dead), or the engine quits, according to the polling policy: an idle goroutine spins
// for Config.SpinFor (for ever with the spin policy, not at all with block or on a small host,
// and under hybrid only while the server is quiet: Config.loadAllowsSpin) and then parks. Only a
// parked goroutine's slot is lent to a submitter (lease.parked).
func (s *slot) wait(dead <-chan struct{}) (*call.Invocation, wake) {
	e := s.e
	if e.cfg.idleSpins() && e.cfg.loadAllowsSpin() {
		var deadline time.Time
		for i := 0; ; i++ {
			select {
			case inv := <-s.in:
				return inv, wakeWork
			case <-s.lease.back:
				return nil, wakeBack
			case <-dead:
				return nil, wakeDead
			case <-e.quit:
				return nil, wakeQuit
			case <-s.preKick:
				return nil, wakePreload
			default:
			}
			if e.cfg.Policy == PolicyHybrid {
				if i == 0 {
					deadline = time.Now().Add(e.cfg.SpinFor)
				} else if i&63 == 0 && (time.Now().After(deadline) || !e.cfg.loadAllowsSpin()) {
					break
				}
			}
			runtime.Gosched()
		}
	}
	s.lease.parked.Store(true)
	defer s.lease.parked.Store(false)
	select {
	case inv := <-s.in:
		return inv, wakeWork
	case <-s.lease.back:
		return nil, wakeBack
	case <-dead:
		return nil, wakeDead
	case <-e.quit:
		return nil, wakeQuit
	case <-s.preKick:
		return nil, wakePreload
	}
}

// dispatch runs an invocation the slot took (or a submitter runs on it, lease.go).
func (s *slot) dispatch(inv *call.Invocation) {
	s.dropDoomed()
	if inv.Body != nil && (s.life.w == nil || isClosed(s.life.w.Done()) || inv.Sched.Whole || inv.Fn.Batching != nil) {
		// A streamed body goes straight to this worker's context or not at all: what follows
		// may hand inv on (a rescue worker, the queue, a batch), so it is read whole first.
		if !s.readBody(inv) { // body.go
			return
		}
	}
	if s.life.w == nil || isClosed(s.life.w.Done()) {
		// Its worker is down (or doomed, dropDoomed): inv goes to a rescue worker, or waits
		// for a start whose back-off may take long; what it claimed would wait outside the
		// queue, out of other slots' and the janitor's reach.
		s.unclaim()
	}
	if s.deferToRescue(inv) {
		return
	}
	if !s.ensure() {
		s.answerDraining(inv)
		return
	}
	if inv.Sched.Whole {
		s.e.runWhole(s, inv)
		return
	}
	if next := s.batch(inv, true); next != nil { // batch.go; nil: it joined another slot's batch
		s.run(next)
	}
}

// ensure starts a worker if none is up (lifecycle.ensure); a new one has fresh contexts and no
// code loaded. It returns false when the engine quits first.
func (s *slot) ensure() bool {
	ok, fresh := s.life.ensure()
	if fresh {
		s.pipe.reset(s.life.w.Hello().Device.Arch)
		s.preNext.Store(0)           // a new worker has nothing loaded: preload again (preload.go)
		s.dropNext = s.e.drops.end() // nor anything deleted before it (drops.go)
	}
	return ok
}

// drainHandoff answers an invocation handed to this slot just before the engine quit.
func (s *slot) drainHandoff() {
	select {
	case inv := <-s.in:
		excl := inv.Sched.Exclusive
		s.answerDraining(inv)
		s.e.sched.doneRunning(excl)
	default:
	}
}

func (s *slot) answerDraining(inv *call.Invocation) {
	inv.Finish(call.Errorf(call.CodeDraining, "the server is shutting down"))
}
