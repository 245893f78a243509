package metrics

import (
	"strconv"

	"github.com/prometheus/client_golang/prometheus"

	"gpufn/call"
)

// engineCollector reports every engine's call.EngineStats at each scrape, labelled by engine
// and GPU ("cuda:0", "cpu:0").
type engineCollector struct {
	stats func() []call.EngineStats
}

var engineLabels = []string{"engine", "gpu"}

// engineMetric is one metric read from an engine's stats.
type engineMetric struct {
	desc  *prometheus.Desc
	kind  prometheus.ValueType
	value func(st *call.EngineStats) float64
}

func engineDesc(name, help string) *prometheus.Desc {
	return prometheus.NewDesc(name, help, engineLabels, nil)
}

func gauge(name, help string, v func(st *call.EngineStats) float64) engineMetric {
	return engineMetric{engineDesc(name, help), prometheus.GaugeValue, v}
}

func counter(name, help string, v func(st *call.EngineStats) uint64) engineMetric {
	return engineMetric{engineDesc(name, help), prometheus.CounterValue, func(st *call.EngineStats) float64 { return float64(v(st)) }}
}

var engineMetrics = []engineMetric{
	gauge("nv_inference_pending_request_count", "Invocations waiting in the engine's queue for a worker.", func(st *call.EngineStats) float64 { return float64(st.Queued) }),
	gauge("gpufn_queue_capacity", "The engine's queue bound (--queue-depth); beyond it invocations are answered 429.", func(st *call.EngineStats) float64 { return float64(st.QueueDepth) }),
	gauge("gpufn_invocations_running", "Invocations on workers.", func(st *call.EngineStats) float64 { return float64(st.Busy) }),
	gauge("gpufn_workers", "Worker slots of the engine (the whole-GPU worker of an auto engine included).", func(st *call.EngineStats) float64 { return float64(len(st.Workers)) }),
	gauge("gpufn_workers_up", "Worker processes up.", func(st *call.EngineStats) float64 {
		n := 0
		for _, w := range st.Workers {
			if w.Up {
				n++
			}
		}
		return float64(n)
	}),
	gauge("gpufn_engine_ready", "1 when every worker of the engine is up.", func(st *call.EngineStats) float64 {
		if st.Ready {
			return 1
		}
		return 0
	}),
	counter("gpufn_invocations_submitted_total", "Invocations admitted to the engine.", func(st *call.EngineStats) uint64 { return st.Submitted }),
	counter("gpufn_invocations_completed_total", "Invocations the engine answered with outputs.", func(st *call.EngineStats) uint64 { return st.Completed }),
	counter("gpufn_invocations_failed_total", "Invocations the engine answered with an error.", func(st *call.EngineStats) uint64 { return st.Failed }),
	counter("gpufn_invocations_rejected_total", "Invocations refused because the queue (or the tenant's share) was full or the engine draining.", func(st *call.EngineStats) uint64 { return st.Rejected }),
	counter("gpufn_worker_restarts_total", "Worker processes replaced.", func(st *call.EngineStats) uint64 { return st.Restarts }),
	counter("gpufn_worker_faults_total", "Workers lost while running an invocation of their own: a kernel fault, an overrun killed, a crash.", func(st *call.EngineStats) uint64 { return st.Faults }),
	counter("gpufn_function_quarantines_total", "Functions quarantined after faulting or overrunning too often in a row.", func(st *call.EngineStats) uint64 { return st.Quarantines }),
	counter("gpufn_invocation_reruns_total", "Invocations run again alone after a GPU-wide fault (shared fault domain).", func(st *call.EngineStats) uint64 { return st.Reruns }),
	counter("gpufn_fault_domain_teardowns_total", "Teardowns of the GPU's fault domain: every worker restarted after one's fault (shared fault domain).", func(st *call.EngineStats) uint64 { return st.Teardowns }),
	counter("gpufn_whole_gpu_invocations_total", "Invocations that took the whole GPU (auto engine).", func(st *call.EngineStats) uint64 { return st.Whole }),
	counter("gpufn_pipelined_invocations_total", "Invocations sent to a worker while it ran another.", func(st *call.EngineStats) uint64 { return st.Pipelined }),
	counter("gpufn_streamed_invocations_total", "Invocations whose inputs were written into the worker's context after their request was sent, overlapping the worker's preparation (--stream-inputs).", func(st *call.EngineStats) uint64 { return st.Streamed }),
	counter("gpufn_streamed_bodies_total", "Invocations whose request body was read from the client's connection straight into the worker's context while the worker prepared (--stream-body).", func(st *call.EngineStats) uint64 { return st.StreamedBodies }),
	counter("gpufn_slow_bodies_total", "Request bodies that came too slowly for the idle worker they were to be streamed into (--stream-body-wait): read whole and queued.", func(st *call.EngineStats) uint64 { return st.SlowBodies }),
	counter("gpufn_prewakes_total", "Wake messages sent to parked idle workers when an invocation's request header came, ahead of its body (--prewake).", func(st *call.EngineStats) uint64 { return st.Prewakes }),
	counter("gpufn_inline_invocations_total", "Invocations run by the submitting goroutine on an idle worker.", func(st *call.EngineStats) uint64 { return st.Inline }),
	counter("gpufn_module_cache_hits_total", "Invocations whose library modules the worker had loaded already.", func(st *call.EngineStats) uint64 { return st.ModuleCacheHits }),
	counter("gpufn_module_cache_misses_total", "Invocations for which the worker loaded a library module.", func(st *call.EngineStats) uint64 { return st.ModuleCacheMisses }),
	counter("gpufn_module_cache_evictions_total", "Modules the workers unloaded from their module caches to make room for another (--module-cache-bytes).", func(st *call.EngineStats) uint64 { return st.ModuleCacheEvictions }),
	gauge("gpufn_module_cache_bytes", "Device memory the engine's live workers' loaded modules take, as the workers estimate it (the allocated sections of each cubin).", func(st *call.EngineStats) float64 { return float64(st.ModuleCacheBytes) }),
	counter("gpufn_weights_hits_total", "Invocations whose function's weight set was already resident on the worker.", func(st *call.EngineStats) uint64 { return st.WeightHits }),
	counter("gpufn_weights_misses_total", "Weight sets placed on a worker's device (read from the data directory, copied, their init flow run).", func(st *call.EngineStats) uint64 { return st.WeightMisses }),
	counter("gpufn_weights_evictions_total", "Weight sets the workers evicted (zeroed and freed) to make room for another within --resident-bytes.", func(st *call.EngineStats) uint64 { return st.WeightEvictions }),
	gauge("gpufn_weights_resident_sets", "Weight sets resident on the engine's live workers (a set on two workers counts twice).", func(st *call.EngineStats) float64 {
		n := 0
		for _, w := range st.Workers {
			if w.Up {
				n += w.Weights.Sets
			}
		}
		return float64(n)
	}),
	gauge("gpufn_weights_resident_bytes", "Device memory held by the weight sets resident on the engine's live workers.", func(st *call.EngineStats) float64 {
		var n uint64
		for _, w := range st.Workers {
			if w.Up {
				n += w.Weights.Bytes
			}
		}
		return float64(n)
	}),
	counter("gpufn_batch_runs_total", "Runs of batch variants: several invocations of a batching function run as one (docs/batching.md).", func(st *call.EngineStats) uint64 { return st.BatchRuns }),
	counter("gpufn_batch_members_total", "Invocations taken into batch runs (nv_inference_count counts each invocation answered; a batch's members count there one by one).", func(st *call.EngineStats) uint64 { return st.BatchMembers }),
	counter("gpufn_batch_padded_items_total", "Zeroed items that filled batch runs up to their variant's size (\"partial\": \"pad\").", func(st *call.EngineStats) uint64 { return st.BatchPadded }),
	counter("gpufn_batch_failures_total", "Batch runs that failed (a fault, an overrun, out of memory): their members ran again alone; the server's log says why (docs/batching.md).", func(st *call.EngineStats) uint64 { return st.BatchFailures }),
	counter("gpufn_preloads_total", "Functions idle workers loaded (libraries and plan) when they were registered, ahead of their first invocation (--preload).", func(st *call.EngineStats) uint64 { return st.Preloads }),
	{engineDesc("gpufn_preload_seconds_total", "Time the workers spent on those preloads."), prometheus.CounterValue,
		func(st *call.EngineStats) float64 { return float64(st.PreloadNanos) / 1e9 }},
	gauge("gpufn_preloads_pending", "Registered functions the idle workers have yet to preload (0 once every worker has caught up; work goes first).", func(st *call.EngineStats) float64 { return float64(st.PreloadsPending) }),
	counter("gpufn_preloads_no_room_total", "Preloads a worker refused because its module or plan cache had no room left without evicting (it is sent no more until it restarts or drops a tenant's code).", func(st *call.EngineStats) uint64 { return st.PreloadsNoRoom }),
	counter("gpufn_tenant_switches_total", "Times a worker dropped one tenant's modules and weight sets to run another tenant's function.", func(st *call.EngineStats) uint64 { return st.TenantSwitches }),
	{engineDesc("gpufn_tenant_switch_seconds_total", "Time the workers spent dropping one tenant's modules and weight sets for another's."), prometheus.CounterValue,
		func(st *call.EngineStats) float64 { return float64(st.TenantSwitchNanos) / 1e9 }},
}

// The device memory metrics, reported once a worker of the engine is up.
var (
	memTotal = engineDesc("nv_gpu_memory_total_bytes", "The device's memory, as the device reports it to the workers (under MPS with a memory cap, the capped view).")
	memUsed  = engineDesc("nv_gpu_memory_used_bytes", "The device's memory in use (total less free) at the latest worker start: the workers' pools are allocated at their start, so between restarts only other processes change it.")
	memFree  = engineDesc("gpufn_gpu_memory_free_bytes", "The device's free memory at the latest worker start (the lowest reading among the live workers, each read once it had its pool).")
	memPools = engineDesc("gpufn_worker_pool_bytes", "Device memory held by the engine's live workers' pools.")
)

func (c *engineCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, m := range engineMetrics {
		ch <- m.desc
	}
	for _, d := range []*prometheus.Desc{memTotal, memUsed, memFree, memPools} {
		ch <- d
	}
}

func (c *engineCollector) Collect(ch chan<- prometheus.Metric) {
	all := c.stats()
	for i := range all {
		st := &all[i]
		gpu := st.Device + ":" + strconv.Itoa(st.Ordinal)
		for _, m := range engineMetrics {
			ch <- prometheus.MustNewConstMetric(m.desc, m.kind, m.value(st), st.Name, gpu)
		}
		var pools, free uint64
		up := false
		for _, w := range st.Workers {
			if w.Up {
				pools += w.PoolBytes
				if !up || w.FreeMem < free {
					free = w.FreeMem
				}
				up = true
			}
		}
		ch <- prometheus.MustNewConstMetric(memPools, prometheus.GaugeValue, float64(pools), st.Name, gpu)
		if !up || st.DeviceInfo == nil {
			continue
		}
		total := st.DeviceInfo.TotalMem
		ch <- prometheus.MustNewConstMetric(memTotal, prometheus.GaugeValue, float64(total), st.Name, gpu)
		ch <- prometheus.MustNewConstMetric(memFree, prometheus.GaugeValue, float64(free), st.Name, gpu)
		ch <- prometheus.MustNewConstMetric(memUsed, prometheus.GaugeValue, float64(total-min(free, total)), st.Name, gpu)
	}
}
