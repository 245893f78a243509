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
	TenantSwitches    uint64    `json:"tenant_switches"`
	TenantSwitchNanos uint64    `json:"tenant_switch_ns"`
	Ready             bool      `json:"ready"`
	DeviceInfo        *gpu.Info `json:"device_info,omitempty"`
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
