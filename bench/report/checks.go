package report

import (
	"fmt"
	"math"
	"strings"

	"gpufn/bench/internal/human"
	"gpufn/bench/load"
)

// Bounds of the batching issue (issue 18) and of the latency tails issue (issue 19).
const (
	BatchHeldVsTorch = 0.8  // highest rate held with batching at least this x torch.compile reduce-overhead bf16 ...
	BatchTorchBatch  = 32   // ... at this batch (items per second)
	BatchLowP50Over  = 1.05 // low-load p50 with batching at most this x the p50 without
	BatchP99At80     = 3.0  // p99 at 80% of the highest rate held at most this x the low-load p99

	ColdP50OverMS = 1.0 // cold p50 at most the hot p50 + this (ms)
	ColdP99OverMS = 2.0 // cold p99 at most the hot p99 + this (ms)

	DandelionP99OverP50  = 2.0  // the mix's p99 at most this x its p50 at 80% of its highest rate held
	DandelionP99VsAllHot = 1.25 // the mix's p99 at most this x the all-hot run's at the same rate
	DandelionColdPerS    = 2500 // distinct cold functions served per second at that rate
)

// at80 is the run of steps for 80% of peak: a figure point (a run made for its rate after the
// search) within 5% of it, else the nearest other run within 5%; nil when none is.
func at80(steps []*load.RateResult, peak float64) *load.RateResult {
	want := 0.8 * peak
	var best *load.RateResult
	for _, r := range steps {
		if r.OK == 0 || math.Abs(r.Offered-want) > 0.05*want {
			continue
		}
		fig, bestFig := r.Phase == "figure", best != nil && best.Phase == "figure"
		if best == nil || fig && !bestFig || fig == bestFig && math.Abs(r.Offered-want) < math.Abs(best.Offered-want) {
			best = r
		}
	}
	return best
}

// batchedModel is the model of a batched bundle workload ("bundle-resnet18-batched": resnet18).
func batchedModel(workload string) string {
	return strings.TrimSuffix(strings.TrimPrefix(workload, "bundle-"), "-batched")
}

// BatchingChecks checks the figures of the batching issue for every system named
// "...-batching-on" (scripts/gpu-models.sh's sweeps): its highest rate held against PyTorch's
// batch-32 throughput in the same directory, its low-load p50 against the system of the same
// name ending "-batching-off" on the same workload, and its p99 at 80% of its highest rate
// held (a figure point of the sweep) against its own low-load p99.
func (d *Dir) BatchingChecks() []Target {
	var out []Target
	find := func(workload, system string) *SystemResult {
		for _, n := range d.names() {
			if r := d.Results[n]; r.Workload == workload {
				if s := findSystem(r, system); s != nil {
					return s
				}
			}
		}
		return nil
	}
	for _, n := range d.names() {
		r := d.Results[n]
		for _, s := range r.Systems {
			base, ok := strings.CutSuffix(s.Name, "-batching-on")
			if !ok {
				continue
			}
			out = append(out, d.batchingChecks(r.Workload, s, find(r.Workload, base+"-batching-off"))...)
		}
	}
	return out
}

// batchingChecks are BatchingChecks' checks of one "-batching-on" system s of a workload, with
// off its "-batching-off" partner (nil when the directory has none). A figure that is missing
// where the check has its other inputs is a failing row saying what is missing, not no row.
func (d *Dir) batchingChecks(workload string, s, off *SystemResult) []Target {
	name := workload + " " + s.Name
	var out []Target
	low := s.LowLoad
	if low != nil && low.OK == 0 {
		low = nil
	}
	if t := d.Torch.Run(batchedModel(workload), "compile-ro-bf16", BatchTorchBatch); t != nil {
		x := Target{Name: fmt.Sprintf("%s: highest rate held >= %.1fx torch.compile reduce-overhead bf16 b%d", name, BatchHeldVsTorch, BatchTorchBatch),
			Measured: "no rate held", Bound: fmt.Sprintf(">= %.0f/s (%.0f/s)", BatchHeldVsTorch*t.ItemsPerS, t.ItemsPerS)}
		if s.MaxHolding > 0 {
			x.Measured, x.Pass = fmt.Sprintf("%g/s = %s", s.MaxHolding, ratio(s.MaxHolding/t.ItemsPerS)), s.MaxHolding >= BatchHeldVsTorch*t.ItemsPerS
		}
		out = append(out, x)
	}
	x := Target{Name: fmt.Sprintf("%s: low-load p50 within %.0f%% of batching off", name, 100*(BatchLowP50Over-1)), Bound: fmt.Sprintf("<= %.2fx", BatchLowP50Over)}
	switch {
	case off == nil:
		x.Measured = "no -batching-off run of this workload"
	case off.LowLoad == nil || off.LowLoad.OK == 0 || low == nil:
		x.Measured = "no low-load point with batching on and off"
	default:
		on, o := low.Latency.P50, off.LowLoad.Latency.P50
		x.Name += fmt.Sprintf(" (%s ms)", human.Cell(o))
		x.Measured, x.Pass = fmt.Sprintf("%s ms = %s", human.Cell(on), ratio(on/o)), on <= BatchLowP50Over*o
	}
	out = append(out, x)
	x = Target{Name: fmt.Sprintf("%s: p99 at 80%% of the highest rate held <= %gx the low-load p99", name, BatchP99At80)}
	switch {
	case low == nil:
		x.Measured = "no low-load point"
	case s.MaxHolding <= 0:
		x.Measured = "no rate held"
	default:
		x.Name += fmt.Sprintf(" (%s ms)", human.Cell(low.Latency.P99))
		x.Bound = fmt.Sprintf("<= %s ms", human.Cell(BatchP99At80*low.Latency.P99))
		if r := at80(s.Steps, s.MaxHolding); r != nil {
			x.Measured, x.Pass = fmt.Sprintf("%s ms at %g/s", human.Cell(r.Latency.P99), r.Offered), r.Latency.P99 <= BatchP99At80*low.Latency.P99
		} else {
			x.Measured = fmt.Sprintf("no run within 5%% of %g/s", 0.8*s.MaxHolding)
		}
	}
	return append(out, x)
}

// TailChecks checks the figures of the latency tails issue: for a run with cold requests
// beside hot ones (compare --hot-percent), each system's cold p50 and p99 against its hot ones;
// for the dandelion workload, at 80% of the mix's highest rate held, its p99 against its p50
// and against the all-hot run's p99 at the same rate, and the distinct cold functions served
// per second there.
func (d *Dir) TailChecks() []Target {
	var out []Target
	for _, n := range d.names() {
		r := d.Results[n]
		if m := r.Method.Dandelion; m != nil {
			out = append(out, dandelionChecks(r)...)
			continue
		}
		if r.Method.ColdPercent == 0 {
			continue
		}
		for _, s := range r.Systems {
			x := s.LowLoad
			if x == nil || x.Hot == nil || x.Cold == nil {
				out = append(out, Target{Name: fmt.Sprintf("%s %s, %g%% cold: cold beside hot", r.Workload, s.Name, r.Method.ColdPercent),
					Measured: "no low-load run with hot and cold requests", Bound: "one"})
				continue
			}
			name := fmt.Sprintf("%s %s at %g/s, %g%% cold", r.Workload, s.Name, x.Offered, r.Method.ColdPercent)
			out = append(out,
				Target{Name: fmt.Sprintf("%s: cold p50 <= hot p50 + %g ms", name, ColdP50OverMS), Measured: human.Cell(x.Cold.P50) + " ms",
					Bound: fmt.Sprintf("%s ms (%s + %g)", human.Cell(x.Hot.P50+ColdP50OverMS), human.Cell(x.Hot.P50), ColdP50OverMS), Pass: x.Cold.P50 <= x.Hot.P50+ColdP50OverMS},
				Target{Name: fmt.Sprintf("%s: cold p99 <= hot p99 + %g ms", name, ColdP99OverMS), Measured: human.Cell(x.Cold.P99) + " ms",
					Bound: fmt.Sprintf("%s ms (%s + %g)", human.Cell(x.Hot.P99+ColdP99OverMS), human.Cell(x.Hot.P99), ColdP99OverMS), Pass: x.Cold.P99 <= x.Hot.P99+ColdP99OverMS})
		}
	}
	return out
}

// dandelionChecks are TailChecks' checks of one dandelion result (the mix first, the all-hot
// run second, as bench dandelion writes it).
func dandelionChecks(r *Results) []Target {
	if len(r.Systems) < 2 {
		return []Target{{Name: r.Workload + ": the mix and the all-hot run", Measured: fmt.Sprintf("%d systems in the file", len(r.Systems)), Bound: "2"}}
	}
	mix, hot := r.Systems[0], r.Systems[1]
	if mix.MaxHolding <= 0 {
		return []Target{{Name: r.Workload + " " + mix.Name + ": a highest rate held", Measured: "none held", Bound: "a rate held"}}
	}
	x := at80(mix.Steps, mix.MaxHolding)
	name := fmt.Sprintf("%s %s at 80%% of %g/s", r.Workload, mix.Name, mix.MaxHolding)
	if x == nil {
		return []Target{{Name: name, Measured: "no run within 5% of that rate", Bound: "a run there"}}
	}
	name = fmt.Sprintf("%s (%g/s)", name, x.Offered)
	out := []Target{
		{Name: fmt.Sprintf("%s: p99 <= %gx p50 (%s ms)", name, DandelionP99OverP50, human.Cell(x.Latency.P50)), Measured: human.Cell(x.Latency.P99) + " ms",
			Bound: human.Cell(DandelionP99OverP50*x.Latency.P50) + " ms", Pass: x.Latency.P99 <= DandelionP99OverP50*x.Latency.P50},
		{Name: name + ": distinct cold functions served per second", Measured: fmt.Sprintf("%.0f/s", x.ColdFunctionsPerS),
			Bound: fmt.Sprintf(">= %d/s", DandelionColdPerS), Pass: x.ColdFunctionsPerS >= DandelionColdPerS},
	}
	for _, h := range hot.Steps {
		if h.Offered == x.Offered && h.OK > 0 {
			return append(out, Target{Name: fmt.Sprintf("%s: p99 <= %gx the all-hot run's p99 (%s ms)", name, DandelionP99VsAllHot, human.Cell(h.Latency.P99)),
				Measured: human.Cell(x.Latency.P99) + " ms", Bound: human.Cell(DandelionP99VsAllHot*h.Latency.P99) + " ms", Pass: x.Latency.P99 <= DandelionP99VsAllHot*h.Latency.P99})
		}
	}
	return append(out, Target{Name: fmt.Sprintf("%s: p99 <= %gx the all-hot run's p99", name, DandelionP99VsAllHot),
		Measured: fmt.Sprintf("no all-hot run at %g/s", x.Offered), Bound: "an all-hot run at the same rate"})
}

// checksSection writes the checks of the batching and latency tails issues, when the directory
// has their inputs.
func (d *Dir) checksSection(b *strings.Builder) {
	for _, c := range []struct {
		title  string
		checks []Target
	}{{"Checks (issue 18, batching)", d.BatchingChecks()}, {"Checks (issue 19, cold starts and the dandelion workload)", d.TailChecks()}} {
		targetTable(b, "## "+c.title, "check", c.checks)
	}
}

// targetTable writes checks as a table under heading (nothing when there are none): each
// check's name (in the column called what), measured figure, bound and verdict.
func targetTable(b *strings.Builder, heading, what string, checks []Target) {
	if len(checks) == 0 {
		return
	}
	fmt.Fprintf(b, "%s\n\n| %s | measured | bound | |\n|---|---:|---:|---|\n", heading, what)
	for _, x := range checks {
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", x.Name, x.Measured, x.Bound, map[bool]string{true: "pass", false: "**FAIL**"}[x.Pass])
	}
	b.WriteString("\n")
}
