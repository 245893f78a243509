package engine

import (
	"sync"
	"time"

	"gpufn/call"
	"gpufn/function"
)

// Waiting for a batch to fill (max_queue_delay_us, docs/batching.md). A slot that takes an
// invocation of a function with a delay, and finds fewer queued than the largest preferred
// size it could form, waits for more. One slot at a time waits for a function and caller: the
// others that take an invocation of it meanwhile (handed to them while idle) hand it to the
// waiting one (gatherTable.join) and go back to the queue, so that a delay fills batches on an
// engine of several workers too. The waiting slot looks at the queue again when an invocation
// is handed to it, every batchPoll, and when the engine quits.

// gatherKey names what a batch gathers: one function for one caller.
type gatherKey struct {
	fn     *call.Function
	tenant string
}

// gathering is a batch a slot waits to fill: the invocations other slots handed it.
type gathering struct {
	extra []*call.Invocation
	wake  chan struct{} // capacity 1: something was handed over
}

// gatherTable is the batches being waited for, at most one per function and caller. Shared by
// the slots; guarded by mu.
type gatherTable struct {
	mu sync.Mutex
	m  map[gatherKey]*gathering
}

// join hands inv to the batch a slot waits to fill for its function and caller (true), or
// makes inv's slot the one that waits, returning its gathering.
func (t *gatherTable) join(inv *call.Invocation) (*gathering, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	k := gatherKey{inv.Fn, inv.Tenant}
	if g := t.m[k]; g != nil {
		g.extra = append(g.extra, inv)
		select {
		case g.wake <- struct{}{}:
		default:
		}
		return nil, true
	}
	if t.m == nil {
		t.m = map[gatherKey]*gathering{}
	}
	g := &gathering{wake: make(chan struct{}, 1)}
	t.m[k] = g
	return g, false
}

// handOpen hands inv to the batch a slot waits to fill for its function and caller, if one
// does (true).
func (t *gatherTable) handOpen(inv *call.Invocation) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	g := t.m[gatherKey{inv.Fn, inv.Tenant}]
	if g == nil {
		return false
	}
	g.extra = append(g.extra, inv)
	select {
	case g.wake <- struct{}{}:
	default:
	}
	return true
}

// handOverLocked hands inv, just taken off the queue (next, kickLocked), to the batch a slot
// waits to fill for its function and caller, if one does and inv would join it (true): the
// slot that took it need not run it, nor hand it over later, when the waiting one may have
// ended its wait and taken the rest of the queue without it. sched.mu is held; the waiting
// slot ends its wait under it too (finishGather).
func (q *sched) handOverLocked(inv *call.Invocation) bool {
	if q.gathers == nil {
		return false
	}
	if _, d, ok := batchable(inv); !ok || d.MaxQueueDelayUs == 0 {
		return false
	}
	return q.gathers.handOpen(inv)
}

// finishGather ends g, the batch inv's slot waited to fill, and takes from the queue what
// joins it, in one hold of sched.mu: whatever a slot took off the queue for it before is in
// extra (handOverLocked), whatever comes after is not counted. It returns what was handed to
// g, what was taken from the queue, the batch size and how many make it (gather).
func (q *sched) finishGather(inv *call.Invocation, usable []int, d *function.Batching, g *gathering) (extra, more []*call.Invocation, size, take int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	extra = q.gathers.handed(inv, g, true)
	until := batchWait(inv, d)
	more, size, take, _ = q.gatherLocked(inv, usable, d, nil, len(extra), false, &until)
	return extra, more, size, take
}

// handed is what was handed to g so far (a copy); with end, nothing more is handed to it.
func (t *gatherTable) handed(inv *call.Invocation, g *gathering, end bool) []*call.Invocation {
	t.mu.Lock()
	defer t.mu.Unlock()
	if end {
		delete(t.m, gatherKey{inv.Fn, inv.Tenant})
		return g.extra
	}
	return append([]*call.Invocation(nil), g.extra...)
}

// batchWaiting is batch for a function with a delay: it waits until a preferred size fills or
// the delay (bounded by every member's deadline, batchWait) ends, then forms the batch of inv,
// those handed to it and those queued. It returns nil when inv was handed to another slot's
// batch instead.
func (s *slot) batchWaiting(inv *call.Invocation, usable []int, vs *call.Variants, d *function.Batching) *call.Invocation {
	e := s.e
	g, joined := e.batching.join(inv)
	if joined {
		return nil
	}
	timer := time.NewTimer(batchPoll)
	defer timer.Stop()
	for {
		until := batchWait(inv, d)
		extra := e.batching.handed(inv, g, false)
		for _, x := range extra {
			if w := batchWait(x, d); w.Before(until) {
				until = w
			}
		}
		_, _, _, waiting := e.sched.gather(inv, usable, d, nil, len(extra), true, &until)
		now := time.Now()
		if !waiting || !now.Before(until) {
			break
		}
		timer.Reset(min(until.Sub(now), batchPoll))
		select {
		case <-g.wake:
		case <-timer.C:
		case <-e.quit:
			until = now // run what it has: the engine answers it (draining, or its result)
		}
		if !until.After(now) {
			break
		}
	}
	extra, more, size, take := e.sched.finishGather(inv, usable, d, g)
	if k := take - 1; k < len(extra) {
		for i := len(extra) - 1; i >= max(k, 0); i-- { // not in this batch: back to the queue, in order
			e.sched.putBack(extra[i])
		}
		extra = extra[:max(k, 0)]
	}
	return s.carrier(inv, append(extra, more...), size, vs, d)
}
