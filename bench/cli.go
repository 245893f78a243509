package bench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"gpufn/bench/floor"
	"gpufn/bench/internal/human"
	"gpufn/bench/load"
	"gpufn/bench/proc"
	"gpufn/bench/report"
	"gpufn/bench/sweep"
	"gpufn/bench/vegeta"
)

const usage = `gpufn bench: an open-loop load generator and the comparisons, over HTTP only.

Usage:
  gpufn bench run     [flags]   one open-loop run at --rate against --url
  gpufn bench sweep   [flags]   step the rate up (or search adaptively) against --url
  gpufn bench floor   [flags]   the HTTP floor: loopback echo round trips for the workloads' payloads
  gpufn bench compare [flags]   start each system (gpufn engines, cpu device, the dedicated
                                baseline) in turn and run the same measurements against it
  gpufn bench report DIR        redraw the plots and the summary from DIR's JSON files
  gpufn bench vegeta-check [flags]  run vegeta and the bench (with fasthttp and with net/http, and
                                on vegeta's own send times) at the same rates; compare p50/p99
  gpufn bench echo-server [flags]   the HTTP floor's trivial server, as a process (vegeta-check starts it)
  gpufn bench dandelion [flags] Dandelion's workload: many functions (10,000), a hot set with most
                                requests (97%), the rest spread over the cold ones; a sweep, and the
                                all-hot run at the same rates

Workloads: matmul (n=128; matmul-nN), inference (1 repetition, batch 1; inference-rR-bB).
Latency counts from each request's intended send time; a timeout, a non-2xx answer and a wrong
output are errors; a rate holds while errors stay under 1%, the achieved rate is at least 90% of
the offered one, p99 stays within a bound (10x the system's low-load p99, or --slo-p99) and the
queue does not grow over the run (p50 of its last third at most 2x the first's). See docs/bench.md. "gpufn bench VERB -h" lists a verb's flags.
`

// Main is the `gpufn bench` command; it returns the process's exit status.
func Main(args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(os.Stderr, usage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	verb, rest := args[0], args[1:]
	var err error
	switch verb {
	case "run":
		err = cmdRun(ctx, rest, false)
	case "sweep":
		err = cmdRun(ctx, rest, true)
	case "floor":
		err = cmdFloor(ctx, rest)
	case "compare":
		err = cmdCompare(ctx, rest)
	case "report":
		err = cmdReport(rest)
	case "vegeta-check":
		err = cmdVegeta(ctx, rest)
	case "echo-server":
		err = cmdEcho(ctx, rest)
	case "dandelion":
		err = cmdDandelion(ctx, rest)
	default:
		fmt.Fprintf(os.Stderr, "gpufn bench: unknown verb %q\n\n%s", verb, usage)
		return 2
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		return 2
	}
	fmt.Fprintln(os.Stderr, "gpufn bench "+verb+":", err)
	return 1
}

// errUsage reports a flag error that the flag package has already printed.
var errUsage = errors.New("usage")

func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage
	}
	return nil
}

// runFlags are the flags of one open-loop run, shared by every verb that runs load.
type runFlags struct {
	workload      string
	duration      time.Duration
	warmup        time.Duration
	poisson       bool
	seed          uint64
	hotPercent    float64
	timeout       time.Duration
	serverTimeout time.Duration
	maxInFlight   int
	distinct      int
	msgpack       bool
	progress      string
	machine       string
	out           string
	name          string
	client        clientFlags
	schedSpin     time.Duration
	keep          bool
	parallel      int
	placements    int
}

// clientFlags are the flags of the bench's client, shared by every verb that sends load
// (and the floor, so that the floor and the measurements use the same client).
type clientFlags struct {
	spinWait   time.Duration
	bufferSize int
	cpuprofile string
	httpClient string
	// bothClients: the verb runs the bench with both HTTP clients itself (vegeta-check), so
	// --http-client is not registered.
	bothClients bool
}

func (f *clientFlags) register(fs *flag.FlagSet) {
	fs.DurationVar(&f.spinWait, "spin-wait", 0, "poll the socket for an answer (non-blocking reads) for up to this long before parking, so the client's own wake-up stays out of the latency; at most GOMAXPROCS-1 goroutines spin at once (0: off; fasthttp client only; see docs/bench.md)")
	fs.IntVar(&f.bufferSize, "conn-buffer", load.DefaultBufferSize, "read and write buffer of each client connection, bytes (larger bodies bypass it)")
	fs.StringVar(&f.cpuprofile, "cpuprofile", "", "write a CPU profile of the bench process to this file (go tool pprof)")
	f.httpClient = load.HTTPClientFast
	if !f.bothClients {
		fs.StringVar(&f.httpClient, "http-client", load.HTTPClientFast, "HTTP client of the load generator: fasthttp (the bench's own) or nethttp (Go's net/http, the HTTP stack vegeta uses; no --spin-wait)")
	}
}

// validate checks the client's flags.
func (f *clientFlags) validate() error {
	if f.spinWait < 0 || f.bufferSize <= 0 {
		return errors.New("--spin-wait wants a duration >= 0, --conn-buffer a size > 0")
	}
	return checkHTTPClient(f.httpClient, f.spinWait, "--spin-wait")
}

// checkHTTPClient checks an --http-client and the spin budget (given by the flag spinFlag)
// that goes with it.
func checkHTTPClient(kind string, spin time.Duration, spinFlag string) error {
	switch kind {
	case load.HTTPClientFast:
	case load.HTTPClientNet:
		if spin > 0 {
			return fmt.Errorf("%s %v: spin-waiting needs --http-client %s (net/http's connections cannot poll their sockets); leave %s at 0 with --http-client %s",
				spinFlag, spin, load.HTTPClientFast, spinFlag, load.HTTPClientNet)
		}
	default:
		return fmt.Errorf("--http-client %q: want %s or %s", kind, load.HTTPClientFast, load.HTTPClientNet)
	}
	return nil
}

func (f *clientFlags) options(maxConns int, timeout time.Duration) load.ClientOptions {
	return load.ClientOptions{MaxConns: maxConns, Timeout: timeout, BufferSize: f.bufferSize, SpinWait: f.spinWait, HTTPClient: f.httpClient}
}

// startProfile starts the CPU profile asked for by --cpuprofile; the returned function stops
// it and closes the file.
func (f *clientFlags) startProfile() (func(), error) {
	if f.cpuprofile == "" {
		return func() {}, nil
	}
	fh, err := os.Create(f.cpuprofile)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(fh); err != nil {
		fh.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		if err := fh.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "cpuprofile:", err)
		}
	}, nil
}

func (f *runFlags) register(fs *flag.FlagSet, duration time.Duration) {
	fs.StringVar(&f.workload, "workload", "matmul", "workload: matmul[-nN], inference[-rREPS][-bBATCH], or a model bundle: resnet18, bert (examples/NAME/b1; NAME-bB for examples/NAME/bB), bundle:DIR (any bundle; a server given by --url needs --data-dir and a --max-body-bytes above its weights)")
	fs.DurationVar(&f.duration, "duration", duration, "length of each measured run")
	fs.DurationVar(&f.warmup, "warmup", time.Second, "unrecorded warm-up at the same rate before each run (hot requests only)")
	fs.BoolVar(&f.poisson, "poisson", false, "space requests by exponential gaps (Poisson arrivals) instead of constantly")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the Poisson gaps")
	fs.Float64Var(&f.hotPercent, "hot-percent", 100, "share of hot requests; the others go to copies of the function the server has never loaded")
	fs.DurationVar(&f.timeout, "timeout", 10*time.Second, "request timeout from the intended send time; a late answer is an error")
	fs.DurationVar(&f.serverTimeout, "server-timeout", 0, "if set, sent as X-Gpufn-Timeout (how long the server waits for each invocation before answering 504; it kills nothing)")
	fs.IntVar(&f.maxInFlight, "max-inflight", 10000, "most requests in flight (= connections); a request beyond is not sent and counts as an error")
	fs.IntVar(&f.distinct, "distinct", 8, "distinct inputs rotated through (each answer is checked against its reference output)")
	fs.BoolVar(&f.msgpack, "msgpack", false, "ask for msgpack answers instead of the raw output (Accept: application/octet-stream), and send a model of one input a msgpack map of it instead of its raw bytes")
	fs.StringVar(&f.progress, "progress", "auto", "progress line on stderr: auto (in place on a terminal, a line every 5 s otherwise), on, lines, off")
	fs.StringVar(&f.machine, "machine", "", "machine label in the results (default: the host name)")
	fs.StringVar(&f.out, "out", "", "directory for JSON, CSV and plots (run/sweep: optional)")
	fs.StringVar(&f.name, "name", "", "base name of the result files (default: the workload's name)")
	fs.DurationVar(&f.schedSpin, "sched-spin", 0, "how long before each send time the scheduler spins instead of sleeping (0: the smaller of 2 ms and a quarter of the gap between sends)")
	fs.BoolVar(&f.keep, "keep", false, "leave the functions and libraries the bench registered on the server (default: delete them at the end)")
	fs.IntVar(&f.placements, "placements", 3, "bundle workloads: placements of a copy of the weight set timed when the bundle is deployed (0: none)")
	fs.IntVar(&f.parallel, "parallel", 16, "uploads and registrations of function copies (cold copies, the dandelion workload) in flight at once")
	f.client.register(fs)
}

func (f *runFlags) runConfig() (load.RunConfig, load.WorkloadSpec, error) {
	spec, err := load.ParseWorkload(f.workload)
	if err != nil {
		return load.RunConfig{}, spec, err
	}
	if f.hotPercent < 0 || f.hotPercent > 100 {
		return load.RunConfig{}, spec, fmt.Errorf("--hot-percent %g: want 0 to 100", f.hotPercent)
	}
	if f.schedSpin < 0 {
		return load.RunConfig{}, spec, errors.New("--sched-spin wants a duration >= 0")
	}
	if err := f.client.validate(); err != nil {
		return load.RunConfig{}, spec, err
	}
	rc := load.RunConfig{Workload: spec.Name(), Duration: f.duration, Warmup: f.warmup, Poisson: f.poisson, Seed: f.seed,
		Timeout: f.timeout, ColdPercent: 100 - f.hotPercent, MaxInFlight: f.maxInFlight, ServerTimeout: f.serverTimeout,
		SchedSpin: f.schedSpin}
	switch f.progress {
	case "off":
	case "on":
		rc.Progress = os.Stderr
	case "lines":
		rc.Progress, rc.ProgressLines = os.Stderr, true
	case "auto":
		rc.Progress = os.Stderr
		if fi, err := os.Stderr.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			rc.ProgressLines, rc.ProgressEvery = true, 5*time.Second
		}
	default:
		return rc, spec, fmt.Errorf("--progress %q: want auto, on, lines or off", f.progress)
	}
	if f.name == "" {
		f.name = spec.Name()
	}
	return rc, spec, nil
}

func (f *runFlags) workloadOptions() load.WorkloadOptions {
	placements := f.placements
	if placements <= 0 {
		placements = -1 // none
	}
	return load.WorkloadOptions{Distinct: f.distinct, Msgpack: f.msgpack, Keep: f.keep, Parallel: f.parallel, Placements: placements}
}

// sweepFlags are the flags of a sweep and of the holding rule.
type sweepFlags struct {
	mode         string
	start, step  float64
	fine         int
	maxRate      float64
	precision    float64
	settle       time.Duration
	maxRuns      int
	confirm      int
	maxErrorRate float64
	minAchieved  float64
	sloP99       time.Duration
	p99Factor    float64
	maxGrowth    float64
	figure       int
}

func (f *sweepFlags) register(fs *flag.FlagSet, mode string) {
	fs.StringVar(&f.mode, "sweep", mode, "sweep: step (coarse steps, then fine ones from the last rate that held), adaptive (double, then bisect) or none")
	fs.Float64Var(&f.start, "start", 100, "first rate of the sweep (requests/s)")
	fs.Float64Var(&f.step, "step", 0, "coarse step of a step sweep (default: --start)")
	fs.IntVar(&f.fine, "fine", 4, "a step sweep's fine step is --step divided by this")
	fs.Float64Var(&f.maxRate, "max-rate", 1e6, "highest rate tried")
	fs.Float64Var(&f.precision, "precision", 0.05, "an adaptive sweep bisects until (failed - held) / held is below this")
	fs.DurationVar(&f.settle, "settle", time.Second, "pause between the runs of a sweep")
	fs.IntVar(&f.maxRuns, "max-runs", 40, "most runs in one sweep")
	fs.IntVar(&f.confirm, "confirm", 1, "run a rate that failed again this many times before taking it as failed (a rate holds if any run holds; 0: one run decides)")
	fs.Float64Var(&f.maxErrorRate, "max-error-rate", 0.01, "a rate holds only while errors / requests stays below this")
	fs.Float64Var(&f.minAchieved, "min-achieved", 0.9, "a rate holds only if achieved >= this x offered (0: error rule only)")
	fs.DurationVar(&f.sloP99, "slo-p99", 0, "a rate holds only if its p99 is at most this (0: --p99-factor x the system's own low-load p99)")
	fs.Float64Var(&f.p99Factor, "p99-factor", 10, "without --slo-p99, a rate holds only if its p99 is at most this x the system's low-load p99 (0: no latency bound)")
	fs.Float64Var(&f.maxGrowth, "max-growth", 2, "a rate holds only if the p50 of the last third of its run is at most this x that of the first third: no growing queue (0: off)")
	fs.IntVar(&f.figure, "figure-points", 0, "after the search, run this many evenly spaced rates up to the highest that held, for the plots (0: none)")
}

func (f *sweepFlags) config() sweep.Config {
	mode := f.mode
	return sweep.Config{Mode: mode, Start: f.start, Step: f.step, FineSteps: f.fine, Max: f.maxRate, Precision: f.precision,
		Settle: f.settle, MaxRuns: f.maxRuns, Confirm: f.confirm, FigurePoints: f.figure, Rule: f.rule()}
}

// rule is the holding rule of the flags (its p99 bound is made per system: Rule.ForSystem).
func (f *sweepFlags) rule() load.Rule {
	return load.Rule{MaxErrorRate: f.maxErrorRate, MinAchieved: f.minAchieved, SLOP99: float64(f.sloP99) / 1e6,
		P99Factor: f.p99Factor, MaxGrowth: f.maxGrowth}
}

func defaultURL() string {
	if u := os.Getenv("GPUFN_URL"); u != "" {
		return u
	}
	return "http://127.0.0.1:8080"
}

// cmdRun is `bench run` (one rate) and `bench sweep`.
func cmdRun(ctx context.Context, args []string, sweeping bool) error {
	verb := map[bool]string{false: "run", true: "sweep"}[sweeping]
	fs := flag.NewFlagSet("gpufn bench "+verb, flag.ContinueOnError)
	var rf runFlags
	var sf sweepFlags
	url := fs.String("url", defaultURL(), "gpufn server (or the baseline, with --register=false)")
	register := fs.Bool("register", true, "upload the example library and register the bench's function (false: invoke the example function by its own name, as a server started with --examples, or the baseline, has it)")
	system := fs.String("system", "server", "system label in the results")
	rate := fs.Float64("rate", 100, "offered rate, requests per second (run)")
	rf.register(fs, map[bool]time.Duration{false: 10 * time.Second, true: 5 * time.Second}[sweeping])
	sf.register(fs, sweep.Step)
	lowRate := fs.Float64("low-rate", 25, "sweep: rate of a low-load point measured first, whose p99 makes the p99 bound (negative: none)")
	lowDur := fs.Duration("low-duration", 4*time.Second, "sweep: length of the low-load run")
	batching := batchingFlag(fs) // batching.go
	if err := parse(fs, args); err != nil {
		return err
	}
	rc, spec, err := rf.runConfig()
	if err != nil {
		return err
	}
	rc.System = *system
	stopProfile, err := rf.client.startProfile()
	if err != nil {
		return err
	}
	defer stopProfile()
	c, err := load.NewClient(*url, rf.client.options(rf.maxInFlight, rf.timeout))
	if err != nil {
		return err
	}
	defer c.CloseIdle()
	wo := rf.workloadOptions()
	wo.Register = *register
	w, err := load.PrepareWorkload(c, spec, wo)
	if err != nil {
		return err
	}
	defer func() {
		if err := w.Cleanup(); err != nil {
			fmt.Fprintln(os.Stderr, "cleanup:", err)
		}
	}()
	unbatch, err := applyBatching(w, *batching)
	if err != nil {
		return err
	}
	defer unbatch()
	rule := sf.rule().ForSystem(0)
	measure := func(ctx context.Context, rate float64) (*load.RateResult, error) {
		r := rc
		r.Rate = rate
		if r.ColdPercent > 0 {
			if err := w.PrepareCold(int(rate*r.Duration.Seconds()*r.ColdPercent/100*1.1) + 5); err != nil {
				return nil, err
			}
		}
		return load.RunWithEvents(ctx, c, w, r)
	}
	sr := &report.SystemResult{Name: *system, Desc: "server at " + c.Base, Model: w.Model}
	if w.Model != nil {
		fmt.Fprintln(os.Stderr, report.ModelLine(*system, w.Model))
	}
	res := &report.Results{Kind: report.KindResults, Version: 1, Created: time.Now().UTC(), Machine: load.ThisMachine(rf.machine), Workload: spec.Name(),
		Method: report.Method{Sweep: "fixed", DurationS: rc.Duration.Seconds(), WarmupS: rc.Warmup.Seconds(), TimeoutS: rc.Timeout.Seconds(),
			Poisson: rc.Poisson, ColdPercent: rc.ColdPercent, Rule: rule}, Systems: []*report.SystemResult{sr}}
	if !sweeping {
		r, err := measure(ctx, *rate)
		if err != nil {
			return err
		}
		r.Phase = "fixed"
		rule.Judge(r)
		sr.Steps, sr.Rule = []*load.RateResult{r}, &rule
		if r.Holds {
			sr.MaxHolding = r.Offered
		}
		fmt.Println(runLine(r))
		printStages(os.Stdout, r)
	} else {
		res.Method.Sweep, res.Method.LowRate = sf.mode, max(*lowRate, 0)
		sw := sf.config()
		if *lowRate > 0 {
			low := rc
			low.Duration = *lowDur
			lr, err := func() (*load.RateResult, error) {
				r := low
				r.Rate, r.ColdPercent = *lowRate, 0
				return load.RunWithEvents(ctx, c, w, r)
			}()
			if err != nil {
				return err
			}
			lr.Phase = "low"
			lr.Holds = sw.Rule.OldHolds(lr)
			sr.LowLoad = lr
			fmt.Println(runLine(lr))
			sw.Rule = sw.Rule.ForSystem(lr.Latency.P99)
		} else {
			sw.Rule = sw.Rule.ForSystem(0)
		}
		sr.Rule = &sw.Rule
		out, err := sweep.Run(ctx, sw, measure, func(r *load.RateResult) { fmt.Println(runLine(r)) })
		if out != nil {
			sr.Steps, sr.MaxHolding, sr.Capped = out.Steps, out.MaxHolding, out.Capped
		}
		if err != nil {
			sr.Error = err.Error()
		}
		fmt.Printf("highest rate that held: %s\n", sr.HoldingText())
		if err != nil {
			defer fmt.Fprintln(os.Stderr, "sweep:", err)
		}
	}
	if rf.out != "" {
		if err := saveWithPlot(rf.out, rf.name, res); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// saveWithPlot writes DIR/NAME.json, .csv and the latency plots (-latency.svg, .png).
func saveWithPlot(dir, name string, res *report.Results) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := report.SaveResults(dir, name, res); err != nil {
		return err
	}
	if _, err := report.PlotLatency(res, filepath.Join(dir, name+"-latency"), report.PlotOptions{}); err != nil {
		fmt.Fprintln(os.Stderr, "plot:", err)
	}
	fmt.Println("results:", filepath.Join(dir, name+".json"))
	return nil
}

// printStages prints the server's per-stage breakdown of a run.
func printStages(w io.Writer, r *load.RateResult) {
	if len(r.Stages) == 0 {
		return
	}
	fmt.Fprint(w, "server stages (mean / p50 ms):")
	for _, n := range load.StageNames(r.Stages) {
		st := r.Stages[n]
		fmt.Fprintf(w, " %s %.3f/%.3f", n, st.Mean, st.P50)
	}
	fmt.Fprintln(w)
}

func cmdFloor(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("gpufn bench floor", flag.ContinueOnError)
	workloads := fs.String("workloads", "matmul,inference-r1", "workloads whose payload sizes are measured (a 64-byte point is always added)")
	iters := fs.Int("iterations", 5000, "serial round trips per payload (after a tenth as many unrecorded)")
	conns := fs.Int("conns", 64, "connections of the closed-loop throughput run")
	d := fs.Duration("duration", 2*time.Second, "length of the closed-loop run (negative: skip it)")
	rate := fs.Float64("rate", 25, "rate of the open-loop run, the low-load floor (negative: skip it)")
	rateDur := fs.Duration("rate-duration", 4*time.Second, "length of the open-loop run")
	out := fs.String("out", "", "directory for floor.json")
	machine := fs.String("machine", "", "machine label (default: the host name)")
	url := fs.String("url", "", "an echo server already running (gpufn bench echo-server) instead of one the floor starts")
	serverCPUs := fs.String("server-cpus", "", "run the echo server as a process of its own pinned to these CPUs (taskset list), as compare pins the servers; the closed loop then measures the client alone")
	process := fs.Bool("echo-process", false, "run the echo server as a process of its own even without --server-cpus (default: in the bench's process, sharing its CPUs)")
	gpufn := fs.String("gpufn", "", "gpufn binary that serves the echo server process (default: this executable)")
	var cf clientFlags
	cf.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := cf.validate(); err != nil {
		return err
	}
	stopProfile, err := cf.startProfile()
	if err != nil {
		return err
	}
	defer stopProfile()
	var echo *proc.ServerSpec
	if *url == "" && (*serverCPUs != "" || *process) {
		spec, err := sweep.SystemOptions{GPUfn: *gpufn, CPUs: *serverCPUs}.EchoServer()
		if err != nil {
			return err
		}
		echo = &spec
	}
	var specs []load.WorkloadSpec
	for _, s := range splitList(*workloads) {
		spec, err := load.ParseWorkload(s)
		if err != nil {
			return err
		}
		specs = append(specs, spec)
	}
	res, err := floor.Measure(ctx, floor.Config{Workloads: specs, Iterations: *iters, Conns: *conns, Duration: *d,
		Rate: *rate, RateDuration: *rateDur, Client: cf.options(0, 0), URL: *url, Server: echo, Log: os.Stdout})
	if err != nil {
		return err
	}
	res.Machine = load.ThisMachine(*machine)
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			return err
		}
		return report.WriteJSON(filepath.Join(*out, "floor.json"), res)
	}
	return nil
}

func cmdCompare(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("gpufn bench compare", flag.ContinueOnError)
	var rf runFlags
	var sf sweepFlags
	rf.register(fs, 5*time.Second)
	sf.register(fs, sweep.Adaptive)
	systems := fs.String("systems", strings.Join(sweep.DefaultSystems, ","), "systems to measure, in order: seq, cN-mps, cN-nomps, cpu, baseline")
	var so sweep.SystemOptions
	fs.StringVar(&so.GPUfn, "gpufn", "", "gpufn binary (default: this executable)")
	fs.StringVar(&so.Baseline, "baseline", "", "gpufn-baseline binary (default: gpufn-baseline beside the gpufn binary)")
	fs.StringVar(&so.Device, "device", "auto", "device of the servers (all but the cpu system): auto, cuda or cpu")
	fs.IntVar(&so.CPUWorkers, "cpu-workers", 8, "workers of the cpu system")
	fs.StringVar(&so.CPUs, "server-cpus", "", "pin the servers to these CPUs (taskset list, e.g. 0-11); pin the bench itself to others with taskset")
	fs.Var((*listFlag)(&so.ServerArgs), "server-arg", "extra argument for every gpufn serve (repeatable)")
	fs.Var((*listFlag)(&so.BaselineArgs), "baseline-arg", "extra argument for every gpufn-baseline (repeatable)")
	lowRate := fs.Float64("low-rate", 25, "rate of the low-load point measured first on each system (negative: none)")
	lowDur := fs.Duration("low-duration", 4*time.Second, "length of the low-load run")
	lowSpin := fs.Duration("low-spin-wait", -1, "--spin-wait for the low-load point only (default: --spin-wait)")
	ready := fs.Duration("ready-timeout", time.Minute, "how long a server may take to become ready")
	closed := fs.Int("closed-loop", 0, "after each system's sweep, a closed loop of this many connections for --duration, and the same against the HTTP echo server once (0: none)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if rf.out == "" {
		return errors.New("--out DIR is required")
	}
	rc, spec, err := rf.runConfig()
	if err != nil {
		return err
	}
	if *lowSpin < 0 {
		*lowSpin = rf.client.spinWait
	} else if err := checkHTTPClient(rf.client.httpClient, *lowSpin, "--low-spin-wait"); err != nil {
		return err
	}
	stopProfile, err := rf.client.startProfile()
	if err != nil {
		return err
	}
	defer stopProfile()
	sw := sf.config()
	res, err := sweep.Compare(ctx, sweep.CompareConfig{Workload: spec, Systems: splitList(*systems), Servers: so, Run: rc, Sweep: sw,
		LowRate: *lowRate, LowDuration: *lowDur, WorkloadOptions: rf.workloadOptions(), Out: rf.out, Name: rf.name,
		Machine: load.ThisMachine(rf.machine), ReadyTimeout: *ready, Log: os.Stdout,
		Client: rf.client.options(rf.maxInFlight, rf.timeout), LowSpinWait: *lowSpin, ClosedConns: *closed, Keep: rf.keep})
	if res != nil {
		fmt.Println("results:", filepath.Join(rf.out, rf.name+".json"))
	}
	return err
}

func cmdReport(args []string) error {
	fs := flag.NewFlagSet("gpufn bench report", flag.ContinueOnError)
	linearY := fs.Bool("linear-y", false, "latency on a linear axis (default: logarithmic)")
	all := fs.Bool("all", false, "plot every run, also those that did not hold")
	rules := fs.Bool("rules", false, "print, per results file, the highest rate held under the rule before 2026-11-27 (errors, achieved rate) beside the one under the current rule (p99 bound, no growing queue), judging the recorded runs again; write nothing")
	var sf sweepFlags
	sf.register(flag.NewFlagSet("rule", flag.ContinueOnError), sweep.Adaptive) // the rule's defaults
	fs.DurationVar(&sf.sloP99, "slo-p99", 0, "with --rules: the p99 bound (default: --p99-factor x each system's low-load p99)")
	fs.Float64Var(&sf.p99Factor, "p99-factor", 10, "with --rules: the p99 bound as a multiple of the low-load p99")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: gpufn bench report [flags] DIR\n\nRedraws DIR/*-latency.svg/.png from DIR's results JSON, writes DIR/summary.md and prints it.")
		fs.PrintDefaults()
	}
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errUsage
	}
	dir := fs.Arg(0)
	d, err := report.LoadDir(dir)
	if err != nil {
		return err
	}
	if len(d.Results) == 0 && d.Floor == nil && d.GPUFloor == nil && len(d.Vegeta) == 0 {
		return fmt.Errorf("%s: no bench JSON files", dir)
	}
	if *rules {
		names := make([]string, 0, len(d.Results))
		for n := range d.Results {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Printf("## %s\n\n%s\n", n, report.RuleTable(d.Results[n], sf.rule()))
		}
		return nil
	}
	if _, err := d.Redraw(report.PlotOptions{LinearY: *linearY, All: *all}); err != nil {
		return err
	}
	s := d.Summary()
	if err := os.WriteFile(filepath.Join(dir, "summary.md"), []byte(s), 0o644); err != nil {
		return err
	}
	fmt.Print(s)
	return nil
}

func cmdVegeta(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("gpufn bench vegeta-check", flag.ContinueOnError)
	var rf runFlags
	rf.client.bothClients = true // the check runs the bench with fasthttp and with net/http
	rf.register(fs, 5*time.Second)
	fs.Lookup("duration").Usage = "each tool's shortest measured time per rate, split over the rounds (see --min-samples)"
	minSamples := fs.Int("min-samples", 2000, "measure each tool at a rate for at least this many requests: max(--duration, N/rate), the extension capped by --max-duration (0: --duration only)")
	maxDur := fs.Duration("max-duration", vegeta.DefaultMaxDuration, "longest time per tool and rate that --min-samples may extend to")
	url := fs.String("url", "", "server to load (default: start --system and stop it afterwards)")
	register := fs.Bool("register", true, "with --url: register the bench's function (false: use the example function)")
	system := fs.String("system", "seq", "system to start when --url is not given (see compare)")
	var so sweep.SystemOptions
	fs.StringVar(&so.GPUfn, "gpufn", "", "gpufn binary (default: this executable)")
	fs.StringVar(&so.Baseline, "baseline", "", "gpufn-baseline binary")
	fs.StringVar(&so.Device, "device", "auto", "device of a started server")
	fs.StringVar(&so.CPUs, "server-cpus", "", "pin a started server to these CPUs (taskset list)")
	fs.Var((*listFlag)(&so.ServerArgs), "server-arg", "extra argument for gpufn serve (repeatable)")
	vegetaBin := fs.String("vegeta", "", "vegeta binary (default: vegeta on PATH, else beside this executable)")
	rates := fs.String("rates", "100,1000,5000", "rates to compare at, requests/s")
	tol := fs.Float64("tolerance", 0.10, "allowed relative difference of p50 and p99")
	var vegetaEnv []string
	fs.Var((*listFlag)(&vegetaEnv), "vegeta-env", "KEY=VALUE added to vegeta's environment (repeatable), e.g. GOGC=400")
	var vegetaArgs []string
	fs.Var((*listFlag)(&vegetaArgs), "vegeta-arg", "option of vegeta attack (repeatable; replaces the defaults "+strings.Join(vegeta.DefaultArgs, " ")+")")
	echo := fs.Bool("echo", true, "also run the bench (both clients) and vegeta against an echo server (started as gpufn bench echo-server, pinned like the servers) to measure each tool's own round-trip cost")
	rounds := fs.Int("rounds", 3, "interleaved rounds per rate (bench with fasthttp, bench with net/http, vegeta, bench with net/http on vegeta's send times, bench, ...), each a --rounds-th of the rate's time")
	replay := fs.Bool("replay", true, "in each round, also run the bench with net/http on vegeta's own send times (read from its results): the same load as vegeta offered, irregular gaps included")
	replayOnly := fs.Bool("replay-only", false, "run the bench only on vegeta's send times, not on its own constant schedule: half the time per rate, for many samples at low rates")
	if err := parse(fs, args); err != nil {
		return err
	}
	rc, spec, err := rf.runConfig()
	if err != nil {
		return err
	}
	if *minSamples < 0 || *maxDur <= 0 {
		return errors.New("--min-samples wants a count >= 0, --max-duration a duration > 0")
	}
	vpath := *vegetaBin
	if vpath == "" {
		vpath = findVegeta()
	}
	if vpath == "" {
		return errors.New("vegeta not found on PATH or beside this executable; install it with:\n  " + vegeta.Install)
	}
	var rs []float64
	for _, s := range splitList(*rates) {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || v <= 0 {
			return fmt.Errorf("--rates: bad rate %q", s)
		}
		rs = append(rs, v)
	}
	stopProfile, err := rf.client.startProfile()
	if err != nil {
		return err
	}
	defer stopProfile()
	base, reg := *url, *register
	rc.System = "server"
	if base == "" {
		sspec, err := so.System(*system, spec)
		if err != nil {
			return err
		}
		logPath := ""
		if rf.out != "" {
			logPath = filepath.Join(rf.out, "logs", "vegeta-"+sspec.Name+".log")
		}
		srv, err := proc.StartServer(sspec, logPath, 2*time.Minute)
		if err != nil {
			return err
		}
		defer srv.Stop(30 * time.Second)
		base, reg, rc.System = srv.URL, sspec.Registers, sspec.Name
	}
	c, err := load.NewClient(base, rf.client.options(rf.maxInFlight, rf.timeout))
	if err != nil {
		return err
	}
	w, err := rf.prepare(c, spec, reg)
	if err != nil {
		return err
	}
	defer cleanup(w)
	rc.ColdPercent = 0
	var echoClient *load.Client
	if *echo {
		espec, err := so.EchoServer()
		if err != nil {
			return err
		}
		logPath := ""
		if rf.out != "" {
			logPath = filepath.Join(rf.out, "logs", "vegeta-echo.log")
		}
		esrv, err := proc.StartServer(espec, logPath, time.Minute)
		if err != nil {
			return err
		}
		defer esrv.Stop(10 * time.Second)
		if echoClient, err = load.NewClient(esrv.URL, rf.client.options(rf.maxInFlight, rf.timeout)); err != nil {
			return err
		}
	}
	vc, err := vegeta.RunCheck(ctx, c, w, vegeta.Config{Vegeta: vpath, Rates: rs, Run: rc, Rule: load.Rule{MaxErrorRate: 0.01, MinAchieved: 0.9},
		Tolerance: *tol, Rounds: *rounds, Env: vegetaEnv, AttackArgs: vegetaArgs, Echo: echoClient, Log: os.Stdout,
		MinSamples: *minSamples, MaxDuration: *maxDur, NoReplay: !*replay, ReplayOnly: *replayOnly})
	if vc != nil {
		vc.Machine = load.ThisMachine(rf.machine)
		if rf.out != "" {
			if err := os.MkdirAll(rf.out, 0o755); err != nil {
				return err
			}
			if err := report.WriteJSON(filepath.Join(rf.out, "vegeta-"+spec.Name()+".json"), vc); err != nil {
				return err
			}
		}
	}
	return err
}

// cmdEcho serves floor.EchoHandler until the bench is interrupted or terminated.
func cmdEcho(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("gpufn bench echo-server", flag.ContinueOnError)
	listen := fs.String("listen", "127.0.0.1:8099", "address to serve on")
	maxBytes := fs.Int("max-bytes", 64<<20, "largest answer (?n=)")
	if err := parse(fs, args); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	return floor.ServeEcho(ctx, ln, *maxBytes)
}

// findVegeta looks for vegeta on PATH, then beside this executable.
func findVegeta() string {
	if p, err := exec.LookPath("vegeta"); err == nil {
		return p
	}
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), "vegeta")
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// cmdDandelion is `bench dandelion`: Dandelion's workload (many functions, a hot set that
// gets most requests), an open-loop sweep of the mix, then the all-hot run at the same rates.
func cmdDandelion(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("gpufn bench dandelion", flag.ContinueOnError)
	var rf runFlags
	var sf sweepFlags
	rf.register(fs, 2*time.Second)
	sf.register(fs, sweep.Adaptive)
	fs.Lookup("figure-points").DefValue, sf.figure = "5", 5
	fs.Lookup("hot-percent").Usage = "share of requests to the hot set (the rest spread over the other functions)"
	rf.hotPercent = 97
	fs.Lookup("hot-percent").DefValue = "97"
	functions := fs.Int("functions", 10000, "functions registered, each its own library (copies of the workload's function)")
	hotSet := fs.Int("hot-set", 100, "functions in the hot set")
	lowRate := fs.Float64("low-rate", 25, "rate of the low-load point of the mix, whose p99 makes the p99 bound (negative: none)")
	lowDur := fs.Duration("low-duration", 4*time.Second, "length of the low-load run")
	url := fs.String("url", "", "server to load (default: start --system and stop it afterwards)")
	system := fs.String("system", "c4-mps", "system to start when --url is not given (see compare)")
	var so sweep.SystemOptions
	fs.StringVar(&so.GPUfn, "gpufn", "", "gpufn binary (default: this executable)")
	fs.StringVar(&so.Device, "device", "auto", "device of a started server")
	fs.IntVar(&so.CPUWorkers, "cpu-workers", 8, "workers of the cpu system")
	fs.StringVar(&so.CPUs, "server-cpus", "", "pin a started server to these CPUs (taskset list)")
	fs.Var((*listFlag)(&so.ServerArgs), "server-arg", "extra argument for gpufn serve (repeatable)")
	ready := fs.Duration("ready-timeout", 2*time.Minute, "how long a started server may take to become ready")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := dandelionDefaults(&rf); err != nil {
		return err
	}
	rc, spec, err := rf.runConfig()
	if err != nil {
		return err
	}
	stopProfile, err := rf.client.startProfile()
	if err != nil {
		return err
	}
	defer stopProfile()
	base, name := *url, "server"
	so.ServerArgs = append(so.ServerArgs, sweep.LibraryLimitArgs(*functions+100)...)
	var srvCPU func() (time.Duration, bool)
	var sr0 report.SystemResult
	if base == "" {
		sspec, err := so.System(*system, spec)
		if err != nil {
			return err
		}
		if !sspec.Registers {
			return fmt.Errorf("system %s does not take uploads", *system)
		}
		logPath := ""
		if rf.out != "" {
			logPath = filepath.Join(rf.out, "logs", "dandelion-"+sspec.Name+".log")
		}
		srv, err := proc.StartServer(sspec, logPath, *ready)
		if err != nil {
			return err
		}
		defer srv.Stop(30 * time.Second)
		base, name, srvCPU = srv.URL, sspec.Name, srv.CPU
		sr0.Desc, sr0.Command = sspec.Desc, srv.Cmd
	}
	c, err := load.NewClient(base, rf.client.options(rf.maxInFlight, rf.timeout))
	if err != nil {
		return err
	}
	defer c.CloseIdle()
	w, err := rf.prepare(c, spec, true)
	if err != nil {
		return err
	}
	defer cleanup(w)
	t0 := time.Now()
	fmt.Printf("registering %d functions, %d uploads at a time...\n", *functions, rf.parallel)
	dl, err := load.PrepareDandelion(w, *functions, *hotSet)
	if err != nil {
		return err
	}
	regS := time.Since(t0).Seconds()
	fmt.Printf("registered %d functions in %s (%.0f/s)\n", *functions, human.Secs(regS), float64(*functions)/regS)
	rc.ServerCPU = srvCPU
	res, err := runDandelion(ctx, c, dl, rc, sf.config(), *lowRate, *lowDur, name)
	if res != nil {
		res.Machine, res.Created = load.ThisMachine(rf.machine), time.Now().UTC()
		res.Method.Dandelion = &report.DandelionMethod{Functions: *functions, HotSet: *hotSet, HotPercent: rf.hotPercent, RegisterS: human.Round(regS, 3)}
		res.Systems[0].Desc, res.Systems[0].Command = sr0.Desc, sr0.Command
		if rf.out != "" {
			if err := saveWithPlot(rf.out, rf.name, res); err != nil {
				return err
			}
		}
	}
	return err
}

// dandelionDefaults checks the hot share and names the results "dandelion-WORKLOAD".
func dandelionDefaults(rf *runFlags) error {
	if rf.hotPercent <= 0 || rf.hotPercent >= 100 {
		return fmt.Errorf("--hot-percent %g: want more than 0 and less than 100", rf.hotPercent)
	}
	if rf.name == "" {
		rf.name = "dandelion-" + strings.TrimSpace(rf.workload)
	}
	return nil
}

// runDandelion measures the dandelion mix (a low-load point, the sweep) and the all-hot run
// at every rate the mix ran at after its low-load point. The results have two systems:
// NAME-dandelion and NAME-allhot.
func runDandelion(ctx context.Context, c *load.Client, dl *load.Dandelion, rc load.RunConfig, sw sweep.Config, lowRate float64, lowDur time.Duration, name string) (*report.Results, error) {
	cold := rc.ColdPercent
	mix := &report.SystemResult{Name: name + "-dandelion"}
	hot := &report.SystemResult{Name: name + "-allhot"}
	res := &report.Results{Kind: report.KindResults, Version: 1, Workload: "dandelion-" + rc.Workload,
		Method: report.Method{Sweep: sw.Mode, DurationS: rc.Duration.Seconds(), WarmupS: rc.Warmup.Seconds(), TimeoutS: rc.Timeout.Seconds(),
			Poisson: rc.Poisson, ColdPercent: cold, LowRate: max(lowRate, 0), Rule: sw.Rule}, Systems: []*report.SystemResult{mix, hot}}
	run := func(ctx context.Context, rate, coldPct float64, d time.Duration, system string) (*load.RateResult, error) {
		r := rc
		r.Rate, r.ColdPercent, r.Duration, r.System = rate, coldPct, d, system
		return load.RunWithEvents(ctx, c, dl, r)
	}
	if lowRate > 0 {
		r, err := run(ctx, lowRate, cold, lowDur, mix.Name)
		if err != nil {
			return res, err
		}
		r.Phase = "low"
		r.Holds = sw.Rule.OldHolds(r)
		mix.LowLoad = r
		fmt.Println(report.RunLine(r))
		sw.Rule = sw.Rule.ForSystem(r.Latency.P99)
	} else {
		sw.Rule = sw.Rule.ForSystem(0)
	}
	mix.Rule, hot.Rule = &sw.Rule, &sw.Rule
	out, err := sweep.Run(ctx, sw, func(ctx context.Context, rate float64) (*load.RateResult, error) {
		return run(ctx, rate, cold, rc.Duration, mix.Name)
	}, func(r *load.RateResult) { fmt.Println(report.RunLine(r)) })
	if out != nil {
		mix.Steps, mix.MaxHolding, mix.Capped = out.Steps, out.MaxHolding, out.Capped
	}
	if err != nil {
		mix.Error = err.Error()
		return res, err
	}
	fmt.Printf("%s: highest rate that held: %s\n", mix.Name, mix.HoldingText())
	// The all-hot run at each rate the mix ran at (once each), in increasing order.
	seen := map[float64]bool{}
	var rates []float64
	for _, r := range mix.Steps {
		if !seen[r.Offered] && (r.Holds || r.Phase == "figure") {
			seen[r.Offered] = true
			rates = append(rates, r.Offered)
		}
	}
	sort.Float64s(rates)
	for _, rate := range rates {
		if ctx.Err() != nil {
			break
		}
		if sw.Settle > 0 {
			time.Sleep(sw.Settle)
		}
		r, err := run(ctx, rate, 0, rc.Duration, hot.Name)
		if err != nil {
			hot.Error = err.Error()
			return res, err
		}
		r.Phase = "allhot"
		sw.Rule.Judge(r)
		hot.Steps = append(hot.Steps, r)
		if r.Holds && rate > hot.MaxHolding {
			hot.MaxHolding = rate
		}
		fmt.Println(report.RunLine(r))
	}
	return res, ctx.Err()
}

// prepare makes the workload's inputs and, with register, registers its functions on the
// server (removed again by cleanup unless --keep).
func (rf *runFlags) prepare(c *load.Client, spec load.WorkloadSpec, register bool) (*load.Workload, error) {
	wo := rf.workloadOptions()
	wo.Register = register
	return load.PrepareWorkload(c, spec, wo)
}

// cleanup removes what a workload registered, saying so on stderr when it cannot.
func cleanup(w *load.Workload) {
	if err := w.Cleanup(); err != nil {
		fmt.Fprintln(os.Stderr, "cleanup:", err)
	}
}
