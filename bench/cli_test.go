package bench

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpufn/bench/floor"
	"gpufn/bench/load"
	"gpufn/bench/report"
	"gpufn/bench/sweep"
)

// The command line: --http-client takes fasthttp or nethttp, refuses spin-waiting with
// nethttp, and is not a flag of vegeta-check (which runs both).
func TestHTTPClientFlag(t *testing.T) {
	parseRun := func(args ...string) (load.RunConfig, *runFlags, error) {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var rf runFlags
		rf.register(fs, time.Second)
		if err := fs.Parse(args); err != nil {
			return load.RunConfig{}, nil, err
		}
		rc, _, err := rf.runConfig()
		return rc, &rf, err
	}
	if _, rf, err := parseRun(); err != nil || rf.client.options(1, 0).HTTPClient != load.HTTPClientFast {
		t.Errorf("default: %v", err)
	}
	if _, rf, err := parseRun("--http-client", "nethttp"); err != nil || rf.client.options(1, 0).HTTPClient != load.HTTPClientNet {
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
	if _, err := sweep.Compare(context.Background(), sweep.CompareConfig{Out: t.TempDir(), Client: load.ClientOptions{HTTPClient: load.HTTPClientNet}, LowSpinWait: time.Millisecond}); err == nil {
		t.Error("Compare spins with net/http")
	}
}

// compare starts real processes (this test binary as a fake server), runs the low-load point
// and an adaptive sweep against each, stops them, and writes JSON, CSV, plots and logs; report
// redraws the plots from the JSON.
func TestCompareAndReport(t *testing.T) {
	t.Setenv("GPUFN_BENCH_FAKE", "1")
	out := t.TempDir()
	wl, _ := load.ParseWorkload("matmul-n16")
	var log bytes.Buffer
	res, err := sweep.Compare(context.Background(), sweep.CompareConfig{
		Workload: wl,
		Systems:  []string{"seq", "c2-mps", "baseline", "nonsense"},
		Servers:  sweep.SystemOptions{GPUfn: os.Args[0], Baseline: os.Args[0], Device: "cpu"},
		Run:      load.RunConfig{Duration: 250 * time.Millisecond, Warmup: 50 * time.Millisecond, ColdPercent: 50},
		// Errors alone decide (no achieved-rate rule): whether 40/s is achieved in a 250 ms run
		// depends on how fast this machine answers.
		Sweep:   sweep.Config{Mode: sweep.Adaptive, Start: 20, Max: 40, Settle: time.Millisecond},
		LowRate: 20, LowDuration: 250 * time.Millisecond,
		Out: out, Machine: load.ThisMachine("test-machine"), ReadyTimeout: 30 * time.Second, Log: &log,
		ClosedConns: 3,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Systems) != 4 || res.Systems[3].Error == "" {
		t.Fatalf("systems: %+v", res.Systems)
	}
	for _, s := range res.Systems[:3] {
		if s.Error != "" || s.LowLoad == nil || s.LowLoad.OK != 5 || s.MaxHolding != 40 || len(s.Steps) != 2 {
			t.Fatalf("%s: error %q, low %+v, steps %d, max %v\n%s", s.Name, s.Error, s.LowLoad, len(s.Steps), s.MaxHolding, log.String())
		}
		if s.Name != "baseline" && (s.LowLoad.ColdSent == 0 || s.LowLoad.Stages["ipc"].Count == 0) {
			t.Errorf("%s: no cold requests or no stages: %+v", s.Name, s.LowLoad)
		}
		// The closed loop ran after the sweep, on 3 connections, every answer checked.
		if cl := s.ClosedLoop; cl == nil || cl.OK == 0 || cl.Errors != 0 || cl.Conns != 3 || cl.Phase != "closed" {
			t.Errorf("%s: closed loop %+v", s.Name, cl)
		}
		if s.Rule == nil {
			t.Errorf("%s: no rule recorded", s.Name)
		}
	}
	if e := res.EchoClosedLoop; e == nil || e.OK == 0 || e.Errors != 0 || e.Conns != 3 || e.System != "echo" {
		t.Errorf("echo closed loop %+v", e)
	}
	if !strings.Contains(res.Systems[2].Desc, "always hot") || res.Systems[2].LowLoad.ColdSent != 0 {
		t.Errorf("baseline with cold requests: %q", res.Systems[2].Desc)
	}
	logs, _ := os.ReadFile(filepath.Join(out, "logs", "matmul-n16-gpufn-c2-mps.log"))
	if !bytes.Contains(logs, []byte("fake server args: serve --device cpu --engine concurrent --workers 2 --max-libraries-per-tenant 100000 --max-functions-per-tenant 100000 --listen 127.0.0.1:")) ||
		!bytes.Contains(logs, []byte("fake server stopped")) {
		t.Errorf("server log:\n%s", logs)
	}
	// The bench removed what it registered (the hot function, its library, the cold copies)
	// before it stopped the server.
	for _, want := range []string{"fake server: DELETE /v1/functions/bench-matmul\n", "fake server: DELETE /v1/libraries/bench-mlops\n", "fake server: DELETE /v1/libraries/bench-cold-"} {
		if !bytes.Contains(logs, []byte(want)) {
			t.Errorf("server log lacks %q:\n%s", want, logs)
		}
	}
	if i, j := bytes.Index(logs, []byte("DELETE /v1/functions/bench-matmul\n")), bytes.Index(logs, []byte("fake server stopped")); i < 0 || j < i {
		t.Errorf("deleted at %d, stopped at %d", i, j)
	}
	for _, f := range []string{"matmul-n16.json", "matmul-n16.csv", "matmul-n16-latency.svg", "matmul-n16-latency.png"} {
		if fi, err := os.Stat(filepath.Join(out, f)); err != nil || fi.Size() == 0 {
			t.Fatalf("%s: %v", f, err)
		}
	}
	csv, _ := os.ReadFile(filepath.Join(out, "matmul-n16.csv"))
	if n := bytes.Count(csv, []byte("\n")); n != 1+3*4 {
		t.Errorf("CSV has %d lines; want a header and 12 runs (low-load, 2 steps, closed loop per system):\n%s", n, csv)
	}

	// report: the plots come back from the JSON alone.
	for _, f := range []string{"matmul-n16-latency.svg", "matmul-n16-latency.png"} {
		os.Remove(filepath.Join(out, f))
	}
	writeFloors(t, out)
	if code := Main([]string{"report", out}); code != 0 {
		t.Fatalf("report exited %d", code)
	}
	png, err := os.ReadFile(filepath.Join(out, "matmul-n16-latency.png"))
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("png not redrawn: %v", err)
	}
	svg, err := os.ReadFile(filepath.Join(out, "matmul-n16-latency.svg"))
	if err != nil || !bytes.Contains(svg, []byte("<svg")) || !bytes.Contains(svg, []byte("gpufn-c2-mps")) {
		t.Fatalf("svg not redrawn: %v", err)
	}
	sum, _ := os.ReadFile(filepath.Join(out, "summary.md"))
	for _, want := range []string{"## matmul-n16", "| gpufn-seq |", "| baseline |", "40/s", "HTTP floor", "GPU floor", "error: bench: unknown system", "![matmul-n16 latency](matmul-n16-latency.png)", "Where the time goes"} {
		if !bytes.Contains(sum, []byte(want)) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
}

// writeFloors writes an HTTP floor file and a GPU floor file into dir (as report's tests do).
func writeFloors(t *testing.T, dir string) {
	t.Helper()
	f := &floor.Result{Kind: floor.KindHTTP, Version: 1, Points: []floor.Point{{Name: "matmul-n128", RequestBytes: 131100, ResponseBytes: 131080,
		Serial: load.Percentiles{P50: 0.076, P99: 0.1}, OpenLoop: &load.Percentiles{P50: 0.5}, OpenLoopRate: 25}}}
	g := &floor.GPUResult{Kind: floor.KindGPU, Version: 1, Device: "cuda H100", Points: []floor.GPUPoint{
		{Workload: "matmul-n128", Iterations: 2000, Latency: load.Percentiles{P50: 0.061, P99: 0.076}},
		{Workload: "matmul-n128", Rate: 25, Iterations: 100, Latency: load.Percentiles{P50: 0.2}},
		{Workload: "inference-r500-b1", Rate: 25, Iterations: 100, Latency: load.Percentiles{P50: 5.5}}}}
	if err := report.WriteJSON(filepath.Join(dir, "floor.json"), f); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteJSON(filepath.Join(dir, "gpu-floor.json"), g); err != nil {
		t.Fatal(err)
	}
}
