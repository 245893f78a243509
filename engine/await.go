package engine

import (
	"errors"
	"time"

	"gpufn/worker"
)

// Waiting for a result: the engine, not the worker's reader, decides what happens while it
// waits. A busy slot with one request in flight spins on its worker's Poll for the polling
// policy's reply spin and then parks in a blocking receive; a slot whose worker already has its
// next request waiting behind the running one (pipelining, both contexts in flight) parks at
// once. All of it runs on whoever drives the slot.
//
// Two mechanisms were measured on the H100 and removed (docs/engines.md, "What the waiting
// costs"): looking at the queue while spinning, to send a newly queued invocation behind the
// running one at once (prefetch while spinning: no gain beyond noise, mixed in sign), and
// spinning for the result while the worker has its next request (parking was as fast or
// faster with 1, 4 and 8 workers). The slot looks at the queue between results (pipeline.go),
// and behind a batch once inside the wait, when the next batch is due (prefetchIfDue: then it
// parks, as its worker has the next request).

// parks reports whether the slot parks for the result of its oldest request at once: its worker
// has the next one waiting behind it, so the slot has nothing to send until the result comes
// and the worker is busy until then; a spin would buy only a prompter answer, for a core the
// handlers and the other workers need.
func (s *slot) parks() bool { return len(s.pipe.order) > 1 }

// awaitResult waits for the result of p's request into the slot's result, until the server's
// deadline p.kill. Meanwhile an invocation in flight whose caller's deadline is earlier, p or
// one sent behind it, is answered when that passes (late) and the wait goes on: the worker is
// not disturbed.
func (s *slot) awaitResult(p *pending) error {
	w := s.e.cfg.Waiters
	w.enter()
	defer w.leave()
	if s.parks() {
		s.waitEarly(p.id)
		return s.life.w.ReceiveParked(p.id, &s.pipe.res, p.kill)
	}
	return s.await(p, &s.pipe.res)
}

// wantsEarly reports whether p's caller stops waiting before the server's deadline.
func (s *slot) wantsEarly(p *pending) bool {
	return p.inv != nil && p.inv.Sched.CallerDeadline && p.inv.Deadline.Before(p.kill)
}

// earliest is the earliest caller's deadline among the invocations in flight that want an
// early answer (false: none does).
func (s *slot) earliest() (time.Time, bool) {
	var t time.Time
	ok := false
	for _, ci := range s.pipe.order {
		if p := &s.pipe.pend[ci]; s.wantsEarly(p) && (!ok || p.inv.Deadline.Before(t)) {
			t, ok = p.inv.Deadline, true
		}
	}
	return t, ok
}

// lateBy answers every invocation in flight whose caller's deadline is before now.
func (s *slot) lateBy(now time.Time) {
	for _, ci := range s.pipe.order {
		if p := &s.pipe.pend[ci]; s.wantsEarly(p) && now.After(p.inv.Deadline) {
			s.late(p)
		}
	}
}

// waitEarly waits, parked, until the result of request id can be read or the worker is gone,
// answering the invocations in flight whose caller's deadline passes meanwhile; it returns at
// once when none wants an early answer (the caller then waits in ReceiveParked).
func (s *slot) waitEarly(id uint64) {
	for {
		t, ok := s.earliest()
		if due := s.pipe.due; !due.IsZero() && (!ok || due.Before(t)) {
			t, ok = due, true
		}
		if !ok || !errors.Is(s.life.w.WaitReply(id, t), worker.ErrDeadline) {
			return
		}
		now := time.Now()
		s.lateBy(now)
		s.prefetchIfDue(now) // pipeline.go
	}
}

// await waits for the result of p's request until p.kill: it spins on the worker's Poll for the
// reply spin of the polling policy (Config.replySpin), then parks; under the hybrid policy it
// parks as soon as the server is not quiet (Config.loadAllowsSpin: another slot waits for a
// result too). A turn that finds nothing costs a load of the worker's reply doorbell
// (worker.Process.Poll); the clock and the load are read every 1024 turns.
func (s *slot) await(p *pending, res *worker.Result) error {
	w := s.life.w
	spin := s.e.cfg.replySpin()
	var until time.Time
	for i := 0; spin != 0; i++ {
		if got, err := w.Poll(p.id, res, p.kill); got {
			return err
		}
		if i&1023 != 0 {
			continue
		}
		now := time.Now()
		if i == 0 {
			until = now.Add(spin)
		}
		s.lateBy(now)
		if s.prefetchIfDue(now) && s.parks() {
			break // pipeline.go: the worker has its next request now (parks)
		}
		if now.After(p.kill) || spin != worker.SpinForever && (now.After(until) || !s.e.cfg.loadAllowsSpin()) {
			break // parked, or at once worker.ErrDeadline (unless the reply came just now)
		}
	}
	s.waitEarly(p.id)
	return w.ReceiveParked(p.id, res, p.kill)
}
