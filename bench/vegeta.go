package bench

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// VegetaInstall says how to get the vegeta binary the cross-check uses. `go install
// module@version` fails behind a module proxy that refuses the module's version list (the
// proxy here answers 403 to .../@v/list, which go install reads for deprecation notices),
// while fetching the pinned version itself works; so the second recipe builds it from a
// throw-away module.
const VegetaInstall = `go install github.com/tsenart/vegeta/v12@v12.12.0
  or, where the module proxy refuses the version list:
    d=$(mktemp -d) && cd $d && go mod init vegetatmp && go get github.com/tsenart/vegeta/v12@v12.12.0 &&
    CGO_ENABLED=0 go build -o $OLDPWD/bin/vegeta github.com/tsenart/vegeta/v12`

// VegetaStats is what vegeta's JSON report says about one attack (latencies in ms, measured by
// vegeta from each request's actual send time).
type VegetaStats struct {
	Requests    uint64         `json:"requests"`
	Rate        float64        `json:"rate"`
	Throughput  float64        `json:"throughput"` // successful answers per second of attack
	Success     float64        `json:"success"`    // share of 2xx answers
	Mean        float64        `json:"mean_ms"`
	P50         float64        `json:"p50_ms"`
	P90         float64        `json:"p90_ms"`
	P99         float64        `json:"p99_ms"`
	Max         float64        `json:"max_ms"`
	StatusCodes map[string]int `json:"status_codes,omitempty"`
	Errors      []string       `json:"errors,omitempty"`
}

// VegetaPoint compares the bench and vegeta at one rate.
type VegetaPoint struct {
	Rate   float64     `json:"rate"`
	Bench  *RateResult `json:"bench"`
	Vegeta VegetaStats `json:"vegeta"`
	// DiffP50 and DiffP99 are (bench - vegeta) / vegeta.
	DiffP50 float64 `json:"diff_p50"`
	DiffP99 float64 `json:"diff_p99"`
	// Comparable: both below saturation (the bench's rate held, vegeta saw no more than 1%
	// non-2xx answers and achieved at least 90% of the rate).
	Comparable bool `json:"comparable"`
	// Agree: comparable, and both differences within the tolerance.
	Agree bool `json:"agree"`

	// BenchEcho and VegetaEcho are the two against the echo server (the HTTP floor's trivial
	// server, same payloads, same rate): each tool's own cost of a round trip. NetDiffP50 and
	// NetDiffP99 compare the two after taking each tool's echo p50 off its p50 and p99;
	// AgreeNet is Agree on those.
	BenchEcho  *RateResult  `json:"bench_echo,omitempty"`
	VegetaEcho *VegetaStats `json:"vegeta_echo,omitempty"`
	NetDiffP50 float64      `json:"net_diff_p50,omitempty"`
	NetDiffP99 float64      `json:"net_diff_p99,omitempty"`
	AgreeNet   bool         `json:"agree_net,omitempty"`
}

// VegetaCheck is a cross-check file (kind "vegeta-check").
type VegetaCheck struct {
	Kind      string    `json:"kind"`
	Version   int       `json:"version"`
	Created   time.Time `json:"created"`
	Machine   Machine   `json:"machine"`
	System    string    `json:"system"`
	Workload  string    `json:"workload"`
	Vegeta    string    `json:"vegeta"` // vegeta -version
	VegetaEnv []string  `json:"vegeta_env,omitempty"`
	// VegetaArgs are the options given to every vegeta attack besides the targets, rate,
	// duration, timeout and output.
	VegetaArgs []string      `json:"vegeta_args,omitempty"`
	Rounds     int           `json:"rounds"`
	DurationS  float64       `json:"duration_s"`
	Tolerance  float64       `json:"tolerance"`
	Points     []VegetaPoint `json:"points"`
}

// VegetaConfig configures RunVegetaCheck.
type VegetaConfig struct {
	// Vegeta is the vegeta binary. Required.
	Vegeta string
	// Rates to compare at (each run by the bench, then by vegeta).
	Rates []float64
	// Run is the template of the bench's runs (Duration, Warmup, Timeout, labels); vegeta
	// attacks for the same Duration after the same Warmup, with the same Timeout.
	Run RunConfig
	// Rounds interleaves the two at each rate (default 3): bench, vegeta, bench, vegeta, ...,
	// each round Duration/Rounds long, and merges each tool's rounds (the bench's
	// histograms; vegeta's result files in one report). The two cannot load the server at the
	// same time, and a server's behaviour drifts over seconds (garbage collection, clocks):
	// interleaving spreads that drift over both instead of charging it to one.
	Rounds int
	// Rule decides whether the bench's run held.
	Rule Rule
	// Tolerance on the p50 and p99 differences (default 0.10).
	Tolerance float64
	// Echo, when not nil, is a client of an echo server (EchoHandler; started by the caller,
	// like the server under test): both tools are also run against it, interleaved, to measure
	// each one's own cost of a round trip.
	Echo *Client
	// Env is added to vegeta's environment (e.g. GOGC=400: vegeta allocates per answer, and
	// its garbage collection shows in its latencies).
	Env []string
	// AttackArgs are vegeta attack's options besides the targets, rate, duration, timeout and
	// output (nil: DefaultVegetaArgs).
	AttackArgs []string
	// WorkDir holds vegeta's targets and results (default: a temporary directory, removed).
	WorkDir string
	// Log, when not nil, gets a line per rate.
	Log io.Writer
}

// RunVegetaCheck runs the bench and vegeta at the same rates against the same server and
// workload (vegeta rotates through the same request bodies; it does not check outputs) and
// compares their p50 and p99.
func RunVegetaCheck(ctx context.Context, c *Client, w *Workload, cfg VegetaConfig) (*VegetaCheck, error) {
	if cfg.Vegeta == "" {
		return nil, errors.New("bench: no vegeta binary; install it with:\n  " + VegetaInstall)
	}
	if cfg.Tolerance <= 0 {
		cfg.Tolerance = 0.10
	}
	if cfg.Run.Duration <= 0 {
		cfg.Run.Duration = 5 * time.Second
	}
	if cfg.Run.Timeout <= 0 {
		cfg.Run.Timeout = 10 * time.Second
	}
	if cfg.Rounds <= 0 {
		cfg.Rounds = 3
	}
	dir := cfg.WorkDir
	if dir == "" {
		d, err := os.MkdirTemp("", "gpufn-vegeta")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	targets := filepath.Join(dir, "targets.json")
	if err := writeVegetaTargets(targets, w, w.HotURI()); err != nil {
		return nil, err
	}
	var echoTargets string
	var echoSrc Source
	if cfg.Echo != nil {
		uri := cfg.Echo.URL("/echo?n=" + strconv.Itoa(w.ResponseBytes()))
		echoTargets = filepath.Join(dir, "echo-targets.json")
		if err := writeVegetaTargets(echoTargets, w, uri); err != nil {
			return nil, err
		}
		echoSrc = newEchoSource(w, uri)
	}
	version, _ := exec.CommandContext(ctx, cfg.Vegeta, "-version").CombinedOutput()
	out := &VegetaCheck{Kind: KindVegeta, Version: 1, Created: time.Now().UTC(), System: cfg.Run.System,
		Workload: w.Spec.Name(), Vegeta: firstLine(string(version)), DurationS: cfg.Run.Duration.Seconds(), Tolerance: cfg.Tolerance,
		VegetaEnv: cfg.Env, VegetaArgs: cfg.attackArgs(), Rounds: cfg.Rounds}
	for _, rate := range cfg.Rates {
		pt, err := vegetaPoint(ctx, c, w, &cfg, rate, targets, dir, "")
		if err != nil {
			return out, err
		}
		if cfg.Echo != nil {
			e, err := vegetaPoint(ctx, cfg.Echo, echoSrc, &cfg, rate, echoTargets, dir, "echo-")
			if err != nil {
				return out, err
			}
			pt.BenchEcho, pt.VegetaEcho = e.Bench, &e.Vegeta
			b0, v0 := e.Bench.Latency.P50, e.Vegeta.P50
			pt.NetDiffP50 = relDiff(pt.Bench.Latency.P50-b0, pt.Vegeta.P50-v0)
			pt.NetDiffP99 = relDiff(pt.Bench.Latency.P99-b0, pt.Vegeta.P99-v0)
			pt.AgreeNet = pt.Comparable && math.Abs(pt.NetDiffP50) <= cfg.Tolerance && math.Abs(pt.NetDiffP99) <= cfg.Tolerance
		}
		out.Points = append(out.Points, *pt)
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, "vegeta check %g/s (%d rounds): bench p50 %s p99 %s | vegeta p50 %s p99 %s | diff %+.1f%% %+.1f%% %s",
				rate, cfg.Rounds, fmtMS(pt.Bench.Latency.P50), fmtMS(pt.Bench.Latency.P99), fmtMS(pt.Vegeta.P50), fmtMS(pt.Vegeta.P99),
				100*pt.DiffP50, 100*pt.DiffP99, verdict(pt.Comparable, pt.Agree))
			if pt.BenchEcho != nil {
				fmt.Fprintf(cfg.Log, " | echo p50 bench %s vegeta %s; net of it %+.1f%% %+.1f%% %s", fmtMS(pt.BenchEcho.Latency.P50),
					fmtMS(pt.VegetaEcho.P50), 100*pt.NetDiffP50, 100*pt.NetDiffP99, verdict(pt.Comparable, pt.AgreeNet))
			}
			fmt.Fprintln(cfg.Log)
		}
	}
	return out, nil
}

// vegetaPoint runs the bench (src through c) and vegeta (targets) at one rate in interleaved
// rounds and compares them.
func vegetaPoint(ctx context.Context, c *Client, src Source, cfg *VegetaConfig, rate float64, targets, dir, prefix string) (*VegetaPoint, error) {
	round := cfg.Run.Duration / time.Duration(cfg.Rounds)
	var benchRuns []*RateResult
	var files []string
	for k := 0; k < cfg.Rounds; k++ {
		rc := cfg.Run
		rc.Rate, rc.Duration = rate, round
		if k > 0 {
			rc.Warmup = 0
		}
		br, err := Run(ctx, c, src, rc)
		if err != nil {
			return nil, err
		}
		benchRuns = append(benchRuns, br)
		if k == 0 && cfg.Run.Warmup > 0 {
			if err := vegetaAttack(ctx, cfg, targets, filepath.Join(dir, prefix+"warmup.bin"), rate, cfg.Run.Warmup); err != nil {
				return nil, err
			}
		}
		f := filepath.Join(dir, fmt.Sprintf("%srate-%g-%d.bin", prefix, rate, k))
		if err := vegetaAttack(ctx, cfg, targets, f, rate, round); err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	br, err := MergeRuns(benchRuns)
	if err != nil {
		return nil, err
	}
	br.Phase, br.Holds = "fixed", cfg.Rule.Holds(br)
	vs, err := vegetaReport(ctx, cfg.Vegeta, files)
	if err != nil {
		return nil, err
	}
	// vegeta's throughput spans the rounds and the gaps between them: count it over the
	// rounds' own durations instead.
	vs.Throughput = float64(vs.Requests) * vs.Success / (float64(cfg.Rounds) * round.Seconds())
	pt := &VegetaPoint{Rate: rate, Bench: br, Vegeta: *vs}
	pt.DiffP50 = relDiff(br.Latency.P50, vs.P50)
	pt.DiffP99 = relDiff(br.Latency.P99, vs.P99)
	pt.Comparable = br.Holds && vs.Success >= 0.99 && vs.Throughput >= 0.9*rate
	pt.Agree = pt.Comparable && math.Abs(pt.DiffP50) <= cfg.Tolerance && math.Abs(pt.DiffP99) <= cfg.Tolerance
	return pt, nil
}

// echoSource sends the workload's bodies to the echo server, which answers with as many bytes
// as the workload's output.
type echoSource struct{ calls []Call }

func newEchoSource(w *Workload, uri string) *echoSource {
	want := w.ResponseBytes()
	check := func(out []byte) error {
		if len(out) != want {
			return fmt.Errorf("echo: %d bytes, want %d", len(out), want)
		}
		return nil
	}
	s := &echoSource{}
	for _, b := range w.Bodies() {
		s.calls = append(s.calls, Call{URI: uri, Body: b, ContentType: w.hot[0].ContentType, Accept: w.hot[0].Accept, Check: check})
	}
	return s
}

func (s *echoSource) Call(i int64, _ bool) (*Call, error) {
	return &s.calls[i%int64(len(s.calls))], nil
}

func verdict(comparable, agree bool) string {
	switch {
	case !comparable:
		return "(saturated: not compared)"
	case agree:
		return "agree"
	}
	return "DISAGREE"
}

func relDiff(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return (a - b) / b
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// writeVegetaTargets writes vegeta's JSON targets: one POST to uri per distinct request body.
func writeVegetaTargets(path string, w *Workload, uri string) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, b := range w.Bodies() {
		t := struct {
			Method string              `json:"method"`
			URL    string              `json:"url"`
			Body   string              `json:"body"`
			Header map[string][]string `json:"header"`
		}{"POST", uri, base64.StdEncoding.EncodeToString(b), map[string][]string{
			"Content-Type": {"application/msgpack"}, "Accept": {w.hot[0].Accept}}}
		if w.hot[0].Accept == "" {
			delete(t.Header, "Accept")
		}
		if err := enc.Encode(t); err != nil {
			return err
		}
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// DefaultVegetaArgs are the vegeta attack options the cross-check uses (see docs/bench.md,
// "Cross-check with vegeta", for why each).
var DefaultVegetaArgs = []string{"-http2=false", "-max-body=0"}

func (cfg *VegetaConfig) attackArgs() []string {
	if cfg.AttackArgs == nil {
		return DefaultVegetaArgs
	}
	return cfg.AttackArgs
}

// vegetaAttack runs one attack, writing vegeta's results to the file results.
func vegetaAttack(ctx context.Context, cfg *VegetaConfig, targets, results string, rate float64, d time.Duration) error {
	r := int64(math.Round(rate))
	if r < 1 {
		return fmt.Errorf("bench: vegeta takes whole requests per second; %g is too low", rate)
	}
	args := append([]string{"attack", "-format=json", "-targets=" + targets,
		"-rate=" + strconv.FormatInt(r, 10) + "/1s", "-duration=" + d.String(), "-timeout=" + cfg.Run.Timeout.String()},
		cfg.attackArgs()...)
	attack := exec.CommandContext(ctx, cfg.Vegeta, append(args, "-output="+results)...)
	attack.Env = append(os.Environ(), cfg.Env...)
	if out, err := attack.CombinedOutput(); err != nil {
		return fmt.Errorf("bench: vegeta attack: %v: %s", err, bytes.TrimSpace(out))
	}
	return nil
}

// vegetaReport reads vegeta's JSON report of one or more results files together.
func vegetaReport(ctx context.Context, vegeta string, files []string) (*VegetaStats, error) {
	rep, err := exec.CommandContext(ctx, vegeta, append([]string{"report", "-type=json"}, files...)...).Output()
	if err != nil {
		return nil, fmt.Errorf("bench: vegeta report: %w", err)
	}
	return ParseVegetaReport(rep)
}

// ParseVegetaReport reads `vegeta report -type=json` (durations in nanoseconds).
func ParseVegetaReport(b []byte) (*VegetaStats, error) {
	var m struct {
		Latencies struct {
			Mean float64 `json:"mean"`
			P50  float64 `json:"50th"`
			P90  float64 `json:"90th"`
			P99  float64 `json:"99th"`
			Max  float64 `json:"max"`
		} `json:"latencies"`
		Requests    uint64         `json:"requests"`
		Rate        float64        `json:"rate"`
		Throughput  float64        `json:"throughput"`
		Success     float64        `json:"success"`
		StatusCodes map[string]int `json:"status_codes"`
		Errors      []string       `json:"errors"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("bench: vegeta report: %w", err)
	}
	ms := func(ns float64) float64 { return ns / 1e6 }
	return &VegetaStats{Requests: m.Requests, Rate: m.Rate, Throughput: m.Throughput, Success: m.Success,
		Mean: ms(m.Latencies.Mean), P50: ms(m.Latencies.P50), P90: ms(m.Latencies.P90), P99: ms(m.Latencies.P99),
		Max: ms(m.Latencies.Max), StatusCodes: m.StatusCodes, Errors: m.Errors}, nil
}
