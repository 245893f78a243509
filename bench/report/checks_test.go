package report

import (
	"strings"
	"testing"

	"gpufn/bench/load"
)

// checkTable maps each check's name to its measured figure and verdict.
func checkTable(ts []Target) map[string]Target {
	m := map[string]Target{}
	for _, t := range ts {
		m[t.Name] = t
	}
	return m
}

// The batching checks pair the "-batching-on" system with the "-batching-off" one of the same
// workload (in another file), judge the highest rate against PyTorch's batch 32, and take the
// p99 at 80% of the peak from the figure point, not from a search run at the same rate.
func TestBatchingChecks(t *testing.T) {
	on := &SystemResult{Name: "c4-mps-batching-on", LowLoad: run("low", 25, 1.2, 1.5, true), MaxHolding: 30000,
		Steps: []*load.RateResult{run("bisect", 24000, 5, 20, true), run("bisect", 30000, 6, 12, true), run("figure", 24000, 2, 4.4, true)}}
	off := &SystemResult{Name: "c4-mps-batching-off", LowLoad: run("low", 25, 1.1, 1.3, true), MaxHolding: 8000}
	d := &Dir{Results: map[string]*Results{
		"on":  {Workload: "bundle-resnet18-batched", Systems: []*SystemResult{on}},
		"off": {Workload: "bundle-resnet18-batched", Systems: []*SystemResult{off}},
	}, Torch: &TorchBaseline{Runs: []TorchRun{{Model: "resnet18", Config: "compile-ro-bf16", Batch: 32, P50MS: 1, ItemsPerS: 36000}}}}
	got := d.BatchingChecks()
	if len(got) != 3 {
		t.Fatalf("%d checks, want 3: %+v", len(got), got)
	}
	byName := checkTable(got)
	for name, want := range map[string]struct {
		measured string
		pass     bool
	}{
		"highest rate held >= 0.8x": {"30000/s = 0.83x", true},
		"low-load p50 within 5%":    {"1.20 ms = 1.09x", false},
		"p99 at 80%":                {"4.40 ms at 24000/s", true},
	} {
		found := false
		for n, c := range byName {
			if strings.Contains(n, name) {
				found = true
				if c.Measured != want.measured || c.Pass != want.pass {
					t.Errorf("%s: measured %q pass %v; want %q %v", n, c.Measured, c.Pass, want.measured, want.pass)
				}
			}
		}
		if !found {
			t.Errorf("no check %q among %v", name, got)
		}
	}
	// A figure point a little off 80% is preferred to a search run nearer to it.
	on.Steps[2].Offered = 24100
	on.Steps = append(on.Steps, run("bisect", 23990, 5, 30, true))
	for _, c := range d.BatchingChecks() {
		if strings.Contains(c.Name, "p99 at 80%") && c.Measured != "4.40 ms at 24100/s" {
			t.Errorf("with a search run nearer 80%%: %+v", c)
		}
	}
	// Without its batching-off partner the low-load check fails, saying so.
	delete(d.Results, "off")
	for _, c := range d.BatchingChecks() {
		if strings.Contains(c.Name, "low-load p50") && (c.Pass || c.Measured != "no -batching-off run of this workload") {
			t.Errorf("without batching off: %+v", c)
		}
	}
	// Without a run near 80% of the peak the check fails, saying so.
	on.Steps = on.Steps[1:2]
	for _, c := range d.BatchingChecks() {
		if strings.Contains(c.Name, "p99 at 80%") && (c.Pass || !strings.Contains(c.Measured, "no run")) {
			t.Errorf("without a run at 80%%: %+v", c)
		}
	}
}

// The tail checks judge cold beside hot per system and the dandelion mix at 80% of its peak
// against its own p50 and the all-hot run at the same rate.
func TestTailChecks(t *testing.T) {
	low := run("low", 20, 1, 2, true)
	low.Hot, low.Cold = &load.Percentiles{P50: 0.8, P99: 1.4}, &load.Percentiles{P50: 1.7, P99: 3.6}
	mix := run("figure", 8000, 0.4, 0.7, true)
	mix.ColdFunctionsPerS = 2600
	d := &Dir{Results: map[string]*Results{
		"cold": {Workload: "matmul-n128", Method: Method{ColdPercent: 50}, Systems: []*SystemResult{{Name: "gpufn-seq", LowLoad: low}}},
		"dandelion": {Workload: "dandelion-matmul-n128", Method: Method{Dandelion: &DandelionMethod{Functions: 10, HotSet: 2, HotPercent: 97}},
			Systems: []*SystemResult{{Name: "m", MaxHolding: 10000, Steps: []*load.RateResult{mix}}, {Name: "h", Steps: []*load.RateResult{run("allhot", 8000, 0.3, 0.5, true)}}}},
	}}
	// Without an all-hot run at the mix's rate, that check fails, saying so.
	allhot := d.Results["dandelion"].Systems[1]
	allhot.Steps[0].Offered = 7000
	for _, c := range d.TailChecks() {
		if strings.Contains(c.Name, "all-hot run's p99") && (c.Pass || c.Measured != "no all-hot run at 8000/s") {
			t.Errorf("without an all-hot run at the rate: %+v", c)
		}
	}
	allhot.Steps[0].Offered = 8000
	got := checkTable(d.TailChecks())
	want := map[string]bool{"cold p50": true, "cold p99": false, "p99 <= 2x p50": true, "distinct cold functions": true, "all-hot run's p99": false}
	if len(got) != len(want) {
		t.Fatalf("%d checks, want %d: %v", len(got), len(want), got)
	}
	for part, pass := range want {
		n := 0
		for name, c := range got {
			if strings.Contains(name, part) {
				n++
				if c.Pass != pass {
					t.Errorf("%s: pass %v, want %v (%+v)", name, c.Pass, pass, c)
				}
			}
		}
		if n != 1 {
			t.Errorf("%d checks named like %q, want 1", n, part)
		}
	}
}
