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
	// ModuleCacheHits and ModuleCacheMisses count the invocations whose library's module a
	// worker had loaded already or had to load; ModuleCacheEvictions the modules workers
	// unloaded to make room (--module-cache-bytes); ModuleCacheBytes the device memory the
	// live workers' modules take, as the workers estimate it (worker.ModuleFootprint).
	ModuleCacheHits      uint64    `json:"module_cache_hits"`
	ModuleCacheMisses    uint64    `json:"module_cache_misses"`
	ModuleCacheEvictions uint64    `json:"module_cache_evictions"`
	ModuleCacheBytes     uint64    `json:"module_cache_bytes"`
	Ready                bool      `json:"ready"`
	DeviceInfo           *gpu.Info `json:"device_info,omitempty"`
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
}
