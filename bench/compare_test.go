package bench

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSystemSpecs(t *testing.T) {
	o := SystemOptions{GPUfn: "/x/gpufn", Device: "cuda"}
	wl, _ := ParseWorkload("inference-r500")
	for name, want := range map[string]string{
		"seq":                "/x/gpufn serve --device cuda --engine sequential",
		"c4-mps":             "/x/gpufn serve --device cuda --engine concurrent --workers 4 --mps on",
		"c8-nomps":           "/x/gpufn serve --device cuda --engine concurrent --workers 8 --mps off",
		"cpu":                "/x/gpufn serve --device cpu --engine concurrent --workers 8",
		"baseline":           "/x/gpufn-baseline --workload inference-r500-b1 --device cuda",
		"seq-nopipe":         "/x/gpufn serve --device cuda --engine sequential --pipeline=false",
		"seq-noinline":       "/x/gpufn serve --device cuda --engine sequential --inline=false",
		"c4-mps-block":       "/x/gpufn serve --device cuda --engine concurrent --workers 4 --mps on --poll block",
		"c4-mps-spin-nopipe": "/x/gpufn serve --device cuda --engine concurrent --workers 4 --mps on --poll spin --pipeline=false",
	} {
		s, err := o.System(name, wl)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(append([]string{s.Binary}, s.Args...), " "); got != want {
			t.Errorf("%s: %q; want %q", name, got, want)
		}
		if s.Registers != (name != "baseline") {
			t.Errorf("%s: registers %v", name, s.Registers)
		}
	}
	for _, bad := range []string{"c0-mps", "c4", "c4-maybe", "cx-mps", "gpu", "baseline-nopipe"} {
		if _, err := o.System(bad, wl); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	o.Device = "cpu"
	if s, _ := o.System("c2-mps", wl); strings.Contains(strings.Join(s.Args, " "), "--mps") {
		t.Errorf("MPS flag on the cpu device: %v", s.Args)
	}
}

// compare starts real processes (this test binary as a fake server), runs the low-load point
// and an adaptive sweep against each, stops them, and writes JSON, CSV, plots and logs; report
// redraws the plots from the JSON.
func TestCompareAndReport(t *testing.T) {
	t.Setenv("GPUFN_BENCH_FAKE", "1")
	out := t.TempDir()
	wl, _ := ParseWorkload("matmul-n16")
	var log bytes.Buffer
	res, err := Compare(context.Background(), CompareConfig{
		Workload: wl,
		Systems:  []string{"seq", "c2-mps", "baseline", "nonsense"},
		Servers:  SystemOptions{GPUfn: os.Args[0], Baseline: os.Args[0], Device: "cpu"},
		Run:      RunConfig{Duration: 250 * time.Millisecond, Warmup: 50 * time.Millisecond, ColdPercent: 50},
		// Errors alone decide (no achieved-rate rule): whether 40/s is achieved in a 250 ms run
		// depends on how fast this machine answers.
		Sweep:   SweepConfig{Mode: SweepAdaptive, Start: 20, Max: 40, Settle: time.Millisecond},
		LowRate: 20, LowDuration: 250 * time.Millisecond,
		Out: out, Machine: ThisMachine("test-machine"), ReadyTimeout: 30 * time.Second, Log: &log,
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
	}
	if !strings.Contains(res.Systems[2].Desc, "always hot") || res.Systems[2].LowLoad.ColdSent != 0 {
		t.Errorf("baseline with cold requests: %q", res.Systems[2].Desc)
	}
	logs, _ := os.ReadFile(filepath.Join(out, "logs", "matmul-n16-gpufn-c2-mps.log"))
	if !bytes.Contains(logs, []byte("fake server args: serve --device cpu --engine concurrent --workers 2 --listen 127.0.0.1:")) ||
		!bytes.Contains(logs, []byte("fake server stopped")) {
		t.Errorf("server log:\n%s", logs)
	}
	for _, f := range []string{"matmul-n16.json", "matmul-n16.csv", "matmul-n16-latency.svg", "matmul-n16-latency.png"} {
		if fi, err := os.Stat(filepath.Join(out, f)); err != nil || fi.Size() == 0 {
			t.Fatalf("%s: %v", f, err)
		}
	}
	csv, _ := os.ReadFile(filepath.Join(out, "matmul-n16.csv"))
	if n := bytes.Count(csv, []byte("\n")); n != 1+3*3 {
		t.Errorf("CSV has %d lines; want a header and 9 runs:\n%s", n, csv)
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

func writeFloors(t *testing.T, dir string) {
	t.Helper()
	f := &FloorResult{Kind: KindFloor, Version: 1, Points: []FloorPoint{{Name: "matmul-n128", RequestBytes: 131100, ResponseBytes: 131080,
		Serial: Percentiles{P50: 0.076, P99: 0.1}, OpenLoop: &Percentiles{P50: 0.5}, OpenLoopRate: 25}}}
	g := &GPUFloor{Kind: KindGPUFloor, Version: 1, Device: "cuda H100", Points: []GPUFloorPoint{
		{Workload: "matmul-n128", Iterations: 2000, Latency: Percentiles{P50: 0.061, P99: 0.076}},
		{Workload: "matmul-n128", Rate: 25, Iterations: 100, Latency: Percentiles{P50: 0.2}},
		{Workload: "inference-r500-b1", Rate: 25, Iterations: 100, Latency: Percentiles{P50: 5.5}}}}
	if err := WriteJSON(filepath.Join(dir, "floor.json"), f); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(filepath.Join(dir, "gpu-floor.json"), g); err != nil {
		t.Fatal(err)
	}
}

// Targets are computed from the files: the floors, the low-load points and the sweeps.
func TestTargets(t *testing.T) {
	dir := t.TempDir()
	writeFloors(t, dir)
	sys := func(name string, p50, max, ipc float64) *SystemResult {
		low := &RateResult{Offered: 25, OK: 100, Latency: Percentiles{P50: p50}, Stages: map[string]StageStats{"ipc": {P50: ipc}}}
		return &SystemResult{Name: name, LowLoad: low, MaxHolding: max, Steps: []*RateResult{{Offered: max, Holds: true, OK: 1}}}
	}
	mm := &Results{Kind: KindResults, Workload: "matmul-n128", Systems: []*SystemResult{
		sys("gpufn-seq", 0.190, 9000, 0.020), sys("gpufn-c4-mps", 0.2, 30000, 0.02), sys("baseline", 0.17, 10000, 0)}}
	inf := &Results{Kind: KindResults, Workload: "inference-r500-b1", Systems: []*SystemResult{sys("gpufn-seq", 5.9, 170, 0.02)}}
	if err := saveResults(dir, "matmul-n128", mm); err != nil {
		t.Fatal(err)
	}
	if err := saveResults(dir, "inference-r500-b1", inf); err != nil {
		t.Fatal(err)
	}
	d, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, x := range d.Targets() {
		got[x.Name] = x.Pass
	}
	want := map[string]bool{
		"matmul n=128 at 25/s: gpufn-seq p50 <= HTTP floor + pipe + GPU floor + 40 us (floors serial, back to back)": true, // 0.190 <= 0.076+0.020+0.061+0.040 = 0.197
		"matmul n=128 at 25/s: gpufn-seq p50 <= HTTP floor + pipe + GPU floor + 40 us (floors at the same 25/s)":     true, // 0.190 <= 0.5+0.02+0.2+0.04
		"inference 500 reps: gpufn-seq p50 within 1.1x of the GPU floor paced at the same 25/s":                      true, // 5.9 <= 6.05
		"matmul-n128: gpufn-seq low-load p50 within 1.2x of the baseline's":                                          true, // 1.12x
		"matmul-n128: gpufn-seq highest rate held at least 0.8x the baseline's":                                      true,
		"matmul-n128: concurrent (4 workers, MPS) highest rate at least 3x sequential":                               true,  // 3.33x
		"inference 500 reps at 25/s: gpufn-seq p50 within 1.1x of the 5.33 ms GPU floor":                             false, // 5.9 > 5.863
	}
	for k, v := range want {
		if p, ok := got[k]; !ok || p != v {
			t.Errorf("target %q: %v (present %v); want %v\nall: %v", k, p, ok, v, got)
		}
	}
}

// The summary gives each workload's vegeta cross-check its own verdict line per bench client,
// says which client agrees, and says where the floor's and the low-load point's client
// spin-wait differ.
func TestSummaryVegetaPerWorkloadAndSpin(t *testing.T) {
	dir := t.TempDir()
	writeFloors(t, dir)
	pt := func(rate float64, comparable, agree, agreeNet bool) VegetaPoint {
		return VegetaPoint{Rate: rate, Bench: &RateResult{}, Comparable: comparable, Agree: agree,
			BenchEcho: &RateResult{}, VegetaEcho: &VegetaStats{}, AgreeNet: agreeNet}
	}
	// withNet adds the bench's net/http client to a point: comparable as the default client,
	// agreeing raw as given, net of echo always.
	withNet := func(p VegetaPoint, agree bool) VegetaPoint {
		p.BenchNetHTTP, p.BenchNetHTTPEcho = &RateResult{}, &RateResult{}
		p.NetHTTP = &VegetaDiff{Comparable: p.Comparable, Agree: agree && p.Comparable, AgreeNet: p.Comparable}
		return p
	}
	// At 25/s the default client's difference is within sampling error, and vegeta's p99 has
	// its interval.
	undecided := withNet(pt(25, true, false, true), true)
	undecided.Undecided, undecided.Vegeta.P99, undecided.Vegeta.P99CI = true, 3, &Interval{Lo: 2.5, Hi: 3.5}
	for _, v := range []*VegetaCheck{
		{Kind: KindVegeta, System: "gpufn-seq", Workload: "matmul-n128", Tolerance: 0.1, VegetaArgs: DefaultVegetaArgs,
			Points: []VegetaPoint{undecided, withNet(pt(500, true, false, true), true), withNet(pt(2000, true, false, false), true)}},
		{Kind: KindVegeta, System: "gpufn-seq", Workload: "inference-r100-b1", Tolerance: 0.1,
			Points: []VegetaPoint{pt(25, true, true, true), pt(200, true, true, true), pt(5000, false, false, false)}},
	} {
		if err := WriteJSON(filepath.Join(dir, "vegeta-"+v.Workload+".json"), v); err != nil {
			t.Fatal(err)
		}
	}
	low := &RateResult{Offered: 25, OK: 100, Latency: Percentiles{P50: 0.3}, SpinWaitMS: 10}
	mm := &Results{Kind: KindResults, Workload: "matmul-n128", Method: Method{LowRate: 25}, Systems: []*SystemResult{{Name: "gpufn-seq", LowLoad: low}}}
	if err := saveResults(dir, "matmul-n128", mm); err != nil {
		t.Fatal(err)
	}
	d, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	sum := d.Summary()
	for _, want := range []string{
		"| matmul-n128 | gpufn-seq | 3 | 0 of 3 (+1 within sampling error) | 2 of 3 | 3 of 3 | 3 of 3 |",
		"(rates that agree of those compared: fasthttp 0 of 3 (1 more within sampling error), net 2 of 3; nethttp 3 of 3",
		"| 25/s | fasthttp | 0 / 0 | - | - | +0.0% | - | 3.00 [2.50, 3.50] | +0.0% | within sampling error |",
		"| inference-r100-b1 | gpufn-seq | 3 | 2 of 2 | 2 of 2 | - | - |",
		"- matmul-n128 (gpufn-seq): raw, only the bench with nethttp agrees with vegeta; net of each tool's echo p50, only the bench with nethttp agrees with vegeta",
		"- inference-r100-b1 (gpufn-seq): raw, the bench agrees with vegeta;",
		"| 2000/s | nethttp | 0 / 0 |",
		"vegeta attack -http2=false -max-body=0",
		"low-load point at 25/s (client spin-wait 10 ms)",
		"floors at the same 25/s; client spin-wait off for the floor, 10 ms for gpufn-seq",
	} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
}
