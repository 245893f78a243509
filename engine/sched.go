package engine

import (
	"sync"
	"time"

	"gpufn/call"
)

// sched is the engine's dispatch state: the queue, the stack of idle slots, how many
// invocations run and whether one runs alone. It is shared by the goroutines that submit, the
// slot goroutines (and whoever else drives a slot, see lease.go), the janitor and Shutdown;
// every field is guarded by mu. A slot taken off the idle stack under mu (a hand-off
// on its channel, or a lease) is then driven by one goroutine only.
type sched struct {
	mu        sync.Mutex
	q         queue
	idle      []*slot // LIFO: the last one to go idle runs next
	running   int     // invocations taken by slots (or run on lent ones) and not yet finished
	exclusive bool    // an invocation runs alone
	draining  bool
	// rescue is the engine's rescue workers (rescue.go): while one is up, a suspect's lone run
	// is theirs (reservedLocked).
	rescue *rescueSet
	// blame is what failed alone before (blame.go): a rescue worker takes a fault's victims
	// with the least blame first.
	blame blame
	// gathers is the engine's batches waiting to fill (batchwait.go): what a slot takes off the
	// queue for one of them goes to it in the same hold of mu (handOverLocked).
	gathers *gatherTable
}

// How admit places an invocation it takes.
type admission int

const (
	queueIt     admission = iota // queue it
	lendOrQueue                  // lend it an idle slot whose goroutine parked (lendLocked), else queue it
	lendOnly                     // lend it an idle slot, parked or still spinning, else nothing (a streamed body, body.go)
)

// admit takes inv, submitted: it refuses it (draining, or the queue or its tenant's share
// full), lends it the most recently idle slot as mode allows (the caller then runs inv on that
// slot itself), or queues it and hands what it can to idle slots (lendOnly: nil, nil, inv
// neither lent nor queued). gen is the fault domain's generation (lendLocked).
func (q *sched) admit(inv *call.Invocation, mode admission, gen uint64) (*slot, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.draining {
		return nil, call.ErrDraining
	}
	if err := q.q.refuse(inv); err != nil {
		return nil, err
	}
	switch mode {
	case lendOnly:
		return q.lendLocked(inv, gen, true), nil
	case lendOrQueue:
		if s := q.lendLocked(inv, gen, false); s != nil {
			return s, nil
		}
	}
	q.q.push(inv)
	q.kickLocked()
	return nil, nil
}

// kickLocked hands queued invocations to idle slots, the most recently idle first. An
// exclusive invocation at the head waits until nothing else runs, and then runs alone.
func (q *sched) kickLocked() {
	for len(q.idle) > 0 && q.q.len() > 0 && !q.exclusive {
		if head := q.q.peek(); head.Sched.Exclusive {
			if q.running > 0 || q.reservedLocked(head) {
				return
			}
			q.exclusive = true
		}
		inv := q.q.pop()
		if q.handOverLocked(inv) { // batchwait.go
			continue
		}
		s := q.pickIdleLocked(inv) // affinity.go
		q.running++
		s.in <- inv // capacity 1, and an idle slot's channel is empty: never blocks
	}
}

// next returns the next invocation for slot s, or puts s on the idle stack and returns nil.
func (q *sched) next(s *slot) *call.Invocation {
	q.mu.Lock()
	defer q.mu.Unlock()
	for !q.exclusive && q.q.len() > 0 {
		head := q.q.peek()
		if head.Sched.Exclusive && (q.running > 0 || q.reservedLocked(head)) {
			break
		}
		inv := q.q.pop()
		if q.handOverLocked(inv) { // batchwait.go
			continue
		}
		q.exclusive = inv.Sched.Exclusive
		q.running++
		s.claimLocked(q, inv, true) // batch.go: its batch, before other slots take from it
		q.kickLocked()
		return inv
	}
	q.pushIdleLocked(s)
	q.kickPreloadsLocked() // preload.go: s may have found the engine busy a moment ago
	return nil
}

// takeBehind takes the head of the queue for slot s, busy with an invocation of fn for tenant
// that its worker is done with by until (answered, or killed), when the head may be sent to
// that worker behind it (pipelining, see slot.prefetch): an invocation of the same function
// for the same tenant, not exclusive, with a deadline no earlier than until. A pipelined
// invocation is answered only once the one before it ends: with an earlier deadline it could be
// answered long after its own (up to the whole --timeout of the one before), where the queue's
// janitor answers it at its deadline.
func (q *sched) takeBehind(s *slot, fn *call.Function, tenant string, until time.Time) *call.Invocation {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.exclusive || q.q.len() == 0 {
		return nil
	}
	if head := q.q.peek(); head.Sched.Exclusive || head.Fn != fn || head.Tenant != tenant || head.Deadline.Before(until) {
		return nil
	}
	q.running++
	inv := q.q.pop()
	s.claimLocked(q, inv, false) // batch.go
	return inv
}

// putBack returns an invocation that a slot took but its worker never started to the head of
// the queue, and hands it on if a slot is idle.
func (q *sched) putBack(inv *call.Invocation) {
	q.mu.Lock()
	q.q.pushFront(inv)
	q.kickLocked()
	q.mu.Unlock()
}

// requeue puts an invocation to run again alone (exclusive) at the head of the queue; it waits
// there until nothing else runs (the slot that requeues it still counts as running).
func (q *sched) requeue(inv *call.Invocation) {
	q.mu.Lock()
	if inv.Sched.Suspect {
		// Behind the victims already put back: the innocents' lone runs go first, whichever
		// slot requeued first (the teardown's victims learn of it at once, worker.Process.Terminate,
		// and may beat the suspect's slot to it).
		q.q.front.insertAt(q.q.front.leading(func(c *call.Invocation) bool { return !c.Sched.Suspect && c.Sched.Reruns > 0 }), inv)
	} else {
		q.q.pushFront(inv)
	}
	q.mu.Unlock()
}

// doneRunning counts down an invocation a slot took (hand-offs, next, takeBehind and leases
// count them up) and lets queued work flow again after an exclusive one.
func (q *sched) doneRunning(exclusive bool) {
	q.mu.Lock()
	q.running--
	if exclusive {
		q.exclusive = false
	}
	q.kickLocked()
	if exclusive {
		q.kickPreloadsLocked() // preload.go: the idle slots waited for the lone run's end
	}
	q.mu.Unlock()
}

// leaveIdle removes s from the idle stack if it is there (its worker died while idle, or it is
// to preload: slot.offIdle). It reports whether it was there; if not, an invocation is on its
// way to s.in, or s is lent (lease.go): then s's goroutine is to take it back, and its borrower
// gives it back through lease.back.
func (q *sched) leaveIdle(s *slot) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	for i, x := range q.idle {
		if x == s {
			q.idle = append(q.idle[:i], q.idle[i+1:]...)
			return true
		}
	}
	if s.lease.lent.Load() {
		s.lease.reclaim = true
	}
	return false
}

// drain stops admissions: Submit answers call.ErrDraining from now on.
func (q *sched) drain() {
	q.mu.Lock()
	q.draining = true
	q.mu.Unlock()
}

// load is the number of invocations queued and running.
func (q *sched) load() (queued, running int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.q.len(), q.running
}

// removeAll empties the queue; it returns what it held and how many invocations ran then.
func (q *sched) removeAll() ([]*call.Invocation, int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.q.remove(nil, func(*call.Invocation) bool { return true }), q.running
}

// forgetIdle empties the idle stack once no slot goroutine runs (Shutdown): nothing may be
// handed to a slot any more.
func (q *sched) forgetIdle() {
	q.mu.Lock()
	q.idle = nil
	q.mu.Unlock()
}
