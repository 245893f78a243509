package engine

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"gpufn/call"
)

// parts is a body that arrives in pieces: each Read hands out at most step bytes and, after
// the first, waits pause; after cut bytes (0: never) it fails with err.
type parts struct {
	b     []byte
	step  int
	pause time.Duration
	cut   int
	err   error
	read  int
}

func (r *parts) Read(p []byte) (int, error) {
	if r.cut > 0 && r.read >= r.cut {
		return 0, r.err
	}
	if r.read == len(r.b) {
		return 0, io.EOF
	}
	if r.read > 0 {
		time.Sleep(r.pause)
	}
	end := min(len(r.b), r.read+r.step, r.read+len(p))
	if r.cut > 0 {
		end = min(end, r.cut)
	}
	n := copy(p, r.b[r.read:end])
	r.read += n
	return n, nil
}

// submitBody runs an invocation of fn for tenant whose input arrives through body (len(in)
// bytes), and returns it answered (the caller releases it), or the Submit error.
func submitBody(t *testing.T, e *Engine, fn *call.Function, tenant string, body io.Reader, size int) (*call.Invocation, error) {
	t.Helper()
	inv := call.Acquire()
	inv.Fn, inv.Tenant, inv.Inputs, inv.Body = fn, tenant, [][]byte{make([]byte, size)}, body
	if err := e.SubmitInline(inv); err != nil {
		call.Release(inv)
		return nil, err
	}
	select {
	case <-inv.Done():
	case <-time.After(20 * time.Second):
		t.Fatal("the invocation was not answered")
	}
	return inv, nil
}

// A body that arrives in parts is read straight into the worker's context and answered right;
// when its run fails, Inputs[0] holds it (what a run again would use). One that breaks off is answered
// bad_request at once, and the worker, which gave the inputs up, serves the next invocation
// without waiting out its input limit. One too slow for a worker is answered body_slow with
// what came kept, and is not counted as failed.
func TestStreamedBodies(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	f := echo(t)
	in := make([]byte, 5*StreamMinBytes+123)
	for i := range in {
		in[i] = byte(i*13 + 7)
	}

	inv, err := submitBody(t, e, f, "alice", &parts{b: in, step: 20_000, pause: 200 * time.Microsecond}, len(in))
	if err != nil {
		t.Fatal(err)
	}
	if inv.Err != nil || !bytes.Equal(inv.Outputs[0], in) || inv.Body != nil {
		t.Fatalf("answer %v, output right %v", inv.Err, bytes.Equal(inv.Outputs[0], in))
	}
	call.Release(inv)
	if st := e.Stats(); st.StreamedBodies != 1 || st.Inline != 1 {
		t.Fatalf("streamed bodies %d, inline %d; want 1 and 1", st.StreamedBodies, st.Inline)
	}

	// Broken off after 70,000 bytes.
	boom := errors.New("connection reset by peer")
	failedBefore, streamedBefore := e.Stats().Failed, e.Stats().Streamed
	t0 := time.Now()
	inv, err = submitBody(t, e, f, "alice", &parts{b: in, step: 30_000, cut: 70_000, err: boom}, len(in))
	if err != nil {
		t.Fatal(err)
	}
	if inv.Err == nil || inv.Err.Code != call.CodeBadRequest || !strings.Contains(inv.Err.Message, "after 70000 of its") {
		t.Fatalf("a broken body: %+v", inv.Err)
	}
	call.Release(inv)
	if got := e.Stats().Streamed; got != streamedBefore+1 {
		t.Fatalf("the broken body was not streamed into the worker (streamed %d, want %d)", got, streamedBefore+1)
	}
	if out, cerr := invokeSync(t, e, f, in, 0); cerr != nil || !bytes.Equal(out, in) {
		t.Fatalf("the next invocation: %v", cerr)
	}
	if d := time.Since(t0); d > 5*time.Second {
		t.Fatalf("the broken body and the next invocation took %v: the worker did not see the inputs given up", d)
	}
	if got := e.Stats().Failed; got != failedBefore+1 {
		t.Fatalf("failed %d, want %d", got, failedBefore+1)
	}

	// Too slow: what came stays in Inputs[0].
	inv, err = submitBody(t, e, f, "alice", &parts{b: in, step: 50_000, cut: 100_000, err: call.ErrBodySlow}, len(in))
	if err != nil {
		t.Fatal(err)
	}
	if inv.Err == nil || inv.Err.Code != call.CodeBodySlow || !bytes.Equal(inv.Inputs[0][:100_000], in[:100_000]) {
		t.Fatalf("a slow body: %+v, prefix kept %v", inv.Err, bytes.Equal(inv.Inputs[0][:100_000], in[:100_000]))
	}
	call.Release(inv)
	if got := e.Stats().Failed; got != failedBefore+1 {
		t.Fatalf("a slow body counted as failed: %d, want %d", got, failedBefore+1)
	}
	if got := e.Stats().StreamedBodies; got != 1 {
		t.Fatalf("streamed bodies %d after one that came whole and two that failed, want 1", got)
	}

	// A body whose run fails: the body, which lived in the context only, is in Inputs[0]
	// before the failure is handled (where a run again would read it).
	// (On an engine of its own: a context holding another function's data is not streamed into.)
	e2 := newEngine(t, Config{Mode: Sequential})
	faulty := fn(t, "fault", "", `"X"`, "", "X")
	inv, err = submitBody(t, e2, faulty, "alice", &parts{b: in, step: 40_000}, len(in))
	if err != nil {
		t.Fatal(err)
	}
	if inv.Err == nil || inv.Err.Code != call.CodeKernelFault || !bytes.Equal(inv.Inputs[0], in) {
		t.Fatalf("a faulting run: %+v, Inputs[0] holds the body: %v", inv.Err, bytes.Equal(inv.Inputs[0], in))
	}
	call.Release(inv)
	if got := e2.Stats().StreamedBodies; got != 1 {
		t.Fatalf("the faulting run's body was not streamed (%d)", got)
	}
}

// Where a body cannot be streamed into the worker it is read whole first (a context holding
// another caller's data), and where no worker can be lent the invocation is not admitted:
// call.ErrNotLent, for the caller to read the body and submit it as any other.
func TestStreamedBodiesNotLent(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, NoPipeline: true})
	f := echo(t)
	in := bytes.Repeat([]byte("body "), StreamMinBytes)
	if out, cerr := invokeSync(t, e, f, in[:100], 0); cerr != nil || !bytes.Equal(out, in[:100]) {
		t.Fatalf("warming up: %v", cerr)
	}
	// invokeSync ran as tenant ""; bob's body goes into a context holding that caller's input,
	// so it is read whole first. When that read fails (too slow), the context is left as it
	// was, not taken for bob's: his next body is not streamed over the other caller's data.
	inv, err := submitBody(t, e, f, "bob", &parts{b: in, step: 10_000, cut: 20_000, err: call.ErrBodySlow}, len(in))
	if err != nil {
		t.Fatal(err)
	}
	if inv.Err == nil || inv.Err.Code != call.CodeBodySlow {
		t.Fatalf("a slow body read whole: %+v", inv.Err)
	}
	call.Release(inv)
	inv, err = submitBody(t, e, f, "bob", &parts{b: in, step: 40_000}, len(in))
	if err != nil {
		t.Fatal(err)
	}
	if inv.Err != nil || !bytes.Equal(inv.Outputs[0], in) {
		t.Fatalf("over another caller's data: %v", inv.Err)
	}
	call.Release(inv)
	if st := e.Stats(); st.StreamedBodies != 0 {
		t.Fatalf("a body streamed over another caller's data (%d)", st.StreamedBodies)
	}

	// The caller's own deadline: not lent.
	inv = call.Acquire()
	defer call.Release(inv)
	inv.Fn, inv.Inputs, inv.Body, inv.Deadline = f, [][]byte{make([]byte, len(in))}, &parts{b: in, step: len(in)}, time.Now().Add(time.Minute)
	if err := e.SubmitInline(inv); !errors.Is(err, call.ErrNotLent) {
		t.Fatalf("with a deadline of its own: %v, want ErrNotLent", err)
	}
	// The only worker busy: not lent, not queued.
	slow := call.Acquire()
	defer call.Release(slow)
	slow.Fn, slow.Inputs = sleeper(t, 300), [][]byte{[]byte("x")}
	if err := e.Submit(slow); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the worker to take the slow invocation", func() bool { q, r := e.sched.load(); return q == 0 && r == 1 })
	inv.Deadline, inv.Body = time.Time{}, &parts{b: in, step: len(in)}
	if err := e.SubmitInline(inv); !errors.Is(err, call.ErrNotLent) {
		t.Fatalf("with the worker busy: %v, want ErrNotLent", err)
	}
	if q, _ := e.sched.load(); q != 0 {
		t.Fatalf("%d queued: an invocation with a body was queued", q)
	}
	<-slow.Done()
	if e2 := newEngine(t, Config{Mode: Sequential, NoStream: true}); e2.SubmitInline(inv) != call.ErrNotLent {
		t.Fatal("--stream-inputs=false: a body was taken")
	}
}
