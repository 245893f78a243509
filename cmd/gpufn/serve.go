package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"gpufn/auth"
	"gpufn/cluster"
	"gpufn/cmd/gpufn/internal/serveplan"
	"gpufn/dispatcher"
	"gpufn/engine"
	"gpufn/examples"
	"gpufn/frontend"
	"gpufn/gpu"
	"gpufn/mps"
	"gpufn/registry"
	"gpufn/store"
	"gpufn/worker"
)

func serve(args []string) int {
	var f serveFlags
	fs := serveFlagSet(&f)
	if err := fs.Parse(args); err != nil {
		return parseStatus(err)
	}
	log, err := newLogger(f.logLevel, f.logFormat)
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

// newLogger makes the server's logger (loggerConfig), writing to stderr.
func newLogger(level, format string) (*zap.Logger, error) {
	cfg, err := loggerConfig(level, format)
	if err != nil {
		return nil, err
	}
	return cfg.Build()
}

// loggerConfig is the server's log configuration: format console (zap's development encoder:
// time, level, message, then the fields as JSON) or json (zap's production encoder: one JSON
// object a line, with "ts" in ISO 8601); to stderr.
func loggerConfig(level, format string) (zap.Config, error) {
	cfg := zap.NewProductionConfig()
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return cfg, fmt.Errorf("--log-level: %w", err)
	}
	cfg.Level = zap.NewAtomicLevelAt(lvl)
	switch format {
	case "console":
		cfg.Encoding = "console"
		cfg.EncoderConfig = zap.NewDevelopmentEncoderConfig()
	case "json":
		cfg.EncoderConfig.EncodeTime = zapcore.ISO8601TimeEncoder
	default:
		return cfg, fmt.Errorf("--log-format %q: use console or json", format)
	}
	cfg.DisableStacktrace = true
	cfg.Sampling = nil
	return cfg, nil
}

// runServer wires the server: tokens, store, devices, MPS, engines, dispatcher and frontend;
// it serves until a signal or the listener's failure, then drains.
func runServer(f *serveFlags, log *zap.Logger) error {
	tokens, err := loadTokens(f.tokens, log)
	if err != nil {
		return err
	}
	st, err := openStore(f, log)
	if err != nil {
		return err
	}
	if st != nil {
		defer st.Close()
	}
	set, err := validateServeFlags(f)
	if err != nil {
		return err
	}
	node, err := startCluster(f, log)
	if err != nil {
		return err
	}
	if node != nil {
		defer node.Close() // after the drain: the last answers may still forward
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	// Device discovery happens in a worker: no device call in the server process.
	selected, err := probeGPUs(f, worker.StartOptions{Binary: exe, Args: []string{"worker"}, Device: f.device, Env: set.env, Log: log, LogLevel: set.workerLevel, StartTimeout: f.startTimeout})
	if err != nil {
		return err
	}
	kind := selected[0].Kind
	in := serveplan.Input{Device: kind, Mode: set.mode, MPS: f.mps, FaultDomain: f.faultDomain, Workers: f.workers, Rescue: f.rescue,
		PoolBytes: uint64(f.poolSize), ResidentBytes: worker.ResidentBudget(uint64(f.residentBytes)), CPUMemory: uint64(f.cpuMemory), Env: set.env, GPUs: selected}
	// MPS: concurrent workers on NVIDIA only pay off under it (docs/gpu-facts.md).
	daemons, mpsErr := maybeStartMPS(in, f.runtimeDir, log)
	defer stopMPS(daemons, log)
	in.OutsideDir = outsideDir(daemons, f.runtimeDir, log)
	plan, warnings, err := serveplan.Make(in, daemons, mpsErr)
	if err != nil {
		return err
	}
	for _, w := range warnings {
		log.Warn(w.Msg, zap.Error(w.Err))
	}
	joined := plan.MPS && len(daemons) == 1 && !daemons[0].Started // a daemon someone else started: it may have other clients
	base := engineBase(f, set, kind, exe, plan, tokens.Open(), joined, log)
	engines, err := newEngines(base, plan.Engines)
	if err != nil {
		return err
	}
	dcfg := dispatcherConfig(f, kind, selected[0], st, log)
	if cc := newCompiler(kind, exe, selected, plan, set, f, log); cc != nil {
		defer cc.Close()
		log.Info("PTX compiled at upload", zap.Int("compile_workers_per_arch", cc.MaxWorkers()))
		dcfg.Compiler, dcfg.GPUs = cc, selected
	}
	fcfg := frontendConfig(f, log)
	fcfg.ConnSpinWhile = connSpinGate(base)
	clusterWire(node, f, &dcfg, &fcfg)
	d := dispatcher.New(dcfg, asDispatcherEngines(engines))
	if err := populate(d, node, dcfg.Registry, st, f, log); err != nil {
		return err
	}
	if dcfg.Compiler != nil {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go compilePending(ctx, d, log)
	}
	srv := frontend.New(fcfg, d, tokens)
	ln, err := net.Listen("tcp", f.listen)
	if err != nil {
		return err
	}
	logServing(log, ln, kind, len(selected), plan, engines[0].Config().Workers, set, f)
	if kind == "cpu" {
		log.Warn("serving on the cpu reference device: kernels run as Go reference implementations chosen by name, not the uploaded code")
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()

	// Signals are caught until runServer returns: a second SIGTERM does not cut the drain short.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	defer signal.Stop(sigs)
	if err := waitForStop(sigs, serveErr, tokens, f.drainTimeout, log); err != nil {
		return err
	}
	shutdown(srv, d, f.drainTimeout, log)
	return nil
}

// logServing says what the server serves with.
func logServing(log *zap.Logger, ln net.Listener, kind string, gpus int, plan serveplan.Plan, workers int, set serveSettings, f *serveFlags) {
	log.Info("gpufn serving", zap.String("version", version), zap.String("url", "http://"+ln.Addr().String()), zap.String("device", kind),
		zap.Int("gpus", gpus), zap.String("engine", string(plan.Mode)), zap.Int("workers_per_gpu", workers),
		zap.Bool("mps", plan.MPS), zap.Bool("shared_fault_domain", plan.SharedFaultDomain), zap.Int("rescue_workers_per_gpu", plan.Rescue), zap.String("poll", string(set.policy)), zap.Bool("graphs", f.graphs), zap.Bool("copy_ahead", f.copyAhead), zap.Bool("pipeline", f.pipeline), zap.Bool("eager_batches", f.eagerBatches), zap.Bool("inline", f.inline), zap.Bool("stream_inputs", f.streamInputs), zap.Bool("stream_body", f.streamBody), zap.Bool("prewake", f.prewake))
}

// outsideDir makes the directory where no MPS daemon listens, under the runtime directory, for
// the processes that open a GPU outside MPS (rescue and compile workers); "" without MPS, or
// when it cannot be made (then there are no rescue workers, and compile workers are clients).
func outsideDir(daemons []*mps.Daemon, runtimeDir string, log *zap.Logger) string {
	if len(daemons) == 0 {
		return ""
	}
	dir, err := mps.OutsideDir(runtimeDirOr(runtimeDir))
	if err != nil {
		log.Warn("no directory outside MPS: no rescue workers, and compile workers are MPS clients", zap.Error(err))
		return ""
	}
	return dir
}

// runtimeDirOr is dir, or by default $XDG_RUNTIME_DIR/gpufn-PID, else /tmp/gpufn-PID.
func runtimeDirOr(dir string) string {
	if dir != "" {
		return dir
	}
	base := os.Getenv("XDG_RUNTIME_DIR")
	if base == "" {
		base = os.TempDir()
	}
	return filepath.Join(base, fmt.Sprintf("gpufn-%d", os.Getpid()))
}

// maybeStartMPS joins or starts MPS control daemons when the plan's input wants them
// (serveplan.WantMPS); the error says why none could be had.
func maybeStartMPS(in serveplan.Input, runtimeDir string, log *zap.Logger) ([]*mps.Daemon, error) {
	if !serveplan.WantMPS(in) {
		return nil, nil
	}
	return startMPS(in.GPUs, runtimeDir, log)
}

// openStore opens --data-dir, or returns nil without one.
func openStore(f *serveFlags, log *zap.Logger) (*store.Store, error) {
	if f.dataDir == "" {
		return nil, nil
	}
	// An entry holds a library, or a function's config (at most 1 MiB) and access settings (a body).
	return store.Open(f.dataDir, store.Config{Log: log, MaxEntryBytes: int64(max(f.maxLibrary, f.maxBody)) + 2<<20})
}

// connSpin is the frontend's --conn-spin-for under polling policy poll on a host of cpus cores:
// none with block, and none with hybrid on fewer than engine.HybridMinCPUs cores, where a
// spinner starves the processes it waits for (as the engine's own hybrid spinning).
func connSpin(poll engine.Policy, spin time.Duration, cpus int) time.Duration {
	if poll == engine.PolicyBlock || poll == engine.PolicyHybrid && cpus < engine.HybridMinCPUs {
		return 0
	}
	return spin
}

// connSpinGate is the frontend's Config.ConnSpinWhile for engines configured as base: under the
// hybrid policy (unless --spin-under-load) reads of client connections spin only while the
// server is quiet, by the engines' count of slots waiting for results (engine.Waiters); nil
// (no gate) otherwise.
func connSpinGate(base engine.Config) func() bool {
	if base.Policy != engine.PolicyHybrid || base.SpinUnderLoad || base.Waiters == nil {
		return nil
	}
	return base.Waiters.Quiet
}

// frontendConfig is the HTTP server's configuration from the flags.
func frontendConfig(f *serveFlags, log *zap.Logger) frontend.Config {
	perIP := f.maxConnsPerIP
	if perIP == 0 {
		perIP = -1 // no bound (the frontend's zero is its default)
	}
	series := f.metricsSeries
	if series == 0 {
		series = -1 // none (the frontend's zero is its default)
	}
	cfg := frontend.Config{MetricsMaxSeries: series, MaxBodyBytes: int(f.maxBody), MaxTimeout: f.timeout, Concurrency: f.maxConns, MaxConnsPerIP: perIP,
		HeaderTimeout: f.headerTimeout, ReadTimeout: f.readTimeout, IdleTimeout: f.idleTimeout, WriteTimeout: f.writeTimeout, Profiling: f.pprof, Log: log,
		NoStreamBody: !f.streamBody || !f.streamInputs || !f.inline, StreamBodyWait: f.streamBodyWait,
		ConnSpinFor: connSpin(engine.Policy(f.poll), f.connSpinFor, runtime.NumCPU())}
	cfg.Version = version
	if f.accessLog {
		cfg.AccessLog = log.Named("access")
	}
	return cfg
}

// populate registers what the server starts with: the stored registrations, then the examples
// (--examples); in a cluster, what the registry holds.
func populate(d *dispatcher.Dispatcher, node *cluster.Node, reg registry.Registry, st *store.Store, f *serveFlags, log *zap.Logger) error {
	if node != nil {
		return clusterPopulate(node, d, f, log)
	}
	if st != nil {
		if err := restore(reg, st, d, f.dataDir, log); err != nil {
			return err
		}
	}
	if f.examples {
		registerExamples(d, log)
	}
	return nil
}

// loadTokens loads the token file, or none (open mode), and says which.
func loadTokens(file string, log *zap.Logger) (*auth.Tokens, error) {
	tokens, err := auth.Load(file)
	if err != nil {
		return nil, err
	}
	if tokens.Open() {
		log.Warn("no --tokens: single-tenant open mode, every request acts as the admin of tenant \"default\"")
	} else {
		log.Info("tokens loaded", zap.String("file", file), zap.Int("tokens", tokens.Len()))
	}
	return tokens, nil
}

// probe lists the devices through a probing worker (a variable for the tests).
var probe = worker.Probe

// Probes of a GPU that reported no free memory: how many in all, and the first wait between two
// (doubled after each; a variable for the tests).
const probeAttempts = 4

var probeBackoff = 250 * time.Millisecond

// noFreeMemory is the first GPU of infos that reports no free device memory (its driver's
// memory query failed, as right after another process's fault, or others hold all of it), or
// nil. The engines size their pools from the free memory: with none they cannot.
func noFreeMemory(infos []gpu.Info) *gpu.Info {
	for i := range infos {
		if infos[i].Kind != "cpu" && infos[i].FreeMem == 0 {
			return &infos[i]
		}
	}
	return nil
}

// probeGPUs lists the devices through a probing worker, selects those of --gpus (probing again,
// after a wait, while one of them reports no free memory), and refuses to serve on one that can
// read pageable host memory unless --allow-hmm.
func probeGPUs(f *serveFlags, opt worker.StartOptions) ([]gpu.Info, error) {
	var all, infos []gpu.Info
	for attempt, wait := 1, probeBackoff; ; attempt, wait = attempt+1, 2*wait {
		var err error
		if all, err = probe(opt); err != nil {
			return nil, fmt.Errorf("probing devices: %w", err)
		}
		if len(all) == 0 {
			return nil, fmt.Errorf("no %s device found", f.device)
		}
		if infos, err = selectGPUs(f.gpus, all); err != nil {
			return nil, err
		}
		g := noFreeMemory(infos)
		if g == nil {
			break
		}
		if attempt == probeAttempts {
			return nil, fmt.Errorf("%s device %d (%s) reports no free memory in %d probes over %v (its memory query failed, or other processes hold all of its %d MiB): the worker pools cannot be sized",
				g.Kind, g.Ordinal, g.Name, probeAttempts, probeBackoff*(1<<(probeAttempts-1)-1), g.TotalMem>>20)
		}
		if opt.Log != nil {
			opt.Log.Warn("a GPU reports no free memory; probing again", zap.Int("gpu", g.Ordinal), zap.Int("attempt", attempt), zap.Duration("wait", wait))
		}
		time.Sleep(wait)
	}
	for _, in := range all {
		if in.PageableMemoryAccess && !f.allowHMM {
			return nil, fmt.Errorf("%s device %d (%s) can read pageable host memory (HMM/ATS): a kernel could read what a worker's heap still holds of other tenants' requests; refusing to serve (--allow-hmm overrides, for trusted tenants only)", in.Kind, in.Ordinal, in.Name)
		}
	}
	return infos, nil
}

// startMPS joins a running MPS control daemon, or starts daemons of the server's own with
// their directories under runtimeDir (default $XDG_RUNTIME_DIR/gpufn-PID, else
// /tmp/gpufn-PID): one per GPU when it serves several, so that a fault on one GPU, after
// which a daemon takes no new client until every client of that GPU has exited, holds up no
// other GPU's workers; one for all where a per-GPU daemon cannot be started. It says which.
func startMPS(gpus []gpu.Info, runtimeDir string, log *zap.Logger) ([]*mps.Daemon, error) {
	if d, err := mps.Join(); d != nil || err != nil {
		if d == nil {
			return nil, err
		}
		log.Info("joined a running MPS control daemon", zap.String("pipe_dir", d.PipeDir))
		return []*mps.Daemon{d}, nil
	}
	runtimeDir = runtimeDirOr(runtimeDir)
	if len(gpus) > 1 {
		if daemons := startPerGPU(gpus, runtimeDir, log); daemons != nil {
			return daemons, nil
		}
	}
	d, err := mps.StartOwn(runtimeDir, "")
	if err != nil {
		return nil, err
	}
	log.Info("started an MPS control daemon", zap.String("pipe_dir", d.PipeDir), zap.String("log_dir", d.LogDir))
	return []*mps.Daemon{d}, nil
}

// startPerGPU starts a daemon for each GPU; when one fails it stops those it started, warns
// and returns nil.
func startPerGPU(gpus []gpu.Info, runtimeDir string, log *zap.Logger) []*mps.Daemon {
	var daemons []*mps.Daemon
	for _, g := range gpus {
		d, err := mps.StartOwn(runtimeDir, mps.VisibleDevice(g.Ordinal))
		if err != nil {
			log.Warn("an MPS control daemon per GPU could not be started: one daemon serves every GPU, and a fault on one GPU holds up new workers on all", zap.Int("gpu", g.Ordinal), zap.Error(err))
			stopMPS(daemons, log)
			return nil
		}
		log.Info("started an MPS control daemon", zap.Int("gpu", g.Ordinal), zap.String("visible", d.Visible), zap.String("pipe_dir", d.PipeDir), zap.String("log_dir", d.LogDir))
		daemons = append(daemons, d)
	}
	return daemons
}

// stopMPS stops the MPS daemons the server started.
func stopMPS(daemons []*mps.Daemon, log *zap.Logger) {
	for _, d := range daemons {
		if !d.Started {
			continue
		}
		t0 := time.Now()
		if err := d.Stop(); err != nil {
			log.Warn("stopping an MPS daemon", zap.String("pipe_dir", d.PipeDir), zap.Error(err))
		}
		log.Info("MPS daemon stopped", zap.String("pipe_dir", d.PipeDir), zap.Duration("took", time.Since(t0)))
	}
}

// engineBase is the engine configuration every GPU's engine shares; newEngines adds each
// one's ordinal, sizes and environments.
func engineBase(f *serveFlags, set serveSettings, kind, exe string, plan serveplan.Plan, openMode, joinedMPS bool, log *zap.Logger) engine.Config {
	share := f.tenantShare
	if openMode {
		share = 1
	}
	return engine.Config{
		Device: kind, Mode: plan.Mode, Workers: f.workers, Standby: f.standby, Rescue: plan.Rescue, ContextBytes: int(f.contextSize),
		QueueDepth: f.queueDepth, Policy: set.policy, SpinFor: f.spinFor, WorkerSpinFor: f.workerSpinFor, NoGraphs: !f.graphs, CopyAhead: f.copyAhead, ModuleCacheBytes: uint64(f.moduleCache), ResidentBytes: uint64(f.residentBytes),
		NoPipeline: !f.pipeline, EagerBatches: f.eagerBatches, NoInline: !f.inline, NoStream: !f.streamInputs, NoPrewake: !f.prewake, Timeout: f.timeout,
		Binary: exe, Args: []string{"worker"}, StartTimeout: f.startTimeout,
		LogLevel: set.workerLevel, Log: log, SharedFaultDomain: plan.SharedFaultDomain, ForeignClients: joinedMPS, TenantShare: share,
		TenantQueueBytes: int64(f.quotas.queueBytes), Preload: f.preload, OpenMode: openMode,
		Waiters: engine.NewWaiters(), SpinUnderLoad: f.spinUnderLoad, // one count for the whole server
	}
}

// newEngines starts an engine for each GPU of the plan.
func newEngines(base engine.Config, sizes []serveplan.Engine) ([]*engine.Engine, error) {
	var engines []*engine.Engine
	for _, s := range sizes {
		cfg := base
		cfg.Ordinal, cfg.PoolBytes, cfg.UsableBytes, cfg.Env, cfg.WholeEnv = s.Ordinal, s.PoolBytes, s.UsableBytes, s.Env, s.WholeEnv
		cfg.RescueEnv = s.OutsideEnv // nil (then Env) where the workers are no MPS clients
		cfg.SoleDevice = s.WorkerOrdinal != s.Ordinal
		e, err := engine.New(cfg)
		if err != nil {
			return nil, err
		}
		engines = append(engines, e)
	}
	return engines, nil
}

// dispatcherConfig configures the dispatcher; the cpu device lists the kernels it can run.
func dispatcherConfig(f *serveFlags, kind string, info gpu.Info, st *store.Store, log *zap.Logger) dispatcher.Config {
	cfg := dispatcher.Config{Device: kind, Info: info, MaxLibraryBytes: int(f.maxLibrary), LaunchLimit: f.launchLimit,
		MaxLibraries: f.maxLibs, MaxFunctions: f.maxFns, MaxBuffers: f.maxBuffers, MaxInvocationBytes: uint64(f.maxInvMem),
		MaxStoredBytes: int64(f.quotas.storageBytes), MaxAccessBytes: int(f.quotas.accessBytes), Store: st, Registry: registry.NewLocal(st), Log: log,
		MaxWeightBytes: int64(f.maxWeight), MaxWeightSets: f.maxWeightSets, WeightQuotaBytes: uint64(f.weightQuota)}
	if kind == "cpu" {
		cfg.Kernels = cpuKernels()
	}
	return cfg
}

// restore registers the libraries and functions kept in the store (through the registry,
// which numbers their revisions), skipping (with a warning) those it cannot.
func restore(reg registry.Registry, st *store.Store, d *dispatcher.Dispatcher, dataDir string, log *zap.Logger) error {
	// Weight sets first: the functions that name one bind to it.
	sets, problems, err := st.LoadWeights()
	if err != nil {
		return err
	}
	for _, p := range problems {
		log.Warn("skipping a stored weight set", zap.String("path", p.Path), zap.Error(p.Err))
	}
	for _, err := range d.RestoreWeights(sets) {
		log.Warn("skipping a stored weight set", zap.Error(err))
	}
	snap, err := reg.Load()
	if err != nil {
		return err
	}
	for _, err := range d.Load(snap) {
		log.Warn("skipping a stored registration", zap.Error(err))
	}
	log.Info("registrations restored", zap.String("data_dir", dataDir), zap.Int("libraries", len(snap.Libraries)), zap.Int("functions", len(snap.Functions)), zap.Int("weight_sets", len(sets)))
	return nil
}

// waitForStop serves SIGHUP (reloading the tokens) until SIGTERM or SIGINT, or until the
// HTTP server stops; it returns the server's error.
func waitForStop(sigs <-chan os.Signal, serveErr <-chan error, tokens *auth.Tokens, drainTimeout time.Duration, log *zap.Logger) error {
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
			log.Info("shutting down", zap.Stringer("signal", sig), zap.Duration("drain_timeout", drainTimeout))
			return nil
		case err := <-serveErr:
			return err
		}
	}
}

// shutdown drains the engines, then the HTTP server.
func shutdown(srv *frontend.Server, d *dispatcher.Dispatcher, drainTimeout time.Duration, log *zap.Logger) {
	ctx, cancel := context.WithTimeout(context.Background(), drainTimeout)
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
