package engine

import (
	"bytes"
	"context"
	"encoding/binary"
	"strings"
	"syscall"
	"testing"
	"time"

	"gpufn/call"
)

// submitAs submits an invocation of f for the caller tenant with every input in, and returns
// where its answer comes (the first output copied).
func submitAs(t *testing.T, e *Engine, f *call.Function, tenant string, in []byte, timeout time.Duration) <-chan answer {
	t.Helper()
	ch := make(chan answer, 1)
	inv := call.Acquire()
	inv.Fn, inv.Tenant = f, tenant
	for range f.Plan.Inputs {
		inv.Inputs = append(inv.Inputs, in)
	}
	if timeout > 0 {
		inv.Deadline = time.Now().Add(timeout)
	}
	if err := e.Submit(inv); err != nil {
		t.Fatalf("submit: %v", err)
	}
	go func() {
		<-inv.Done()
		a := answer{err: inv.Err}
		if inv.Err == nil && len(inv.Outputs) > 0 {
			a.out = append([]byte(nil), inv.Outputs[0]...)
		}
		call.Release(inv)
		ch <- a
	}()
	return ch
}

// After a pipelined run of one caller's invocations, the second context still held that
// caller's last input while the next invocation, of another function for another caller, ran
// from the first context: kernels can read every pinned context of their worker.
func TestPipelineOtherContextHoldsNothingOfAnotherCaller(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	f, g := echo(t), echo(t)
	warmUp(t, e, f, g)
	secret := []byte("alice-secret-0123456789")
	var chans []<-chan answer
	stopped(t, e, func() {
		for i := 0; i < 4; i++ {
			chans = append(chans, submitAs(t, e, f, "alice", secret, 0))
		}
	})
	for _, ch := range chans {
		if a := <-ch; a.err != nil || !bytes.Equal(a.out, secret) {
			t.Fatalf("alice: %q %v", a.out, a.err)
		}
	}
	if st := settled(t, e); st.Pipelined == 0 {
		t.Fatal("nothing was pipelined: the second context was not used, so the test proved nothing")
	}
	// Bob's invocation of another function runs from context 0; once it has been answered,
	// nothing wrote the other context meanwhile, so what it holds now it held while bob's ran.
	if a := <-submitAs(t, e, g, "bob", []byte("bob"), 0); a.err != nil || string(a.out) != "bob" {
		t.Fatalf("bob: %q %v", a.out, a.err)
	}
	s := e.slots[0]
	for i := 0; i < s.life.w.Contexts(); i++ {
		if bytes.Contains(s.life.w.Context(i).Bytes(), secret) {
			t.Fatalf("context %d still holds alice's input after bob's invocation of another function ran", i)
		}
	}
}

// An invocation whose deadline is earlier than the running one's is not sent behind it: it
// would be answered only when the running one ends (up to the whole --timeout later), while in
// the queue it is answered at its own deadline.
func TestPipelineDoesNotDelayShorterDeadline(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	slow, other := sleeper(t, 1500), echo(t)
	warmUp(t, e, slow, other)
	before := e.Stats().Pipelined
	// w (another function) holds the slot while a and late queue up; then the slot takes a
	// and finds late at the head.
	var w, a, late <-chan answer
	var sent time.Time
	stopped(t, e, func() {
		w = submitAsync(t, e, other, []byte("w"), 0)
		a = submitAsync(t, e, slow, []byte("a"), 0)
		sent = time.Now()
		late = submitAsync(t, e, slow, []byte("late"), 300*time.Millisecond)
	})
	<-w
	x := <-late
	took := time.Since(sent)
	// Answered from the queue ("queued"), not as one that waited behind a in the worker
	// ("waited for the worker"), which is answered only when a ends.
	if x.err == nil || x.err.Code != call.CodeDeadline || !strings.Contains(x.err.Message, "queued") {
		t.Fatalf("late: %q %v, want %s in the queue", x.out, x.err, call.CodeDeadline)
	}
	t.Logf("late (300 ms deadline) answered after %v", took.Round(time.Millisecond))
	if y := <-a; y.err != nil || string(y.out) != "a" {
		t.Fatalf("a: %q %v", y.out, y.err)
	}
	if n := settled(t, e).Pipelined - before; n != 0 {
		t.Fatalf("%d invocations sent behind another: late, with the earlier deadline, was sent behind a 1.5 s invocation", n)
	}
}

// Shutdown whose drain times out while a pipelined invocation waits behind one whose worker is
// then lost (killed, as an overrunning one is): the one behind is put back into the queue after
// Shutdown emptied it, and must still be answered.
func TestShutdownAnswersInvocationPutBackAfterDrain(t *testing.T) {
	g := newGate(t)
	e := newEngine(t, Config{Mode: Sequential, Env: []string{g.env()}})
	slow, other := gated(t), echo(t)
	g.allow(t, 1) // the warm-up's run of slow
	warmUp(t, e, slow, other)
	pid := e.Stats().Workers[0].PID
	var w, a, b <-chan answer
	stopped(t, e, func() {
		w = submitAsync(t, e, other, []byte("w"), 0)
		a = submitAsync(t, e, slow, []byte("a"), 0)
		b = submitAsync(t, e, slow, []byte("b"), 0)
	})
	<-w
	g.waitEntered(t, 2) // a runs, and cannot end
	waitFor(t, "b to be sent behind a", func() bool { return e.Stats().Pipelined > 0 })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	shut := make(chan error, 1)
	go func() { shut <- e.Shutdown(ctx) }()
	drainTimedOut(t, e) // and the queue was emptied
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	shutdownTimedOut(t, shut, "")
	if x := <-a; x.err == nil || x.err.Code != call.CodeExited {
		t.Fatalf("a: %q %v, want %s", x.out, x.err, call.CodeExited)
	}
	select {
	case x := <-b:
		if x.err == nil || x.err.Code != call.CodeDraining {
			t.Fatalf("b: %q %v, want %s", x.out, x.err, call.CodeDraining)
		}
	case <-time.After(time.Minute):
		t.Fatal("b, sent behind the lost one and put back after the drain, was never answered")
	}
}

// Under a shared fault domain, a fault on one worker while the others hold pipelined
// invocations: the innocent ones (running or sent behind) all end with their own outputs, the
// culprit alone with kernel_fault, and the engine settles with nothing running or queued.
func TestSharedFaultDomainWithPipelinedInvocations(t *testing.T) {
	e := newEngine(t, Config{Mode: Concurrent, Workers: 2, SharedFaultDomain: true})
	slow := sleeper(t, 300)
	fault := fn(t, "fault", "", "", "")
	for i := 0; i < 4; i++ { // load slow on both workers
		var chans []<-chan answer
		for j := 0; j < 2; j++ {
			chans = append(chans, submitAsync(t, e, slow, []byte("warm"), 0))
		}
		for _, ch := range chans {
			if a := <-ch; a.err != nil {
				t.Fatal(a.err)
			}
		}
	}
	var chans []<-chan answer
	for i := 0; i < 8; i++ {
		chans = append(chans, submitAsync(t, e, slow, []byte(strings.Repeat("i", i+1)), 20*time.Second))
	}
	waitFor(t, "an invocation pipelined", func() bool { return e.Stats().Pipelined > 0 })
	f := submitAsync(t, e, fault, nil, 20*time.Second)
	for i, ch := range chans {
		if a := <-ch; a.err != nil || string(a.out) != strings.Repeat("i", i+1) {
			t.Fatalf("innocent %d: %q %v", i, a.out, a.err)
		}
	}
	if a := <-f; a.err == nil || a.err.Code != "kernel_fault" {
		t.Fatalf("culprit: %v", a.err)
	}
	if st := settled(t, e); st.Busy != 0 || st.Queued != 0 || st.Teardowns == 0 {
		t.Fatalf("stats %+v", st)
	}
}

// Auto mode: whole-GPU invocations among pipelined small ones; every one is answered with its
// own output and the workers get their shares back.
func TestAutoWholeAmongPipelined(t *testing.T) {
	e := newEngine(t, Config{Mode: Auto, Workers: 2, PoolBytes: 1 << 20, UsableBytes: 64 << 20})
	big := fn(t, "fill_u8", `"A": {"Absolute": 8388608}`, "", `{"Ptr": "A"}, {"Sizeof": "A"}, {"Constant": 1}`)
	small := sleeper(t, 20)
	for i := 0; i < 2; i++ {
		if _, err := invokeSync(t, e, small, []byte("warm"), 0); err != nil {
			t.Fatal(err)
		}
	}
	var chans []<-chan answer
	var want []string
	var bigs []*call.Invocation
	for i := 0; i < 30; i++ {
		in := strings.Repeat("s", i+1)
		chans, want = append(chans, submitAsync(t, e, small, []byte(in), 20*time.Second)), append(want, in)
		if i%10 == 5 {
			inv := call.Acquire()
			inv.Fn, inv.Need = big, 8<<20
			if err := e.Submit(inv); err != nil {
				t.Fatal(err)
			}
			bigs = append(bigs, inv)
		}
	}
	for i, ch := range chans {
		if a := <-ch; a.err != nil || string(a.out) != want[i] {
			t.Fatalf("small %d: %q %v", i, a.out, a.err)
		}
	}
	for i, inv := range bigs {
		<-inv.Done()
		if inv.Err != nil {
			t.Fatalf("big %d: %v", i, inv.Err)
		}
		call.Release(inv)
	}
	st := settled(t, e)
	t.Logf("pipelined %d", st.Pipelined)
	if st.Whole != uint64(len(bigs)) || st.Busy != 0 || st.Queued != 0 {
		t.Fatalf("stats %+v", st)
	}
	for _, w := range st.Workers[:2] {
		if w.PoolBytes != 1<<20 {
			t.Fatalf("worker %s has a pool of %d", w.ID, w.PoolBytes)
		}
	}
}

// Pipelined load with deadlines that pass in the queue and on the worker, and
// workers killed: every invocation is answered exactly once, with its own output or an error,
// and the engine settles with nothing running or queued.
func TestPipelinedStressAnsweredOnce(t *testing.T) {
	for _, mode := range []Mode{Sequential, Concurrent} {
		t.Run(string(mode), func(t *testing.T) {
			e := newEngine(t, Config{Mode: mode, Workers: 2})
			fast, slow := sleeper(t, 1), sleeper(t, 30)
			for _, f := range []*call.Function{fast, slow} {
				for i := 0; i < 2; i++ {
					if _, err := invokeSync(t, e, f, []byte("warm"), 0); err != nil {
						t.Fatal(err)
					}
				}
			}
			var invs []*call.Invocation
			var want []string
			for i := 0; i < 300; i++ {
				inv := call.Acquire()
				inv.Fn, inv.Tenant = fast, "a"
				if i%3 == 0 {
					inv.Fn = slow
				}
				if i%7 == 0 {
					inv.Tenant = "b"
				}
				in := []byte(strings.Repeat("x", i%17) + string(rune('a'+i%26)))
				inv.Inputs = append(inv.Inputs, in)
				switch i % 5 {
				case 1:
					inv.Deadline = time.Now().Add(20 * time.Millisecond)
				case 2:
					inv.Deadline = time.Now().Add(45 * time.Millisecond)
				}
				if err := e.Submit(inv); err != nil {
					t.Fatal(err)
				}
				invs, want = append(invs, inv), append(want, string(in))
				if i%60 == 59 {
					if pid := e.Stats().Workers[0].PID; pid > 0 {
						syscall.Kill(pid, syscall.SIGKILL)
					}
				}
				if i%4 == 0 {
					time.Sleep(time.Millisecond)
				}
			}
			codes := map[call.Code]int{}
			for i, inv := range invs {
				select {
				case <-inv.Done():
				case <-time.After(20 * time.Second):
					t.Fatalf("invocation %d never answered", i)
				}
				switch {
				case inv.Err != nil:
					codes[inv.Err.Code]++
				case len(inv.Outputs) != 1 || string(inv.Outputs[0]) != want[i]:
					t.Fatalf("invocation %d: wrong output %q, want %q", i, inv.Outputs, want[i])
				default:
					codes["ok"]++
				}
			}
			st := settled(t, e)
			if st.Busy != 0 || st.Queued != 0 {
				t.Fatalf("stats %+v", st)
			}
			time.Sleep(50 * time.Millisecond)
			for i, inv := range invs {
				if len(inv.Done()) != 0 {
					t.Fatalf("invocation %d was answered twice", i)
				}
				call.Release(inv)
			}
			t.Logf("%v; pipelined %d, restarts %d", codes, st.Pipelined, st.Restarts)
		})
	}
}

// Under a shared fault domain, an invocation sent behind one that overruns (the server's
// deadline) never started: it goes back to the queue and runs on a fresh worker, not counted as
// a re-run. It must not be handed, before the fault domain is torn down, to an idle worker that
// the teardown then kills (which makes it a victim, re-run alone).
func TestSharedFaultDomainPutBackIsNotAVictim(t *testing.T) {
	e := newEngine(t, Config{Mode: Concurrent, Workers: 3, SharedFaultDomain: true, Timeout: 250 * time.Millisecond})
	slow, mid, quick := repeatSleeper(t, 50), sleeper(t, 100), echo(t)
	times := func(n uint64, tag string) []byte { return append(binary.LittleEndian.AppendUint64(nil, n), tag...) }
	waitIdle(t, e, 3) // each warm-up below goes to a slot of its own
	var warm []<-chan answer
	for i := 0; i < 3; i++ { // one each: every worker has slow's code
		warm = append(warm, submitAsync(t, e, slow, times(1, "warm"), 0))
	}
	for _, ch := range warm {
		if a := <-ch; a.err != nil {
			t.Fatal(a.err)
		}
	}
	waitIdle(t, e, 3)
	var pids []int
	for _, w := range e.Stats().Workers {
		pids = append(pids, w.PID)
		syscall.Kill(w.PID, syscall.SIGSTOP)
	}
	// The slot of w (quick) takes a and sends b behind it when w ends; the others run mid and
	// are idle when a overruns.
	w := submitAsync(t, e, quick, []byte("w"), 0)
	m1 := submitAsync(t, e, mid, []byte("m1"), 0)
	m2 := submitAsync(t, e, mid, []byte("m2"), 0)
	// a and b are kept (not released on their answer): their re-run counts are read below.
	keep := func(in []byte, deadline time.Time) *call.Invocation {
		inv := call.Acquire()
		inv.Fn, inv.Inputs, inv.Deadline = slow, [][]byte{in}, deadline
		if err := e.Submit(inv); err != nil {
			t.Fatal(err)
		}
		return inv
	}
	a := keep(times(1000, "a"), time.Time{}) // 50 s: overruns the engine's 250 ms
	b := keep(times(0, "b"), time.Now().Add(10*time.Second))
	for _, pid := range pids {
		syscall.Kill(pid, syscall.SIGCONT)
	}
	for _, ch := range []<-chan answer{w, m1, m2} {
		if x := <-ch; x.err != nil {
			t.Fatal(x.err)
		}
	}
	<-a.Done()
	if a.Err == nil || a.Err.Code != call.CodeDeadline {
		t.Fatalf("a: %q %v", a.Outputs, a.Err)
	}
	<-b.Done()
	if b.Err != nil || string(b.Outputs[0][8:]) != "b" {
		t.Fatalf("b: %q %v", b.Outputs, b.Err)
	}
	st := settled(t, e)
	if st.Pipelined == 0 {
		t.Skip("b was not sent behind a")
	}
	// Counted per invocation: m1 and m2 are re-run too when they still run at a's overrun
	// (the teardown kills their workers), which depends on the machine's speed.
	t.Logf("re-runs: %d in all, a %d, b %d", st.Reruns, a.Sched.Reruns, b.Sched.Reruns)
	if a.Sched.Reruns != 1 {
		t.Fatalf("a was re-run %d times, want once (alone, after its overrun took the fault domain down)", a.Sched.Reruns)
	}
	if b.Sched.Reruns != 0 {
		t.Fatalf("b, which never started, was re-run %d times as a victim", b.Sched.Reruns)
	}
	call.Release(a)
	call.Release(b)
}
