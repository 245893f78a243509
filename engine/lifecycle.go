package engine

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/worker"
)

// lifecycle keeps one slot's worker up: it starts a worker (retrying with back-off while the
// engine is not ready), forgets one that was lost (killing and reaping it, counting a restart),
// and stops it at the end. w, gen and failed belong to whoever drives the slot: its goroutine,
// a borrower under a lease (lease.go), or for the whole-GPU worker the holder of the exclusive
// token. status is what other goroutines read (Stats, Hello) or do (a teardown's terminate),
// under its own mutex.
type lifecycle struct {
	e        *Engine
	id       string
	counted  bool     // counts for the engine's readiness (the whole-GPU worker does not)
	noPool   bool     // the worker starts without a pool (the whole-GPU worker)
	env      []string // the worker's environment: Config.Env, or WholeEnv
	contexts int      // shared-memory contexts: 2 when the slot pipelines, else 1
	// own: the worker is a fault domain of its own (a rescue worker, rescue.go): never doomed
	// by a teardown, and no part of the recovery's timeline of the shared domain.
	own bool
	// tries bounds the failed starts in a row of a slot whose worker never came up (0: no
	// bound; started: one came up once): then ensure gives up.
	tries   int
	started bool

	w      Worker
	gen    uint64 // the fault domain's generation when w started (faults.go)
	failed int    // consecutive start failures

	st    status
	cache moduleCounts
}

// status is what other goroutines see of a slot's worker, guarded by mu.
type status struct {
	mu       sync.Mutex
	live     Worker
	gen      uint64 // the fault domain's generation when live started
	torn     bool   // live was killed by a teardown of the fault domain
	runs     uint64 // invocations answered by the slot
	up       bool
	pid      int
	pool     uint64
	restarts int
	lastErr  string
	hello    *worker.Hello
	weights  worker.ResidentStats // as of the worker's last result
}

// ensure starts a worker if none is up, retrying with back-off (0.1 s doubling to 12.8 s). It
// reports whether the slot has a worker (false: the engine quit first) and whether it is a new
// one (its contexts are zero-filled and it has no code loaded).
func (l *lifecycle) ensure() (ok, fresh bool) {
	if l.w != nil {
		select {
		case <-l.w.Done():
			l.lost(errors.New("the worker exited"))
		default:
			return true, false
		}
	}
	e := l.e
	for {
		select {
		case <-e.quit:
			return false, false
		default:
		}
		gen := e.faults.generation()
		if !l.own {
			e.rec.stage(stageStart, l.id)
		}
		t0 := time.Now()
		var err error
		w := l.promoteStandby()
		promoted := w != nil
		if !promoted {
			w, err = e.cfg.Start(l.options())
		}
		if err == nil {
			l.w, l.gen, l.failed, l.started = w, gen, 0, true
			l.wasTorn()
			l.setUp(w)
			e.log.Info("worker up", zap.String("worker", l.id), zap.Int("pid", w.PID()), zap.Uint64("pool_bytes", w.Hello().PoolBytes))
			if !l.own {
				e.rec.domainUp()
				e.rec.workerUp(l.id, time.Since(t0), w.Hello().Start, promoted)
			}
			return true, true
		}
		l.failed++
		l.note(err)
		if !l.own {
			e.rec.startFailed(l.id, err)
		}
		if l.tries > 0 && !l.started && l.failed >= l.tries {
			l.note(fmt.Errorf("gave up after %d failed starts: %w", l.failed, err))
			return false, false
		}
		back := retryDelay(l.failed, e.rec.active.Load())
		e.log.Error("worker failed to start", zap.String("worker", l.id), zap.Int("attempt", l.failed), zap.Duration("retry_in", back), zap.Error(err))
		select {
		case <-e.quit:
			return false, false
		case <-time.After(back):
		}
	}
}

// options describe the slot's worker to Config.Start.
func (l *lifecycle) options() worker.StartOptions {
	c := &l.e.cfg
	ordinal := c.Ordinal
	if c.SoleDevice {
		ordinal = 0
	}
	return worker.StartOptions{
		Binary: c.Binary, Args: c.Args, ID: l.id,
		Device: c.Device, Ordinal: ordinal, PoolBytes: c.PoolBytes, NoPool: l.noPool,
		Contexts: l.contexts, ContextBytes: c.ContextBytes, Env: l.env, Spin: c.workerSpin(), ReplySpin: c.replySpin(), NoGraphs: c.NoGraphs,
		CopyAhead:        c.CopyAhead && l.contexts > 1, // nothing is sent ahead to a worker of one context
		ModuleCacheBytes: c.ModuleCacheBytes, ResidentBytes: c.ResidentBytes,
		StartTimeout: c.StartTimeout, LogLevel: c.LogLevel, Log: c.Log,
	}
}

// lost forgets a worker that died or was killed (killing and reaping it); the next ensure
// starts another.
func (l *lifecycle) lost(why error) {
	if l.w == nil {
		return
	}
	l.w.Kill() // reaps it and releases pipes and contexts
	l.w = nil
	l.cache.bytes.Store(0) // a new worker has no module loaded
	l.setUp(nil)
	if l.own {
		l.e.sched.kick() // a suspect left to the rescue workers may go to the domain's now
	}
	l.st.mu.Lock()
	l.st.restarts++
	l.st.mu.Unlock()
	l.e.stats.restarts.Add(1)
	l.e.log.Warn("worker lost; restarting", zap.String("worker", l.id), zap.String("why", why.Error()))
}

// stop stops the worker (the engine is shutting down).
func (l *lifecycle) stop() {
	if l.w != nil {
		t0 := time.Now()
		l.w.Stop(l.e.cfg.StopGrace)
		l.cache.bytes.Store(0)
		if took := time.Since(t0); took > time.Second {
			l.e.log.Warn("a worker was slow to stop", zap.String("worker", l.id), zap.Duration("took", took))
		}
		l.w = nil
		l.setUp(nil)
	}
}

// terminate kills the worker from another goroutine (a teardown of the fault domain) and
// returns it (nil: none was up); the slot's driver sees it fail and asks wasTorn.
func (l *lifecycle) terminate() Worker {
	l.st.mu.Lock()
	w := l.st.live
	if w != nil {
		l.st.torn = true
	}
	l.st.mu.Unlock()
	if w != nil {
		w.Terminate()
	}
	return w
}

// wasTorn reports (and forgets) whether a teardown killed the current worker.
func (l *lifecycle) wasTorn() bool {
	l.st.mu.Lock()
	defer l.st.mu.Unlock()
	t := l.st.torn
	l.st.torn = false
	return t
}

func (l *lifecycle) setUp(w Worker) {
	l.st.mu.Lock()
	defer l.st.mu.Unlock()
	l.st.live = w
	if w != nil {
		l.st.torn = false // a teardown that killed the worker before concerns that one only
		l.st.gen = l.gen
		l.st.up, l.st.pid, l.st.pool, l.st.hello = true, w.PID(), w.Hello().PoolBytes, w.Hello()
		l.st.weights = worker.ResidentStats{} // a new worker counts from zero
		l.countUp(1)
	} else if l.st.up {
		l.st.up = false
		l.countUp(-1)
	}
}

// countUp counts a worker up (1) or down (-1): the engine's, which its readiness counts, or a
// rescue worker (rescue.go).
func (l *lifecycle) countUp(n int32) {
	switch {
	case l.counted:
		l.e.stats.up.Add(n)
	case l.own:
		l.e.res.up.Add(n)
	}
}

func (l *lifecycle) setPool(n uint64) {
	l.st.mu.Lock()
	l.st.pool = n
	l.st.mu.Unlock()
}

func (l *lifecycle) note(err error) {
	l.st.mu.Lock()
	l.st.lastErr = err.Error()
	l.st.mu.Unlock()
}

// ran counts n invocations answered by the slot (a batch's members each).
func (l *lifecycle) ran(n uint64) {
	l.st.mu.Lock()
	l.st.runs += n
	l.st.mu.Unlock()
}

// resident records the worker's weight-set counts from a result, and adds what they grew by
// since its previous result to the engine's counters (a new worker's count from zero: setUp).
func (l *lifecycle) resident(r *worker.ResidentStats) {
	l.st.mu.Lock()
	prev := l.st.weights
	l.st.weights = *r
	l.st.mu.Unlock()
	grew := func(now, before uint64) uint64 {
		if now < before { // not from the worker whose counts we kept
			return now
		}
		return now - before
	}
	s := &l.e.stats
	s.weightHits.Add(grew(r.Hits, prev.Hits))
	s.weightMisses.Add(grew(r.Misses, prev.Misses))
	s.weightEvictions.Add(grew(r.Evictions, prev.Evictions))
}

func (l *lifecycle) stats() call.WorkerStats {
	l.st.mu.Lock()
	defer l.st.mu.Unlock()
	w := l.st.weights
	ws := call.WorkerStats{ID: l.id, PID: l.st.pid, Up: l.st.up, PoolBytes: l.st.pool, Restarts: l.st.restarts, Invocations: l.st.runs, LastError: l.st.lastErr,
		ModuleCacheBytes: l.cache.bytes.Load(), ModuleCacheEvictions: l.cache.evictions.Load(),
		Weights: call.ResidentStats{Hits: w.Hits, Misses: w.Misses, Evictions: w.Evictions, Sets: w.Sets, Bytes: w.Bytes}}
	if l.st.up && l.st.hello != nil {
		ws.FreeMem = l.st.hello.Device.FreeMem
	}
	return ws
}

// hello is the live worker's hello, nil when none is up.
func (l *lifecycle) hello() *worker.Hello {
	l.st.mu.Lock()
	defer l.st.mu.Unlock()
	if !l.st.up {
		return nil
	}
	return l.st.hello
}

// retryDelay is the wait before the next start after failed ones in a row: 0.1 s doubling to
// 12.8 s, but while the GPU recovers from a teardown (under MPS the daemon refuses new clients
// for a moment after a teardown, and the GPU's work waits for its workers) 25 ms for the first
// 8, then doubling from 50 ms (to the same 12.8 s). Before, the 9th retry waited 12.8 s at once:
// a daemon not ready for 0.3 s made a recovery of 13.7 s (H200, a compile worker's MPS client
// holding the daemon's recovery for a second).
func retryDelay(failed int, recovering bool) time.Duration {
	back := time.Duration(1<<min(failed-1, 7)) * 100 * time.Millisecond
	if recovering {
		fast := 25 * time.Millisecond << min(max(0, failed-8), 10)
		back = min(back, fast)
	}
	return back
}
