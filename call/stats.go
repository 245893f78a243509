package call

import (
	"time"

	"gpufn/gpu"
)

// EngineStats is a snapshot of one engine's state, as /v1/engines shows it.
type EngineStats struct {
	Name       string        `json:"name"`
	Device     string        `json:"device"`
	Ordinal    int           `json:"ordinal"`
	Mode       string        `json:"mode"`
	Workers    []WorkerStats `json:"workers"`
	Queued     int           `json:"queued"`
	QueueDepth int           `json:"queue_depth"`
	Busy       int           `json:"busy"`
	Submitted  uint64        `json:"submitted"`
	Completed  uint64        `json:"completed"`
	Failed     uint64        `json:"failed"`
	Rejected   uint64        `json:"rejected"`
	Restarts   uint64        `json:"restarts"`
	Reruns     uint64        `json:"reruns"`
	Teardowns  uint64        `json:"teardowns"`
	Whole      uint64        `json:"whole_gpu"`
	// Pipelined counts the invocations sent to a worker while it ran another.
	Pipelined uint64 `json:"pipelined"`
	// Inline counts the invocations run by the submitting goroutine.
	Inline uint64 `json:"inline"`
	// Streamed counts the invocations whose inputs went into the worker's context after their
	// request was sent (worker.Invoke.Streamed; --stream-inputs).
	Streamed uint64 `json:"streamed_inputs"`
	// StreamedBodies counts the invocations whose request body was read from the client's
	// connection straight into the worker's context while the worker prepared (--stream-body).
	StreamedBodies uint64 `json:"streamed_bodies"`
	// SlowBodies counts the bodies that came too slowly for the idle worker they were to go
	// into (--stream-body-wait): each was read whole and its invocation queued as any other.
	SlowBodies uint64 `json:"slow_bodies"`
	// Prewakes counts the wake messages sent to parked idle workers when an invocation's
	// request header came, ahead of its body (--prewake).
	Prewakes uint64 `json:"prewakes"`
	// BatchRuns counts the runs of batch variants (docs/batching.md), BatchMembers the
	// invocations they answered (re-run ones included), BatchPadded the zeroed items they
	// carried, and BatchSizes the runs of every function by batch size (1: alone).
	BatchRuns    uint64         `json:"batch_runs"`
	BatchMembers uint64         `json:"batch_members"`
	BatchPadded  uint64         `json:"batch_padded"`
	BatchSizes   map[int]uint64 `json:"batch_sizes,omitempty"`
	// BatchFailures counts the batch runs that failed (a fault, an overrun, out of memory...):
	// their members ran again alone, each with its own answer (the server logs the first
	// failure every 10 s with its error).
	BatchFailures uint64 `json:"batch_failures"`
	// ModuleCacheHits and ModuleCacheMisses count the invocations whose library's module a
	// worker had loaded already or had to load (a function whose kernels come from several
	// libraries counts once: a miss when any of its modules was loaded); ModuleCacheEvictions
	// the modules workers unloaded to make room (--module-cache-bytes); ModuleCacheBytes the
	// device memory the live workers' modules take, as the workers estimate it
	// (worker.ModuleFootprint). The metrics export these (gpufn_module_cache_*).
	ModuleCacheHits      uint64 `json:"module_cache_hits"`
	ModuleCacheMisses    uint64 `json:"module_cache_misses"`
	ModuleCacheEvictions uint64 `json:"module_cache_evictions"`
	ModuleCacheBytes     uint64 `json:"module_cache_bytes"`
	// Standby is the number of workers started ahead, waiting without their device (the
	// engine's Config.Standby); Promoted counts those a slot took instead of starting a worker.
	Standby  int    `json:"standby"`
	Promoted uint64 `json:"standby_promoted"`
	// RescueUp is the number of the engine's rescue workers up (each a fault domain of its
	// own, outside MPS: docs/engines.md, "Rescue workers"), Rescued the invocations they
	// answered, RescueOpen whether they take work now (from a teardown until every worker of
	// the shared domain is back).
	RescueUp   int    `json:"rescue_workers_up"`
	Rescued    uint64 `json:"rescued"`
	RescueOpen bool   `json:"rescue_open"`
	// LastRecovery is the recovery of the GPU's fault domain in progress, else the last one
	// (nil: none since the start).
	LastRecovery *RecoveryTimeline `json:"last_recovery,omitempty"`
	// TenantSwitches counts the times a worker dropped one tenant's code and weight sets to run
	// another's function, TenantSwitchNanos the time those drops took.
	TenantSwitches    uint64 `json:"tenant_switches"`
	TenantSwitchNanos uint64 `json:"tenant_switch_ns"`
	// Preloads counts the functions idle workers loaded ahead of a first invocation (libraries
	// and plan, when the function was published), PreloadNanos the time those loads took, and
	// PreloadsNoRoom the preloads a worker refused for want of room in its module or plan
	// cache (it is sent no more).
	Preloads       uint64 `json:"preloads"`
	PreloadNanos   uint64 `json:"preload_ns"`
	PreloadsNoRoom uint64 `json:"preloads_no_room"`
	// PreloadsPending is how many published functions the workers have yet to preload (or pass
	// over): 0 once every idle worker has caught up. Work goes first, so it stays above 0 while
	// the queue is never empty.
	PreloadsPending uint64 `json:"preloads_pending"`
	// Faults counts the workers lost while running an invocation of their own: a kernel
	// fault (the device lost), an overrun killed, a crash. Workers killed by a teardown after
	// another's fault are not counted (see Teardowns).
	Faults uint64 `json:"faults"`
	// Quarantines counts the functions quarantined after faulting or overrunning too often in
	// a row.
	Quarantines uint64 `json:"quarantines"`
	// WeightHits, WeightMisses and WeightEvictions add up the engine's workers' weight-set
	// counts (WorkerStats.Weights) over their lifetimes, replaced workers included: invocations
	// whose set was resident, sets placed, sets evicted to make room.
	WeightHits      uint64    `json:"weight_hits"`
	WeightMisses    uint64    `json:"weight_misses"`
	WeightEvictions uint64    `json:"weight_evictions"`
	Ready           bool      `json:"ready"`
	DeviceInfo      *gpu.Info `json:"device_info,omitempty"`
}

// WorkerStats describes one worker.
type WorkerStats struct {
	ID        string `json:"id"`
	PID       int    `json:"pid"`
	Up        bool   `json:"up"`
	PoolBytes uint64 `json:"pool_bytes"`
	Restarts  int    `json:"restarts"`
	// Invocations counts the invocations this worker slot completed.
	Invocations uint64 `json:"invocations"`
	LastError   string `json:"last_error,omitempty"`
	// ModuleCacheBytes is the device memory of the live worker's loaded modules;
	// ModuleCacheEvictions counts the modules this slot's workers unloaded to make room.
	ModuleCacheBytes     uint64 `json:"module_cache_bytes"`
	ModuleCacheEvictions uint64 `json:"module_cache_evictions"`
	// FreeMem is the device's free memory as the worker read it at its start, once it had
	// taken its pool (0 when it is not up).
	FreeMem uint64 `json:"free_mem,omitempty"`
	// Weights counts the worker's weight-set placements (as of its last answer).
	Weights ResidentStats `json:"weights"`
	// Rescue: a rescue worker (a fault domain of its own; not counted for readiness).
	Rescue bool `json:"rescue,omitempty"`
}

// ResidentStats are a worker's weight sets: invocations whose set was resident (hits), sets
// placed (misses), sets evicted to make room, and the sets and device bytes resident now.
type ResidentStats struct {
	Hits      uint64 `json:"hits"`
	Misses    uint64 `json:"misses"`
	Evictions uint64 `json:"evictions"`
	Sets      int    `json:"sets"`
	Bytes     uint64 `json:"bytes"`
}

// RecoveryTimeline is an engine's record of one recovery from a GPU-wide failure (under a
// shared fault domain: MPS): when each stage came, in milliseconds from the detection.
type RecoveryTimeline struct {
	Start time.Time `json:"start"` // the detection
	By    string    `json:"by"`    // the worker whose failure triggered it
	Cause string    `json:"cause"`
	// Teardowns counts the teardowns of the fault domain in this recovery (a suspect's lone
	// run that fails again makes a second); Interrupted the invocations run again.
	Teardowns   int  `json:"teardowns"`
	Interrupted int  `json:"interrupted"`
	Conclusive  bool `json:"conclusive"` // the culprit was answered without a lone run
	Done        bool `json:"done"`
	// WorkerStart is where the start of the first worker up after the latest teardown went.
	WorkerStart *WorkerStart `json:"worker_start,omitempty"`
	// StartFailures counts the workers that failed to start during the recovery (under MPS:
	// the daemon not ready for new clients yet), StartError is the first one's error.
	StartFailures int    `json:"start_failures,omitempty"`
	StartError    string `json:"start_error,omitempty"`
	// Stages in the order they came; Round is the teardown each belongs to (1, 2, ...).
	Stages []RecoveryStage `json:"stages"`
}

// RecoveryStage is one stage of a RecoveryTimeline (see docs/engines.md for the stages).
type RecoveryStage struct {
	Stage  string  `json:"stage"`
	Round  int     `json:"round"`
	MS     float64 `json:"ms"`
	Worker string  `json:"worker,omitempty"`
}

// StageMS is the time of the first stage named stage, in milliseconds from the detection, and
// whether there was one.
func (t *RecoveryTimeline) StageMS(stage string) (float64, bool) {
	for _, s := range t.Stages {
		if s.Stage == stage {
			return s.MS, true
		}
	}
	return 0, false
}

// WorkerStart is where a worker's start went, in milliseconds: Total is the server's wait from
// spawning it to its hello; Device opening its device (for CUDA: cuInit and the context, under
// MPS the connection to the daemon), Pin pinning its shared-memory contexts, Pool allocating
// and zeroing its pool, and Process the rest (the process's start and runtime, mapping the
// contexts, the hello). Promoted: a standby worker was promoted (Total counts from its
// promotion: no process start).
type WorkerStart struct {
	Promoted  bool    `json:"promoted"`
	TotalMS   float64 `json:"total_ms"`
	ProcessMS float64 `json:"process_ms"`
	DeviceMS  float64 `json:"device_ms"`
	PinMS     float64 `json:"pin_ms"`
	PoolMS    float64 `json:"pool_ms"`
}
