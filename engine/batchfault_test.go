package engine

import (
	"bytes"
	"syscall"
	"testing"
	"time"

	"gpufn/call"
	"gpufn/examples"
)

// Batching under a shared fault domain (emulated on the cpu device), with and without a rescue
// worker, on real workers held at the gate.

// batchFaultEngines are the shared-domain engines of these tests: 2 workers, and a rescue
// worker or none.
func batchFaultEngine(t *testing.T, g *gate, rescue bool) *Engine {
	cfg := Config{Mode: Concurrent, Workers: 2, SharedFaultDomain: true, Env: []string{g.env()}}
	if rescue {
		cfg.Rescue, cfg.RescueEnv = 1, []string{g.env(), "GPUFN_TEST_RESCUE=1"}
	}
	e := newEngine(t, cfg)
	if rescue {
		waitFor(t, "the rescue worker up", func() bool { return e.Stats().RescueUp == 1 })
	}
	return e
}

// A batch interrupted by a teardown of the domain: a member answered meanwhile by its own
// deadline (its caller has released it: call.Release, as the frontend does) is not run
// again, nor are its inputs read again; every other member is answered with its own output
// by a run again alone.
func TestBatchInterruptedByTeardown(t *testing.T) {
	for _, rescue := range []bool{false, true} {
		name := "norescue"
		if rescue {
			name = "rescue"
		}
		t.Run(name, func(t *testing.T) {
			g := newGate(t)
			e := batchFaultEngine(t, g, rescue)
			f := gatedBatchFn(t, []int{2, 4})
			blockers := make([]*call.Invocation, 2)
			for i := range blockers {
				blockers[i] = call.Acquire()
				blockers[i].Fn, blockers[i].Inputs = gated(t), [][]byte{item8(90 + i)}
				if err := e.Submit(blockers[i]); err != nil {
					t.Fatal(err)
				}
			}
			g.waitEntered(t, 2)
			members := make([]*call.Invocation, 4)
			for i := range members {
				members[i] = call.Acquire()
				members[i].Fn, members[i].Inputs = f, [][]byte{item8(i)}
				if i == 1 { // answered by its deadline while its batch is held at the gate
					members[i].Deadline = time.Now().Add(5 * time.Second) // long enough for the batch to form first on a loaded host
				}
				if err := e.Submit(members[i]); err != nil {
					t.Fatal(err)
				}
			}
			g.allow(t, 1) // one blocker goes: its worker takes the batch of 4, held at the gate
			g.waitEntered(t, 3)
			m1 := members[1]
			<-m1.Done()
			if m1.Err == nil || m1.Err.Code != call.CodeDeadline || m1.Timing.Batch != 4 {
				t.Fatalf("member 1: %v, batch %d; want deadline_exceeded in its batch of 4", m1.Err, m1.Timing.Batch)
			}
			call.Release(m1) // its caller is done with it
			// The batch and the other blocker are at the gate: a worker's death tears the
			// domain down, and both run again. The gate opens once both workers are gone.
			old := map[int]bool{}
			for _, w := range e.Stats().Workers {
				if !w.Rescue {
					old[w.PID] = true
				}
			}
			for pid := range old {
				if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
					t.Fatal(err)
				}
				break
			}
			waitFor(t, "the domain torn down", func() bool {
				st := e.Stats()
				for _, w := range st.Workers {
					if w.Up && old[w.PID] {
						return false
					}
				}
				return st.Teardowns == 1
			})
			g.allow(t, 100)
			for i, b := range blockers {
				<-b.Done()
				if i == 1 && (b.Err != nil || !bytes.Equal(b.Outputs[0], item8(91))) {
					t.Fatalf("the blocker held with the batch: %q %v", b.Outputs, b.Err)
				}
				call.Release(b)
			}
			for i, m := range members {
				if i == 1 {
					continue
				}
				<-m.Done()
				if m.Err != nil || !bytes.Equal(m.Outputs[0], item8(i)) {
					t.Fatalf("member %d: %q %v, want its own input back", i, m.Outputs, m.Err)
				}
				call.Release(m)
			}
			if st := e.Stats(); st.Teardowns != 1 {
				t.Fatalf("%d teardowns, want 1", st.Teardowns)
			}
			checkAnswered(t, e, 1)
		})
	}
}

// A batch sent behind another (pipelining) and put back when its worker is lost before it
// starts: a member answered meanwhile by its deadline, and released by its caller, is not run
// again nor read again; the others are answered with their own outputs.
func TestBatchPutBackAfterMemberAnswered(t *testing.T) {
	g := newGate(t)
	e := newEngine(t, Config{Mode: Sequential, Env: []string{g.env()}})
	f := gatedBatchFn(t, []int{4})
	vs := f.Batching.Variants()
	g.allow(t, len(vs.Fns)) // warm: a slot prefetches only behind code its worker has
	for i, v := range vs.Fns {
		in := bytes.Repeat(item8(i), vs.Sizes[i])
		if out, err := invokeSync(t, e, v, in, 0); err != nil || !bytes.Equal(out, in) {
			t.Fatalf("warm %s: %q %v", v.Name, out, err)
		}
	}
	entered := int64(len(vs.Fns))
	blocker := call.Acquire()
	blocker.Fn, blocker.Inputs = gated(t), [][]byte{{1}}
	if err := e.Submit(blocker); err != nil {
		t.Fatal(err)
	}
	g.waitEntered(t, entered+1)
	members := make([]*call.Invocation, 8)
	for i := range members {
		members[i] = call.Acquire()
		members[i].Fn, members[i].Inputs = f, [][]byte{item8(i)}
		if i == 5 { // in the second batch, answered by its deadline while that waits in the pipe
			members[i].Deadline = time.Now().Add(5 * time.Second) // long enough for the batch to form first on a loaded host
		}
		if err := e.Submit(members[i]); err != nil {
			t.Fatal(err)
		}
	}
	g.allow(t, 1) // the blocker goes; the first batch is held at the gate, the second behind it
	g.waitEntered(t, entered+2)
	<-blocker.Done()
	call.Release(blocker)
	waitFor(t, "the second batch sent behind the first", func() bool { return e.Stats().Pipelined == 1 })
	m5 := members[5]
	<-m5.Done()
	if m5.Err == nil || m5.Err.Code != call.CodeDeadline || m5.Timing.Batch != 4 {
		t.Fatalf("member 5: %v, batch %d; want deadline_exceeded in its batch of 4", m5.Err, m5.Timing.Batch)
	}
	call.Release(m5)
	if err := syscall.Kill(e.Stats().Workers[0].PID, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	g.allow(t, 100)
	for i, m := range members {
		if i == 5 {
			continue
		}
		<-m.Done()
		if m.Err != nil || !bytes.Equal(m.Outputs[0], item8(i)) {
			t.Fatalf("member %d: %q %v, want its own input back", i, m.Outputs, m.Err)
		}
		call.Release(m)
	}
	// Counted once each: the batch put back is no run (its members formed the batch of 3,
	// padded to 4); every invocation is answered once (the carriers are none).
	st := e.Stats()
	if st.BatchRuns != 2 || st.BatchMembers != 7 || st.BatchSizes[4] != 2 {
		t.Fatalf("%d batch runs of %d members, sizes %v; want the first batch and the one formed again", st.BatchRuns, st.BatchMembers, st.BatchSizes)
	}
	checkAnswered(t, e, 1)
}

// checkAnswered checks the engine's counters once every invocation submitted was answered:
// each counted once, completed or failed (failed of them), and each completed one counted by
// the worker that answered it (a batch's members each). A worker counts a batch's members once
// the split has answered them (reply.go), so its count may trail the answers by a moment: it is
// waited for, up to a minute.
func checkAnswered(t *testing.T, e *Engine, failed uint64) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		st := e.Stats()
		if st.Failed != failed || st.Completed+st.Failed != st.Submitted {
			t.Fatalf("submitted %d, completed %d, failed %d: want each answered counted once, %d failed", st.Submitted, st.Completed, st.Failed, failed)
		}
		var byWorkers uint64
		for _, w := range st.Workers {
			byWorkers += w.Invocations
		}
		if byWorkers == st.Completed {
			return
		}
		if byWorkers > st.Completed || time.Now().After(deadline) {
			t.Fatalf("the workers answered %d invocations, the engine completed %d", byWorkers, st.Completed)
		}
		time.Sleep(time.Millisecond)
	}
}

// A poisonous member (its input makes the kernel fault) under a shared fault domain with a
// rescue worker: its batch's fault, alone on the domain, tears the domain down once; the
// members run again alone as suspects on the rescue worker, where the poisonous one's fault
// costs only that worker: one teardown in all, and the others answered with their outputs.
func TestBatchPoisonousMemberSharedDomain(t *testing.T) {
	g := newGate(t)
	e := newEngine(t, Config{Mode: Concurrent, Workers: 1, SharedFaultDomain: true, Env: []string{g.env()},
		Rescue: 1, RescueEnv: []string{g.env(), "GPUFN_TEST_RESCUE=1"}})
	waitFor(t, "the rescue worker up", func() bool { return e.Stats().RescueUp == 1 })
	f := batchFn(t, []int{2, 4}, 0, "", nil)
	inputs := [][]byte{examples.BatchInput(1), examples.BatchInput(2), examples.BatchPoisonInput(), examples.BatchInput(3)}
	got := submitBehindGate(t, e, g, 1, f, inputs, nil)
	wantPoisonAlone(t, got, inputs, 2)
	if st := e.Stats(); st.Teardowns != 1 || st.Faults != 2 || st.BatchRuns != 1 {
		t.Fatalf("%d teardowns, %d faults, %d batch runs; want 1 teardown (the batch's), 2 faults (the poisonous member's on the rescue worker), 1 batch run", st.Teardowns, st.Faults, st.BatchRuns)
	}
	checkAnswered(t, e, 1)
}
