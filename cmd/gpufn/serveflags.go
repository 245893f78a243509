package main

import (
	"flag"
	"fmt"
	"strconv"
	"time"

	"gpufn/engine"
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
	poll          string
	graphs        bool
	pipeline      bool
	inline        bool
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
	cluster       clusterFlags
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
	fs.BoolVar(&f.pipeline, "pipeline", true, "give each worker two shared-memory contexts and send it the next queued invocation while it runs one (the server's copies in and out overlap the GPU work)")
	fs.BoolVar(&f.graphs, "graphs", true, "replay a function's repeated launch sequence as one CUDA graph (from its second identical invocation; functions of 8 launches or more)")
	fs.StringVar(&f.poll, "poll", "hybrid", "how idle engine goroutines wait: spin, block, or hybrid (spin --spin-for, then park)")
	fs.DurationVar(&f.spinFor, "spin-for", 50*time.Microsecond, "spin time of the hybrid polling policy")
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
	clusterFlagSet(fs, &f.cluster)
	return fs
}

// serveSettings are what the serve flags that need parsing stand for.
type serveSettings struct {
	mode   engine.Mode
	policy engine.Policy
	// workerLevel is --worker-log-level, or --log-level.
	workerLevel string
	// env is added to every worker's environment: the cpu device's settings.
	env []string
}

// validateServeFlags checks the flags that take one of a few values and parses them.
func validateServeFlags(f *serveFlags) (serveSettings, error) {
	s := serveSettings{mode: engine.Mode(f.engineMode), workerLevel: f.workerLogging}
	if s.mode != engine.Sequential && s.mode != engine.Concurrent && s.mode != engine.Auto {
		return s, fmt.Errorf("--engine %q: use sequential, concurrent or auto", f.engineMode)
	}
	if f.mps != "auto" && f.mps != "on" && f.mps != "off" {
		return s, fmt.Errorf("--mps %q: use auto, on or off", f.mps)
	}
	if f.faultDomain != "auto" && f.faultDomain != "gpu" && f.faultDomain != "worker" {
		return s, fmt.Errorf("--fault-domain %q: use auto, gpu or worker", f.faultDomain)
	}
	var err error
	if f.queueDepth < 0 {
		return s, fmt.Errorf("--queue-depth %d: want a count of invocations (0: 1024 per worker)", f.queueDepth)
	}
	if s.policy, err = engine.ParsePolicy(f.poll); err != nil {
		return s, fmt.Errorf("--poll: %w", err)
	}
	if s.workerLevel == "" {
		s.workerLevel = f.logLevel
	}
	s.env = []string{
		"GPUFN_CPU_DEVICES=" + strconv.Itoa(f.cpuDevices),
		"GPUFN_CPU_MEMORY=" + strconv.FormatUint(uint64(f.cpuMemory), 10),
	}
	return s, nil
}
