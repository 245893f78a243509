package engine

import (
	"time"

	"gpufn/call"
)

// queue is the engine's bounded queue of invocations waiting for a worker: one FIFO per tenant,
// served round-robin, so that one tenant's long invocations delay another's by at most one of
// them per worker (docs/engines.md, "Fair queueing"). Invocations put back or to run again go to
// a FIFO of their own (front), served before any tenant's. Each tenant's share is bounded in
// count (Config.TenantShare) and in bytes of inputs (Config.TenantQueueBytes). Part of the
// dispatch state (sched) and guarded by sched.mu; the janitor answers what waits in it past its
// deadline.
type queue struct {
	front   ring                    // put back, or to run again: served first, never refused
	tenants map[string]*tenantQueue // the tenants with invocations queued
	active  []*tenantQueue          // the same, in round-robin order: active[0] is served next
	spare   []*tenantQueue          // emptied tenant FIFOs, kept for reuse (no allocation)
	n       int                     // invocations in the tenants' FIFOs
	depth   int                     // the most invocations queued by Submit
	share   int                     // the most one tenant may have queued
	bytes   int64                   // the most bytes of inputs one tenant may have queued (0: no limit)
}

// tenantQueue is one tenant's FIFO and the bytes of the inputs in it.
type tenantQueue struct {
	tenant string
	ring   ring
	bytes  int64
}

func newQueue(depth int, tenantShare float64, tenantBytes int64) queue {
	q := queue{front: newRing(depth), tenants: map[string]*tenantQueue{}, depth: depth, share: depth, bytes: tenantBytes}
	if tenantShare > 0 && tenantShare < 1 {
		q.share = max(1, int(tenantShare*float64(depth)))
	}
	return q
}

func (q *queue) len() int { return q.front.len() + q.n }

// peek is the invocation pop would take.
func (q *queue) peek() *call.Invocation {
	if q.front.len() > 0 || len(q.active) == 0 {
		return q.front.peek()
	}
	return q.active[0].ring.peek()
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
	t := q.tenants[inv.Tenant]
	if t == nil {
		if q.bytes > 0 && inputBytes(inv) > q.bytes {
			return call.ErrTenantBytes
		}
		return nil
	}
	switch {
	case t.ring.len() >= q.share:
		return call.ErrTenantShare
	case q.bytes > 0 && t.bytes+inputBytes(inv) > q.bytes:
		return call.ErrTenantBytes
	}
	return nil
}

// push queues inv at the tail of its tenant's FIFO (refuse said it may be).
func (q *queue) push(inv *call.Invocation) {
	t := q.tenants[inv.Tenant]
	if t == nil {
		t = q.open(inv.Tenant)
	}
	t.ring.push(inv)
	t.bytes += inputBytes(inv)
	inv.Sched.Counted = true
	q.n++
}

// open makes tenant's FIFO, last in the round.
func (q *queue) open(tenant string) *tenantQueue {
	var t *tenantQueue
	if n := len(q.spare); n > 0 {
		t, q.spare = q.spare[n-1], q.spare[:n-1]
	} else {
		t = &tenantQueue{ring: ring{limit: q.depth}}
	}
	t.tenant = tenant
	q.tenants[tenant] = t
	q.active = append(q.active, t)
	return t
}

// close forgets the emptied FIFO of active[i].
func (q *queue) close(i int) {
	t := q.active[i]
	delete(q.tenants, t.tenant)
	q.active = append(q.active[:i], q.active[i+1:]...)
	t.tenant, t.bytes = "", 0
	q.spare = append(q.spare, t)
}

// pushFront puts inv at the head whatever the depth, not counted in its tenant's share: an
// invocation put back or to run again is never refused.
func (q *queue) pushFront(inv *call.Invocation) { q.front.pushFront(inv) }

// pop takes the head of the queue: what was put back first, else the head of the next tenant's
// FIFO in the round, whose turn then passes to the next tenant.
func (q *queue) pop() *call.Invocation {
	if q.front.len() > 0 || len(q.active) == 0 {
		return q.front.pop()
	}
	t := q.active[0]
	inv := t.ring.pop()
	q.uncount(t, inv)
	if t.ring.len() == 0 {
		q.close(0)
	} else if len(q.active) > 1 {
		copy(q.active, q.active[1:])
		q.active[len(q.active)-1] = t
	}
	return inv
}

func (q *queue) uncount(t *tenantQueue, inv *call.Invocation) {
	inv.Sched.Counted = false
	t.bytes -= inputBytes(inv)
	q.n--
}

// remove removes every invocation for which f holds, appending them to out (those put back
// first, then each tenant's in order); the round's order of the tenants left is kept.
func (q *queue) remove(out []*call.Invocation, f func(*call.Invocation) bool) []*call.Invocation {
	out = q.front.removeIf(out, f)
	for i := 0; i < len(q.active); {
		t := q.active[i]
		n := len(out)
		out = t.ring.removeIf(out, f)
		for _, inv := range out[n:] {
			q.uncount(t, inv)
		}
		if t.ring.len() == 0 {
			q.close(i)
			continue
		}
		i++
	}
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
	return q.q.remove(out, func(inv *call.Invocation) bool { return now.After(inv.Deadline) })
}
