package engine

import (
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/worker"
)

// The recovery timeline: what happens between the detection of a GPU-wide failure (a fault, an
// overrun's kill, a worker that died under a shared fault domain) and the moment the GPU serves
// again, stage by stage, so that each stage's cost can be measured and cut (docs/engines.md).
// One recovery may span several teardowns (the suspect's lone run faults again); it is done at
// the first invocation answered correctly once every worker is up again after the last
// teardown and the culprit, if any, has been answered. Each recovery is logged as one line and
// the last one is shown in Stats (/v1/engines).

// The stages, in the order they usually come. Each is recorded once per teardown.
const (
	stageDetected        = "detected"         // the first failure seen (the triggering slot)
	stageTeardown        = "teardown"         // every other worker killed (one per teardown)
	stageVictim          = "victim_seen"      // the first slot whose worker the teardown killed saw it lost
	stageStopped         = "workers_stopped"  // every worker of the old generation reaped
	stageDoomed          = "doomed_dropped"   // a worker started before the teardown replaced unused
	stageStart           = "worker_start"     // the first new worker process started
	stagePromoted        = "standby_promoted" // the first standby worker promoted instead
	stageStartFailed     = "start_failed"     // the first failed start of a new worker (under MPS: the daemon not ready yet)
	stageHello           = "worker_hello"     // the first new worker up (its hello: device context made)
	stageAllUp           = "all_up"           // every worker up again
	stageRerun           = "rerun_sent"       // the first interrupted invocation sent again
	stageInnocent        = "innocent_answer"  // the first interrupted invocation answered correctly
	stageFirstAnswer     = "first_answer"     // the first invocation answered correctly after detection
	stageCulpritRun      = "culprit_run"      // the suspect's lone run sent
	stageCulpritAnswered = "culprit_answered" // the culprit answered (kernel fault, overrun)
	stageRescue          = "rescue_run"       // the first invocation a rescue worker took (rescue.go)
	stageRescueEnd       = "rescue_end"       // the rescue window closed: every worker of the domain back
	stageDone            = "done"
)

// maxStages bounds a timeline (a recovery that never ends, e.g. workers that cannot start).
const maxStages = 64

// recovery is the engine's record of the recovery in progress and the last one done.
type recovery struct {
	e      *Engine
	active atomic.Bool // a recovery is in progress (read on the hot path)
	mu     sync.Mutex
	cur    *call.RecoveryTimeline
	seen   map[string]bool // stage+round recorded in cur
	round  int             // teardowns in cur
	last   *call.RecoveryTimeline
	// waiting holds the interrupted invocations requeued and not yet answered; stopping is set
	// while the workers the latest teardown killed are not all gone (Worker.Done).
	waiting  map[*call.Invocation]bool
	stopping bool
	// ambiguous is set when the latest teardown's culprit is not known among what it
	// interrupted (a fault, not an overrun's kill; rescue.go).
	ambiguous bool
}

// detected starts a recovery (or, when one is in progress, a further teardown of it) when tear
// (the fault domain's change of generation, run under the recovery's lock) reports true: by is
// the worker whose failure triggers the teardown, cause why; ambiguous says its culprit is not
// known among what it interrupts. It returns what tear did, and the teardown's round in the
// recovery.
func (r *recovery) detected(tear func() bool, by, cause string, ambiguous bool) (int, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !tear() {
		return 0, false
	}
	now := time.Now()
	if r.cur == nil {
		r.cur = &call.RecoveryTimeline{Start: now, By: by, Cause: cause}
		r.seen, r.round, r.waiting = map[string]bool{}, 1, map[*call.Invocation]bool{}
		r.active.Store(true)
		r.addLocked(stageDetected, by, now)
	} else {
		r.round++
	}
	if len(r.e.res.slots) > 0 {
		r.e.res.open.Store(true) // until every worker of the domain is back (domainUp)
	}
	r.cur.Teardowns = r.round
	r.addLocked(stageTeardown, by, now)
	// Stopping from now on, not from killed: an answer of a worker the teardown has yet to kill
	// would otherwise end the recovery before it began (seen on the cpu device).
	r.stopping, r.ambiguous = true, ambiguous
	return r.round, true
}

// killed records the workers the teardown of round (detected) killed: once they are all gone
// (exited and reaped: Worker.Done), the old workers are stopped (stopping, set by detected, is
// cleared), unless a later teardown came meanwhile. A goroutine waits for them.
func (r *recovery) killed(ws []Worker, by string, round int) {
	go func() {
		for _, w := range ws {
			select {
			case <-w.Done():
			case <-r.e.quit:
				return
			}
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.cur != nil && r.round == round { // not a later teardown's
			r.stopping = false
			r.addLocked(stageStopped, by, time.Now())
			r.maybeDoneLocked()
			r.e.wakeRescue() // a suspect passed over while reaping may run now (rescue.go)
		}
	}()
}

// stage records stage (once per teardown) if a recovery is in progress.
func (r *recovery) stage(stage, worker string) {
	if !r.active.Load() {
		return
	}
	r.mu.Lock()
	r.addLocked(stage, worker, time.Now())
	r.mu.Unlock()
}

// key names stage in the current teardown.
func (r *recovery) key(stage string) string { return stage + string(rune('0'+min(r.round, 9))) }

func (r *recovery) addLocked(stage, worker string, at time.Time) {
	c := r.cur
	if c == nil || len(c.Stages) >= maxStages || r.seen[r.key(stage)] {
		return
	}
	r.seen[r.key(stage)] = true
	c.Stages = append(c.Stages, call.RecoveryStage{Stage: stage, Round: r.round, MS: ms(at.Sub(c.Start)), Worker: worker})
}

// moveLocked records stage anew at its latest time in the current teardown (every worker up:
// one may go down again, a doomed one, and come back).
func (r *recovery) moveLocked(stage, worker string, at time.Time) {
	if c := r.cur; c != nil && r.seen[r.key(stage)] {
		for i, s := range c.Stages {
			if s.Stage == stage && s.Round == r.round {
				c.Stages = append(c.Stages[:i], c.Stages[i+1:]...)
				break
			}
		}
		delete(r.seen, r.key(stage))
	}
	r.addLocked(stage, worker, at)
}

// requeued counts an interrupted invocation put back to run again.
func (r *recovery) requeued(inv *call.Invocation) {
	r.mu.Lock()
	if r.cur != nil {
		r.cur.Interrupted++
		r.waiting[inv] = true
	}
	r.mu.Unlock()
}

// finished records that inv, perhaps an interrupted invocation, was answered with an error
// (the culprit's answer included) or expired in the queue.
func (r *recovery) finished(inv *call.Invocation) {
	if !r.active.Load() || inv.Sched.Reruns == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur != nil {
		delete(r.waiting, inv)
		r.maybeDoneLocked()
	}
}

// sent records that an interrupted invocation was sent again (a suspect: the one whose worker
// triggered the teardown, running alone).
func (r *recovery) sent(inv *call.Invocation, worker string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		return
	}
	r.addLocked(stageRerun, worker, time.Now())
	if inv.Sched.Suspect {
		r.addLocked(stageCulpritRun, worker, time.Now())
	}
}

// culprit records the culprit's answer; conclusive: without a lone run.
func (r *recovery) culprit(worker string, conclusive bool) {
	if !r.active.Load() {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.addLocked(stageCulpritAnswered, worker, time.Now())
	if conclusive && r.cur != nil {
		r.cur.Conclusive = true
	}
}

// answered records a correct answer of inv after detection.
func (r *recovery) answered(inv *call.Invocation, worker string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		return
	}
	now := time.Now()
	if inv.Sched.Reruns > 0 {
		r.addLocked(stageInnocent, worker, now)
		delete(r.waiting, inv)
	}
	r.addLocked(stageFirstAnswer, worker, now)
	r.maybeDoneLocked()
}

// startFailed records a failed start of a new worker during a recovery, and counts it.
func (r *recovery) startFailed(id string, err error) {
	if !r.active.Load() {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur != nil {
		r.cur.StartFailures++
		if r.cur.StartError == "" {
			r.cur.StartError = err.Error()
		}
		r.addLocked(stageStartFailed, id, time.Now())
	}
}

// workerUp records a new worker's hello (it took took from its spawn, or its promotion from
// standby, st by its own account), and every worker up.
func (r *recovery) workerUp(id string, took time.Duration, st worker.StartTimes, promoted bool) {
	if !r.active.Load() {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	now := time.Now()
	if r.cur != nil && !r.seen[r.key(stageHello)] {
		dev, pin, pool := time.Duration(st.Device), time.Duration(st.Pin), time.Duration(st.Pool)
		r.cur.WorkerStart = &call.WorkerStart{TotalMS: ms(took), ProcessMS: ms(max(0, took-dev-pin-pool)),
			DeviceMS: ms(dev), PinMS: ms(pin), PoolMS: ms(pool), Promoted: promoted}
	}
	r.addLocked(stageHello, id, now)
	if r.e.Ready() {
		r.moveLocked(stageAllUp, id, now)
		r.maybeDoneLocked()
	}
}

// maybeDoneLocked ends the recovery once the GPU serves again: the workers the last teardown
// killed are reaped, every worker is up, every interrupted invocation is answered (the culprit
// included), and an invocation was answered correctly since the last teardown.
func (r *recovery) maybeDoneLocked() {
	if r.cur == nil || r.stopping || !r.e.Ready() || len(r.waiting) > 0 || !r.seen[r.key(stageFirstAnswer)] {
		return
	}
	r.addLocked(stageDone, "", time.Now())
	c := r.cur
	c.Done = true
	r.last, r.cur = c, nil
	r.active.Store(false)
	fields := []zap.Field{zap.String("by", c.By), zap.String("cause", c.Cause), zap.Int("teardowns", c.Teardowns),
		zap.Int("interrupted", c.Interrupted), zap.Bool("conclusive", c.Conclusive)}
	for _, s := range c.Stages {
		fields = append(fields, zap.Float64(s.Stage+"_ms"+roundSuffix(s.Round), s.MS))
	}
	r.e.log.Warn("recovery timeline", fields...)
}

// roundSuffix tells the stages of a second or later teardown apart in the log line.
func roundSuffix(round int) string {
	if round <= 1 {
		return ""
	}
	return "_" + string(rune('0'+min(round, 9)))
}

// snapshot is the recovery in progress, else the last one; nil when there was none.
func (r *recovery) snapshot() *call.RecoveryTimeline {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := r.cur
	if c == nil {
		c = r.last
	}
	if c == nil {
		return nil
	}
	cp := *c
	cp.Stages = append([]call.RecoveryStage(nil), c.Stages...)
	return &cp
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// allSlots is the engine's slots and, in Auto mode, the whole-GPU one.
func (e *Engine) allSlots() []*slot {
	if e.big == nil {
		return e.slots
	}
	return append(e.slots[:len(e.slots):len(e.slots)], e.big)
}

// aloneInFlight reports whether no slot but s has a request in a worker: then s's invocation
// was the only one the GPU ran, and a GPU-wide fault it met is its own. It must be read before
// the teardown that s's failure triggers (a slot's count falls only after it handled its own
// failure, see slot.flight).
func (e *Engine) aloneInFlight(s *slot) bool {
	for _, o := range e.allSlots() {
		if o != s && o.flight.Load() > 0 {
			return false
		}
	}
	return true
}
