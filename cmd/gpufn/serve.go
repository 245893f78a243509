package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"gpufn/auth"
	"gpufn/dispatcher"
	"gpufn/engine"
	"gpufn/examples"
	"gpufn/frontend"
	"gpufn/gpu"
	"gpufn/mps"
	"gpufn/store"
	"gpufn/worker"
)

type serveFlags struct {
	listen        string
	device        string
	gpus          string
	engineMode    string
	workers       int
	poolSize      byteSize
	contextSize   byteSize
	queueDepth    int
	parkPipelined string
	poll          string
	graphs        bool
	pipeline      bool
	inline        bool
	watch         bool
	spinFor       time.Duration
	timeout       time.Duration
	maxBody       byteSize
	maxLibrary    byteSize
	launchLimit   uint64
	examples      bool
	logLevel      string
	cpuDevices    int
	cpuMemory     byteSize
	drainTimeout  time.Duration
	startTimeout  time.Duration
	allowHMM      bool
	workerLogging string
	mps           string
	runtimeDir    string
	faultDomain   string
	tokens        string
	dataDir       string
	maxLibs       int
	maxFns        int
	maxBuffers    int
	maxInvMem     byteSize
	tenantShare   float64
	maxConns      int
	maxConnsPerIP int
	headerTimeout time.Duration
	readTimeout   time.Duration
	idleTimeout   time.Duration
	writeTimeout  time.Duration
	pprof         bool
}

func serveFlagSet(f *serveFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.StringVar(&f.listen, "listen", "127.0.0.1:8080", "address to serve HTTP on")
	fs.StringVar(&f.device, "device", "auto", "device kind: auto (CUDA, then HIP, then cpu), cuda, hip or cpu")
	fs.StringVar(&f.gpus, "gpus", "all", "GPUs to use: all, or a comma-separated list of ordinals")
	fs.StringVar(&f.engineMode, "engine", "auto", "engine: sequential (one worker owns each GPU), concurrent (--workers share each GPU), or auto (concurrent, and an invocation too big for one worker's share gets the whole GPU; sequential where MPS cannot be had)")
	fs.StringVar(&f.mps, "mps", "auto", "NVIDIA MPS for concurrent workers: auto (join or start a daemon; without one, auto falls back to sequential), on (required), off")
	fs.StringVar(&f.runtimeDir, "runtime-dir", "", "directory for the server's runtime files, such as its MPS daemon's pipes and logs (default: $XDG_RUNTIME_DIR/gpufn-PID or /tmp/gpufn-PID)")
	fs.StringVar(&f.faultDomain, "fault-domain", "auto", "whether one worker's fault takes down the GPU's others: auto (yes under MPS), gpu, worker (testing: gpu emulates MPS's behaviour on any device)")
	fs.IntVar(&f.workers, "workers", 4, "worker processes per GPU in the concurrent engine")
	f.poolSize = 0
	fs.Var(&f.poolSize, "pool-size", "device pool per worker, e.g. 8GiB (0: sequential takes the free memory less a reserve; concurrent divides it by --workers; the cpu device takes 256MiB)")
	f.contextSize = 64 << 20
	fs.Var(&f.contextSize, "context-size", "shared-memory context per worker: the most an invocation's inputs and outputs together may take")
	fs.IntVar(&f.queueDepth, "queue-depth", 0, "invocations queued per GPU before new ones are refused with 429 (default 1024 per worker of the GPU: 1024 for the sequential engine, 4096 for 4 workers)")
	fs.BoolVar(&f.inline, "inline", true, "an invocation that finds a worker idle and nothing queued is run by the goroutine that read its request, without hand-offs to the worker's goroutine and back (lower latency at low load)")
	fs.BoolVar(&f.watch, "prefetch-watch", true, "while a worker's goroutine spins for a reply, it looks at the queue and sends the worker its next invocation at once (with --pipeline)")
	fs.BoolVar(&f.pipeline, "pipeline", true, "give each worker two shared-memory contexts and send it the next queued invocation while it runs one (the server's copies in and out overlap the GPU work)")
	fs.BoolVar(&f.graphs, "graphs", true, "replay a function's repeated launch sequence as one CUDA graph (from its second identical invocation; functions of 8 launches or more)")
	fs.StringVar(&f.poll, "poll", "hybrid", "how idle engine goroutines wait: spin, block, or hybrid (spin --spin-for, then park)")
	fs.DurationVar(&f.spinFor, "spin-for", 50*time.Microsecond, "spin time of the hybrid polling policy")
	fs.StringVar(&f.parkPipelined, "park-pipelined", "auto", "hybrid polling: whether a busy worker's goroutine parks instead of spinning for the reply while the worker has its next request waiting: auto (when 2 x workers per GPU exceed the CPUs), always, or never")
	fs.DurationVar(&f.timeout, "timeout", 30*time.Second, "deadline of an invocation (a request may lower it with X-Gpufn-Timeout); an overrunning worker is killed and the invocation answered 504")
	f.maxBody = 64 << 20
	fs.Var(&f.maxBody, "max-body-bytes", "largest request body")
	f.maxLibrary = 64 << 20
	fs.Var(&f.maxLibrary, "max-library-bytes", "largest library upload")
	fs.Uint64Var(&f.launchLimit, "launch-limit", 10_000_000, "most kernel launches one invocation may make (Repeat counts multiply)")
	fs.BoolVar(&f.examples, "examples", false, "register the example libraries and functions at start (mlops, module; matmul, inference, ...) in tenant default, public; with --data-dir once, never over what the tenant stored")
	fs.StringVar(&f.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	fs.IntVar(&f.cpuDevices, "cpu-devices", 1, "how many devices the cpu device kind offers (to try multi-GPU spreading without GPUs)")
	f.cpuMemory = 1 << 30
	fs.Var(&f.cpuMemory, "cpu-memory", "memory of each cpu device")
	fs.DurationVar(&f.drainTimeout, "drain-timeout", 30*time.Second, "on SIGTERM/SIGINT, how long admitted invocations may take to finish")
	fs.DurationVar(&f.startTimeout, "worker-start-timeout", 60*time.Second, "how long a worker may take to start")
	fs.BoolVar(&f.allowHMM, "allow-hmm", false, "serve even on a host where kernels can read pageable host memory (HMM/ATS); unsafe for untrusted tenants")
	fs.StringVar(&f.workerLogging, "worker-log-level", "", "log level of workers (default: --log-level)")
	fs.StringVar(&f.tokens, "tokens", "", "token file: lines of TENANT TOKEN [admin]; reloaded on SIGHUP (default: none, single-tenant open mode)")
	fs.StringVar(&f.dataDir, "data-dir", "", "directory where libraries and functions are kept across restarts (default: none, registrations live in memory)")
	fs.IntVar(&f.maxLibs, "max-libraries-per-tenant", 100, "libraries one tenant may upload")
	fs.IntVar(&f.maxFns, "max-functions-per-tenant", 1000, "functions one tenant may register")
	fs.IntVar(&f.maxBuffers, "max-buffers", 256, "inputs plus buffers of one function")
	fs.Var(&f.maxInvMem, "max-invocation-memory", "device memory one invocation may use (0: the largest pool)")
	fs.Float64Var(&f.tenantShare, "tenant-queue-share", 0.5, "fraction of a GPU's queue one tenant's invocations may fill (with --tokens; 1: no bound)")
	fs.IntVar(&f.maxConns, "max-connections", 16384, "client connections open at once, idle keep-alive ones included; a connection beyond is answered 503 and closed")
	fs.IntVar(&f.maxConnsPerIP, "max-connections-per-ip", 4096, "connections open at once from one client (an IPv4 address or an IPv6 /64); one more is answered 429 and closed (0: no bound, e.g. behind a reverse proxy)")
	fs.DurationVar(&f.headerTimeout, "header-timeout", 10*time.Second, "how long a request's line and header may take to arrive, from the connection's start or a kept-alive connection's next request; a silent client loses its connection then")
	fs.DurationVar(&f.readTimeout, "read-timeout", 60*time.Second, "how long a request's body may take to arrive after its header")
	fs.DurationVar(&f.idleTimeout, "idle-timeout", 30*time.Second, "how long a kept-alive connection may wait for its next request")
	fs.DurationVar(&f.writeTimeout, "write-timeout", 30*time.Second, "how long writing one answer may take; a client that does not read its answer loses its connection then")
	fs.BoolVar(&f.pprof, "pprof", false, "serve Go profiles at /debug/pprof/ to admin callers (for diagnosing the server; a CPU profile slows it while it runs)")
	return fs
}

func serve(args []string) int {
	var f serveFlags
	fs := serveFlagSet(&f)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	log, err := newLogger(f.logLevel)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gpufn serve:", err)
		return 2
	}
	defer log.Sync()
	if err := runServer(&f, log); err != nil {
		log.Error("gpufn serve failed", zap.Error(err))
		return 1
	}
	return 0
}

func newLogger(level string) (*zap.Logger, error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, fmt.Errorf("--log-level: %w", err)
	}
	cfg := zap.NewProductionConfig()
	cfg.Level = zap.NewAtomicLevelAt(lvl)
	cfg.Encoding = "console"
	cfg.EncoderConfig = zap.NewDevelopmentEncoderConfig()
	cfg.DisableStacktrace = true
	cfg.Sampling = nil
	return cfg.Build()
}

func runServer(f *serveFlags, log *zap.Logger) error {
	tokens, err := auth.Load(f.tokens)
	if err != nil {
		return err
	}
	if tokens.Open() {
		log.Warn("no --tokens: single-tenant open mode, every request acts as the admin of tenant \"default\"")
	} else {
		log.Info("tokens loaded", zap.String("file", f.tokens), zap.Int("tokens", tokens.Len()))
	}
	var st *store.Store
	if f.dataDir != "" {
		// An entry holds a library, or a function's config (at most 1 MiB) and access settings (a body).
		if st, err = store.Open(f.dataDir, store.Config{Log: log, MaxEntryBytes: int64(max(f.maxLibrary, f.maxBody)) + 2<<20}); err != nil {
			return err
		}
		defer st.Close()
	}
	mode := engine.Mode(f.engineMode)
	if mode != engine.Sequential && mode != engine.Concurrent && mode != engine.Auto {
		return fmt.Errorf("--engine %q: use sequential, concurrent or auto", f.engineMode)
	}
	if f.mps != "auto" && f.mps != "on" && f.mps != "off" {
		return fmt.Errorf("--mps %q: use auto, on or off", f.mps)
	}
	if f.faultDomain != "auto" && f.faultDomain != "gpu" && f.faultDomain != "worker" {
		return fmt.Errorf("--fault-domain %q: use auto, gpu or worker", f.faultDomain)
	}
	park, err := engine.ParsePark(f.parkPipelined)
	if err != nil {
		return fmt.Errorf("--park-pipelined: %w", err)
	}
	if f.queueDepth < 0 {
		return fmt.Errorf("--queue-depth %d: want a count of invocations (0: 1024 per worker)", f.queueDepth)
	}
	policy, err := engine.ParsePolicy(f.poll)
	share := f.tenantShare
	if tokens.Open() {
		share = 1
	}
	if err != nil {
		return fmt.Errorf("--poll: %w", err)
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	workerLevel := f.workerLogging
	if workerLevel == "" {
		workerLevel = f.logLevel
	}
	env := []string{
		"GPUFN_CPU_DEVICES=" + strconv.Itoa(f.cpuDevices),
		"GPUFN_CPU_MEMORY=" + strconv.FormatUint(uint64(f.cpuMemory), 10),
	}

	// Device discovery happens in a worker: no device call in the server process.
	infos, err := worker.Probe(worker.StartOptions{Binary: exe, Args: []string{"worker"}, Device: f.device, Env: env, Log: log, LogLevel: workerLevel, StartTimeout: f.startTimeout})
	if err != nil {
		return fmt.Errorf("probing devices: %w", err)
	}
	if len(infos) == 0 {
		return fmt.Errorf("no %s device found", f.device)
	}
	kind := infos[0].Kind
	for _, in := range infos {
		if in.PageableMemoryAccess && !f.allowHMM {
			return fmt.Errorf("%s device %d (%s) can read pageable host memory (HMM/ATS): a kernel could read what a worker's heap still holds of other tenants' requests; refusing to serve (--allow-hmm overrides, for trusted tenants only)", in.Kind, in.Ordinal, in.Name)
		}
	}
	selected, err := selectGPUs(f.gpus, infos)
	if err != nil {
		return err
	}

	// MPS: concurrent workers on NVIDIA only pay off under it (GPU-FACTS.md).
	var daemon *mps.Daemon
	if kind == "cuda" && mode != engine.Sequential && f.mps != "off" {
		runtimeDir := f.runtimeDir
		if runtimeDir == "" {
			base := os.Getenv("XDG_RUNTIME_DIR")
			if base == "" {
				base = os.TempDir()
			}
			runtimeDir = filepath.Join(base, fmt.Sprintf("gpufn-%d", os.Getpid()))
		}
		daemon, err = mps.Start(runtimeDir)
		switch {
		case err == nil && daemon.Started:
			log.Info("started an MPS control daemon", zap.String("pipe_dir", daemon.PipeDir), zap.String("log_dir", daemon.LogDir))
			defer func() {
				t0 := time.Now()
				if err := daemon.Stop(); err != nil {
					log.Warn("stopping the MPS daemon", zap.Error(err))
				}
				log.Info("MPS daemon stopped", zap.Duration("took", time.Since(t0)))
			}()
		case err == nil:
			log.Info("joined a running MPS control daemon", zap.String("pipe_dir", daemon.PipeDir))
		case f.mps == "on":
			return fmt.Errorf("--mps on: %w", err)
		default:
			log.Warn("MPS IS NOT AVAILABLE: without it, several worker processes on one GPU time-slice, and 2-4 of them gave 4x LESS throughput than one on an H100 (GPU-FACTS.md)", zap.Error(err))
			if mode == engine.Auto {
				log.Warn("--engine auto falls back to the sequential engine (one worker per GPU)")
				mode = engine.Sequential
			}
		}
	} else if kind == "cuda" && mode == engine.Concurrent && f.mps == "off" {
		log.Warn("--mps off with the concurrent engine: workers will time-slice the GPU; on an H100, 2-4 processes without MPS gave 4x LESS throughput than one")
	}
	shared := f.faultDomain == "gpu" || (f.faultDomain == "auto" && daemon != nil)

	poolBytes := uint64(f.poolSize)
	if poolBytes == 0 && kind == "cpu" {
		poolBytes = 256 << 20
		if mode != engine.Sequential {
			poolBytes /= uint64(f.workers)
		}
	}
	var engines []*engine.Engine
	for _, in := range selected {
		cfg := engine.Config{
			Device: kind, Ordinal: in.Ordinal, Mode: mode, Workers: f.workers,
			PoolBytes: poolBytes, UsableBytes: usable(in), ContextBytes: int(f.contextSize),
			QueueDepth: f.queueDepth, Policy: policy, SpinFor: f.spinFor, ParkPipelined: park, NoGraphs: !f.graphs, NoPipeline: !f.pipeline, NoInline: !f.inline, NoWatch: !f.watch, Timeout: f.timeout,
			Binary: exe, Args: []string{"worker"}, Env: env, StartTimeout: f.startTimeout,
			LogLevel: workerLevel, Log: log, SharedFaultDomain: shared, TenantShare: share,
		}
		if kind == "cpu" {
			cfg.UsableBytes = uint64(f.cpuMemory) / 2
		} else if mode != engine.Sequential && daemon == nil && cfg.PoolBytes == 0 {
			// Without MPS every worker has a context of its own (about 0.5 GiB) beside its pool.
			const perContext = 768 << 20
			if cfg.UsableBytes > uint64(f.workers+1)*perContext {
				cfg.PoolBytes = (cfg.UsableBytes - uint64(f.workers+1)*perContext) / uint64(f.workers)
			}
		}
		if daemon != nil {
			// Each worker is capped at its share; the whole-GPU worker is not.
			share := cfg.UsableBytes / uint64(f.workers)
			if cfg.PoolBytes == 0 {
				cfg.PoolBytes = share - min(share/2, 1<<30) // the cap holds the context (~0.5 GiB) too
			}
			cfg.Env = append(append([]string(nil), env...), daemon.Env(in.Ordinal, share)...)
			cfg.WholeEnv = append(append([]string(nil), env...), daemon.Env(in.Ordinal, 0)...)
		}
		e, err := engine.New(cfg)
		if err != nil {
			return err
		}
		engines = append(engines, e)
	}
	dcfg := dispatcher.Config{Device: kind, Info: selected[0], MaxLibraryBytes: int(f.maxLibrary), LaunchLimit: f.launchLimit,
		MaxLibraries: f.maxLibs, MaxFunctions: f.maxFns, MaxBuffers: f.maxBuffers, MaxInvocationBytes: uint64(f.maxInvMem),
		Store: st, Log: log}
	if kind == "cpu" {
		dcfg.Kernels = cpuKernels()
	}
	d := dispatcher.New(dcfg, asDispatcherEngines(engines))
	if st != nil {
		libs, fns, problems, err := st.Load()
		if err != nil {
			return err
		}
		for _, p := range problems {
			log.Warn("skipping a stored entry", zap.String("path", p.Path), zap.Error(p.Err))
		}
		for _, err := range d.Restore(libs, fns) {
			log.Warn("skipping a stored registration", zap.Error(err))
		}
		log.Info("registrations restored", zap.String("data_dir", f.dataDir), zap.Int("libraries", len(libs)), zap.Int("functions", len(fns)))
	}
	if f.examples {
		registerExamples(d, log)
	}
	perIP := f.maxConnsPerIP
	if perIP == 0 {
		perIP = -1 // no bound (the frontend's zero is its default)
	}
	srv := frontend.New(frontend.Config{MaxBodyBytes: int(f.maxBody), MaxTimeout: f.timeout, Concurrency: f.maxConns, MaxConnsPerIP: perIP,
		HeaderTimeout: f.headerTimeout, ReadTimeout: f.readTimeout, IdleTimeout: f.idleTimeout, WriteTimeout: f.writeTimeout, Profiling: f.pprof, Log: log}, d, tokens)
	ln, err := net.Listen("tcp", f.listen)
	if err != nil {
		return err
	}
	log.Info("gpufn serving", zap.String("url", "http://"+ln.Addr().String()), zap.String("device", kind),
		zap.Int("gpus", len(selected)), zap.String("engine", string(mode)), zap.Int("workers_per_gpu", engines[0].Config().Workers),
		zap.Bool("mps", daemon != nil), zap.Bool("shared_fault_domain", shared), zap.String("poll", string(policy)), zap.Bool("graphs", f.graphs), zap.Bool("pipeline", f.pipeline), zap.Bool("inline", f.inline))
	if kind == "cpu" {
		log.Warn("serving on the cpu reference device: kernels run as Go reference implementations chosen by name, not the uploaded code")
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()

	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	defer signal.Stop(sigs)
wait:
	for {
		select {
		case sig := <-sigs:
			if sig == syscall.SIGHUP {
				if err := tokens.Reload(); err != nil {
					log.Error("reloading tokens; the previous ones stay in force", zap.Error(err))
				} else {
					log.Info("tokens reloaded", zap.Int("tokens", tokens.Len()))
				}
				continue
			}
			log.Info("shutting down", zap.Stringer("signal", sig), zap.Duration("drain_timeout", f.drainTimeout))
			break wait
		case err := <-serveErr:
			if err != nil {
				return err
			}
			break wait
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), f.drainTimeout)
	defer cancel()
	// Engines first: they answer everything admitted (finished, or draining); then the HTTP
	// server, whose open requests are then all answered.
	// The listener closes, /readyz and new work answer 503 "draining", answers from now on
	// close their connections; the engines finish everything admitted; clients get their
	// answers and the connections close (for up to 2 s); then what is left is closed.
	t0 := time.Now()
	srv.Drain()
	shutErr := d.Shutdown(ctx)
	if shutErr != nil {
		log.Warn("drain incomplete", zap.Error(shutErr))
	}
	log.Info("engines stopped", zap.Duration("took", time.Since(t0)))
	grace := time.Now().Add(2 * time.Second)
	for srv.OpenConnections() > 0 && time.Now().Before(grace) && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
	}
	sctx, cancel2 := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel2()
	if err := srv.ShutdownWithContext(sctx); err != nil {
		log.Warn("closing the last connections", zap.Error(err))
	}
	log.Info("stopped", zap.Duration("took", time.Since(t0)))
	return nil
}

// usable is the device memory a GPU's pools may share: the free memory less a reserve for
// contexts, modules and the driver.
func usable(in gpu.Info) uint64 {
	const reserve = 1 << 30
	if in.FreeMem <= reserve {
		return in.FreeMem / 2
	}
	return in.FreeMem - reserve
}

func selectGPUs(spec string, infos []gpu.Info) ([]gpu.Info, error) {
	if spec == "" || spec == "all" {
		return infos, nil
	}
	var out []gpu.Info
	for _, s := range strings.Split(spec, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 0 || n >= len(infos) {
			return nil, fmt.Errorf("--gpus %q: %q is not one of the %d device ordinals", spec, s, len(infos))
		}
		out = append(out, infos[n])
	}
	return out, nil
}

// registerExamples offers the example libraries and functions to tenant "default" (the
// functions public), once per data directory and never over what the tenant has
// (dispatcher.Seed); what is not registered is a warning.
func registerExamples(d *dispatcher.Dispatcher, log *zap.Logger) {
	var libs []dispatcher.SeedLibrary
	for _, lib := range []string{"mlops", "module"} {
		libs = append(libs, dispatcher.SeedLibrary{Name: lib, Image: examples.MustPTX(lib)})
	}
	var fns []dispatcher.SeedFunction
	for _, fn := range examples.Functions() {
		fns = append(fns, dispatcher.SeedFunction{Name: fn.Name, Config: fn.Config, Public: true})
	}
	for _, err := range d.Seed(auth.DefaultTenant, libs, fns) {
		log.Warn("an example is not registered", zap.Error(err))
	}
}

func asDispatcherEngines(engines []*engine.Engine) []dispatcher.Engine {
	out := make([]dispatcher.Engine, len(engines))
	for i, e := range engines {
		out[i] = e
	}
	return out
}
