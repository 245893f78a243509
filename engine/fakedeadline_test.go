package engine

import (
	"fmt"
	"testing"
	"time"

	"gpufn/call"
)

// Whose deadline kills, and whose faults quarantine (issue 16, item 2): a caller's own deadline
// (X-Gpufn-Timeout) bounds only that caller's wait; only the server's deadline kills a worker
// and strikes the function; a caller that is not the function's owner can get it quarantined
// for itself only.

// Tenant B floods tenant A's shared function with calls of a short deadline, under a shared
// fault domain (MPS): every call of B is answered deadline_exceeded, but no worker is killed, no
// fault domain torn down, nothing struck; the results that come after are dropped, and A's call
// is served.
func TestFakeCallerDeadlineKillsNothing(t *testing.T) {
	g := newFakeGPU(t)
	g.mps = true
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 2, SharedFaultDomain: true})
	slow := fakeFn(doGate) // held in its kernel until the test lets it through
	slow.Owner = "A"
	waitIdle(t, e, 2)
	const n = 20
	var bs []*call.Invocation
	for i := range n {
		bs = append(bs, fsubmit(t, e, slow, "B", fmt.Sprint("b", i), 20*time.Millisecond, false))
	}
	g.waitEntered(t, 2) // both workers hold one of B's calls in the kernel past its deadline
	for _, inv := range bs {
		wantErr(t, inv, call.CodeDeadline, "")
	}
	g.allow(1000) // the runs end now: their results are read and dropped
	a := fsubmit(t, e, slow, "A", "a", 0, false)
	wantOut(t, a)
	st := settled(t, e)
	if st.Restarts != 0 || st.Teardowns != 0 || st.Reruns != 0 || st.Failed != n || st.Completed != 1 {
		t.Fatalf("stats %+v: want %d answered deadline_exceeded, A's served, no restart, no teardown", st, n)
	}
	for _, w := range st.Workers {
		if w.Restarts != 0 {
			t.Fatalf("worker %s restarted: %+v", w.ID, st)
		}
	}
	if g.started() != 2 {
		t.Fatalf("%d workers started, want the first 2 only", g.started())
	}
	for _, r := range g.ran() {
		if r.running {
			t.Fatalf("a run was cut short: %+v", g.ran())
		}
	}
	if slow.Strikes() != 0 || slow.StrikesFor("B") != 0 || slow.QuarantinedFor("A") || slow.QuarantinedFor("B") {
		t.Fatalf("strikes %d (B's %d): a caller's deadline struck the function", slow.Strikes(), slow.StrikesFor("B"))
	}
}

// Faults of a caller that is not the owner quarantine the function for that caller only; the
// owner's own faults quarantine it for everyone.
func TestFakeQuarantinePerCaller(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	fault := fakeFn(doFault)
	fault.Owner = "A"
	for i := range 3 {
		wantErr(t, fsubmit(t, e, fault, "B", fmt.Sprint("b fault ", i), 0, true), call.CodeKernelFault, "")
	}
	wantErr(t, fsubmit(t, e, fault, "B", "b quarantined", 0, true), call.CodeQuarantined, "")
	if fault.Quarantined() || fault.QuarantinedFor("A") || fault.QuarantinedFor("C") || !fault.QuarantinedFor("B") {
		t.Fatal("B's faults quarantined the function beyond B")
	}
	// The owner and other callers still reach a worker.
	wantErr(t, fsubmit(t, e, fault, "C", "c fault", 0, true), call.CodeKernelFault, "")
	for i := range 3 {
		wantErr(t, fsubmit(t, e, fault, "A", fmt.Sprint("a fault ", i), 0, true), call.CodeKernelFault, "")
	}
	if runs := len(g.ran()); runs != 7 {
		t.Fatalf("%d runs, want 7: B's quarantined call reached a worker, or another's did not", runs)
	}
	// After the owner's 3 faults in a row the function is quarantined for every caller.
	for _, c := range []string{"A", "C"} {
		wantErr(t, fsubmit(t, e, fault, c, c+" quarantined", 0, true), call.CodeQuarantined, "")
	}
	if !fault.Quarantined() || len(g.ran()) != 7 {
		t.Fatalf("quarantined %v after %d runs; want quarantined for everyone, after 7", fault.Quarantined(), len(g.ran()))
	}
}

// The owner's bound ("timeout_ms", Plan.Timeout) kills and strikes as the server's does, when
// shorter; the engine's own deadline stays 30 s here.
func TestFakeOwnerTimeoutKills(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	hang := fakeFn(doHang)
	hang.Plan.Timeout = 20 * time.Millisecond
	wantErr(t, fsubmit(t, e, hang, "", "hang", 0, true), call.CodeDeadline, "overran")
	if st := settled(t, e); st.Restarts != 1 || hang.Strikes() != 1 {
		t.Fatalf("stats %+v, %d strikes: want the worker replaced and one strike", st, hang.Strikes())
	}
}

// A call with a deadline of its own is not run inline: SubmitInline would return only once the
// kernel ended (the submitter drives the slot), so its caller's deadline would bound nothing.
// Here SubmitInline returns while the kernel is held, and the call is answered at its deadline.
func TestFakeCallerDeadlineNotInline(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	slow := fakeFn(doGate)
	waitParked(t, e, 1)
	returned := make(chan *call.Invocation, 1)
	go func() {
		inv, err := trySubmit(e, slow, "B", "b", 20*time.Millisecond, true)
		if err != nil {
			t.Error(err)
		}
		returned <- inv
	}()
	var inv *call.Invocation
	select {
	case inv = <-returned:
	case <-time.After(time.Minute): // a hung test, not a slow one
		t.Fatal("SubmitInline did not return while the kernel was held")
	}
	wantErr(t, inv, call.CodeDeadline, "X-Gpufn-Timeout")
	g.allow(1)
	if st := settled(t, e); st.Inline != 0 || st.Restarts != 0 {
		t.Fatalf("stats %+v: want no inline run, no restart", st)
	}
}

// An invocation sent behind another (pipelining) is answered at its caller's deadline too,
// while the worker still runs the one before it; both results are dropped when they come.
func TestFakeCallerDeadlineWhilePipelined(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	slow := fakeFn(doGate)
	warm(t, e, g, slow)
	var p1, p2 *call.Invocation
	blocked(t, e, g, func() {
		p1 = fsubmit(t, e, slow, "T", "p1", time.Second, false)
		p2 = fsubmit(t, e, slow, "T", "p2", 1500*time.Millisecond, false)
	})
	g.waitEntered(t, 3) // the warm-up, the blocker, p1
	if e.Stats().Pipelined == 0 {
		g.allow(2) // p1 and p2 (if it runs): the engine's drain at cleanup waits for them
		t.Skip("p2 was not sent behind p1 (a machine slow enough for p1's deadline to pass in the queue)")
	}
	wantErr(t, p1, call.CodeDeadline, "X-Gpufn-Timeout")
	wantErr(t, p2, call.CodeDeadline, "X-Gpufn-Timeout") // p1 is still held in its kernel
	if n := g.nentered.Load(); n != 3 {
		t.Fatalf("%d runs entered the gate: p1 was not held when p2 was answered", n)
	}
	g.allow(2)
	if st := settled(t, e); st.Restarts != 0 || st.Failed != 2 {
		t.Fatalf("stats %+v: want both answered early, no restart", st)
	}
}

// A caller that alternates a fault with a success is quarantined too, after TotalFactor times
// the limit of faults in all (under MPS each fault tears the GPU down for every tenant).
func TestFakeQuarantineAlternating(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential, QuarantineAfter: 2})
	fault, ok := fakeFn(doFault), fakeFn(doEcho)
	// Clearing as a success of the same function does (reply.go): the fake's faulting
	// function never succeeds.
	for _, caller := range []string{"B", "A"} {
		fault.Owner = "A"
		for i := range call.TotalFactor * 2 {
			wantErr(t, fsubmit(t, e, fault, caller, fmt.Sprint(caller, " fault ", i), 0, true), call.CodeKernelFault, "")
			wantOut(t, fsubmit(t, e, ok, caller, "ok", 0, true))
			fault.Cleared(caller)
		}
		wantErr(t, fsubmit(t, e, fault, caller, caller+" quarantined", 0, true), call.CodeQuarantined, "")
	}
	if !fault.Quarantined() {
		t.Fatal("the owner's alternating faults did not quarantine the function")
	}
}
