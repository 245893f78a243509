package engine

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"gpufn/call"
)

// Whole-GPU control (Auto mode) and partial outputs, on real worker processes.

// Auto mode: an invocation too big for one worker's share gets the whole GPU; the others are
// served by the concurrent workers as usual, and the shares come back afterwards.
func TestAutoRoutesBigInvocationsToWholeGPU(t *testing.T) {
	e := newEngine(t, Config{Mode: Auto, Workers: 2, PoolBytes: 1 << 20, UsableBytes: 64 << 20})
	big := fn(t, "fill_u8", `"A": {"Absolute": 8388608}`, "", `{"Ptr": "A"}, {"Sizeof": "A"}, {"Constant": 1}`)
	small := echo(t)
	for i := 0; i < 2; i++ {
		inv := call.Acquire()
		inv.Fn, inv.Need = big, 8<<20
		if err := e.Submit(inv); err != nil {
			t.Fatal(err)
		}
		<-inv.Done()
		if inv.Err != nil {
			t.Fatalf("big %d: %v", i, inv.Err)
		}
		call.Release(inv)
		if out, err := invokeSync(t, e, small, []byte("small"), 0); err != nil || string(out) != "small" {
			t.Fatalf("small after big: %q %v", out, err)
		}
	}
	st := e.Stats()
	if st.Whole != 2 {
		t.Fatalf("whole-GPU invocations %d", st.Whole)
	}
	for _, w := range st.Workers[:2] {
		if w.PoolBytes != 1<<20 {
			t.Fatalf("worker %s has a pool of %d after the whole-GPU run, want its share back", w.ID, w.PoolBytes)
		}
	}
}

// A drain that times out while a whole-GPU invocation runs (Auto mode): the idle slots'
// goroutines end on the quit, and giving their pools back afterwards must not wait for them
// forever (it did: Shutdown then hung in its wait for the slot goroutines).
func TestAutoWholeDuringTimedOutDrain(t *testing.T) {
	g := newGate(t)
	e := newEngine(t, Config{Mode: Auto, Workers: 2, PoolBytes: 1 << 20, UsableBytes: 64 << 20, Env: []string{g.env()}})
	big := fn(t, "spin_ns", `"A": {"Absolute": 8388608}`, `"X"`, `{"Constant": 0}`, "X") // waits at the gate
	inv := call.Acquire()
	defer call.Release(inv)
	inv.Fn, inv.Need, inv.Inputs = big, 8<<20, [][]byte{[]byte("whole")}
	if err := e.Submit(inv); err != nil {
		t.Fatal(err)
	}
	g.waitEntered(t, 1) // the whole-GPU worker runs it, and it cannot end
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	stopped := make(chan error, 1)
	go func() { stopped <- e.Shutdown(ctx) }()
	// The drain times out (the quit): the idle slots' goroutines end; only then does the
	// whole-GPU invocation end and the workers take their pools back.
	drainTimedOut(t, e)
	g.allow(t, 1)
	shutdownTimedOut(t, stopped, "after a drain that timed out during a whole-GPU invocation")
	<-inv.Done()
	if inv.Err != nil || string(inv.Outputs[0]) != "whole" {
		t.Fatalf("whole-GPU invocation: %q %v", inv.Outputs, inv.Err)
	}
}

// An invocation that fails with output_too_large has had its first outputs copied into the
// context already: they must not stay there for the next caller's kernels to read.
func TestPartialOutputsDoNotOutliveAFailure(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	// X (the input, echoed) fits; BIG (2 MiB) does not fit the 1 MiB context.
	two := fn(t, "print_inject", `"BIG": {"Absolute": 2097152}`, `"X", "BIG"`, `{"Constant": 1}`, "X")
	other := echo(t)
	secret := []byte(strings.Repeat("alice-output-secret ", 4))
	if a := <-submitAs(t, e, two, "alice", secret, 0); a.err == nil || a.err.Code != "output_too_large" {
		t.Fatalf("alice: %q %v, want output_too_large", a.out, a.err)
	}
	if a := <-submitAs(t, e, other, "bob", []byte("b"), 0); a.err != nil || string(a.out) != "b" {
		t.Fatalf("bob: %q %v", a.out, a.err)
	}
	s := e.slots[0]
	for i := 0; i < s.life.w.Contexts(); i++ {
		b := s.life.w.Context(i).Bytes()
		if n := bytes.Count(b, secret); n > 0 {
			t.Fatalf("context %d holds alice's %d copies of her input/output after bob's invocation ran (at %d)", i, n, bytes.Index(b, secret))
		}
	}
}
