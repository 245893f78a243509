package serveplan

import (
	"fmt"

	"gpufn/engine"
	"gpufn/gpu"
	"gpufn/mps"
)

// Input is what a plan is made from: the serve flags that bear on it and the GPUs to serve.
type Input struct {
	// Device is the kind of the probed devices: cuda, hip or cpu.
	Device string
	// Mode is --engine: engine.Sequential, engine.Concurrent or engine.Auto.
	Mode engine.Mode
	// MPS is --mps: auto (join or start a daemon; auto falls back to sequential without one),
	// on (required) or off.
	MPS string
	// FaultDomain is --fault-domain: auto (shared under MPS), gpu (shared) or worker.
	FaultDomain string
	// Workers is --workers, the worker processes per GPU of the concurrent and auto engines
	// (0 or less: the engine's default, 4).
	Workers int
	// Rescue is --rescue-workers: rescue workers per GPU under a shared fault domain (less than
	// 0: auto, DefaultRescue there and none elsewhere).
	Rescue int
	// OutsideDir is a directory where no MPS daemon listens (mps.OutsideDir): the rescue and
	// compile workers of a server under MPS name it to open their GPU outside the daemon.
	OutsideDir string
	// PoolBytes is --pool-size, each worker's device pool (0: sized here or by the engine).
	PoolBytes uint64
	// ResidentBytes is --resident-bytes, the device memory each worker's resident weight sets
	// may take besides its pool: a pool sized here leaves it out of the worker's share.
	ResidentBytes uint64
	// CPUMemory is --cpu-memory, the memory of each cpu device.
	CPUMemory uint64
	// Env is added to every worker's environment (the cpu device's settings).
	Env []string
	// GPUs are the devices to serve, as probed.
	GPUs []gpu.Info
}

// Plan is what the server's engines get.
type Plan struct {
	// Mode is Input.Mode, or engine.Sequential where auto fell back for want of MPS.
	Mode engine.Mode
	// MPS is true when the workers run as clients of an MPS daemon.
	MPS bool
	// SharedFaultDomain: one worker's fault takes down every worker of its GPU
	// (engine.Config.SharedFaultDomain).
	SharedFaultDomain bool
	// Rescue is the rescue workers per GPU (engine.Config.Rescue): Input.Rescue, or its
	// default; 0 without a shared fault domain.
	Rescue int
	// Engines has one entry per GPU of Input.GPUs, in their order.
	Engines []Engine
}

// Engine is the sizing and the worker environments of one GPU's engine.
type Engine struct {
	Ordinal int
	// WorkerOrdinal is the ordinal the engine's workers open for this GPU: Ordinal, or 0 where
	// their environment shows them this GPU alone (a per-GPU MPS daemon).
	WorkerOrdinal int
	// PoolBytes and UsableBytes are engine.Config's (PoolBytes 0: the engine sizes the pool).
	PoolBytes   uint64
	UsableBytes uint64
	// Env is the environment of the engine's workers; under MPS it holds the daemon's
	// directories and each worker's memory cap.
	Env []string
	// WholeEnv is the environment of the auto engine's whole-GPU worker: under MPS the
	// daemon's directories without a cap; nil otherwise.
	WholeEnv []string
	// OutsideEnv is the environment of a process that opens this GPU outside MPS (the rescue
	// workers, the compile worker: mps.Daemon.OutsideEnv): nil when not under MPS (then Env).
	OutsideEnv []string
}

// Warning is something the server should log as a warning: Msg, with Err when not nil.
type Warning struct {
	Msg string
	Err error
}

const (
	// DefaultRescue is the rescue workers per GPU under a shared fault domain when
	// --rescue-workers is auto (less than 0): one, which runs the interrupted invocations and the
	// suspect's lone run while the domain's workers start again (docs/engines.md).
	DefaultRescue = 1
	// defaultWorkers is the engine's number of workers when Input.Workers is 0 or less
	// (engine.Config.Workers).
	defaultWorkers = 4
	// cpuPoolBytes is the cpu device's pool per GPU when --pool-size is 0: one sequential
	// worker's, or the workers' together.
	cpuPoolBytes = 256 << 20
	// usableReserve is what a GPU's pools leave of its free memory for contexts, modules and
	// the driver (half the free memory when it has no more than that).
	usableReserve = 1 << 30
	// contextBytes is what each worker's own CUDA context takes beside its pool when workers
	// share a GPU without MPS (about 0.5 GiB, with margin); the whole-GPU worker counts too.
	contextBytes = 768 << 20
	// mpsContextCap bounds what an MPS worker's memory cap keeps for its context (about
	// 0.5 GiB) when --pool-size is 0: the pool is the cap less half of it, or less
	// mpsContextCap where that is less.
	mpsContextCap = 1 << 30
)

// The warnings of Make.
const (
	warnMPSOff         = "--mps off with the concurrent engine: workers will time-slice the GPU; on an H100, 2-4 processes without MPS gave 4x LESS throughput than one"
	warnNoMPS          = "MPS IS NOT AVAILABLE: without it, several worker processes on one GPU time-slice, and 2-4 of them gave 4x LESS throughput than one on an H100 (docs/gpu-facts.md)"
	warnAutoSequential = "--engine auto falls back to the sequential engine (one worker per GPU)"
)

// WantMPS reports whether the server should join or start an MPS daemon: for CUDA workers
// that share a GPU (concurrent and auto engines), unless --mps is off. Concurrent workers on
// NVIDIA only pay off under MPS (docs/gpu-facts.md).
func WantMPS(in Input) bool {
	return in.Device == "cuda" && in.Mode != engine.Sequential && in.MPS != "off"
}

// Make plans the engines. daemons are the MPS daemons the server joined or started when
// WantMPS asked for them: one serving every GPU, or one per GPU of in.GPUs in their order; none
// (nil) when there are none, and mpsErr is why (ignored when MPS was not wanted).
// Without a daemon, --mps on is an error, and --mps auto warns and makes --engine auto
// sequential.
func Make(in Input, daemons []*mps.Daemon, mpsErr error) (Plan, []Warning, error) {
	p := Plan{Mode: in.Mode}
	var warnings []Warning
	switch {
	case len(daemons) > 1 && len(daemons) != len(in.GPUs):
		return Plan{}, nil, fmt.Errorf("%d MPS daemons for %d GPUs", len(daemons), len(in.GPUs))
	case !WantMPS(in):
		daemons = nil
		if in.Device == "cuda" && in.Mode == engine.Concurrent && in.MPS == "off" {
			warnings = append(warnings, Warning{Msg: warnMPSOff})
		}
	case len(daemons) > 0:
		p.MPS = true
	case in.MPS == "on":
		return Plan{}, nil, fmt.Errorf("--mps on: %w", mpsErr)
	default:
		warnings = append(warnings, Warning{Msg: warnNoMPS, Err: mpsErr})
		if in.Mode == engine.Auto {
			warnings = append(warnings, Warning{Msg: warnAutoSequential})
			p.Mode = engine.Sequential
		}
	}
	p.SharedFaultDomain = in.FaultDomain == "gpu" || (in.FaultDomain == "auto" && p.MPS)
	switch {
	case !p.SharedFaultDomain || p.Mode == engine.Sequential:
	case p.MPS && in.OutsideDir == "":
		// No directory outside the daemon: a rescue worker would be one of its clients, torn
		// down with the others.
	case in.Rescue < 0:
		p.Rescue = DefaultRescue
	default:
		p.Rescue = in.Rescue
	}
	for i, g := range in.GPUs {
		var daemon *mps.Daemon
		if len(daemons) > 0 {
			daemon = daemons[min(i, len(daemons)-1)]
		}
		p.Engines = append(p.Engines, size(in, p.Mode, p.Rescue, g, daemon))
	}
	return p, warnings, nil
}

// size is one GPU's engine: its pool, usable memory and worker environments. Under MPS the
// rescue workers (rescue of them) take a share each as the workers do: their pool is a worker's,
// and their context, outside the daemon, fits in what a share leaves beside the pool.
func size(in Input, mode engine.Mode, rescue int, g gpu.Info, daemon *mps.Daemon) Engine {
	workers := uint64(defaultWorkers)
	if in.Workers > 0 {
		workers = uint64(in.Workers)
	}
	e := Engine{Ordinal: g.Ordinal, WorkerOrdinal: g.Ordinal, PoolBytes: in.PoolBytes, UsableBytes: usable(g), Env: in.Env}
	switch {
	case in.Device == "cpu":
		e.UsableBytes = in.CPUMemory / 2
		if e.PoolBytes == 0 {
			e.PoolBytes = cpuPoolBytes
			if mode != engine.Sequential {
				e.PoolBytes /= workers
			}
		}
	case mode != engine.Sequential && daemon == nil && e.PoolBytes == 0:
		// Without MPS every worker has a context of its own beside its pool, and its resident
		// weight sets.
		switch reserve := (workers+1)*contextBytes + workers*in.ResidentBytes; {
		case e.UsableBytes > reserve:
			e.PoolBytes = (e.UsableBytes - reserve) / workers
		case in.ResidentBytes > 0:
			// A small GPU: each worker's share keeps half of itself for its context and sets
			// (as under MPS), rather than the engine's default of the whole share.
			share := e.UsableBytes / workers
			e.PoolBytes = share - min(share/2, contextBytes+in.ResidentBytes)
		}
	}
	if daemon != nil {
		// Each worker is capped at its share; the whole-GPU worker is not.
		share := e.UsableBytes / (workers + uint64(rescue))
		e.UsableBytes -= uint64(rescue) * share // the rescue workers' (the auto engine's whole-GPU worker takes the rest)
		if e.PoolBytes == 0 {
			// The cap holds the context and the resident weight sets too (a small GPU's
			// share keeps half of itself for them).
			e.PoolBytes = share - min(share/2, mpsContextCap+in.ResidentBytes)
		}
		e.Env = append(append([]string(nil), in.Env...), daemon.Env(g.Ordinal, share)...)
		e.WholeEnv = append(append([]string(nil), in.Env...), daemon.Env(g.Ordinal, 0)...)
		e.WorkerOrdinal = daemon.ClientOrdinal(g.Ordinal)
		if in.OutsideDir != "" {
			e.OutsideEnv = append(append([]string(nil), in.Env...), daemon.OutsideEnv(in.OutsideDir)...)
		}
	}
	return e
}

// usable is the device memory a GPU's pools may share: the free memory less usableReserve.
func usable(g gpu.Info) uint64 {
	if g.FreeMem <= usableReserve {
		return g.FreeMem / 2
	}
	return g.FreeMem - usableReserve
}
