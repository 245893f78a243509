package engine

import (
	"sync/atomic"

	"gpufn/call"
	"gpufn/worker"
)

// moduleCounts is what a slot's workers reported of their module caches (worker.Stages:
// Module, Evictions, CacheBytes), summed over the slot's workers but bytes, which is the live
// worker's footprint (0 when none is up). Written by whoever drives the slot, read by Stats.
type moduleCounts struct {
	hits, misses, evictions atomic.Uint64
	bytes                   atomic.Uint64
}

// count adds one result's module stages.
func (c *moduleCounts) count(st *worker.Stages) {
	switch st.Module {
	case worker.ModuleHit:
		c.hits.Add(1)
		return
	case worker.ModuleLoaded:
		c.misses.Add(1)
	}
	if st.Evictions > 0 { // also when the load then failed
		c.evictions.Add(uint64(st.Evictions))
		c.bytes.Store(uint64(max(st.CacheBytes, 0)))
	} else if st.Module == worker.ModuleLoaded {
		c.bytes.Store(uint64(max(st.CacheBytes, 0)))
	}
}

// addModuleStats sums the module caches of the engine's workers into st.
func (e *Engine) addModuleStats(st *call.EngineStats) {
	add := func(s *slot) {
		c := &s.life.cache
		st.ModuleCacheHits += c.hits.Load()
		st.ModuleCacheMisses += c.misses.Load()
		st.ModuleCacheEvictions += c.evictions.Load()
		st.ModuleCacheBytes += c.bytes.Load()
	}
	for _, s := range e.slots {
		add(s)
	}
	if e.big != nil {
		add(e.big)
	}
}
