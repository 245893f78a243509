package engine

import (
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/libscan"
	"gpufn/worker"
)

// Preloading (Config.Preload, docs/engines.md "Preloading"). A registered function's first
// invocation on a worker pays for what the worker has not got: the library's module load (a
// cubin's first load costs about 0.3 ms on the H100), the plan and the kernels' lookup. So
// when a function is published (registered, or restored at start) the dispatcher hands it to
// Preload, and every slot whose worker is idle loads its libraries and plan (worker.MsgLoad)
// before any invocation asks for them: a first invocation then finds them, as a hot one does.
//
// Preloading never displaces code in use and delays work by at most the preload in progress:
// a slot preloads only while the queue is empty and nothing runs alone, one function at a time
// (a request that comes meanwhile waits for that one load, bounded by preloadLimit); the worker
// loads nothing when its module cache (or plan cache) has no room left without evicting
// (worker.ErrNoRoom), after which the slot stops preloading into that worker; and what a
// preload loads ranks as least recently used in the worker's caches. A slot preloads only
// into a worker that holds the function's tenant already (or any worker, for a function without
// an owner), or, in open mode (Config.OpenMode: one tenant), into one that holds nobody's: under
// several tenants a preload never makes a worker switch tenants (affinity.go). A library that
// is PTX on a CUDA device is not preloaded (its JIT takes 65-127 ms; the dispatcher publishes
// the function again with the cubin compiled at upload). Weight sets are not placed ahead: a
// preload sends the plan's weight layout, not the weights. A function replaced or deleted
// (call.Function.Retired) is not preloaded, nor one whose preload a worker was lost in
// (call.Function.PreloadLostBefore: its first invocations load it, and fail, as without
// preloading).
//
// The functions to preload are a log in publication order; each slot keeps its place in it and
// starts again from the beginning with a new worker (a restart, or after dropping a tenant's
// code), skipping what its worker holds. Whoever makes a slot idle with entries left for it
// (the loop's next, a lease given back, the end of a lone run) kicks it (preKick).

// preloadLimit bounds one preload's wait for its worker (with Config.Timeout, the lower): a
// worker that has not answered by then is lost (and replaced), whatever the function's own
// timeout.
const preloadLimit = time.Minute

// maxPreloads bounds the log: beyond it the oldest entries go (a slot that was behind skips
// them). The log drops retired entries once it has grown to compactAt.
const (
	maxPreloads  = 1 << 16
	minCompactAt = 1024
)

type preloadLog struct {
	mu        sync.Mutex
	fns       []*call.Function // index i of the log is fns[i-base]
	base      uint64
	compactAt int
	// end is base + len(fns), first the index of the oldest entry kept: read without the lock.
	end, first atomic.Uint64
}

// at returns the entry at index i (or the oldest one kept, if i went), and the index after it.
func (l *preloadLog) at(i uint64) (*call.Function, uint64, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	i = max(i, l.base)
	if i >= l.base+uint64(len(l.fns)) {
		return nil, i, false
	}
	return l.fns[i-l.base], i + 1, true
}

// add appends fn. When the log has grown to compactAt it drops the retired entries (and, past
// maxPreloads, the oldest half): the kept ones get new indices after every old one, so every
// slot goes over them again from the start (skipping what its worker holds).
func (l *preloadLog) add(fn *call.Function) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.compactAt == 0 {
		l.compactAt = minCompactAt
	}
	if len(l.fns) >= l.compactAt {
		old := l.fns
		if len(old) >= maxPreloads {
			old = old[len(old)/2:]
		}
		kept := make([]*call.Function, 0, len(old))
		for _, f := range old {
			if !f.Retired() {
				kept = append(kept, f)
			}
		}
		l.base += uint64(len(l.fns))
		l.fns = kept
		l.compactAt = min(maxPreloads, max(minCompactAt, 2*len(kept)))
		l.first.Store(l.base)
	}
	l.fns = append(l.fns, fn)
	l.end.Store(l.base + uint64(len(l.fns)))
}

// Preload has idle workers load fn's libraries and plan ahead of its first invocation (see
// above). It returns at once; nothing happens when Config.Preload is off.
func (e *Engine) Preload(fn *call.Function) {
	if !e.cfg.Preload || fn == nil {
		return
	}
	e.pre.add(fn)
	for _, s := range e.slots {
		s.kickPreload()
	}
}

// kickPreload wakes the slot's goroutine, if it waits for work, to preload what was published.
func (s *slot) kickPreload() {
	select {
	case s.preKick <- struct{}{}:
	default:
	}
}

// preloadPending reports whether the log has entries the slot has yet to go over.
func (s *slot) preloadPending() bool { return s.preNext.Load() < s.e.pre.end.Load() }

// kickPreloadsLocked kicks the idle slots that have entries of the log left, when the engine is
// quiet (sched.mu is held): called where a slot goes idle without its goroutine looking at the
// log (a lease given back), or may have found the engine busy a moment before (next), and where
// what kept the engine busy ends (a lone run).
func (q *sched) kickPreloadsLocked() {
	if !q.quietLocked() {
		return
	}
	for _, s := range q.idle {
		if s.preloadPending() {
			s.kickPreload()
		}
	}
}

// quiet reports whether nothing waits in the queue and nothing runs alone: an idle slot may
// preload.
func (q *sched) quiet() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.quietLocked()
}

func (q *sched) quietLocked() bool { return q.q.len() == 0 && !q.exclusive && !q.draining }

// preloadIdle preloads the next function of the log into the slot's worker, idle and taken off
// the idle stack; it reports whether it took an entry (the loop then looks at the queue again).
// A worker that had no room for a preload skips what is published until it restarts.
func (s *slot) preloadIdle() bool {
	e := s.e
	end, next := e.pre.end.Load(), s.preNext.Load()
	if next >= end || s.life.w == nil || len(s.pipe.order) > 0 {
		return false
	}
	if s.pipe.full {
		s.preNext.Store(end)
		return false
	}
	if !e.sched.quiet() {
		return false
	}
	fn, next, ok := e.pre.at(next)
	if ok && s.preloadable(fn) {
		s.preloadCmd(fn)
	}
	s.preNext.Store(next) // after the preload: until it is answered it counts as pending
	return ok
}

// preloadsPending is how many entries of the log the engine's slots have yet to preload or pass
// over, the one being preloaded included (0: every worker has caught up with what was published).
// A slot whose goroutine has ended (its worker could not be started, or the engine quit)
// preloads nothing more and does not count.
func (e *Engine) preloadsPending() uint64 {
	first, end := e.pre.first.Load(), e.pre.end.Load()
	var n uint64
	for _, s := range e.slots {
		if next := max(s.preNext.Load(), first); next < end && !s.ended.Load() {
			n += end - next
		}
	}
	return n
}

// preloadable reports whether fn is to be preloaded into the slot's worker.
func (s *slot) preloadable(fn *call.Function) bool {
	f := &s.pipe
	if fn.Retired() || fn.Quarantined() || fn.PreloadLostBefore() || f.hasCode(fn) {
		return false
	}
	// As ownFor: a function without an owner runs on any worker, one with an owner on a worker
	// of its owner's without a switch; and in open mode a worker of nobody's may take it.
	if fn.Owner != "" && f.owner != fn.Owner && (f.owner != "" || !s.e.cfg.OpenMode) {
		return false
	}
	if s.e.cfg.Device == "cuda" {
		if fn.Lib.For(f.arch).Kind == libscan.KindPTX {
			return false
		}
		for _, l := range fn.Extra {
			if l.For(f.arch).Kind == libscan.KindPTX {
				return false
			}
		}
	}
	return true
}

// preloadCmd sends fn's libraries and plan to the slot's worker (MsgLoad) and waits for the
// answer, at most preloadLimit. A worker that fails to answer (it died, hung, or lost its
// device) is lost and replaced, and fn is not preloaded again (a function whose load kills
// workers must not do so at every restart: its invocations meet it, and are struck, as without
// preloading). One that has no room left is sent no more preloads; a library or plan it no
// longer has is sent again next time; any other refusal (a library the device rejects, say) is
// logged, and the function's first invocation meets it as it would have.
func (s *slot) preloadCmd(fn *call.Function) {
	e := s.e
	f := &s.pipe
	w := s.life.w
	r := &f.req
	*r = worker.Invoke{Extra: r.Extra[:0]}
	f.codeRefs(r, fn)
	s.takeOwner(fn)
	r.ID = w.NextID()
	start := time.Now()
	kill := start.Add(min(preloadLimit, e.cfg.Timeout))
	gen := e.faults.generation()
	s.flight.Store(1)
	err := w.Send(worker.MsgLoad, r, r.ID, kill)
	if err == nil {
		err = s.await(&pending{id: r.ID, kill: kill}, &f.res)
	}
	dropRefs(r)
	if we := f.res.Err; err == nil && we != nil && we.Fatal {
		err = we
	}
	if err != nil {
		s.preloadFailed(fn, gen, err)
		s.flight.Store(0) // only once the loss is handled (slot.flight)
		return
	}
	s.flight.Store(0)
	res := &f.res
	if res.Stages.Evictions > 0 || res.Stages.Module == worker.ModuleLoaded {
		s.life.cache.bytes.Store(uint64(max(res.Stages.CacheBytes, 0)))
	}
	if we := res.Err; we != nil {
		switch {
		case we.Code == call.CodeOutOfMemory:
			f.full = true
			e.stats.preloadsFull.Add(1)
		case we.Code == call.CodeLibraryMissing || we.Code == call.CodeFunctionMissing:
			f.forget(fn) // the worker dropped what the engine thought it held: sent again next time
		default:
			e.log.Info("preloading a function failed; its first invocation loads it", zap.String("worker", s.id),
				zap.String("function", fn.Name), zap.String("code", string(we.Code)), zap.String("error", we.Message))
		}
		return
	}
	f.loaded(fn)
	e.stats.preloads.Add(1)
	e.stats.preloadNanos.Add(uint64(time.Since(start)))
}

// preloadFailed handles the loss of the slot's worker during fn's preload (it died, hung, or
// answered that its device is lost; gen is the fault domain's generation when the preload
// began). Unless a teardown explains the loss (a neighbour's fault: the worker is a victim, or
// the generation passed) or the engine quits, fn is marked not to be preloaded again. Under a
// shared fault domain (MPS) the GPU's other workers are lost with this one, so the domain is
// torn down as after an invocation's fault: their invocations run again, none is blamed (this
// slot ran no invocation: the teardown counts, no fault does). The worker is reaped after the
// teardown, as in gpuFailure.
func (s *slot) preloadFailed(fn *call.Function, gen uint64, err error) {
	e := s.e
	victim := s.life.wasTorn()
	if !victim && e.faults.generation() == gen && !isClosed(e.quit) {
		fn.PreloadLost()
	}
	if e.cfg.SharedFaultDomain && !s.life.own && !victim {
		e.teardown(s, s.life.gen, "preloading "+fn.Name+": "+err.Error(), false)
	}
	s.life.lost(err)
}
