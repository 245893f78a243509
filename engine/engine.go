package engine

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/shm"
	"gpufn/worker"
)

// Engine serves one GPU. See the package documentation.
type Engine struct {
	cfg Config
	log *zap.Logger

	sched  sched       // the queue, the idle slots, what runs (sched.go)
	faults faultDomain // teardowns of the GPU's fault domain (faults.go)
	rec    recovery    // the timeline of the recovery from the last teardown (recovery.go)
	res    rescueSet   // rescue workers: their own fault domains (rescue.go)

	slots   []*slot
	big     *slot       // Auto mode: the whole-GPU worker, used only by the holder of exclusive
	standby chan Worker // workers started ahead, not yet promoted (standby.go)
	quit    chan struct{}
	wg      sync.WaitGroup
	once    sync.Once

	stats    stats
	batching gatherTable // batches waiting to fill (batchwait.go)
	pre      preloadLog  // functions to preload into idle workers (preload.go)
	drops    dropLog     // deleted weights for the workers to drop (drops.go)
}

type stats struct {
	submitted, completed, failed, rejected, restarts atomic.Uint64
	reruns, whole, teardowns, pipelined, inline      atomic.Uint64
	streamed, prewakes, bodies, slowBodies           atomic.Uint64 // inflight.go, prewake.go, body.go
	promoted                                         atomic.Uint64
	switches, switchNanos                            atomic.Uint64 // affinity.go
	faults, quarantines                              atomic.Uint64
	weightHits, weightMisses, weightEvictions        atomic.Uint64 // lifecycle.resident
	batches                                          batchStats    // batch.go
	preloads, preloadNanos, preloadsFull             atomic.Uint64 // preload.go
	up                                               atomic.Int32
}

// New starts an engine and its workers (in the background: Ready reports when they are up).
func New(cfg Config) (*Engine, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	e := &Engine{
		cfg:   cfg,
		log:   cfg.Log.With(zap.String("engine", cfg.Name)),
		sched: sched{q: newQueue(cfg.QueueDepth, cfg.TenantShare, cfg.TenantQueueBytes)},
		quit:  make(chan struct{}),
	}
	e.rec.e = e
	e.sched.rescue = &e.res
	e.sched.gathers = &e.batching
	if cfg.Standby > 0 {
		e.standby = make(chan Worker, cfg.Standby)
	}
	for i := 0; i < cfg.Workers; i++ {
		e.slots = append(e.slots, newSlot(e, i, fmt.Sprintf("%s-w%d", cfg.Name, i)))
	}
	if cfg.Mode == Auto {
		e.big = newSlot(e, -1, cfg.Name+"-whole")
	}
	e.newRescue()
	for _, s := range e.slots {
		e.wg.Add(1)
		go s.loop()
	}
	for _, s := range e.res.slots {
		e.wg.Add(1)
		go s.rescueLoop()
	}
	e.wg.Add(1)
	go e.janitor()
	if cfg.Standby > 0 {
		e.wg.Add(1)
		go e.keepStandby()
	}
	return e, nil
}

// Config returns the engine's configuration, defaults applied.
func (e *Engine) Config() Config { return e.cfg }

// Name names the engine in logs and messages (Config.Name).
func (e *Engine) Name() string { return e.cfg.Name }

// ContextBytes is the size of each worker's shared-memory context (Config.ContextBytes).
func (e *Engine) ContextBytes() int { return e.cfg.ContextBytes }

// IOCapacity is how many bytes of inputs and outputs together fit a worker's context for a
// function with that many outputs: the context less the output area's alignment and the
// outputs' length words.
func (e *Engine) IOCapacity(outputs int) uint64 {
	fixed := uint64(shm.OutputAlign) + 8*uint64(outputs)
	if c := uint64(e.cfg.ContextBytes); c > fixed {
		return c - fixed
	}
	return 0
}

// Submit queues inv (or hands it to an idle worker). It never blocks. inv.Deadline, if zero,
// becomes now + Config.Timeout. The result arrives on inv.Done.
func (e *Engine) Submit(inv *call.Invocation) error {
	e.admitted(inv)
	if _, err := e.sched.admit(inv, queueIt, 0); err != nil {
		e.stats.rejected.Add(1)
		return err
	}
	e.stats.submitted.Add(1)
	e.kickRescue()
	return nil
}

// SubmitInline is Submit, except that when a worker is idle, its goroutine parked (past the
// polling policy's spin) and nothing is queued (nothing runs alone either), the calling
// goroutine runs inv on that worker itself and returns once inv is answered (or, after a
// GPU-wide fault under a shared fault domain, queued to run again alone): no hand-off to the
// worker's goroutine and back, each a thread wake-up on an idle host, and the inputs are copied
// into the worker's context by the goroutine that just read them. Otherwise, and with
// Config.NoInline, it queues inv as Submit does. Either way the result arrives on inv.Done.
//
// An invocation run inline is never sent behind another, and none is sent behind it
// (pipelining is for queued ones): so it is kept to a worker whose goroutine has parked, which
// under load (a goroutine that spins between invocations, as the hybrid policy's do on hosts of
// 8 or more cores) leaves the queue and its pipelining to the slot goroutines. With the spin
// policy no invocation runs inline; with block, every one that finds a worker idle does.
func (e *Engine) SubmitInline(inv *call.Invocation) error {
	if inv.Body != nil {
		return e.submitBody(inv) // body.go
	}
	if e.cfg.NoInline {
		return e.Submit(inv)
	}
	e.admitted(inv)
	s, err := e.sched.admit(inv, lendOrQueue, e.faults.generation())
	if err != nil {
		e.stats.rejected.Add(1)
		return err
	}
	e.stats.submitted.Add(1)
	if s != nil {
		e.stats.inline.Add(1)
		s.runLent(inv)
	} else {
		e.kickRescue()
	}
	return nil
}

// admitted stamps inv on its way in: its deadline (now + Config.Timeout if none), when it
// entered, and whether it needs the whole GPU (Auto mode).
func (e *Engine) admitted(inv *call.Invocation) {
	now := time.Now()
	if inv.Deadline.IsZero() {
		inv.Deadline = now.Add(e.cfg.Timeout)
	} else {
		inv.Sched.CallerDeadline = true
	}
	inv.Sched.Enqueued = now
	inv.Sched.Timeout = inv.Deadline.Sub(now)
	if e.cfg.Mode == Auto && inv.Need > e.cfg.PoolBytes {
		inv.Sched.Whole, inv.Sched.Exclusive = true, true
	}
}

// MaxNeed is the most device memory one invocation may need on this engine: a worker's pool,
// or in Auto mode the GPU's usable memory less the whole-GPU worker's resident weight sets'
// budget, which its pool leaves beside it (as the worker does, at most an eighth of the
// memory), and at least a worker's pool. 0 when not known yet (no worker up).
func (e *Engine) MaxNeed() uint64 {
	if e.cfg.Mode == Auto {
		r := worker.ResidentBudget(e.cfg.ResidentBytes)
		return max(e.cfg.PoolBytes, e.cfg.UsableBytes-min(r, e.cfg.UsableBytes/8))
	}
	if h := e.Hello(); h != nil {
		return h.PoolBytes
	}
	return 0
}

// Ready reports whether every worker of the engine is up.
func (e *Engine) Ready() bool { return int(e.stats.up.Load()) == len(e.slots) }

// Stats returns a snapshot.
func (e *Engine) Stats() call.EngineStats {
	queued, running := e.sched.load()
	st := call.EngineStats{Name: e.cfg.Name, Device: e.cfg.Device, Ordinal: e.cfg.Ordinal, Mode: string(e.cfg.Mode),
		Queued: queued, QueueDepth: e.cfg.QueueDepth, Busy: running}
	slots := e.slots
	if e.big != nil {
		slots = append(slots[:len(slots):len(slots)], e.big)
	}
	for _, s := range slots {
		st.Workers = append(st.Workers, s.life.stats())
		if st.DeviceInfo == nil {
			if h := s.life.hello(); h != nil {
				info := h.Device
				st.DeviceInfo = &info
			}
		}
	}
	st.Submitted, st.Completed, st.Failed = e.stats.submitted.Load(), e.stats.completed.Load(), e.stats.failed.Load()
	st.Rejected, st.Restarts = e.stats.rejected.Load(), e.stats.restarts.Load()
	st.Reruns, st.Teardowns, st.Whole = e.stats.reruns.Load(), e.stats.teardowns.Load(), e.stats.whole.Load()
	st.TenantSwitches, st.TenantSwitchNanos = e.stats.switches.Load(), e.stats.switchNanos.Load()
	st.Preloads, st.PreloadNanos, st.PreloadsNoRoom = e.stats.preloads.Load(), e.stats.preloadNanos.Load(), e.stats.preloadsFull.Load()
	st.PreloadsPending = e.preloadsPending()
	st.Pipelined, st.Inline, st.Streamed = e.stats.pipelined.Load(), e.stats.inline.Load(), e.stats.streamed.Load()
	st.Prewakes, st.StreamedBodies, st.SlowBodies = e.stats.prewakes.Load(), e.stats.bodies.Load(), e.stats.slowBodies.Load()
	st.Standby, st.Promoted = len(e.standby), e.stats.promoted.Load()
	st.Faults, st.Quarantines = e.stats.faults.Load(), e.stats.quarantines.Load()
	st.WeightHits, st.WeightMisses, st.WeightEvictions = e.stats.weightHits.Load(), e.stats.weightMisses.Load(), e.stats.weightEvictions.Load()
	st.Ready = e.Ready()
	e.rescueStats(&st)
	e.addModuleStats(&st)
	e.batchStatsInto(&st)
	st.LastRecovery = e.rec.snapshot()
	return st
}

// Hello returns the hello of a live worker of this engine (its device and pool), or nil when
// none is up.
func (e *Engine) Hello() *worker.Hello {
	for _, s := range e.slots {
		if h := s.life.hello(); h != nil {
			return h
		}
	}
	return nil
}

// Load is the number of invocations queued or running: the dispatcher sends new work to the
// least loaded engine.
func (e *Engine) Load() int {
	queued, running := e.sched.load()
	return queued + running
}

// Shutdown stops accepting invocations, lets the queued and running ones finish until ctx is
// done, answers whatever is left with call.CodeDraining, and stops the workers. Safe to call
// twice.
func (e *Engine) Shutdown(ctx context.Context) error {
	e.sched.drain()
	err := e.awaitQuiet(ctx)
	// The quit is closed under the dispatch state's lock: a slot lent before it (lease.go) is
	// seen lent by its goroutine when that goroutine sees the quit, and none is lent after.
	e.once.Do(func() {
		e.sched.mu.Lock()
		close(e.quit)
		e.sched.mu.Unlock()
	})
	left, running := e.answerQueued()
	if err != nil {
		e.log.Warn("drain timed out", zap.Int("queued", left), zap.Int("running", running))
	}
	e.wg.Wait()
	// No slot runs any more, so nothing may be handed to one: answering a hand-off below
	// counts it done, and that would otherwise hand the next queued invocation to a slot
	// whose hand-off was already drained, where nobody would ever answer it.
	e.sched.forgetIdle()
	for _, s := range e.slots {
		s.drainHandoff() // a hand-off that raced with the quit
	}
	// After a drain that timed out, slots still running may have put invocations back into
	// the queue (sent behind one whose worker was then lost, or re-runs after a teardown):
	// no slot takes them any more.
	e.answerQueued()
	if e.big != nil {
		e.big.life.stop()
	}
	return err
}

// awaitQuiet waits until the queue is empty and nothing runs, or ctx is done.
func (e *Engine) awaitQuiet(ctx context.Context) error {
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for {
		if queued, running := e.sched.load(); queued == 0 && running == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("engine %s: drain: %w", e.cfg.Name, ctx.Err())
		case <-t.C:
		}
	}
}

// answerQueued empties the queue, answering every invocation in it as draining; it returns how
// many there were and how many invocations slots held then.
func (e *Engine) answerQueued() (queued, running int) {
	left, running := e.sched.removeAll()
	for _, inv := range left {
		inv.Finish(call.Errorf(call.CodeDraining, "the server is shutting down"))
	}
	return len(left), running
}
