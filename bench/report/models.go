package report

import (
	"fmt"
	"sort"
	"strings"

	"gpufn/bench/internal/human"
	"gpufn/bench/load"
)

// KindTorchBaseline is the kind of the files scripts/torch-baseline.py writes
// (torch-baseline*.json): PyTorch's own latency for the models of the bundle workloads. A
// directory may hold several; their runs add up.
const KindTorchBaseline = "torch-baseline"

// TorchBaseline is torch-baseline.json.
type TorchBaseline struct {
	Kind  string     `json:"kind"`
	Torch string     `json:"torch"`
	GPU   string     `json:"gpu"`
	Runs  []TorchRun `json:"runs"`
}

// TorchRun is one configuration of one model: its per-call GPU latency (ms) after warm-up,
// and images (or sequences) per second at its batch.
type TorchRun struct {
	Model      string  `json:"model"`  // "resnet18", "bert"
	Config     string  `json:"config"` // "eager-fp32", "eager-bf16", "compile-bf16", "compile-ro-bf16"
	Batch      int     `json:"batch"`
	P50MS      float64 `json:"p50_ms"`
	MeanMS     float64 `json:"mean_ms"`
	ItemsPerS  float64 `json:"items_per_s"`
	Iterations int     `json:"iterations"`
	CompileS   float64 `json:"compile_s,omitempty"`
	Error      string  `json:"error,omitempty"`
}

// merge adds o's runs to t's (t may be nil); the versions are t's, or o's when t had none.
func (t *TorchBaseline) merge(o *TorchBaseline) *TorchBaseline {
	if t == nil {
		return o
	}
	t.Runs = append(t.Runs, o.Runs...)
	if t.Torch != o.Torch || t.GPU != o.GPU {
		t.Torch, t.GPU = t.Torch+", "+o.Torch, t.GPU+", "+o.GPU
	}
	return t
}

// Run returns the run of a model, configuration and batch (nil when absent or failed).
func (t *TorchBaseline) Run(model, config string, batch int) *TorchRun {
	if t == nil {
		return nil
	}
	for i := range t.Runs {
		r := &t.Runs[i]
		if r.Model == model && r.Config == config && r.Batch == batch && r.Error == "" && r.P50MS > 0 {
			return r
		}
	}
	return nil
}

// ModelLine is the line a compare prints after it deployed a bundle workload.
func ModelLine(system string, m *load.ModelInfo) string {
	s := fmt.Sprintf("%-16s %s: deployed (%d libraries); first invocation: load %s place %s kernel %s total %s", system, m.Bundle, m.Libraries,
		human.MS(m.First["load"]), human.MS(m.First["place"]), human.MS(m.First["kernel"]), human.MS(m.First["total"]))
	if len(m.Placements) > 0 {
		s += fmt.Sprintf("; %d placements of its weights (%.1f MB) on a running worker: p50 %s max %s", len(m.Placements),
			float64(m.WeightBytes)/1e6, human.MS(m.PlaceP50MS), human.MS(m.PlaceMaxMS))
	}
	return s
}

// Bounds of the model checks of the models issue (issue 17).
const (
	ModelKernelVsCompiled = 1.2   // the GPU path at most this x torch.compile(mode="reduce-overhead") bf16, batch 1
	ModelHTTPOverMS       = 0.150 // serial HTTP p50 at most the GPU path + this (ms)
	ModelPlaceMS          = 5.0   // placing the weight set on a running worker (ms)
)

// modelName splits a bundle workload's name ("resnet18-b1") into the model and its batch.
func modelName(workload string) (string, int) {
	i := strings.LastIndex(workload, "-b")
	batch := 0
	if _, err := fmt.Sscan(workload[i+2:], &batch); i < 0 || err != nil {
		return workload, 0
	}
	return workload[:i], batch
}

// modelsSection writes the models' tables: per bundle workload and system, the deployment's
// first invocation and placements, the serial run (a closed loop of one connection) and the
// GPU path (its kernel stage); PyTorch's own figures; and the checks of the models issue.
func (d *Dir) modelsSection(b *strings.Builder) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	var names []string
	for name, r := range d.Results {
		for _, s := range r.Systems {
			if s.Model != nil {
				names = append(names, name)
				break
			}
		}
	}
	if len(names) == 0 && d.Torch == nil {
		return
	}
	sort.Strings(names)
	p("## Models\n\n")
	var checks []Target
	for _, name := range names {
		r := d.Results[name]
		p("### %s\n\n| system | first call: load | place | kernel | placements on a running worker: p50 | max | serial p50 (HTTP) | GPU path (kernel stage p50) | low-load p50 | highest rate held |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n", r.Workload)
		for _, s := range r.Systems {
			m := s.Model
			if m == nil {
				p("| %s | | | | | | | | | %s |\n", s.Name, oneLine(s.Error, 120))
				continue
			}
			serial, kernel := serialFigures(s)
			low := 0.0
			if s.LowLoad != nil {
				low = s.LowLoad.Latency.P50
			}
			p("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", s.Name, human.Cell(m.First["load"]), human.Cell(m.First["place"]), human.Cell(m.First["kernel"]),
				human.Cell(m.PlaceP50MS), human.Cell(m.PlaceMaxMS), human.Cell(serial), human.Cell(kernel), human.Cell(low), s.HoldingText())
			checks = append(checks, d.modelChecks(r.Workload, s, serial, kernel)...)
		}
		p("\nSerial: one connection, each request sent when the last was answered (compare's closed loop of 1); the GPU path is the kernel stage of the worker's Server-Timing in that run. Times in ms.\n\n")
	}
	if t := d.Torch; t != nil {
		p("### PyTorch on the same GPU (scripts/torch-baseline.py; torch %s, %s)\n\n| model | config | batch | p50 (ms) | items/s | compile (s) |\n|---|---|---:|---:|---:|---:|\n", t.Torch, t.GPU)
		for _, r := range t.Runs {
			if r.Error != "" {
				p("| %s | %s | %d | error: %s | | |\n", r.Model, r.Config, r.Batch, oneLine(r.Error, 100))
				continue
			}
			p("| %s | %s | %d | %s | %.0f | %s |\n", r.Model, r.Config, r.Batch, human.Cell(r.P50MS), r.ItemsPerS, human.Cell(r.CompileS))
		}
		p("\n")
	}
	targetTable(b, "### Checks (issue 17)", "check", checks) // checks.go
}

// serialFigures are a system's serial HTTP p50 and its GPU path (the kernel stage's p50) in
// the closed loop of one connection (0 when it did not run one).
func serialFigures(s *SystemResult) (serial, kernel float64) {
	r := s.ClosedLoop
	if r == nil || r.Conns != 1 || r.OK == 0 {
		return 0, 0
	}
	return r.Latency.P50, r.Stages["kernel"].P50
}

// modelChecks are the checks of the models issue for one system of a bundle workload.
func (d *Dir) modelChecks(workload string, s *SystemResult, serial, kernel float64) []Target {
	model, batch := modelName(workload)
	var out []Target
	f := func(v float64) string { return fmt.Sprintf("%.3f ms", v) }
	if kernel > 0 {
		if ro := d.Torch.Run(model, "compile-ro-bf16", batch); ro != nil {
			out = append(out, Target{Name: fmt.Sprintf("%s %s: GPU path <= %.1fx torch.compile reduce-overhead bf16 b%d", workload, s.Name, ModelKernelVsCompiled, batch),
				Measured: f(kernel), Bound: f(ModelKernelVsCompiled * ro.P50MS), Pass: kernel <= ModelKernelVsCompiled*ro.P50MS})
		}
		if eager := d.Torch.Run(model, "eager-fp32", batch); eager != nil {
			out = append(out, Target{Name: fmt.Sprintf("%s %s: GPU path < eager fp32 b%d", workload, s.Name, batch),
				Measured: f(kernel), Bound: f(eager.P50MS), Pass: kernel < eager.P50MS})
		}
		out = append(out, Target{Name: fmt.Sprintf("%s %s: serial HTTP p50 <= GPU path + %.0f us", workload, s.Name, ModelHTTPOverMS*1000),
			Measured: f(serial), Bound: f(kernel + ModelHTTPOverMS), Pass: serial <= kernel+ModelHTTPOverMS})
	}
	if m := s.Model; m != nil && len(m.Placements) > 0 {
		out = append(out, Target{Name: fmt.Sprintf("%s %s: placing the weight set on a running worker (p50 of %d; max %s)", workload, s.Name, len(m.Placements), f(m.PlaceMaxMS)),
			Measured: f(m.PlaceP50MS), Bound: f(ModelPlaceMS), Pass: m.PlaceP50MS <= ModelPlaceMS})
	}
	return out
}
