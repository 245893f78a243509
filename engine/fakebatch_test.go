package engine

import (
	"fmt"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"gpufn/call"
	"gpufn/function"
)

// Batching on fake workers (fake_test.go) under a shared fault domain with a rescue worker.

// fakeBatchFn makes a batching function of 8-byte items that does what alone, with one batch
// variant of size that does variant.
func fakeBatchFn(what string, size int, variant string) *call.Function {
	one, v := fakeFn(what), fakeFn(variant)
	decl := &function.Batching{Variants: []function.BatchVariant{{Size: size, Function: variant}},
		InputItem: []uint64{8}, OutputItem: []uint64{8}, Preferred: []int{size}, MaxBatch: size, PadPartial: true}
	one.Batching = &call.Batching{Decl: decl}
	one.Batching.SetVariants(&call.Variants{Sizes: []int{1, size}, Fns: []*call.Function{one, v},
		Need: []uint64{0, 0}, IOBytes: []uint64{16, 16 * uint64(size)}})
	return one
}

// A batch that faults alone on the shared domain (conclusive: the fault is one of its
// members') tears the domain down once; its members then run again each alone as suspects, on
// the rescue worker, where a poisonous one's fault would cost that worker only: none of them
// runs on the domain's workers once they are back, beside other work.
func TestFakeBatchFaultMembersOnRescue(t *testing.T) {
	g := newFakeGPU(t)
	e := newRescueFake(t, g, 1)
	rescueID := rescueWorker(t, e).ID
	f := fakeBatchFn(doGate, 4, doFault)
	blocker := fsubmit(t, e, fakeFn(doGate), "", "blocker", 0, false)
	g.waitEntered(t, 1)
	members := make([]*call.Invocation, 4)
	for i := range members {
		members[i] = fsubmit(t, e, f, "", fmt.Sprintf("item%04d", i), 0, false)
	}
	g.allow(1) // the blocker goes; the batch of 4 runs alone and faults
	wantOut(t, blocker)
	g.waitEntered(t, 2) // a member's run alone, on the rescue worker (the domain is down)
	waitFor(t, "the domain back", func() bool { st := e.Stats(); return st.Ready && !st.RescueOpen })
	g.allow(len(members))
	for _, m := range members {
		wantOut(t, m)
		if m.Sched.Worker != rescueID {
			t.Fatalf("member %q run again on %s; want the rescue worker %s", m.Inputs[0], m.Sched.Worker, rescueID)
		}
	}
	if st := e.Stats(); st.Teardowns != 1 || st.BatchRuns != 1 || st.BatchFailures != 1 {
		t.Fatalf("%d teardowns, %d batch runs, %d failed; want 1 of each", st.Teardowns, st.BatchRuns, st.BatchFailures)
	}
	checkAnswered(t, e, 0)
}

// The rescue worker pipelines as any worker does, after a teardown too (its worker started
// before it, but a teardown never dooms it): while the domain recovers, the second of two
// queued invocations of a function is sent behind the first.
func TestFakeRescuePipelinesAfterTeardown(t *testing.T) {
	g := newFakeGPU(t)
	e := newRescueFake(t, g, 1)
	release := holdDomain(g)
	defer release()
	wantErr(t, fsubmit(t, e, fakeFn(doFault), "", "culprit", 0, false), call.CodeKernelFault, "")
	slow := fakeFn(doGate)
	warm := fsubmit(t, e, slow, "", "warm", 0, false) // on the rescue worker: it loads the code
	g.waitEntered(t, 1)
	b, c := fsubmit(t, e, slow, "", "b", 0, false), fsubmit(t, e, slow, "", "c", 0, false)
	g.allow(3)
	for _, inv := range []*call.Invocation{warm, b, c} {
		wantOut(t, inv)
	}
	if st := e.Stats(); st.Pipelined != 1 || !st.RescueOpen || st.Rescued != 3 {
		t.Fatalf("%d pipelined, window open %v, %d rescued; want c sent behind b on the rescue worker", st.Pipelined, st.RescueOpen, st.Rescued)
	}
}

// Invocations of a function quarantined while they were queued are answered quarantined, never
// run, batching or not: the batch they would form (a run of another registration, its
// variant) is not formed.
func TestFakeBatchOfQuarantinedFunction(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	f := fakeBatchFn(doEcho, 4, doEcho)
	blocker := fsubmit(t, e, fakeFn(doGate), "", "blocker", 0, false)
	g.waitEntered(t, 1)
	members := make([]*call.Invocation, 4)
	for i := range members {
		members[i] = fsubmit(t, e, f, "", fmt.Sprintf("item%04d", i), 0, false)
	}
	for !f.Strike("", e.Config().QuarantineAfter) { // its owner's invocations faulted elsewhere
	}
	g.allow(1)
	wantOut(t, blocker)
	for _, m := range members {
		wantErr(t, m, call.CodeQuarantined, "")
	}
	if st := e.Stats(); st.BatchRuns != 0 {
		t.Fatalf("%d batch runs; want none", st.BatchRuns)
	}
}

// Nothing is sent behind a run that must be alone (a re-run after a teardown) on a rescue
// worker, as on the domain's (whose exclusive token keeps everything else off): what waited
// behind a suspect would wait out its fault or its overrun.
func TestFakeRescueSendsNothingBehindALoneRun(t *testing.T) {
	g := newFakeGPU(t)
	e := newRescueFake(t, g, 2)
	slow := fakeFn(doGate)
	a, b := fsubmit(t, e, slow, "", "a", 0, false), fsubmit(t, e, slow, "", "b", 0, false)
	g.waitEntered(t, 2)
	release := holdDomain(g)
	defer release()
	g.worker(e.slots[0].id).Terminate() // a teardown: a and b run again alone, on the rescue worker
	g.waitEntered(t, 3)
	waitFor(t, "the killed workers reaped", func() bool { return !e.rec.reapState().on })
	x := fsubmit(t, e, slow, "", "x", 0, false) // queued behind the second re-run
	g.allow(4)
	for _, inv := range []*call.Invocation{a, b, x} {
		wantOut(t, inv)
	}
	if st := e.Stats(); st.Pipelined != 0 || st.Teardowns != 1 {
		t.Fatalf("%d pipelined, %d teardowns; want nothing sent behind a re-run, 1 teardown", st.Pipelined, st.Teardowns)
	}
}

// A batch forms on the rescue worker while the domain recovers (it is a worker as any); when it
// faults there (its own fault domain: no teardown), its members run again alone on the rescue
// worker once it is back, and are answered.
func TestFakeBatchOnRescueWorker(t *testing.T) {
	g := newFakeGPU(t)
	e := newRescueFake(t, g, 1)
	rescueID := rescueWorker(t, e).ID
	release := holdDomain(g)
	defer release()
	wantErr(t, fsubmit(t, e, fakeFn(doFault), "", "culprit", 0, false), call.CodeKernelFault, "")
	blocker := fsubmit(t, e, fakeFn(doGate), "", "blocker", 0, false) // on the rescue worker
	g.waitEntered(t, 1)
	f := fakeBatchFn(doEcho, 4, doFault)
	members := make([]*call.Invocation, 4)
	for i := range members {
		members[i] = fsubmit(t, e, f, "", fmt.Sprintf("item%04d", i), 0, false)
	}
	g.allow(1)
	wantOut(t, blocker)
	for _, m := range members {
		wantOut(t, m)
		if m.Sched.Worker != rescueID {
			t.Fatalf("member %q run again on %s; want the rescue worker %s", m.Inputs[0], m.Sched.Worker, rescueID)
		}
	}
	st := e.Stats()
	if st.Teardowns != 1 || st.BatchRuns != 1 || st.BatchSizes[4] != 1 || rescueWorker(t, e).Restarts != 1 {
		t.Fatalf("stats %+v: want 1 teardown, the batch of 4 run once (on the rescue worker, restarted once)", st)
	}
	checkAnswered(t, e, 1) // the culprit
}

// A batch whose variant fails (here out of memory, a per-call error) serves its members each
// alone with their own answers; the failures are counted, and the first is logged with its
// error (at most one line every batchWarnEvery), so that batching that keeps failing does not
// go unseen.
func TestFakeBatchFailureCountedAndLogged(t *testing.T) {
	g := newFakeGPU(t)
	core, logs := observer.New(zap.WarnLevel)
	e := newFake(t, g, Config{Mode: Sequential, Log: zap.New(core)})
	f := fakeBatchFn(doEcho, 4, doOOM)
	for round := range 2 {
		blocker := fsubmit(t, e, fakeFn(doGate), "", "blocker", 0, false)
		g.waitEntered(t, round+1)
		members := make([]*call.Invocation, 4)
		for i := range members {
			members[i] = fsubmit(t, e, f, "", fmt.Sprintf("r%dm%05d", round, i), 0, false)
		}
		g.allow(1)
		wantOut(t, blocker)
		for _, m := range members {
			wantOut(t, m)
		}
	}
	if st := e.Stats(); st.BatchRuns != 2 || st.BatchFailures != 2 {
		t.Fatalf("%d batch runs, %d failed; want 2 and 2", st.BatchRuns, st.BatchFailures)
	}
	lines := logs.FilterMessage("a batch failed: its members are answered on their own").All()
	if len(lines) != 1 {
		t.Fatalf("%d lines logged for 2 failed batches within %v; want 1", len(lines), batchWarnEvery)
	}
	if c := lines[0].ContextMap(); c["code"] != string(call.CodeOutOfMemory) || c["size"] != int64(4) || c["members"] != int64(4) {
		t.Fatalf("logged %v", c)
	}
	checkAnswered(t, e, 0)
}
