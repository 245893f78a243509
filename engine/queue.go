package engine

import (
	"time"

	"gpufn/call"
)

// queue is the engine's bounded queue of invocations waiting for a worker: one FIFO per tenant,
// served in turn by start-time fair queueing over counts (docs/engines.md, "Fair queueing"):
// each tenant has a virtual time, the number of its invocations taken so far, and the tenant of
// the least virtual time among those with invocations queued goes next (the earliest to
// start queueing on a tie); a tenant that starts queueing takes the virtual time of the
// invocation taken last, if its own is behind it, so that it cannot save up turns while idle
// nor wait behind a backlog: one tenant's long invocations delay another's by at most one of
// them per worker. Invocations put back or to run again go to a FIFO of their own (front),
// served before any tenant's. Each tenant's share is bounded in count (Config.TenantShare) and in
// bytes of inputs (Config.TenantQueueBytes). Part of the dispatch state (sched) and guarded by
// sched.mu; the janitor answers what waits in it past its deadline.
type queue struct {
	front   ring                    // put back, or to run again: served first, never refused
	tenants map[string]*tenantQueue // every tenant seen (kept: its virtual time, its FIFO's buffer)
	active  []*tenantQueue          // the tenants with invocations queued, in the order they started
	vnow    uint64                  // the virtual time of the invocation taken last
	n       int                     // invocations in the tenants' FIFOs
	depth   int                     // the most invocations queued by Submit
	share   int                     // the most one tenant may have queued
	bytes   int64                   // the most bytes of inputs one tenant may have queued (0: no limit)
}

// tenantQueue is one tenant's FIFO, the bytes of the inputs in it, and its virtual time.
type tenantQueue struct {
	tenant string
	ring   ring
	bytes  int64
	vt     uint64 // invocations taken from it so far, or the queue's vnow when it started queueing
	active bool   // in queue.active
}

func newQueue(depth int, tenantShare float64, tenantBytes int64) queue {
	q := queue{front: newRing(depth), tenants: map[string]*tenantQueue{}, depth: depth, share: depth, bytes: tenantBytes}
	if tenantShare > 0 && tenantShare < 1 {
		q.share = max(1, int(tenantShare*float64(depth)))
	}
	return q
}

func (q *queue) len() int { return q.front.len() + q.n }

// next is the tenant whose turn it is: the least virtual time, the earliest to start on a tie.
func (q *queue) next() *tenantQueue {
	var best *tenantQueue
	for _, t := range q.active {
		if best == nil || t.vt < best.vt {
			best = t
		}
	}
	return best
}

// peek is the invocation pop would take.
func (q *queue) peek() *call.Invocation {
	if q.front.len() > 0 || len(q.active) == 0 {
		return q.front.peek()
	}
	return q.next().ring.peek()
}

// inputBytes is the size of inv's inputs, which its caller holds while it is queued.
func inputBytes(inv *call.Invocation) int64 {
	var n int64
	for _, in := range inv.Inputs {
		n += int64(len(in))
	}
	return n
}

// refuse says why inv cannot be queued (the queue, or its tenant's share of it in count or in
// bytes, is full); nil when it can.
func (q *queue) refuse(inv *call.Invocation) error {
	if q.len() >= q.depth {
		return call.ErrQueueFull
	}
	var count int
	var bytes int64
	if t := q.tenants[inv.Tenant]; t != nil {
		count, bytes = t.ring.len(), t.bytes
	}
	switch {
	case count >= q.share:
		return call.ErrTenantShare
	case q.bytes > 0 && bytes+inputBytes(inv) > q.bytes:
		return call.ErrTenantBytes
	}
	return nil
}

// push queues inv at the tail of its tenant's FIFO (refuse said it may be).
func (q *queue) push(inv *call.Invocation) {
	t := q.tenants[inv.Tenant]
	if t == nil {
		t = &tenantQueue{tenant: inv.Tenant, ring: ring{limit: q.depth}}
		q.tenants[inv.Tenant] = t
	}
	if !t.active {
		t.active = true
		t.vt = max(t.vt, q.vnow)
		q.active = append(q.active, t)
	}
	t.ring.push(inv)
	t.bytes += inputBytes(inv)
	inv.Sched.Counted = true
	q.n++
}

// pushFront puts inv at the head whatever the depth, not counted in its tenant's share: an
// invocation put back or to run again is never refused.
func (q *queue) pushFront(inv *call.Invocation) { q.front.pushFront(inv) }

// pop takes the head of the queue: what was put back first, else the head of the FIFO of the
// tenant whose turn it is.
func (q *queue) pop() *call.Invocation {
	if q.front.len() > 0 || len(q.active) == 0 {
		return q.front.pop()
	}
	return q.popTenant()
}

// popTenant takes the head of the FIFO of the tenant whose turn it is, passing over what was
// put back (nil: no tenant has anything queued).
func (q *queue) popTenant() *call.Invocation {
	if len(q.active) == 0 {
		return nil
	}
	t := q.next()
	inv := t.ring.pop()
	q.uncount(t, inv)
	q.vnow = t.vt
	t.vt++
	q.settle()
	return inv
}

// takeWhileReaping is what a rescue worker takes while the workers of the latest teardown are
// being reaped (sched.takeRescue): never a suspect, nor what needs the whole GPU. ambiguous
// (the teardown's culprit is unknown): first what the teardown did not interrupt (put back
// without a re-run, then the tenants' FIFOs), then what it did; otherwise in the queue's order.
// What needs the whole GPU is passed over (it waits for the domain's workers). The victims wait
// so at most until the killed workers are reaped (0.2-0.65 s on the H100 under MPS), and only
// while something else is queued. When ambiguous, the victims with the least blame (b: the
// conclusive failures of their function's code and of their caller, blame.go) go first, in the
// queue's order among equals: the culprit is likelier among the others. nil: nothing to take.
func (q *queue) takeWhileReaping(ambiguous bool, b *blame) *call.Invocation {
	takeable := func(inv *call.Invocation) bool { return !inv.Sched.Suspect && !inv.Sched.Whole }
	tenant := func() *call.Invocation {
		if len(q.active) == 0 || q.next().ring.peek().Sched.Whole {
			return nil
		}
		return q.popTenant()
	}
	if ambiguous {
		fresh := func(inv *call.Invocation) bool { return takeable(inv) && inv.Sched.Reruns == 0 }
		if inv := q.front.removeFirst(fresh); inv != nil {
			return inv
		}
		if inv := tenant(); inv != nil {
			return inv
		}
		if inv := q.front.removeLeastBlamed(takeable, b); inv != nil {
			return inv
		}
	} else if inv := q.front.removeFirst(takeable); inv != nil {
		return inv
	}
	return tenant()
}

// popLeastBlamed is pop for a rescue worker after a fault, once the killed workers are reaped,
// while the rescue window is open: of what was put back, the invocation with the least blame
// (b, blame.go) first, in the queue's order among equals; the suspect too is put back, and the
// culprit may be it or any victim. What needs the whole GPU is never taken here
// (sched.takeRescue leaves it at the head). With nothing blamed, the head of what was put back;
// with nothing put back, pop.
func (q *queue) popLeastBlamed(b *blame) *call.Invocation {
	if inv := q.front.removeLeastBlamed(func(inv *call.Invocation) bool { return !inv.Sched.Whole }, b); inv != nil {
		return inv
	}
	return q.pop()
}

func (q *queue) uncount(t *tenantQueue, inv *call.Invocation) {
	inv.Sched.Counted = false
	t.bytes -= inputBytes(inv)
	q.n--
}

// settle takes the tenants whose FIFO is empty out of the active list, keeping the order of
// the others.
func (q *queue) settle() {
	kept := q.active[:0]
	for _, t := range q.active {
		if t.ring.len() > 0 {
			kept = append(kept, t)
		} else {
			t.active = false
		}
	}
	clear(q.active[len(kept):])
	q.active = kept
}

// remove removes every invocation for which f holds, appending them to out (those put back
// first, then each tenant's in order).
func (q *queue) remove(out []*call.Invocation, f func(*call.Invocation) bool) []*call.Invocation {
	out = q.front.removeIf(out, f)
	for _, t := range q.active {
		n := len(out)
		out = t.ring.removeIf(out, f)
		for _, inv := range out[n:] {
			q.uncount(t, inv)
		}
	}
	q.settle()
	return out
}

// janitor is the engine's goroutine that answers queued invocations whose deadline has
// passed, so that nothing waits forever, even when no worker can be started.
func (e *Engine) janitor() {
	defer e.wg.Done()
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	var expired []*call.Invocation
	for {
		select {
		case <-e.quit:
			return
		case now := <-t.C:
			expired = e.sched.expire(expired[:0], now)
			for _, inv := range expired {
				e.stats.failed.Add(1)
				e.rec.finished(inv)
				inv.Timing.Queue = now.Sub(inv.Sched.Enqueued)
				inv.Finish(call.Errorf(call.CodeDeadline, "the deadline passed while the invocation was queued (%v in the queue)", inv.Timing.Queue.Round(time.Millisecond)))
			}
		}
	}
}

// expire takes the queued invocations whose deadline is before now, appending them to out.
func (q *sched) expire(out []*call.Invocation, now time.Time) []*call.Invocation {
	q.mu.Lock()
	defer q.mu.Unlock()
	n := len(out)
	out = q.q.remove(out, func(inv *call.Invocation) bool { return now.After(inv.Deadline) })
	if len(out) > n {
		q.kickPreloadsLocked() // preload.go: the queue may be empty now, and nothing else would wake them
	}
	return out
}
