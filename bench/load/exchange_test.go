package load

import (
	"bufio"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/bench/internal/benchtest"
)

// Both HTTP clients send the same request: method, path, body and the bench's headers, and
// nothing the other does not (no Accept-Encoding from net/http).
func TestBothClientsSendTheSameRequest(t *testing.T) {
	t.Parallel()
	type seen struct {
		method, uri, body                        string
		ctype, accept, ua, enc, srvTO, rate, seq string
	}
	var mu sync.Mutex
	var first *seen // the request of X-Bench-Seq 1
	f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
		h := &c.Request.Header
		s := seen{method: string(c.Method()), uri: string(c.RequestURI()), body: string(c.PostBody()),
			ctype: string(h.ContentType()), accept: string(h.Peek("Accept")), ua: string(h.UserAgent()),
			enc: string(h.Peek("Accept-Encoding")), srvTO: string(h.Peek("X-Gpufn-Timeout")),
			rate: string(h.Peek("X-Bench-Rate")), seq: string(h.Peek("X-Bench-Seq"))}
		if s.seq == "1" {
			mu.Lock()
			first = &s
			mu.Unlock()
		}
		c.SetBodyString("ok")
	})
	var all []seen
	for _, kind := range httpClients {
		c := newTestClientOf(t, f.URL, kind)
		src := newFixedSource(c, []byte("ok"))
		src.call.Accept = "application/octet-stream"
		r, err := Run(context.Background(), c, src, RunConfig{Rate: 100, Duration: 30 * time.Millisecond,
			ServerTimeout: 250 * time.Millisecond, TagRequests: true})
		if err != nil || r.OK != 3 || r.HTTPClient != kind {
			t.Fatalf("%s: %+v %v", kind, r, err)
		}
		mu.Lock()
		if first != nil {
			all = append(all, *first)
		}
		first = nil
		mu.Unlock()
	}
	if len(all) != 2 {
		t.Fatalf("requests %+v; want one with X-Bench-Seq 1 per client", all)
	}
	want := seen{method: "POST", uri: "/v1/functions/f/invoke", body: "in", ctype: "application/octet-stream",
		accept: "application/octet-stream", ua: "gpufn-bench", srvTO: "250ms", rate: "100", seq: "1"}
	for i, s := range all {
		if s != want {
			t.Errorf("%s sent %+v;\nwant %+v", httpClients[i], s, want)
		}
	}
}

// An answer whose body stalls past the deadline is a timeout for both clients, never a
// success, and is charged from its intended send time.
func TestBodyStallIsTimeout(t *testing.T) {
	t.Parallel()
	forEachClient(t, true, func(t *testing.T, kind string) {
		f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
			c.SetBodyStreamWriter(func(w *bufio.Writer) {
				w.WriteString("o")
				w.Flush()
				time.Sleep(600 * time.Millisecond)
				w.WriteString("k")
			})
		})
		c := newTestClientOf(t, f.URL, kind)
		var mu sync.Mutex
		var samples []Sample
		r, err := Run(context.Background(), c, newFixedSource(c, []byte("ok")), RunConfig{Rate: 100, Duration: 20 * time.Millisecond,
			Timeout: 150 * time.Millisecond, OnSample: func(s Sample) { mu.Lock(); samples = append(samples, s); mu.Unlock() }})
		if err != nil {
			t.Fatal(err)
		}
		if r.ErrorKinds[ErrKindTimeout] != 2 || r.OK != 0 || len(samples) != 2 {
			t.Fatalf("kinds %v ok %d samples %d; want 2 timeouts (%v)", r.ErrorKinds, r.OK, len(samples), r.ErrorSamples)
		}
		for _, s := range samples {
			if s.ErrKind != ErrKindTimeout || s.Latency < 150*time.Millisecond || s.Sent.Before(s.Intended) {
				t.Errorf("%+v", s)
			}
		}
	})
}

// The workloads' answers are checked through net/http as through fasthttp: raw and msgpack,
// and a wrong answer of the fake gpufn is a wrong_output.
func TestNetHTTPChecksWorkloadOutputs(t *testing.T) {
	t.Parallel()
	fake := benchtest.NewFakeGpufn(true)
	f := benchtest.StartFake(t, fake.Handle)
	c := newTestClientOf(t, f.URL, HTTPClientNet)
	for _, name := range []string{"matmul-n16", "inference"} {
		for _, msgpack := range []bool{false, true} {
			spec, _ := ParseWorkload(name)
			w, err := PrepareWorkload(c, spec, WorkloadOptions{Distinct: 3, Msgpack: msgpack})
			if err != nil {
				t.Fatal(err)
			}
			r, err := Run(context.Background(), c, w, RunConfig{Rate: 200, Duration: 50 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if r.OK != 10 || r.Errors != 0 || r.Stages["kernel"].Count != 10 {
				t.Errorf("%s msgpack %v: ok %d errors %v %v stages %v", name, msgpack, r.OK, r.ErrorKinds, r.ErrorSamples, r.Stages)
			}
		}
	}
	// The same bodies against a server that answers with the reference of another input.
	other := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
		fake.Handle(c)
		if b := c.Response.Body(); len(b) > 0 {
			b[len(b)-1] ^= 1
		}
	})
	c2 := newTestClientOf(t, other.URL, HTTPClientNet)
	spec, _ := ParseWorkload("matmul-n16")
	w, err := PrepareWorkload(c2, spec, WorkloadOptions{Distinct: 2})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), c2, w, RunConfig{Rate: 200, Duration: 50 * time.Millisecond})
	if err != nil || r.ErrorKinds[ErrKindWrongOutput] != 10 || r.OK != 0 {
		t.Fatalf("kinds %v ok %d %v", r.ErrorKinds, r.OK, err)
	}
}

func TestHTTPClientOptions(t *testing.T) {
	if _, err := NewClient("http://127.0.0.1:1", ClientOptions{HTTPClient: "curl"}); err == nil || !strings.Contains(err.Error(), `"curl"`) {
		t.Errorf("unknown client: %v", err)
	}
	if _, err := NewClient("http://127.0.0.1:1", ClientOptions{HTTPClient: HTTPClientNet, SpinWait: time.Millisecond}); err == nil ||
		!strings.Contains(err.Error(), "fasthttp") {
		t.Errorf("net/http with spin-waiting: %v", err)
	}
	c, err := NewClient("http://127.0.0.1:1/", ClientOptions{SpinWait: time.Millisecond, BufferSize: 8192})
	if err != nil || c.HTTPClient() != HTTPClientFast {
		t.Fatalf("%v %v", c, err)
	}
	n, err := c.WithHTTPClient(HTTPClientNet)
	if err != nil || n.HTTPClient() != HTTPClientNet || n.SpinWait() != 0 || n.Base != c.Base || n.opts.BufferSize != 8192 {
		t.Fatalf("net/http twin: %+v %v", n, err)
	}
	n.SetSpinWait(time.Millisecond) // no effect: net/http cannot spin
	if n.SpinWait() != 0 {
		t.Errorf("net/http client's spin budget %v", n.SpinWait())
	}
	n.CloseIdle()
	if f, err := n.WithHTTPClient(HTTPClientFast); err != nil || f.HTTPClient() != HTTPClientFast {
		t.Errorf("back to fasthttp: %v", err)
	}
}
