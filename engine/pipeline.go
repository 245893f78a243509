package engine

// Pipelining (off with Config.NoPipeline): while a worker runs an invocation, its slot sends it
// the next queued one, its inputs copied into the worker's other context, so that the worker
// finds it waiting when it answers the first (docs/engines.md). The slot looks for one right
// after it sends an invocation and between results (run). Runs on whoever drives the slot.

// canPrefetch reports whether another invocation may be sent to the worker now: a context is
// free, nothing went wrong writing to the worker, and no submitter drives the slot (an inline
// run, lease.go, returns once its own invocation is answered).
func (s *slot) canPrefetch() bool {
	return !s.lease.inline && len(s.pipe.order) < s.life.w.Contexts() && s.pipe.broken == nil
}

// prefetch sends the next queued invocation while another runs, when the next is of the same
// function and the same caller, and the worker has its code. The same function and caller only:
// kernels can read and write the worker's pinned contexts, so while one runs, the other context
// may hold nothing its function and its caller could not see anyway (docs/security.md). Nothing
// goes to a worker doomed by a teardown of the fault domain since it started (a rescue
// worker, a fault domain of its own, never is), nor behind a run that must be alone (on the
// domain the exclusive token keeps everything else off; on a rescue worker what waited behind
// a suspect would wait out its fault or its overrun).
func (s *slot) prefetch() {
	f := &s.pipe
	busy := &f.pend[f.order[0]]
	free := 1 - f.order[0]
	// By the invocation's own deadline busy is answered, early if need be (late); its worker is
	// done with it by busy.kill at the latest. Deadlines set at admission grow in the order of
	// the queue, so what comes behind busy usually passes takeBehind's test.
	until := busy.kill
	if busy.inv != nil && busy.inv.Deadline.Before(until) {
		until = busy.inv.Deadline
	}
	if busy.alone || !s.life.own && s.life.gen < s.e.faults.generation() || !f.hasCode(busy.fn) {
		return
	}
	inv := s.e.sched.takeBehind(s, behind(busy), busy.tenant, until) // batch.go
	if inv == nil {
		return
	}
	next := s.batch(inv, false) // batch.go
	if next.Fn != busy.fn {
		s.untake(next) // only the same function may be sent behind busy (isolate)
		return
	}
	if s.start(next, free, true) {
		s.e.stats.pipelined.Add(1)
	}
}
