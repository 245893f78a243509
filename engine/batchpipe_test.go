package engine

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
	"time"

	"gpufn/call"
)

// Batching and pipelining (batch.go, pipeline.go) on real workers, held at the gate.

// gatedBatchFn is a batching function of the testkernels library whose runs wait at the gate
// (spin_ns) and answer their input X (8 bytes an item), with variants of sizes: one gate
// entry per run, batch or not.
func gatedBatchFn(t *testing.T, sizes []int) *call.Function {
	t.Helper()
	body := func(extra string) string {
		return `{"module_path": "testkernels", "kernels": ["spin_ns"],` + extra + ` "blueprint": {"inputs": ["X"], "buffers": {}, "outputs": ["X"],
		  "control_flow": [{"ExecKernel": ["spin_ns", [{"Constant": 0}], ` + launch1 + `]}]}}`
	}
	var vs string
	for i, n := range sizes {
		if i > 0 {
			vs += ", "
		}
		vs += fmt.Sprintf(`{"batch": %d, "function": "g_b%d"}`, n, n)
	}
	one := compileFn(t, "g", body(`"batching": {"variants": [`+vs+`], "item_bytes": {"X": 8}},`))
	decl := one.Plan.Config.Batching
	one.Batching = &call.Batching{Decl: decl}
	v := &call.Variants{}
	v.Add(one, 1, decl)
	for _, n := range sizes {
		v.Add(compileFn(t, fmt.Sprintf("g_b%d", n), body("")), n, decl)
	}
	one.Batching.SetVariants(v)
	return one
}

func item8(i int) []byte { return []byte(fmt.Sprintf("item%04d", i)) }

// blockThenQueue submits a gated invocation and, once it is held at the gate (entered counts
// the gate's entries), n invocations of f, the i-th with input item8(first+i): they queue
// behind it.
func blockThenQueue(t *testing.T, e *Engine, g *gate, entered *int64, f *call.Function, n, first int) (*call.Invocation, []*call.Invocation) {
	t.Helper()
	blocker := call.Acquire()
	blocker.Fn, blocker.Inputs = gated(t), [][]byte{{1}}
	if err := e.Submit(blocker); err != nil {
		t.Fatal(err)
	}
	*entered++
	g.waitEntered(t, *entered)
	invs := make([]*call.Invocation, n)
	for i := range invs {
		invs[i] = call.Acquire()
		invs[i].Fn, invs[i].Inputs = f, [][]byte{item8(first + i)}
		if err := e.Submit(invs[i]); err != nil {
			t.Fatal(err)
		}
	}
	return blocker, invs
}

// warmVariants runs each variant of f once but those of the sizes in skip (its runs let
// through the gate), so that the worker has the code of each: a slot sends nothing behind a
// run whose code, or whose next run's code, the worker lacks. It returns how many ran.
func warmVariants(t *testing.T, e *Engine, g *gate, f *call.Function, skip ...int) (*call.Variants, int64) {
	t.Helper()
	vs := f.Batching.Variants()
	var warmed int64
	for i, v := range vs.Fns {
		if slices.Contains(skip, vs.Sizes[i]) {
			continue
		}
		g.allow(t, 1)
		in := bytes.Repeat(item8(i), vs.Sizes[i])
		if out, err := invokeSync(t, e, v, in, 0); err != nil || !bytes.Equal(out, in) {
			t.Fatalf("warm %s: %q %v", v.Name, out, err)
		}
		warmed++
	}
	return vs, warmed
}

// A pipelining worker sends the next run of a batching function behind the running one, of
// whatever variant: behind a batch of 2, the one left alone runs behind it as the batch-1
// function; behind a batch of 4, a batch of 2; behind a batch of 4, the next batch of 4. The
// context of the running batch is not zeroed under it (isolate counts a batch as its batching
// function's): every member gets its own input back. Only what the worker has the code of is
// sent so: before the batch of 2 first ran on it, it goes back to the queue behind a batch of 4
// and runs after it. Batches are formed at once here (EagerBatches); TestBatchFormedLate has
// the default.
func TestBatchPipelinesAnyVariant(t *testing.T) {
	g := newGate(t)
	e := newEngine(t, Config{Mode: Sequential, Env: []string{g.env()}, EagerBatches: true})
	f := gatedBatchFn(t, []int{2, 4})
	_, entered := warmVariants(t, e, g, f, 2)
	for _, c := range []struct {
		n         int
		want      []int64
		runs      int // at the gate, the blocker's included
		pipelined uint64
	}{
		{6, []int64{4, 4, 4, 4, 2, 2}, 3, 0},       // the batch of 2's code not loaded yet: after the batch of 4
		{3, []int64{2, 2, 0}, 3, 1},                // a batch of 2, the one left alone sent behind it
		{6, []int64{4, 4, 4, 4, 2, 2}, 3, 1},       // behind the batch of 4, the batch of 2
		{8, []int64{4, 4, 4, 4, 4, 4, 4, 4}, 3, 1}, // the second batch of 4 sent behind the first
	} {
		before := e.Stats()
		blocker, invs := blockThenQueue(t, e, g, &entered, f, c.n, 10)
		g.allow(t, c.runs)
		entered += int64(c.runs - 1)
		<-blocker.Done()
		call.Release(blocker)
		for i, inv := range invs {
			<-inv.Done()
			if inv.Err != nil || !bytes.Equal(inv.Outputs[0], item8(10+i)) || inv.Timing.Batch != c.want[i] {
				t.Fatalf("%d queued, invocation %d: %q %v batch %d; want its own input back from a batch of %d", c.n, i, inv.Outputs, inv.Err, inv.Timing.Batch, c.want[i])
			}
			call.Release(inv)
		}
		if p := e.Stats().Pipelined - before.Pipelined; p != c.pipelined {
			t.Fatalf("%d queued: %d pipelined, want %d", c.n, p, c.pipelined)
		}
	}
}

// By default the next batch is formed only when the running one is about to end
// (pipeline.go, prefetchDue): with a run expected to last an hour nothing is formed behind a
// batch of 4 while it runs, and the 4 queued behind it form their batch once it is answered;
// with a run expected to last 20 ms the batch behind it is formed and sent while the first
// is still held at the gate. The slot's estimates are set by hand (they are measured).
func TestBatchFormedLate(t *testing.T) {
	g := newGate(t)
	e := newEngine(t, Config{Mode: Sequential, Env: []string{g.env()}})
	f := gatedBatchFn(t, []int{2, 4})
	vs, entered := warmVariants(t, e, g, f)
	b4 := vs.Fns[len(vs.Fns)-1]
	s := e.slots[0]
	for _, c := range []struct {
		run       time.Duration
		pipelined uint64
	}{{time.Hour, 0}, {20 * time.Millisecond, 1}} {
		// Set while the slot is idle; the submissions below hand the slot its work.
		s.pipe.runs = estimates{b4.ID: c.run}
		s.pipe.leads = estimates{f.ID: 0}
		before := e.Stats()
		blocker, invs := blockThenQueue(t, e, g, &entered, f, 8, 20)
		g.allow(t, 1) // the blocker
		<-blocker.Done()
		call.Release(blocker)
		entered++
		g.waitEntered(t, entered) // the first batch of 4, held
		if c.pipelined > 0 {
			for deadline := time.Now().Add(30 * time.Second); e.Stats().Pipelined-before.Pipelined < c.pipelined; time.Sleep(time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("run expected to last %v: the batch behind it was not formed while it ran", c.run)
				}
			}
		}
		g.allow(t, 2)
		entered++
		for i, inv := range invs {
			<-inv.Done()
			if inv.Err != nil || !bytes.Equal(inv.Outputs[0], item8(20+i)) || inv.Timing.Batch != 4 {
				t.Fatalf("run expected to last %v, invocation %d: %q %v batch %d; want its own input back from a batch of 4", c.run, i, inv.Outputs, inv.Err, inv.Timing.Batch)
			}
			call.Release(inv)
		}
		if p := e.Stats().Pipelined - before.Pipelined; p != c.pipelined {
			t.Fatalf("run expected to last %v: %d pipelined, want %d", c.run, p, c.pipelined)
		}
	}
}

// The estimates of pipeline.go follow a shorter duration by half the difference and a longer
// one by a quarter, and start again past maxEstimates IDs.
func TestEstimates(t *testing.T) {
	var m estimates
	if _, ok := m.get(1); ok {
		t.Fatal("an empty record knows ID 1")
	}
	m.add(1, 800*time.Microsecond)
	for _, c := range []struct{ add, want time.Duration }{
		{400 * time.Microsecond, 600 * time.Microsecond},  // half of the 400 us down
		{1000 * time.Microsecond, 700 * time.Microsecond}, // a quarter of the 400 us up
		{700 * time.Microsecond, 700 * time.Microsecond},
	} {
		m.add(1, c.add)
		if got, ok := m.get(1); !ok || got != c.want {
			t.Fatalf("after %v: %v %v, want %v", c.add, got, ok, c.want)
		}
	}
	for id := uint64(2); id <= maxEstimates; id++ {
		m.add(id, time.Millisecond)
	}
	if len(m) != maxEstimates {
		t.Fatalf("%d IDs, want %d", len(m), maxEstimates)
	}
	m.add(maxEstimates+1, time.Millisecond)
	if _, ok := m.get(1); ok || len(m) != 1 {
		t.Fatalf("past %d IDs the record holds %d, ID 1 among them: want only the new one", maxEstimates, len(m))
	}
}

// behind names the function recorded when the running invocation was sent (its family), also
// once its invocation was answered early (inv nil): for a batch of variant g_b4, the batching
// function g, as isolate recorded for its context, never the variant itself (a direct call of
// the variant sent behind it would have that context zeroed under the running batch).
func TestBehindAnsweredEarly(t *testing.T) {
	f := gatedBatchFn(t, []int{4})
	vs := f.Batching.Variants()
	b4 := vs.Fns[len(vs.Fns)-1]
	members := make([]*call.Invocation, 4)
	for i := range members {
		members[i] = &call.Invocation{Fn: f}
	}
	carrier := &call.Invocation{Fn: b4, Batch: call.NewBatchRun(members, 4, nil, nil)}
	p := pending{inv: carrier, fn: b4, family: family(carrier)}
	if got := behind(&p); got != f {
		t.Fatalf("behind a batch of %s: %s, want %s", b4.Name, got.Name, f.Name)
	}
	p.inv = nil // answered early: its caller's deadline passed
	if got := behind(&p); got != f {
		t.Fatalf("behind a batch of %s answered early: %s, want %s", b4.Name, got.Name, f.Name)
	}
}

// A slot estimates a batching function's runs from warm runs only (reply.go, receive): the
// first run of the batch-1 function on a worker loads its code and is left out; the second is
// counted.
func TestRunEstimatesSkipColdRuns(t *testing.T) {
	g := newGate(t)
	e := newEngine(t, Config{Mode: Sequential, Env: []string{g.env()}})
	f := gatedBatchFn(t, []int{2})
	s := e.slots[0]
	for run, want := range []bool{false, true} {
		g.allow(t, 1)
		if out, err := invokeSync(t, e, f, item8(run), 0); err != nil || !bytes.Equal(out, item8(run)) {
			t.Fatalf("run %d: %q %v", run, out, err)
		}
		// Read after the answer: the slot records before it answers, and is idle now.
		if _, ok := s.pipe.runs.get(f.ID); ok != want {
			t.Fatalf("after run %d (a module load: %v) the slot has an estimate: %v, want %v", run, run == 0, ok, want)
		}
	}
}
