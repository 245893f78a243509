package baseline

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/bench/floor"
	"gpufn/bench/load"
	"gpufn/bench/msgpack"
	"gpufn/cpu"
	"gpufn/gpu"
)

func openCPU() (gpu.Device, error) { return cpu.New(cpu.Options{MemBytes: 256 << 20}), nil }

// serve starts a baseline for spec on the cpu device and returns a client for it.
func serve(t *testing.T, spec load.WorkloadSpec) *load.Client {
	t.Helper()
	s, err := New(Options{Workload: spec, Open: openCPU})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &fasthttp.Server{Handler: s.Handler, MaxRequestBodySize: 1 << 30}
	done := make(chan struct{})
	go func() { defer close(done); _ = srv.Serve(ln) }()
	t.Cleanup(func() {
		_ = srv.Shutdown()
		<-done
		s.Close()
		s.Close()
	})
	c, err := load.NewClient("http://"+ln.Addr().String(), load.ClientOptions{MaxConns: 64})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The bench drives the baseline exactly as it drives gpufn, and every answer is checked against
// the Go reference: raw and msgpack answers, matmul and batched inference.
func TestServesTheWorkloadCorrectly(t *testing.T) {
	for _, tc := range []struct {
		name string
		mp   bool
	}{{"matmul-n32", false}, {"matmul-n32", true}, {"inference-r1", false}, {"inference-r2-b2", true}} {
		spec, _ := load.ParseWorkload(tc.name)
		c := serve(t, spec)
		w, err := load.PrepareWorkload(c, spec, load.WorkloadOptions{Distinct: 2, Msgpack: tc.mp})
		if err != nil {
			t.Fatal(err)
		}
		r, err := load.Run(context.Background(), c, w, load.RunConfig{Rate: 50, Duration: 80 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if r.OK != 4 || r.Errors != 0 {
			t.Fatalf("%s (msgpack %v): ok %d, errors %v %v", tc.name, tc.mp, r.OK, r.ErrorKinds, r.ErrorSamples)
		}
		for _, st := range []string{"queue", "h2d", "kernel", "d2h", "total"} {
			if r.Stages[st].Count != 4 {
				t.Errorf("%s: stage %s: %+v", tc.name, st, r.Stages[st])
			}
		}
	}
}

func TestRefusesWhatItCannotRun(t *testing.T) {
	spec, _ := load.ParseWorkload("matmul-n32")
	c := serve(t, spec)
	other, _ := load.ParseWorkload("matmul-n16")
	fields, _ := other.Inputs(1)
	right, _ := spec.Inputs(1)
	for _, tc := range []struct {
		name, method, path string
		body               []byte
		status             int
		msg                string
	}{
		{"ready", "GET", "/readyz", nil, 200, "ready"},
		{"other function", "POST", "/v1/functions/inference/invoke", nil, 404, "one function"},
		{"GET invoke", "GET", "/v1/functions/matmul/invoke", nil, 405, "POST"},
		{"not msgpack", "POST", "/v1/functions/matmul/invoke", []byte("{}"), 400, "msgpack"},
		{"other size", "POST", "/v1/functions/matmul/invoke", msgpack.AppendMap(nil, fields...), 400, "takes"},
		{"missing input", "POST", "/v1/functions/matmul/invoke", msgpack.AppendMap(nil, right[1]), 400, "missing input cfg"},
		{"unknown input", "POST", "/v1/functions/matmul/invoke", msgpack.AppendMap(nil, append(right, msgpack.Field{Name: "Z"})...), 400, "no input"},
		{"other cfg", "POST", "/v1/functions/matmul/invoke", msgpack.AppendMap(nil, msgpack.Field{Name: "cfg", Value: make([]byte, 8)}, right[1]), 400, "cfg differs"},
	} {
		st, body, err := c.Do(tc.method, tc.path, "application/msgpack", tc.body, 5*time.Second)
		if err != nil || st != tc.status || !strings.Contains(string(body), tc.msg) {
			t.Errorf("%s: %d %q %v; want %d with %q", tc.name, st, body, err, tc.status, tc.msg)
		}
	}
}

func TestFloorOnCPU(t *testing.T) {
	var specs []load.WorkloadSpec
	for _, s := range []string{"matmul-n16", "inference-r1"} { // small: the race detector slows the cpu kernels
		w, _ := load.ParseWorkload(s)
		specs = append(specs, w)
	}
	var log strings.Builder
	f, err := Floor(openCPU, FloorOptions{Workloads: specs, Iterations: 10, Warmup: 1, Rate: 200, PacedIterations: 10, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if f.Kind != floor.KindGPU || len(f.Points) != 4 || !strings.HasPrefix(f.Device, "cpu ") || f.Points[1].Rate != 200 || f.Points[0].Rate != 0 {
		t.Fatalf("%+v", f)
	}
	for _, p := range f.Points {
		if p.Iterations != 10 || p.Latency.P50 <= 0 || p.Latency.P99 < p.Latency.P50 || p.Stages["kernel"].Mean <= 0 || p.Stages["zero"].Count != 10 {
			t.Errorf("%s: %+v", p.Workload, p)
		}
	}
	if !strings.Contains(log.String(), "gpu floor inference-r1-b1") {
		t.Errorf("log: %s", log.String())
	}
}

// The flattened launch list matches the config: 3 launches per inference repetition.
func TestCompiledLaunches(t *testing.T) {
	for name, want := range map[string]int{"matmul-n64": 1, "inference-r7": 21, "inference-r3-b4": 9} {
		spec, _ := load.ParseWorkload(name)
		dev, _ := openCPU()
		p, err := loadProgram(dev, spec)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.launch) != want {
			t.Errorf("%s: %d launches; want %d", name, len(p.launch), want)
		}
		p.close()
		dev.Close()
	}
}

func TestOpenFailureIsReported(t *testing.T) {
	spec, _ := load.ParseWorkload("matmul")
	if _, err := New(Options{Workload: spec, Open: func() (gpu.Device, error) { return nil, gpu.ErrNoDevice }}); err == nil {
		t.Fatal("no error")
	}
}
