package report

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"time"

	"gpufn/bench/internal/human"
	"gpufn/bench/load"
)

// SystemResult is everything measured on one system (a server configuration) for one
// workload.
type SystemResult struct {
	Name string `json:"name"` // e.g. "gpufn-seq", "gpufn-c4-mps", "baseline"
	Desc string `json:"desc,omitempty"`
	// Command is how the bench started the server (empty for a server it did not start).
	Command []string `json:"command,omitempty"`
	// LowLoad is the run at the low fixed rate (the latency floor of the system).
	LowLoad *load.RateResult `json:"low_load,omitempty"`
	// Steps are the sweep's runs in the order they ran.
	Steps []*load.RateResult `json:"steps,omitempty"`
	// MaxHolding is the highest offered rate that held (0 if none did or there was no sweep).
	MaxHolding float64 `json:"max_rate_holding"`
	// Capped: the sweep stopped at its --max-rate with every rate holding, so MaxHolding is
	// a lower bound ("at least R (capped)").
	Capped bool `json:"capped,omitempty"`
	// Rule is the rule the system's runs were held to, with its p99 bound (made from this
	// system's low-load p99, or the user's --slo-p99); absent in files written before
	// 2026-11-27 (the method's rule then, errors and achieved rate only).
	Rule *load.Rule `json:"rule,omitempty"`
	// ClosedLoop is the closed-loop run (N connections, each sending its next request when
	// the last is answered) after the sweep, if asked for.
	ClosedLoop *load.RateResult `json:"closed_loop,omitempty"`
	// Model is what a bundle workload (resnet18, bert, bundle:DIR) measured when the bench
	// deployed it: the first invocation's stages and the weight set's placements.
	Model *load.ModelInfo `json:"model,omitempty"`
	// Error says why the system could not be measured (fully), if it could not.
	Error string `json:"error,omitempty"`
}

// Method records how results were taken.
type Method struct {
	Sweep       string    `json:"sweep"`
	DurationS   float64   `json:"duration_s"`
	WarmupS     float64   `json:"warmup_s"`
	TimeoutS    float64   `json:"timeout_s"`
	Poisson     bool      `json:"poisson"`
	ColdPercent float64   `json:"cold_percent"`
	LowRate     float64   `json:"low_rate,omitempty"`
	Rule        load.Rule `json:"rule"`
	Device      string    `json:"device,omitempty"`
	// ClosedConns is the connections of each system's closed-loop run (0: none).
	ClosedConns int `json:"closed_loop_conns,omitempty"`
	// Dandelion: the workload's shape when it is the dandelion workload (functions
	// registered, hot set, share of requests to it in percent).
	Dandelion *DandelionMethod `json:"dandelion,omitempty"`
}

// DandelionMethod is the shape of a dandelion workload.
type DandelionMethod struct {
	Functions  int     `json:"functions"`
	HotSet     int     `json:"hot_set"`
	HotPercent float64 `json:"hot_percent"`
	// RegisterS is how long registering the functions took (s).
	RegisterS float64 `json:"register_s"`
}

// Results is one results file: one workload, one or more systems. Kind is "results".
type Results struct {
	Kind     string          `json:"kind"`
	Version  int             `json:"version"`
	Created  time.Time       `json:"created"`
	Machine  load.Machine    `json:"machine"`
	Workload string          `json:"workload"`
	Method   Method          `json:"method"`
	Systems  []*SystemResult `json:"systems"`
	// EchoClosedLoop is the HTTP echo floor measured as the systems' closed loops are (same
	// connections, duration and payloads, the echo server pinned like the servers), in the
	// same run.
	EchoClosedLoop *load.RateResult `json:"echo_closed_loop,omitempty"`
}

// HoldingText is the system's highest rate that held for people: "1200/s", "at least
// 5000/s (capped)", or "none".
func (s *SystemResult) HoldingText() string {
	switch {
	case s.Capped:
		return fmt.Sprintf("at least %g/s (capped)", s.MaxHolding)
	case s.MaxHolding > 0:
		return fmt.Sprintf("%g/s", s.MaxHolding)
	}
	return "none"
}

// KindResults is the kind of a results file.
const KindResults = "results"

// WriteJSON writes v as indented JSON to path (through a temporary file, so a reader never
// sees half a file).
func WriteJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// ReadResults reads a results file written by WriteJSON.
func ReadResults(path string) (*Results, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Results
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if r.Kind != KindResults {
		return nil, fmt.Errorf("%s: kind %q is not %q", path, r.Kind, KindResults)
	}
	return &r, nil
}

// fileKind reads the "kind" of a JSON file ("" if it has none or is not JSON).
func fileKind(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	var k struct {
		Kind string `json:"kind"`
	}
	if json.Unmarshal(b, &k) != nil {
		return ""
	}
	return k.Kind
}

// WriteCSV writes one row per run (the low-load point, the sweep's steps, the closed loop) of
// every system: the columns are named in the first row; the server's stages (every name any run
// reported, mean and p50 each) come last.
func WriteCSV(w io.Writer, res *Results) error {
	seen := map[string]load.StageStats{}
	for _, sys := range res.Systems {
		for _, r := range sys.Runs() {
			for k, v := range r.Stages {
				seen[k] = v
			}
		}
	}
	csvStages := load.StageNames(seen)
	cw := csv.NewWriter(w)
	head := []string{"system", "workload", "phase", "offered_rps", "achieved_rps", "scheduled", "ok", "errors",
		"error_rate", "holds", "p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms", "mean_ms", "send_lag_p99_ms",
		"cold_percent", "error_kinds", "generator_cpu", "spin_wait_ms", "http_client", "steal_cores",
		"server_cpu_us_per_req", "growth", "why_not", "cold_functions_per_s", "conns"}
	for _, s := range csvStages {
		head = append(head, s+"_mean_ms", s+"_p50_ms")
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	for _, sys := range res.Systems {
		runs := sys.Runs()
		if sys.ClosedLoop != nil {
			runs = append(runs, sys.ClosedLoop)
		}
		for _, r := range runs {
			row := []string{sys.Name, r.Workload, r.Phase, f(r.Offered), f(human.Round(r.Achieved, 3)),
				strconv.FormatInt(r.Scheduled, 10), strconv.FormatInt(r.OK, 10), strconv.FormatInt(r.Errors, 10),
				f(human.Round(r.ErrorRate, 6)), strconv.FormatBool(r.Holds), f(r.Latency.P50), f(r.Latency.P90),
				f(r.Latency.P99), f(r.Latency.P999), f(r.Latency.Max), f(human.Round(r.Latency.Mean, 4)),
				f(r.SendLag.P99), f(r.ColdPercent), kindsString(r.ErrorKinds), f(r.GeneratorCPU), f(r.SpinWaitMS), httpClientName(r.HTTPClient), f(r.StealCores),
				f(r.ServerCPUPerReqUS), f(human.Round(r.Growth(), 3)), r.WhyNot, f(r.ColdFunctionsPerS), strconv.Itoa(r.Conns)}
			for _, s := range csvStages {
				if st, ok := r.Stages[s]; ok {
					row = append(row, f(human.Round(st.Mean, 4)), f(st.P50))
				} else {
					row = append(row, "", "")
				}
			}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// Runs returns the system's low-load run (if any) followed by its sweep steps.
func (s *SystemResult) Runs() []*load.RateResult {
	var out []*load.RateResult
	if s.LowLoad != nil {
		out = append(out, s.LowLoad)
	}
	return append(out, s.Steps...)
}

// httpClientName is a result's HTTP client, fasthttp for results written before there was a
// choice.
func httpClientName(s string) string {
	if s == "" {
		return load.HTTPClientFast
	}
	return s
}

func kindsString(m map[string]int64) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	s := ""
	for i, k := range keys {
		if i > 0 {
			s += " "
		}
		s += k + "=" + strconv.FormatInt(m[k], 10)
	}
	return s
}

// SaveResults writes res as DIR/NAME.json and DIR/NAME.csv.
func SaveResults(dir, name string, res *Results) error {
	if err := WriteJSON(filepath.Join(dir, name+".json"), res); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, name+".csv"))
	if err != nil {
		return err
	}
	if err := WriteCSV(f, res); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
