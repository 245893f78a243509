package engine

import (
	"testing"

	"gpufn/call"
	"gpufn/worker"
)

// What a worker's results say about its module cache moves the engine's counters: a success
// whose module was loaded (Stages.Load > 0) is a miss, one whose module was cached a hit, an
// error neither; evictions count whatever the result.
func TestModuleCacheCounts(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	wantOut(t, fsubmit(t, e, fakeFn(doEcho), "", "x", 0, true)) // the fake reports no load: a hit
	st := settled(t, e)
	if st.ModuleHits != 1 || st.ModuleMisses != 0 || st.Evictions != 0 {
		t.Fatalf("after one cached success: %+v", st)
	}
	for _, r := range []worker.Result{
		{Stages: worker.Stages{Load: 1}},
		{Stages: worker.Stages{Load: 7, Evictions: 2}},
		{},
		{Err: &worker.WireError{Code: call.CodeBadInput}, Stages: worker.Stages{Evictions: 1}},
	} {
		e.countModules(&r)
	}
	st = e.Stats()
	if st.ModuleHits != 2 || st.ModuleMisses != 2 || st.Evictions != 3 {
		t.Fatalf("hits %d misses %d evictions %d, want 2 2 3", st.ModuleHits, st.ModuleMisses, st.Evictions)
	}
}
