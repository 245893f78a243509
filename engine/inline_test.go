package engine

import (
	"context"
	"fmt"
	"gpufn/call"
	"sync"
	"syscall"
	"testing"
	"time"
)

func idleCount(e *Engine) int {
	e.sched.mu.Lock()
	defer e.sched.mu.Unlock()
	return len(e.sched.idle)
}

// waitParked waits until n slots are idle and their goroutines parked: a submission then runs
// inline.
func waitParked(t testing.TB, e *Engine, n int) {
	t.Helper()
	waitFor(t, fmt.Sprintf("%d slots idle and parked", n), func() bool { return parkedCount(e) == n })
}

// inlineAsync calls f with in on a goroutine of its own and returns once the engine is busy
// with it.
func inlineAsync(t *testing.T, e *Engine, f *call.Function, in []byte) <-chan answer {
	done := make(chan answer, 1)
	go func() {
		out, err := invokeSync(t, e, f, in, 0)
		done <- answer{out, err}
	}()
	waitFor(t, "the engine busy", func() bool { return e.Stats().Busy > 0 })
	return done
}

func answered(inv *call.Invocation) bool {
	select {
	case <-inv.Done():
		return true
	default:
		return false
	}
}

// An invocation that finds the worker idle and nothing queued is run by the caller: it is
// answered when SubmitInline returns, and the slot is back on the idle stack at once, its
// goroutine never woken.
func TestInlineRunsOnTheCallersGoroutine(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, Policy: PolicyBlock})
	f := echo(t)
	waitParked(t, e, 1)
	for i := 0; i < 20; i++ {
		inv := call.Acquire()
		inv.Fn, inv.Inputs = f, [][]byte{[]byte(fmt.Sprintf("in-%d", i))}
		if err := e.SubmitInline(inv); err != nil {
			t.Fatal(err)
		}
		if !answered(inv) {
			t.Fatalf("invocation %d not answered when SubmitInline returned", i)
		}
		if inv.Err != nil || string(inv.Outputs[0]) != fmt.Sprintf("in-%d", i) {
			t.Fatalf("invocation %d: %q %v", i, inv.Outputs, inv.Err)
		}
		if n := idleCount(e); n != 1 {
			t.Fatalf("after invocation %d: %d idle slots, want the one back", i, n)
		}
		call.Release(inv)
	}
	if st := e.Stats(); st.Inline != 20 || st.Completed != 20 || st.Busy != 0 || st.Submitted != 20 {
		t.Fatalf("stats %+v: want 20 submitted, run inline and completed, none busy", st)
	}
}

// With the worker busy, SubmitInline queues like Submit (it returns at once), and the queued
// invocation is answered by the slot goroutine.
func TestInlineQueuesBehindABusyWorker(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, NoPipeline: true, Policy: PolicyBlock})
	slow, f := sleeper(t, 200), echo(t)
	waitParked(t, e, 1)
	warmUp(t, e, f)
	inv := call.Acquire()
	defer call.Release(inv)
	inv.Fn, inv.Inputs = f, [][]byte{[]byte("queued")}
	var first <-chan answer
	// The worker stopped: slow, once taken, cannot end while the second is submitted.
	stopped(t, e, func() {
		first = submitAsync(t, e, slow, []byte("slow"), 10*time.Second)
		waitFor(t, "the slot to take slow", func() bool { return e.Stats().Busy > 0 })
		if err := e.SubmitInline(inv); err != nil {
			t.Fatal(err)
		}
		if answered(inv) {
			t.Fatal("answered on return though the worker was busy")
		}
	})
	<-inv.Done()
	if inv.Err != nil || string(inv.Outputs[0]) != "queued" {
		t.Fatalf("queued: %q %v", inv.Outputs, inv.Err)
	}
	if a := <-first; a.err != nil || string(a.out) != "slow" {
		t.Fatalf("first: %q %v", a.out, a.err)
	}
	if st := settled(t, e); st.Inline != 1 { // the warm-up only
		t.Fatalf("inline %d, want 1 (the warm-up)", st.Inline)
	}
}

// A slot whose goroutine still spins for work (the spin policy, or the hybrid one within its
// spin) is handed the invocation: nothing runs inline.
func TestInlineNotWhileTheSlotSpins(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, Policy: PolicySpin})
	f := echo(t)
	waitIdle(t, e, 1)
	for i := 0; i < 10; i++ {
		if out, err := invokeSync(t, e, f, []byte("spun"), 0); err != nil || string(out) != "spun" {
			t.Fatalf("call %d: %q %v", i, out, err)
		}
	}
	if st := settled(t, e); st.Inline != 0 || st.Completed != 10 {
		t.Fatalf("stats %+v: want 10 completed, none inline", st)
	}
}

// A worker killed while a caller runs an invocation on it inline: the invocation is answered
// worker_exited, the slot goroutine takes the slot back, a new worker starts, and the next
// invocation runs inline again.
func TestInlineWorkerKilledDuringRun(t *testing.T) {
	g := newGate(t)
	e := newEngine(t, Config{Mode: Sequential, Policy: PolicyBlock, Env: []string{g.env()}})
	slow, f := gated(t), echo(t)
	g.allow(t, 1) // the warm-up's run of slow
	warmUp(t, e, slow, f)
	waitParked(t, e, 1)
	pid, before := e.Stats().Workers[0].PID, e.Stats().Inline
	done := inlineAsync(t, e, slow, []byte("x"))
	g.waitEntered(t, 2) // inside the kernel, where it stays
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if a := <-done; a.err == nil || a.err.Code != call.CodeExited {
		t.Fatalf("killed run: %v, want %s", a.err, call.CodeExited)
	}
	waitFor(t, "a new worker, idle", func() bool { return e.Ready() && idleCount(e) == 1 })
	waitParked(t, e, 1)
	out, err := invokeSync(t, e, f, []byte("after"), 0)
	if err != nil || string(out) != "after" {
		t.Fatalf("after the kill: %q %v", out, err)
	}
	st := settled(t, e)
	if st.Restarts != 1 || st.Workers[0].PID == pid || st.Inline != before+2 {
		t.Fatalf("stats %+v: want one restart, a new worker, 2 more inline runs", st)
	}
}

// Shutdown while a caller runs an invocation inline: the drain waits for it, it is answered
// with its output, and every goroutine ends (goleak checks in TestMain).
func TestInlineShutdownWaitsForTheCaller(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, Policy: PolicyBlock})
	slow := sleeper(t, 300)
	warmUp(t, e, slow)
	waitParked(t, e, 1)
	before := e.Stats().Inline
	done := inlineAsync(t, e, slow, []byte("drained"))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := e.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if a := <-done; a.err != nil || string(a.out) != "drained" {
		t.Fatalf("inline run during shutdown: %q %v", a.out, a.err)
	}
	if st := e.Stats(); st.Inline != before+1 {
		t.Fatalf("inline %d, want %d", st.Inline, before+1)
	}
}

// A drain that times out while a caller still runs inline: Shutdown returns once the caller
// is done (the worker is not stopped under it), and the caller gets its answer.
func TestInlineShutdownTimeoutLetsTheCallerFinish(t *testing.T) {
	g := newGate(t)
	e := newEngine(t, Config{Mode: Sequential, Policy: PolicyBlock, Env: []string{g.env()}})
	slow := gated(t)
	g.allow(t, 1) // the warm-up's run
	warmUp(t, e, slow)
	waitParked(t, e, 1)
	done := inlineAsync(t, e, slow, []byte("late"))
	g.waitEntered(t, 2) // it runs, and cannot end until allowed
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	shut := make(chan error, 1)
	go func() { shut <- e.Shutdown(ctx) }()
	drainTimedOut(t, e)
	g.allow(t, 1)
	shutdownTimedOut(t, shut, "once the caller was done")
	if a := <-done; a.err != nil || string(a.out) != "late" {
		t.Fatalf("inline run: %q %v", a.out, a.err)
	}
}

// Many callers on two workers, inline and queued mixed: every answer is the caller's own.
func TestInlineConcurrentCallers(t *testing.T) {
	e := newEngine(t, Config{Mode: Concurrent, Workers: 2, Policy: PolicyBlock})
	f := echo(t)
	waitParked(t, e, 2)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				in := []byte(fmt.Sprintf("g%d-%d", g, i))
				out, err := invokeSync(t, e, f, in, 0)
				if err != nil || string(out) != string(in) {
					errs <- fmt.Errorf("%s: %q %v", in, out, err)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	st := settled(t, e)
	if st.Completed != 400 || st.Inline == 0 || st.Busy != 0 {
		t.Fatalf("stats %+v: want 400 completed, some inline", st)
	}
	if n := idleCount(e); n != 2 {
		t.Fatalf("%d idle slots, want 2", n)
	}
}
