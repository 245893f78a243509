package worker

import (
	"testing"

	"gpufn/gpu/gpufake"
)

// The result's stages say what the module cache did: Load is 0 exactly when the module was
// cached, Module says the same (ModuleHit, ModuleLoaded), and Evictions counts the modules
// unloaded to make room for this one (the bound holds one small module: minModuleBytes).
func TestModuleCacheStages(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{MaxModuleBytes: minModuleBytes, NoGraphs: true})
	for i, c := range []struct {
		fn      uint64
		lib     string
		loaded  bool
		evicted int64
	}{
		{1, "A", true, 0},  // the first load: the cache had room
		{1, "A", false, 0}, // cached
		{2, "B", true, 1},  // A unloaded for B
		{2, "B", false, 0},
		{1, "A", true, 1}, // B unloaded for A
	} {
		res := r.invoke(c.fn, c.lib, 1, 1)
		if res.Err != nil {
			t.Fatalf("invocation %d: %v", i, res.Err)
		}
		want := int64(ModuleHit)
		if c.loaded {
			want = ModuleLoaded
		}
		if loaded := res.Stages.Load > 0; loaded != c.loaded || res.Stages.Module != want || res.Stages.Evictions != c.evicted {
			t.Fatalf("invocation %d (library %s): load %d, module %d, evictions %d; want loaded %v, evictions %d", i, c.lib, res.Stages.Load, res.Stages.Module, res.Stages.Evictions, c.loaded, c.evicted)
		}
	}
}
