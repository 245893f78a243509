package engine

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"gpufn/call"
)

// Faults on fake workers: private and shared fault domains, re-runs alone, quarantine, and the
// Auto mode's whole-GPU control.

// With a private fault domain a failure costs only its own worker: a fault is answered
// kernel_fault, an exit worker_exited, an overrun of the server's deadline (Config.Timeout)
// deadline_exceeded (the worker killed then), each worker replaced; a per-call error
// (out_of_memory) keeps the worker. Faults and overruns count against their function; exits do
// not.
func TestFakePrivateFaults(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 2})
	fault, exit, hang, oom := fakeFn(doFault), fakeFn(doExit), fakeFn(doHang), fakeFn(doOOM)
	wantErr(t, fsubmit(t, e, fault, "", "fault", 0, true), call.CodeKernelFault, "")
	wantErr(t, fsubmit(t, e, exit, "", "exit", 0, true), call.CodeExited, "")
	wantErr(t, fsubmit(t, e, oom, "", "oom", 0, true), call.CodeOutOfMemory, "")
	wantOut(t, fsubmit(t, e, fakeFn(doEcho), "", "after", 0, true))
	st := settled(t, e)
	if st.Restarts != 2 || st.Teardowns != 0 || st.Reruns != 0 || st.Failed != 3 {
		t.Fatalf("stats %+v: want 2 restarts, no teardown, no re-run", st)
	}
	// The server's deadline, on an engine of its own (only the hang runs under it).
	eh := newFake(t, newFakeGPU(t), Config{Mode: Sequential, Timeout: 20 * time.Millisecond})
	wantErr(t, fsubmit(t, eh, hang, "", "hang", 0, true), call.CodeDeadline, "overran")
	sth := settled(t, eh)
	if sth.Restarts != 1 || sth.Faults != 1 {
		t.Fatalf("stats %+v: want the overrunning worker replaced, one fault", sth)
	}
	if st.Faults != 2 || st.Quarantines != 0 {
		t.Fatalf("stats %+v: want 2 faults (the fault, the exit), no quarantine", st)
	}
	if fault.Strikes() != 1 || hang.Strikes() != 1 || exit.Strikes() != 0 || oom.Strikes() != 0 {
		t.Fatalf("strikes: fault %d, hang %d, exit %d, oom %d", fault.Strikes(), hang.Strikes(), exit.Strikes(), oom.Strikes())
	}
}

// A function that faults 3 times in a row is quarantined: the next invocation is answered
// function_quarantined without reaching a worker. A success in between resets the count.
func TestFakeQuarantine(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	fault := fakeFn(doFault)
	for i := range 3 {
		wantErr(t, fsubmit(t, e, fault, "", fmt.Sprint("fault ", i), 0, true), call.CodeKernelFault, "")
	}
	if !fault.Quarantined() {
		t.Fatal("not quarantined after 3 faults in a row")
	}
	wantErr(t, fsubmit(t, e, fault, "", "quarantined", 0, true), call.CodeQuarantined, "register it again")
	if runs := len(g.ran()); runs != 3 {
		t.Fatalf("%d runs: the quarantined invocation reached a worker", runs)
	}
	if st := e.Stats(); st.Quarantines != 1 || st.Faults != 3 {
		t.Fatalf("stats %+v: want 1 quarantine after 3 faults", st)
	}
	// An overrun of the server's deadline counts as a fault; a success resets the count.
	eh := newFake(t, newFakeGPU(t), Config{Mode: Sequential, Timeout: 20 * time.Millisecond})
	flaky := fakeFn(doHang)
	for range 2 {
		wantErr(t, fsubmit(t, eh, flaky, "", "overrun", 0, true), call.CodeDeadline, "")
	}
	flaky.Cleared("") // as a success does (reply.go)
	wantErr(t, fsubmit(t, eh, flaky, "", "overrun", 0, true), call.CodeDeadline, "")
	if flaky.Quarantined() || flaky.Strikes() != 1 {
		t.Fatalf("quarantined %v with %d strikes after a success", flaky.Quarantined(), flaky.Strikes())
	}
}

// Under a shared fault domain (MPS) one worker's fault takes down every worker of the GPU: the
// innocent invocations that were running are run again, alone, and return their own outputs;
// the culprit runs again alone too, faults again, and only then is answered kernel_fault, with
// one strike. Every worker is replaced.
func TestFakeSharedFaultDomain(t *testing.T) {
	g := newFakeGPU(t)
	g.mps = true
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 3, SharedFaultDomain: true})
	slow, fault := fakeFn(doGate), fakeFn(doFault)
	waitIdle(t, e, 3)
	innocents := []*call.Invocation{fsubmit(t, e, slow, "", "innocent 0", 0, false), fsubmit(t, e, slow, "", "innocent 1", 0, false)}
	g.waitEntered(t, 2) // each on a worker of its own, held in its kernel
	culprit := fsubmit(t, e, fault, "", "culprit", 0, false)
	// The re-runs are exclusive: the first starts once every slot has dealt with the
	// teardown (the innocents' first runs are over). Let each through as it comes.
	for n := 3; n <= 4; n++ {
		g.waitEntered(t, n)
		g.allow(1)
	}
	for _, inv := range innocents {
		wantOut(t, inv)
	}
	wantErr(t, culprit, call.CodeKernelFault, "")
	if fault.Strikes() != 1 || slow.Strikes() != 0 {
		t.Fatalf("strikes: culprit %d, innocents %d; only the culprit's failure alone counts", fault.Strikes(), slow.Strikes())
	}
	last := map[string]fakeRun{}
	for _, r := range g.ran() {
		last[r.input] = r
	}
	for _, in := range []string{"innocent 0", "innocent 1", "culprit"} {
		if !last[in].alone {
			t.Fatalf("the last run of %s was not alone: %+v", in, g.ran())
		}
	}
	st := settled(t, e)
	if st.Reruns < 3 || st.Teardowns < 1 || st.Busy != 0 || st.Queued != 0 {
		t.Fatalf("stats %+v: want the innocents and the culprit re-run after a teardown", st)
	}
	if st.Faults != 2 {
		t.Fatalf("stats %+v: want 2 faults (the culprit's, twice); the workers a teardown killed are not faults", st)
	}
	waitFor(t, "every worker replaced", func() bool { return e.Ready() && g.started() >= 6 })
}

// Under a shared fault domain, a worker lost while it ran a and held b sent behind it: the
// teardown kills the other worker, whose invocation (a victim) runs again alone, as a does; b
// never started: it goes back to the queue and runs on a fresh worker, not counted as a re-run
// (it must not be handed, before the teardown, to a worker that the teardown then kills).
func TestFakeSharedFaultDomainPutBackIsNotAVictim(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 2, SharedFaultDomain: true})
	slow := fakeFn(doGate)
	waitIdle(t, e, 2)
	var invs []*call.Invocation
	for _, in := range []string{"x1", "x2"} { // one each: both workers have slow's code
		invs = append(invs, fsubmit(t, e, slow, "", in, 0, false))
	}
	g.enter(t)
	g.enter(t)
	g.allow(2)
	for _, inv := range invs {
		wantOut(t, inv)
	}
	waitIdle(t, e, 2)
	p, q := fsubmit(t, e, slow, "", "p", 0, false), fsubmit(t, e, slow, "", "q", 0, false)
	g.enter(t)
	g.enter(t)
	g.waitAwaited(t, g.live("")...) // nothing queued now is sent behind p or q
	a, b := fsubmit(t, e, slow, "", "a", 0, false), fsubmit(t, e, slow, "", "b", 0, false)
	g.allow(1) // p or q ends; its slot takes a and sends b behind it
	if in := g.enter(t); in != "a" {
		t.Fatalf("%q reached the gate, want a", in)
	}
	waitFor(t, "b sent behind a", func() bool { return e.Stats().Pipelined == 1 })
	for _, r := range g.ran() {
		if r.input == "a" {
			g.byPID(r.pid).Terminate() // a's worker: the GPU is lost
		}
	}
	// b, and the victim and a alone, in some order.
	for range 3 {
		g.enter(t)
		g.allow(1)
	}
	for _, inv := range []*call.Invocation{p, q, a, b} {
		wantOut(t, inv)
	}
	if b.Sched.Reruns != 0 || a.Sched.Reruns != 1 || p.Sched.Reruns+q.Sched.Reruns != 1 {
		t.Fatalf("re-runs: a %d, b %d, p %d, q %d; want a and the victim once, b never", a.Sched.Reruns, b.Sched.Reruns, p.Sched.Reruns, q.Sched.Reruns)
	}
	if st := settled(t, e); st.Teardowns != 1 || st.Reruns != 2 {
		t.Fatalf("stats %+v: want one teardown, two re-runs", st)
	}
}

// Auto mode: an invocation that needs more than a worker's share runs alone on the whole-GPU
// worker, which takes all the GPU's memory once the others gave their pools back; afterwards
// they take their shares again, and the small invocations around it are served as usual.
func TestFakeWholeGPU(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Auto, Workers: 2, PoolBytes: 8 << 20})
	f := fakeFn(doEcho)
	var small, whole []*call.Invocation
	for i := range 20 {
		small = append(small, fsubmit(t, e, f, "", fmt.Sprint("small ", i), 0, i%2 == 0))
		if i%7 == 3 {
			inv := call.Acquire()
			inv.Fn, inv.Need, inv.Inputs = f, 32<<20, [][]byte{[]byte(fmt.Sprint("whole ", i))}
			if err := e.Submit(inv); err != nil {
				t.Fatal(err)
			}
			whole = append(whole, inv)
		}
	}
	for _, inv := range append(small, whole...) {
		wantOut(t, inv)
	}
	st := settled(t, e)
	if st.Whole != uint64(len(whole)) || st.Completed != 20+uint64(len(whole)) {
		t.Fatalf("stats %+v", st)
	}
	for _, r := range g.ran() {
		if r.worker == "fake0-whole" && !r.alone {
			t.Fatalf("a whole-GPU run overlapped another: %+v", g.ran())
		}
	}
	if took := g.worker("fake0-whole").tookAll; took != g.capacity {
		t.Fatalf("the whole-GPU worker took %d bytes of %d: the others kept some", took, g.capacity)
	}
	for _, w := range st.Workers[:2] {
		if w.PoolBytes != 8<<20 || g.worker(w.ID).poolBytes() != 8<<20 {
			t.Fatalf("worker %s has a pool of %d after the whole-GPU runs, want its share back", w.ID, w.PoolBytes)
		}
	}
	if st.Workers[2].PoolBytes != 0 || g.worker("fake0-whole").poolBytes() != 0 {
		t.Fatalf("the whole-GPU worker kept a pool of %d", st.Workers[2].PoolBytes)
	}
}

// The whole-GPU worker drops deleted weights too: a set deleted while it is idle between
// whole-GPU runs is dropped (a targeted drop command) before its next run, and nothing is sent
// to it while it holds nothing new.
func TestFakeWholeGPUWorkerDropsDeletedWeights(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Auto, Workers: 2, PoolBytes: 8 << 20})
	f := fakeFn(doEcho)
	whole := func(in string) {
		t.Helper()
		inv := call.Acquire()
		inv.Fn, inv.Need, inv.Inputs = f, 32<<20, [][]byte{[]byte(in)}
		if err := e.Submit(inv); err != nil {
			t.Fatal(err)
		}
		wantOut(t, inv)
	}
	wholeDrops := func() (sets [][32]byte) {
		g.mu.Lock()
		defer g.mu.Unlock()
		for _, d := range g.drops {
			if d.worker == "fake0-whole" {
				sets = append(sets, d.cmd.Sets...)
			}
		}
		return sets
	}
	whole("first")
	if s := wholeDrops(); len(s) != 0 {
		t.Fatalf("the whole-GPU worker was sent drops %x before any set was deleted", s)
	}
	set := [32]byte{9}
	e.DropWeights([][32]byte{set}, nil)
	whole("second")
	if s := wholeDrops(); !slices.Equal(s, [][32]byte{set}) {
		t.Fatalf("the whole-GPU worker was sent drops %x by its second run; want the deleted set %x once", s, set)
	}
	whole("third")
	if s := wholeDrops(); len(s) != 1 {
		t.Fatalf("the whole-GPU worker was sent drops %x; want the one deleted set, once", s)
	}
}
