package report

import (
	"path/filepath"
	"strings"
	"testing"

	"gpufn/bench/floor"
	"gpufn/bench/load"
	"gpufn/bench/vegeta"
)

func writeFloors(t *testing.T, dir string) {
	t.Helper()
	f := &floor.Result{Kind: floor.KindHTTP, Version: 1, Points: []floor.Point{{Name: "matmul-n128", RequestBytes: 131100, ResponseBytes: 131080,
		Serial: load.Percentiles{P50: 0.076, P99: 0.1}, OpenLoop: &load.Percentiles{P50: 0.5}, OpenLoopRate: 25}}}
	g := &floor.GPUResult{Kind: floor.KindGPU, Version: 1, Device: "cuda H100", Points: []floor.GPUPoint{
		{Workload: "matmul-n128", Iterations: 2000, Latency: load.Percentiles{P50: 0.061, P99: 0.076}},
		{Workload: "matmul-n128", Rate: 25, Iterations: 100, Latency: load.Percentiles{P50: 0.2}},
		{Workload: "inference-r500-b1", Rate: 25, Iterations: 100, Latency: load.Percentiles{P50: 5.5}}}}
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
		low := &load.RateResult{Offered: 25, OK: 100, Latency: load.Percentiles{P50: p50}, Stages: map[string]load.StageStats{"ipc": {P50: ipc}}}
		return &SystemResult{Name: name, LowLoad: low, MaxHolding: max, Steps: []*load.RateResult{{Offered: max, Holds: true, OK: 1}}}
	}
	mm := &Results{Kind: KindResults, Workload: "matmul-n128", Systems: []*SystemResult{
		sys("gpufn-seq", 0.190, 9000, 0.020), sys("gpufn-c4-mps", 0.2, 30000, 0.02), sys("baseline", 0.17, 10000, 0)}}
	inf := &Results{Kind: KindResults, Workload: "inference-r500-b1", Systems: []*SystemResult{sys("gpufn-seq", 5.9, 170, 0.02)}}
	if err := SaveResults(dir, "matmul-n128", mm); err != nil {
		t.Fatal(err)
	}
	if err := SaveResults(dir, "inference-r500-b1", inf); err != nil {
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
	pt := func(rate float64, comparable, agree, agreeNet bool) vegeta.Point {
		return vegeta.Point{Rate: rate, Bench: &load.RateResult{}, Comparable: comparable, Agree: agree,
			BenchEcho: &load.RateResult{}, VegetaEcho: &vegeta.Stats{}, AgreeNet: agreeNet}
	}
	// withNet adds the bench's net/http client to a point: comparable as the default client,
	// agreeing raw as given, net of echo always.
	withNet := func(p vegeta.Point, agree bool) vegeta.Point {
		p.BenchNetHTTP, p.BenchNetHTTPEcho = &load.RateResult{}, &load.RateResult{}
		p.NetHTTP = &vegeta.Diff{Comparable: p.Comparable, Agree: agree && p.Comparable, AgreeNet: p.Comparable}
		return p
	}
	// At 25/s the default client's difference is within sampling error, and vegeta's p99 has
	// its interval.
	undecided := withNet(pt(25, true, false, true), true)
	undecided.Undecided, undecided.Vegeta.P99, undecided.Vegeta.P99CI = true, 3, &vegeta.Interval{Lo: 2.5, Hi: 3.5}
	for _, v := range []*vegeta.Check{
		{Kind: vegeta.Kind, System: "gpufn-seq", Workload: "matmul-n128", Tolerance: 0.1, VegetaArgs: vegeta.DefaultArgs,
			Points: []vegeta.Point{undecided, withNet(pt(500, true, false, true), true), withNet(pt(2000, true, false, false), true)}},
		{Kind: vegeta.Kind, System: "gpufn-seq", Workload: "inference-r100-b1", Tolerance: 0.1,
			Points: []vegeta.Point{pt(25, true, true, true), pt(200, true, true, true), pt(5000, false, false, false)}},
	} {
		if err := WriteJSON(filepath.Join(dir, "vegeta-"+v.Workload+".json"), v); err != nil {
			t.Fatal(err)
		}
	}
	low := &load.RateResult{Offered: 25, OK: 100, Latency: load.Percentiles{P50: 0.3}, SpinWaitMS: 10}
	mm := &Results{Kind: KindResults, Workload: "matmul-n128", Method: Method{LowRate: 25}, Systems: []*SystemResult{{Name: "gpufn-seq", LowLoad: low}}}
	if err := SaveResults(dir, "matmul-n128", mm); err != nil {
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

func TestStealSummary(t *testing.T) {
	s := &SystemResult{LowLoad: &load.RateResult{}, Steps: []*load.RateResult{{StealCores: 0.1}, {StealCores: 0.5}, {StealCores: 1.25}}}
	if got, want := s.stealSummary(), "host busy in 2 of 4 runs (up to 1.2 cores stolen)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got := (&SystemResult{Steps: []*load.RateResult{{StealCores: 0.1}}}).stealSummary(); got != "" {
		t.Errorf("%q for a quiet host", got)
	}
}

// The run line and the summary's note say when a run's server lost workers, and nothing when
// the server does not tell (the dedicated baseline) or lost none.
func TestEventsNotes(t *testing.T) {
	r := &load.RateResult{OK: 20, Server: &load.ServerEvents{WorkerRestarts: 1, Pipelined: 10, Inline: 60}}
	if line := RunLine(r); !strings.Contains(line, "(server: 1 worker restarts, 0 teardowns)") {
		t.Fatalf("run line %q does not say the worker was lost", line)
	}
	sr := &SystemResult{Name: "gpufn-seq", LowLoad: &load.RateResult{}, Steps: []*load.RateResult{r, {Server: &load.ServerEvents{Pipelined: 3}}}}
	if note := sr.eventsNote(); note != "server lost workers in 1 run(s): 1 restarts, 0 teardowns" {
		t.Fatalf("note %q", note)
	}
	if line := RunLine(&load.RateResult{OK: 10}); strings.Contains(line, "server:") {
		t.Fatalf("baseline: run line %q", line)
	}
}
