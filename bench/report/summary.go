package report

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gpufn/bench/floor"
	"gpufn/bench/internal/human"
	"gpufn/bench/load"
	"gpufn/bench/vegeta"
)

// Dir is everything the bench wrote into one results directory.
type Dir struct {
	Path     string
	Results  map[string]*Results // by file base name
	Floor    *floor.Result
	GPUFloor *floor.GPUResult
	Vegeta   []*vegeta.Check
	Torch    *TorchBaseline // torch-baseline.json (models.go)
}

// LoadDir reads every results, floor, GPU floor and vegeta file (*.json) in dir.
func LoadDir(dir string) (*Dir, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	d := &Dir{Path: dir, Results: map[string]*Results{}}
	for _, f := range files {
		var err error
		switch fileKind(f) {
		case KindResults:
			var r *Results
			if r, err = ReadResults(f); err == nil {
				d.Results[strings.TrimSuffix(filepath.Base(f), ".json")] = r
			}
		case floor.KindHTTP:
			d.Floor = new(floor.Result)
			err = readJSON(f, d.Floor)
		case floor.KindGPU:
			d.GPUFloor = new(floor.GPUResult)
			err = readJSON(f, d.GPUFloor)
		case KindTorchBaseline: // several files (one per device call, say) add up
			t := new(TorchBaseline)
			if err = readJSON(f, t); err == nil {
				d.Torch = d.Torch.merge(t)
			}
		case vegeta.Kind:
			v := new(vegeta.Check)
			if err = readJSON(f, v); err == nil {
				d.Vegeta = append(d.Vegeta, v)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return d, nil
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// names returns the results' base names in a stable order.
func (d *Dir) names() []string {
	var out []string
	for k := range d.Results {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Redraw draws every results file's latency plot again (Name-latency.svg and .png).
func (d *Dir) Redraw(o PlotOptions) ([]string, error) {
	var files []string
	for _, name := range d.names() {
		info, err := PlotLatency(d.Results[name], filepath.Join(d.Path, name+"-latency"), o)
		if err != nil {
			return files, err
		}
		files = append(files, info.Files...)
	}
	return files, nil
}

// Summary renders the directory as markdown: floors, one table per results file (low-load
// latency, highest rate that held, ratios against the dedicated baseline, the per-stage
// breakdown), the targets of the bench issue where their inputs were measured, and the vegeta
// cross-check.
func (d *Dir) Summary() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# gpufn bench results\n\n")
	if m := d.machine(); m != nil {
		p("Machine: %s (%s, %d CPUs, %s)", m.Label, m.Hostname, m.CPUs, m.OS)
		if m.GPU != "" {
			p(", GPU: %s", m.GPU)
		}
		p(".\n\n")
	}
	p("Latency is measured from each request's intended send time (open loop, no coordinated omission), in ms; " +
		"a rate holds while errors (timeouts, non-2xx, wrong outputs) stay under 1%%, the achieved rate is at least 90%% of the offered one, " +
		"p99 stays within the system's bound (10x its own low-load p99 unless an SLO was given) and the queue does not grow over the run " +
		"(p50 of the last third at most 2x the first third's; docs/bench.md, \"A rate holds\"). Files written before 2026-11-27 were held to the first two only. " +
		"Server CPU is the server's and its workers' user and system time per successful answer.\n\n")

	if f := d.Floor; f != nil {
		p("## HTTP floor (loopback echo: fasthttp server, the bench's %s client)\n\n", httpClientName(f.HTTPClient))
		p("| payload | request B | response B | serial p50 | p99 | min | open loop p50 | p99 | closed loop |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
		for _, pt := range f.Points {
			ol50, ol99 := "-", "-"
			if pt.OpenLoop != nil {
				ol50, ol99 = human.Cell(pt.OpenLoop.P50)+fmt.Sprintf(" (at %g/s)", pt.OpenLoopRate), human.Cell(pt.OpenLoop.P99)
			}
			cl := "-"
			if pt.ClosedLoopConns > 0 {
				cl = fmt.Sprintf("%.0f/s (%d conns)", pt.ClosedLoopRPS, pt.ClosedLoopConns)
				if pt.ClosedLoopCPUUS > 0 {
					cl += fmt.Sprintf(", %.0f us CPU/req", pt.ClosedLoopCPUUS)
				}
			}
			p("| %s | %d | %d | %s | %s | %s | %s | %s | %s |\n", pt.Name, pt.RequestBytes, pt.ResponseBytes,
				human.Cell(pt.Serial.P50), human.Cell(pt.Serial.P99), human.Cell(pt.Serial.Min), ol50, ol99, cl)
		}
		if f.Server != "" {
			p("\nEcho server: %s", f.Server)
			if f.Server == "in-process" {
				p(" (sharing the bench's CPUs: the closed loop and its CPU per request are client and server together)")
			} else {
				p(" (a process of its own: the closed loop's CPU per request is the client's alone)")
			}
			p(". Client spin-wait: %s.\n", spinText(f.SpinWaitMS))
		}
		p("\n")
	}
	if g := d.GPUFloor; g != nil {
		p("## GPU floor (in process, no HTTP: H2D pinned, kernels, D2H, zero, sync; device %s)\n\n| workload | iterations | p50 | p99 | h2d | kernel | d2h | zero (means) |\n|---|---:|---:|---:|---:|---:|---:|---:|\n", g.Device)
		for _, pt := range g.Points {
			st := func(n string) string {
				if s, ok := pt.Stages[n]; ok {
					return human.Cell(s.Mean)
				}
				return "-"
			}
			name := pt.Workload
			if pt.Rate > 0 {
				name += fmt.Sprintf(" (paced at %g/s)", pt.Rate)
			}
			p("| %s | %d | %s | %s | %s | %s | %s | %s |\n", name, pt.Iterations, human.Cell(pt.Latency.P50), human.Cell(pt.Latency.P99),
				st("h2d"), st("kernel"), st("d2h"), st("zero"))
		}
		p("\n")
	}
	for _, name := range d.names() {
		r := d.Results[name]
		p("## %s (%s)\n\n", r.Workload, name)
		m := r.Method
		p("Sweep %s, %gs per rate after %gs warm-up, timeout %gs, %s spacing", m.Sweep, m.DurationS, m.WarmupS, m.TimeoutS,
			map[bool]string{true: "Poisson", false: "constant"}[m.Poisson])
		if m.ColdPercent > 0 {
			p(", %g%% cold requests", m.ColdPercent)
		}
		p(", low-load point at %g/s", m.LowRate)
		for _, sys := range r.Systems {
			if sys.LowLoad != nil && sys.LowLoad.SpinWaitMS > 0 {
				p(" (client spin-wait %s)", spinText(sys.LowLoad.SpinWaitMS))
				break
			}
		}
		p(".\n\n")
		if e := r.EchoClosedLoop; e != nil {
			p("HTTP echo floor, closed loop of %d connections with this workload's payloads, measured as the systems' closed loops: %.0f/s, p50 %s, p99 %s", e.Conns, e.Achieved, human.Cell(e.Latency.P50), human.Cell(e.Latency.P99))
			if e.ServerCPUPerReqUS > 0 {
				p(", echo server CPU %.0f us/req", e.ServerCPUPerReqUS)
			}
			p(".\n\n")
		}
		base := findSystem(r, "baseline")
		p("| system | low-load p50 | p99 | p50 vs baseline | highest rate held | vs baseline | p50 / p99 at that rate | server CPU/inv there | closed loop | note |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n")
		for _, s := range r.Systems {
			low, top := s.LowLoad, s.topRun()
			row := []string{s.Name, "-", "-", "-", "-", "-", "-", "-", "-", ""}
			if low != nil && low.OK > 0 {
				row[1], row[2] = human.Cell(low.Latency.P50), human.Cell(low.Latency.P99)
				if base != nil && base.LowLoad != nil && base.LowLoad.OK > 0 && s != base {
					row[3] = ratio(low.Latency.P50 / base.LowLoad.Latency.P50)
				}
				if low.Errors > 0 {
					row[9] = fmt.Sprintf("low-load errors: %s", kindsString(low.ErrorKinds))
				}
				if low.Cold != nil {
					row[9] = strings.TrimSpace(row[9] + " " + coldText(low))
				}
			}
			if len(s.Steps) > 0 {
				row[4] = s.HoldingText()
				if base != nil && base.MaxHolding > 0 && s != base {
					row[5] = ratio(s.MaxHolding / base.MaxHolding)
				}
				if top != nil {
					row[6] = human.Cell(top.Latency.P50) + " / " + human.Cell(top.Latency.P99)
					if top.ServerCPUPerReqUS > 0 {
						row[7] = fmt.Sprintf("%.0f us", top.ServerCPUPerReqUS)
					}
					if top.ColdFunctions > 0 {
						row[9] = strings.TrimSpace(row[9] + fmt.Sprintf(" %.0f distinct cold functions/s there", top.ColdFunctionsPerS))
					}
				}
			}
			if cl := s.ClosedLoop; cl != nil && cl.OK > 0 {
				row[8] = fmt.Sprintf("%.0f/s, p50 %s", cl.Achieved, human.Cell(cl.Latency.P50))
				if cl.ServerCPUPerReqUS > 0 {
					row[8] += fmt.Sprintf(", %.0f us CPU/inv", cl.ServerCPUPerReqUS)
				}
			}
			if s.Rule != nil && s.Rule.MaxP99 > 0 && len(s.Steps) > 0 {
				row[9] = joinNote(row[9], "p99 bound "+human.MS(s.Rule.MaxP99))
			}
			if note := s.eventsNote(); note != "" {
				row[9] = strings.TrimSpace(row[9] + " " + note)
			}
			if note := s.stealSummary(); note != "" {
				row[9] = strings.TrimSpace(row[9] + " " + note)
			}
			if s.Error != "" {
				row[9] = strings.TrimSpace(row[9] + " error: " + oneLine(s.Error, 120))
			}
			p("| %s |\n", strings.Join(row, " | "))
		}
		p("\n")
		if r.Method.Dandelion != nil {
			dandelionTable(&b, r)
		}
		d.stageTable(&b, r)
		if _, err := os.Stat(filepath.Join(d.Path, name+"-latency.png")); err == nil {
			p("![%s latency](%s-latency.png)\n\n", r.Workload, name)
		}
	}
	d.modelsSection(&b)
	d.checksSection(&b)
	targetTable(&b, "## Targets", "target", d.Targets())
	if len(d.Vegeta) > 0 {
		vegeta.WriteSummary(&b, d.Vegeta)
	}
	return b.String()
}

func spinText(ms float64) string {
	if ms <= 0 {
		return "off"
	}
	return fmt.Sprintf("%g ms", ms)
}

// stageTable writes the per-stage breakdown of each system at low load (server-side means).
func (d *Dir) stageTable(b *strings.Builder, r *Results) {
	seen := map[string]load.StageStats{}
	for _, s := range r.Systems {
		if s.LowLoad != nil {
			for k, v := range s.LowLoad.Stages {
				seen[k] = v
			}
		}
	}
	if len(seen) == 0 {
		return
	}
	names := load.StageNames(seen)
	fmt.Fprintf(b, "Where the time goes at low load (server's Server-Timing, mean ms; `outside` = client p50 - server total p50: HTTP, encoding, the frontend):\n\n| system | %s | outside |\n|---|%s---:|\n",
		strings.Join(names, " | "), strings.Repeat("---:|", len(names)))
	for _, s := range r.Systems {
		if s.LowLoad == nil || len(s.LowLoad.Stages) == 0 {
			continue
		}
		row := []string{s.Name}
		for _, n := range names {
			if st, ok := s.LowLoad.Stages[n]; ok {
				row = append(row, fmt.Sprintf("%.3f", st.Mean))
			} else {
				row = append(row, "-")
			}
		}
		out := "-"
		if t, ok := s.LowLoad.Stages["total"]; ok {
			out = fmt.Sprintf("%.3f", s.LowLoad.Latency.P50-t.P50)
		}
		fmt.Fprintf(b, "| %s | %s |\n", strings.Join(row, " | "), out)
	}
	b.WriteString("\n")
}

// topRun is the run at the highest rate that held.
func (s *SystemResult) topRun() *load.RateResult {
	var top *load.RateResult
	for _, r := range s.Steps {
		if r.Holds && (top == nil || r.Offered > top.Offered) {
			top = r
		}
	}
	return top
}

func findSystem(r *Results, name string) *SystemResult {
	for _, s := range r.Systems {
		if s.Name == name {
			return s
		}
	}
	return nil
}

func (d *Dir) machine() *load.Machine {
	for _, n := range d.names() {
		return &d.Results[n].Machine
	}
	if d.Floor != nil {
		return &d.Floor.Machine
	}
	if d.GPUFloor != nil {
		return &d.GPUFloor.Machine
	}
	return nil
}

func ratio(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	return fmt.Sprintf("%.2fx", v)
}

func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		s = s[:n] + "..."
	}
	return strings.ReplaceAll(s, "|", "/")
}

// Target is one figure the bench issue sets, checked against the results.
type Target struct {
	Name     string
	Measured string
	Bound    string
	Pass     bool
}

// GPUFloorInference500 is the in-process floor of inference with 500 repetitions on the H100
// from docs/gpu-facts.md (ms), the fixed bound of that target.
const GPUFloorInference500 = 5.33

// Targets checks the figures of the bench issue whose inputs are in the directory (hot
// results only):
//   - matmul n=128 at low load: gpufn-seq p50 <= HTTP floor p50 + pipe round trip (the ipc
//     stage's p50) + GPU floor p50 + 40 us;
//   - gpufn-seq's low-load p50 within 1.2x of the baseline's, and its highest rate that held
//     at least 0.8x the baseline's (each workload);
//   - gpufn-c4-mps's highest rate at least 3x gpufn-seq's on matmul and 2x on inference with
//     1 repetition;
//   - inference with 500 repetitions at low load: gpufn-seq p50 within 1.1x of 5.33 ms (and
//     of the GPU floor measured in the same run, when there is one).
func (d *Dir) Targets() []Target {
	var out []Target
	byWorkload := map[string]*Results{}
	for _, n := range d.names() {
		r := d.Results[n]
		if r.Method.ColdPercent == 0 && byWorkload[r.Workload] == nil {
			byWorkload[r.Workload] = r
		}
	}
	lowP50 := func(r *Results, sys string) (float64, *load.RateResult) {
		if s := findSystem(r, sys); s != nil && s.LowLoad != nil && s.LowLoad.OK > 0 {
			return s.LowLoad.Latency.P50, s.LowLoad
		}
		return 0, nil
	}
	maxRate := func(r *Results, sys string) float64 {
		if s := findSystem(r, sys); s != nil {
			return s.MaxHolding
		}
		return 0
	}
	if r := byWorkload["matmul-n128"]; r != nil && d.Floor != nil && d.GPUFloor != nil {
		seq, run := lowP50(r, "gpufn-seq")
		ipc := 0.0
		if run != nil {
			if st, ok := run.Stages["ipc"]; ok {
				ipc = st.P50
			}
		}
		add := func(how string, httpF, gpuF float64) {
			if seq <= 0 || httpF <= 0 || gpuF <= 0 {
				return
			}
			bound := httpF + ipc + gpuF + 0.040
			out = append(out, Target{
				Name:     fmt.Sprintf("matmul n=128 at %g/s: gpufn-seq p50 <= HTTP floor + pipe + GPU floor + 40 us (floors %s)", run.Offered, how),
				Measured: human.Cell(seq) + " ms",
				Bound:    fmt.Sprintf("%s ms (%s + %s + %s + 0.040)", human.Cell(bound), human.Cell(httpF), human.Cell(ipc), human.Cell(gpuF)),
				Pass:     seq <= bound,
			})
		}
		add("serial, back to back", floorP50(d.Floor, "matmul-n128", 0), gpuFloorP50(d.GPUFloor, "matmul-n128", 0))
		if run != nil {
			how := fmt.Sprintf("at the same %g/s", run.Offered)
			if run.SpinWaitMS != d.Floor.SpinWaitMS {
				// The client's wake-up is in one and not the other: say so.
				how += fmt.Sprintf("; client spin-wait %s for the floor, %s for gpufn-seq", spinText(d.Floor.SpinWaitMS), spinText(run.SpinWaitMS))
			}
			add(how, floorP50(d.Floor, "matmul-n128", run.Offered), gpuFloorP50(d.GPUFloor, "matmul-n128", run.Offered))
		}
	}
	for _, wl := range sortedKeys(byWorkload) {
		r := byWorkload[wl]
		seq, _ := lowP50(r, "gpufn-seq")
		base, _ := lowP50(r, "baseline")
		if seq > 0 && base > 0 {
			out = append(out, Target{Name: wl + ": gpufn-seq low-load p50 within 1.2x of the baseline's",
				Measured: ratio(seq / base), Bound: "<= 1.20x", Pass: seq <= 1.2*base})
		}
		rs, rb := maxRate(r, "gpufn-seq"), maxRate(r, "baseline")
		if rs > 0 && rb > 0 {
			out = append(out, Target{Name: wl + ": gpufn-seq highest rate held at least 0.8x the baseline's",
				Measured: fmt.Sprintf("%g/s vs %g/s = %s", rs, rb, ratio(rs/rb)), Bound: ">= 0.80x", Pass: rs >= 0.8*rb})
		}
	}
	for _, t := range []struct {
		wl   string
		want float64
	}{{"matmul-n128", 3}, {"inference-r1-b1", 2}} {
		wl, want := t.wl, t.want
		r := byWorkload[wl]
		if r == nil {
			continue
		}
		c4, seq := maxRate(r, "gpufn-c4-mps"), maxRate(r, "gpufn-seq")
		if c4 > 0 && seq > 0 {
			out = append(out, Target{Name: fmt.Sprintf("%s: concurrent (4 workers, MPS) highest rate at least %gx sequential", wl, want),
				Measured: fmt.Sprintf("%g/s vs %g/s = %s", c4, seq, ratio(c4/seq)), Bound: fmt.Sprintf(">= %gx", want), Pass: c4 >= want*seq})
		}
	}
	if r := byWorkload["inference-r500-b1"]; r != nil {
		if seq, run := lowP50(r, "gpufn-seq"); seq > 0 {
			out = append(out, Target{Name: fmt.Sprintf("inference 500 reps at %g/s: gpufn-seq p50 within 1.1x of the 5.33 ms GPU floor", run.Offered),
				Measured: human.Cell(seq) + " ms = " + ratio(seq/GPUFloorInference500), Bound: "<= 1.10x", Pass: seq <= 1.1*GPUFloorInference500})
			if g := gpuFloorP50(d.GPUFloor, "inference-r500-b1", 0); g > 0 {
				out = append(out, Target{Name: "inference 500 reps: gpufn-seq p50 within 1.1x of the GPU floor measured in this run (back to back)",
					Measured: fmt.Sprintf("%s ms vs %s ms = %s", human.Cell(seq), human.Cell(g), ratio(seq/g)), Bound: "<= 1.10x", Pass: seq <= 1.1*g})
			}
			if g := gpuFloorP50(d.GPUFloor, "inference-r500-b1", run.Offered); g > 0 {
				out = append(out, Target{Name: fmt.Sprintf("inference 500 reps: gpufn-seq p50 within 1.1x of the GPU floor paced at the same %g/s", run.Offered),
					Measured: fmt.Sprintf("%s ms vs %s ms = %s", human.Cell(seq), human.Cell(g), ratio(seq/g)), Bound: "<= 1.10x", Pass: seq <= 1.1*g})
			}
		}
	}
	return out
}

// floorP50 is the HTTP floor's p50 for a payload: serial (rate 0) or open loop at rate.
func floorP50(f *floor.Result, name string, rate float64) float64 {
	for _, p := range f.Points {
		switch {
		case p.Name != name:
		case rate == 0:
			return p.Serial.P50
		case p.OpenLoop != nil && p.OpenLoopRate == rate:
			return p.OpenLoop.P50
		}
	}
	return 0
}

// gpuFloorP50 is the GPU floor's p50 for a workload: back to back (rate 0) or paced at rate.
func gpuFloorP50(g *floor.GPUResult, name string, rate float64) float64 {
	if g == nil {
		return 0
	}
	for _, p := range g.Points {
		if p.Workload == name && p.Rate == rate {
			return p.Latency.P50
		}
	}
	return 0
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// coldText is a run's cold and hot latencies side by side.
func coldText(r *load.RateResult) string {
	s := fmt.Sprintf("cold p50 / p99 %s / %s", human.Cell(r.Cold.P50), human.Cell(r.Cold.P99))
	if r.Hot != nil && r.Hot.P50 > 0 {
		s += fmt.Sprintf(", hot %s / %s", human.Cell(r.Hot.P50), human.Cell(r.Hot.P99))
	}
	return s
}

// dandelionTable writes the dandelion workload's rates: the mix of hot and cold functions
// beside the all-hot run at the same rate (the second system of the results).
func dandelionTable(b *strings.Builder, r *Results) {
	m := r.Method.Dandelion
	fmt.Fprintf(b, "Dandelion workload: %d functions (each its own library), a hot set of %d getting %g%% of the requests; registered in %s.\n\n",
		m.Functions, m.HotSet, m.HotPercent, human.Secs(m.RegisterS))
	if len(r.Systems) < 2 {
		return
	}
	mix, hot := r.Systems[0], r.Systems[1]
	byRate := map[float64]*load.RateResult{}
	for _, x := range hot.Steps {
		byRate[x.Offered] = x
	}
	fmt.Fprintf(b, "| rate | mix p50 | mix p99 | p99/p50 | cold functions/s | holds | all-hot p50 | all-hot p99 | mix p99 / all-hot p99 |\n|---:|---:|---:|---:|---:|---|---:|---:|---:|\n")
	// One row per rate: the run that decided it (the last that held, else the last).
	decided := map[float64]*load.RateResult{}
	for _, x := range mix.Steps {
		if d := decided[x.Offered]; d == nil || x.Holds || !d.Holds {
			decided[x.Offered] = x
		}
	}
	var runs []*load.RateResult
	for _, x := range decided {
		runs = append(runs, x)
	}
	sort.Slice(runs, func(i, j int) bool { return runs[i].Offered < runs[j].Offered })
	for _, x := range runs {
		row := []string{fmt.Sprintf("%g/s", x.Offered), human.Cell(x.Latency.P50), human.Cell(x.Latency.P99), "-",
			fmt.Sprintf("%.0f", x.ColdFunctionsPerS), map[bool]string{true: "yes", false: "no"}[x.Holds], "-", "-", "-"}
		if x.Latency.P50 > 0 {
			row[3] = fmt.Sprintf("%.2f", x.Latency.P99/x.Latency.P50)
		}
		if h := byRate[x.Offered]; h != nil && h.OK > 0 {
			row[6], row[7] = human.Cell(h.Latency.P50), human.Cell(h.Latency.P99)
			if h.Latency.P99 > 0 {
				row[8] = fmt.Sprintf("%.2f", x.Latency.P99/h.Latency.P99)
			}
		}
		fmt.Fprintf(b, "| %s |\n", strings.Join(row, " | "))
	}
	b.WriteString("\n")
}

// RuleTable compares, for each system of r, the highest rate that held under the rule before
// 2026-11-27 (errors and achieved rate: Rule.OldHolds) with the highest under rule (its p99
// bound made from each system's own low-load p99: Rule.ForSystem), judging the runs r has
// again (markdown). The sweep chose its rates by the rule it ran under, so the new column is
// the highest of those rates that holds, not what a sweep under the new rule would find.
// Runs without the thirds' p50s (files written before 2026-11-27) cannot be judged on a
// growing queue: the table says so.
func RuleTable(r *Results, rule load.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| system | low-load p99 | p99 bound | old rule: highest held | p50 / p99 there | new rule: highest held | p50 / p99 there | why the old peak fails now |\n|---|---:|---:|---:|---:|---:|---:|---|\n")
	thirds, steps := false, false
	for _, s := range r.Systems {
		low := 0.0
		if s.LowLoad != nil && s.LowLoad.OK > 0 {
			low = s.LowLoad.Latency.P99
		}
		ru := rule.ForSystem(low)
		if low == 0 && rule.SLOP99 == 0 && s.Rule != nil {
			ru.MaxP99 = s.Rule.MaxP99 // a system without a low-load point of its own (the all-hot runs)
		}
		steps = steps || len(s.Steps) > 0
		var old, cur *load.RateResult
		for _, x := range s.Steps {
			thirds = thirds || len(x.P50Thirds) == 3
			if ru.OldHolds(x) && (old == nil || x.Offered > old.Offered) {
				old = x
			}
			if ru.Holds(x) && (cur == nil || x.Offered > cur.Offered) {
				cur = x
			}
		}
		cell := func(x *load.RateResult) (string, string) {
			if x == nil {
				return "none", "-"
			}
			return fmt.Sprintf("%g/s", x.Offered), human.Cell(x.Latency.P50) + " / " + human.Cell(x.Latency.P99)
		}
		o1, o2 := cell(old)
		n1, n2 := cell(cur)
		why := ""
		if old != nil && (cur == nil || cur.Offered < old.Offered) {
			why = ru.Why(old)
		}
		bound := "-"
		if ru.MaxP99 > 0 {
			bound = human.Cell(ru.MaxP99)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", s.Name, human.Cell(low), bound, o1, o2, n1, n2, why)
	}
	if steps && !thirds {
		b.WriteString("\nThese runs have no p50 per third of the run (recorded since 2026-11-27): the growing-queue condition is not applied to them.\n")
	}
	return b.String()
}

// joinNote appends a note to a note column, separated by "; ".
func joinNote(a, b string) string {
	if a = strings.TrimSpace(a); a == "" {
		return b
	}
	return a + "; " + b
}
