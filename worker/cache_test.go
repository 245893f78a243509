package worker

import (
	"testing"

	"gpufn/gpu/gpufake"
)

// The result's stages say what the module cache did: Module says whether the module was
// cached (ModuleHit, ModuleLoaded), Evictions counts the modules unloaded to make room for this
// one (the bound holds one small module: minModuleBytes), and Load is 0 exactly when neither a
// module was loaded nor a plan's kernels resolved (a new function of a cached module resolves
// its kernels: with CUDA's lazy loading their code is loaded then).
func TestModuleCacheStages(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{MaxModuleBytes: minModuleBytes, NoGraphs: true})
	for i, c := range []struct {
		fn       uint64
		lib      string
		loaded   bool
		resolved bool
		evicted  int64
	}{
		{1, "A", true, true, 0},   // the first load: the cache had room
		{1, "A", false, false, 0}, // cached
		{3, "A", false, true, 0},  // another function of the cached module: its kernels resolved
		{3, "A", false, false, 0},
		{2, "B", true, true, 1}, // A unloaded for B
		{2, "B", false, false, 0},
		{1, "A", true, true, 1}, // B unloaded for A
	} {
		res := r.invoke(c.fn, c.lib, 1, 1)
		if res.Err != nil {
			t.Fatalf("invocation %d: %v", i, res.Err)
		}
		want := int64(ModuleHit)
		if c.loaded {
			want = ModuleLoaded
		}
		if load := res.Stages.Load > 0; load != (c.loaded || c.resolved) || res.Stages.Module != want || res.Stages.Evictions != c.evicted {
			t.Fatalf("invocation %d (function %d, library %s): load %d, module %d, evictions %d; want load %v, loaded %v, evictions %d",
				i, c.fn, c.lib, res.Stages.Load, res.Stages.Module, res.Stages.Evictions, c.loaded || c.resolved, c.loaded, c.evicted)
		}
	}
}
