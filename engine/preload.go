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
// Preloading never delays work and never displaces code in use: a slot preloads only while the
// queue is empty and nothing runs alone, one function at a time (a request that comes
// meanwhile waits at most one load); and the worker loads nothing when its module cache (or
// plan cache) has no room left without evicting (worker.ErrNoRoom), after which the slot stops
// preloading into that worker. A slot preloads only into a worker that holds the function's
// tenant already, or, in open mode (Config.OpenMode: one tenant), into one that holds nobody's:
// under several tenants a preload never makes a worker switch tenants (affinity.go). A
// library that is PTX on a CUDA device is not preloaded (its JIT takes 65-127 ms; the dispatcher
// publishes the function again with the cubin compiled at upload). Weight sets are not placed
// ahead: a preload sends the plan's weight layout, not the weights.
//
// The functions to preload are a log in publication order; each slot keeps its place in it and
// starts again from the beginning with a new worker (a restart, or after dropping a tenant's
// code), skipping what its worker holds.

// maxPreloads bounds the log: beyond it the oldest entries go (a slot that was behind skips them).
const maxPreloads = 1 << 16

type preloadLog struct {
	mu   sync.Mutex
	fns  []*call.Function // index i of the log is fns[i-base]
	base uint64
	end  atomic.Uint64 // base + len(fns): read by slots without the lock
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

// Preload has idle workers load fn's libraries and plan ahead of its first invocation (see
// above). It returns at once; nothing happens when Config.Preload is off.
func (e *Engine) Preload(fn *call.Function) {
	if !e.cfg.Preload || fn == nil {
		return
	}
	l := &e.pre
	l.mu.Lock()
	if len(l.fns) >= maxPreloads {
		drop := len(l.fns) / 2
		l.fns = append(l.fns[:0], l.fns[drop:]...)
		l.base += uint64(drop)
	}
	l.fns = append(l.fns, fn)
	l.end.Store(l.base + uint64(len(l.fns)))
	l.mu.Unlock()
	for _, s := range e.slots {
		select {
		case s.preKick <- struct{}{}:
		default:
		}
	}
}

// quiet reports whether nothing waits in the queue and nothing runs alone: an idle slot may
// preload.
func (q *sched) quiet() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.q.len() == 0 && !q.exclusive && !q.draining
}

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
func (e *Engine) preloadsPending() uint64 {
	end := e.pre.end.Load()
	var n uint64
	for _, s := range e.slots {
		if next := s.preNext.Load(); next < end {
			n += end - next
		}
	}
	return n
}

// preloadable reports whether fn is to be preloaded into the slot's worker.
func (s *slot) preloadable(fn *call.Function) bool {
	f := &s.pipe
	if fn.Quarantined() || f.hasCode(fn) {
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
// answer. A worker that fails to answer is lost (and replaced); one that has no room left is
// sent no more preloads; any other refusal (a library the device rejects, say) is logged, and
// the function's first invocation meets it as it would have.
func (s *slot) preloadCmd(fn *call.Function) {
	e := s.e
	f := &s.pipe
	w := s.life.w
	r := &f.req
	*r = worker.Invoke{Extra: r.Extra[:0], FuncID: fn.ID}
	lib := fn.Lib.For(f.arch)
	r.Lib.Hash, r.Lib.Kind = lib.Hash, lib.Kind
	if !f.funcs[fn.ID] {
		r.Config = fn.Config
		r.Weights = weightsRef(&f.wref, fn.Weights, true)
	}
	if !f.libs[lib.Hash] {
		r.Lib.Image = lib.Image
	}
	for _, x := range fn.Extra {
		l := x.For(f.arch)
		ref := worker.LibRef{Hash: l.Hash, Kind: l.Kind}
		if !f.libs[l.Hash] {
			ref.Image = l.Image
		}
		r.Extra = append(r.Extra, ref)
	}
	if fn.Owner != "" {
		f.owner = fn.Owner // from now on the worker may hold its code
	}
	r.ID = w.NextID()
	start := time.Now()
	kill := start.Add(e.runLimit(fn))
	s.flight.Store(1)
	err := w.Send(worker.MsgLoad, r, r.ID, kill)
	if err == nil {
		err = s.await(&pending{id: r.ID, kill: kill}, &f.res)
	}
	s.flight.Store(0)
	r.Config, r.Lib.Image, r.Weights = nil, nil, nil
	for i := range r.Extra {
		r.Extra[i].Image = nil
	}
	if err != nil {
		s.life.lost(err)
		return
	}
	res := &f.res
	if res.Stages.Evictions > 0 || res.Stages.Module == worker.ModuleLoaded {
		s.life.cache.bytes.Store(uint64(max(res.Stages.CacheBytes, 0)))
	}
	if we := res.Err; we != nil {
		switch {
		case we.Fatal:
			s.life.lost(we)
		case we.Code == call.CodeOutOfMemory:
			f.full = true
			e.stats.preloadsFull.Add(1)
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
