package main

import (
	"context"
	"errors"
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
		if st, err = store.Open(f.dataDir, log); err != nil {
			return err
		}
		defer st.Close()
	}
	set, err := validateServeFlags(f)
	if err != nil {
		return err
	}
	mode, park, policy, env, workerLevel := set.mode, set.park, set.policy, set.env, set.workerLevel
	share := f.tenantShare
	if tokens.Open() {
		share = 1
	}
	exe, err := os.Executable()
	if err != nil {
		return err
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
	d := dispatcher.New(dcfg, engines)
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
		if err := registerExamples(d); err != nil {
			return err
		}
	}
	srv := frontend.New(frontend.Config{MaxBodyBytes: int(f.maxBody), MaxTimeout: f.timeout, Concurrency: f.maxConns, MaxConnsPerIP: f.maxConnsPerIP, Profiling: f.pprof, Log: log}, d, tokens)
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
	// Answers from now on close their connections; the engines finish everything admitted and
	// answer new invocations 503 "draining"; clients get their answers and the connections
	// close (for up to 2 s); then the listener and what is left are closed.
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

// registerExamples registers the example libraries and functions in tenant "default", and
// makes the functions public.
func registerExamples(d *dispatcher.Dispatcher) error {
	admin := auth.Identity{Tenant: auth.DefaultTenant, TenantBytes: []byte(auth.DefaultTenant), Admin: true}
	for _, lib := range []string{"mlops", "module"} {
		if _, _, err := d.PutLibrary(admin, auth.DefaultTenant, lib, examples.MustPTX(lib)); err != nil {
			return fmt.Errorf("example library %s: %w", lib, err)
		}
	}
	for _, fn := range examples.Functions() {
		_, _, err := d.PutFunction(admin, auth.DefaultTenant, fn.Name, fn.Config)
		if err == nil {
			_, err = d.SetAccess(admin, auth.DefaultTenant, fn.Name, dispatcher.Access{Public: true})
		}
		if err != nil {
			var de *dispatcher.Error
			if errors.As(err, &de) && len(de.Problems) > 0 {
				return fmt.Errorf("example function %s: %v", fn.Name, de.Problems)
			}
			return fmt.Errorf("example function %s: %w", fn.Name, err)
		}
	}
	return nil
}
