package engine

import (
	"context"
	"encoding/binary"
	"fmt"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"gpufn/call"
)

func TestSequentialRunsInvocations(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	f := echo(t)
	for i := 0; i < 20; i++ {
		in := []byte(fmt.Sprintf("input %d", i))
		out, err := invokeSync(t, e, f, in, 0)
		if err != nil || string(out) != string(in) {
			t.Fatalf("call %d: %q %v", i, out, err)
		}
	}
	st := e.Stats()
	if st.Completed != 20 || st.Restarts != 0 || !st.Ready || st.Workers[0].Invocations != 20 {
		t.Fatalf("stats %+v", st)
	}
}

// Zeroing end to end: a fresh buffer is all zero though the invocation before filled it.
func TestBuffersZeroedBetweenInvocations(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	dirty := fn(t, "fill_u8", `"A": {"Absolute": 65536}`, "", `{"Ptr": "A"}, {"Sizeof": "A"}, {"Constant": 171}`)
	check := fn(t, "check_zero", `"A": {"Absolute": 65536}, "R": {"Absolute": 8}`, `"R"`, `{"Ptr": "A"}, {"Sizeof": "A"}, {"Ptr": "R"}`)
	for i := 0; i < 3; i++ {
		if _, err := invokeSync(t, e, dirty, nil, 0); err != nil {
			t.Fatal(err)
		}
		out, err := invokeSync(t, e, check, nil, 0)
		if err != nil || binary.LittleEndian.Uint64(out) != 0 {
			t.Fatalf("round %d: %d non-zero bytes (%v)", i, binary.LittleEndian.Uint64(out), err)
		}
	}
}

// A worker killed while invocations stream in: every invocation is answered, with its own
// output or a clean worker_exited for the one that was running; the rest run on a new worker.
func TestKilledWorkerUnderLoad(t *testing.T) {
	for _, mode := range []Mode{Sequential, Concurrent} {
		t.Run(string(mode), func(t *testing.T) {
			e := newEngine(t, Config{Mode: mode, Workers: 2})
			f := sleeper(t, 2)
			var wg sync.WaitGroup
			var mu sync.Mutex
			codes := map[call.Code]int{}
			for g := 0; g < 4; g++ {
				wg.Add(1)
				go func(g int) {
					defer wg.Done()
					for i := 0; i < 25; i++ {
						in := []byte(fmt.Sprintf("g%d-%d", g, i))
						out, err := invokeSync(t, e, f, in, 10*time.Second)
						mu.Lock()
						switch {
						case err != nil:
							codes[err.Code]++
						case string(out) != string(in):
							codes["wrong output"]++
						default:
							codes["ok"]++
						}
						mu.Unlock()
					}
				}(g)
			}
			loaded := make(chan struct{})
			go func() { wg.Wait(); close(loaded) }()
			// Kill the first worker up to 3 times while the invocations stream in: once 15, 30
			// and 45 of the 100 have completed (progress, not the clock, says when), each time a
			// worker that is up (a new one after the kill before).
			killed, last := 0, 0
			for k := 1; k <= 3; k++ {
				var pid int
				waitFor(t, "progress or the end of the load", func() bool {
					select {
					case <-loaded:
						return true
					default:
					}
					st := e.Stats()
					w := st.Workers[0]
					if st.Completed >= uint64(15*k) && w.Up && w.PID > 0 && w.PID != last {
						pid = w.PID
						return true
					}
					return false
				})
				if pid == 0 {
					break // the load ended first
				}
				if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
					t.Fatal(err)
				}
				killed, last = killed+1, pid
			}
			<-loaded
			if killed == 0 {
				t.Fatal("no worker was killed during the load")
			}
			if codes["ok"]+codes[call.CodeExited] != 100 || codes[call.CodeExited] > killed || codes["wrong output"] > 0 {
				t.Fatalf("answers %v: want 100 answered, only the running ones (at most one per kill, %d) failing, as worker_exited", codes, killed)
			}
			// A worker killed while idle is replaced once its slot sees it die.
			waitFor(t, fmt.Sprintf("%d restarts", killed), func() bool { return e.Stats().Restarts >= uint64(killed) })
			if r := e.Stats().Restarts; r != uint64(killed) {
				t.Fatalf("%d restarts for %d workers killed", r, killed)
			}
		})
	}
}

// An invocation that overruns the engine's deadline gets deadline_exceeded; its worker is killed and
// replaced, and the next invocation runs.
func TestDeadlineKillsOverrunningWorker(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, Timeout: 300 * time.Millisecond})
	// spin never returns (its flag stays 0): any answer comes from the deadline's kill.
	spin := fn(t, "spin", `"F": {"Absolute": 256}`, "", `{"Ptr": "F"}`)
	start := time.Now()
	answered := make(chan *call.Error, 1)
	go func() {
		_, err := invokeSync(t, e, spin, nil, 0) // the engine's deadline
		answered <- err
	}()
	var err *call.Error
	select {
	case err = <-answered:
	case <-time.After(time.Minute): // a hung test, not a slow one
		t.Fatal("the overrun was not answered")
	}
	if err == nil || err.Code != call.CodeDeadline {
		t.Fatalf("err = %v", err)
	}
	if took := time.Since(start); took < 300*time.Millisecond {
		t.Fatalf("the overrun was answered after %v, before its deadline", took)
	}
	out, err := invokeSync(t, e, echo(t), []byte("after"), 0)
	if err != nil || string(out) != "after" {
		t.Fatalf("after the kill: %q %v", out, err)
	}
	if e.Stats().Restarts != 1 {
		t.Fatalf("restarts %d", e.Stats().Restarts)
	}
}

// A function that faults 3 times in a row is quarantined until registered again.
func TestQuarantine(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	fault := fn(t, "fault", "", "", "")
	for i := 0; i < 3; i++ {
		if _, err := invokeSync(t, e, fault, nil, 0); err == nil || err.Code != call.CodeKernelFault {
			t.Fatalf("fault %d: %v", i, err)
		}
	}
	if !fault.Quarantined() {
		t.Fatal("not quarantined after 3 faults")
	}
	if _, err := invokeSync(t, e, fault, nil, 0); err == nil || err.Code != call.CodeQuarantined {
		t.Fatalf("4th call: %v", err)
	}
	if restarts := e.Stats().Restarts; restarts != 3 {
		t.Fatalf("restarts %d: the quarantined call must not reach a worker", restarts)
	}
	// Successes reset the count: a function that faults now and then is not quarantined.
	other := echo(t)
	if _, err := invokeSync(t, e, other, []byte("x"), 0); err != nil {
		t.Fatal(err)
	}
}

func TestQueueFullAndDeadlineInQueue(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, QueueDepth: 2})
	slow := sleeper(t, 300)
	var invs []*call.Invocation
	full := 0
	// The slot idle (the first is handed to it, not queued) and its worker stopped (the first
	// cannot end and make room while the others are submitted).
	waitIdle(t, e, 1)
	stopped(t, e, func() {
		for i := 0; i < 6; i++ {
			inv := call.Acquire()
			inv.Fn = slow
			inv.Inputs = [][]byte{{byte(i)}}
			if i == 2 {
				inv.Deadline = time.Now().Add(100 * time.Millisecond) // expires while queued
			}
			if err := e.Submit(inv); err == call.ErrQueueFull {
				full++
				call.Release(inv)
				continue
			} else if err != nil {
				t.Fatal(err)
			}
			invs = append(invs, inv)
		}
	})
	if full == 0 || len(invs) != 3 {
		t.Fatalf("%d refused, %d admitted: want 1 running + 2 queued admitted", full, len(invs))
	}
	deadlines := 0
	for _, inv := range invs {
		<-inv.Done()
		if inv.Err != nil {
			if inv.Err.Code != call.CodeDeadline || !strings.Contains(inv.Err.Message, "queued") {
				t.Fatalf("err %v", inv.Err)
			}
			deadlines++
		}
		call.Release(inv)
	}
	if deadlines != 1 {
		t.Fatalf("%d deadlines in the queue, want 1", deadlines)
	}
}

// Idle workers are taken last-in-first-out: invocations one at a time all go to the warmest.
func TestIdleWorkersLIFO(t *testing.T) {
	e := newEngine(t, Config{Mode: Concurrent, Workers: 3})
	f := echo(t)
	for i := 0; i < 30; i++ {
		// Once every worker is idle, the one that went idle last must run the next invocation.
		waitIdle(t, e, 3)
		if _, err := invokeSync(t, e, f, []byte("x"), 0); err != nil {
			t.Fatal(err)
		}
	}
	var counts []uint64
	for _, w := range e.Stats().Workers {
		counts = append(counts, w.Invocations)
	}
	most := uint64(0)
	for _, c := range counts {
		most = max(c, most)
	}
	if most != 30 {
		t.Fatalf("per-worker invocations %v: serial invocations should stay on the warmest worker", counts)
	}
}

// Under a shared fault domain (MPS, emulated here), one worker's fault takes down the others:
// the innocent invocations in flight run again, alone, and return their outputs; only the
// culprit gets kernel_fault.
func TestSharedFaultDomainReruns(t *testing.T) {
	e := newEngine(t, Config{Mode: Concurrent, Workers: 3, SharedFaultDomain: true})
	slow := sleeper(t, 400)
	fault := fn(t, "fault", "", "", "")
	// Every worker stopped: the innocents are sent and cannot end before the culprit's fault
	// (the teardown kills stopped workers all the same).
	waitIdle(t, e, 3)
	stopWorkers(t, e)
	var wg sync.WaitGroup
	results := make([]string, 2)
	for i := range results {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			in := []byte(fmt.Sprintf("innocent %d", i))
			out, err := invokeSync(t, e, slow, in, 10*time.Second)
			if err != nil {
				results[i] = string(err.Code)
			} else if string(out) == string(in) {
				results[i] = "ok"
			}
		}(i)
	}
	waitFor(t, "the innocents to be taken", func() bool { return e.Stats().Busy >= 2 })
	// The slot left idle runs the culprit: its worker goes on.
	e.sched.mu.Lock()
	if len(e.sched.idle) != 1 {
		e.sched.mu.Unlock()
		t.Fatalf("%d idle slots with the innocents running, want 1", len(e.sched.idle))
	}
	free := e.sched.idle[0]
	e.sched.mu.Unlock()
	if err := syscall.Kill(free.life.stats().PID, syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	_, ferr := invokeSync(t, e, fault, nil, 10*time.Second)
	wg.Wait()
	if ferr == nil || ferr.Code != call.CodeKernelFault {
		t.Fatalf("culprit: %v", ferr)
	}
	if results[0] != "ok" || results[1] != "ok" {
		t.Fatalf("innocents: %v", results)
	}
	st := e.Stats()
	if st.Reruns < 3 || st.Teardowns < 1 {
		t.Fatalf("stats: reruns %d teardowns %d (want the 2 innocents and the culprit re-run)", st.Reruns, st.Teardowns)
	}
	if fault.Strikes() != 1 {
		t.Fatalf("strikes %d: only the culprit's failure alone counts", fault.Strikes())
	}
}

func TestShutdownDrains(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	slow := sleeper(t, 50)
	var invs []*call.Invocation
	for i := 0; i < 4; i++ {
		inv := call.Acquire()
		inv.Fn, inv.Inputs = slow, [][]byte{{byte(i)}}
		if err := e.Submit(inv); err != nil {
			t.Fatal(err)
		}
		invs = append(invs, inv)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := e.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	for i, inv := range invs {
		select {
		case <-inv.Done():
		default:
			t.Fatalf("invocation %d unanswered after Shutdown", i)
		}
		if inv.Err != nil {
			t.Fatalf("invocation %d: %v (drain should finish it)", i, inv.Err)
		}
	}
	inv := call.Acquire()
	inv.Fn = slow
	if err := e.Submit(inv); err != call.ErrDraining {
		t.Fatalf("submit after shutdown: %v", err)
	}
	e.Shutdown(ctx) // twice is fine
}

// One tenant cannot fill the queue for everyone: beyond its share it is refused, while
// another tenant is still admitted.
func TestTenantShare(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, QueueDepth: 4, TenantShare: 0.5})
	slow := sleeper(t, 200)
	var invs []*call.Invocation
	submit := func(tenant string) error {
		inv := call.Acquire()
		inv.Fn, inv.Inputs, inv.Tenant = slow, [][]byte{{1}}, tenant
		err := e.Submit(inv)
		if err != nil {
			call.Release(inv)
			return err
		}
		invs = append(invs, inv)
		return nil
	}
	// The first runs at once (not queued); then alice may queue 2 (half of 4). The worker is
	// stopped meanwhile: the first cannot end and take one of alice's off the queue.
	waitIdle(t, e, 1)
	stopped(t, e, func() {
		for i := 0; i < 3; i++ {
			if err := submit("alice"); err != nil {
				t.Fatalf("alice %d: %v", i, err)
			}
		}
		if err := submit("alice"); err != call.ErrTenantShare {
			t.Fatalf("alice beyond her share: %v", err)
		}
		if err := submit("bob"); err != nil {
			t.Fatalf("bob: %v", err)
		}
	})
	for _, inv := range invs {
		<-inv.Done()
		if inv.Err != nil {
			t.Fatal(inv.Err)
		}
		call.Release(inv)
	}
}
