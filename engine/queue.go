package engine

import (
	"time"

	"gpufn/call"
)

// queue is the engine's bounded FIFO of invocations waiting for a worker, with each tenant's
// count in it for the per-tenant share (Config.TenantShare). It is part of the dispatch state
// (sched) and guarded by sched.mu; the janitor answers what waits in it past its deadline.
type queue struct {
	ring      ring
	depth     int            // the most invocations queued by Submit (put-backs and re-runs may exceed it)
	perTenant map[string]int // queued invocations by tenant (those counted, see push)
	share     int            // the most one tenant may have queued
}

func newQueue(depth int, tenantShare float64) queue {
	q := queue{ring: newRing(depth), depth: depth, perTenant: map[string]int{}, share: depth}
	if tenantShare > 0 && tenantShare < 1 {
		q.share = max(1, int(tenantShare*float64(depth)))
	}
	return q
}

func (q *queue) len() int { return q.ring.len() }

func (q *queue) peek() *call.Invocation { return q.ring.peek() }

// refuse says why inv cannot be queued (the queue, or its tenant's share of it, is full); nil
// when it can.
func (q *queue) refuse(inv *call.Invocation) error {
	switch {
	case q.ring.len() >= q.depth:
		return call.ErrQueueFull
	case q.perTenant[inv.Tenant] >= q.share:
		return call.ErrTenantShare
	}
	return nil
}

// push queues inv at the tail, counted in its tenant's share (refuse said it may be).
func (q *queue) push(inv *call.Invocation) {
	q.ring.push(inv)
	inv.Sched.Counted = true
	q.perTenant[inv.Tenant]++
}

// pushFront puts inv at the head whatever the depth, not counted in its tenant's share: an
// invocation put back or to run again is never refused.
func (q *queue) pushFront(inv *call.Invocation) { q.ring.pushFront(inv) }

// pop takes the head of the queue and counts it off its tenant's share.
func (q *queue) pop() *call.Invocation {
	inv := q.ring.pop()
	if inv != nil {
		q.uncount(inv)
	}
	return inv
}

// remove removes, in order, every invocation for which f holds, appending them to out.
func (q *queue) remove(out []*call.Invocation, f func(*call.Invocation) bool) []*call.Invocation {
	n := len(out)
	out = q.ring.removeIf(out, f)
	for _, inv := range out[n:] {
		q.uncount(inv)
	}
	return out
}

func (q *queue) uncount(inv *call.Invocation) {
	if inv.Sched.Counted {
		inv.Sched.Counted = false
		if n := q.perTenant[inv.Tenant] - 1; n > 0 {
			q.perTenant[inv.Tenant] = n
		} else {
			delete(q.perTenant, inv.Tenant)
		}
	}
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
	return q.q.remove(out, func(inv *call.Invocation) bool { return now.After(inv.Deadline) })
}
