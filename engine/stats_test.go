package engine

import (
	"testing"

	"gpufn/worker"
)

// What a worker's results say about its module cache moves the engine's counters, one count
// per result (worker.Stages: Module, Evictions, CacheBytes): a hit, a load (a miss), or
// neither (the invocation failed before its module was looked up); evictions count whatever
// the result, a load that failed after evicting included; the bytes are the live worker's
// latest footprint. /v1/engines and the metrics read the same counters.
func TestModuleCacheCounts(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	wantOut(t, fsubmit(t, e, fakeFn(doEcho), "", "x", 0, true)) // the fake reports no module stage
	st := settled(t, e)
	if st.ModuleCacheHits != 0 || st.ModuleCacheMisses != 0 || st.ModuleCacheEvictions != 0 {
		t.Fatalf("after a result without a module stage: %+v", st)
	}
	c := &e.slots[0].life.cache
	for _, s := range []worker.Stages{
		{Module: worker.ModuleHit, CacheBytes: 8},
		{Module: worker.ModuleLoaded, CacheBytes: 16},
		{Module: worker.ModuleLoaded, Evictions: 2, CacheBytes: 12},
		{},                            // failed before the lookup
		{Evictions: 1, CacheBytes: 4}, // the load failed after evicting
	} {
		c.count(&s)
	}
	st = e.Stats()
	if st.ModuleCacheHits != 1 || st.ModuleCacheMisses != 2 || st.ModuleCacheEvictions != 3 || st.ModuleCacheBytes != 4 {
		t.Fatalf("hits %d misses %d evictions %d bytes %d, want 1 2 3 4", st.ModuleCacheHits, st.ModuleCacheMisses, st.ModuleCacheEvictions, st.ModuleCacheBytes)
	}
	if w := st.Workers[0]; w.ModuleCacheEvictions != 3 || w.ModuleCacheBytes != 4 {
		t.Fatalf("worker: evictions %d bytes %d, want 3 4", w.ModuleCacheEvictions, w.ModuleCacheBytes)
	}
}
