package engine

import (
	"time"

	"gpufn/worker"
)

// Waiting for a result: the engine, not the worker's reader, decides what happens while it
// waits. A busy slot spins on its worker's Poll for the polling policy's reply spin, looking at
// the queue now and then (prefetch while spinning: watch), and then parks in a blocking
// receive; the park policy (Config.ParkPipelined) makes a slot whose worker already has its
// next request park at once. All of it runs on whoever drives the slot.

// watch is prefetch while spinning (off with Config.NoWatch): a busy slot that spins for a
// result looks at the queue every 256 turns, and when a context is free and something was
// submitted since it last looked, it tries prefetch, so that an invocation submitted during the
// run is sent behind the running one at once. Without it, a slot looks at the queue only
// between results, and with several workers sharing one queue it is often empty at that moment
// while it fills during the run: the invocation then waited for the running one's result, its
// answer and a slot's next turn (copies and a pipe round trip during which the worker idles). It
// watches as long as the reply spin lasts (at least 1 ms with the default hybrid policy, not at
// all with --poll block).
type watch struct {
	on   bool
	seen uint64 // sched.queued when the slot last looked at the queue
}

// look is the watch's turn: see watch.
func (s *slot) look() {
	if !s.canPrefetch() {
		return
	}
	// A new submission is what usually gives prefetch something to take. A matching
	// invocation can also come to the head otherwise (another slot took a head that did not
	// match, the janitor answered an expired one, a slot put work back): it then waits for
	// the running one's result, as it did before there was a watch.
	if n := s.e.sched.queued.Load(); n != s.watch.seen {
		s.watch.seen = n
		s.prefetch()
	}
}

// parks applies the park policy: the slot parks for the result of its oldest request when its
// worker has the next one waiting behind it (Engine.parkPipelined, from Config.ParkPipelined).
// Both contexts are then in flight, so the slot has nothing to send until the result comes, and
// the worker is busy until then: the spin would buy only a prompter answer.
func (s *slot) parks() bool { return s.e.parkPipelined && len(s.pipe.order) > 1 }

// awaitResult waits for the result of p's request into the slot's result, until p's deadline
// (or, answered early, its drop deadline).
func (s *slot) awaitResult(p *pending) error {
	deadline := p.dropAt
	if p.inv != nil {
		deadline = p.inv.Deadline
	}
	if s.parks() {
		return s.life.w.ReceiveParked(p.id, &s.pipe.res, deadline)
	}
	return s.await(p.id, &s.pipe.res, deadline, s.watch.on)
}

// await waits for the result of request id until deadline: it spins on the worker's Poll for
// the reply spin of the polling policy (Config.replySpin), looking at the queue every 256 turns
// when watching (look), then parks. A turn that finds nothing costs a load of the worker's reply
// doorbell (worker.Process.Poll); the clock is read every 1024 turns.
func (s *slot) await(id uint64, res *worker.Result, deadline time.Time, watching bool) error {
	w := s.life.w
	spin := s.e.cfg.replySpin()
	if spin == 0 {
		return w.ReceiveParked(id, res, deadline)
	}
	var until time.Time
	for i := 0; ; i++ {
		if got, err := w.Poll(id, res, deadline); got {
			return err
		}
		if watching && i&255 == 255 {
			s.look()
		}
		if i&1023 != 0 {
			continue
		}
		now := time.Now()
		if i == 0 {
			until = now.Add(spin)
		}
		if !deadline.IsZero() && now.After(deadline) || spin != worker.SpinForever && now.After(until) {
			// Parked, or at once worker.ErrDeadline (unless the reply came just now).
			return w.ReceiveParked(id, res, deadline)
		}
	}
}
