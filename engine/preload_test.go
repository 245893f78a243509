package engine

import (
	"bytes"
	"fmt"
	"syscall"
	"testing"

	"gpufn/call"
	"gpufn/worker"
)

// invokeTimed invokes f with input (as invokeSync) and returns the answer's timing.
func invokeTimed(t *testing.T, e *Engine, f *call.Function, input []byte) call.Timing {
	t.Helper()
	inv := call.Acquire()
	defer call.Release(inv)
	inv.Fn = f
	inv.Inputs = append(inv.Inputs, input)
	if err := e.SubmitInline(inv); err != nil {
		t.Fatal(err)
	}
	<-inv.Done()
	if inv.Err != nil || len(inv.Outputs) != 1 || !bytes.Equal(inv.Outputs[0], input) {
		t.Fatalf("%s: %q %v", f.Name, inv.Outputs, inv.Err)
	}
	return inv.Timing
}

// echoOf is echo on a library of its own (libCopy n), owned by tenant owner.
func echoOf(t *testing.T, n int, owner string) *call.Function {
	f := echo(t)
	f.Lib, f.Owner, f.Name = libCopy(t, n), owner, fmt.Sprintf("echo-%d", n)
	return f
}

func waitPreloads(t *testing.T, e *Engine, n uint64) {
	t.Helper()
	waitFor(t, fmt.Sprintf("%d preloads", n), func() bool { return e.Stats().Preloads >= n })
	if got := e.Stats().Preloads; got != n {
		t.Fatalf("%d preloads, want %d", got, n)
	}
	waitFor(t, "no preloads pending", func() bool { return e.Stats().PreloadsPending == 0 })
}

// Functions published to an engine that preloads are loaded by every idle worker before any
// invocation: the first invocation of each, on whichever worker, finds its module and plan
// loaded (no load stage, a cache hit), as a hot one does. A worker that restarts preloads
// them again.
func TestPreloadIdleWorkers(t *testing.T) {
	e := newEngine(t, Config{Mode: Concurrent, Workers: 2, Preload: true, OpenMode: true})
	fns := []*call.Function{echoOf(t, 0, "default"), echoOf(t, 1, "default"), echoOf(t, 2, "default")}
	for _, f := range fns {
		e.Preload(f)
	}
	waitPreloads(t, e, 6)
	if st := e.Stats(); st.ModuleCacheHits != 0 || st.ModuleCacheMisses != 0 || st.PreloadNanos == 0 || st.PreloadsNoRoom != 0 {
		t.Fatalf("after the preloads: %+v", st)
	}
	for i, f := range fns {
		for j := range 2 { // the two workers may take them: each finds it loaded
			tm := invokeTimed(t, e, f, []byte(fmt.Sprintf("input %d.%d", i, j)))
			if tm.Load != 0 {
				t.Fatalf("%s, invocation %d: load stage %v; want none (preloaded)", f.Name, j, tm.Load)
			}
		}
	}
	if st := e.Stats(); st.ModuleCacheHits != 6 || st.ModuleCacheMisses != 0 {
		t.Fatalf("module cache: %d hits, %d misses; want 6, 0", st.ModuleCacheHits, st.ModuleCacheMisses)
	}

	// A stopped worker preloads nothing: what is published meanwhile waits for it.
	stopWorkers(t, e)
	extra := echoOf(t, 5, "default")
	e.Preload(extra)
	if st := e.Stats(); st.PreloadsPending == 0 || st.Preloads != 6 {
		t.Fatalf("a function published to stopped workers: %d pending, %d preloads", st.PreloadsPending, st.Preloads)
	}
	for _, w := range e.Stats().Workers {
		syscall.Kill(w.PID, syscall.SIGCONT)
	}
	waitPreloads(t, e, 8)

	// A new worker has nothing loaded: it preloads the log again.
	pid := e.Stats().Workers[0].PID
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the restart", func() bool { return e.Stats().Restarts >= 1 })
	waitPreloads(t, e, 12)
}

// A preload evicts nothing: a worker whose module cache has room for two of three libraries
// loads two, refuses the third (counted in preloads_no_room) and is sent no more; the third
// function's first invocation loads its module then, evicting the least recently used.
func TestPreloadNeverEvicts(t *testing.T) {
	fns := []*call.Function{echoOf(t, 0, "default"), echoOf(t, 1, "default"), echoOf(t, 2, "default"), echoOf(t, 3, "default")}
	size := worker.ModuleFootprint(fns[0].Lib.Image)
	e := newEngine(t, Config{Mode: Sequential, Preload: true, OpenMode: true, ModuleCacheBytes: 2*size + size/2})
	for _, f := range fns {
		e.Preload(f)
	}
	waitPreloads(t, e, 2)
	waitFor(t, "the refusal", func() bool { return e.Stats().PreloadsNoRoom == 1 })
	waitFor(t, "the rest passed over", func() bool { return e.Stats().PreloadsPending == 0 })
	if st := e.Stats(); st.ModuleCacheEvictions != 0 || st.ModuleCacheBytes != 2*size {
		t.Fatalf("after the preloads: %d evictions, %d bytes; want 0, %d", st.ModuleCacheEvictions, st.ModuleCacheBytes, 2*size)
	}
	if tm := invokeTimed(t, e, fns[0], []byte("zero")); tm.Load != 0 {
		t.Fatalf("a preloaded function: load stage %v", tm.Load)
	}
	if tm := invokeTimed(t, e, fns[2], []byte("two")); tm.Load == 0 {
		t.Fatal("a function the worker had no room for: no load stage")
	}
	if st := e.Stats(); st.ModuleCacheEvictions != 1 || st.PreloadsNoRoom != 1 || st.Preloads != 2 {
		t.Fatalf("after the invocations: %+v", st)
	}
}

// With several tenants (not open mode) a preload never makes a worker take on a tenant: a
// worker that holds nobody's code preloads only functions without an owner, and one that
// holds tenant a's preloads a's and not b's (whose first invocation loads it, after the worker
// dropped a's code).
func TestPreloadKeepsTenantAffinity(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, Preload: true})
	a0, a1, b, free1, free2 := echoOf(t, 0, "a"), echoOf(t, 1, "a"), echoOf(t, 2, "b"), echoOf(t, 3, ""), echoOf(t, 4, "")
	e.Preload(a0)
	e.Preload(free1) // the log is taken in order: once this one is in, a0 was passed over
	waitPreloads(t, e, 1)
	if tm := invokeTimed(t, e, a0, []byte("a0")); tm.Load == 0 {
		t.Fatal("tenant a's function went into a worker that held nobody's code")
	}
	// The worker now holds a's code.
	e.Preload(b)
	e.Preload(a1)
	e.Preload(free2)
	waitPreloads(t, e, 3)
	if tm := invokeTimed(t, e, a1, []byte("a1")); tm.Load != 0 {
		t.Fatalf("tenant a's function, preloaded into a worker of a's: load stage %v", tm.Load)
	}
	if tm := invokeTimed(t, e, b, []byte("b")); tm.Load == 0 {
		t.Fatal("tenant b's function went into a worker that held tenant a's code")
	}
	if st := e.Stats(); st.TenantSwitches != 1 {
		t.Fatalf("%d tenant switches; want 1 (for b's invocation)", st.TenantSwitches)
	}
}

// Without Config.Preload nothing is preloaded: the first invocation loads the module.
func TestPreloadOff(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, OpenMode: true})
	f := echoOf(t, 0, "default")
	e.Preload(f)
	if n := e.pre.end.Load(); n != 0 {
		t.Fatalf("the preload log has %d entries; want none", n)
	}
	if tm := invokeTimed(t, e, f, []byte("x")); tm.Load == 0 {
		t.Fatal("preloaded with Preload off")
	}
	if st := e.Stats(); st.Preloads != 0 || st.ModuleCacheMisses != 1 {
		t.Fatalf("%+v", st)
	}
}

// A function replaced or deleted (retired) is not preloaded.
func TestPreloadSkipsRetired(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, Preload: true, OpenMode: true})
	old, cur := echoOf(t, 0, "default"), echoOf(t, 1, "default")
	old.Retire()
	e.Preload(old)
	e.Preload(cur)
	waitPreloads(t, e, 1)
	if tm := invokeTimed(t, e, old, []byte("old")); tm.Load == 0 {
		t.Fatal("a retired function was preloaded")
	}
}

// A worker lost while it preloads a function is replaced, and that function is not preloaded
// again (a load that kills workers must not do so at every restart); the others are.
func TestPreloadLostWorker(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, Preload: true, OpenMode: true})
	bad, good := echoOf(t, 0, "default"), echoOf(t, 1, "default")
	pid := e.Stats().Workers[0].PID
	stopWorkers(t, e)
	e.Preload(bad)
	s := e.slots[0]
	waitFor(t, "the preload to be sent", func() bool { return s.flight.Load() == 1 })
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the restart", func() bool { return e.Stats().Restarts >= 1 })
	e.Preload(good)
	waitPreloads(t, e, 1) // good only
	if !bad.PreloadLostBefore() {
		t.Fatal("the function whose preload lost a worker is not marked")
	}
	if tm := invokeTimed(t, e, bad, []byte("bad")); tm.Load == 0 {
		t.Fatal("the function whose preload lost a worker was preloaded again")
	}
	if st := e.Stats(); st.Restarts != 1 {
		t.Fatalf("%d restarts; want 1", st.Restarts)
	}
}

// A worker that drops a tenant's code for another's during an inline run (a lent slot, given
// back without waking its goroutine) goes over the log again: nothing stays pending.
func TestPreloadAfterInlineTenantSwitch(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, Preload: true})
	a, b := echoOf(t, 0, "a"), echoOf(t, 1, "b")
	e.Preload(a)
	e.Preload(b)
	waitFor(t, "no preloads pending", func() bool { return e.Stats().PreloadsPending == 0 })
	invokeTimed(t, e, a, []byte("a"))
	invokeTimed(t, e, b, []byte("b")) // drops a's code first
	if st := e.Stats(); st.TenantSwitches != 1 {
		t.Fatalf("%d tenant switches; want 1", st.TenantSwitches)
	}
	waitFor(t, "no preloads pending after the switch", func() bool { return e.Stats().PreloadsPending == 0 })
}

// The log drops retired entries once it has grown to minCompactAt: the kept ones get indices
// after every old one, so a slot's old place clamps to the first kept.
func TestPreloadLogCompacts(t *testing.T) {
	var l preloadLog
	for i := range minCompactAt {
		f := &call.Function{ID: uint64(i + 1)}
		if i%4 != 0 {
			f.Retire()
		}
		l.add(f)
	}
	if l.end.Load() != minCompactAt || l.first.Load() != 0 {
		t.Fatalf("before the compaction: end %d, first %d", l.end.Load(), l.first.Load())
	}
	l.add(&call.Function{ID: 9999}) // the log is full: compact, then add
	kept := minCompactAt/4 + 1
	if l.first.Load() != minCompactAt || l.end.Load() != uint64(minCompactAt+kept) || len(l.fns) != kept {
		t.Fatalf("after the compaction: first %d, end %d, %d entries; want %d, %d, %d", l.first.Load(), l.end.Load(), len(l.fns), minCompactAt, minCompactAt+kept, kept)
	}
	fn, next, ok := l.at(3) // a place before the compaction: the first kept entry
	if !ok || fn.ID != 1 || next != minCompactAt+1 {
		t.Fatalf("at(3): %v %d %v; want function 1 and the index after it", fn, next, ok)
	}
	for _, f := range l.fns {
		if f.Retired() {
			t.Fatalf("a retired entry was kept: %d", f.ID)
		}
	}
}
