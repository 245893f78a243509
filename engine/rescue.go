package engine

import (
	"fmt"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
)

// Rescue workers (Config.Rescue). Under a shared fault domain (MPS) a teardown takes every
// worker of the GPU down, and a new MPS client's first GPU call costs 0.6-0.8 s on an H200 after
// the daemon tore its clients down: the GPU served nothing meanwhile. A rescue worker is a
// fault domain of its own: under MPS a process that opens the GPU outside the daemon
// (Config.RescueEnv: CUDA_MPS_PIPE_DIRECTORY names a directory where no daemon listens, so with
// the GPU's compute mode Default it makes an ordinary context, time-sliced beside the daemon's
// server). A teardown of the MPS clients does not touch it, and a fault in it kills only it.
//
// The engine keeps Config.Rescue of them fully started (device, pinned contexts, pool) and idle
// while the shared domain serves: they are not on the idle stack, and nothing is handed to
// them. A teardown opens the rescue window (rescueSet.open); until every worker of the domain
// is up again (started after the latest teardown: domainBack) the rescue workers take what the
// queue holds, head first: the interrupted invocations put back at its head, then the queue
// (after a fault, while the killed workers are reaped, the victims after the queue:
// takeRescue). A slot of the domain that must start a new worker meanwhile puts the invocation
// it was handed back for them (slot.deferToRescue) rather than hold it through its worker's
// start. The suspect's lone run is theirs while one is up, window open or not (takeRescue,
// reservedLocked): on a rescue worker it is alone in its fault domain, so a second fault is
// conclusive and costs that rescue worker only, not a second teardown of the GPU; it waits until
// the teardown's workers are reaped, so that the innocents go first.
// A rescue worker runs as any slot does (pipelining, tenant-affine drops: affinity.go), answers
// its invocations' faults and overruns as their own (faults.go), and restarts alone.

// rescueSet is the engine's rescue workers and their window.
type rescueSet struct {
	slots []*slot
	// open is set while the shared domain recovers: from a teardown until every worker of the
	// domain is up again. Written under the recovery's lock (recovery.detected, domainUp).
	open atomic.Bool
	// up counts the rescue workers up (lifecycle.countUp).
	up atomic.Int32
	// wake (capacity len(slots)) wakes a rescue slot's goroutine: the window opened, or
	// something was queued while it is open.
	wake chan struct{}
}

// newRescue makes the engine's rescue slots, Config.Rescue of them under a shared fault
// domain, none otherwise.
func (e *Engine) newRescue() {
	if !e.cfg.SharedFaultDomain || e.cfg.Rescue <= 0 {
		return
	}
	e.res.wake = make(chan struct{}, e.cfg.Rescue)
	for i := range e.cfg.Rescue {
		s := newSlot(e, i, fmt.Sprintf("%s-rescue%d", e.cfg.Name, i))
		s.rescue = true
		s.life.counted, s.life.own, s.life.tries = false, true, rescueTries
		if e.cfg.RescueEnv != nil {
			s.life.env = e.cfg.RescueEnv
		}
		e.res.slots = append(e.res.slots, s)
	}
}

// rescueTries is how many starts in a row a rescue worker that never came up may fail before
// its slot gives up (0.1 + 0.2 + 0.4 + 0.8 s of back-off): one that cannot open the GPU outside
// MPS (compute mode EXCLUSIVE_PROCESS) never will.
const rescueTries = 5

// kickRescue wakes a rescue slot's goroutine when the window is open (something may be queued
// for it). One atomic load when it is not. A requeue, and the end of the reaping, wake them
// whatever the window (wakeRescue): a suspect's lone run is theirs.
func (e *Engine) kickRescue() {
	if !e.res.open.Load() {
		return
	}
	e.wakeRescue()
}

// wakeRescue wakes a rescue slot's goroutine, if the engine has any.
func (e *Engine) wakeRescue() { e.res.wakeOne() }

// wakeOne wakes a rescue slot's goroutine, if there are any.
func (r *rescueSet) wakeOne() {
	if r.wake == nil {
		return
	}
	select {
	case r.wake <- struct{}{}:
	default: // every goroutine has a wake-up pending
	}
}

// rescueLoop is a rescue slot's goroutine: keep its worker up; while the window is open, run
// what the queue holds.
func (s *slot) rescueLoop() {
	e := s.e
	defer e.wg.Done()
	defer s.life.stop()
	for {
		if !s.ensure() {
			if !isClosed(e.quit) {
				e.log.Error("a rescue worker cannot start: the engine goes on without it (under MPS the GPU's compute mode must be Default for a process to open it outside the daemon; --rescue-workers 0 turns them off)",
					zap.String("worker", s.id), zap.Int("attempts", rescueTries))
			}
			return
		}
		if s.dropIdle() { // drops.go
			continue
		}
		inv := e.sched.takeRescue(&e.res, e.rec.reapState())
		if inv == nil {
			select {
			case <-e.res.wake:
			case <-s.preKick: // deleted weights to drop (drops.go)
			case <-s.life.w.Done():
				s.life.lost(fmt.Errorf("the rescue worker exited while idle"))
			case <-e.quit:
				return
			}
			continue
		}
		e.kickRescue() // more may be queued: another rescue slot may take it
		e.rec.stage(stageRescue, s.id)
		s.dispatch(inv)
		e.sched.doneRunning(false)
	}
}

// takeRescue takes the head of the queue for a rescue slot while the window is open (nil
// otherwise, or when the head needs the whole GPU). A rescue worker is a fault domain of its
// own: an invocation that must run alone (a re-run after a teardown) runs alone there, whatever
// else runs on the domain, so the exclusive token is neither waited for nor taken.
//
// A suspect's lone run is the rescue workers' while one is up, window open or not: the slots of
// the domain pass it by (reservedLocked), since its second fault there would tear the domain
// down again. It is passed over, for what is queued behind it, while reaping: the workers of
// the latest teardown are not all reaped yet, and their slots may not have requeued their
// interrupted invocations (they do before the reap). So the innocents go first (each a
// millisecond), and the suspect's lone run, which may fault again and cost the rescue worker a
// restart (a new process's first GPU call, about a third of a second), comes after them.
//
// After a fault (st.ambiguous), while reaping, what the teardown interrupted comes after what
// it did not: under MPS every client sees the fault, so the worker whose report tore the domain
// down (the suspect's) is often not the one whose kernel faulted, and the culprit is then among
// the victims put back; run first on the rescue worker, it faults there and costs it a restart
// (0.7-0.9 s on the H100) while the innocents wait (queue.takeWhileReaping).
func (q *sched) takeRescue(r *rescueSet, st reap) *call.Invocation {
	open := r.open.Load()
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.q.len() == 0 || q.q.peek().Sched.Whole {
		return nil
	}
	suspect := q.q.peek().Sched.Suspect
	if !open && (!suspect || st.on) {
		return nil
	}
	var head *call.Invocation
	switch {
	case st.on:
		if head = q.q.takeWhileReaping(st.ambiguous, &q.blame); head == nil {
			return nil
		}
	case st.ambiguous && open:
		// With the window closed only the suspect at the head is the rescue workers' (its
		// lone run); anything else waits for the domain's workers.
		head = q.q.popLeastBlamed(&q.blame)
	default:
		head = q.q.pop()
	}
	q.running++
	q.kickLocked()         // what the head held back (a reserved suspect) goes to idle slots of the domain
	q.kickPreloadsLocked() // preload.go: the queue may be empty now, and nothing else would wake them
	return head
}

// reservedLocked reports whether inv, at the head of the queue, is left to a rescue worker: a
// suspect's lone run while a rescue worker is up. It then wakes one to take it: a slot of the
// domain that passes it by may have just taken what was ahead of it. sched.mu is held.
func (q *sched) reservedLocked(inv *call.Invocation) bool {
	if !inv.Sched.Suspect || q.rescue == nil || q.rescue.up.Load() == 0 {
		return false
	}
	q.rescue.wakeOne()
	return true
}

// kick hands queued work to idle slots (a rescue worker went down: a suspect it was left is the
// domain's again while none is up).
func (q *sched) kick() {
	q.mu.Lock()
	q.kickLocked()
	q.mu.Unlock()
}

// reap is what a rescue worker's take needs of the recovery: whether the workers the latest
// teardown killed are not all reaped yet (on), and whether that teardown's culprit is unknown
// among what it interrupted (ambiguous: a fault, not an overrun's kill; for as long as the
// recovery lasts).
type reap struct{ on, ambiguous bool }

// reapState is the recovery's reap.
func (r *recovery) reapState() reap {
	if !r.active.Load() {
		return reap{}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return reap{on: r.stopping, ambiguous: r.ambiguous}
}

// deferToRescue puts inv, handed to this slot of the shared domain, back at the head of the
// queue when the slot has no live worker to run it on while the rescue window is open: a
// rescue worker runs it now, where this slot would hold it through its worker's start. It
// reports whether it did. The slot then starts its worker (its loop's ensure). A streamed body
// was read whole before (dispatch reads it when the worker is down): nothing is queued with its
// body still on the client's connection.
func (s *slot) deferToRescue(inv *call.Invocation) bool {
	e := s.e
	if s.rescue || !e.res.open.Load() || e.res.up.Load() == 0 || inv.Sched.Whole || s.life.w != nil && !isClosed(s.life.w.Done()) {
		return false
	}
	e.sched.putBack(inv)
	e.kickRescue()
	return true
}

// domainBack reports whether every worker of the shared domain is up and started after its
// latest teardown.
func (e *Engine) domainBack() bool {
	gen := e.faults.generation()
	for _, s := range e.slots {
		if !s.life.upSince(gen) {
			return false
		}
	}
	return true
}

// upSince reports whether the slot's worker is up and started at generation gen or later.
func (l *lifecycle) upSince(gen uint64) bool {
	l.st.mu.Lock()
	defer l.st.mu.Unlock()
	return l.st.live != nil && l.st.gen >= gen
}

// domainUp closes the rescue window once every worker of the domain is back (a worker of the
// domain just came up). Under the recovery's lock, as the teardown that opens it.
func (r *recovery) domainUp() {
	res := &r.e.res
	if !res.open.Load() {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.e.domainBack() {
		res.open.Store(false)
		r.addLocked(stageRescueEnd, "", time.Now())
	}
}

// rescueStats adds the rescue workers to st: each among the workers, how many are up, and the
// invocations they answered.
func (e *Engine) rescueStats(st *call.EngineStats) {
	for _, s := range e.res.slots {
		ws := s.life.stats()
		ws.Rescue = true
		st.Workers = append(st.Workers, ws)
		if ws.Up {
			st.RescueUp++
		}
		st.Rescued += ws.Invocations
	}
	st.RescueOpen = e.res.open.Load()
}
