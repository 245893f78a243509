package engine

import (
	"time"
)

// Waking a worker ahead of its invocation. On an idle host a worker that has spun its
// WorkerSpinFor after its last answer parks in poll(2), and the next invocation's request pays
// the thread's wake-up (about 100 us on the H100 host, the `ipc` stage at 25 requests/s) after
// the whole request body has come, been read and been copied. The frontend knows of the
// invocation earlier: when its request's header has come. Prewake then sends the worker that
// would most likely run it a wake message (worker.MsgWake): the worker wakes while the body
// arrives and spins up to worker.WakeSpin for the request.

// wakeable is a worker that can be sent a wake (*worker.Process; the tests' fakes are not).
type wakeable interface{ Wake() error }

// Prewake is called when an invocation is on its way to this engine (its request's header has
// come, its body is still arriving). When nothing is queued, nothing runs alone and the most
// recently idle slot (the one an inline run takes) has a worker that has parked (idle longer
// than WorkerSpinFor) and was not woken since it went idle, it sends that worker a wake. It
// costs a lock and a few comparisons otherwise, and nothing at all under the spin and block
// policies, on hosts where hybrid does not spin, or with Config.NoPrewake.
func (e *Engine) Prewake() {
	spin := e.cfg.WorkerSpinFor
	if e.cfg.NoPrewake || e.cfg.Policy != PolicyHybrid || spin <= 0 {
		return
	}
	q := &e.sched
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.draining || q.exclusive || q.q.len() > 0 || len(q.idle) == 0 {
		return
	}
	s := q.idle[len(q.idle)-1]
	w, ok := s.life.w.(wakeable)
	if !ok || s.woken || !s.lendable(e.faults.generation()) || time.Since(s.idleAt) < spin {
		return
	}
	// The slot is idle (its goroutine parked, nobody drives it) and stays so while mu is held:
	// nothing else writes to its worker's request pipe now.
	s.woken = true
	if w.Wake() == nil {
		e.stats.prewakes.Add(1)
	}
}

// pushIdleLocked puts s on the idle stack: its worker may be woken once more (Prewake).
func (q *sched) pushIdleLocked(s *slot) {
	s.idleAt, s.woken = time.Now(), false
	q.idle = append(q.idle, s)
}
