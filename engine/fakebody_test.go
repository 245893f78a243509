package engine

import (
	"bytes"
	"errors"
	"testing"

	"gpufn/call"
)

// Streamed request bodies on fake workers whose contexts have input watermarks
// (fakeGPU.streaming): paths a worker process cannot be made to take on cue.

// streamingFake is a sequential engine on one fake worker with streaming contexts of 256 KiB.
func streamingFake(t *testing.T) (*Engine, *fakeGPU) {
	g := newFakeGPU(t)
	g.streaming = true
	return newFake(t, g, Config{Mode: Sequential, ContextBytes: 256 << 10}), g
}

func fakeBody(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*11 + 3)
	}
	return b
}

// The fake's streaming works as a worker process's: the body is read into the context after
// the request, and the fake waits for it.
func TestFakeStreamedBody(t *testing.T) {
	e, _ := streamingFake(t)
	in := fakeBody(2*StreamMinBytes + 5)
	inv, err := submitBody(t, e, fakeFn(doEcho), "", &parts{b: in, step: 10_000}, len(in))
	if err != nil {
		t.Fatal(err)
	}
	defer call.Release(inv)
	if inv.Err != nil || !bytes.Equal(inv.Outputs[0], in) {
		t.Fatalf("answered %v, output right %v", inv.Err, inv.Err == nil && bytes.Equal(inv.Outputs[0], in))
	}
	if st := e.Stats(); st.StreamedBodies != 1 {
		t.Fatalf("streamed bodies %d, want 1", st.StreamedBodies)
	}
}

// A request with a body to come that cannot be written to its worker (the worker died after
// it was lent): the body is read whole before anything else (it must not stay on the socket
// while the invocation is handed on), the worker is replaced, and the invocation is answered
// once. A body that then breaks off is the client's error (bad_request), not the worker's.
func TestFakeStreamedBodySendFails(t *testing.T) {
	for _, broken := range []bool{false, true} {
		name := "whole"
		if broken {
			name = "broken"
		}
		t.Run(name, func(t *testing.T) {
			e, g := streamingFake(t)
			f := fakeFn(doEcho)
			wantOut(t, fsubmit(t, e, f, "", "warm", 0, true))
			// The answer may come before the slot is idle again: a streamed body is lent only
			// an idle one (else ErrNotLent, which failed this test once under the full suite).
			waitIdle(t, e, 1)
			w := g.worker("fake0-w0")
			g.mu.Lock()
			w.failSend, w.failDone = 1, true
			g.mu.Unlock()

			in := fakeBody(3 * StreamMinBytes)
			body := &parts{b: in, step: 20_000}
			if broken {
				body.cut, body.err = 50_000, errors.New("connection reset by peer")
			}
			inv, err := submitBody(t, e, f, "", body, len(in))
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case broken && (inv.Err == nil || inv.Err.Code != call.CodeBadRequest):
				t.Fatalf("a body broken after the send failed: %v, want bad_request", inv.Err)
			case !broken && inv.Err == nil:
				t.Fatal("an invocation whose request was never written was answered with an output")
			case !broken && inv.Err.Code == call.CodeBadRequest:
				t.Fatalf("a whole body answered %v: the client sent nothing wrong", inv.Err)
			case !broken && !bytes.Equal(inv.Inputs[0], in):
				t.Fatal("the body was not read whole into Inputs[0] before the failure was handled")
			}
			call.Release(inv)
			if st := settled(t, e); st.Restarts != 1 || st.StreamedBodies != 0 {
				t.Fatalf("stats %+v: want the worker replaced once, no body streamed", st)
			}
			if g.started() != 2 {
				t.Fatalf("%d workers started, want 2", g.started())
			}
			// The new worker serves, streamed bodies included.
			in2 := fakeBody(StreamMinBytes + 9)
			inv, err = submitBody(t, e, f, "", &parts{b: in2, step: 30_000}, len(in2))
			if err != nil {
				t.Fatal(err)
			}
			defer call.Release(inv)
			if inv.Err != nil || !bytes.Equal(inv.Outputs[0], in2) {
				t.Fatalf("the next body: %v", inv.Err)
			}
		})
	}
}
