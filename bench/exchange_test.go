package bench

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
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
	f := startFake(t, func(c *fasthttp.RequestCtx) {
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
		f := startFake(t, func(c *fasthttp.RequestCtx) {
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
	fake := newFakeGpufn(true)
	f := startFake(t, fake.handle)
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
	other := startFake(t, func(c *fasthttp.RequestCtx) {
		fake.handle(c)
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

// The command line: --http-client takes fasthttp or nethttp, refuses spin-waiting with
// nethttp, and is not a flag of vegeta-check (which runs both).
func TestHTTPClientFlag(t *testing.T) {
	parseRun := func(args ...string) (RunConfig, *runFlags, error) {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var rf runFlags
		rf.register(fs, time.Second)
		if err := fs.Parse(args); err != nil {
			return RunConfig{}, nil, err
		}
		rc, _, err := rf.runConfig()
		return rc, &rf, err
	}
	if _, rf, err := parseRun(); err != nil || rf.client.options(1, 0).HTTPClient != HTTPClientFast {
		t.Errorf("default: %v", err)
	}
	if _, rf, err := parseRun("--http-client", "nethttp"); err != nil || rf.client.options(1, 0).HTTPClient != HTTPClientNet {
		t.Errorf("nethttp: %v", err)
	}
	for args, want := range map[string]string{
		"--http-client nethttp --spin-wait 1ms": "--spin-wait 1ms: spin-waiting needs --http-client fasthttp",
		"--http-client grpc":                    `--http-client "grpc": want fasthttp or nethttp`,
	} {
		if _, _, err := parseRun(strings.Fields(args)...); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", args, err, want)
		}
	}
	if _, _, err := parseRun("--http-client", "fasthttp", "--spin-wait", "1ms"); err != nil {
		t.Errorf("fasthttp spinning: %v", err)
	}
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	stderr := os.Stderr
	os.Stderr = null // the flag package's complaint
	err = cmdVegeta(context.Background(), []string{"--http-client", "nethttp"})
	os.Stderr = stderr
	if !errors.Is(err, errUsage) {
		t.Errorf("vegeta-check --http-client: %v; want a usage error", err)
	}
	err = cmdCompare(context.Background(), []string{"--out", t.TempDir(), "--http-client", "nethttp", "--low-spin-wait", "2ms"})
	if err == nil || !strings.Contains(err.Error(), "--low-spin-wait 2ms") {
		t.Errorf("compare: %v", err)
	}
	if _, err := Compare(context.Background(), CompareConfig{Out: t.TempDir(), Client: ClientOptions{HTTPClient: HTTPClientNet}, LowSpinWait: time.Millisecond}); err == nil {
		t.Error("Compare spins with net/http")
	}
}

func TestVegetaDuration(t *testing.T) {
	s := time.Second
	for _, c := range []struct {
		d          time.Duration
		minSamples int
		rate       float64
		maxD, want time.Duration
	}{
		{6 * s, 2000, 500, time.Minute, 6 * s},                      // 4 s would do: the floor stays
		{6 * s, 2000, 200, time.Minute, 10 * s},                     // extended to 2000 samples
		{6 * s, 2000, 25, time.Minute, time.Minute},                 // 80 s capped
		{6 * s, 2000, 25, 30 * s, 30 * s},                           // capped lower
		{90 * s, 2000, 25, time.Minute, 90 * s},                     // the floor is never shortened
		{6 * s, 0, 25, time.Minute, 6 * s},                          // no minimum
		{2 * s, 1000, 3, time.Hour, 333333333334 * time.Nanosecond}, // rounded up: never short of a sample
	} {
		if got := vegetaDuration(c.d, c.minSamples, c.rate, c.maxD); got != c.want {
			t.Errorf("vegetaDuration(%v, %d, %g, %v) = %v; want %v", c.d, c.minSamples, c.rate, c.maxD, got, c.want)
		}
	}
}

// A vegeta-check file written before the net/http client and the sample counts (version 1)
// still loads, keeps its figures, and is summarized with its one client.
func TestLoadVegetaCheckV1(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile("testdata/vegeta-check-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "vegeta-matmul-n16.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := LoadDir(dir)
	if err != nil || len(d.Vegeta) != 1 {
		t.Fatalf("%v %v", d, err)
	}
	v := d.Vegeta[0]
	if v.Version != 1 || v.MinSamples != 0 || len(v.Points) != 2 || v.Points[0].Rate != 20 {
		t.Fatalf("%+v", v)
	}
	pt := v.Points[0]
	if pt.DiffP50 != -0.81 || pt.NetDiffP50 != -0.98 || !pt.Comparable || pt.Agree || pt.Bench.Latency.Count != 6 ||
		pt.BenchEcho == nil || pt.VegetaEcho == nil || pt.BenchNetHTTP != nil || pt.NetHTTP != nil || pt.Samples != nil {
		t.Fatalf("%+v", pt)
	}
	if s := pt.sides(); len(s) != 1 || s[0].client != HTTPClientFast || s[0].diff.DiffP99 != pt.DiffP99 || !s[0].hasEcho(&pt) {
		t.Fatalf("sides %+v", s)
	}
	sum := d.Summary()
	for _, want := range []string{
		"| matmul-n16 | gpufn-seq | 2 | 0 of 2 | 0 of 2 | - | - |",
		"- matmul-n16 (gpufn-seq): raw, the bench does not agree with vegeta; net of each tool's echo p50, the bench does not agree with vegeta",
		"| 20/s | fasthttp | 6 / 20 | 0.190 | 1.00 | -81.0% |",
		"each tool ran for 300ms at a rate.",
	} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
	if strings.Contains(sum, "/s | nethttp |") {
		t.Errorf("a nethttp row for an old file:\n%s", sum)
	}
}
