package call

import "gpufn/gpu"

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
	// TenantSwitches counts the times a worker dropped one tenant's code and weight sets to run
	// another's function, TenantSwitchNanos the time those drops took.
	TenantSwitches    uint64 `json:"tenant_switches"`
	TenantSwitchNanos uint64 `json:"tenant_switch_ns"`
	// Faults counts the workers lost while running an invocation of their own: a kernel
	// fault (the device lost), an overrun killed, a crash. Workers killed by a teardown after
	// another's fault are not counted (see Teardowns).
	Faults uint64 `json:"faults"`
	// Quarantines counts the functions quarantined after faulting or overrunning too often in
	// a row.
	Quarantines uint64 `json:"quarantines"`
	// ModuleHits and ModuleMisses count the successful invocations whose library module the
	// worker had cached, and those for which it loaded it; Evictions counts the modules the
	// workers unloaded from their module caches to make room.
	ModuleHits   uint64 `json:"module_hits"`
	ModuleMisses uint64 `json:"module_misses"`
	Evictions    uint64 `json:"module_evictions"`
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
	// FreeMem is the device's free memory as the worker read it at its start, once it had
	// taken its pool (0 when it is not up).
	FreeMem uint64 `json:"free_mem,omitempty"`
	// Weights counts the worker's weight-set placements (as of its last answer).
	Weights ResidentStats `json:"weights"`
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
