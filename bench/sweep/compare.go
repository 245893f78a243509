package sweep

import (
	"context"
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

	"gpufn/bench/load"
	"gpufn/bench/proc"
	"gpufn/bench/report"
)

// DefaultSystems are the systems compare measures by default: gpufn's sequential engine, the
// concurrent engine with 2, 4 and 8 workers with MPS on and off, the cpu device, and the
// dedicated baseline.
var DefaultSystems = []string{"seq", "c2-mps", "c4-mps", "c8-mps", "c2-nomps", "c4-nomps", "c8-nomps", "cpu", "baseline"}

// SystemOptions say how compare starts its servers.
type SystemOptions struct {
	// GPUfn is the gpufn binary (default: this executable, since `gpufn bench` is gpufn).
	GPUfn string
	// Baseline is the gpufn-baseline binary (default: gpufn-baseline beside GPUfn, else on
	// PATH).
	Baseline string
	// Device is the device of every system but "cpu": auto, cuda or cpu (default auto). MPS
	// flags are passed to gpufn unless it is cpu.
	Device string
	// CPUWorkers is the number of workers of the "cpu" system (default 8).
	CPUWorkers int
	// ServerArgs are added to every `gpufn serve`; BaselineArgs to every gpufn-baseline.
	ServerArgs, BaselineArgs []string
	// CPUs, when set (a taskset list such as "0-11"), pins every server (and so its worker
	// processes) to those CPUs, so that it and the load generator (pinned to others with
	// taskset by whoever starts the bench) do not compete for cores.
	CPUs string
}

func (o *SystemOptions) defaults() error {
	if o.GPUfn == "" {
		exe, err := os.Executable()
		if err != nil {
			return err
		}
		o.GPUfn = exe
	}
	if o.Baseline == "" {
		o.Baseline = filepath.Join(filepath.Dir(o.GPUfn), "gpufn-baseline")
	}
	if o.Device == "" {
		o.Device = "auto"
	}
	if o.CPUWorkers <= 0 {
		o.CPUWorkers = 8
	}
	return nil
}

// System returns the server spec of a system name for a workload:
//
//	seq          gpufn serve --engine sequential
//	cN-mps       gpufn serve --engine concurrent --workers N --mps on
//	cN-nomps     gpufn serve --engine concurrent --workers N --mps off
//	cpu          gpufn serve --device cpu --engine concurrent --workers CPUWorkers
//	baseline     gpufn-baseline --workload W (the dedicated single-tenant server)
//	NAME-spin    any gpufn system above with --poll spin
//	NAME-block   any gpufn system above with --poll block
//	NAME-loadspin any gpufn system above with --spin-under-load: the hybrid policy spins
//	             whatever the load, as before 2026-11-28 (session 19)
//	NAME-nopipe  any gpufn system above with --pipeline=false
//	NAME-noinline any gpufn system above with --inline=false
//	NAME-wspin   any gpufn system above with --worker-spin-for 1ms: idle workers spin 1 ms
//	             for the next request (hybrid polling) instead of --spin-for
//	NAME-nopreload any gpufn system above with --preload=false: a function's first invocation on
//	             a worker loads its code (docs/engines.md "Preloading"), as the cold mode
//	             measured before preloading
//	NAME-noconnspin any gpufn system above with --conn-spin-for 0: reads of client connections
//	             park at once when the socket is empty
//	NAME-nostream any gpufn system above with --stream-inputs=false: an invocation's inputs
//	             are copied into the worker's context before its request is sent
//	NAME-noprewake any gpufn system above with --prewake=false: a parked worker is woken by
//	             its invocation's request, not when the request's header comes
//	NAME-nostreambody any gpufn system above with --stream-body=false: an invocation's body
//	             is read whole before it is submitted (its inputs may still be streamed from
//	             the server's memory, -nostream)
//	NAME-nocap   any gpufn system above with --max-connections-per-ip 0: a load generator on one
//	             host is one client to the server's per-client connection cap, which an
//	             open-loop run near saturation (a connection per request in flight) can reach
//	NAME-gpu0    any gpufn system above on GPU 0 alone (--gpus 0): beside NAME, which serves
//	             every GPU of the host, it shows how throughput scales with GPUs
//	NAME@PATH    any gpufn system above served by the gpufn binary at PATH (another build, to
//	             compare two versions in one run; its name gets @ and PATH's base name)
func (o SystemOptions) System(name string, wl load.WorkloadSpec) (proc.ServerSpec, error) {
	spec, err := o.system(name, wl)
	if err != nil || o.CPUs == "" {
		return spec, err
	}
	taskset, err := exec.LookPath("taskset")
	if err != nil {
		return spec, fmt.Errorf("bench: pinning servers to CPUs %s needs taskset: %w", o.CPUs, err)
	}
	spec.Args = append([]string{"-c", o.CPUs, spec.Binary}, spec.Args...)
	spec.Binary = taskset
	spec.Desc += ", CPUs " + o.CPUs
	return spec, nil
}

// EchoServer is the spec of the HTTP floor's echo server as a process of its own (`gpufn
// bench echo-server`), pinned like the servers.
func (o SystemOptions) EchoServer() (proc.ServerSpec, error) {
	if err := o.defaults(); err != nil {
		return proc.ServerSpec{}, err
	}
	o.ServerArgs = nil
	spec := proc.ServerSpec{Name: "echo", Desc: "trivial echo server", Binary: o.GPUfn, Args: []string{"bench", "echo-server"}}
	if o.CPUs == "" {
		return spec, nil
	}
	taskset, err := exec.LookPath("taskset")
	if err != nil {
		return spec, fmt.Errorf("bench: pinning to CPUs %s needs taskset: %w", o.CPUs, err)
	}
	spec.Args = append([]string{"-c", o.CPUs, spec.Binary}, spec.Args...)
	spec.Binary = taskset
	return spec, nil
}

// systemVariants are the suffixes of a gpufn system's name that change one of its settings.
var systemVariants = []struct {
	suffix string
	args   []string
}{
	{"-spin", []string{"--poll", "spin"}},
	{"-block", []string{"--poll", "block"}},
	{"-loadspin", []string{"--spin-under-load"}},
	{"-nopipe", []string{"--pipeline=false"}},
	{"-noinline", []string{"--inline=false"}},
	{"-nocap", []string{"--max-connections-per-ip", "0"}},
	{"-gpu0", []string{"--gpus", "0"}},
	{"-norescue", []string{"--rescue-workers", "0"}},
	{"-wspin", []string{"--worker-spin-for", "1ms"}},
	{"-nopreload", []string{"--preload=false"}},
	{"-noconnspin", []string{"--conn-spin-for", "0"}},
	{"-nostream", []string{"--stream-inputs=false"}},
	{"-noprewake", []string{"--prewake=false"}},
	{"-nostreambody", []string{"--stream-body=false"}},
}

func (o SystemOptions) system(name string, wl load.WorkloadSpec) (proc.ServerSpec, error) {
	if err := o.defaults(); err != nil {
		return proc.ServerSpec{}, err
	}
	// @PATH runs the same system with another gpufn binary.
	if base, bin, ok := strings.Cut(name, "@"); ok {
		spec, err := o.system(base, wl)
		if err != nil {
			return spec, err
		}
		if spec.Binary != o.GPUfn || bin == "" {
			return proc.ServerSpec{}, fmt.Errorf("bench: system %q: only a gpufn system may name another gpufn binary", name)
		}
		spec.Binary = bin
		spec.Name += "@" + filepath.Base(bin)
		spec.Desc += ", binary " + bin
		return spec, nil
	}
	// A suffix runs the same gpufn server with one setting changed.
	for _, v := range systemVariants {
		if base, ok := strings.CutSuffix(name, v.suffix); ok && base != "baseline" {
			spec, err := o.system(base, wl)
			if err != nil {
				return spec, err
			}
			spec.Name += v.suffix
			spec.Desc += ", " + strings.Join(v.args, " ")
			spec.Args = append(spec.Args, v.args...)
			return spec, nil
		}
	}
	serve := func(device string, args ...string) []string {
		a := []string{"serve", "--device", device}
		return append(append(a, args...), o.ServerArgs...)
	}
	switch {
	case name == "seq":
		return proc.ServerSpec{Name: "gpufn-seq", Desc: "gpufn, sequential engine (one worker owns the GPU), device " + o.Device,
			Binary: o.GPUfn, Args: serve(o.Device, "--engine", "sequential"), Registers: true}, nil
	case name == "cpu":
		n := strconv.Itoa(o.CPUWorkers)
		return proc.ServerSpec{Name: "gpufn-cpu", Desc: "gpufn on the cpu device (CPU-only baseline), concurrent engine, " + n + " workers",
			Binary: o.GPUfn, Args: serve("cpu", "--engine", "concurrent", "--workers", n), Registers: true}, nil
	case name == "baseline":
		if wl.Kind == load.KindBundle {
			return proc.ServerSpec{}, fmt.Errorf("bench: the dedicated baseline has no bundle workloads (%s): scripts/torch-baseline.py measures PyTorch instead", wl.Name())
		}
		args := append([]string{"--workload", wl.Name(), "--device", o.Device}, o.BaselineArgs...)
		return proc.ServerSpec{Name: "baseline", Desc: "dedicated single-tenant server: one workload built in, kernels preloaded, pinned staging, no zeroing, no isolation, device " + o.Device,
			Binary: o.Baseline, Args: args}, nil
	case strings.HasPrefix(name, "c"):
		workers, mode, ok := strings.Cut(name[1:], "-")
		n, err := strconv.Atoi(workers)
		if !ok || err != nil || n < 1 || (mode != "mps" && mode != "nomps") {
			break
		}
		args := []string{"--engine", "concurrent", "--workers", workers}
		mps := map[string]string{"mps": "on", "nomps": "off"}[mode]
		if o.Device != "cpu" {
			args = append(args, "--mps", mps)
		}
		return proc.ServerSpec{Name: "gpufn-c" + workers + "-" + mode,
			Desc:   fmt.Sprintf("gpufn, concurrent engine, %d workers, MPS %s, device %s", n, mps, o.Device),
			Binary: o.GPUfn, Args: serve(o.Device, args...), Registers: true}, nil
	}
	return proc.ServerSpec{}, fmt.Errorf("bench: unknown system %q (want seq, cN-mps, cN-nomps, cpu or baseline)", name)
}

// CompareConfig configures Compare.
type CompareConfig struct {
	Workload load.WorkloadSpec
	// Systems by name (see SystemOptions.System; default DefaultSystems).
	Systems []string
	Servers SystemOptions
	// Run is the template of every run (Duration, Warmup, Timeout, Poisson, ColdPercent,
	// MaxInFlight, Progress); Rate is set per run.
	Run load.RunConfig
	// Sweep configures the sweep of each system; Mode None measures only the low-load
	// point.
	Sweep Config
	// LowRate and LowDuration are the low-load point measured first on each system (defaults
	// 25 requests per second for 4 s; LowRate < 0 skips it).
	LowRate     float64
	LowDuration time.Duration
	// Workload options (Distinct, Msgpack); Register is set per system.
	WorkloadOptions load.WorkloadOptions
	// Out is the results directory; Name the results files' base name (default the
	// workload's name): Out/Name.json, Out/Name.csv, Out/Name-latency.svg/.png, and the
	// servers' logs under Out/logs/.
	Out, Name string
	Machine   load.Machine
	// ReadyTimeout bounds a server's start (default 1 minute).
	ReadyTimeout time.Duration
	// Log, when not nil, gets a line per run.
	Log io.Writer
	// Client configures the client of each system (buffer size, spin-waiting); MaxConns and
	// Timeout default to Run's MaxInFlight and Timeout.
	Client load.ClientOptions
	// LowSpinWait is the client's spin budget for the low-load point (see
	// load.Client.SetSpinWait); Client.SpinWait applies to the sweep.
	LowSpinWait time.Duration
	// ClosedConns, when positive, adds a closed-loop run of that many connections for
	// Run.Duration to every system after its sweep (SystemResult.ClosedLoop), and the same
	// closed loop against the HTTP echo server (started as the servers are, with the
	// workload's payloads) once at the start (Results.EchoClosedLoop).
	ClosedConns int
	// Keep leaves the bench's registrations on each server (they go with the server anyway).
	Keep bool
}

// Compare runs the same measurements against each system in turn, starting and stopping its
// server, and writes results, CSV and plots as it goes (a failing system is recorded with its
// error and the others still run).
func Compare(ctx context.Context, cfg CompareConfig) (*report.Results, error) {
	if len(cfg.Systems) == 0 {
		cfg.Systems = DefaultSystems
	}
	if cfg.LowRate == 0 {
		cfg.LowRate = 25
	}
	if cfg.LowDuration <= 0 {
		cfg.LowDuration = 4 * time.Second
	}
	if cfg.ReadyTimeout <= 0 {
		cfg.ReadyTimeout = time.Minute
	}
	if cfg.Name == "" {
		cfg.Name = cfg.Workload.Name()
	}
	if cfg.Out == "" {
		return nil, errors.New("bench: compare needs an output directory")
	}
	if cfg.Client.HTTPClient == load.HTTPClientNet && (cfg.LowSpinWait > 0 || cfg.Client.SpinWait > 0) {
		return nil, errors.New("bench: spin-waiting needs the fasthttp client: net/http's connections cannot poll their sockets")
	}
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return nil, err
	}
	if cfg.Sweep.Mode != None {
		if err := cfg.Sweep.defaults(); err != nil {
			return nil, err
		}
	}
	run := cfg.Run
	if run.Rate == 0 {
		run.Rate = 1 // validated per run; only the defaults matter here
	}
	if err := run.Defaults(); err != nil {
		return nil, err
	}
	res := &report.Results{Kind: report.KindResults, Version: 1, Created: time.Now().UTC(), Machine: cfg.Machine, Workload: cfg.Workload.Name(),
		Method: report.Method{Sweep: cfg.Sweep.Mode, DurationS: run.Duration.Seconds(), WarmupS: run.Warmup.Seconds(),
			TimeoutS: run.Timeout.Seconds(), Poisson: run.Poisson, ColdPercent: run.ColdPercent, LowRate: math.Max(cfg.LowRate, 0),
			Rule: cfg.Sweep.Rule, Device: cfg.Servers.Device, ClosedConns: max(cfg.ClosedConns, 0)}}
	if res.Method.Sweep == "" {
		res.Method.Sweep = Step
	}
	if cfg.ClosedConns > 0 {
		r, err := echoClosedLoop(ctx, &cfg)
		if err != nil {
			if cfg.Log != nil {
				fmt.Fprintln(cfg.Log, "echo closed loop:", err)
			}
		} else {
			res.EchoClosedLoop = r
			if cfg.Log != nil {
				fmt.Fprintln(cfg.Log, report.ClosedLine("echo", r))
			}
		}
	}
	if cfg.Run.ColdPercent > 0 {
		// Every cold request is a library of its own: more than a tenant's default limit
		// (100 libraries) in all but the shortest runs.
		cfg.Servers.ServerArgs = append(append([]string(nil), cfg.Servers.ServerArgs...), LibraryLimitArgs(100000)...)
	}
	for _, name := range cfg.Systems {
		if ctx.Err() != nil {
			break
		}
		sr := compareSystem(ctx, &cfg, name)
		res.Systems = append(res.Systems, sr)
		if err := report.SaveResults(cfg.Out, cfg.Name, res); err != nil {
			return res, err
		}
	}
	if _, err := report.PlotLatency(res, filepath.Join(cfg.Out, cfg.Name+"-latency"), report.PlotOptions{}); err != nil && cfg.Log != nil {
		fmt.Fprintln(cfg.Log, "plot:", err)
	}
	return res, ctx.Err()
}

// compareSystem measures one system: start, register, low-load point, sweep, stop.
func compareSystem(ctx context.Context, cfg *CompareConfig, name string) *report.SystemResult {
	logf := func(format string, args ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format+"\n", args...)
		}
	}
	spec, err := cfg.Servers.System(name, cfg.Workload)
	if err != nil {
		return &report.SystemResult{Name: name, Error: err.Error()}
	}
	sr := &report.SystemResult{Name: spec.Name, Desc: spec.Desc}
	if cfg.Workload.Kind == load.KindBundle && spec.Registers {
		// Weight sets live under a data directory, one per system, removed after it.
		dir, err := os.MkdirTemp("", "gpufn-bench-data-")
		if err != nil {
			sr.Error = err.Error()
			return sr
		}
		defer os.RemoveAll(dir)
		spec.Args = append(spec.Args, load.BundleServerArgs(dir, slices.Contains(spec.Args, "cuda") || slices.Contains(spec.Args, "hip"))...)
	}
	logPath := filepath.Join(cfg.Out, "logs", cfg.Name+"-"+spec.Name+".log")
	logf("== %s: %s", spec.Name, spec.Desc)
	srv, err := proc.StartServer(spec, logPath, cfg.ReadyTimeout)
	if err != nil {
		sr.Error = err.Error()
		logf("%s: %v", spec.Name, err)
		return sr
	}
	sr.Command = srv.Cmd
	defer func() {
		if err := srv.Stop(30 * time.Second); err != nil {
			logf("%s: stopping: %v", spec.Name, err)
			if sr.Error == "" {
				sr.Error = "stopping: " + err.Error()
			}
		}
	}()
	co := cfg.Client
	if co.MaxConns <= 0 {
		co.MaxConns = cfg.Run.MaxInFlight
	}
	if co.Timeout <= 0 {
		co.Timeout = cfg.Run.Timeout
	}
	c, err := load.NewClient(srv.URL, co)
	if err != nil {
		sr.Error = err.Error()
		return sr
	}
	defer c.CloseIdle()
	wo := cfg.WorkloadOptions
	wo.Register, wo.Keep = spec.Registers, cfg.Keep
	w, err := load.PrepareWorkload(c, cfg.Workload, wo)
	if err != nil {
		sr.Error = err.Error()
		logf("%s: %v", spec.Name, err)
		return sr
	}
	if sr.Model = w.Model; w.Model != nil {
		logf("%s", report.ModelLine(spec.Name, w.Model))
	}
	defer func() {
		if err := w.Cleanup(); err != nil {
			logf("%s: cleanup: %v", spec.Name, err)
		}
	}()
	coldPercent := cfg.Run.ColdPercent
	if coldPercent > 0 && !spec.Registers {
		sr.Desc += " (always hot: its kernels are preloaded)"
		coldPercent = 0
	}
	measure := func(ctx context.Context, rate float64, d time.Duration, phase string) (*load.RateResult, error) {
		rc := cfg.Run
		rc.System, rc.Workload, rc.Rate, rc.Duration, rc.ColdPercent = spec.Name, cfg.Workload.Name(), rate, d, coldPercent
		rc.ServerCPU = srv.CPU
		if coldPercent > 0 {
			need := int(math.Ceil(rate*d.Seconds()*coldPercent/100*1.1)) + 5
			if err := w.PrepareCold(need); err != nil {
				return nil, err
			}
		}
		r, err := load.RunWithEvents(ctx, c, w, rc)
		if err != nil {
			return nil, err
		}
		r.Phase = phase
		select {
		case <-srv.Exited():
			return r, fmt.Errorf("the server exited during the run%s", proc.LogTail(logPath))
		default:
		}
		return r, nil
	}
	if cfg.LowRate > 0 {
		c.SetSpinWait(cfg.LowSpinWait)
		r, err := measure(ctx, cfg.LowRate, cfg.LowDuration, "low")
		c.SetSpinWait(cfg.Client.SpinWait)
		if err != nil {
			sr.Error = err.Error()
			logf("%s: %v", spec.Name, err)
			return sr
		}
		r.Holds = cfg.Sweep.Rule.OldHolds(r) // the bound is made from this run
		sr.LowLoad = r
		logf("%s", report.RunLine(r))
	}
	sw := cfg.Sweep
	if sr.LowLoad != nil && sr.LowLoad.OK > 0 {
		sw.Rule = sw.Rule.ForSystem(sr.LowLoad.Latency.P99)
	} else {
		sw.Rule = sw.Rule.ForSystem(0)
	}
	sr.Rule = &sw.Rule
	if cfg.Sweep.Mode != None { // without a sweep, the closed loop below still runs
		out, err := Run(ctx, sw, func(ctx context.Context, rate float64) (*load.RateResult, error) {
			return measure(ctx, rate, cfg.Run.Duration, "")
		}, func(r *load.RateResult) { logf("%s", report.RunLine(r)) })
		if out != nil {
			sr.Steps, sr.MaxHolding, sr.Capped = out.Steps, out.MaxHolding, out.Capped
		}
		if err != nil {
			sr.Error = err.Error()
			logf("%s: %v", spec.Name, err)
		}
		logf("%s: highest rate that held: %s", spec.Name, sr.HoldingText())
	}
	if cfg.ClosedConns > 0 && ctx.Err() == nil {
		rc := cfg.Run
		rc.System, rc.Workload, rc.Duration, rc.ServerCPU = spec.Name, cfg.Workload.Name(), cfg.Run.Duration, srv.CPU
		rc.Progress, rc.OnSample = nil, nil
		warm := rc
		warm.Duration, warm.ServerCPU = cfg.Run.Warmup, nil
		if cfg.ClosedConns == 1 {
			// One connection back to back is the serial latency: the client spins as at low load.
			c.SetSpinWait(cfg.LowSpinWait)
			defer c.SetSpinWait(cfg.Client.SpinWait)
		}
		if warm.Duration > 0 {
			load.ClosedLoop(ctx, c, w, warm, cfg.ClosedConns, 0)
		}
		sr.ClosedLoop = load.ClosedLoop(ctx, c, w, rc, cfg.ClosedConns, 0)
		sr.ClosedLoop.Phase = "closed"
		logf("%s", report.ClosedLine(spec.Name, sr.ClosedLoop))
	}
	return sr
}

// LibraryLimitArgs are the gpufn serve arguments that let one tenant (the bench) register n
// libraries and n functions.
func LibraryLimitArgs(n int) []string {
	return []string{"--max-libraries-per-tenant", strconv.Itoa(n), "--max-functions-per-tenant", strconv.Itoa(n)}
}

// echoClosedLoop measures the HTTP echo floor as compareSystem measures a system's closed
// loop: the echo server started as a process (pinned like the servers), the workload's
// request bodies, answers of the workload's size, the same connections, duration and (with one
// connection) client spin-wait.
func echoClosedLoop(ctx context.Context, cfg *CompareConfig) (*load.RateResult, error) {
	spec, err := cfg.Servers.EchoServer()
	if err != nil {
		return nil, err
	}
	srv, err := proc.StartServer(spec, filepath.Join(cfg.Out, "logs", cfg.Name+"-echo.log"), cfg.ReadyTimeout)
	if err != nil {
		return nil, err
	}
	defer srv.Stop(10 * time.Second)
	co := cfg.Client
	co.MaxConns, co.Timeout = 2*cfg.ClosedConns, cfg.Run.Timeout
	c, err := load.NewClient(srv.URL, co)
	if err != nil {
		return nil, err
	}
	defer c.CloseIdle()
	// As the systems' closed loops: a capacity without spinning, but one connection back to
	// back (the serial floor) spins as the systems' serial loops do, so that the two are alike.
	c.SetSpinWait(0)
	if cfg.ClosedConns == 1 {
		c.SetSpinWait(cfg.LowSpinWait)
	}
	wo := cfg.WorkloadOptions
	wo.Register = false
	w, err := load.PrepareWorkload(c, cfg.Workload, wo)
	if err != nil {
		return nil, err
	}
	n := w.ResponseBytes()
	src := &echoSource{c: load.Call{URI: c.URL("/echo?n=" + strconv.Itoa(n)), Body: w.Bodies()[0], ContentType: "application/msgpack",
		Accept: "application/octet-stream", Check: func(out []byte) error {
			if len(out) != n {
				return fmt.Errorf("echo answer of %d bytes, want %d", len(out), n)
			}
			return nil
		}}}
	rc := cfg.Run
	rc.System, rc.Workload, rc.ServerCPU, rc.Progress, rc.OnSample = "echo", cfg.Workload.Name(), srv.CPU, nil, nil
	warm := rc
	warm.Duration, warm.ServerCPU = cfg.Run.Warmup, nil
	if warm.Duration > 0 {
		load.ClosedLoop(ctx, c, src, warm, cfg.ClosedConns, 0)
	}
	r := load.ClosedLoop(ctx, c, src, rc, cfg.ClosedConns, 0)
	r.Phase = "closed"
	return r, nil
}

// echoSource is a Source of one request.
type echoSource struct{ c load.Call }

func (e *echoSource) Call(int64, bool) (*load.Call, error) { return &e.c, nil }
