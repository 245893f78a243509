package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"gpufn/call"
	"gpufn/worker"
)

// Scheduling on fake workers (fake_test.go): the queue, the inline lease, shutdown, the
// janitor, the tenant share, starts with back-off. No processes: fast, and under -race.

// newFake starts an engine whose workers are g's fakes, and waits until it is ready. Unless
// cfg says otherwise: pools of 8 MiB, contexts of 64 KiB, the block policy (every wait parks:
// the same on any host).
func newFake(t *testing.T, g *fakeGPU, cfg Config) *Engine {
	t.Helper()
	e := startFake(t, g, cfg)
	waitFor(t, "the engine ready", e.Ready)
	return e
}

// startFake starts an engine on g's fakes (or on cfg.Start's, when set) without waiting for its
// workers.
func startFake(t *testing.T, g *fakeGPU, cfg Config) *Engine {
	t.Helper()
	cfg.Device, cfg.Binary = "fake", "fake"
	if cfg.Start == nil {
		cfg.Start = g.start
	}
	if cfg.PoolBytes == 0 {
		cfg.PoolBytes = 8 << 20
	}
	if cfg.Mode == Auto && cfg.UsableBytes == 0 {
		cfg.UsableBytes = g.capacity
	}
	if cfg.Policy == "" {
		cfg.Policy = PolicyBlock
	}
	if cfg.ContextBytes == 0 {
		cfg.ContextBytes = 64 << 10
	}
	cfg.StopGrace = time.Second
	e, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		shut := make(chan error, 1)
		go func() { shut <- e.Shutdown(ctx) }()
		select {
		case err := <-shut:
			if err != nil {
				t.Error(err)
			}
		case <-time.After(time.Minute):
			// A goroutine of the engine is stuck: what a failed test left must not hang the
			// tests after it.
			t.Error("Shutdown hung")
		}
	})
	return e
}

// fsubmit submits an invocation of f with input in for tenant, by Submit or (inline)
// SubmitInline, with a deadline timeout from now (0: the engine's); the test fails if it is
// refused.
func fsubmit(t *testing.T, e *Engine, f *call.Function, tenant, in string, timeout time.Duration, inline bool) *call.Invocation {
	t.Helper()
	inv, err := trySubmit(e, f, tenant, in, timeout, inline)
	if err != nil {
		t.Fatalf("submit %q: %v", in, err)
	}
	return inv
}

func trySubmit(e *Engine, f *call.Function, tenant, in string, timeout time.Duration, inline bool) (*call.Invocation, error) {
	inv := call.Acquire()
	inv.Fn, inv.Tenant, inv.Inputs = f, tenant, [][]byte{[]byte(in)}
	if timeout > 0 {
		inv.Deadline = time.Now().Add(timeout)
	}
	submit := e.Submit
	if inline {
		submit = e.SubmitInline
	}
	return inv, submit(inv)
}

// fanswer waits for inv's answer: its output, or its error.
func fanswer(t *testing.T, inv *call.Invocation) (string, *call.Error) {
	t.Helper()
	select {
	case <-inv.Done():
	case <-time.After(20 * time.Second): // a hung test (an invocation lost), not a slow one
		t.Fatalf("invocation %q never answered", inv.Inputs[0])
	}
	if inv.Err != nil {
		return "", inv.Err
	}
	return string(inv.Outputs[0]), nil
}

// wantOut fails the test unless inv is answered with its own input as output.
func wantOut(t *testing.T, inv *call.Invocation) {
	t.Helper()
	want := string(inv.Inputs[0])
	if out, err := fanswer(t, inv); err != nil || out != want {
		t.Fatalf("%q: answered %q %v", want, out, err)
	}
}

// wantErr fails the test unless inv is answered with code (and a message containing msg).
func wantErr(t *testing.T, inv *call.Invocation, code call.Code, msg string) {
	t.Helper()
	if out, err := fanswer(t, inv); err == nil || err.Code != code || !strings.Contains(err.Message, msg) {
		t.Fatalf("%q: answered %q %v; want %s (%q)", inv.Inputs[0], out, err, code, msg)
	}
}

// warm runs an invocation of each function, so that the worker has their code (a run held at
// g's gate is let through).
func warm(t *testing.T, e *Engine, g *fakeGPU, fs ...*call.Function) {
	t.Helper()
	for _, f := range fs {
		inv := fsubmit(t, e, f, "", "warm", 0, false)
		if string(f.Config) == doGate {
			g.allow(1)
		}
		wantOut(t, inv)
	}
}

// blocked runs fn while the engine's only slot is busy with an invocation held at g's gate (of
// a function of its own), so that what fn submits queues up behind it; the blocker is let go
// and answered once fn returns. The gate must be empty when it is called.
func blocked(t *testing.T, e *Engine, g *fakeGPU, fn func()) {
	t.Helper()
	entered := g.nentered.Load()
	w := fsubmit(t, e, fakeFn(doGate), "", "blocker", 0, false)
	g.waitEntered(t, int(entered)+1)
	fn()
	g.allow(1)
	wantOut(t, w)
}

// An invocation that finds the worker idle, its goroutine parked and nothing queued runs on the
// caller's goroutine: it is answered when SubmitInline returns, and the slot is back on the idle
// stack at once, without its goroutine (the lease was given back straight to the stack).
func TestFakeInline(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	f := fakeFn(doEcho)
	s := e.slots[0]
	for i := range 10 {
		waitParked(t, e, 1)
		inv := fsubmit(t, e, f, "", fmt.Sprint("inline ", i), 0, true)
		if len(inv.Done()) == 0 { // answered, not taken
			t.Fatalf("invocation %d not answered when SubmitInline returned", i)
		}
		if n, lent := idleCount(e), s.lease.lent.Load(); n != 1 || lent {
			t.Fatalf("after invocation %d: %d idle, lent %v; want the slot back on the idle stack", i, n, lent)
		}
		wantOut(t, inv)
	}
	if st := e.Stats(); st.Inline != 10 || st.Completed != 10 || st.Busy != 0 {
		t.Fatalf("stats %+v: want 10 inline and completed", st)
	}
	// With the spin policy the goroutine never parks: nothing runs inline.
	g2 := newFakeGPU(t)
	e2 := newFake(t, g2, Config{Mode: Sequential, Policy: PolicySpin})
	waitIdle(t, e2, 1)
	wantOut(t, fsubmit(t, e2, f, "", "spun", 0, true))
	if st := settled(t, e2); st.Inline != 0 || st.Completed != 1 {
		t.Fatalf("spin policy: stats %+v, want nothing inline", st)
	}
}

// The worker dies while a caller runs an invocation on it inline: the invocation is answered
// worker_exited, the slot goroutine takes the slot back, starts a new worker, and the next
// invocation runs inline again.
func TestFakeInlineWorkerLost(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	waitParked(t, e, 1)
	inv := call.Acquire()
	inv.Fn, inv.Inputs = fakeFn(doGate), [][]byte{[]byte("killed")}
	returned := make(chan error, 1)
	go func() { returned <- e.SubmitInline(inv) }()
	g.waitEntered(t, 1)
	g.worker("fake0-w0").Terminate()
	if err := <-returned; err != nil {
		t.Fatal(err)
	}
	wantErr(t, inv, call.CodeExited, "")
	waitFor(t, "a new worker, parked", func() bool { return e.Ready() && parkedCount(e) == 1 })
	wantOut(t, fsubmit(t, e, fakeFn(doEcho), "", "after", 0, true))
	if st := settled(t, e); st.Inline != 2 || st.Restarts != 1 || g.started() != 2 {
		t.Fatalf("stats %+v, %d workers started: want 2 inline runs, 1 restart", st, g.started())
	}
}

func parkedCount(e *Engine) int {
	e.sched.mu.Lock()
	defer e.sched.mu.Unlock()
	n := 0
	for _, s := range e.sched.idle {
		if s.lease.parked.Load() {
			n++
		}
	}
	return n
}

// Idle workers are taken last-in-first-out: serial invocations all go to the warmest worker.
func TestFakeIdleWorkersLIFO(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 3})
	f := fakeFn(doEcho)
	for i := range 12 {
		waitIdle(t, e, 3)
		wantOut(t, fsubmit(t, e, f, "", fmt.Sprint(i), 0, i%2 == 0))
	}
	on := map[string]int{}
	for _, r := range g.ran() {
		on[r.worker]++
	}
	if len(on) != 1 {
		t.Fatalf("runs per worker %v: serial invocations should stay on the warmest worker", on)
	}
}

// The queue's bounds: a full queue refuses (429), one tenant may take only its share, another
// tenant is still admitted; the janitor answers an invocation whose deadline passes in the
// queue; the others run in order.
func TestFakeQueueBoundsAndJanitor(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential, QueueDepth: 4, TenantShare: 0.5})
	f := fakeFn(doEcho)
	var queued []*call.Invocation
	var late *call.Invocation
	blocked(t, e, g, func() {
		for i := range 2 {
			queued = append(queued, fsubmit(t, e, f, "alice", fmt.Sprint("alice ", i), 0, false))
		}
		if _, err := trySubmit(e, f, "alice", "alice beyond her share", 0, false); err != call.ErrTenantShare {
			t.Fatalf("alice beyond her share: %v", err)
		}
		late = fsubmit(t, e, f, "bob", "late", 30*time.Millisecond, false)
		queued = append(queued, fsubmit(t, e, f, "bob", "bob", 0, false))
		if _, err := trySubmit(e, f, "carol", "full", 0, false); err != call.ErrQueueFull {
			t.Fatalf("a full queue: %v", err)
		}
		wantErr(t, late, call.CodeDeadline, "queued")
	})
	for _, inv := range queued {
		wantOut(t, inv)
	}
	st := settled(t, e)
	if st.Rejected != 2 || st.Failed != 1 || st.Completed != 4 || st.Queued != 0 {
		t.Fatalf("stats %+v", st)
	}
}

// Shutdown lets what is queued and running finish; a second Shutdown is fine, and Submit is
// refused (draining).
func TestFakeShutdownDrains(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	f := fakeFn(doEcho)
	var invs []*call.Invocation
	blocked(t, e, g, func() {
		for i := range 4 {
			invs = append(invs, fsubmit(t, e, f, "", fmt.Sprint(i), 0, false))
		}
	})
	if err := e.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, inv := range invs {
		wantOut(t, inv)
	}
	if _, err := trySubmit(e, f, "", "late", 0, true); err != call.ErrDraining {
		t.Fatalf("submit after Shutdown: %v", err)
	}
	if ws := g.live(""); len(ws) != 0 {
		t.Fatalf("%d workers alive after Shutdown", len(ws))
	}
}

// A drain that times out answers what is still queued with draining, waits for the running
// invocation (its worker is not stopped under it), which gets its own answer.
func TestFakeShutdownTimeoutAnswersQueued(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	running := fsubmit(t, e, fakeFn(doGate), "", "running", 0, false)
	g.waitEntered(t, 1)
	f := fakeFn(doEcho)
	queued := []*call.Invocation{fsubmit(t, e, f, "", "q1", 0, false), fsubmit(t, e, f, "", "q2", 0, true)}
	ctx, cancel := context.WithCancel(context.Background())
	shut := make(chan error, 1)
	go func() { shut <- e.Shutdown(ctx) }()
	waitFor(t, "the drain", func() bool { e.sched.mu.Lock(); defer e.sched.mu.Unlock(); return e.sched.draining })
	cancel()
	for _, inv := range queued {
		wantErr(t, inv, call.CodeDraining, "")
	}
	g.allow(1)
	if err := <-shut; !errors.Is(err, context.Canceled) {
		t.Fatalf("Shutdown: %v, want the drain's cancellation", err)
	}
	wantOut(t, running)
}

// Workers that fail to start are retried with back-off; the engine is not ready meanwhile,
// invocations wait in the queue (the janitor answers one whose deadline passes), and run once a
// worker is up.
func TestFakeStartBackOff(t *testing.T) {
	g := newFakeGPU(t)
	g.failStarts = 2
	e := startFake(t, g, Config{Mode: Sequential})
	if e.Ready() || e.MaxNeed() != 0 || e.Hello() != nil {
		t.Fatal("ready, or with a worker's hello, before any worker started")
	}
	f := fakeFn(doEcho)
	expires := fsubmit(t, e, f, "", "expires", 20*time.Millisecond, true)
	waits := fsubmit(t, e, f, "", "waits", 0, true)
	wantErr(t, expires, call.CodeDeadline, "queued")
	wantOut(t, waits)
	st := settled(t, e)
	if !st.Ready || g.started() != 1 || !strings.Contains(st.Workers[0].LastError, "told to fail") {
		t.Fatalf("stats %+v, %d started: want ready after two failed starts", st, g.started())
	}
	if h := e.Hello(); h == nil || e.MaxNeed() != 8<<20 || h.PoolBytes != 8<<20 {
		t.Fatalf("hello %+v, max need %d", h, e.MaxNeed())
	}
	if e.Load() != 0 || e.Name() != "fake0" || e.ContextBytes() != 64<<10 || e.IOCapacity(1) != 64<<10-64-8 {
		t.Fatalf("load %d, name %q, context %d, capacity %d", e.Load(), e.Name(), e.ContextBytes(), e.IOCapacity(1))
	}
}

// Deleted weights reach every worker: an idle slot is kicked and sends its worker what was
// deleted since it last sent anything; a busy slot sends it before its next invocation; a
// worker started after the deletion (its predecessor died running) is sent nothing of it.
func TestDropWeightsReachesEveryWorker(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 2})
	warmUp(t, e, fakeFn(doEcho)) // each slot has seen its worker
	hold := fsubmit(t, e, fakeFn(doGate), "", "hold", 0, false)
	g.waitEntered(t, 1)
	setA, setB := [32]byte{1}, [32]byte{2}
	e.DropWeights([][32]byte{setA}, nil)
	e.DropWeights(nil, []uint64{7})
	e.DropWeights([][32]byte{setB}, nil)
	// sent is what each slot's worker was sent, all its drop commands together.
	sent := func() map[string]worker.DropCmd {
		g.mu.Lock()
		defer g.mu.Unlock()
		m := map[string]worker.DropCmd{}
		for _, d := range g.drops {
			c := m[d.worker]
			c.Sets, c.Funcs = append(c.Sets, d.cmd.Sets...), append(c.Funcs, d.cmd.Funcs...)
			m[d.worker] = c
		}
		return m
	}
	complete := func(c worker.DropCmd) bool {
		return len(c.Sets) == 2 && slices.Contains(c.Sets, setA) && slices.Contains(c.Sets, setB) && slices.Equal(c.Funcs, []uint64{7})
	}
	var idle, busy string
	for _, s := range e.slots {
		if s.flight.Load() > 0 {
			busy = s.id
		} else {
			idle = s.id
		}
	}
	waitFor(t, "the idle worker's drops", func() bool { return complete(sent()[idle]) })
	if _, ok := sent()[busy]; ok || busy == "" {
		t.Fatalf("the busy worker (%q) was sent a drop while it ran", busy)
	}
	g.allow(1)
	wantOut(t, hold)
	waitFor(t, "the busy worker's drops, once it was done", func() bool { return complete(sent()[busy]) })
	// Deleted while a worker runs, which then dies: its replacement holds nothing, and is
	// sent nothing of it.
	hold = fsubmit(t, e, fakeFn(doGate), "", "hold2", 0, false)
	g.waitEntered(t, 2)
	var running string
	for _, s := range e.slots {
		if s.flight.Load() > 0 {
			running = s.id
		}
	}
	before := len(sent()[running].Sets)
	e.DropWeights([][32]byte{{3}}, nil)
	old := g.worker(running).pid
	g.worker(running).Terminate()
	wantErr(t, hold, call.CodeExited, "")
	waitFor(t, "a new worker", func() bool { w := g.worker(running); return w != nil && w.pid != old && e.Ready() })
	warmUp(t, e, fakeFn(doEcho))
	if got := sent()[running]; len(got.Sets) != before {
		t.Fatalf("the slot whose worker died sent %x; want nothing more (its new worker holds nothing)", got.Sets[before:])
	}
}
