package e2e

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// rawInvoke is the head of a raw POST of n bytes to function fn's invocation.
func rawInvoke(fn string, n int) string {
	return fmt.Sprintf("POST /v1/functions/%s/invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nAccept: application/octet-stream\r\nContent-Length: %d\r\n\r\n", fn, n)
}

// readAnswer reads one answer from br and returns its status, Connection header and body.
func readAnswer(t *testing.T, br *bufio.Reader) (int, string, []byte) {
	t.Helper()
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Connection"), b
}

// Raw invocation bodies of at least 32 KiB go from the connection straight into an idle
// worker's context (--stream-body, docs/engines.md): answered right, one after another on one
// connection and when two requests come in one write (the stream stops at the body's end, and
// the next request is read whole); a body that stalls past --stream-body-wait is read whole
// and run as any other, on a connection that stays open; one whose client goes away frees the
// worker at once. streamed_bodies counts the bodies that went into a worker.
func TestStreamedBodies(t *testing.T) {
	s := start(t, "--engine", "sequential", "--stream-body-wait", "30ms")
	s.uploadExamples("testkernels")
	s.mustPut("/v1/functions/echo", config("print_inject", "", `"X"`, `{"Constant": 1}`, "X"))
	body := func(seed, n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*7 + seed)
		}
		return b
	}
	streamed := func() uint64 { return s.engines()[0].StreamedBodies }
	// A worker that preloads the function is not idle: its invocations are queued.
	waitFor(t, "the workers to finish preloading", func() bool { e := s.engines()[0]; return e.PreloadsPending == 0 && e.Busy == 0 })

	// Back to back on one connection, through Go's client.
	for i, n := range []int{200_000, 32 << 10, 1_000_000} {
		in := body(i, n)
		a := s.do("POST", "/v1/functions/echo/invoke", "application/octet-stream", in, "Accept", "application/octet-stream")
		if a.status != 200 || !bytes.Equal(a.body, in) {
			t.Fatalf("body %d (%d bytes): %d %s %s, output equal %v", i, n, a.status, a.code, a.message, bytes.Equal(a.body, in))
		}
	}
	if got := streamed(); got != 3 {
		t.Fatalf("streamed_bodies %d after three raw bodies of 32 KiB or more on an idle server, want 3", got)
	}

	// Two requests in one write: the second's bytes follow the first's body. Each is streamed.
	before := streamed()
	c := s.dial()
	a, b := body(10, 100_000), body(11, 70_000)
	go io.WriteString(c.c, rawInvoke("echo", len(a))+string(a)+rawInvoke("echo", len(b))+string(b))
	for i, want := range [][]byte{a, b} {
		if st, conn, got := readAnswer(t, c.br); st != 200 || !bytes.Equal(got, want) || strings.EqualFold(conn, "close") {
			t.Fatalf("request %d of two in one write: %d, Connection %q, output equal %v", i, st, conn, bytes.Equal(got, want))
		}
	}

	if got := streamed(); got != before+2 {
		t.Fatalf("streamed_bodies went from %d to %d for two requests in one write, want +2", before, got)
	}

	// A body that stalls halfway, longer than --stream-body-wait: given up by its worker
	// (slow_bodies), read whole, answered right, and the connection serves the next request.
	before, slowBefore := streamed(), s.engines()[0].SlowBodies
	slow := body(12, 300_000)
	go func() {
		io.WriteString(c.c, rawInvoke("echo", len(slow))+string(slow[:150_000]))
		time.Sleep(300 * time.Millisecond)
		c.c.Write(slow[150_000:])
	}()
	if st, conn, got := readAnswer(t, c.br); st != 200 || !bytes.Equal(got, slow) || strings.EqualFold(conn, "close") {
		t.Fatalf("a stalling body: %d, Connection %q, output equal %v", st, conn, bytes.Equal(got, slow))
	}
	if got := streamed(); got != before {
		t.Fatalf("streamed_bodies went from %d to %d for a body that stalled: it is counted when its worker took it whole", before, got)
	}
	if got := s.engines()[0].SlowBodies; got != slowBefore+1 {
		t.Fatalf("slow_bodies went from %d to %d for a body that stalled past --stream-body-wait, want +1", slowBefore, got)
	}
	go io.WriteString(c.c, rawInvoke("echo", len(a))+string(a))
	if st, _, got := readAnswer(t, c.br); st != 200 || !bytes.Equal(got, a) {
		t.Fatalf("the request after the stalling one: %d", st)
	}

	// A client that goes away halfway through its body: its invocation fails (the worker
	// gave the inputs up), and the worker is free again at once.
	failedBefore := s.engines()[0].Failed
	gone := s.dial()
	io.WriteString(gone.c, rawInvoke("echo", 400_000)+string(body(13, 100_000)))
	time.Sleep(10 * time.Millisecond) // the header is read and the body streamed into the worker
	gone.c.Close()
	t0 := time.Now()
	in := body(14, 64<<10)
	if r := s.do("POST", "/v1/functions/echo/invoke", "application/octet-stream", in, "Accept", "application/octet-stream"); r.status != 200 || !bytes.Equal(r.body, in) {
		t.Fatalf("after a client went away: %d %s %s", r.status, r.code, r.message)
	}
	if d := time.Since(t0); d > 5*time.Second {
		t.Fatalf("the next invocation took %v: the worker waited for the body of a client that went away", d)
	}
	if got := s.engines()[0].Failed; got != failedBefore+1 {
		t.Fatalf("failed went from %d to %d after a client went away mid-body, want +1", failedBefore, got)
	}
}

// With --stream-body=false every body is read whole before its invocation is submitted.
func TestStreamedBodiesOff(t *testing.T) {
	s := start(t, "--engine", "sequential", "--stream-body=false")
	s.uploadExamples("testkernels")
	s.mustPut("/v1/functions/echo", config("print_inject", "", `"X"`, `{"Constant": 1}`, "X"))
	in := bytes.Repeat([]byte("off "), 50_000)
	if a := s.do("POST", "/v1/functions/echo/invoke", "application/octet-stream", in, "Accept", "application/octet-stream"); a.status != 200 || !bytes.Equal(a.body, in) {
		t.Fatalf("%d %s %s", a.status, a.code, a.message)
	}
	if got := s.engines()[0].StreamedBodies; got != 0 {
		t.Fatalf("streamed_bodies %d with --stream-body=false", got)
	}
}

// A client whose body stalls cannot hold the worker it was lent: past --stream-body-wait the
// worker gives the body up (slow_bodies), and another client's invocation runs on the only
// worker while the first client still sends nothing. The stalled body, once it comes, is read
// whole and answered right.
func TestStalledBodyDoesNotHoldTheWorker(t *testing.T) {
	s := start(t, "--engine", "sequential", "--stream-body-wait", "30ms")
	s.uploadExamples("testkernels")
	s.mustPut("/v1/functions/echo", config("print_inject", "", `"X"`, `{"Constant": 1}`, "X"))
	waitFor(t, "the workers to finish preloading", func() bool { e := s.engines()[0]; return e.PreloadsPending == 0 && e.Busy == 0 })
	if n := len(s.engines()[0].Workers); n != 1 {
		t.Fatalf("%d workers, want the sequential engine's one", n)
	}

	in := bytes.Repeat([]byte("stalled "), 40_000)
	stalled := s.dial()
	io.WriteString(stalled.c, rawInvoke("echo", len(in))+string(in[:100_000]))
	// Lent the worker, or already given up (a slow poll on a loaded host may miss the lease).
	waitFor(t, "the stalled body to be lent the worker", func() bool { e := s.engines()[0]; return e.Busy == 1 || e.SlowBodies >= 1 })

	other := bytes.Repeat([]byte("other "), 20_000)
	if a := s.do("POST", "/v1/functions/echo/invoke", "application/octet-stream", other, "Accept", "application/octet-stream"); a.status != 200 || !bytes.Equal(a.body, other) {
		t.Fatalf("another client's invocation while a body stalls: %d %s %s", a.status, a.code, a.message)
	}
	if got := s.engines()[0].SlowBodies; got < 1 {
		t.Fatalf("slow_bodies %d: the stalled body was not given up", got)
	}

	stalled.c.Write(in[100_000:])
	if st, _, got := readAnswer(t, stalled.br); st != 200 || !bytes.Equal(got, in) {
		t.Fatalf("the stalled body, once it came: %d, output equal %v", st, bytes.Equal(got, in))
	}
}
