package engine

import (
	"bytes"
	"fmt"
	"testing"

	"gpufn/call"
)

// Inputs of at least StreamMinBytes for an idle worker are streamed (sent after the request)
// and every answer is computed from its own inputs; smaller ones, and every one with NoStream,
// go in before the request. The outputs are the same either way.
func TestStreamedInputsEndToEnd(t *testing.T) {
	for _, noStream := range []bool{false, true} {
		t.Run(fmt.Sprintf("NoStream=%v", noStream), func(t *testing.T) {
			e := newEngine(t, Config{Mode: Sequential, NoStream: noStream})
			f := echo(t)
			var wantStreamed uint64
			for round, size := range []int{StreamMinBytes, 3*StreamMinBytes + 5, StreamMinBytes - 1, 100, 5 * StreamMinBytes} {
				in := bytes.Repeat([]byte(fmt.Sprintf("round %d ", round)), size/8+1)[:size]
				out, cerr := invokeSync(t, e, f, in, 0)
				if cerr != nil {
					t.Fatalf("round %d: %v", round, cerr)
				}
				if !bytes.Equal(out, in) {
					t.Fatalf("round %d: %d bytes out for %d in, or different ones", round, len(out), len(in))
				}
				if !noStream && size >= StreamMinBytes {
					wantStreamed++
				}
				if got := e.Stats().Streamed; got != wantStreamed {
					t.Fatalf("after round %d (%d bytes): %d invocations streamed, want %d", round, size, got, wantStreamed)
				}
			}
		})
	}
}

// A context that holds another caller's (or another function's) input is written before the
// request, not streamed: until a stream overwrites them, the reserved spans would hold that
// data while the worker may already run the function's kernels (an init flow placing its
// weight set). The next invocation of the same caller and function streams again.
func TestStreamedInputsOnlyOverOwnData(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, NoPipeline: true})
	f, g := echo(t), echo(t)
	run := func(fn *call.Function, tenant string, round int) {
		t.Helper()
		inv := call.Acquire()
		defer call.Release(inv)
		in := bytes.Repeat([]byte{byte(round)}, 2*StreamMinBytes)
		inv.Fn, inv.Tenant, inv.Inputs = fn, tenant, [][]byte{in}
		if err := e.SubmitInline(inv); err != nil {
			t.Fatal(err)
		}
		<-inv.Done()
		if inv.Err != nil || !bytes.Equal(inv.Outputs[0], in) {
			t.Fatalf("round %d: %v", round, inv.Err)
		}
	}
	for round, c := range []struct {
		fn       *call.Function
		tenant   string
		streamed uint64 // the count after the round
	}{
		{f, "alice", 1}, // a fresh context
		{f, "alice", 2}, // alice's own data of f
		{f, "bob", 2},   // alice's data: written first
		{f, "bob", 3},   // bob's own
		{g, "bob", 3},   // f's data: written first
		{g, "bob", 4},
	} {
		run(c.fn, c.tenant, round)
		if got := e.Stats().Streamed; got != c.streamed {
			t.Fatalf("round %d (%s): %d invocations streamed, want %d", round, c.tenant, got, c.streamed)
		}
	}
}
