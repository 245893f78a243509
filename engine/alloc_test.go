package engine

import (
	"testing"

	"gpufn/call"
)

// The engine's round trip of an invocation to a real worker process does not allocate in
// steady state, queued (Submit, the slot goroutine's await loop) or run inline (SubmitInline),
// whatever the polling policy (block parks at once; spin polls the worker).
func TestRoundTripAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	for _, policy := range []Policy{PolicyBlock, PolicySpin} {
		e := newEngine(t, Config{Mode: Sequential, Policy: policy})
		f := echo(t)
		in := make([]byte, 1024)
		for _, inline := range []bool{false, true} {
			run := func() {
				inv := call.Acquire()
				inv.Fn = f
				inv.Inputs = append(inv.Inputs, in)
				submit := e.Submit
				if inline {
					submit = e.SubmitInline
				}
				if err := submit(inv); err != nil {
					t.Fatal(err)
				}
				<-inv.Done()
				if inv.Err != nil {
					t.Fatal(inv.Err)
				}
				call.Release(inv)
			}
			for range 50 {
				run()
			}
			if n := testing.AllocsPerRun(200, run); n > 0 {
				t.Errorf("%s, inline %v: %.1f allocations per invocation", policy, inline, n)
			}
		}
	}
}
