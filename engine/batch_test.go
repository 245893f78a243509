package engine

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"testing"
	"time"

	"gpufn/call"
	"gpufn/examples"
	"gpufn/function"
	"gpufn/libscan"
)

// Dynamic batching on real workers (the cpu device runs library "batch", whose kernel has a
// batch dimension; examples/batch.go). Batches are made to form without timing: the worker is
// held at the gate by another invocation while the members queue behind it.

var batchLib = func() *call.Library {
	img := examples.MustPTX("batch")
	info, err := libscan.Scan(img)
	if err != nil {
		panic(err)
	}
	return &call.Library{Name: "batch", Hash: sha256.Sum256(img), Kind: info.Kind, Image: img, Info: info}
}()

// batchFn makes the batch-1 function of the example with variants of sizes, resolved.
func batchFn(t *testing.T, sizes []int, delayUs int, partial string, preferred []int) *call.Function {
	t.Helper()
	one := batchCompile(t, "m", examples.BatchingConfig("m", sizes, delayUs, partial, preferred))
	decl := one.Plan.Config.Batching
	one.Batching = &call.Batching{Decl: decl}
	vs := &call.Variants{}
	if !vs.Add(one, 1, decl) {
		t.Fatal("the batch-1 variant")
	}
	for i, n := range sizes {
		v := batchCompile(t, examples.BatchVariantName("m", n), examples.BatchConfig(n))
		if ps := decl.CheckVariant(one.Plan, v.Plan, i, n); len(ps) > 0 {
			t.Fatal(ps)
		}
		if !vs.Add(v, n, decl) {
			t.Fatalf("variant %d", n)
		}
	}
	one.Batching.SetVariants(vs)
	return one
}

func batchCompile(t *testing.T, name string, cfg []byte) *call.Function {
	t.Helper()
	p, err := function.Parse(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckLibrary(batchLib.Info); err != nil {
		t.Fatal(err)
	}
	nextFnID++
	return &call.Function{ID: nextFnID, Name: name, Plan: p, Config: cfg, Lib: batchLib}
}

// batchResult is one member's answer.
type batchResult struct {
	out   []byte
	err   *call.Error
	batch int64
	queue time.Duration
}

// submitBehindGate holds every worker of e at the gate, submits one invocation of f per input
// (queued behind them), lets the workers go and returns the answers in input order.
func submitBehindGate(t *testing.T, e *Engine, g *gate, workers int, f *call.Function, inputs [][]byte, deadline func(i int) time.Time) []batchResult {
	t.Helper()
	hold := make([]*call.Invocation, workers)
	for i := range hold {
		hold[i] = call.Acquire()
		hold[i].Fn, hold[i].Inputs = gated(t), [][]byte{{byte(i)}}
		if err := e.Submit(hold[i]); err != nil {
			t.Fatal(err)
		}
	}
	g.waitEntered(t, int64(workers))
	invs := make([]*call.Invocation, len(inputs))
	for i, in := range inputs {
		invs[i] = call.Acquire()
		invs[i].Fn, invs[i].Inputs = f, [][]byte{in}
		if deadline != nil {
			invs[i].Deadline = deadline(i)
		}
		if err := e.Submit(invs[i]); err != nil {
			t.Fatal(err)
		}
	}
	g.allow(t, workers)
	for _, h := range hold {
		<-h.Done()
		call.Release(h)
	}
	out := make([]batchResult, len(inputs))
	for i, inv := range invs {
		<-inv.Done()
		r := batchResult{err: inv.Err, batch: inv.Timing.Batch, queue: inv.Timing.Queue}
		if inv.Err == nil {
			r.out = append([]byte(nil), inv.Outputs[0]...)
		}
		out[i] = r
		call.Release(inv)
	}
	return out
}

// submitInputs submits n invocations of f, the i-th with examples.BatchInput(i) and a
// deadline a minute away, and returns them.
func submitInputs(t *testing.T, e *Engine, f *call.Function, n int) []*call.Invocation {
	t.Helper()
	invs := make([]*call.Invocation, n)
	for i := range invs {
		invs[i] = call.Acquire()
		invs[i].Fn, invs[i].Inputs = f, [][]byte{examples.BatchInput(uint64(i))}
		invs[i].Deadline = time.Now().Add(time.Minute)
		if err := e.Submit(invs[i]); err != nil {
			t.Fatal(err)
		}
	}
	return invs
}

// batchEngines are the engines the batching tests run on, with their number of workers.
var batchEngines = []struct {
	name    string
	cfg     Config
	workers int
}{
	{"sequential", Config{Mode: Sequential}, 1},
	{"concurrent", Config{Mode: Concurrent, Workers: 2}, 2},
}

// Batches form, pad and split: every member's output is its own unbatched output, and the
// batch sizes are those the rules give (preferred sizes, then pad or largest fit).
func TestBatchFormsPadsSplits(t *testing.T) {
	for _, eng := range batchEngines {
		t.Run(eng.name, func(t *testing.T) {
			g := newGate(t)
			cfg := eng.cfg
			cfg.Env = []string{g.env()}
			e := newEngine(t, cfg)
			inputs := make([][]byte, 5)
			want := make([][]byte, 5)
			plain := batchFn(t, []int{2, 4, 8}, 0, "", nil)
			for i := range inputs {
				inputs[i] = examples.BatchInput(uint64(i + 1))
				var err *call.Error
				if want[i], err = invokeSync(t, e, plain, inputs[i], 0); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(want[i], examples.BatchReference(inputs[i])) {
					t.Fatalf("input %d alone: %x, the reference %x", i, want[i], examples.BatchReference(inputs[i]))
				}
			}
			for _, c := range []struct {
				name      string
				partial   string
				preferred []int
				sizes     map[int64]int // members answered by batch size (0: alone)
				padded    uint64
			}{
				{"preferred", "", nil, map[int64]int{4: 4, 0: 1}, 0},
				{"pad", "pad", []int{8}, map[int64]int{8: 5}, 3},
				{"largest_fit", "largest_fit", []int{8}, map[int64]int{4: 4, 0: 1}, 0},
			} {
				f := batchFn(t, []int{2, 4, 8}, 0, c.partial, c.preferred)
				before := e.Stats()
				got := submitBehindGate(t, e, g, eng.workers, f, inputs, nil)
				sizes := map[int64]int{}
				for i, r := range got {
					if r.err != nil || !bytes.Equal(r.out, want[i]) {
						t.Fatalf("%s: member %d: %x %v, want its own output %x", c.name, i, r.out, r.err, want[i])
					}
					sizes[r.batch]++
				}
				if fmt.Sprint(sizes) != fmt.Sprint(c.sizes) {
					t.Fatalf("%s: members by batch size %v, want %v", c.name, sizes, c.sizes)
				}
				after := e.Stats()
				if after.BatchPadded-before.BatchPadded != c.padded || after.BatchRuns-before.BatchRuns != 1 {
					t.Fatalf("%s: %d runs, %d padded; want 1 run, %d padded", c.name, after.BatchRuns-before.BatchRuns, after.BatchPadded-before.BatchPadded, c.padded)
				}
			}
			checkAnswered(t, e, 0) // every member counted completed, the carriers not
		})
	}
}

// A poisonous member (its input makes the kernel fault) fails alone: the batch is run again
// member by member, and the others get their own outputs.
func TestBatchPoisonousMemberFailsAlone(t *testing.T) {
	for _, eng := range batchEngines {
		t.Run(eng.name, func(t *testing.T) {
			g := newGate(t)
			cfg := eng.cfg
			cfg.Env = []string{g.env()}
			e := newEngine(t, cfg)
			f := batchFn(t, []int{2, 4}, 0, "", nil)
			inputs := [][]byte{examples.BatchInput(1), examples.BatchInput(2), examples.BatchPoisonInput(), examples.BatchInput(3)}
			got := submitBehindGate(t, e, g, eng.workers, f, inputs, nil)
			wantPoisonAlone(t, got, inputs, 2)
			for i, r := range got {
				if i != 2 && r.batch != 0 {
					t.Fatalf("member %d answered by a batch of %d, want its run alone after the batch faulted", i, r.batch)
				}
			}
			if st := e.Stats(); st.BatchRuns != 1 || st.BatchMembers != 4 || st.BatchFailures != 1 {
				t.Fatalf("%d batch runs of %d members, %d failed; want 1 of 4, failed", st.BatchRuns, st.BatchMembers, st.BatchFailures)
			}
			checkAnswered(t, e, 1) // the poisonous member; the batch's failure is no invocation's
		})
	}
}

// A member's deadline is its own: one that expires while the batch waits in the queue is
// answered deadline_exceeded at its deadline; the others form a batch and are answered.
func TestBatchMemberDeadline(t *testing.T) {
	for _, eng := range batchEngines {
		t.Run(eng.name, func(t *testing.T) {
			g := newGate(t)
			cfg := eng.cfg
			cfg.Env = []string{g.env()}
			e := newEngine(t, cfg)
			f := batchFn(t, []int{2, 4}, 0, "", nil)
			inputs := [][]byte{examples.BatchInput(1), examples.BatchInput(2), examples.BatchInput(3), examples.BatchInput(4), examples.BatchInput(5)}
			// The workers are released only once the short deadline has been answered: the
			// gate opens after the janitor answered it (submitBehindGate waits for all).
			hold := make([]*call.Invocation, eng.workers)
			for i := range hold {
				hold[i] = call.Acquire()
				hold[i].Fn, hold[i].Inputs = gated(t), [][]byte{{byte(i)}}
				if err := e.Submit(hold[i]); err != nil {
					t.Fatal(err)
				}
			}
			g.waitEntered(t, int64(eng.workers))
			invs := make([]*call.Invocation, len(inputs))
			for i, in := range inputs {
				invs[i] = call.Acquire()
				invs[i].Fn, invs[i].Inputs = f, [][]byte{in}
				invs[i].Deadline = time.Now().Add(time.Minute)
				if i == 1 {
					invs[i].Deadline = time.Now().Add(50 * time.Millisecond)
				}
				if err := e.Submit(invs[i]); err != nil {
					t.Fatal(err)
				}
			}
			<-invs[1].Done()
			if invs[1].Err == nil || invs[1].Err.Code != call.CodeDeadline {
				t.Fatalf("the member with the short deadline: %v, want deadline_exceeded", invs[1].Err)
			}
			g.allow(t, eng.workers)
			for _, h := range hold {
				<-h.Done()
				call.Release(h)
			}
			for i, inv := range invs {
				if i != 1 {
					<-inv.Done()
					if inv.Err != nil || !bytes.Equal(inv.Outputs[0], examples.BatchReference(inputs[i])) || inv.Timing.Batch != 4 {
						t.Fatalf("member %d: %v, batch %d; want its own output from the batch of 4", i, inv.Err, inv.Timing.Batch)
					}
				}
				call.Release(inv)
			}
		})
	}
}

// With max_queue_delay_us 0 a lone invocation never waits for company: it runs alone at once
// (as batch 1, not padded into a larger variant), whatever the preferred sizes.
func TestBatchLoneRequestNeverWaits(t *testing.T) {
	for _, eng := range batchEngines {
		t.Run(eng.name, func(t *testing.T) {
			e := newEngine(t, eng.cfg)
			f := batchFn(t, []int{2, 4, 8}, 0, "pad", []int{8})
			for i := range 3 {
				inv := call.Acquire()
				inv.Fn, inv.Inputs = f, [][]byte{examples.BatchInput(uint64(i))}
				if err := e.Submit(inv); err != nil {
					t.Fatal(err)
				}
				<-inv.Done()
				if inv.Err != nil || inv.Timing.Batch != 0 {
					t.Fatalf("lone request %d: %v, batch %d; want it run alone", i, inv.Err, inv.Timing.Batch)
				}
				call.Release(inv)
			}
			if st := e.Stats(); st.BatchRuns != 0 || st.BatchSizes[1] < 3 {
				t.Fatalf("%d batch runs, %d runs alone; want 0 and 3", st.BatchRuns, st.BatchSizes[1])
			}
		})
	}
}

// With a delay, the first member waits for the preferred size to fill and the others join it:
// on one worker they queue while it waits; on two, the other worker hands those it takes to the
// waiting one.
func TestBatchDelayFillsPreferred(t *testing.T) {
	for _, eng := range batchEngines {
		t.Run(eng.name, func(t *testing.T) {
			e := newEngine(t, eng.cfg)
			f := batchFn(t, []int{2, 4}, function.MaxQueueDelayUs, "", []int{4})
			invs := submitInputs(t, e, f, 4)
			for i, inv := range invs {
				<-inv.Done()
				if inv.Err != nil || inv.Timing.Batch != 4 || !bytes.Equal(inv.Outputs[0], examples.BatchReference(examples.BatchInput(uint64(i)))) {
					t.Fatalf("member %d: %v, batch %d; want its own output from the batch of 4", i, inv.Err, inv.Timing.Batch)
				}
				call.Release(inv)
			}
		})
	}
}

// A delay never runs past a member's deadline: a lone invocation whose deadline is shorter than
// the delay waits at most half of its time to its deadline, and is answered, alone.
func TestBatchDelayBoundedByDeadline(t *testing.T) {
	for _, eng := range batchEngines {
		t.Run(eng.name, func(t *testing.T) {
			e := newEngine(t, eng.cfg)
			f := batchFn(t, []int{2, 4}, function.MaxQueueDelayUs, "", []int{4})
			inv := call.Acquire()
			defer call.Release(inv)
			inv.Fn, inv.Inputs = f, [][]byte{examples.BatchInput(7)}
			timeout := time.Second
			inv.Deadline = time.Now().Add(timeout)
			if err := e.Submit(inv); err != nil {
				t.Fatal(err)
			}
			<-inv.Done()
			if inv.Err != nil || inv.Timing.Batch != 0 {
				t.Fatalf("%v, batch %d; want answered alone before its deadline", inv.Err, inv.Timing.Batch)
			}
			if inv.Timing.Queue < timeout/2-time.Millisecond {
				t.Fatalf("waited %v for company; the bound is half of %v", inv.Timing.Queue, timeout)
			}
		})
	}
}

// wantPoisonAlone checks the answers of a batch whose member poison was poisonous: it failed
// alone with kernel_fault, and every other member got its own output.
func wantPoisonAlone(t *testing.T, got []batchResult, inputs [][]byte, poison int) {
	t.Helper()
	for i, r := range got {
		if i == poison {
			if r.err == nil || r.err.Code != call.CodeKernelFault {
				t.Fatalf("the poisonous member: %v, want kernel_fault", r.err)
			}
			continue
		}
		if r.err != nil || !bytes.Equal(r.out, examples.BatchReference(inputs[i])) {
			t.Fatalf("member %d: %x %v, want its own output", i, r.out, r.err)
		}
	}
}

// A slot that takes an invocation of a batching function takes its batch with it, in the same
// hold of the queue's lock: another slot freed at the same moment finds nothing of it left to
// take, so two workers do not split what queued while they were busy into two small batches.
// Here a second slot (not the engine's) takes from the queue while the engine's one worker is
// held: it claims all four members; once it has put them back, the worker runs them as one
// batch of 4.
func TestBatchTakenWhole(t *testing.T) {
	g := newGate(t)
	e := newEngine(t, Config{Mode: Sequential, Env: []string{g.env()}})
	f := batchFn(t, []int{2, 4}, 0, "", nil)
	hold := call.Acquire()
	hold.Fn, hold.Inputs = gated(t), [][]byte{{0}}
	if err := e.Submit(hold); err != nil {
		t.Fatal(err)
	}
	g.waitEntered(t, 1)
	inputs := [][]byte{examples.BatchInput(1), examples.BatchInput(2), examples.BatchInput(3), examples.BatchInput(4), examples.BatchInput(5)}
	invs := make([]*call.Invocation, len(inputs))
	for i, in := range inputs {
		invs[i] = call.Acquire()
		invs[i].Fn, invs[i].Inputs = f, [][]byte{in}
		if err := e.Submit(invs[i]); err != nil {
			t.Fatal(err)
		}
	}
	other := &slot{e: e, id: "other"}
	got := e.sched.next(other)
	c := other.claimed
	if got != invs[0] || c.inv != got || c.size != 4 || len(c.more) != 3 || c.more[0] != invs[1] || c.more[2] != invs[3] {
		t.Fatalf("took %p with a claim of size %d and %d more; want the first and the next three (a batch of 4)", got, c.size, len(c.more))
	}
	if queued, _ := e.sched.load(); queued != 1 {
		t.Fatalf("%d left queued, want the fifth alone", queued)
	}
	// Undo the take as a slot that cannot run it does (deferToRescue), in order.
	other.unclaim()
	e.sched.putBack(got)
	e.sched.doneRunning(false)
	if queued, _ := e.sched.load(); queued != 5 {
		t.Fatalf("%d queued after the put back, want 5", queued)
	}
	g.allow(t, 1)
	<-hold.Done()
	call.Release(hold)
	for i, inv := range invs {
		<-inv.Done()
		want := int64(4)
		if i == 4 {
			want = 0 // alone: one left is never padded into a batch of 2 without "pad"
		}
		if inv.Err != nil || !bytes.Equal(inv.Outputs[0], examples.BatchReference(inputs[i])) || inv.Timing.Batch != want {
			t.Fatalf("member %d: %v, batch %d; want its own output, batch %d", i, inv.Err, inv.Timing.Batch, want)
		}
		call.Release(inv)
	}
}

// With a delay, what a slot takes off the queue while another waits to fill a batch of the
// same function and caller goes to the waiting one in the same hold of the queue's lock, and
// the waiting one ends its wait and takes the rest of the queue in one hold too: nothing it
// counted on can be taken from under it into a batch of its own (a second slot taking a member
// between the two used to leave it to wait out the delay alone). Here the waiting slot and the
// taking slot are driven by hand while the engine's worker is held.
func TestBatchHandedOverWhileWaiting(t *testing.T) {
	g := newGate(t)
	e := newEngine(t, Config{Mode: Sequential, Env: []string{g.env()}})
	f := batchFn(t, []int{2, 4}, 1000, "", []int{4})
	hold := call.Acquire()
	hold.Fn, hold.Inputs = gated(t), [][]byte{{0}}
	if err := e.Submit(hold); err != nil {
		t.Fatal(err)
	}
	g.waitEntered(t, 1)
	invs := submitInputs(t, e, f, 4)
	waiter, taker := &slot{e: e, id: "waiter"}, &slot{e: e, id: "taker"}
	first := e.sched.next(waiter)
	if first != invs[0] || waiter.claimed.inv != nil {
		t.Fatalf("the waiter took %p with a claim of %d; want the first, and no claim (it waits for company)", first, len(waiter.claimed.more))
	}
	gath, joined := e.batching.join(first) // as batchWaiting does
	if joined {
		t.Fatal("no batch was waiting, yet the first was handed over")
	}
	if got := e.sched.next(taker); got != nil {
		t.Fatalf("the taker got %p to run; want everything handed to the waiting batch", got)
	}
	if !e.sched.leaveIdle(taker) { // not the engine's: off the idle stack
		t.Fatal("the taker did not go idle")
	}
	if h := e.batching.handed(first, gath, false); len(h) != 3 || h[0] != invs[1] || h[2] != invs[3] {
		t.Fatalf("%d handed to the waiting batch, want the other three in order", len(h))
	}
	var buf [16]int
	vs, d, usable, ok := waiter.batchPlan(first, buf[:0])
	if !ok {
		t.Fatal("not batchable")
	}
	extra, more, size, take := e.sched.finishGather(first, usable, d, gath)
	if len(extra) != 3 || len(more) != 0 || size != 4 || take != 4 || vs == nil {
		t.Fatalf("the waiter's batch: %d handed, %d queued, size %d, take %d; want 3, 0, 4, 4", len(extra), len(more), size, take)
	}
	g2, joined := e.batching.join(invs[1])
	if joined {
		t.Fatal("the gathering is still open after its end")
	}
	e.batching.handed(invs[1], g2, true) // ends the gathering join just opened
	// Give everything back (in order) and let the worker run them: one batch of 4.
	for i := len(extra) - 1; i >= 0; i-- {
		e.sched.putBack(extra[i])
	}
	e.sched.putBack(first)
	e.sched.doneRunning(false)
	g.allow(t, 1)
	<-hold.Done()
	call.Release(hold)
	for i, inv := range invs {
		<-inv.Done()
		if inv.Err != nil || inv.Timing.Batch != 4 || !bytes.Equal(inv.Outputs[0], examples.BatchReference(examples.BatchInput(uint64(i)))) {
			t.Fatalf("member %d: %v, batch %d; want its own output from the batch of 4", i, inv.Err, inv.Timing.Batch)
		}
		call.Release(inv)
	}
}
