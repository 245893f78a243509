package engine

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gpufn/call"
	"gpufn/worker"
)

// Preloading's edge paths (preload.go): a function published while its slot is lent to an
// inline run, or while a lone (exclusive) run holds the engine, and a worker lost in a preload
// (a fatal answer, an exit, a hang). The real-worker tests show the end to end effect (the
// worker has the function: its invocation has no load stage); the fake ones (fake_test.go's
// workers, taught preloads below) script the worker's answer to a preload and hold it.

// loadAction is what a fake worker does with a preload (worker.MsgLoad) of a function.
type loadAction int

const (
	loadOK    loadAction = iota // loads it: its invocations on that worker find its config and library
	loadFatal                   // answers a fatal error (its device is lost) and exits, as a worker process does
	loadExit                    // exits without answering (it crashed)
	loadHang                    // never answers: the engine's limit for the preload kills it
)

// loadGPU is a fakeGPU whose workers also take preloads, which the fakes of fake_test.go do not
// know: each worker it starts is a fakeWorker wrapped in a loadingWorker.
type loadGPU struct {
	*fakeGPU
	mu      sync.Mutex
	actions map[uint64]loadAction    // by function ID (loadOK when absent)
	holds   map[string]chan struct{} // by slot ID: a preload there waits until the channel is closed
	loads   []fakeLoad               // every preload received, in order
	invokes []fakeInvoke             // every invocation sent, in order
}

// fakeLoad is a preload a fake worker received.
type fakeLoad struct {
	worker string // the slot's ID
	pid    int
	fn     uint64
}

// fakeInvoke is an invocation sent to a fake worker: whether it carried the function's config
// and its library's image (the engine sends them only where it thinks the worker lacks them).
type fakeInvoke struct {
	worker        string
	fn            uint64
	config, image bool
}

func newLoadGPU(t *testing.T) *loadGPU {
	return &loadGPU{fakeGPU: newFakeGPU(t), actions: map[uint64]loadAction{}, holds: map[string]chan struct{}{}}
}

// act makes the workers do a with the preloads of f.
func (lg *loadGPU) act(f *call.Function, a loadAction) {
	lg.mu.Lock()
	lg.actions[f.ID] = a
	lg.mu.Unlock()
}

// hold holds the preloads sent to slot id's workers from now on until release is called.
func (lg *loadGPU) hold(id string) (release func()) {
	c := make(chan struct{})
	lg.mu.Lock()
	lg.holds[id] = c
	lg.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			lg.mu.Lock()
			delete(lg.holds, id)
			lg.mu.Unlock()
			close(c)
		})
	}
}

// loaded returns the preloads received so far.
func (lg *loadGPU) loaded() []fakeLoad {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	return append([]fakeLoad(nil), lg.loads...)
}

// sent returns the invocations of f sent so far.
func (lg *loadGPU) sent(f *call.Function) []fakeInvoke {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	var out []fakeInvoke
	for _, x := range lg.invokes {
		if x.fn == f.ID {
			out = append(out, x)
		}
	}
	return out
}

// start is the engine's Config.Start.
func (lg *loadGPU) start(opt worker.StartOptions) (Worker, error) {
	w, err := lg.fakeGPU.start(opt)
	if err != nil {
		return nil, err
	}
	return &loadingWorker{fakeWorker: w.(*fakeWorker), lg: lg}, nil
}

// loadingWorker is a fake worker that takes preloads too.
type loadingWorker struct {
	*fakeWorker
	lg *loadGPU
}

// Send records invocations and runs a preload as the worker process would, after Send returns
// (its answer comes on the fake's results, in order: the engine preloads only into a worker
// with nothing in flight). What a preload loads is written into the fake's caches before the
// answer: the engine's next request after the answer (through w.reqs) orders it before serve
// reads them.
func (w *loadingWorker) Send(t worker.MsgType, msg any, id uint64, deadline time.Time) error {
	m, ok := msg.(*worker.Invoke)
	if t != worker.MsgLoad {
		if ok && t == worker.MsgInvoke {
			w.lg.mu.Lock()
			w.lg.invokes = append(w.lg.invokes, fakeInvoke{worker: w.id, fn: m.FuncID, config: m.Config != nil, image: m.Lib.Image != nil})
			w.lg.mu.Unlock()
		}
		return w.fakeWorker.Send(t, msg, id, deadline)
	}
	if isClosed(w.done) {
		return w.exited()
	}
	if !ok || m.ID != id {
		w.g.t.Errorf("fake %s: a load %T sent as request %d", w.id, msg, id)
		return w.protocol("a bad load request")
	}
	w.lg.mu.Lock()
	w.lg.loads = append(w.lg.loads, fakeLoad{worker: w.id, pid: w.pid, fn: m.FuncID})
	act, hold := w.lg.actions[m.FuncID], w.lg.holds[w.id]
	w.lg.mu.Unlock()
	fnID, lib, config := m.FuncID, m.Lib.Hash, string(m.Config)
	hasConfig, hasImage := m.Config != nil, m.Lib.Image != nil
	go func() {
		if hold != nil {
			select {
			case <-hold:
			case <-w.kill:
				return
			}
		}
		switch act {
		case loadOK:
			if hasConfig {
				w.funcs[fnID] = config
			}
			if hasImage {
				w.libs[lib] = true
			}
			w.results <- worker.Result{ID: id}
		case loadFatal:
			w.results <- worker.Result{ID: id, Err: &worker.WireError{Code: call.CodeKernelFault, Message: "fake: device lost while loading", Fatal: true}}
			w.Terminate()
		case loadExit:
			w.Terminate()
		case loadHang:
		}
	}()
	return nil
}

// newLoadFake starts an engine on lg's fakes (as newFake: the block policy, pools of 8 MiB,
// contexts of 64 KiB; cfg.Start, when set, is to wrap lg.start) and waits until it is ready.
func newLoadFake(t *testing.T, lg *loadGPU, cfg Config) *Engine {
	t.Helper()
	if cfg.Start == nil {
		cfg.Start = lg.start
	}
	e := startFake(t, lg.fakeGPU, cfg)
	waitFor(t, "the engine ready", e.Ready)
	return e
}

// doneWatch counts, per slot, the calls of its workers' Done: a slot goroutine reads its
// worker's Done at least once in each pass of its loop (lifecycle.ensure, and before it goes
// idle in sched.next), so that a test can tell that an idle goroutine, woken, has gone over its
// loop (passBy).
type doneWatch struct {
	mu sync.Mutex
	n  map[string]*atomic.Int64
}

// start wraps a Config.Start: the workers it starts count their Done calls.
func (d *doneWatch) start(next Starter) Starter {
	return func(opt worker.StartOptions) (Worker, error) {
		w, err := next(opt)
		if err != nil {
			return nil, err
		}
		return doneCounter{Worker: w, n: d.counter(opt.ID)}, nil
	}
}

func (d *doneWatch) counter(id string) *atomic.Int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.n == nil {
		d.n = map[string]*atomic.Int64{}
	}
	if d.n[id] == nil {
		d.n[id] = new(atomic.Int64)
	}
	return d.n[id]
}

// passBy returns a function that waits until idle slot s, woken after passBy returned (by a
// publication), has gone over its loop and is back on the idle stack: its goroutine read its
// worker's Done since (so it has left the idle stack: slot.offIdle comes first in the pass),
// and the slot is on the idle stack again (only sched.next puts it back, after
// slot.preloadIdle). Nothing else may read the worker's Done meanwhile (a submission, a lease
// given back).
func (d *doneWatch) passBy(t *testing.T, e *Engine, s *slot) func() {
	n := d.counter(s.id)
	before := n.Load()
	return func() {
		t.Helper()
		waitFor(t, "the slot to go over its loop and wait for work again", func() bool {
			return n.Load() > before && onIdle(e, s)
		})
	}
}

// doneCounter is a worker that counts the calls of its Done.
type doneCounter struct {
	Worker
	n *atomic.Int64
}

func (w doneCounter) Done() <-chan struct{} {
	w.n.Add(1)
	return w.Worker.Done()
}

// onIdle reports whether s is on the engine's idle stack.
func onIdle(e *Engine, s *slot) bool {
	e.sched.mu.Lock()
	defer e.sched.mu.Unlock()
	for _, x := range e.sched.idle {
		if x == s {
			return true
		}
	}
	return false
}

// A function published while a submitter runs an invocation inline (its slot is lent): the
// other, idle worker preloads it at once; the lent slot's goroutine, woken by the publication,
// asks for the slot back (lease.reclaim) and touches nothing of it while it is lent, and
// preloads once the inline run has given it back. Then both workers hold the function: its
// invocations have no load stage, and nothing is pending.
func TestPreloadWaitsForLentSlot(t *testing.T) {
	g := newGate(t)
	e := newEngine(t, Config{Mode: Concurrent, Workers: 2, Preload: true, OpenMode: true, Policy: PolicyBlock, Env: []string{g.env()}})
	f, hold := echoOf(t, 0, "default"), gated(t)
	waitParked(t, e, 2)
	held := make(chan answer, 1)
	go func() {
		out, err := invokeSync(t, e, hold, []byte("held"), 0)
		held <- answer{out, err}
	}()
	t.Cleanup(func() { g.allow(t, 1) }) // a failed test must not leave it held (one more is harmless)
	g.waitEntered(t, 1)                 // run inline, held in its kernel: the slot is lent until it ends
	var lent, other *slot
	for _, s := range e.slots {
		if s.lease.lent.Load() {
			lent = s
		} else {
			other = s
		}
	}
	if lent == nil || other == nil || e.Stats().Inline != 1 {
		t.Fatalf("the held invocation does not run inline on a lent slot: %+v", e.Stats())
	}
	e.Preload(f)
	waitFor(t, "the lent slot's goroutine to ask for its slot back", func() bool {
		e.sched.mu.Lock()
		defer e.sched.mu.Unlock()
		return lent.lease.reclaim
	})
	waitFor(t, "the idle worker's preload", func() bool {
		st := e.Stats()
		return st.Preloads == 1 && st.PreloadsPending == 1
	})
	if !lent.lease.lent.Load() || onIdle(e, lent) || lent.preNext.Load() != 0 || other.preNext.Load() != 1 {
		t.Fatalf("while the slot is lent: lent %v, on the idle stack %v, its place %d (want 0), the other's %d (want 1)",
			lent.lease.lent.Load(), onIdle(e, lent), lent.preNext.Load(), other.preNext.Load())
	}

	g.allow(t, 1)
	if a := <-held; a.err != nil || string(a.out) != "held" {
		t.Fatalf("the inline invocation: %q %v", a.out, a.err)
	}
	waitPreloads(t, e, 2) // the lent slot's, once given back
	if lent.lease.lent.Load() || lent.preNext.Load() != 1 {
		t.Fatalf("after the inline run: lent %v, place %d", lent.lease.lent.Load(), lent.preNext.Load())
	}
	// Its worker holds the held function's library and, preloaded, f's.
	if got, want := lent.life.cache.bytes.Load(), worker.ModuleFootprint(hold.Lib.Image)+worker.ModuleFootprint(f.Lib.Image); got != want {
		t.Fatalf("the once lent worker's modules: %d bytes; want %d (f's library preloaded)", got, want)
	}
	misses := e.Stats().ModuleCacheMisses
	for i := range 2 {
		if tm := invokeTimed(t, e, f, []byte(fmt.Sprint("f ", i))); tm.Load != 0 {
			t.Fatalf("invocation %d of the preloaded function: load stage %v", i, tm.Load)
		}
	}
	if st := e.Stats(); st.ModuleCacheMisses != misses || st.ModuleCacheHits < 2 || st.PreloadsPending != 0 || st.Restarts != 0 {
		t.Fatalf("after the invocations: %+v", st)
	}
}

// A function published while a lone (exclusive) run holds the engine (Auto mode's whole-GPU
// invocation) is not preloaded during it: the idle slot, kicked by the publication, finds the
// engine busy and waits again. Once the lone run ends every worker preloads it.
func TestPreloadAfterLoneRun(t *testing.T) {
	g := newGate(t)
	var dw doneWatch
	e := newEngine(t, Config{Mode: Auto, Workers: 2, PoolBytes: 1 << 20, UsableBytes: 64 << 20, Preload: true, OpenMode: true, Policy: PolicyBlock, Env: []string{g.env()},
		Start: dw.start(StartProcess)})
	big := fn(t, "spin_ns", `"A": {"Absolute": 8388608}`, `"X"`, `{"Constant": 0}`, "X") // waits at the gate
	f := echoOf(t, 0, "default")
	waitParked(t, e, 2)
	inv := call.Acquire() // not released: the cleanup below may look at it
	inv.Fn, inv.Need, inv.Inputs = big, 8<<20, [][]byte{[]byte("whole")}
	if err := e.Submit(inv); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { // a failed test must not leave it held (the shutdown would wait for it)
		if !answered(inv) {
			g.allow(t, 1)
		}
	})
	g.waitEntered(t, 1) // the whole-GPU worker runs it: the engine is not quiet until it ends
	e.sched.mu.Lock()
	excl, idle := e.sched.exclusive, append([]*slot(nil), e.sched.idle...)
	e.sched.mu.Unlock()
	if !excl || len(idle) != 1 {
		t.Fatalf("during the whole-GPU run: exclusive %v, %d idle; want true, 1", excl, len(idle))
	}
	passed := dw.passBy(t, e, idle[0])
	e.Preload(f)
	passed() // the idle slot, kicked, found the engine busy and waits again
	if st := e.Stats(); st.Preloads != 0 || st.PreloadsPending != 2 {
		t.Fatalf("during the lone run: %d preloads, %d pending; want 0, 2", st.Preloads, st.PreloadsPending)
	}
	g.allow(t, 1)
	<-inv.Done()
	if inv.Err != nil || string(inv.Outputs[0]) != "whole" {
		t.Fatalf("the whole-GPU invocation: %q %v", inv.Outputs, inv.Err)
	}
	waitPreloads(t, e, 2)
	for i := range 2 {
		if tm := invokeTimed(t, e, f, []byte(fmt.Sprint("f ", i))); tm.Load != 0 {
			t.Fatalf("invocation %d of the preloaded function: load stage %v", i, tm.Load)
		}
	}
	if st := e.Stats(); st.Whole != 1 || st.PreloadsPending != 0 {
		t.Fatalf("after: %+v", st)
	}
}

// The end of a lone run kicks the idle slots that wait to preload (sched.doneRunning), not only
// the next look of the slot that ran it at the queue: here that slot's own preload is held, so
// it never looks at the queue until the test lets it, and the idle slot preloads meanwhile.
func TestFakePreloadKickedByLoneRunEnd(t *testing.T) {
	lg := newLoadGPU(t)
	var dw doneWatch
	e := newLoadFake(t, lg, Config{Mode: Auto, Workers: 2, Preload: true, Start: dw.start(lg.start)})
	f := fakeFn(doEcho)
	waitParked(t, e, 2)
	whole := call.Acquire()
	whole.Fn, whole.Need, whole.Inputs = fakeFn(doGate), 32<<20, [][]byte{[]byte("whole")}
	if err := e.Submit(whole); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { // a failed test must not leave it held (the shutdown would wait for it)
		if !answered(whole) {
			lg.allowInput("whole")
		}
	})
	lg.waitEntered(t, 1) // held on the whole-GPU worker
	e.sched.mu.Lock()
	excl, idle := e.sched.exclusive, append([]*slot(nil), e.sched.idle...)
	e.sched.mu.Unlock()
	if !excl || len(idle) != 1 {
		t.Fatalf("during the whole-GPU run: exclusive %v, %d idle; want true, 1", excl, len(idle))
	}
	o := idle[0]
	var holder *slot
	for _, s := range e.slots {
		if s != o {
			holder = s
		}
	}
	release := lg.hold(holder.id)
	defer release()
	passed := dw.passBy(t, e, o)
	e.Preload(f)
	passed() // o's goroutine, kicked, found the engine busy and waits again
	if n := len(lg.loaded()); n != 0 || e.Stats().PreloadsPending != 2 {
		t.Fatalf("during the lone run: %d preloads sent, %d pending; want 0, 2", n, e.Stats().PreloadsPending)
	}

	lg.allow(1)
	wantOut(t, whole)
	// The holder preloads first thing after the run (its preload is held); the idle slot is
	// kicked by the run's end.
	waitFor(t, "the idle slot's preload, beside the holder's held one", func() bool {
		return e.Stats().Preloads == 1 && len(lg.loaded()) == 2
	})
	if n := e.Stats().PreloadsPending; n != 1 || o.preNext.Load() != 1 || holder.preNext.Load() != 0 {
		t.Fatalf("with the holder's preload held: %d pending (want 1), places %d (idle slot) and %d (holder)", n, o.preNext.Load(), holder.preNext.Load())
	}
	release()
	waitPreloads(t, e, 2)
	ls := lg.loaded()
	if len(ls) != 2 || ls[0].worker == ls[1].worker {
		t.Fatalf("preloads sent: %+v; want one on each worker", ls)
	}
	for i := range 2 {
		wantOut(t, fsubmit(t, e, f, "", fmt.Sprint("f ", i), 0, true))
	}
	for _, x := range lg.sent(f) {
		if x.config || x.image {
			t.Fatalf("an invocation of the preloaded function carried its code: %+v", x)
		}
	}
}

// A worker lost in a preload (it answers a fatal error, exits, or hangs past the engine's
// limit) is replaced; the function is marked (call.Function.PreloadLostBefore) and not
// preloaded again, into the new worker or any other, while the functions after it are. Nothing
// counts it as a fault, a failure or a strike; the engine does not wedge: both functions'
// invocations succeed, the marked one's carrying its code (it loads it itself).
func TestFakePreloadLostWorker(t *testing.T) {
	for _, tc := range []struct {
		name string
		act  loadAction
	}{{"fatal", loadFatal}, {"exit", loadExit}, {"hang", loadHang}} {
		t.Run(tc.name, func(t *testing.T) {
			lg := newLoadGPU(t)
			cfg := Config{Mode: Sequential, Preload: true}
			if tc.act == loadHang {
				cfg.Timeout = 300 * time.Millisecond // the preload's limit: min(preloadLimit, Timeout)
			}
			e := newLoadFake(t, lg, cfg)
			bad, good := fakeFn(doEcho), fakeFn(doEcho)
			lg.act(bad, tc.act)
			first := e.Stats().Workers[0].PID
			e.Preload(bad)
			e.Preload(good)
			waitPreloads(t, e, 1) // good, into the new worker
			waitFor(t, "the new worker up", e.Ready)
			if !bad.PreloadLostBefore() || good.PreloadLostBefore() {
				t.Fatalf("marked: bad %v, good %v; want only bad", bad.PreloadLostBefore(), good.PreloadLostBefore())
			}
			ls := lg.loaded()
			if len(ls) != 2 || ls[0].fn != bad.ID || ls[0].pid != first || ls[1].fn != good.ID || ls[1].pid == first {
				t.Fatalf("preloads sent: %+v; want bad into the first worker, good into its replacement", ls)
			}
			st := e.Stats()
			if st.Restarts != 1 || lg.started() != 2 || st.Faults != 0 || st.Teardowns != 0 || st.Failed != 0 || st.PreloadsNoRoom != 0 || st.Quarantines != 0 {
				t.Fatalf("after the lost preload: %+v, %d workers started; want one restart and nothing else counted", st, lg.started())
			}
			if bad.Strikes() != 0 || bad.Quarantined() {
				t.Fatalf("the function whose preload lost a worker: %d strikes, quarantined %v", bad.Strikes(), bad.Quarantined())
			}
			// Another publication is preloaded; bad still is not.
			later := fakeFn(doEcho)
			e.Preload(later)
			waitPreloads(t, e, 2)
			if n := len(lg.loaded()); n != 3 {
				t.Fatalf("%d preloads sent; want 3 (bad not again)", n)
			}
			wantOut(t, fsubmit(t, e, good, "", "good", 0, true))
			wantOut(t, fsubmit(t, e, bad, "", "bad", 0, false))
			if x := lg.sent(good); len(x) != 1 || x[0].config || x[0].image {
				t.Fatalf("good's invocation: %+v; want it without its code (preloaded)", x)
			}
			if x := lg.sent(bad); len(x) != 1 || !x[0].config {
				t.Fatalf("bad's invocation: %+v; want it with its config (not preloaded)", x)
			}
			if st := settled(t, e); st.Completed != 2 || st.Failed != 0 || st.Restarts != 1 || st.Faults != 0 {
				t.Fatalf("after the invocations: %+v", st)
			}
		})
	}
}

// Under a shared fault domain (MPS) a worker lost in a preload takes the GPU's other workers
// down with it, as any fatal fault does: the preloading slot tears the domain down (preloadFailed)
// before its flight count falls, so a neighbour whose worker died with an invocation in flight
// is a victim and runs it again alone, and nobody is struck. (Found by this test: the slot used
// to replace only its own worker, and the neighbour answered its innocent invocation as the
// culprit.)
func TestFakePreloadLossUnderSharedDomain(t *testing.T) {
	lg := newLoadGPU(t)
	lg.mps = true
	e := newLoadFake(t, lg, Config{Mode: Concurrent, Workers: 2, SharedFaultDomain: true, Preload: true})
	waitParked(t, e, 2)
	slow, bad := fakeFn(doGate), fakeFn(doEcho)
	lg.act(bad, loadFatal)
	innocent := fsubmit(t, e, slow, "", "innocent", 0, false)
	lg.waitEntered(t, 1)
	var a, b *slot // a runs the innocent, b is idle and preloads
	for _, s := range e.slots {
		if onIdle(e, s) {
			b = s
		} else {
			a = s
		}
	}
	if a == nil || b == nil {
		t.Fatal("want one slot busy, one idle")
	}
	aw := lg.worker(a.id)
	e.Preload(bad)
	// The preloading slot tears the domain down: both workers are replaced (and either slot
	// may then run the innocent again).
	waitFor(t, "the domain torn down, both workers replaced", func() bool { st := e.Stats(); return st.Teardowns == 1 && st.Restarts >= 2 })
	aw.Terminate()       // the fault took every client of the GPU down: a's worker too
	lg.waitEntered(t, 2) // the innocent runs again (a victim of the teardown), alone
	lg.allow(1)          // only now: a token given earlier could go to the killed first run
	wantOut(t, innocent)
	if !bad.PreloadLostBefore() || slow.Strikes() != 0 {
		t.Fatalf("marked %v; the innocent's function has %d strikes", bad.PreloadLostBefore(), slow.Strikes())
	}
	if st := settled(t, e); st.Teardowns != 1 || st.Faults != 0 || st.Failed != 0 || st.Completed != 1 || st.Reruns != 1 {
		t.Fatalf("after the innocent's re-run: %+v; want one teardown, no fault, the innocent run again and answered", st)
	}
}

// The engine can become quiet without any slot finishing: the idle slots that wait to preload
// must be kicked then too (found by this test; fixed in takeRescue and expire). A function published while a suspect's lone run waits in the queue for
// the rescue workers (sched.reservedLocked) is passed by (not quiet); when a rescue worker takes
// the suspect (sched.takeRescue, rescue.go) the queue empties, and neither it nor the rescue
// run's end (doneRunning(false)) kicks them: they never preload it (preloads_pending stays up)
// until something else wakes them. The janitor's expiry of the last queued invocation
// (sched.expire, queue.go) empties the queue without a kick as well.
func TestFakePreloadAfterRescueTakesSuspect(t *testing.T) {
	lg := newLoadGPU(t)
	lg.mps = true
	var dw doneWatch
	e := newLoadFake(t, lg, Config{Mode: Concurrent, Workers: 2, SharedFaultDomain: true, Rescue: 1, RescueEnv: []string{fakeOwnDomain}, Preload: true,
		Start: dw.start(lg.start)})
	waitFor(t, "the rescue worker up", func() bool { return e.Stats().RescueUp == 1 })
	waitParked(t, e, 2)
	// Suspects' lone runs, as faults.go requeues them (without waking the rescue workers).
	suspect := func(f *call.Function, in string) *call.Invocation {
		inv := call.Acquire()
		inv.Fn, inv.Inputs = f, [][]byte{[]byte(in)}
		e.admitted(inv)
		inv.Sched.Exclusive, inv.Sched.Suspect, inv.Sched.Reruns = true, true, 1
		e.sched.requeue(inv)
		return inv
	}
	first := suspect(fakeFn(doGate), "suspect 1")
	e.wakeRescue()
	lg.waitEntered(t, 1) // held on the rescue worker
	second := suspect(fakeFn(doEcho), "suspect 2")
	var passed []func()
	for _, s := range e.slots {
		passed = append(passed, dw.passBy(t, e, s))
	}
	e.Preload(fakeFn(doEcho))
	for _, p := range passed {
		p() // each idle slot found the queue busy with the second suspect
	}
	if st := e.Stats(); st.Preloads != 0 || st.PreloadsPending != 2 {
		t.Fatalf("with a suspect queued: %d preloads, %d pending; want 0, 2", st.Preloads, st.PreloadsPending)
	}
	lg.allow(1)
	wantOut(t, first)
	wantOut(t, second) // the rescue worker took it: the queue is empty, nothing runs
	waitPreloads(t, e, 2)
}
