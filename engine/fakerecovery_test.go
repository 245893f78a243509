package engine

import (
	"strings"
	"testing"

	"gpufn/call"
)

// wantStages fails the test unless the timeline has each of the stages, in non-decreasing time.
func wantStages(t *testing.T, rec *call.RecoveryTimeline, stages ...string) {
	t.Helper()
	for i := 1; i < len(rec.Stages); i++ {
		if rec.Stages[i].MS < rec.Stages[i-1].MS {
			t.Fatalf("stages out of order: %+v", rec.Stages)
		}
	}
	for _, s := range stages {
		if _, ok := rec.StageMS(s); !ok {
			t.Fatalf("no stage %q in %+v", s, rec.Stages)
		}
	}
}

// serveUntilRecovered invokes echo until the engine's recovery is done (its end is the first
// answer once every worker is up again), and returns the timeline.
func serveUntilRecovered(t *testing.T, e *Engine, echo *call.Function) *call.RecoveryTimeline {
	t.Helper()
	var rec *call.RecoveryTimeline
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the recovery: %+v", e.Stats().LastRecovery)
		}
	})
	waitFor(t, "the recovery done", func() bool {
		wantOut(t, fsubmit(t, e, echo, "", "after", 0, false))
		rec = e.Stats().LastRecovery
		return rec != nil && rec.Done
	})
	return rec
}

// Under a shared fault domain, a fault while no other worker had a request in flight is the
// culprit's own: it is answered at once, with one strike, without a second (lone) run and its
// second teardown. The recovery's timeline says so, stage by stage, and ends at the first
// answer once every worker is up again.
func TestFakeConclusiveCulprit(t *testing.T) {
	g := newFakeGPU(t)
	g.mps = true
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 3, SharedFaultDomain: true})
	fault, echo := fakeFn(doFault), fakeFn(doEcho)
	waitIdle(t, e, 3)
	culprit := fsubmit(t, e, fault, "", "culprit", 0, false)
	wantErr(t, culprit, call.CodeKernelFault, "")
	if fault.Strikes() != 1 {
		t.Fatalf("%d strikes; want 1", fault.Strikes())
	}
	runs := 0
	for _, r := range g.ran() {
		if r.input == "culprit" {
			runs++
		}
	}
	if runs != 1 {
		t.Fatalf("the culprit ran %d times; want once (the evidence was conclusive)", runs)
	}
	rec := serveUntilRecovered(t, e, echo)
	if !rec.Conclusive || rec.Teardowns != 1 || rec.Interrupted != 0 || rec.Cause != string(call.CodeKernelFault) {
		t.Fatalf("timeline %+v: want conclusive, one teardown, nothing interrupted, a kernel fault", rec)
	}
	wantStages(t, rec, stageDetected, stageTeardown, stageCulpritAnswered, stageStopped, stageStart, stageHello, stageAllUp, stageFirstAnswer, stageDone)
	if w := rec.WorkerStart; w == nil || w.TotalMS <= 0 {
		t.Fatalf("the first new worker's start: %+v", w)
	}
	if st := settled(t, e); st.Reruns != 0 || st.Teardowns != 1 {
		t.Fatalf("stats %+v: want no re-run, one teardown", st)
	}
}

// A fault beside invocations in flight is not conclusive: they and the suspect run again alone
// (TestFakeSharedFaultDomain), and the timeline records the re-runs, the suspect's lone run,
// the innocents' answers and the second teardown the culprit's lone run makes.
func TestFakeRecoveryTimelineWithReruns(t *testing.T) {
	g := newFakeGPU(t)
	g.mps = true
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 3, SharedFaultDomain: true})
	slow, fault := fakeFn(doGate), fakeFn(doFault)
	waitIdle(t, e, 3)
	innocents := []*call.Invocation{fsubmit(t, e, slow, "", "innocent 0", 0, false), fsubmit(t, e, slow, "", "innocent 1", 0, false)}
	g.waitEntered(t, 2)
	culprit := fsubmit(t, e, fault, "", "culprit", 0, false)
	for n := 3; n <= 4; n++ {
		g.waitEntered(t, n)
		g.allow(1)
	}
	for _, inv := range innocents {
		wantOut(t, inv)
	}
	wantErr(t, culprit, call.CodeKernelFault, "")
	rec := serveUntilRecovered(t, e, fakeFn(doEcho))
	// Three interrupted at least: more when a slot's failure comes first from a worker the
	// fake's teardown killed (then the culprit is taken for a victim, and which run of whom a
	// later teardown interrupts is a race).
	if rec.Conclusive || rec.Teardowns < 2 || rec.Interrupted < 3 {
		t.Fatalf("timeline %+v: want two teardowns at least (the culprit's lone run faults again), 3 interrupted, not conclusive", rec)
	}
	// Which slot's failure tore the domain down first is a race (the fake, as MPS, kills the
	// others as it faults): the suspect and the victims are not asserted.
	wantStages(t, rec, stageDetected, stageStopped, stageRerun, stageInnocent, stageCulpritAnswered, stageHello, stageAllUp, stageFirstAnswer, stageDone)
}

// With processes other than the engine's workers in the fault domain (a joined MPS daemon), a
// fault with nothing else in flight may be theirs: the invocation runs again alone first.
func TestFakeForeignClientsNeverConclusive(t *testing.T) {
	g := newFakeGPU(t)
	g.mps = true
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 2, SharedFaultDomain: true, ForeignClients: true})
	fault := fakeFn(doFault)
	waitIdle(t, e, 2)
	wantErr(t, fsubmit(t, e, fault, "", "culprit", 0, false), call.CodeKernelFault, "")
	rec := serveUntilRecovered(t, e, fakeFn(doEcho))
	if rec.Conclusive || rec.Teardowns != 2 || rec.Interrupted != 1 {
		t.Fatalf("timeline %+v: want a lone run (two teardowns, one interrupted), not conclusive", rec)
	}
}

// Workers that fail to start during a recovery (under MPS: the daemon not ready yet) are
// counted in the timeline, with the first one's error, and retried until they come up.
func TestFakeRecoveryCountsFailedStarts(t *testing.T) {
	g := newFakeGPU(t)
	g.mps = true
	// One worker: every start after the fault is its slot's, after the detection.
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 1, SharedFaultDomain: true})
	fault := fakeFn(doFault)
	waitIdle(t, e, 1)
	g.mu.Lock()
	g.failStarts = 3
	g.mu.Unlock()
	wantErr(t, fsubmit(t, e, fault, "", "culprit", 0, false), call.CodeKernelFault, "")
	rec := serveUntilRecovered(t, e, fakeFn(doEcho))
	if rec.StartFailures != 3 || !strings.Contains(rec.StartError, "told to fail") {
		t.Fatalf("timeline %+v: want 3 failed starts and the first one's error", rec)
	}
	wantStages(t, rec, stageStart, stageStartFailed, stageHello, stageAllUp, stageDone)
}
