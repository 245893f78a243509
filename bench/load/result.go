package load

import (
	"fmt"
	"time"

	"gpufn/bench/internal/human"
)

// RateResult is the outcome of one open-loop run at one offered rate. Latencies are in
// milliseconds, measured from each request's intended send time to the end of its answer,
// over the requests that succeeded; failed requests are counted in Errors by kind.
type RateResult struct {
	System   string `json:"system"`
	Workload string `json:"workload"`
	// Phase says where the run came from: "low" (the low-load point), "fixed" (one rate),
	// "coarse" and "fine" (step sweep), "double", "down" and "bisect" (adaptive sweep),
	// "again" (a failed rate run again: sweep.Config.Confirm).
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
	// Holds is whether the rate held under the sweep's rule (see Rule), and WhyNot why it
	// did not (Rule.Why).
	Holds  bool   `json:"holds"`
	WhyNot string `json:"why_not,omitempty"`

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
	// BatchSizes counts the answers by the batch size that answered them (gpufn's
	// Server-Timing "batch", 1 when it ran alone), keyed by the size in decimal; absent when
	// the server sends no Server-Timing (see batching.go, docs/batching.md).
	BatchSizes map[string]int64 `json:"batch_sizes,omitempty"`
	// Server is what the server did during the run (warm-up included) besides answering:
	// worker restarts, teardowns, pipelined invocations (absent for servers that do not tell,
	// and in files written before it was recorded).
	Server *ServerEvents `json:"server,omitempty"`
	// LatencyHist is Latency's HdrHistogram (microseconds), in HdrHistogram's compressed
	// base64 encoding (DecodeHist reads it), for analysis beyond the percentiles above.
	LatencyHist string `json:"latency_hdr,omitempty"`
	// P50Thirds are the p50 latencies (ms) of the requests of the first, middle and last
	// third of the run by intended send time (successful requests; 0 for a third without
	// any): a queue that grows over the run shows as a last third slower than the first.
	P50Thirds []float64 `json:"p50_thirds_ms,omitempty"`
	// ServerCPUCores is the CPU the server process and its descendants (the workers) used
	// over the run's window, in cores, and ServerCPUPerReqUS that CPU per successful answer
	// (us): from /proc when the bench started the server (RunConfig.ServerCPU), else absent.
	ServerCPUCores    float64 `json:"server_cpu_cores,omitempty"`
	ServerCPUPerReqUS float64 `json:"server_cpu_us_per_req,omitempty"`
	// ColdFunctions is how many distinct cold functions answered successfully (the dandelion
	// workload; 0 for others), and ColdFunctionsPerS that count over the window.
	ColdFunctions     int64   `json:"cold_functions,omitempty"`
	ColdFunctionsPerS float64 `json:"cold_functions_per_s,omitempty"`
	// Conns is a closed-loop run's connections (0 for an open-loop run).
	Conns int `json:"conns,omitempty"`
}

// Rule decides whether a rate holds: errors under MaxErrorRate, the achieved rate at least
// MinAchieved of the offered one, and (the bounded-latency part, since 2026-11-27) p99 at
// most MaxP99 and no queue growing over the run (the p50 of its last third at most MaxGrowth
// times that of its first third). docs/bench.md, "A rate holds", compares it with the rule
// before (errors and achieved rate only: OldHolds).
type Rule struct {
	// MaxErrorRate: a rate holds only while errors/scheduled stays below it (default 0.01,
	// the thesis's and Dandelion's rule).
	MaxErrorRate float64 `json:"max_error_rate"`
	// MinAchieved: a rate holds only if the achieved rate is at least this share of the
	// offered one; 0 turns the check off (the command line's default is 0.9).
	MinAchieved float64 `json:"min_achieved"`
	// MaxP99 (ms): a rate holds only while its p99 is at most this; 0: no bound. It is set
	// per system by ForSystem: SLOP99 when given, else P99Factor times the system's own
	// low-load p99.
	MaxP99 float64 `json:"max_p99_ms,omitempty"`
	// SLOP99 (ms) is a bound the user gave (--slo-p99); P99Factor (the command line's default
	// 10) makes the bound from the low-load p99 when there is no SLOP99.
	SLOP99    float64 `json:"slo_p99_ms,omitempty"`
	P99Factor float64 `json:"p99_factor,omitempty"`
	// MaxGrowth: a rate holds only if the p50 of the last third of its run (by intended send
	// time) is at most this times the p50 of the first third: a queue that grows over the
	// run fails however short the run (0: off; the command line's default is 2).
	MaxGrowth float64 `json:"max_growth,omitempty"`
}

// ForSystem is the rule with MaxP99 set for a system whose low-load p99 is lowP99 (ms; 0 or
// less: unknown): SLOP99 if given, else P99Factor x lowP99, else unbounded.
func (ru Rule) ForSystem(lowP99 float64) Rule {
	switch {
	case ru.SLOP99 > 0:
		ru.MaxP99 = ru.SLOP99
	case ru.P99Factor > 0 && lowP99 > 0:
		ru.MaxP99 = ru.P99Factor * lowP99
	}
	return ru
}

// Holds applies the rule to r.
func (ru Rule) Holds(r *RateResult) bool { return ru.Why(r) == "" }

// Judge sets r.Holds and r.WhyNot by the rule and returns r.Holds.
func (ru Rule) Judge(r *RateResult) bool {
	r.WhyNot = ru.Why(r)
	r.Holds = r.WhyNot == ""
	return r.Holds
}

// OldHolds is the rule before 2026-11-27: errors and achieved rate only.
func (ru Rule) OldHolds(r *RateResult) bool {
	ru.MaxP99, ru.MaxGrowth = 0, 0
	return ru.Holds(r)
}

// Why says why r does not hold ("" when it holds).
func (ru Rule) Why(r *RateResult) string {
	max := ru.MaxErrorRate
	if max <= 0 {
		max = 0.01
	}
	switch {
	case r.Scheduled == 0:
		return "nothing scheduled"
	case r.ErrorRate >= max:
		return fmt.Sprintf("errors %.2f%% >= %g%%", 100*r.ErrorRate, 100*max)
	case ru.MinAchieved > 0 && r.Achieved < ru.MinAchieved*r.Offered:
		return fmt.Sprintf("achieved %.0f/s < %g x offered", r.Achieved, ru.MinAchieved)
	case ru.MaxP99 > 0 && r.Latency.P99 > ru.MaxP99:
		return fmt.Sprintf("p99 %s > bound %s", human.MS(r.Latency.P99), human.MS(ru.MaxP99))
	case ru.MaxGrowth > 0 && r.Growth() > ru.MaxGrowth:
		return fmt.Sprintf("queue growing: p50 of the last third %.1fx the first's", r.Growth())
	}
	return ""
}

// Growth is the p50 of the run's last third over that of its first third (0 when either is
// unknown).
func (r *RateResult) Growth() float64 {
	if len(r.P50Thirds) != 3 || r.P50Thirds[0] <= 0 || r.P50Thirds[2] <= 0 {
		return 0
	}
	return r.P50Thirds[2] / r.P50Thirds[0]
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
	m.BatchSizes = nil
	h := NewLatencyHist()
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
		m.BatchSizes = mergeBatchSizes(m.BatchSizes, r.BatchSizes)
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
	m.Latency, m.LatencyHist = SummarizeUS(h), EncodeHist(h)
	m.Hot, m.Cold, m.P50Thirds = nil, nil, nil
	if m.WindowS > 0 {
		m.Achieved = float64(m.OK) / m.WindowS
		m.GeneratorCPU = human.Round(cpu/m.WindowS, 3)
		m.StealCores = human.Round(steal/m.WindowS, 3)
	}
	if m.Scheduled > 0 {
		m.ErrorRate = float64(m.Errors) / float64(m.Scheduled)
	}
	return &m, nil
}
