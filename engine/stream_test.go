package engine

import (
	"bytes"
	"fmt"
	"testing"
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
