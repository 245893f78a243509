package compiler

import (
	"context"
	"slices"
	"sync"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/worker"
)

// target is one architecture's compile workers: Options.Workers slots, each with at most one
// worker process, and the compiles waiting for a slot, first come first served. Everything
// but a held slot's proc is read and written with mu held.
type target struct {
	Target
	mu      sync.Mutex
	done    sync.Cond // signalled when a slot is released after Close (Close waits for them)
	slots   []*slot
	waiters []chan *slot // in the order they came; each is handed a slot, or nil at Close
	closed  bool
	// limit is how many workers may run at once: len(slots), lowered to those running when
	// another cannot start (the GPU's memory has no room for one more context), and back to
	// len(slots) when none runs.
	limit int
}

// slot is one compile worker of a target. A compile holds it (busy) from acquire to release;
// its holder reads proc without t.mu and writes it with t.mu held (set, drop), and nobody else
// writes proc while it is held.
type slot struct {
	t     *target
	index int
	busy  bool
	proc  *worker.Process
	last  time.Time   // the end of its last compile
	idle  *time.Timer // the idle stop, armed at each release
}

func newTarget(tg Target, n int) *target {
	t := &target{Target: tg, limit: n}
	t.done.L = &t.mu
	for i := range n {
		t.slots = append(t.slots, &slot{t: t, index: i})
	}
	return t
}

// env is the environment a compile worker starts with now, and whether a fallback is left.
func (t *target) env() ([]string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.Env, t.Fallback != nil
}

// useFallback makes the fallback the environment from now on; false when another worker's
// start did it already.
func (t *target) useFallback() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.Fallback == nil {
		return false
	}
	t.Env, t.Fallback = t.Fallback, nil
	return true
}

// set and drop change a held slot's worker; drop kills the old one.
func (s *slot) set(proc *worker.Process) {
	s.t.mu.Lock()
	s.proc = proc
	s.t.mu.Unlock()
}

func (s *slot) drop() {
	s.proc.Kill()
	s.set(nil)
}

// free is the slot a compile that comes now takes: an idle one whose worker runs (the lowest,
// so that the others idle and stop when the load drops), else an idle one without a worker
// (its worker starts) while fewer than limit run, else nil. t.mu is held.
func (t *target) free() *slot {
	var empty *slot
	for _, s := range t.slots {
		switch {
		case s.busy:
		case s.proc != nil:
			return s
		case empty == nil:
			empty = s
		}
	}
	if empty != nil && t.running() >= t.limit {
		return nil
	}
	return empty
}

// running counts the slots with a worker. t.mu is held.
func (t *target) running() int {
	n := 0
	for _, s := range t.slots {
		if s.proc != nil {
			n++
		}
	}
	return n
}

// noRoom notes that held slot s could not start a worker. When others run, the limit drops to
// them and it reports true: the compile waits for one of them instead of failing.
func (t *target) noRoom() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := t.running()
	if n == 0 {
		return false
	}
	t.limit = n
	return true
}

// acquire takes a slot of t for a compile, waiting behind the compiles that came before while
// all are busy (or before them all: first, for a compile that waited its turn already). Errors
// are unavailable: ctx ended while waiting, or the pool is closed.
func (p *Pool) acquire(ctx context.Context, t *target, first bool) (*slot, error) {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return nil, errClosed()
	}
	if len(t.waiters) == 0 || first {
		if s := t.free(); s != nil {
			s.busy = true
			t.mu.Unlock()
			return s, nil
		}
	}
	ch := make(chan *slot, 1)
	if first {
		t.waiters = slices.Insert(t.waiters, 0, ch)
	} else {
		t.waiters = append(t.waiters, ch)
	}
	t.mu.Unlock()
	select {
	case s := <-ch:
		if s == nil {
			return nil, errClosed()
		}
		return s, nil
	case <-ctx.Done():
	}
	t.mu.Lock()
	i := slices.Index(t.waiters, ch)
	if i >= 0 {
		t.waiters = slices.Delete(t.waiters, i, i+1)
	}
	t.mu.Unlock()
	if i < 0 { // handed a slot (or nil) as ctx ended: pass it on
		if s := <-ch; s != nil {
			p.release(s)
		}
	}
	return nil, call.Errorf(call.CodeUnavailable, "waiting for the %s compiler: %v", t.Arch, ctx.Err())
}

func errClosed() error { return call.Errorf(call.CodeUnavailable, "the compiler is shut down") }

// release ends a compile's hold on s: s goes to the first compile waiting (unless it has no
// worker and no other may start), or is idle and its idle stop armed.
func (p *Pool) release(s *slot) {
	t := s.t
	t.mu.Lock()
	defer t.mu.Unlock()
	s.last = time.Now()
	if t.running() == 0 {
		t.limit = len(t.slots)
	}
	if len(t.waiters) > 0 && (s.proc != nil || t.running() < t.limit) {
		ch := t.waiters[0]
		t.waiters = t.waiters[1:]
		ch <- s // still busy: the waiter holds it now
		return
	}
	s.busy = false
	if t.closed {
		t.done.Broadcast()
		return
	}
	if s.proc == nil {
		return
	}
	if s.idle == nil {
		s.idle = time.AfterFunc(p.opt.Idle, func() { p.idleStop(s) })
		return
	}
	s.idle.Reset(p.opt.Idle)
}

// idleStop stops s's worker when it has not compiled for Options.Idle. A compile holding s
// now re-arms the timer when it ends, so a busy worker is left alone. The idle stop holds s
// while it stops the worker (a compile that comes meanwhile takes another slot, or waits for
// one) and releases it without a worker.
func (p *Pool) idleStop(s *slot) {
	t := s.t
	t.mu.Lock()
	if t.closed || s.busy || s.proc == nil {
		t.mu.Unlock()
		return
	}
	if wait := p.opt.Idle - time.Since(s.last); wait > 0 {
		s.idle.Reset(wait)
		t.mu.Unlock()
		return
	}
	s.busy = true
	t.mu.Unlock()
	s.proc.Stop(5 * time.Second)
	s.set(nil)
	p.log.Info("compile worker stopped after idling", zap.String("arch", t.Arch), zap.Int("worker", s.index), zap.Duration("idle", p.opt.Idle))
	p.release(s)
}

// Close stops every compile worker and idle timer; later compiles, and those waiting for a
// worker, are unavailable. It waits for compiles (and idle stops) in progress.
func (p *Pool) Close() {
	var procs []*worker.Process
	for _, t := range p.targets {
		t.mu.Lock()
		t.closed = true
		for _, ch := range t.waiters {
			ch <- nil
		}
		t.waiters = nil
		for slices.ContainsFunc(t.slots, func(s *slot) bool { return s.busy }) {
			t.done.Wait()
		}
		for _, s := range t.slots {
			if s.idle != nil {
				s.idle.Stop()
			}
			if s.proc != nil {
				procs = append(procs, s.proc)
				s.proc = nil
			}
		}
		t.mu.Unlock()
	}
	var wg sync.WaitGroup
	for _, proc := range procs {
		wg.Go(func() { proc.Stop(5 * time.Second) })
	}
	wg.Wait()
}

// Workers reports how many of arch's compile workers are up (for tests and stats).
func (p *Pool) Workers(arch string) int {
	t := p.targets[arch]
	if t == nil {
		return 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.running()
}

// Running reports whether any of arch's compile workers is up.
func (p *Pool) Running(arch string) bool { return p.Workers(arch) > 0 }

// MaxWorkers is how many compile workers each architecture may run at once: Options.Workers,
// or its default.
func (p *Pool) MaxWorkers() int { return p.opt.Workers }
