package engine

import (
	"fmt"
	"os"
	"runtime"
	"time"

	"go.uber.org/zap"

	"gpufn/worker"
)

// This file holds the engine's configuration and its policies: the modes, how waiters spin or
// park (the polling policy and the reply spin), and the defaults. Nothing here runs on its own; a Config is read-only once New has applied defaults.

// Mode is how an engine uses its GPU.
type Mode string

// Engine modes.
const (
	// Sequential: one worker owns the whole GPU and runs one invocation at a time.
	Sequential Mode = "sequential"
	// Concurrent: N workers share the GPU, each with 1/N of its memory.
	Concurrent Mode = "concurrent"
	// Auto: Concurrent, and an invocation that needs more memory than one worker's share runs
	// alone with the GPU's whole memory: the workers give their pools back, an extra worker
	// takes the whole memory for it, and the workers take their shares again afterwards.
	Auto Mode = "auto"
)

// Policy is how an idle worker goroutine waits for work.
type Policy string

// Polling policies.
const (
	// PolicyHybrid spins for Config.SpinFor, then parks (the default). It spins only on hosts
	// with at least HybridMinCPUs cores: on fewer, a spinner starves the very processes it
	// waits for (2 cores, serial invocations: p50 46 us parking at once, 236 us spinning 50 us).
	PolicyHybrid Policy = "hybrid"
	// PolicySpin never parks: lowest latency, one busy core per idle worker.
	PolicySpin Policy = "spin"
	// PolicyBlock parks at once: no CPU while idle, a wake-up on each invocation.
	PolicyBlock Policy = "block"
)

// HybridMinCPUs is the fewest cores on which the hybrid policy spins at all.
const HybridMinCPUs = 8

// ParsePolicy parses a polling policy name.
func ParsePolicy(s string) (Policy, error) {
	switch p := Policy(s); p {
	case PolicyHybrid, PolicySpin, PolicyBlock:
		return p, nil
	}
	return "", fmt.Errorf("unknown polling policy %q (spin, block or hybrid)", s)
}

// Config configures an Engine. Zero values take the defaults written beside each field.
type Config struct {
	// Name names the engine in logs and stats, e.g. "cuda0".
	Name string
	// Device kind and ordinal of the GPU this engine serves.
	Device  string
	Ordinal int
	// SoleDevice: the workers' environment shows them this GPU alone (CUDA_VISIBLE_DEVICES,
	// as a per-GPU MPS daemon's clients get), so they open it as device 0, not as Ordinal.
	SoleDevice bool
	// Mode: Sequential (default) or Concurrent.
	Mode Mode
	// Workers is the number of worker processes in Concurrent and Auto mode (default 4);
	// Sequential always has one.
	Workers int
	// Standby is how many workers the engine keeps started ahead without their device
	// (worker.StartOptions.Standby: under MPS not yet clients, so a teardown leaves them be);
	// a slot that must start a worker promotes one instead, which saves the process's start
	// (standby.go). 0: none.
	Standby int
	// Rescue is how many rescue workers the engine keeps under a shared fault domain (rescue.go;
	// ignored without SharedFaultDomain; 0: none). Each is a fault domain of its own (under MPS
	// no client of the daemon: RescueEnv), fully started and idle while the domain serves; from
	// a teardown until every worker of the domain is up again they run the interrupted
	// invocations, the suspect's lone run and the queue. The server's default: 1 under a shared
	// fault domain (gpufn serve --rescue-workers).
	Rescue int
	// RescueEnv is the rescue workers' environment (under MPS: outside the daemon, see
	// mps.Daemon.OutsideEnv); nil: Env.
	RescueEnv []string
	// PoolBytes is each worker's device pool (0: Sequential takes the free memory less the
	// worker's reserve; Concurrent takes 1/Workers of the GPU's usable memory, see
	// UsableBytes).
	PoolBytes uint64
	// UsableBytes is the GPU's memory available to pools (from the probe); Concurrent mode
	// divides it among its workers when PoolBytes is 0.
	UsableBytes uint64
	// ContextBytes is the size of each worker's shared-memory context (default 64 MiB): the
	// largest inputs plus outputs of one invocation.
	ContextBytes int
	// QueueDepth bounds the queued invocations (default QueueDepthPerWorker times Workers: the
	// same wait at a full queue whatever the number of workers, since N workers drain it about
	// N times as fast; a fixed depth would make a concurrent engine refuse, with 429, a burst
	// that the sequential engine absorbs).
	QueueDepth int
	// TenantShare is the fraction of QueueDepth one tenant's queued invocations may take
	// (0 or 1: no per-tenant bound), so that one tenant cannot fill the queue for everyone.
	TenantShare float64
	// TenantQueueBytes bounds the bytes of one tenant's queued inputs (0: no bound): their
	// bodies are held in the server's memory while they wait, so a count alone would let one
	// tenant hold QueueDepth times the largest body.
	TenantQueueBytes int64
	// Policy and SpinFor: how idle workers wait (default hybrid, 50 us).
	Policy  Policy
	SpinFor time.Duration
	// WorkerSpinFor is how long an idle worker spins for its next request before it parks
	// under the hybrid policy (default SpinFor; 0 on hosts where hybrid does not spin). A
	// parked worker pays a thread wake-up (tens of microseconds on the H100 host) on the next
	// request's path: a client that sends each request when the last was answered leaves the
	// worker idle longer than 50 us, the HTTP round trip of its answer and its next request.
	WorkerSpinFor time.Duration
	// Waiters counts the slots of the server that wait for results, shared by all its engines
	// (default: one of the engine's own). Under the hybrid policy a slot spins for its result,
	// and an idle slot for work, only while Waiters.Quiet, unless SpinUnderLoad: spinning is
	// for a lone request's latency; under load it takes the cores the work needs (waiters.go).
	Waiters       *Waiters
	SpinUnderLoad bool
	// Timeout is the server's deadline (default 30 s): a worker that has not answered an
	// invocation Timeout after it started on it is killed, the invocation answered
	// deadline_exceeded and its function struck. It is also the deadline of an invocation that
	// has none; an invocation's own Deadline (a caller's X-Gpufn-Timeout) only bounds its
	// caller's wait: it kills nothing (await.go).
	Timeout time.Duration
	// Binary and Args start a worker: Binary Args... --device ... (default: this executable,
	// ["worker"]).
	Binary string
	Args   []string
	// Env is added to every worker's environment (under MPS: the pipe and log directories and
	// the per-worker memory cap).
	Env []string
	// WholeEnv is the environment of the Auto mode's whole-GPU worker (under MPS: without the
	// memory cap).
	WholeEnv []string
	// SharedFaultDomain: one worker's fault, or the kill of one overrunning worker, takes down
	// every worker of the GPU (true under MPS). The engine then restarts them all, runs each
	// invocation that was in flight again, alone, and answers only the one that fails again
	// (or at once the one that ran while no other worker had a request in flight).
	SharedFaultDomain bool
	// ForeignClients: processes other than this engine's workers share the fault domain (a
	// joined MPS daemon, started by someone else): a failure may come from one of them, so an
	// invocation that ran with no other worker busy is not taken for the culprit at once.
	ForeignClients bool
	// StartTimeout bounds a worker's start (default 60 s).
	StartTimeout time.Duration
	// StopGrace is how long a stopping worker may take before it is killed (default 5 s).
	StopGrace time.Duration
	// QuarantineAfter is how many faults or overruns in a row quarantine a function (default 3).
	QuarantineAfter int
	// NoGraphs turns the workers' launch graphs off (worker.ExecutorOptions.NoGraphs).
	NoGraphs bool
	// CopyAhead has each worker copy the inputs of the invocation pipelined behind the one it
	// runs to the device while that one's kernels run (worker.ExecutorOptions.CopyAhead;
	// docs/engines.md "Copying ahead").
	CopyAhead bool
	// ModuleCacheBytes bounds the device memory of each worker's loaded modules, least
	// recently used unloaded first (0: worker.DefaultModuleCacheBytes, 128 MiB).
	ModuleCacheBytes uint64
	// ResidentBytes bounds each worker's resident weight sets, device memory besides its pool
	// (worker.ExecutorOptions.ResidentBytes; 0: the worker's default, 1 GiB).
	ResidentBytes uint64
	// Preload has idle workers load a function's libraries and plan when it is published, ahead
	// of its first invocation (preload.go). OpenMode: the server has one tenant, so a preload may
	// go to a worker that holds nobody's code; with several, only to one that holds the
	// function's tenant already.
	Preload, OpenMode bool
	// NoPipeline turns pipelining off: by default each worker has two shared-memory contexts,
	// and while it runs one invocation its slot prepares the next queued one (whose code the
	// worker has) in the other and sends it, so the worker never waits for the server's copies.
	NoPipeline bool
	// EagerBatches forms the next batch of a batching function as soon as the batch before it
	// is sent, a whole batch's run ahead of its own (pipelining's rule for lone invocations).
	// By default a slot forms it as late as its copy into the context allows (pipeline.go,
	// prefetchDue), so that what arrives meanwhile joins it rather than waiting a batch more.
	EagerBatches bool
	// NoStream turns streamed inputs off: by default a lone invocation of at least
	// StreamMinBytes of inputs is sent to an idle worker before its inputs are copied into the
	// context, and the worker's preparation and copies to the device overlap that copy
	// (worker.Invoke.Streamed).
	NoStream bool
	// NoPrewake turns Prewake off (the frontend calls it when an invocation's header has come:
	// prewake.go).
	NoPrewake bool
	// NoInline makes SubmitInline queue every invocation, as Submit does: by default an
	// invocation that finds a worker idle and nothing queued is run by the submitting goroutine.
	NoInline bool
	// Start starts a worker (default StartProcess: a process running Binary Args...). The
	// scheduler's tests start in-process fakes.
	Start Starter
	// LogLevel is passed to workers; Log receives the engine's and the workers' logs.
	LogLevel string
	Log      *zap.Logger
}

// QueueDepthPerWorker is the default queue depth per worker (Config.QueueDepth).
const QueueDepthPerWorker = 1024

func (c *Config) defaults() error {
	if c.Mode == "" {
		c.Mode = Sequential
	}
	switch c.Mode {
	case Sequential:
		c.Workers = 1
	case Concurrent, Auto:
		if c.Workers <= 0 {
			c.Workers = 4
		}
	default:
		return fmt.Errorf("engine: unknown mode %q", c.Mode)
	}
	if c.Name == "" {
		c.Name = fmt.Sprintf("%s%d", c.Device, c.Ordinal)
	}
	if c.ContextBytes <= 0 {
		c.ContextBytes = 64 << 20
	}
	if c.QueueDepth <= 0 {
		c.QueueDepth = QueueDepthPerWorker * c.Workers
	}
	if c.Policy == "" {
		c.Policy = PolicyHybrid
	}
	if c.SpinFor <= 0 {
		c.SpinFor = 50 * time.Microsecond
	}
	if c.WorkerSpinFor <= 0 {
		c.WorkerSpinFor = c.SpinFor
	}
	if c.Policy == PolicyHybrid && numCPU() < HybridMinCPUs {
		c.SpinFor, c.WorkerSpinFor = 0, 0
	}
	if c.Waiters == nil {
		c.Waiters = NewWaiters()
	}
	if c.Timeout <= 0 {
		c.Timeout = 30 * time.Second
	}
	if c.Binary == "" {
		exe, err := executable()
		if err != nil {
			return fmt.Errorf("engine: finding the worker binary: %w", err)
		}
		c.Binary, c.Args = exe, []string{"worker"}
	}
	if c.Start == nil {
		c.Start = StartProcess
	}
	if c.StartTimeout <= 0 {
		c.StartTimeout = 60 * time.Second
	}
	if c.StopGrace <= 0 {
		c.StopGrace = 5 * time.Second
	}
	if c.QuarantineAfter <= 0 {
		c.QuarantineAfter = 3
	}
	if c.Log == nil {
		c.Log = zap.NewNop()
	}
	if c.Mode != Sequential && c.PoolBytes == 0 && c.UsableBytes > 0 {
		c.PoolBytes = c.UsableBytes / uint64(c.Workers)
	}
	if c.Mode == Auto && (c.PoolBytes == 0 || c.UsableBytes == 0) {
		return fmt.Errorf("engine: auto mode needs PoolBytes and UsableBytes")
	}
	return nil
}

// numCPU is the host's number of cores (runtime.NumCPU; tests set it).
var numCPU = runtime.NumCPU

// executable finds the worker binary (this executable) when Config.Binary is empty.
var executable = os.Executable

// spin is how long a waiter on a pipe spins before parking, by the polling policy.
func (c *Config) spin() time.Duration {
	switch c.Policy {
	case PolicySpin:
		return worker.SpinForever
	case PolicyBlock:
		return 0
	}
	return c.SpinFor // hybrid: 0 on small hosts
}

// workerSpin is how long a worker spins for its next request before parking
// (worker.StartOptions.Spin): spin, or WorkerSpinFor under hybrid.
func (c *Config) workerSpin() time.Duration {
	if c.Policy == PolicyHybrid {
		return c.WorkerSpinFor // 0 on small hosts
	}
	return c.spin()
}

// replySpin is how long the engine spins for a reply while an invocation runs: at least
// minReplySpin, since replies come within the invocation's time and only busy slots spin. A
// slot that parks before the reply pays a wake-up (tens of microseconds on an idle host) on top
// of the invocation; at low load the worker's own wake-up makes short invocations outlast a
// short spin.
func (c *Config) replySpin() time.Duration {
	if s := c.spin(); s > 0 {
		return max(4*s, minReplySpin)
	}
	return c.spin()
}

// minReplySpin is the shortest reply spin of the hybrid policy.
const minReplySpin = time.Millisecond

// loadAllowsSpin reports whether a spinner of the hybrid policy may spin now: the server is
// quiet (at most Waiters.QuietMax of its slots wait for results), or SpinUnderLoad. The other
// policies spin as they say whatever the load.
func (c *Config) loadAllowsSpin() bool {
	return c.Policy != PolicyHybrid || c.SpinUnderLoad || c.Waiters.Quiet()
}

// idleSpins reports whether an idle slot goroutine spins for work before it parks (the spin
// policy, or hybrid on a host large enough for it).
func (c *Config) idleSpins() bool {
	return c.Policy == PolicySpin || (c.Policy == PolicyHybrid && c.SpinFor > 0)
}
