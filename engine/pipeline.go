package engine

import "time"

// Pipelining (off with Config.NoPipeline): while a worker runs an invocation, its slot sends it
// the next queued one, its inputs copied into the worker's other context, so that the worker
// finds it waiting when it answers the first (docs/engines.md). The slot looks for one right
// after it sends an invocation and between results (run), and behind a run of a batching
// function once more inside the wait for its result, when the next batch is due (prefetchDue,
// below). Runs on whoever drives the slot.

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
	f.due = time.Time{}
	t := time.Now()
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
	if family(next) != behind(busy) || !f.hasCode(next.Fn) {
		// Only the same function may be sent behind busy (isolate), and only what the worker
		// has the code of (another variant's first run loads it once the slot is free).
		s.untake(next)
		return
	}
	if s.start(next, free, true) {
		s.e.stats.pipelined.Add(1)
		if next.Batch != nil {
			f.leads.add(behind(busy).ID, time.Since(t))
		}
	}
}

// Forming a batch late. A slot that pipelines sends the next invocation while the worker runs
// the one before it. For a lone invocation the sooner the better; a batch formed then takes
// what queued up to that moment, a whole run before it can start, and what arrives during that
// run waits for the batch after it: at 80% of the highest rate a member waited about half a
// run to be taken, a whole run behind the running batch, then its own run. So behind a run of
// a batching function (a batch, or one of its invocations alone) the slot forms the next batch
// only when the running one is about to end: at its start plus its expected run, less the time
// that forming, copying in and sending a batch and copying it to the device take, with a margin
// (leadMargin). All are reckoned from what the slot measured: each function's run (from the
// worker's start on it to its result; by Function.ID, so per variant), each batching function's
// batch forming (from the take to the request sent) and its batches' copy to the device (the
// worker's h2d stage; with copying ahead, docs/engines.md, the worker makes it while the batch
// before runs). Until the first two are known it forms at once, as before. If the
// running batch ends first, the slot answers it and takes the queue as an idle slot does; if
// the batch comes too late, the worker waits the difference. Config.EagerBatches turns it off.

// leadMargin is added to the expected forming time, with a quarter of that time again: a
// worker that finishes early waits that much at most, and a member taken earlier waits as long
// in the batch.
const leadMargin = 100 * time.Microsecond

// prefetchDue is when the slot should form and send what goes behind the running invocation:
// zero (at once) unless it runs a batching function whose run and forming time the slot knows
// (see above).
func (s *slot) prefetchDue() time.Time {
	f := &s.pipe
	busy := &f.pend[f.order[0]]
	if s.e.cfg.EagerBatches || busy.inv == nil {
		return time.Time{}
	}
	base := behind(busy)
	if base.Batching == nil {
		return time.Time{}
	}
	run, ok := f.runs.get(busy.fn.ID)
	lead, ok2 := f.leads.get(base.ID)
	if !ok || !ok2 {
		return time.Time{}
	}
	if h2d, ok := f.copies.get(base.ID); ok {
		lead += h2d
	}
	return busy.start.Add(run - lead - lead/4 - leadMargin)
}

// prefetchIfDue forms and sends the deferred invocation once its time (prefetchDue) has come,
// and reports whether it sent one. It runs inside the wait for the running one's result
// (await, waitEarly). Nothing is sent once the running one has overrun the server's deadline
// (its worker is about to be killed).
func (s *slot) prefetchIfDue(now time.Time) bool {
	f := &s.pipe
	if f.due.IsZero() || now.Before(f.due) {
		return false
	}
	f.due = time.Time{}
	if len(f.order) == 0 || !s.canPrefetch() || now.After(f.pend[f.order[0]].kill) {
		return false
	}
	n := len(f.order)
	s.prefetch()
	return len(f.order) > n
}

// estimates keeps a moving average of durations by ID, for a few hundred IDs: past that it
// starts again (an ID it forgot is measured again; until then its slot forms batches at once).
// It follows a shorter duration faster than a longer one (half the difference against a
// quarter): an estimate too long forms the next batch too late, and the worker waits, while
// one too short only forms it a little early, as --eager-batches would. Runs that loaded code,
// placed weights or built a launch graph are not counted (receive).
type estimates map[uint64]time.Duration

const maxEstimates = 256

func (m *estimates) add(id uint64, d time.Duration) {
	if *m == nil || len(*m) >= maxEstimates {
		*m = estimates{}
	}
	if old, ok := (*m)[id]; ok && d < old {
		d = old - (old-d)/2
	} else if ok {
		d = old + (d-old)/4
	}
	(*m)[id] = d
}

func (m estimates) get(id uint64) (time.Duration, bool) {
	d, ok := m[id]
	return d, ok
}
