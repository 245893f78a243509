package engine

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"gpufn/call"
	"gpufn/worker"
)

// fakeOwnDomain in a fake worker's environment makes it a fault domain of its own, as a
// rescue worker's environment (outside the MPS daemon) makes a real one; fakeNoStart makes its
// start fail (a GPU in EXCLUSIVE_PROCESS mode refuses a context outside the daemon).
const (
	fakeOwnDomain = "FAKE_OWN_DOMAIN=1"
	fakeNoStart   = "FAKE_NO_START=1"
)

// newRescueFake starts an engine of workers domain workers under a shared fault domain with one
// rescue worker, and waits until the rescue worker is up too.
func newRescueFake(t *testing.T, g *fakeGPU, workers int) *Engine {
	t.Helper()
	g.mps = true
	e := newFake(t, g, Config{Mode: Concurrent, Workers: workers, SharedFaultDomain: true, Rescue: 1, RescueEnv: []string{fakeOwnDomain}})
	waitFor(t, "the rescue worker up", func() bool { return e.Stats().RescueUp == 1 })
	waitIdle(t, e, workers)
	return e
}

// rescueWorker is the engine's rescue worker's stats.
func rescueWorker(t *testing.T, e *Engine) call.WorkerStats {
	t.Helper()
	for _, w := range e.Stats().Workers {
		if w.Rescue {
			return w
		}
	}
	t.Fatal("no rescue worker in the stats")
	return call.WorkerStats{}
}

// held waits, for the start of a worker of the shared domain (not a rescue worker, whose
// environment has fakeOwnDomain), while g.holdStarts is set: a recovery that lasts until the
// test ends it. It reports whether the worker is a fault domain of its own, and fails the
// start of one whose environment has fakeNoStart.
func (g *fakeGPU) held(opt worker.StartOptions) (bool, error) {
	own := slices.Contains(opt.Env, fakeOwnDomain)
	if slices.Contains(opt.Env, fakeNoStart) {
		return own, fmt.Errorf("%w: fake: cannot open the GPU outside MPS", worker.ErrStart)
	}
	g.mu.Lock()
	hold := g.holdStarts
	g.mu.Unlock()
	if hold != nil && !own {
		<-hold
	}
	return own, nil
}

// holdDomain holds the starts of the shared domain's workers until the returned function is
// called: the domain recovers for as long as the test wants.
func holdDomain(g *fakeGPU) (release func()) {
	g.mu.Lock()
	g.holdStarts = make(chan struct{})
	hold := g.holdStarts
	g.mu.Unlock()
	return func() {
		g.mu.Lock()
		g.holdStarts = nil
		g.mu.Unlock()
		close(hold)
	}
}

// A fault beside invocations in flight under a shared fault domain: while the domain's workers
// cannot start again, the rescue worker runs the interrupted innocents (answered correctly)
// and the suspect's lone run, whose second fault costs only the rescue worker: one teardown of
// the domain, not two, and the culprit answered by the rescue worker. The timeline says so.
func TestFakeRescueRunsInnocentsAndSuspect(t *testing.T) {
	g := newFakeGPU(t)
	e := newRescueFake(t, g, 3)
	rescueID := rescueWorker(t, e).ID
	slow, fault := fakeFn(doGate), fakeFn(doFault)
	innocents := []*call.Invocation{fsubmit(t, e, slow, "", "innocent 0", 0, false), fsubmit(t, e, slow, "", "innocent 1", 0, false)}
	g.waitEntered(t, 2)
	release := holdDomain(g)
	culprit := fsubmit(t, e, fault, "", "culprit", 0, false)
	// The innocents' re-runs reach the gate again, on the rescue worker: no other is up.
	for n := 3; n <= 4; n++ {
		g.waitEntered(t, n)
		g.allow(1)
	}
	for _, inv := range innocents {
		wantOut(t, inv)
		if inv.Sched.Worker != rescueID {
			t.Fatalf("innocent %q answered by %s; want the rescue worker %s", inv.Inputs[0], inv.Sched.Worker, rescueID)
		}
	}
	wantErr(t, culprit, call.CodeKernelFault, "")
	if culprit.Sched.Worker != rescueID {
		t.Fatalf("the culprit answered by %s; want the rescue worker (its lone run) %s", culprit.Sched.Worker, rescueID)
	}
	// The lone run's fault counts against the culprit's code (blame.go), the innocents' nothing.
	if b, bi := e.sched.blame.of(blameInv(fakeFn(doFault), "another")), e.sched.blame.of(blameInv(fakeFn(doGate), "another")); b != 1 || bi != 0 {
		t.Fatalf("blame of the culprit's code %d, of the innocents' %d; want 1 and 0", b, bi)
	}
	st := e.Stats()
	if st.Teardowns != 1 || st.Faults != 2 || !st.RescueOpen || st.Rescued != 2 {
		t.Fatalf("stats %+v: want one teardown (the lone run's fault was the rescue worker's alone), 2 faults, the window open, 2 answered by the rescue worker", st)
	}
	release()
	waitFor(t, "the rescue window closed", func() bool { return !e.Stats().RescueOpen })
	rec := serveUntilRecovered(t, e, fakeFn(doEcho))
	if rec.Teardowns != 1 || rec.Interrupted < 3 {
		t.Fatalf("timeline %+v: want one teardown, 3 interrupted at least", rec)
	}
	wantStages(t, rec, stageDetected, stageTeardown, stageRescue, stageRerun, stageInnocent, stageCulpritRun, stageCulpritAnswered, stageHello, stageAllUp, stageRescueEnd, stageDone)
	for _, s := range rec.Stages {
		if (s.Stage == stageInnocent || s.Stage == stageCulpritAnswered || s.Stage == stageRescue) && s.Worker != rescueID {
			t.Fatalf("stage %s by %s; want the rescue worker: %+v", s.Stage, s.Worker, rec.Stages)
		}
	}
	waitFor(t, "the rescue worker up again", func() bool { w := rescueWorker(t, e); return w.Up && w.Restarts == 1 })
}

// A rescue worker survives a teardown of the shared domain (a conclusive fault: nothing else in
// flight), answers what is submitted while the domain's workers are down, and is idle again
// once they are back: what comes then runs on them.
func TestFakeRescueSurvivesTeardown(t *testing.T) {
	g := newFakeGPU(t)
	e := newRescueFake(t, g, 2)
	before := rescueWorker(t, e)
	release := holdDomain(g)
	wantErr(t, fsubmit(t, e, fakeFn(doFault), "", "culprit", 0, false), call.CodeKernelFault, "")
	echo := fakeFn(doEcho)
	inv := fsubmit(t, e, echo, "", "while the domain recovers", 0, false)
	wantOut(t, inv)
	if inv.Sched.Worker != before.ID {
		t.Fatalf("answered by %s while the domain recovers; want the rescue worker %s", inv.Sched.Worker, before.ID)
	}
	if w := rescueWorker(t, e); w.PID != before.PID || w.Restarts != 0 || !w.Up {
		t.Fatalf("rescue worker %+v after the teardown; want the same process (%d), never restarted", w, before.PID)
	}
	if st := e.Stats(); st.Teardowns != 1 || !st.RescueOpen || st.Ready {
		t.Fatalf("stats %+v: want one teardown, the window open, the domain not ready", st)
	}
	release()
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("stats %+v", e.Stats())
		}
	})
	waitFor(t, "the domain back", func() bool { st := e.Stats(); return st.Ready && !st.RescueOpen })
	after := fsubmit(t, e, echo, "", "after", 0, false)
	wantOut(t, after)
	if after.Sched.Worker == before.ID {
		t.Fatal("answered by the rescue worker once the domain was back; want a worker of the domain")
	}
	if w := rescueWorker(t, e); w.PID != before.PID || w.Invocations != 1 {
		t.Fatalf("rescue worker %+v: want the same process, one invocation answered", w)
	}
}

// Without a shared fault domain there are no rescue workers, whatever Config.Rescue says.
func TestFakeNoRescueWithoutSharedDomain(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 2, Rescue: 1})
	st := e.Stats()
	if len(st.Workers) != 2 || st.RescueUp != 0 {
		t.Fatalf("stats %+v: want 2 workers, no rescue worker", st)
	}
}

// While the domain recovers, a worker start that fails waits 25 ms 8 times, then doubles from
// 50 ms (before: 12.8 s at the 9th); otherwise 0.1 s doubling to 12.8 s.
func TestRetryDelay(t *testing.T) {
	for _, c := range []struct {
		failed     int
		recovering bool
		want       time.Duration
	}{
		{1, false, 100 * time.Millisecond}, {2, false, 200 * time.Millisecond}, {8, false, 12800 * time.Millisecond}, {40, false, 12800 * time.Millisecond},
		{1, true, 25 * time.Millisecond}, {8, true, 25 * time.Millisecond}, {9, true, 50 * time.Millisecond},
		{10, true, 100 * time.Millisecond}, {16, true, 6400 * time.Millisecond}, {17, true, 12800 * time.Millisecond}, {100, true, 12800 * time.Millisecond},
	} {
		if got := retryDelay(c.failed, c.recovering); got != c.want {
			t.Errorf("retryDelay(%d, %v) = %v; want %v", c.failed, c.recovering, got, c.want)
		}
	}
}

// A rescue worker passes a suspect at the head of the queue over while the workers of the
// teardown are being reaped (their slots may not have requeued the innocents yet), for what is
// queued behind it; once they are reaped it takes the suspect. It takes nothing while the
// window is closed.
func TestTakeRescuePassesSuspectWhileReaping(t *testing.T) {
	q := sched{q: newQueue(16, 1, 0)}
	var r rescueSet
	fn := fakeFn(doEcho)
	suspect, innocent := call.Acquire(), call.Acquire()
	suspect.Fn, innocent.Fn = fn, fn
	suspect.Sched.Suspect, suspect.Sched.Exclusive, innocent.Sched.Exclusive = true, true, true
	q.requeue(suspect)
	q.requeue(innocent) // ahead of the suspect
	if q.takeRescue(&r, reap{}) != nil {
		t.Fatal("taken while the window is closed")
	}
	r.open.Store(true)
	queued := call.Acquire()
	queued.Fn = fn
	q.q.push(queued)
	for i, want := range []*call.Invocation{innocent, queued, nil} {
		if got := q.takeRescue(&r, reap{on: true}); got != want {
			t.Fatalf("take %d while reaping: %p; want %p (suspect %p)", i, got, want, suspect)
		}
	}
	if got := q.takeRescue(&r, reap{}); got != suspect {
		t.Fatalf("took %p once reaped; want the suspect %p", got, suspect)
	}
	if q.running != 3 || q.exclusive || q.q.len() != 0 {
		t.Fatalf("running %d, exclusive %v, %d queued: want 3 running, no exclusive token taken, none queued", q.running, q.exclusive, q.q.len())
	}
}

// After a fault (ambiguous: under MPS every client sees it, and the culprit may be among the
// victims put back), a rescue worker takes, while the teardown's workers are reaped, what the
// teardown did not interrupt (put back without a re-run, then queued) before its victims, and
// never the suspect; after an overrun's kill (the culprit known) the victims go first. Once
// the workers are reaped, the queue's order.
func TestTakeRescueVictimsLastAfterAFault(t *testing.T) {
	for _, ambiguous := range []bool{true, false} {
		q := sched{q: newQueue(16, 1, 0)}
		r := rescueSet{}
		r.open.Store(true)
		fn := fakeFn(doEcho)
		suspect, victim, putBack, queued := call.Acquire(), call.Acquire(), call.Acquire(), call.Acquire()
		for _, inv := range []*call.Invocation{suspect, victim, putBack, queued} {
			inv.Fn = fn
		}
		suspect.Sched.Suspect = true
		suspect.Sched.Reruns, victim.Sched.Reruns = 1, 1
		suspect.Sched.Exclusive, victim.Sched.Exclusive = true, true
		q.requeue(putBack)
		q.requeue(suspect)
		q.requeue(victim) // the head: suspect, putBack behind it
		q.q.push(queued)
		want := []*call.Invocation{victim, putBack, queued, nil}
		if ambiguous {
			want = []*call.Invocation{putBack, queued, victim, nil}
		}
		for i, w := range want {
			if got := q.takeRescue(&r, reap{on: true, ambiguous: ambiguous}); got != w {
				t.Fatalf("ambiguous %v: take %d while reaping: %p; want %p (victim %p, put back %p, queued %p, suspect %p)",
					ambiguous, i, got, w, victim, putBack, queued, suspect)
			}
		}
		if got := q.takeRescue(&r, reap{}); got != suspect {
			t.Fatalf("ambiguous %v: took %p once reaped; want the suspect %p", ambiguous, got, suspect)
		}
	}
}

// A suspect put back goes behind the victims already put back, and a victim put back after it
// goes ahead of it: the innocents' lone runs come first whichever slot requeues first (a
// teardown's victims learn of it at once and may beat the suspect's slot). Also across the
// ring's wrap and growth.
func TestRequeueSuspectBehindVictims(t *testing.T) {
	q := sched{q: newQueue(16, 1, 0)}
	fn := fakeFn(doEcho)
	mk := func(reruns int, suspect bool) *call.Invocation {
		inv := call.Acquire()
		inv.Fn = fn
		inv.Sched.Reruns, inv.Sched.Suspect = reruns, suspect
		return inv
	}
	// Move the front ring's head round its buffer first.
	for range 20 {
		q.requeue(mk(0, false))
		q.q.front.pop()
	}
	putBack := mk(0, false)
	v1, v2, v3 := mk(1, false), mk(1, false), mk(1, false)
	s1 := mk(1, true)
	q.requeue(putBack)
	q.requeue(v1)
	q.requeue(v2)
	q.requeue(s1) // after two victims: behind them, ahead of what was put back before
	q.requeue(v3) // after the suspect: ahead of everything
	want := []*call.Invocation{v3, v2, v1, s1, putBack}
	if n := q.q.front.len(); n != len(want) {
		t.Fatalf("%d put back, want %d", n, len(want))
	}
	for i, w := range want {
		if got := q.q.front.pop(); got != w {
			t.Fatalf("position %d: %p, want %p (v3 %p v2 %p v1 %p suspect %p put back %p)", i, got, w, v3, v2, v1, s1, putBack)
		}
	}
}

// A rescue worker that cannot start (a GPU in EXCLUSIVE_PROCESS mode refuses a context outside
// the MPS daemon) is given up after rescueTries failed starts, with the error in its stats; the
// engine serves, and a fault is recovered from as without rescue workers: the suspect's lone
// run on the domain, a second teardown.
func TestFakeRescueGivenUp(t *testing.T) {
	g := newFakeGPU(t)
	g.mps = true
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 2, SharedFaultDomain: true, Rescue: 1, RescueEnv: []string{fakeOwnDomain, fakeNoStart}})
	waitFor(t, "the rescue worker given up", func() bool { return strings.Contains(rescueWorker(t, e).LastError, "gave up after 5 failed starts") })
	slow := fakeFn(doGate)
	innocent := fsubmit(t, e, slow, "", "innocent", 0, false)
	g.waitEntered(t, 1)
	culprit := fsubmit(t, e, fakeFn(doFault), "", "culprit", 0, false)
	g.waitEntered(t, 2) // the innocent's lone run, on a new worker of the domain
	g.allow(1)
	wantOut(t, innocent)
	wantErr(t, culprit, call.CodeKernelFault, "")
	if st := settled(t, e); st.RescueUp != 0 || st.Rescued != 0 || st.Teardowns != 2 {
		t.Fatalf("stats %+v: want no rescue worker, two teardowns", st)
	}
}

// A teardown tells the rescue workers whether its culprit is known among what it interrupted:
// not after a fault (every MPS client sees it), but after an overrun's kill.
func TestTeardownAmbiguousUnlessOverrun(t *testing.T) {
	for _, c := range []struct {
		do        string
		code      call.Code
		ambiguous bool
	}{{doFault, call.CodeKernelFault, true}, {doHang, call.CodeDeadline, false}} {
		g := newFakeGPU(t)
		g.mps = true
		e := newFake(t, g, Config{Mode: Concurrent, Workers: 2, SharedFaultDomain: true, Timeout: 20 * time.Millisecond})
		wantErr(t, fsubmit(t, e, fakeFn(c.do), "", c.do, 0, true), c.code, "")
		if st := settled(t, e); st.Teardowns < 1 {
			t.Fatalf("%s: stats %+v, want a teardown", c.do, st)
		}
		e.rec.mu.Lock()
		got := e.rec.ambiguous
		e.rec.mu.Unlock()
		if got != c.ambiguous {
			t.Fatalf("%s: the teardown's culprit unknown %v, want %v", c.do, got, c.ambiguous)
		}
	}
}

// Deleted weights reach the rescue worker too: its slot, idle in its own loop, is kicked and
// sends the drop (drops.go).
func TestFakeRescueWorkerDropsDeletedWeights(t *testing.T) {
	g := newFakeGPU(t)
	e := newRescueFake(t, g, 1)
	rescueID := rescueWorker(t, e).ID
	set := [32]byte{9}
	e.DropWeights([][32]byte{set}, []uint64{11})
	waitFor(t, "the rescue worker's drop", func() bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		for _, d := range g.drops {
			if d.worker == rescueID && slices.Equal(d.cmd.Sets, [][32]byte{set}) && slices.Equal(d.cmd.Funcs, []uint64{11}) {
				return true
			}
		}
		return false
	})
}
