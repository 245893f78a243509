package vegeta

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"gpufn/bench/internal/human"
	"gpufn/bench/load"
)

// Install says how to get the vegeta binary the cross-check uses. `go install
// module@version` fails behind a module proxy that refuses the module's version list (the
// proxy here answers 403 to .../@v/list, which go install reads for deprecation notices),
// while fetching the pinned version itself works; so the second recipe builds it from a
// throw-away module.
const Install = `go install github.com/tsenart/vegeta/v12@v12.12.0
  or, where the module proxy refuses the version list:
    d=$(mktemp -d) && cd $d && go mod init vegetatmp && go get github.com/tsenart/vegeta/v12@v12.12.0 &&
    CGO_ENABLED=0 go build -o $OLDPWD/bin/vegeta github.com/tsenart/vegeta/v12`

// Kind is the kind of a cross-check file.
const Kind = "vegeta-check"

// Stats is what vegeta's JSON report says about one attack (latencies in ms, measured by
// vegeta from each request's actual send time).
type Stats struct {
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
	// DurationS is the attacks' measured time together (s): the rounds' durations summed
	// (absent in files written before it was recorded).
	DurationS float64 `json:"duration_s,omitempty"`
	// P50CI and P99CI are the 95% intervals of p50 and p99 (see Interval), from every latency
	// in vegeta's results, failures included as in vegeta's own percentiles (the bench's hold
	// its successes; a comparable rate has at most 1% failures). Absent in files written
	// before they were.
	P50CI *Interval `json:"p50_ci_ms,omitempty"`
	P99CI *Interval `json:"p99_ci_ms,omitempty"`
}

// Diff compares one of the bench's HTTP clients with vegeta at one rate.
type Diff struct {
	// DiffP50 and DiffP99 are (bench - vegeta) / vegeta.
	DiffP50 float64 `json:"diff_p50"`
	DiffP99 float64 `json:"diff_p99"`
	// Comparable: both below saturation (the bench's rate held, vegeta saw no more than 1%
	// non-2xx answers and achieved at least 90% of the rate).
	Comparable bool `json:"comparable"`
	// Agree: comparable, and both differences within the tolerance.
	Agree bool `json:"agree"`
	// Undecided: comparable and not Agree, but each difference beyond the tolerance is within
	// the two percentiles' sampling error (their 95% intervals allow a difference within the
	// tolerance): too few samples to tell. Comparable, not Agree and not Undecided: the tools
	// disagree beyond what sampling explains.
	Undecided bool `json:"undecided,omitempty"`
	// NetDiffP50 and NetDiffP99 compare the two after taking each one's echo p50 off its p50
	// and p99; AgreeNet is Agree on those (only with the echo measurements).
	NetDiffP50 float64 `json:"net_diff_p50,omitempty"`
	NetDiffP99 float64 `json:"net_diff_p99,omitempty"`
	AgreeNet   bool    `json:"agree_net,omitempty"`
}

// Samples are the latencies behind each tool's percentiles at one rate: the bench's
// successful answers (per client), and every answer vegeta timed (its latencies cover all).
type Samples struct {
	Bench        int64  `json:"bench,omitempty"`
	BenchNetHTTP int64  `json:"bench_nethttp,omitempty"`
	BenchReplay  int64  `json:"bench_replay,omitempty"`
	Vegeta       uint64 `json:"vegeta"`
}

// Point compares the bench, with each of its HTTP clients, and vegeta at one rate. The
// default (fasthttp) client's comparison is in the flat fields (DiffP50 ... AgreeNet), as in
// files written before the net/http client existed; the net/http client's is NetHTTP.
type Point struct {
	Rate   float64          `json:"rate"`
	Bench  *load.RateResult `json:"bench"`
	Vegeta Stats            `json:"vegeta"`
	// DiffP50 and DiffP99 are (bench - vegeta) / vegeta, for the default client.
	DiffP50 float64 `json:"diff_p50"`
	DiffP99 float64 `json:"diff_p99"`
	// Comparable: both below saturation (the bench's rate held, vegeta saw no more than 1%
	// non-2xx answers and achieved at least 90% of the rate).
	Comparable bool `json:"comparable"`
	// Agree: comparable, and both differences within the tolerance.
	Agree bool `json:"agree"`
	// Undecided: see Diff.Undecided.
	Undecided bool `json:"undecided,omitempty"`

	// BenchEcho and VegetaEcho are the two against the echo server (the HTTP floor's trivial
	// server, same payloads, same rate): each tool's own cost of a round trip. NetDiffP50 and
	// NetDiffP99 compare the two after taking each tool's echo p50 off its p50 and p99;
	// AgreeNet is Agree on those.
	BenchEcho  *load.RateResult `json:"bench_echo,omitempty"`
	VegetaEcho *Stats           `json:"vegeta_echo,omitempty"`
	NetDiffP50 float64          `json:"net_diff_p50,omitempty"`
	NetDiffP99 float64          `json:"net_diff_p99,omitempty"`
	AgreeNet   bool             `json:"agree_net,omitempty"`

	// BenchNetHTTP is the bench with net/http's client (the HTTP stack vegeta uses), in the
	// same interleaved rounds; BenchNetHTTPEcho the same against the echo server; NetHTTP its
	// comparison with vegeta. All absent in files written before.
	BenchNetHTTP     *load.RateResult `json:"bench_nethttp,omitempty"`
	BenchNetHTTPEcho *load.RateResult `json:"bench_nethttp_echo,omitempty"`
	NetHTTP          *Diff            `json:"nethttp,omitempty"`

	// BenchReplay is the bench with net/http's client sending on vegeta's own send times: in
	// each round, right after vegeta's attack, the requests go out at the offsets at which
	// vegeta's workers began its requests (read from its results), so that the server is
	// offered exactly the load vegeta offered it, irregular gaps included.
	// BenchReplayEcho is the same against the echo server, and Replay its comparison with
	// vegeta. Pacing is how vegeta spaced its sends. All absent in files written before, and
	// when the check ran without replays.
	BenchReplay     *load.RateResult `json:"bench_replay,omitempty"`
	BenchReplayEcho *load.RateResult `json:"bench_replay_echo,omitempty"`
	Replay          *Diff            `json:"replay,omitempty"`
	Pacing          *Pacing          `json:"vegeta_pacing,omitempty"`

	// DurationS is each tool's measured time at this rate, its rounds together: the check's
	// duration, extended to reach its minimum of samples (at most to its maximum duration).
	// Samples counts what each tool's percentiles rest on. Both absent in files written before.
	DurationS float64  `json:"duration_s,omitempty"`
	Samples   *Samples `json:"samples,omitempty"`
}

// defaultDiff is the default client's comparison, from the point's flat fields.
func (pt *Point) defaultDiff() Diff {
	return Diff{DiffP50: pt.DiffP50, DiffP99: pt.DiffP99, Comparable: pt.Comparable, Agree: pt.Agree, Undecided: pt.Undecided,
		NetDiffP50: pt.NetDiffP50, NetDiffP99: pt.NetDiffP99, AgreeNet: pt.AgreeNet}
}

func (pt *Point) setDefaultDiff(d Diff) {
	pt.DiffP50, pt.DiffP99, pt.Comparable, pt.Agree, pt.Undecided = d.DiffP50, d.DiffP99, d.Comparable, d.Agree, d.Undecided
	pt.NetDiffP50, pt.NetDiffP99, pt.AgreeNet = d.NetDiffP50, d.NetDiffP99, d.AgreeNet
}

// vegetaSide is one of the bench's clients at one point, for the reports.
type vegetaSide struct {
	client      string // load.HTTPClientFast or load.HTTPClientNet
	bench, echo *load.RateResult
	diff        Diff
}

// hasEcho says whether the side's net differences were measured.
func (s vegetaSide) hasEcho(pt *Point) bool { return s.echo != nil && pt.VegetaEcho != nil }

// sides returns the point's bench clients that ran: the default one, net/http's, and
// net/http's on vegeta's send times.
func (pt *Point) sides() []vegetaSide {
	var out []vegetaSide
	if pt.Bench != nil {
		out = append(out, vegetaSide{client: load.HTTPClientFast, bench: pt.Bench, echo: pt.BenchEcho, diff: pt.defaultDiff()})
	}
	if pt.BenchNetHTTP != nil && pt.NetHTTP != nil {
		out = append(out, vegetaSide{client: load.HTTPClientNet, bench: pt.BenchNetHTTP, echo: pt.BenchNetHTTPEcho, diff: *pt.NetHTTP})
	}
	if pt.BenchReplay != nil && pt.Replay != nil {
		out = append(out, vegetaSide{client: replayClient, bench: pt.BenchReplay, echo: pt.BenchReplayEcho, diff: *pt.Replay})
	}
	return out
}

// replayClient names the bench's runs on vegeta's send times (net/http's client) in reports.
const replayClient = "nethttp on vegeta's sends"

// Pacing is how vegeta spaced its sends at one rate, its rounds together, read from its
// results (a result's timestamp is when a vegeta worker began the request). vegeta paces with
// Go timers, which end up to a millisecond late when its processors are idle (epoll_wait's
// timeout is whole milliseconds), and then sends what is overdue at once: its gaps scatter
// around the interval, and a gap shorter than the server's time per request makes a request
// wait for the one before it. The bench's scheduler sleeps on a timerfd and does not.
type Pacing struct {
	Sends      int     `json:"sends"`
	IntervalMS float64 `json:"interval_ms"` // 1/rate
	// Gaps between consecutive sends of a round, ms.
	GapP10 float64 `json:"gap_p10_ms"`
	GapP50 float64 `json:"gap_p50_ms"`
	GapP90 float64 `json:"gap_p90_ms"`
	// Late is how far each send came behind a constant schedule at the rate (the i-th send
	// of a round due i intervals after the round's schedule began, which is placed so that
	// no send is early), ms.
	LateP50 float64 `json:"late_p50_ms"`
	LateP99 float64 `json:"late_p99_ms"`
}

// vegetaPacing measures the pacing of rounds of sends at rate (each round in send order).
func vegetaPacing(rounds [][]time.Time, rate float64) *Pacing {
	interval := float64(time.Second) / rate
	var gaps, late []float64
	for _, sends := range rounds {
		if len(sends) == 0 {
			continue
		}
		t0 := math.Inf(1) // the schedule's start: no send before its due time
		for i, t := range sends {
			t0 = math.Min(t0, float64(t.Sub(sends[0]))-float64(i)*interval)
		}
		for i, t := range sends {
			late = append(late, (float64(t.Sub(sends[0]))-float64(i)*interval-t0)/1e6)
			if i > 0 {
				gaps = append(gaps, float64(t.Sub(sends[i-1]))/1e6)
			}
		}
	}
	slices.Sort(gaps)
	slices.Sort(late)
	return &Pacing{Sends: len(late), IntervalMS: interval / 1e6, GapP10: quantile(gaps, 0.10), GapP50: quantile(gaps, 0.50),
		GapP90: quantile(gaps, 0.90), LateP50: quantile(late, 0.50), LateP99: quantile(late, 0.99)}
}

// quantile is the q-quantile of sorted values (nearest rank; 0 when there are none).
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// vegetaResults reads an attack's results file (`vegeta encode -to csv`): the send times, in
// send order (a result's timestamp, in Unix nanoseconds, is when a worker began its request),
// and the latencies in ms, in the same order.
func vegetaResults(ctx context.Context, vegeta, file string) ([]time.Time, []float64, error) {
	out, err := exec.CommandContext(ctx, vegeta, "encode", "-to", "csv", file).Output()
	if err != nil {
		return nil, nil, fmt.Errorf("bench: vegeta encode %s: %w", filepath.Base(file), err)
	}
	r := csv.NewReader(bytes.NewReader(out))
	r.FieldsPerRecord = 12
	r.ReuseRecord = true
	type result struct {
		sent time.Time
		ms   float64
	}
	var res []result
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("bench: vegeta results %s: %w", filepath.Base(file), err)
		}
		ns, err := strconv.ParseInt(rec[0], 10, 64)
		if err != nil {
			return nil, nil, fmt.Errorf("bench: vegeta results %s: timestamp %q: %w", filepath.Base(file), rec[0], err)
		}
		lat, err := strconv.ParseInt(rec[2], 10, 64)
		if err != nil {
			return nil, nil, fmt.Errorf("bench: vegeta results %s: latency %q: %w", filepath.Base(file), rec[2], err)
		}
		res = append(res, result{time.Unix(0, ns), float64(lat) / 1e6})
	}
	if len(res) == 0 {
		return nil, nil, fmt.Errorf("bench: vegeta results %s: no requests", filepath.Base(file))
	}
	slices.SortFunc(res, func(a, b result) int { return a.sent.Compare(b.sent) })
	sends, lats := make([]time.Time, len(res)), make([]float64, len(res))
	for i, x := range res {
		sends[i], lats[i] = x.sent, x.ms
	}
	return sends, lats, nil
}

// sendOffsets turns send times (in order) into offsets from the first.
func sendOffsets(sends []time.Time) []time.Duration {
	offs := make([]time.Duration, len(sends))
	for i, t := range sends {
		offs[i] = t.Sub(sends[0])
	}
	return offs
}

// Check is a cross-check file (kind "vegeta-check").
type Check struct {
	Kind      string       `json:"kind"`
	Version   int          `json:"version"`
	Created   time.Time    `json:"created"`
	Machine   load.Machine `json:"machine"`
	System    string       `json:"system"`
	Workload  string       `json:"workload"`
	Vegeta    string       `json:"vegeta"` // vegeta -version
	VegetaEnv []string     `json:"vegeta_env,omitempty"`
	// VegetaArgs are the options given to every vegeta attack besides the targets, rate,
	// duration, timeout and output.
	VegetaArgs []string `json:"vegeta_args,omitempty"`
	Rounds     int      `json:"rounds"`
	// ReplayOnly: the bench ran only on vegeta's send times (Config.ReplayOnly).
	ReplayOnly bool `json:"replay_only,omitempty"`
	// DurationS is the shortest measured time per tool and rate (each point's DurationS is
	// the actual one); MinSamples and MaxDurationS say how it was extended (absent: never).
	DurationS    float64 `json:"duration_s"`
	MinSamples   int     `json:"min_samples,omitempty"`
	MaxDurationS float64 `json:"max_duration_s,omitempty"`
	Tolerance    float64 `json:"tolerance"`
	Points       []Point `json:"points"`
}

// hasPacing says whether any point recorded vegeta's pacing.
func (v *Check) hasPacing() bool {
	return slices.ContainsFunc(v.Points, func(pt Point) bool { return pt.Pacing != nil })
}

// Config configures RunCheck.
type Config struct {
	// Vegeta is the vegeta binary. Required.
	Vegeta string
	// Rates to compare at (each run by the bench with each of its clients, then by vegeta).
	Rates []float64
	// Run is the template of the bench's runs (Duration, Warmup, Timeout, labels); vegeta
	// attacks for the same Duration after the same Warmup, with the same Timeout. Duration is
	// each tool's shortest measured time per rate (see MinSamples).
	Run load.RunConfig
	// MinSamples, when positive, extends a rate's measured time per tool to MinSamples/rate
	// when that is longer than Run.Duration, so that p99 rests on enough samples (MinSamples/100
	// above it); the extension stops at MaxDuration (default 60 s). Run.Duration is never
	// shortened. The echo measurements keep Run.Duration: only their p50 is used.
	MinSamples  int
	MaxDuration time.Duration
	// NoReplay leaves out the bench's runs on vegeta's send times (Point.BenchReplay).
	NoReplay bool
	// ReplayOnly leaves out the bench's runs on its own constant schedule (Point.Bench
	// and BenchNetHTTP): each round is vegeta, then the bench on vegeta's send times. It halves
	// a check's time, for many samples at a low rate (6,000 at 25/s is 4 minutes per tool).
	ReplayOnly bool
	// Rounds interleaves the tools at each rate (default 3): bench, bench with net/http,
	// vegeta, bench with net/http on vegeta's send times, bench, ..., each round a Rounds-th
	// of the rate's measured time, and merges each tool's rounds (the bench's histograms;
	// vegeta's result files in one report). The tools cannot load the server at the same
	// time, and a server's behaviour drifts over seconds (garbage collection, clocks):
	// interleaving spreads that drift over all of them instead of charging it to one.
	Rounds int
	// Rule decides whether the bench's run held.
	Rule load.Rule
	// Tolerance on the p50 and p99 differences (default 0.10).
	Tolerance float64
	// Echo, when not nil, is a client of an echo server (floor.EchoHandler; started by the caller,
	// like the server under test): the tools are also run against it, interleaved, to measure
	// each one's own cost of a round trip.
	Echo *load.Client
	// Env is added to vegeta's environment (e.g. GOGC=400: vegeta allocates per answer, and
	// its garbage collection shows in its latencies).
	Env []string
	// AttackArgs are vegeta attack's options besides the targets, rate, duration, timeout and
	// output (nil: DefaultArgs).
	AttackArgs []string
	// WorkDir holds vegeta's targets and results (default: a temporary directory, removed).
	WorkDir string
	// Log, when not nil, gets the lines of each rate and the agreement at the end.
	Log io.Writer
}

// DefaultMaxDuration caps Config.MinSamples's extension by default.
const DefaultMaxDuration = time.Minute

// vegetaDuration is a rate's measured time per tool: d, extended to minSamples/rate (when
// minSamples > 0) but not beyond maxD by that extension; d itself is never shortened.
func vegetaDuration(d time.Duration, minSamples int, rate float64, maxD time.Duration) time.Duration {
	if minSamples <= 0 || !(rate > 0) {
		return d
	}
	need := time.Duration(math.Ceil(float64(minSamples) / rate * 1e9))
	return max(d, min(need, maxD))
}

// RunCheck runs the bench and vegeta at the same rates against the same server and
// workload (vegeta rotates through the same request bodies; it does not check outputs) and
// compares their p50 and p99. The bench runs twice in every round: with c, its default
// (fasthttp) client, and with a net/http client of the same server and options (vegeta's
// HTTP stack), so that each is compared with vegeta on its own.
func RunCheck(ctx context.Context, c *load.Client, w *load.Workload, cfg Config) (*Check, error) {
	if cfg.Vegeta == "" {
		return nil, errors.New("bench: no vegeta binary; install it with:\n  " + Install)
	}
	if c.HTTPClient() != load.HTTPClientFast {
		return nil, fmt.Errorf("bench: vegeta check: the bench's client is %s; give the default (%s) one: the check adds the %s one itself",
			c.HTTPClient(), load.HTTPClientFast, load.HTTPClientNet)
	}
	if cfg.ReplayOnly && cfg.NoReplay {
		return nil, errors.New("bench: vegeta check: replay only, without replays: nothing to compare")
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
	if cfg.MaxDuration <= 0 {
		cfg.MaxDuration = DefaultMaxDuration
	}
	clients, err := benchClients(c)
	if err != nil {
		return nil, err
	}
	defer clients[1].CloseIdle()
	var echoClients [2]*load.Client
	if cfg.Echo != nil {
		if echoClients, err = benchClients(cfg.Echo); err != nil {
			return nil, err
		}
		defer echoClients[1].CloseIdle()
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
	var echoSrc load.Source
	if cfg.Echo != nil {
		uri := cfg.Echo.URL("/echo?n=" + strconv.Itoa(w.ResponseBytes()))
		echoTargets = filepath.Join(dir, "echo-targets.json")
		if err := writeVegetaTargets(echoTargets, w, uri); err != nil {
			return nil, err
		}
		echoSrc = newEchoSource(w, uri)
	}
	version, _ := exec.CommandContext(ctx, cfg.Vegeta, "-version").CombinedOutput()
	out := &Check{Kind: Kind, Version: 2, Created: time.Now().UTC(), System: cfg.Run.System,
		Workload: w.Spec.Name(), Vegeta: firstLine(string(version)), DurationS: cfg.Run.Duration.Seconds(), Tolerance: cfg.Tolerance,
		VegetaEnv: cfg.Env, VegetaArgs: cfg.attackArgs(), Rounds: cfg.Rounds, ReplayOnly: cfg.ReplayOnly}
	if cfg.MinSamples > 0 {
		out.MinSamples, out.MaxDurationS = cfg.MinSamples, cfg.MaxDuration.Seconds()
	}
	for _, rate := range cfg.Rates {
		d := vegetaDuration(cfg.Run.Duration, cfg.MinSamples, rate, cfg.MaxDuration)
		pt, err := vegetaPoint(ctx, clients, w, &cfg, rate, d, targets, dir, "")
		if err != nil {
			return out, err
		}
		if cfg.Echo != nil {
			e, err := vegetaPoint(ctx, echoClients, echoSrc, &cfg, rate, cfg.Run.Duration, echoTargets, dir, "echo-")
			if err != nil {
				return out, err
			}
			pt.BenchEcho, pt.BenchNetHTTPEcho, pt.BenchReplayEcho, pt.VegetaEcho = e.Bench, e.BenchNetHTTP, e.BenchReplay, &e.Vegeta
			d := pt.defaultDiff()
			d.net(pt.Bench, pt.BenchEcho, &pt.Vegeta, pt.VegetaEcho, cfg.Tolerance)
			pt.setDefaultDiff(d)
			pt.NetHTTP.net(pt.BenchNetHTTP, pt.BenchNetHTTPEcho, &pt.Vegeta, pt.VegetaEcho, cfg.Tolerance)
			pt.Replay.net(pt.BenchReplay, pt.BenchReplayEcho, &pt.Vegeta, pt.VegetaEcho, cfg.Tolerance)
		}
		out.Points = append(out.Points, *pt)
		if cfg.Log != nil {
			logVegetaPoint(cfg.Log, pt, cfg.Rounds)
		}
	}
	if cfg.Log != nil && len(out.Points) > 0 {
		fmt.Fprintf(cfg.Log, "vegeta check %s: %s\n", out.Workload, out.Agreement())
	}
	return out, nil
}

// benchClients returns c (the default client) and a net/http client of the same server.
func benchClients(c *load.Client) ([2]*load.Client, error) {
	n, err := c.WithHTTPClient(load.HTTPClientNet)
	if err != nil {
		return [2]*load.Client{}, err
	}
	return [2]*load.Client{c, n}, nil
}

// logVegetaPoint writes a rate's lines: vegeta's figures, then each bench client's with its
// differences and verdicts.
func logVegetaPoint(w io.Writer, pt *Point, rounds int) {
	fmt.Fprintf(w, "vegeta check %g/s (%d rounds, %s per tool): vegeta p50 %s p99 %s%s (%d samples)\n", pt.Rate, rounds,
		time.Duration(pt.DurationS*1e9).Round(time.Millisecond), human.MS(pt.Vegeta.P50), human.MS(pt.Vegeta.P99), pt.Vegeta.P99CI.text(human.MS),
		pt.Vegeta.Requests)
	for _, s := range pt.sides() {
		fmt.Fprintf(w, "  bench %-8s p50 %s p99 %s%s (%d samples) | diff %+.1f%% %+.1f%% %s", s.client, human.MS(s.bench.Latency.P50),
			human.MS(s.bench.Latency.P99), latencyInterval(s.bench, 0.99).text(human.MS), s.bench.Latency.Count, 100*s.diff.DiffP50,
			100*s.diff.DiffP99, verdict(s.diff.Comparable, s.diff.Agree, s.diff.Undecided))
		if s.hasEcho(pt) {
			fmt.Fprintf(w, " | echo p50 bench %s vegeta %s; net of it %+.1f%% %+.1f%% %s", human.MS(s.echo.Latency.P50),
				human.MS(pt.VegetaEcho.P50), 100*s.diff.NetDiffP50, 100*s.diff.NetDiffP99, verdict(s.diff.Comparable, s.diff.AgreeNet, false))
		}
		fmt.Fprintln(w)
	}
	if pc := pt.Pacing; pc != nil {
		fmt.Fprintf(w, "  vegeta's sends: gaps p10 %s p50 %s p90 %s for an interval of %s; behind a constant schedule by p50 %s p99 %s\n",
			human.MS(pc.GapP10), human.MS(pc.GapP50), human.MS(pc.GapP90), human.MS(pc.IntervalMS), human.MS(pc.LateP50), human.MS(pc.LateP99))
	}
}

// compareVegeta compares a bench run with vegeta's at rate.
func compareVegeta(br *load.RateResult, vs *Stats, rate, tol float64) Diff {
	d := Diff{DiffP50: relDiff(br.Latency.P50, vs.P50), DiffP99: relDiff(br.Latency.P99, vs.P99)}
	d.Comparable = br.Holds && vs.Success >= 0.99 && vs.Throughput >= 0.9*rate
	d.Agree = d.Comparable && math.Abs(d.DiffP50) <= tol && math.Abs(d.DiffP99) <= tol
	if d.Comparable && !d.Agree && vs.P50CI != nil && vs.P99CI != nil {
		i50, i99 := latencyIntervals(br)
		d.Undecided = mayAgree(br.Latency.P50, vs.P50, i50, vs.P50CI, tol) && mayAgree(br.Latency.P99, vs.P99, i99, vs.P99CI, tol)
	}
	return d
}

// net sets the differences net of each tool's echo p50 (d nil: nothing to set).
func (d *Diff) net(bench, benchEcho *load.RateResult, vs, vegetaEcho *Stats, tol float64) {
	if d == nil || bench == nil || benchEcho == nil || vegetaEcho == nil {
		return
	}
	b0, v0 := benchEcho.Latency.P50, vegetaEcho.P50
	d.NetDiffP50 = relDiff(bench.Latency.P50-b0, vs.P50-v0)
	d.NetDiffP99 = relDiff(bench.Latency.P99-b0, vs.P99-v0)
	d.AgreeNet = d.Comparable && math.Abs(d.NetDiffP50) <= tol && math.Abs(d.NetDiffP99) <= tol
}

// vegetaPoint runs the bench with each of clients (src) and vegeta (targets) at one rate for
// d each, in interleaved rounds, and compares them (with cfg.ReplayOnly, only the bench on
// vegeta's send times).
func vegetaPoint(ctx context.Context, clients [2]*load.Client, src load.Source, cfg *Config, rate float64, d time.Duration, targets, dir, prefix string) (*Point, error) {
	round := d / time.Duration(cfg.Rounds)
	var benchRuns [2][]*load.RateResult
	var replays []*load.RateResult
	var sendRounds [][]time.Time
	var lats []float64 // vegeta's, every round's
	var files []string
	// The bench's runs on its own constant schedule, one per client (none when replay only).
	own := clients[:]
	if cfg.ReplayOnly {
		own = nil
	}
	for k := 0; k < cfg.Rounds; k++ {
		for ci, c := range own {
			rc := cfg.Run
			rc.Rate, rc.Duration = rate, round
			if k > 0 {
				rc.Warmup = 0
			}
			br, err := load.Run(ctx, c, src, rc)
			if err != nil {
				return nil, err
			}
			benchRuns[ci] = append(benchRuns[ci], br)
		}
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
		sends, l, err := vegetaResults(ctx, cfg.Vegeta, f)
		if err != nil {
			return nil, err
		}
		lats = append(lats, l...)
		if cfg.NoReplay {
			continue
		}
		// The same load again, on vegeta's send times, from the HTTP stack vegeta uses.
		sendRounds = append(sendRounds, sends)
		rc := cfg.Run
		rc.Rate, rc.Duration, rc.Offsets = rate, round, sendOffsets(sends)
		if k > 0 || len(own) > 0 {
			rc.Warmup = 0 // the bench's own runs warmed its client up
		}
		br, err := load.Run(ctx, clients[1], src, rc)
		if err != nil {
			return nil, err
		}
		replays = append(replays, br)
	}
	var merged [2]*load.RateResult
	for ci := range own {
		br, err := load.MergeRuns(benchRuns[ci])
		if err != nil {
			return nil, err
		}
		br.Phase, br.Holds = "fixed", cfg.Rule.Holds(br)
		merged[ci] = br
	}
	vs, err := vegetaReport(ctx, cfg.Vegeta, files)
	if err != nil {
		return nil, err
	}
	// vegeta's throughput spans the rounds and the gaps between them: count it over the
	// rounds' own durations instead.
	measured := time.Duration(cfg.Rounds) * round
	vs.DurationS = measured.Seconds()
	vs.Throughput = float64(vs.Requests) * vs.Success / vs.DurationS
	slices.Sort(lats)
	vs.P50CI, vs.P99CI = sortedInterval(lats, 0.50), sortedInterval(lats, 0.99)
	pt := &Point{Rate: rate, Bench: merged[0], BenchNetHTTP: merged[1], Vegeta: *vs, DurationS: measured.Seconds(),
		Samples: &Samples{Vegeta: vs.Requests}}
	if len(own) > 0 {
		pt.Samples.Bench, pt.Samples.BenchNetHTTP = merged[0].Latency.Count, merged[1].Latency.Count
		pt.setDefaultDiff(compareVegeta(merged[0], vs, rate, cfg.Tolerance))
		nd := compareVegeta(merged[1], vs, rate, cfg.Tolerance)
		pt.NetHTTP = &nd
	}
	if len(replays) > 0 {
		br, err := load.MergeRuns(replays)
		if err != nil {
			return nil, err
		}
		br.Phase, br.Holds = "replay", cfg.Rule.Holds(br)
		rd := compareVegeta(br, vs, rate, cfg.Tolerance)
		pt.BenchReplay, pt.Replay, pt.Pacing = br, &rd, vegetaPacing(sendRounds, rate)
		pt.Samples.BenchReplay = br.Latency.Count
	}
	return pt, nil
}

// clientAgreement counts one bench client's agreement with vegeta over a check's points.
type clientAgreement struct {
	client string
	// compared: rates where both were below saturation; agree: of those, where p50 and p99
	// were within the tolerance; undecided: of the others, where the differences were within
	// the percentiles' sampling error; withEcho and agreeNet: the same net of each tool's echo.
	compared, agree, undecided, withEcho, agreeNet int
}

// agrees: at every compared rate (and at least one).
func (a clientAgreement) agrees() bool    { return a.compared > 0 && a.agree == a.compared }
func (a clientAgreement) agreesNet() bool { return a.withEcho > 0 && a.agreeNet == a.withEcho }

// agreement counts each bench client's agreement, the default client first.
func (v *Check) agreement() []clientAgreement {
	var out []clientAgreement
	for i := range v.Points {
		pt := &v.Points[i]
		for k, s := range pt.sides() {
			if k == len(out) {
				out = append(out, clientAgreement{client: s.client})
			}
			a := &out[k]
			if !s.diff.Comparable {
				continue
			}
			a.compared++
			if s.diff.Agree {
				a.agree++
			} else if s.diff.Undecided {
				a.undecided++
			}
			if s.hasEcho(pt) {
				a.withEcho++
				if s.diff.AgreeNet {
					a.agreeNet++
				}
			}
		}
	}
	return out
}

// Agreement says in a line which of the bench's clients agree with vegeta (p50 and p99 within
// the tolerance at every rate compared), raw and net of each tool's echo p50, with the counts.
func (v *Check) Agreement() string {
	ags := v.agreement()
	var raw, net []string
	compared, echo := false, false
	var counts []string
	for _, a := range ags {
		compared = compared || a.compared > 0
		echo = echo || a.withEcho > 0
		if a.agrees() {
			raw = append(raw, a.client)
		}
		if a.agreesNet() {
			net = append(net, a.client)
		}
		c := fmt.Sprintf("%s %d of %d", a.client, a.agree, a.compared)
		if a.undecided > 0 {
			c += fmt.Sprintf(" (%d more within sampling error)", a.undecided)
		}
		if a.withEcho > 0 {
			c += fmt.Sprintf(", net %d of %d", a.agreeNet, a.withEcho)
		}
		counts = append(counts, c)
	}
	if !compared {
		return "no rate compared (saturated)"
	}
	s := "raw, " + whoAgrees(raw, len(ags))
	if echo {
		s += "; net of each tool's echo p50, " + whoAgrees(net, len(ags))
	}
	return s + " (rates that agree of those compared: " + strings.Join(counts, "; ") + ")"
}

// whoAgrees says which of the bench's n clients agree with vegeta.
func whoAgrees(agree []string, n int) string {
	switch {
	case n == 1 && len(agree) == 1:
		return "the bench agrees with vegeta"
	case n == 1:
		return "the bench does not agree with vegeta"
	case n == 2 && len(agree) == 0:
		return "neither of the bench's clients agrees with vegeta"
	case n == 2 && len(agree) == n:
		return "both of the bench's clients agree with vegeta"
	case len(agree) == 0:
		return "none of the bench's runs agrees with vegeta"
	case len(agree) == n:
		return "all of the bench's runs agree with vegeta"
	}
	return "only the bench with " + strings.Join(agree, " and ") + " agrees with vegeta"
}

// echoSource sends the workload's bodies to the echo server, which answers with as many bytes
// as the workload's output.
type echoSource struct{ calls []load.Call }

func newEchoSource(w *load.Workload, uri string) *echoSource {
	want := w.ResponseBytes()
	check := func(out []byte) error {
		if len(out) != want {
			return fmt.Errorf("echo: %d bytes, want %d", len(out), want)
		}
		return nil
	}
	s := &echoSource{}
	ctype, accept := w.HotHeaders()
	for _, b := range w.Bodies() {
		s.calls = append(s.calls, load.Call{URI: uri, Body: b, ContentType: ctype, Accept: accept, Check: check})
	}
	return s
}

func (s *echoSource) Call(i int64, _ bool) (*load.Call, error) {
	return &s.calls[i%int64(len(s.calls))], nil
}

func verdict(comparable, agree, undecided bool) string {
	switch {
	case !comparable:
		return "(saturated: not compared)"
	case agree:
		return "agree"
	case undecided:
		return "within sampling error"
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
func writeVegetaTargets(path string, w *load.Workload, uri string) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	_, accept := w.HotHeaders()
	for _, b := range w.Bodies() {
		t := struct {
			Method string              `json:"method"`
			URL    string              `json:"url"`
			Body   string              `json:"body"`
			Header map[string][]string `json:"header"`
		}{"POST", uri, base64.StdEncoding.EncodeToString(b), map[string][]string{
			"Content-Type": {"application/msgpack"}, "Accept": {accept}}}
		if accept == "" {
			delete(t.Header, "Accept")
		}
		if err := enc.Encode(t); err != nil {
			return err
		}
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// DefaultArgs are the vegeta attack options the cross-check uses (see docs/bench.md,
// "Cross-check with vegeta", for why each).
var DefaultArgs = []string{"-http2=false", "-max-body=0"}

func (cfg *Config) attackArgs() []string {
	if cfg.AttackArgs == nil {
		return DefaultArgs
	}
	return cfg.AttackArgs
}

// vegetaAttack runs one attack, writing vegeta's results to the file results.
func vegetaAttack(ctx context.Context, cfg *Config, targets, results string, rate float64, d time.Duration) error {
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
func vegetaReport(ctx context.Context, vegeta string, files []string) (*Stats, error) {
	rep, err := exec.CommandContext(ctx, vegeta, append([]string{"report", "-type=json"}, files...)...).Output()
	if err != nil {
		return nil, fmt.Errorf("bench: vegeta report: %w", err)
	}
	return ParseReport(rep)
}

// ParseReport reads `vegeta report -type=json` (durations in nanoseconds).
func ParseReport(b []byte) (*Stats, error) {
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
	return &Stats{Requests: m.Requests, Rate: m.Rate, Throughput: m.Throughput, Success: m.Success,
		Mean: ms(m.Latencies.Mean), P50: ms(m.Latencies.P50), P90: ms(m.Latencies.P90), P99: ms(m.Latencies.P99),
		Max: ms(m.Latencies.Max), StatusCodes: m.StatusCodes, Errors: m.Errors}, nil
}
