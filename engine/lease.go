package engine

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"gpufn/call"
)

// lease lends an idle slot to another goroutine, which then drives it: a submitter that runs its
// invocation on it itself (SubmitInline: an inline run), or the holder of the exclusive token
// changing the slot's worker's pool (whole.go). The slot is taken off the idle stack under
// sched.mu; its goroutine, waiting for work meanwhile (slot.wait), touches nothing of the slot
// (not its worker, not its in-flight state) until the slot is given back: straight onto the idle
// stack when its worker is unchanged and alive (the goroutine is not woken), otherwise through
// back, which wakes the goroutine to take it over again.
type lease struct {
	// lent is set under sched.mu when the slot is lent, cleared when it is back.
	lent atomic.Bool
	// parked is set by the slot goroutine while it waits for work without spinning: only then
	// does SubmitInline take the slot (a goroutine that spins keeps the queue, and pipelining).
	parked atomic.Bool
	// reclaim (under sched.mu) is set when the slot goroutine, woken by its worker's death
	// while the slot was lent, waits for it to come back through back.
	reclaim bool
	// inline is set while a submitter runs an invocation on the slot: nothing is sent behind
	// it, so that the submitter returns once its own is answered.
	inline bool
	// back (capacity 1) is where a borrower gives the slot back to its goroutine.
	back chan struct{}
}

// lendLocked takes the most recently idle slot off the idle stack, lent to the submitter of inv
// to run it itself (SubmitInline), when inv may run so: nothing runs alone and inv need not,
// nothing is queued, and the slot is lendable. An invocation with its caller's own deadline is
// not lent a slot: its submitter would drive the slot until the kernel ends, past that
// deadline, where the slot's goroutine answers it at the deadline (await.go).
// spinning: the slot's goroutine may still be spinning for work rather than parked (a
// streamed body, body.go, gains more from the lend than the queue loses).
func (q *sched) lendLocked(inv *call.Invocation, gen uint64, spinning bool) *slot {
	if inv.Sched.Exclusive || inv.Sched.CallerDeadline || q.exclusive || q.q.len() > 0 || len(q.idle) == 0 {
		return nil
	}
	s := q.idle[len(q.idle)-1]
	if !s.workerUp(gen) || !spinning && !s.lease.parked.Load() {
		return nil
	}
	q.idle = q.idle[:len(q.idle)-1]
	q.running++
	s.lease.lent.Store(true)
	return s
}

// lendable reports, under sched.mu, whether a submitter may take this idle slot over: its
// goroutine has parked, and its worker is not known to be dead or doomed by a teardown (gen is
// the fault domain's generation; the goroutine replaces such a worker, where a submitter would do
// it on the HTTP handler's goroutine, without the queue's deadline check). The goroutine wrote
// the worker and its generation before it went on the idle stack, and changes them only after
// leaving it.
func (s *slot) lendable(gen uint64) bool { return s.lease.parked.Load() && s.workerUp(gen) }

// workerUp reports, under sched.mu, whether the idle slot's worker is up and not known to be
// dead or doomed by a teardown (lendable).
func (s *slot) workerUp(gen uint64) bool {
	return s.life.w != nil && !isClosed(s.life.w.Done()) && s.life.gen >= gen
}

// runLent runs inv for the submitter (SubmitInline), which took the slot off the idle stack and
// drives it meanwhile, then gives the slot back.
func (s *slot) runLent(inv *call.Invocation) {
	w := s.life.w
	s.lease.inline = true
	s.dispatch(inv)
	s.lease.inline = false
	s.giveBack(w)
}

// borrow takes idle slot o off the idle stack for the holder of the exclusive token, waiting
// (up to two minutes) while o's goroutine is busy restarting its worker: the exclusive token
// keeps everything else from running on it. Refused once the engine quits (o's goroutine may
// have ended).
func (e *Engine) borrow(o *slot) error {
	deadline := time.Now().Add(2 * time.Minute)
	for {
		e.sched.mu.Lock()
		if isClosed(e.quit) {
			e.sched.mu.Unlock()
			return errShuttingDown
		}
		for i, x := range e.sched.idle {
			if x == o {
				e.sched.idle = append(e.sched.idle[:i], e.sched.idle[i+1:]...)
				e.sched.running++
				o.lease.lent.Store(true)
				e.sched.mu.Unlock()
				return nil
			}
		}
		e.sched.mu.Unlock()
		select {
		case <-e.quit:
			return errShuttingDown
		case <-time.After(2 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("worker %s did not become idle", o.id)
		}
	}
}

// errShuttingDown is returned by a control of a slot's pool that came too late (whole.go).
var errShuttingDown = errors.New("the engine is shutting down")

// giveBack ends a lease. When the slot still has the worker it had when it was lent (w), that
// worker lives, and the slot goroutine still waits for work on it, the slot goes back on the
// idle stack (or straight to the next queued invocation) without waking its goroutine.
// Otherwise (the worker was lost or replaced meanwhile, the goroutine saw it die, or the engine
// is draining) the goroutine takes the slot back through back.
func (s *slot) giveBack(w Worker) {
	q := &s.e.sched
	q.mu.Lock()
	if !s.lease.reclaim && !q.draining && s.life.w == w && w != nil && !isClosed(w.Done()) {
		s.lease.lent.Store(false)
		q.running--
		q.pushIdleLocked(s)
		q.kickLocked()
		q.kickPreloadsLocked() // preload.go: its goroutine is not woken otherwise
		q.mu.Unlock()
		return
	}
	s.lease.reclaim = false
	q.mu.Unlock()
	s.lease.back <- struct{}{} // capacity 1, and the slot is lent once at a time
}

// returned takes the slot back from a borrower, on its goroutine.
func (s *slot) returned() {
	q := &s.e.sched
	q.mu.Lock()
	s.lease.lent.Store(false)
	s.lease.reclaim = false // set if the goroutine also woke for the worker's death
	q.running--
	q.kickLocked()
	q.mu.Unlock()
}

// awaitLent waits, on the slot goroutine at the quit, until a borrower gives the slot back.
func (s *slot) awaitLent() {
	if s.lease.lent.Load() {
		<-s.lease.back
		s.returned()
	}
}

func isClosed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}
