package engine

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gpufn/call"
)

// Pipelining on fake workers: what is sent behind a running invocation, and when; replies
// matched to their requests; the contexts' isolation; put-backs; the park policy; prefetch
// while spinning.

// Invocations queued behind a busy worker are sent to it while it runs the one before (the
// second context), answered in order, each with its own output (inputs of different lengths:
// a shorter one must not show a longer one's tail); with NoPipeline nothing is.
func TestFakePipelining(t *testing.T) {
	for _, off := range []bool{false, true} {
		t.Run(fmt.Sprint("NoPipeline=", off), func(t *testing.T) {
			g := newFakeGPU(t)
			e := newFake(t, g, Config{Mode: Sequential, NoPipeline: off})
			f := fakeFn(doEcho)
			warm(t, e, g, f)
			var invs []*call.Invocation
			blocked(t, e, g, func() {
				for i := range 6 {
					invs = append(invs, fsubmit(t, e, f, "", strings.Repeat("x", 6-i)+fmt.Sprint(i), 0, false))
				}
			})
			for _, inv := range invs {
				wantOut(t, inv)
			}
			want := uint64(5) // each sent behind the one before, but the first
			if off {
				want = 0
			}
			if st := settled(t, e); st.Pipelined != want || st.Completed != 8 || st.Restarts != 0 {
				t.Fatalf("stats %+v: want %d pipelined", st, want)
			}
			var order []string
			for _, r := range g.ran()[2:] { // after the warm-up and the blocker
				order = append(order, r.input)
			}
			for i, inv := range invs {
				if order[i] != string(inv.Inputs[0]) {
					t.Fatalf("the worker ran %q, want the order submitted", order)
				}
			}
		})
	}
}

// Only invocations of the same function for the same caller share a worker's contexts; one
// whose deadline comes before the running one's is not sent behind it (it would be answered
// only when the running one ends): it waits in the queue and the janitor answers it there.
func TestFakePipelineOnlyWhatMayWait(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	f, f2, slow := fakeFn(doEcho), fakeFn(doEcho), fakeFn(doGate)
	warm(t, e, g, f, f2, slow)
	var invs []*call.Invocation
	blocked(t, e, g, func() {
		for i := range 6 {
			h, tenant := f, "alice"
			switch i % 3 {
			case 1:
				h = f2
			case 2:
				tenant = "bob"
			}
			invs = append(invs, fsubmit(t, e, h, tenant, fmt.Sprint(tenant, i), 0, false))
		}
	})
	for _, inv := range invs {
		wantOut(t, inv)
	}
	// a (held at the gate) has a long deadline, late, of the same function and caller, a short
	// one: the slot that takes a finds late at the head of the queue and leaves it there.
	var a, late *call.Invocation
	blocked(t, e, g, func() {
		a = fsubmit(t, e, slow, "", "a", time.Minute, false)
		late = fsubmit(t, e, slow, "", "late", 500*time.Millisecond, false)
	})
	wantErr(t, late, call.CodeDeadline, "queued")
	g.allow(1)
	wantOut(t, a)
	if st := settled(t, e); st.Pipelined != 0 {
		t.Fatalf("%d invocations were sent behind another function's, another caller's, or a later deadline", st.Pipelined)
	}
}

// While the worker runs one caller's invocation, the other context holds nothing of another
// caller or function: after a pipelined run of alice's invocations, bob's invocation of another
// function is sent only once alice's input left in the other context is scrubbed.
func TestFakePipelineIsolation(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	f, other := fakeFn(doEcho), fakeFn(doEcho)
	secret := "alice-secret-0123456789"
	var invs []*call.Invocation
	blocked(t, e, g, func() {
		for range 3 {
			invs = append(invs, fsubmit(t, e, f, "alice", secret, 0, false))
		}
	})
	for _, inv := range invs {
		wantOut(t, inv)
	}
	if st := settled(t, e); st.Pipelined == 0 {
		t.Fatal("nothing was pipelined: the second context was not used, so the test proves nothing")
	}
	wantOut(t, fsubmit(t, e, other, "bob", "bob", 0, false))
	w := e.slots[0].life.w
	for i := range w.Contexts() {
		if bytes.Contains(w.Context(i).Bytes(), []byte(secret)) {
			t.Fatalf("context %d still holds alice's input after bob's invocation of another function ran", i)
		}
	}
}

// A worker lost while it holds an invocation sent behind the running one: the running one is
// answered worker_exited, the one behind never started and runs on the next worker, not counted
// as a re-run.
func TestFakePipelinePutBack(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	slow := fakeFn(doGate)
	warm(t, e, g, slow)
	var a, b *call.Invocation
	blocked(t, e, g, func() {
		a = fsubmit(t, e, slow, "", "a", 0, false)
		b = fsubmit(t, e, slow, "", "b", 0, false)
	})
	g.waitEntered(t, 3) // the warm-up, the blocker, a: a runs, and cannot end
	waitFor(t, "b sent behind a", func() bool { return e.Stats().Pipelined == 1 })
	g.worker("fake0-w0").Terminate()
	wantErr(t, a, call.CodeExited, "")
	g.waitEntered(t, 4)
	g.allow(1)
	wantOut(t, b)
	if b.Sched.Reruns != 0 {
		t.Fatalf("b was counted a re-run %d times", b.Sched.Reruns)
	}
	st := settled(t, e)
	if st.Restarts != 1 || st.Reruns != 0 {
		t.Fatalf("stats %+v: want 1 restart, no re-run", st)
	}
	if runs := g.ran(); len(runs) != 4 || runs[3].input != "b" || runs[3].pid == runs[2].pid {
		t.Fatalf("runs %+v: want b run once, by the worker after a's", runs)
	}
}

// A request that cannot be written while another is in flight (part of it may be in the
// pipe): nothing more goes to that worker, the request goes back to the queue, the one in
// flight is answered, the worker is replaced, and the put-back one runs on the new one.
func TestFakePipelineSendFails(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	slow := fakeFn(doGate)
	warm(t, e, g, slow)
	var a, b *call.Invocation
	blocked(t, e, g, func() {
		a = fsubmit(t, e, slow, "", "a", 0, false)
		b = fsubmit(t, e, slow, "", "b", 0, false)
		w := g.worker("fake0-w0")
		g.mu.Lock()
		w.failSend = 2 // a is written, b is not
		g.mu.Unlock()
	})
	g.waitEntered(t, 3) // the warm-up, the blocker, a
	g.allow(2)
	wantOut(t, a)
	wantOut(t, b)
	if st := settled(t, e); st.Restarts != 1 || st.Pipelined != 0 || g.started() != 2 {
		t.Fatalf("stats %+v, %d started: want the worker replaced once, b run on the next", st, g.started())
	}
}

// A worker that dropped a function's code answers function_missing or library_missing: the
// request is sent again once with the code; a worker that still lacks it then gets its answer.
func TestFakeMissingCode(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	f := fakeFn(doEcho)
	wantOut(t, fsubmit(t, e, f, "", "first", 0, true))
	g.worker("fake0-w0").evict.Store(true)
	wantOut(t, fsubmit(t, e, f, "", "evicted", 0, true))
	wantErr(t, fsubmit(t, e, fakeFn(doMissing), "", "never", 0, true), call.CodeFunctionMissing, "")
	if st := settled(t, e); st.Restarts != 0 || st.Completed != 2 || st.Failed != 1 {
		t.Fatalf("stats %+v", st)
	}
}

// An invocation submitted while the worker runs another, after the slot last looked at the
// queue, waits for the running one's result: the slot looks at the queue after it sends an
// invocation and between results, not while it waits for one (prefetch while spinning was
// measured and removed: docs/engines.md), but for a batching function's next batch, when it is
// due (TestBatchFormedLate).
func TestFakeNoPrefetchWhileWaiting(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential, Policy: PolicySpin})
	slow := fakeFn(doGate)
	warm(t, e, g, slow)
	a := fsubmit(t, e, slow, "", "a", 0, false)
	g.waitEntered(t, 2)
	g.waitAwaited(t, g.worker("fake0-w0")) // the slot's look at the queue after sending a is over
	b := fsubmit(t, e, slow, "", "b", 0, false)
	g.allow(2)
	wantOut(t, a)
	wantOut(t, b)
	if st := settled(t, e); st.Pipelined != 0 {
		t.Fatalf("%d pipelined, want 0: b came after the slot's last look", st.Pipelined)
	}
}

// A slot whose worker has the next request waiting behind the running one parks for the result
// at once, whatever the polling policy (here spin, which otherwise spins on Poll for ever).
func TestFakePipelinedSlotParks(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential, Policy: PolicySpin})
	f := fakeFn(doEcho)
	warm(t, e, g, f)
	w := g.worker("fake0-w0")
	var invs []*call.Invocation
	blocked(t, e, g, func() {
		for i := range 4 {
			invs = append(invs, fsubmit(t, e, f, "", fmt.Sprint(i), 0, false))
		}
	})
	for _, inv := range invs {
		wantOut(t, inv)
	}
	st := settled(t, e)
	if parked := w.parked.Load(); st.Pipelined == 0 || parked == 0 {
		t.Fatalf("%d pipelined, %d parked receives", st.Pipelined, parked)
	}
}

// Many callers, inline and queued, on workers that die now and then: every invocation is
// answered once, with its own output or worker_exited, and the engine settles.
func TestFakeStressAnsweredOnce(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 3, Policy: PolicyHybrid})
	fs := []*call.Function{fakeFn(doEcho), fakeFn(doEcho)}
	var invs []*call.Invocation
	for i := range 400 {
		invs = append(invs, fsubmit(t, e, fs[i%2], fmt.Sprint(i%3), fmt.Sprint("in", i), 0, i%3 == 0))
		if i%97 == 0 {
			if ws := g.live(""); len(ws) > 0 {
				ws[0].Terminate()
			}
		}
	}
	codes := map[call.Code]int{}
	for _, inv := range invs {
		out, err := fanswer(t, inv)
		switch {
		case err != nil:
			codes[err.Code]++
		case out != string(inv.Inputs[0]):
			t.Fatalf("%q answered %q", inv.Inputs[0], out)
		default:
			codes["ok"]++
		}
	}
	st := settled(t, e)
	if codes["ok"]+codes[call.CodeExited] != 400 || st.Busy != 0 || st.Queued != 0 {
		t.Fatalf("answers %v, stats %+v", codes, st)
	}
	for i, inv := range invs {
		if len(inv.Done()) != 0 {
			t.Fatalf("invocation %d answered twice", i)
		}
	}
}

// A drain that times out while a worker runs a with b sent behind it, another slot idle: the
// quit ends the idle slot's goroutine; then a's worker is lost, and b, put back, is handed to
// the idle slot, whose goroutine is gone. Shutdown still answers it (draining).
func TestFakeShutdownAnswersAPutBackHandedToAnEndedSlot(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 2})
	slow := fakeFn(doGate)
	waitIdle(t, e, 2)
	var invs []*call.Invocation
	for _, in := range []string{"x1", "x2", "p", "q"} { // x1, x2: both workers have slow's code
		invs = append(invs, fsubmit(t, e, slow, "", in, 0, false))
		if in == "x2" || in == "q" {
			g.enter(t)
			g.enter(t)
			g.waitAwaited(t, g.live("")...)
		}
		if in == "x2" {
			g.allow(2)
			wantOut(t, invs[0])
			wantOut(t, invs[1])
			waitIdle(t, e, 2)
		}
	}
	a, b := fsubmit(t, e, slow, "", "a", 0, false), fsubmit(t, e, slow, "", "b", 0, false)
	g.allow(1) // p or q ends: its slot takes a and sends b behind it
	if in := g.enter(t); in != "a" {
		t.Fatalf("%q reached the gate, want a", in)
	}
	waitFor(t, "b sent behind a", func() bool { return e.Stats().Pipelined == 1 })
	// The other of p and q ends: its slot is idle. By its name: a, at the gate too, could
	// take a token of the shared gate first (it did, about once in 300 runs under -race).
	other := "p"
	if len(invs[2].Done()) > 0 { // p was answered before its slot took a
		other = "q"
	}
	g.allowInput(other)
	wantOut(t, invs[2])
	wantOut(t, invs[3])
	waitIdle(t, e, 1)
	var busy, idle string
	for _, r := range g.ran() {
		if r.input == "a" {
			busy = r.worker
		}
	}
	for _, s := range e.slots {
		if s.id != busy {
			idle = s.id
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	shut := make(chan error, 1)
	go func() { shut <- e.Shutdown(ctx) }()
	waitFor(t, "the drain", func() bool { e.sched.mu.Lock(); defer e.sched.mu.Unlock(); return e.sched.draining })
	cancel()
	waitFor(t, "the idle slot's goroutine to end (its worker stopped)", func() bool { return len(g.live(idle)) == 0 })
	g.worker(busy).Terminate()
	wantErr(t, a, call.CodeExited, "")
	wantErr(t, b, call.CodeDraining, "")
	if err := <-shut; err == nil {
		t.Fatal("the drain did not time out")
	}
}
