package bench

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"time"
)

// RateResult is the outcome of one open-loop run at one offered rate. Latencies are in
// milliseconds, measured from each request's intended send time to the end of its answer,
// over the requests that succeeded; failed requests are counted in Errors by kind.
type RateResult struct {
	System   string `json:"system"`
	Workload string `json:"workload"`
	// Phase says where the run came from: "low" (the low-load point), "fixed" (one rate),
	// "coarse" and "fine" (step sweep), "double", "down" and "bisect" (adaptive sweep),
	// "again" (a failed rate run again: SweepConfig.Confirm).
	Phase       string  `json:"phase,omitempty"`
	Offered     float64 `json:"offered_rps"`
	Achieved    float64 `json:"achieved_rps"` // successful answers per second of the window
	Poisson     bool    `json:"poisson,omitempty"`
	ColdPercent float64 `json:"cold_percent,omitempty"`
	DurationS   float64 `json:"duration_s"` // the schedule's length
	// WindowS is the measurement window: from the first intended send to the end of the
	// schedule or the last answer, whichever is later.
	WindowS  float64   `json:"window_s"`
	TimeoutS float64   `json:"timeout_s"`
	Started  time.Time `json:"started"`

	Scheduled int64 `json:"scheduled"` // requests the schedule asked for
	Sent      int64 `json:"sent"`      // requests that went out
	ColdSent  int64 `json:"cold_sent,omitempty"`
	OK        int64 `json:"ok"`
	Errors    int64 `json:"errors"`
	// ErrorRate is Errors / Scheduled.
	ErrorRate    float64           `json:"error_rate"`
	ErrorKinds   map[string]int64  `json:"errors_by_kind,omitempty"`
	ErrorSamples map[string]string `json:"error_samples,omitempty"` // the first message of each kind
	// Holds is whether the rate held under the sweep's rule (see Rule).
	Holds bool `json:"holds"`

	Latency Percentiles `json:"latency"`
	// Hot and Cold split Latency when the run had cold requests.
	Hot  *Percentiles `json:"hot,omitempty"`
	Cold *Percentiles `json:"cold,omitempty"`
	// SendLag is how late the generator itself sent requests (actual minus intended send
	// time): if its p99 is not small next to Latency's, the generator was the bottleneck.
	SendLag Percentiles `json:"send_lag"`
	// GeneratorCPU is the CPU the bench process used during the run (user and system time
	// over the window), in cores: a value near the cores the bench may use (GOMAXPROCS) means
	// the generator, not the server, may have been the limit.
	GeneratorCPU float64 `json:"generator_cpu,omitempty"`
	// StealCores is the CPU the hypervisor took from the machine during the run (its
	// virtual CPUs ready to run and not running: /proc/stat's steal, all CPUs together), in
	// cores; 0 on bare metal and where it cannot be read. A run with much of it measured a
	// machine whose host was busy with something else.
	StealCores float64 `json:"steal_cores,omitempty"`
	// SpinWaitMS is the client's spin budget during the run (ms; 0: goroutines waiting for an
	// answer parked at once). See docs/bench.md, "Spin-waiting for answers".
	SpinWaitMS float64 `json:"spin_wait_ms,omitempty"`
	// HTTPClient is the load generator's HTTP client: "fasthttp" or "nethttp" (see
	// ClientOptions.HTTPClient; absent in files written before there was a choice: fasthttp).
	HTTPClient string `json:"http_client,omitempty"`
	// Stages is the server's per-stage breakdown (its Server-Timing header), per stage name.
	Stages map[string]StageStats `json:"stages,omitempty"`
	// Server is what the server did during the run (warm-up included) besides answering:
	// worker restarts, teardowns, pipelined invocations (absent for servers that do not tell,
	// and in files written before it was recorded).
	Server *ServerEvents `json:"server,omitempty"`
	// LatencyHist is Latency's HdrHistogram (microseconds), in HdrHistogram's compressed
	// base64 encoding (DecodeHist reads it), for analysis beyond the percentiles above.
	LatencyHist string `json:"latency_hdr,omitempty"`
}

// Rule decides whether a rate holds.
type Rule struct {
	// MaxErrorRate: a rate holds only while errors/scheduled stays below it (default 0.01,
	// the thesis's and Dandelion's rule).
	MaxErrorRate float64 `json:"max_error_rate"`
	// MinAchieved: a rate holds only if the achieved rate is at least this share of the
	// offered one; 0 turns the check off (the command line's default is 0.9).
	MinAchieved float64 `json:"min_achieved"`
}

// Holds applies the rule to r.
func (ru Rule) Holds(r *RateResult) bool {
	max := ru.MaxErrorRate
	if max <= 0 {
		max = 0.01
	}
	if r.Scheduled == 0 || r.ErrorRate >= max {
		return false
	}
	return ru.MinAchieved <= 0 || r.Achieved >= ru.MinAchieved*r.Offered
}

// SystemResult is everything measured on one system (a server configuration) for one
// workload.
type SystemResult struct {
	Name string `json:"name"` // e.g. "gpufn-seq", "gpufn-c4-mps", "baseline"
	Desc string `json:"desc,omitempty"`
	// Command is how the bench started the server (empty for a server it did not start).
	Command []string `json:"command,omitempty"`
	// LowLoad is the run at the low fixed rate (the latency floor of the system).
	LowLoad *RateResult `json:"low_load,omitempty"`
	// Steps are the sweep's runs in the order they ran.
	Steps []*RateResult `json:"steps,omitempty"`
	// MaxHolding is the highest offered rate that held (0 if none did or there was no sweep).
	MaxHolding float64 `json:"max_rate_holding"`
	// Error says why the system could not be measured (fully), if it could not.
	Error string `json:"error,omitempty"`
}

// Machine describes where results were taken.
type Machine struct {
	Label    string `json:"label"` // --machine, or the host name
	Hostname string `json:"hostname"`
	CPUs     int    `json:"cpus"`
	OS       string `json:"os"`
	GPU      string `json:"gpu,omitempty"` // from nvidia-smi when there is one
}

// Method records how results were taken.
type Method struct {
	Sweep       string  `json:"sweep"`
	DurationS   float64 `json:"duration_s"`
	WarmupS     float64 `json:"warmup_s"`
	TimeoutS    float64 `json:"timeout_s"`
	Poisson     bool    `json:"poisson"`
	ColdPercent float64 `json:"cold_percent"`
	LowRate     float64 `json:"low_rate,omitempty"`
	Rule        Rule    `json:"rule"`
	Device      string  `json:"device,omitempty"`
}

// Results is one results file: one workload, one or more systems. Kind is "results".
type Results struct {
	Kind     string          `json:"kind"`
	Version  int             `json:"version"`
	Created  time.Time       `json:"created"`
	Machine  Machine         `json:"machine"`
	Workload string          `json:"workload"`
	Method   Method          `json:"method"`
	Systems  []*SystemResult `json:"systems"`
}

// Kinds of results files.
const (
	KindResults  = "results"
	KindFloor    = "http-floor"
	KindGPUFloor = "gpu-floor"
	KindVegeta   = "vegeta-check"
)

// ThisMachine describes the machine the bench runs on; label "" takes the host name.
func ThisMachine(label string) Machine {
	host, _ := os.Hostname()
	if label == "" {
		label = host
	}
	return Machine{Label: label, Hostname: host, CPUs: runtime.NumCPU(), OS: runtime.GOOS + "/" + runtime.GOARCH, GPU: gpuName()}
}

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

// WriteCSV writes one row per run (the low-load point, then the sweep's steps) of every
// system: the columns are named in the first row; the server's stages (every name any run
// reported, mean and p50 each) come last.
func WriteCSV(w io.Writer, res *Results) error {
	seen := map[string]StageStats{}
	for _, sys := range res.Systems {
		for _, r := range sys.Runs() {
			for k, v := range r.Stages {
				seen[k] = v
			}
		}
	}
	csvStages := stageNames(seen)
	cw := csv.NewWriter(w)
	head := []string{"system", "workload", "phase", "offered_rps", "achieved_rps", "scheduled", "ok", "errors",
		"error_rate", "holds", "p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms", "mean_ms", "send_lag_p99_ms",
		"cold_percent", "error_kinds", "generator_cpu", "spin_wait_ms", "http_client", "steal_cores"}
	for _, s := range csvStages {
		head = append(head, s+"_mean_ms", s+"_p50_ms")
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	for _, sys := range res.Systems {
		for _, r := range sys.Runs() {
			row := []string{sys.Name, r.Workload, r.Phase, f(r.Offered), f(round(r.Achieved, 3)),
				strconv.FormatInt(r.Scheduled, 10), strconv.FormatInt(r.OK, 10), strconv.FormatInt(r.Errors, 10),
				f(round(r.ErrorRate, 6)), strconv.FormatBool(r.Holds), f(r.Latency.P50), f(r.Latency.P90),
				f(r.Latency.P99), f(r.Latency.P999), f(r.Latency.Max), f(round(r.Latency.Mean, 4)),
				f(r.SendLag.P99), f(r.ColdPercent), kindsString(r.ErrorKinds), f(r.GeneratorCPU), f(r.SpinWaitMS), httpClientName(r.HTTPClient), f(r.StealCores)}
			for _, s := range csvStages {
				if st, ok := r.Stages[s]; ok {
					row = append(row, f(round(st.Mean, 4)), f(st.P50))
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
func (s *SystemResult) Runs() []*RateResult {
	var out []*RateResult
	if s.LowLoad != nil {
		out = append(out, s.LowLoad)
	}
	return append(out, s.Steps...)
}

// httpClientName is a result's HTTP client, fasthttp for results written before there was a
// choice.
func httpClientName(s string) string {
	if s == "" {
		return HTTPClientFast
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

func round(v float64, digits int) float64 {
	p := 1.0
	for i := 0; i < digits; i++ {
		p *= 10
	}
	if v >= 0 {
		return float64(int64(v*p+0.5)) / p
	}
	return -float64(int64(-v*p+0.5)) / p
}

// saveResults writes res as DIR/NAME.json and DIR/NAME.csv.
func saveResults(dir, name string, res *Results) error {
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

// MergeRuns combines runs at one rate into one result: counts and errors summed, latency
// percentiles from the merged histograms, the achieved rate over the summed windows. Stages
// and SendLag are those of the run whose send lag p99 was the worst (the histograms of those
// are not saved). Every run must carry its LatencyHist (or have no successes).
func MergeRuns(runs []*RateResult) (*RateResult, error) {
	if len(runs) == 0 {
		return nil, fmt.Errorf("bench: no runs to merge")
	}
	m := *runs[0]
	m.ErrorKinds, m.ErrorSamples = map[string]int64{}, map[string]string{}
	m.Scheduled, m.Sent, m.ColdSent, m.OK, m.Errors, m.DurationS, m.WindowS = 0, 0, 0, 0, 0, 0, 0
	h := newLatencyHist()
	var cpu, steal float64 // core-seconds
	for _, r := range runs {
		cpu += r.GeneratorCPU * r.WindowS
		steal += r.StealCores * r.WindowS
		m.Scheduled += r.Scheduled
		m.Sent += r.Sent
		m.ColdSent += r.ColdSent
		m.OK += r.OK
		m.Errors += r.Errors
		m.DurationS += r.DurationS
		m.WindowS += r.WindowS
		for k, v := range r.ErrorKinds {
			m.ErrorKinds[k] += v
		}
		for k, v := range r.ErrorSamples {
			if _, ok := m.ErrorSamples[k]; !ok {
				m.ErrorSamples[k] = v
			}
		}
		if r.SendLag.P99 > m.SendLag.P99 {
			m.SendLag, m.Stages = r.SendLag, r.Stages
		}
		if r.LatencyHist == "" {
			if r.OK > 0 {
				return nil, fmt.Errorf("bench: a run of %d successes has no saved histogram", r.OK)
			}
			continue
		}
		rh, err := DecodeHist(r.LatencyHist)
		if err != nil {
			return nil, err
		}
		h.Merge(rh)
	}
	if len(m.ErrorKinds) == 0 {
		m.ErrorKinds, m.ErrorSamples = nil, nil
	}
	m.Latency, m.LatencyHist = summarizeUS(h), encodeHist(h)
	m.Hot, m.Cold = nil, nil
	if m.WindowS > 0 {
		m.Achieved = float64(m.OK) / m.WindowS
		m.GeneratorCPU = round(cpu/m.WindowS, 3)
		m.StealCores = round(steal/m.WindowS, 3)
	}
	if m.Scheduled > 0 {
		m.ErrorRate = float64(m.Errors) / float64(m.Scheduled)
	}
	return &m, nil
}
