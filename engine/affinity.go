package engine

import (
	"errors"
	"time"

	"gpufn/call"
	"gpufn/worker"
)

// Tenant-affine workers. A worker keeps what functions leave in it across invocations: loaded
// modules (code and __constant__ data, readable by any kernel the worker runs later) and
// resident weight sets. So a worker that holds one tenant's code or weights (its owner) runs
// only that tenant's functions until it has dropped them: before a worker that has an owner
// starts another tenant's function, its slot makes it drop everything (worker.MsgDrop: every
// module unloaded, every plan and graph forgotten, every resident weight set zeroed and freed),
// and the worker has no owner until the next invocation. Pipelining sends only the same
// function behind a running one (pipeline.go), so a switch happens only on an idle worker.
// When handing queued work to idle slots, the scheduler prefers one whose worker already holds
// the invocation's tenant, then one that holds nobody's, then the most recently idle
// (pickIdleLocked). In open mode every function has the same owner: nothing changes.
//
// A slot's owner (inflight.owner) is written by whoever drives the slot and read by the
// scheduler under sched.mu only while the slot is on the idle stack (pushed there under mu,
// after the write).

// ownFor makes the slot's worker fit to run fn: if it holds another tenant's code or weights
// it drops them first. It reports false when the worker failed to (then it is lost, and
// replaced).
func (s *slot) ownFor(fn *call.Function) bool {
	f := &s.pipe
	if f.owner == "" || f.owner == fn.Owner || fn.Owner == "" {
		return true
	}
	if len(f.order) > 0 { // cannot happen: nothing of another function is sent behind one
		return false
	}
	t := time.Now()
	if err := s.dropCmd(); err != nil {
		return false
	}
	s.e.stats.switches.Add(1)
	s.e.stats.switchNanos.Add(uint64(time.Since(t)))
	return true
}

// dropCmd makes the slot's worker drop all code and weight sets, and forgets what it held.
func (s *slot) dropCmd() error {
	if err := s.sendDrop(&worker.DropCmd{}); err != nil {
		return err
	}
	s.life.cache.bytes.Store(0) // the worker unloaded every module (not evictions: none counted)
	f := &s.pipe
	f.libs, f.funcs, f.owner, f.full = map[[32]byte]bool{}, map[uint64]bool{}, "", false
	s.preNext.Store(0) // the functions published so far may be preloaded again (preload.go)
	return nil
}

// sendDrop sends the slot's worker cmd (its ID set here) and waits for the answer: everything
// dropped (dropCmd), or only deleted weights (drops.go). A worker that fails it is lost.
func (s *slot) sendDrop(cmd *worker.DropCmd) error {
	w := s.life.w
	if w == nil {
		return errors.New("no worker")
	}
	cmd.ID = w.NextID()
	deadline := time.Now().Add(time.Minute)
	err := w.Send(worker.MsgDrop, cmd, cmd.ID, deadline)
	if err == nil {
		err = s.await(&pending{id: cmd.ID, kill: deadline}, &s.pipe.res)
	}
	if err == nil && s.pipe.res.Err != nil {
		err = s.pipe.res.Err
	}
	if err != nil {
		s.life.lost(err)
		return err
	}
	s.life.resident(&s.pipe.res.Resident)
	return nil
}

// pickIdleLocked takes the idle slot to hand inv to: one whose worker holds inv's tenant, else
// one whose worker holds nobody's, else the most recently idle. sched.mu is held.
func (q *sched) pickIdleLocked(inv *call.Invocation) *slot {
	top := len(q.idle) - 1
	pick := top
	if owner := inv.Fn.Owner; owner != "" && q.idle[top].pipe.owner != owner {
		free := -1
		for i := top; i >= 0; i-- {
			if o := q.idle[i].pipe.owner; o == owner {
				pick, free = i, -1
				break
			} else if o == "" && free < 0 {
				free = i
			}
		}
		if free >= 0 {
			pick = free
		}
	}
	s := q.idle[pick]
	q.idle = append(q.idle[:pick], q.idle[pick+1:]...)
	return s
}
