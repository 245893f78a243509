package main

import (
	"flag"
	"fmt"
	"strconv"
	"time"

	"gpufn/engine"
	"gpufn/worker"
)

type serveFlags struct {
	listen         string
	device         string
	gpus           string
	engineMode     string
	workers        int
	standby        int
	rescue         int
	compileWorkers int
	poolSize       byteSize
	contextSize    byteSize
	moduleCache    byteSize
	preload        bool
	queueDepth     int
	poll           string
	graphs         bool
	copyAhead      bool
	pipeline       bool
	eagerBatches   bool
	inline         bool
	streamInputs   bool
	streamBody     bool
	streamBodyWait time.Duration
	prewake        bool
	spinFor        time.Duration
	spinUnderLoad  bool
	connSpinFor    time.Duration
	workerSpinFor  time.Duration
	timeout        time.Duration
	maxBody        byteSize
	maxLibrary     byteSize
	launchLimit    uint64
	examples       bool
	logLevel       string
	cpuDevices     int
	cpuMemory      byteSize
	drainTimeout   time.Duration
	startTimeout   time.Duration
	allowHMM       bool
	workerLogging  string
	mps            string
	runtimeDir     string
	faultDomain    string
	tokens         string
	dataDir        string
	maxLibs        int
	// Weight sets (models).
	maxWeight     byteSize
	maxWeightSets int
	weightQuota   byteSize
	residentBytes byteSize
	maxFns        int
	maxBuffers    int
	maxInvMem     byteSize
	tenantShare   float64
	quotas        quotaFlags
	maxConns      int
	maxConnsPerIP int
	headerTimeout time.Duration
	readTimeout   time.Duration
	idleTimeout   time.Duration
	writeTimeout  time.Duration
	pprof         bool
	metricsSeries int
	// Logs (ops): the format and the access log.
	logFormat string
	accessLog bool
	// The cluster (docs/cluster.md).
	cluster clusterFlags
}

// quotaFlags are the per-tenant byte quotas (issue 16): what one tenant may hold in the
// server's memory.
type quotaFlags struct {
	queueBytes   byteSize // inputs queued per GPU
	storageBytes byteSize // stored libraries (and any later stored objects)
	accessBytes  byteSize // one function's access settings, as JSON
}

func (q *quotaFlags) register(fs *flag.FlagSet) {
	q.queueBytes, q.storageBytes, q.accessBytes = 1<<30, 1<<30, 64<<10
	fs.Var(&q.queueBytes, "tenant-queue-bytes", "bytes of inputs one tenant may have queued on a GPU (their request bodies wait in the server's memory); beyond, 429 queue_quota (0: no bound)")
	fs.Var(&q.storageBytes, "tenant-storage-bytes", "bytes one tenant's stored objects may take in the server's memory (libraries and their compiled cubins, functions' configs and access settings); beyond, 413 storage_quota (0: no bound)")
	fs.Var(&q.accessBytes, "max-access-bytes", "largest access settings of one function, as JSON; beyond, 413 access_too_large")
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
	fs.IntVar(&f.rescue, "rescue-workers", -1, "rescue workers per GPU under a shared fault domain (MPS, or --fault-domain gpu): each its own fault domain (under MPS it opens the GPU outside the daemon), idle while the GPU serves; after a fault's teardown they run the interrupted invocations, the suspect's lone run and the queue until the GPU's workers are back (-1: auto, 1 under a shared fault domain, else 0)")
	fs.IntVar(&f.compileWorkers, "compile-workers", 0, "compile workers per GPU architecture on CUDA (uploaded PTX compiled to a cubin outside the server): up to this many compiles at once, each worker started when a compile needs it and stopped a second after its last (0: auto, min(4, max(1, CPUs/4)))")
	fs.IntVar(&f.standby, "standby-workers", 0, "worker processes per GPU started ahead without their device (under MPS not yet clients, so a fault's teardown leaves them be); a worker that must be replaced promotes one instead of starting a process")
	f.poolSize = 0
	fs.Var(&f.poolSize, "pool-size", "device pool per worker, e.g. 8GiB (0: sequential takes the free memory less a reserve; concurrent divides it by --workers; the cpu device takes 256MiB)")
	f.contextSize = 64 << 20
	fs.Var(&f.contextSize, "context-size", "shared-memory context per worker: the most an invocation's inputs and outputs together may take")
	fs.IntVar(&f.queueDepth, "queue-depth", 0, "invocations queued per GPU before new ones are refused with 429 (default 1024 per worker of the GPU: 1024 for the sequential engine, 4096 for 4 workers)")
	fs.BoolVar(&f.streamInputs, "stream-inputs", true, "send an invocation of at least 32 KiB of inputs to an idle worker before its inputs are copied into the worker's context, so that the worker's preparation and its copies to the device overlap that copy (docs/engines.md)")
	fs.BoolVar(&f.streamBody, "stream-body", true, "read the raw body of an invocation (POST /v1/functions/{fn}/invoke, application/octet-stream, at least 32 KiB) from the connection straight into an idle worker's context after its request is sent, so that the body's arrival, the worker's preparation and its copies to the device overlap (needs --stream-inputs and --inline; docs/engines.md)")
	fs.DurationVar(&f.streamBodyWait, "stream-body-wait", 50*time.Millisecond, "how long an idle worker waits for the rest of a body streamed into it; a slower body is read whole and its invocation queued as any other")
	fs.BoolVar(&f.prewake, "prewake", true, "when an invocation's request header has come and the worker it would run on has parked, wake that worker while the body arrives (hybrid polling only; docs/engines.md)")
	fs.BoolVar(&f.inline, "inline", true, "an invocation that finds a worker idle and nothing queued is run by the goroutine that read its request, without hand-offs to the worker's goroutine and back (lower latency at low load)")
	fs.BoolVar(&f.pipeline, "pipeline", true, "give each worker two shared-memory contexts and send it the next queued invocation while it runs one (the server's copies in and out overlap the GPU work)")
	fs.BoolVar(&f.eagerBatches, "eager-batches", false, "with --pipeline, form the next batch of a batching function as soon as the one before it is sent, rather than when that one is about to end (docs/batching.md)")
	fs.BoolVar(&f.copyAhead, "copy-ahead", true, "with --pipeline, each worker copies the inputs of the invocation sent behind the one it runs to the GPU on a second stream while that one's kernels run, into device buffers beside its own (CUDA; docs/engines.md \"Copying ahead\")")
	fs.BoolVar(&f.graphs, "graphs", true, "replay a function's repeated launch sequence as one CUDA graph (from its second identical invocation; functions of 8 launches or more)")
	f.moduleCache = worker.DefaultModuleCacheBytes
	fs.Var(&f.moduleCache, "module-cache-bytes", "device memory each worker's loaded modules may take (code, constants and globals of each library's cubin), least recently used unloaded first; evictions are counted in /v1/engines")
	fs.BoolVar(&f.preload, "preload", true, "idle workers load a function's libraries and plan when it is registered (or restored at start), while nothing waits and their module cache has room, so that its first invocation finds them loaded (in open mode into any worker; with tokens only into workers that hold the function's tenant already); counted in /v1/engines")
	fs.StringVar(&f.poll, "poll", "hybrid", "how idle engine goroutines wait: spin, block, or hybrid (spin --spin-for, then park)")
	fs.DurationVar(&f.spinFor, "spin-for", 50*time.Microsecond, "spin time of the hybrid polling policy")
	fs.BoolVar(&f.spinUnderLoad, "spin-under-load", false, "under the hybrid policy, spin (for results, for work, on client connections) whatever the load; by default only while at most one invocation of the server waits for its result, and goroutines park at once while more do (docs/engines.md \"Spinning only while the server is quiet\")")
	fs.DurationVar(&f.connSpinFor, "conn-spin-for", 50*time.Microsecond, "how long a read of a client connection that finds no data tries again before it parks (at most 1ms; at most a quarter of the CPUs' reads spin at once; 0: park at once; as the engine's polling, none with --poll block, nor with hybrid on fewer than 8 cores): spares a request body that arrives in pieces, and a client that sends back to back, a thread wake-up each")
	fs.DurationVar(&f.workerSpinFor, "worker-spin-for", 0, "how long an idle worker spins for its next request before it parks, under the hybrid policy (default: --spin-for); longer spares a serial client's requests a thread wake-up each, for a core spinning that long after each invocation")
	fs.DurationVar(&f.timeout, "timeout", 30*time.Second, "the server's deadline of an invocation's run (a function's owner may set a shorter \"timeout_ms\" in its config): an overrunning worker is killed, the invocation answered 504 and the function struck; also the longest a request may wait (X-Gpufn-Timeout lowers that caller's wait only, and kills nothing)")
	f.maxBody = 64 << 20
	fs.Var(&f.maxBody, "max-body-bytes", "largest request body")
	f.maxLibrary = 64 << 20
	fs.Var(&f.maxLibrary, "max-library-bytes", "largest library upload; --max-body-bytes bounds it too")
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
	fs.IntVar(&f.maxLibs, "max-libraries-per-tenant", 1000, "libraries one tenant may upload (an exported model takes one per Triton kernel: ResNet-18 34, its four batch variants 136)")
	fs.IntVar(&f.maxFns, "max-functions-per-tenant", 1000, "functions one tenant may register")
	f.maxWeight = 4 << 30
	f.weightQuota = 16 << 30
	fs.Var(&f.maxWeight, "max-weight-bytes", "the largest weight set (a safetensors file) one may upload; --max-body-bytes bounds it too")
	fs.IntVar(&f.maxWeightSets, "max-weight-sets-per-tenant", 100, "weight sets one tenant may keep")
	f.residentBytes = 1 << 30
	fs.Var(&f.residentBytes, "resident-bytes", "device memory each worker's resident weight sets may take, besides its pool (least recently used evicted); pools the server sizes leave it out of each worker's share (with --pool-size, leave room for it)")
	fs.Var(&f.weightQuota, "weight-quota-bytes", "device memory one tenant's weight sets may take together, each content counted once (0: no quota)")
	fs.IntVar(&f.maxBuffers, "max-buffers", 256, "inputs plus buffers of one function")
	fs.Var(&f.maxInvMem, "max-invocation-memory", "device memory one invocation may use (0: the largest pool)")
	fs.Float64Var(&f.tenantShare, "tenant-queue-share", 0.5, "fraction of a GPU's queue one tenant's invocations may fill (with --tokens; 1: no bound)")
	f.quotas.register(fs)
	fs.IntVar(&f.maxConns, "max-connections", 16384, "client connections open at once, idle keep-alive ones included; a connection beyond is answered 503 and closed")
	fs.IntVar(&f.maxConnsPerIP, "max-connections-per-ip", 4096, "connections open at once from one client (an IPv4 address or an IPv6 /64); one more is answered 429 and closed (0: no bound, e.g. behind a reverse proxy)")
	fs.DurationVar(&f.headerTimeout, "header-timeout", 10*time.Second, "how long a request's line and header may take to arrive, from the connection's start or a kept-alive connection's next request; a silent client loses its connection then")
	fs.DurationVar(&f.readTimeout, "read-timeout", 60*time.Second, "how long a request's body may take to arrive after its header")
	fs.DurationVar(&f.idleTimeout, "idle-timeout", 30*time.Second, "how long a kept-alive connection may wait for its next request")
	fs.DurationVar(&f.writeTimeout, "write-timeout", 30*time.Second, "how long writing one answer may take; a client that does not read its answer loses its connection then")
	fs.StringVar(&f.logFormat, "log-format", "console", "log format: console (zap's human-readable lines) or json (one JSON object a line)")
	fs.BoolVar(&f.accessLog, "access-log", false, "log one line per invocation (tenant, owner, function, status, bytes_in, bytes_out, latency, worker) to the server's log, as logger \"access\"")
	fs.BoolVar(&f.pprof, "pprof", false, "serve Go profiles at /debug/pprof/ to admin callers (for diagnosing the server; a CPU profile slows it while it runs)")
	clusterFlagSet(fs, &f.cluster)
	fs.IntVar(&f.metricsSeries, "metrics-max-series", 256, "(tenant, function) pairs with /metrics series of their own; invocations of the others count under tenant and function \"_other\" (0: none)")
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

// maxConnSpin bounds --conn-spin-for.
const maxConnSpin = time.Millisecond

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
	if f.metricsSeries < 0 {
		return s, fmt.Errorf("--metrics-max-series %d: want a count of (tenant, function) pairs (0: none)", f.metricsSeries)
	}
	if f.compileWorkers < 0 {
		return s, fmt.Errorf("--compile-workers %d: want a count of compile workers per GPU architecture (0: auto)", f.compileWorkers)
	}
	if f.queueDepth < 0 {
		return s, fmt.Errorf("--queue-depth %d: want a count of invocations (0: 1024 per worker)", f.queueDepth)
	}
	if q := f.quotas.queueBytes; q != 0 && q < f.maxBody {
		return s, fmt.Errorf("--tenant-queue-bytes %d is less than --max-body-bytes %d: a request of the largest body could never be queued", q, f.maxBody)
	}
	if f.connSpinFor < 0 || f.connSpinFor > maxConnSpin {
		return s, fmt.Errorf("--conn-spin-for %v: want 0 to %v (a read spins that long before it parks, deaf meanwhile to a Close)", f.connSpinFor, maxConnSpin)
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
