package floor

import (
	"context"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/bench/internal/human"
	"gpufn/bench/load"
	"gpufn/bench/proc"
)

// Kinds of the floor files.
const (
	KindHTTP = "http-floor"
	KindGPU  = "gpu-floor"
)

// Point is the HTTP floor for one payload: what a request of that size and an answer of
// that size cost on loopback with fasthttp on both ends and nothing else.
type Point struct {
	Name          string `json:"name"` // the workload whose payload it is, or "64B"
	RequestBytes  int    `json:"request_bytes"`
	ResponseBytes int    `json:"response_bytes"`
	Iterations    int    `json:"iterations"`
	// Serial is the round trip of one request at a time (ms).
	Serial load.Percentiles `json:"serial"`
	// ClosedLoopRPS is the throughput of ClosedLoopConns connections each sending its next
	// request when the last one is answered (answers per second; ClosedLoopErrors failed).
	ClosedLoopRPS    float64 `json:"closed_loop_rps"`
	ClosedLoopConns  int     `json:"closed_loop_conns"`
	ClosedLoopErrors int64   `json:"closed_loop_errors,omitempty"`
	// ClosedLoopCPUUS is the bench process's CPU time per answer of the closed loop (us): the
	// client's alone when the echo server is a process of its own (Result.Server), the
	// client's and the server's together when it runs in the bench's process.
	ClosedLoopCPUUS float64 `json:"closed_loop_cpu_us,omitempty"`
	// OpenLoop is the round trip measured by the load generator itself at OpenLoopRate (the
	// low-load rate of the comparisons), from intended send times: at a low rate the CPUs of
	// both ends idle between requests, and waking them costs time that a serial, back-to-back
	// loop never pays. It is the floor to hold a low-load latency against.
	OpenLoop     *load.Percentiles `json:"open_loop,omitempty"`
	OpenLoopRate float64           `json:"open_loop_rate,omitempty"`
}

// Result is a floor file (kind "http-floor").
type Result struct {
	Kind    string       `json:"kind"`
	Version int          `json:"version"`
	Created time.Time    `json:"created"`
	Machine load.Machine `json:"machine"`
	// Server says where the echo server ran: "in-process" (sharing the bench's CPUs), or the
	// command line of the process the bench started, or the URL it was given.
	Server string `json:"server,omitempty"`
	// SpinWaitMS is the client's spin budget (ms; 0: none) for the serial round trips and the
	// open loop, as in load.RateResult; the closed loop never spins.
	SpinWaitMS float64 `json:"spin_wait_ms,omitempty"`
	// HTTPClient is the bench's HTTP client, as in load.RateResult (absent: fasthttp).
	HTTPClient string  `json:"http_client,omitempty"`
	Points     []Point `json:"points"`
}

// GPUPoint is the in-process floor of one workload on a device, without HTTP, worker or
// IPC: inputs host to device from pinned memory, the kernels, outputs device to host, zeroing
// of the buffers, synchronize (the dedicated baseline's --floor mode measures it).
type GPUPoint struct {
	Workload string `json:"workload"`
	// Rate is 0 for iterations back to back; else each iteration started at its scheduled
	// time at this rate (per second), the device idle in between, as at a low offered load.
	Rate       float64          `json:"rate,omitempty"`
	Iterations int              `json:"iterations"`
	Latency    load.Percentiles `json:"latency"`
	// Stages splits Latency's mean: h2d, kernel, d2h, zero (ms).
	Stages map[string]load.StageStats `json:"stages,omitempty"`
}

// GPUResult is a GPU floor file (kind "gpu-floor").
type GPUResult struct {
	Kind    string       `json:"kind"`
	Version int          `json:"version"`
	Created time.Time    `json:"created"`
	Machine load.Machine `json:"machine"`
	Device  string       `json:"device"`
	Points  []GPUPoint   `json:"points"`
}

// Config configures Measure.
type Config struct {
	// Workloads whose payload sizes are measured (a 64-byte point is always added).
	Workloads []load.WorkloadSpec
	// Iterations of the serial round trip (default 5000), after Iterations/10 unrecorded ones.
	Iterations int
	// Conns and Duration of the closed-loop throughput run (defaults 64 and 2 s; Duration < 0
	// skips it).
	Conns    int
	Duration time.Duration
	// Rate and RateDuration of the open-loop run (defaults 25/s for 4 s, after 1 s of warm-up;
	// Rate < 0 skips it).
	Rate         float64
	RateDuration time.Duration
	// Client configures the bench's client (buffer size, spin-waiting); MaxConns is set to
	// twice Conns. SpinWait applies to the serial round trips and the open loop, not to the
	// closed loop (a capacity, measured as the sweeps are, without spinning).
	Client load.ClientOptions
	// URL, when set, is an echo server already running (gpufn bench echo-server); else
	// Server, when set, is started as a process of its own (and stopped at the end); else the
	// echo server runs in the bench's own process, sharing its CPUs.
	URL    string
	Server *proc.ServerSpec
	// Log, when not nil, gets a line per point.
	Log io.Writer
}

// Measure measures the HTTP floor: a fasthttp server that reads the request body and
// answers with a body of the asked size (EchoHandler; in process, or a process of its own),
// and the bench's own client and request path, on loopback. It is the echo of
// docs/gpu-facts.md's HTTP floor, with the workloads' exact payload sizes and headers.
func Measure(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.Iterations <= 0 {
		cfg.Iterations = 5000
	}
	if cfg.Conns <= 0 {
		cfg.Conns = 64
	}
	if cfg.Duration == 0 {
		cfg.Duration = 2 * time.Second
	}
	if cfg.Rate == 0 {
		cfg.Rate = 25
	}
	if cfg.RateDuration <= 0 {
		cfg.RateDuration = 4 * time.Second
	}
	type payload struct {
		name       string
		body       []byte
		respBytes  int
		ctype, acc string
	}
	var payloads []payload
	maxResp := 64
	for _, spec := range cfg.Workloads {
		c, _ := load.NewClient("http://127.0.0.1:1", load.ClientOptions{}) // no server: inputs only
		w, err := load.PrepareWorkload(c, spec, load.WorkloadOptions{Distinct: 1})
		if err != nil {
			return nil, err
		}
		payloads = append(payloads, payload{name: spec.Name(), body: w.Bodies()[0], respBytes: w.ResponseBytes(),
			ctype: "application/msgpack", acc: "application/octet-stream"})
		maxResp = max(maxResp, w.ResponseBytes())
	}
	// The 64-byte point is measured last (and listed first). fasthttp keeps answers' bodies in
	// a process-wide pool that sizes itself by the sizes it has seen most (bytebufferpool
	// calibrates every 42,000 uses) and drops larger buffers: after the 64-byte point's
	// hundreds of thousands of tiny answers, every 128 KiB answer would be a new allocation
	// until 42,000 of them had recalibrated the pool, and the garbage collector would charge
	// its work to the large payloads' closed loop (measured: 160 us of CPU per request instead
	// of 70).
	payloads = append(payloads, payload{name: "64B", body: make([]byte, 64), respBytes: 64, ctype: "application/octet-stream", acc: "application/octet-stream"})

	res := &Result{Kind: KindHTTP, Version: 1, Created: time.Now().UTC()}
	base := cfg.URL
	switch {
	case base != "":
		res.Server = base
	case cfg.Server != nil:
		srv, err := proc.StartServer(*cfg.Server, "", time.Minute)
		if err != nil {
			return nil, err
		}
		defer srv.Stop(10 * time.Second)
		base, res.Server = srv.URL, strings.Join(srv.Cmd, " ")
	default:
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		srv := &fasthttp.Server{Handler: EchoHandler(maxResp), MaxRequestBodySize: 1 << 30}
		go srv.Serve(ln) //nolint:errcheck // ends with Shutdown
		defer srv.Shutdown()
		base, res.Server = "http://"+ln.Addr().String(), "in-process"
	}
	co := cfg.Client
	co.MaxConns = cfg.Conns * 2
	client, err := load.NewClient(base, co)
	if err != nil {
		return nil, err
	}
	defer client.CloseIdle()
	res.SpinWaitMS, res.HTTPClient = float64(client.SpinWait())/1e6, client.HTTPClient()
	for _, p := range payloads {
		uri := client.URL("/echo?n=" + strconv.Itoa(p.respBytes))
		want := p.respBytes
		src := &fixedCall{c: load.Call{URI: uri, Body: p.body, ContentType: p.ctype, Accept: p.acc, Check: func(out []byte) error {
			if len(out) != want {
				return fmt.Errorf("answer of %d bytes, want %d", len(out), want)
			}
			return nil
		}}}
		// Serial round trips, through the load generator's own request path.
		if n := int64(cfg.Iterations / 10); n > 0 {
			if r := load.ClosedLoop(ctx, client, src, load.RunConfig{}, 1, n); r.Errors > 0 {
				return nil, fmt.Errorf("floor %s: %d errors %v", p.name, r.Errors, r.ErrorSamples)
			}
		}
		lat := make([]time.Duration, 0, cfg.Iterations)
		r := load.ClosedLoop(ctx, client, src, load.RunConfig{OnSample: func(s load.Sample) { lat = append(lat, s.Latency) }}, 1, int64(cfg.Iterations))
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if r.Errors > 0 {
			return nil, fmt.Errorf("floor %s: %d errors %v", p.name, r.Errors, r.ErrorSamples)
		}
		pt := Point{Name: p.name, RequestBytes: len(p.body), ResponseBytes: p.respBytes, Iterations: cfg.Iterations,
			Serial: load.ExactPercentiles(lat)}
		if cfg.Duration > 0 {
			// A capacity, not a latency: measured without spin-waiting, as the sweeps are (a
			// spinner would take a core from the others).
			client.SetSpinWait(0)
			// Connections opened and buffers grown before the measurement.
			load.ClosedLoop(ctx, client, src, load.RunConfig{}, cfg.Conns, int64(10*cfg.Conns))
			r := load.ClosedLoop(ctx, client, src, load.RunConfig{Duration: cfg.Duration}, cfg.Conns, 0)
			client.SetSpinWait(cfg.Client.SpinWait)
			pt.ClosedLoopRPS, pt.ClosedLoopConns, pt.ClosedLoopErrors = r.Achieved, cfg.Conns, r.Errors
			if r.OK > 0 {
				pt.ClosedLoopCPUUS = human.Round(r.GeneratorCPU*r.WindowS/float64(r.OK)*1e6, 1)
			}
		}
		if cfg.Rate > 0 {
			r, err := load.Run(ctx, client, src, load.RunConfig{System: "echo", Workload: p.name, Rate: cfg.Rate, Duration: cfg.RateDuration, Warmup: time.Second})
			if err != nil {
				return nil, err
			}
			if r.Errors > 0 {
				return nil, fmt.Errorf("floor: open loop at %g/s: %d errors %v", cfg.Rate, r.Errors, r.ErrorSamples)
			}
			pt.OpenLoop, pt.OpenLoopRate = &r.Latency, cfg.Rate
		}
		if p.name == "64B" {
			res.Points = append([]Point{pt}, res.Points...)
		} else {
			res.Points = append(res.Points, pt)
		}
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, "http floor %-18s %7d B -> %7d B: serial p50 %s p99 %s min %s",
				pt.Name, pt.RequestBytes, pt.ResponseBytes, human.MS(pt.Serial.P50), human.MS(pt.Serial.P99), human.MS(pt.Serial.Min))
			if pt.ClosedLoopConns > 0 {
				fmt.Fprintf(cfg.Log, "; closed loop (%d conns) %.0f req/s, %.1f us CPU per request", pt.ClosedLoopConns, pt.ClosedLoopRPS, pt.ClosedLoopCPUUS)
			}
			if pt.ClosedLoopErrors > 0 {
				fmt.Fprintf(cfg.Log, " (%d errors)", pt.ClosedLoopErrors)
			}
			if pt.OpenLoop != nil {
				fmt.Fprintf(cfg.Log, "; open loop at %g/s p50 %s p99 %s", pt.OpenLoopRate, human.MS(pt.OpenLoop.P50), human.MS(pt.OpenLoop.P99))
			}
			fmt.Fprintln(cfg.Log)
		}
	}
	return res, nil
}

// EchoHandler is the trivial server of the HTTP floor: it reads the request body and answers
// with ?n= bytes (at most maxBytes), as a function that does nothing would; GET /readyz and
// /healthz answer "ready".
func EchoHandler(maxBytes int) fasthttp.RequestHandler {
	reply := make([]byte, maxBytes)
	return func(c *fasthttp.RequestCtx) {
		if p := c.Path(); string(p) == "/readyz" || string(p) == "/healthz" {
			c.SetBodyString("ready")
			return
		}
		_ = c.PostBody()
		n := c.QueryArgs().GetUintOrZero("n")
		if n > len(reply) {
			n = len(reply)
		}
		c.SetContentType("application/octet-stream")
		c.SetBody(reply[:n])
	}
}

// ServeEcho serves EchoHandler(maxBytes) on ln until ctx ends (the echo server as a process:
// gpufn bench echo-server).
func ServeEcho(ctx context.Context, ln net.Listener, maxBytes int) error {
	srv := &fasthttp.Server{Handler: EchoHandler(maxBytes), MaxRequestBodySize: 1 << 30, Name: "gpufn-bench-echo"}
	go func() { <-ctx.Done(); _ = srv.Shutdown() }()
	return srv.Serve(ln)
}

// fixedCall is a Source of one request.
type fixedCall struct{ c load.Call }

func (f *fixedCall) Call(int64, bool) (*load.Call, error) { return &f.c, nil }
