package load

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/bench/msgpack"
	"gpufn/bench/proc"
)

// The benchmarks below measure the load generator's own cost per request, with the matmul
// payloads (128 KiB each way) and every answer checked against its reference, against a
// replay server: a process of its own (the test binary with GPUFN_BENCH_REPLAY=WORKLOAD) that
// answers each of the workload's distinct inputs with its reference output, as fast as
// fasthttp can, with a Server-Timing header like gpufn's. The server's CPU is not the
// generator's: with the server in another process, the benchmark's process CPU time
// (getrusage) is the generator's alone. Set GPUFN_BENCH_SERVER_CPUS (a taskset list) to pin
// the server, and run the benchmark under taskset to pin the generator (or start the server
// yourself, GPUFN_BENCH_REPLAY=matmul bench.test --listen ADDR, and set
// GPUFN_BENCH_SERVER_URL=http://ADDR), e.g.
//
//	go test -c -o /tmp/bench.test ./bench/load
//	GPUFN_BENCH_SERVER_CPUS=0 taskset -c 1 /tmp/bench.test -test.run '^$' \
//	    -test.bench 'Generator' -test.benchtime 20000x -test.cpuprofile /tmp/cpu.out
//
// They report req/s and cpu-us/req (CPU microseconds of the generator per request); the open
// loop's also latency and send lag. GPUFN_BENCH_CONNS sets the closed loop's connections (64),
// GPUFN_BENCH_RATE the open loop's rate (2000/s), GPUFN_BENCH_BUFFER the client's connection
// buffer (bytes), GPUFN_BENCH_SPIN its spin budget (e.g. 2ms) and GPUFN_BENCH_HTTP_CLIENT its
// HTTP client (fasthttp, the default, or nethttp), GPUFN_BENCH_WORKLOAD the workload (matmul;
// e.g. inference-r1 for 196 KiB requests and 49 KiB answers checked within a tolerance).

// replayServerMain serves the reference outputs of a workload's distinct inputs.
func replayServerMain(workload string, args []string) int {
	listen := ""
	for i, a := range args {
		if a == "--listen" && i+1 < len(args) {
			listen = args[i+1]
		}
	}
	spec, err := ParseWorkload(workload)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	answers := map[string][]byte{}
	for i := 0; i < 8; i++ {
		fields, want := spec.Inputs(int64(1000 + i))
		answers[string(msgpack.AppendMap(nil, fields...))] = want
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	srv := &fasthttp.Server{MaxRequestBodySize: 1 << 30, Handler: func(c *fasthttp.RequestCtx) {
		if string(c.Path()) == "/readyz" {
			c.SetBodyString("ready")
			return
		}
		out, ok := answers[string(c.PostBody())]
		if !ok {
			c.SetStatusCode(400)
			return
		}
		c.Response.Header.Set("Server-Timing", "queue;dur=0.001, ipc;dur=0.020, h2d;dur=0.010, kernel;dur=0.100, d2h;dur=0.010, total;dur=0.130")
		if bytes.Contains(c.Request.Header.Peek("Accept"), []byte("octet-stream")) {
			c.SetContentType("application/octet-stream")
			c.SetBody(out)
			return
		}
		c.SetContentType("application/msgpack")
		c.SetBody(msgpack.AppendMap(nil, msgpack.Field{Name: spec.OutputName(), Value: out}))
	}}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM)
	go func() { <-sigs; _ = srv.Shutdown() }()
	if err := srv.Serve(ln); err != nil {
		return 1
	}
	return 0
}

// startReplay starts the replay server process for workload (or uses the one at
// GPUFN_BENCH_SERVER_URL) and returns a client of it, with GPUFN_BENCH_BUFFER (bytes) as its
// connections' buffer size, GPUFN_BENCH_SPIN (a duration) as its spin budget and
// GPUFN_BENCH_HTTP_CLIENT as its HTTP client when set.
func startReplay(b *testing.B, workload string) *Client {
	b.Helper()
	o := ClientOptions{MaxConns: 10000}
	o.BufferSize, _ = strconv.Atoi(os.Getenv("GPUFN_BENCH_BUFFER"))
	o.SpinWait, _ = time.ParseDuration(os.Getenv("GPUFN_BENCH_SPIN"))
	o.HTTPClient = os.Getenv("GPUFN_BENCH_HTTP_CLIENT")
	url := os.Getenv("GPUFN_BENCH_SERVER_URL")
	if url == "" {
		exe, err := os.Executable()
		if err != nil {
			b.Fatal(err)
		}
		spec := proc.ServerSpec{Name: "replay", Binary: exe, Env: []string{"GPUFN_BENCH_REPLAY=" + workload}}
		if cpus := os.Getenv("GPUFN_BENCH_SERVER_CPUS"); cpus != "" {
			ts, err := exec.LookPath("taskset")
			if err != nil {
				b.Fatal(err)
			}
			spec.Binary, spec.Args = ts, []string{"-c", cpus, exe}
		}
		srv, err := proc.StartServer(spec, "", 30*time.Second)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { _ = srv.Stop(5 * time.Second) })
		url = srv.URL
	}
	c, err := NewClient(url, o)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(c.CloseIdle)
	return c
}

// perfWorkload is the workload of the benchmarks: GPUFN_BENCH_WORKLOAD, or matmul.
func perfWorkload() string {
	if w := os.Getenv("GPUFN_BENCH_WORKLOAD"); w != "" {
		return w
	}
	return "matmul"
}

func benchWorkload(b *testing.B, c *Client) *Workload {
	spec, err := ParseWorkload(perfWorkload())
	if err != nil {
		b.Fatal(err)
	}
	w, err := PrepareWorkload(c, spec, WorkloadOptions{Distinct: 8})
	if err != nil {
		b.Fatal(err)
	}
	return w
}

// BenchmarkGeneratorClosedLoop: 64 connections (GPUFN_BENCH_CONNS), each sending its next
// request when the last is answered, through the generator's request path (phase.do: headers,
// send, read, check, Server-Timing, recorder).
func BenchmarkGeneratorClosedLoop(b *testing.B) {
	c := startReplay(b, perfWorkload())
	w := benchWorkload(b, c)
	conns := 64
	if v, _ := strconv.Atoi(os.Getenv("GPUFN_BENCH_CONNS")); v > 0 {
		conns = v
	}
	ClosedLoop(context.Background(), c, w, RunConfig{}, conns, int64(max(200, 10*conns))) // connections and buffers
	b.ResetTimer()
	r := ClosedLoop(context.Background(), c, w, RunConfig{}, conns, int64(b.N))
	b.StopTimer()
	if r.Errors > 0 {
		b.Fatalf("%d errors: %v", r.Errors, r.ErrorSamples)
	}
	b.ReportMetric(r.Achieved, "req/s")
	b.ReportMetric(r.GeneratorCPU*r.WindowS/float64(r.OK)*1e6, "cpu-us/req")
	b.ReportMetric(r.Latency.P50*1000, "p50-us")
}

// BenchmarkGeneratorOpenLoop: Run at a fixed rate (GPUFN_BENCH_RATE, default 2000/s) for b.N
// requests.
func BenchmarkGeneratorOpenLoop(b *testing.B) {
	c := startReplay(b, perfWorkload())
	w := benchWorkload(b, c)
	rate := 2000.0
	if s := os.Getenv("GPUFN_BENCH_RATE"); s != "" {
		rate, _ = strconv.ParseFloat(s, 64)
	}
	if _, err := Run(context.Background(), c, w, RunConfig{Rate: rate, Duration: 500 * time.Millisecond}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	cpu0 := processCPU()
	r, err := Run(context.Background(), c, w, RunConfig{Rate: rate, Duration: time.Duration(float64(b.N) / rate * 1e9)})
	cpu := processCPU() - cpu0
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	if r.Errors > 0 {
		b.Fatalf("%d errors: %v", r.Errors, r.ErrorSamples)
	}
	b.ReportMetric(r.Achieved, "req/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(r.Scheduled), "cpu-us/req")
	b.ReportMetric(r.Latency.P50*1000, "p50-us")
	b.ReportMetric(r.Latency.P99*1000, "p99-us")
	b.ReportMetric(r.SendLag.P99*1000, "lag-p99-us")
}
