package worker

import (
	"crypto/sha256"
	"encoding/binary"
	"strings"
	"testing"

	"gpufn/call"
	"gpufn/gpu"
	"gpufn/gpu/gpufake"
	"gpufn/libscan"
	"gpufn/shm"
)

// preload sends chainConfig (function funcID, library lib) as a load request: no inputs.
func (r *graphRig) preload(funcID uint64, lib string, withImage bool) *Result {
	r.t.Helper()
	r.id++
	req := &Invoke{ID: r.id, FuncID: funcID, Config: []byte(chainConfig), Lib: LibRef{Hash: sha256.Sum256([]byte(lib)), Kind: libscan.KindPTX}}
	if withImage {
		req.Lib.Image = []byte(lib)
	}
	var res Result
	r.ex.Preload(req, &res)
	if res.ID != r.id {
		r.t.Fatalf("preload %d answered as %d", r.id, res.ID)
	}
	return &res
}

// A preload loads the function's plan and module and runs nothing; the function's first
// invocation then finds both (a cache hit, no load stage, no image or config needed). It never
// evicts: with the module cache full it loads nothing and answers out_of_memory (ErrNoRoom);
// so does a full plan cache. A library it cannot load is the error an invocation would get.
func TestPreload(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{MaxModuleBytes: 2*minModuleBytes + 100, MaxFunctions: 3, NoGraphs: true})
	res := r.preload(1, "lib-a", true)
	if res.Err != nil || res.Stages.Module != ModuleLoaded || res.Stages.Load == 0 || res.Stages.CacheBytes != minModuleBytes || len(res.Outputs) != 0 {
		t.Fatalf("a preload: %+v", res)
	}
	if l, _, _, _ := r.counts(); l != 0 {
		t.Fatalf("a preload launched %d kernels", l)
	}
	// The invocation sends neither config nor image: the worker has both.
	r.id++
	binary.LittleEndian.PutUint64(r.mem[0:], 1)
	binary.LittleEndian.PutUint64(r.mem[8:], 4)
	req := &Invoke{ID: r.id, FuncID: 1, Lib: LibRef{Hash: sha256.Sum256([]byte("lib-a")), Kind: libscan.KindPTX},
		Inputs: []shm.Span{{Off: 0, Len: 16}}, Output: shm.Span{Off: 1024, Len: 1024}}
	var inv Result
	r.ex.Run(req, r.mem, &inv)
	if inv.Err != nil || inv.Stages.Module != ModuleHit || inv.Stages.Load != 0 {
		t.Fatalf("the first invocation after the preload: %+v", inv)
	}
	if got := binary.LittleEndian.Uint64(r.mem[inv.Outputs[0].Off:]); got != chainWant(1, 4) {
		t.Fatalf("the first invocation after the preload: output %d, want %d", got, chainWant(1, 4))
	}
	if res := r.preload(1, "lib-a", false); res.Err != nil || res.Stages.Module != ModuleHit {
		t.Fatalf("preloading a loaded function again: %+v", res)
	}
	if res := r.preload(2, "lib-b", true); res.Err != nil || res.Stages.CacheBytes != 2*minModuleBytes {
		t.Fatalf("a second library: %+v", res)
	}
	res = r.preload(3, "lib-c", true) // no room for a third module
	if res.Err == nil || res.Err.Code != call.CodeOutOfMemory || !strings.Contains(res.Err.Message, ErrNoRoom.Error()) || res.Stages.Evictions != 0 || res.Stages.CacheBytes != 2*minModuleBytes {
		t.Fatalf("a preload past the module cache's bound: %+v", res)
	}
	if st := r.ex.ModuleCache(); st.Evictions != 0 || st.Modules != 2 {
		t.Fatalf("cache stats %+v", st)
	}
	if mods, fns := r.ex.Cached(); mods != 2 || fns != 2 {
		t.Fatalf("%d modules, %d plans cached; want 2, 2 (the refused preload left nothing)", mods, fns)
	}
	// A function on a library the worker holds: only its plan is new.
	if res := r.preload(4, "lib-b", false); res.Err != nil || res.Stages.Module != ModuleHit {
		t.Fatalf("a new function on a loaded library: %+v", res)
	}
	if res := r.preload(5, "lib-a", false); res.Err == nil || res.Err.Code != call.CodeOutOfMemory || !strings.Contains(res.Err.Message, ErrNoRoom.Error()) {
		t.Fatalf("a preload past the plan cache's bound: %+v", res)
	}
	if _, fns := r.ex.Cached(); fns != 3 {
		t.Fatalf("%d plans; want 3 (none evicted)", fns)
	}
}

// A module load the device refuses for want of memory is out_of_memory, not library_invalid
// (the image is fine): an invocation says so, and a preload stops there.
func TestModuleLoadOutOfMemory(t *testing.T) {
	oom := &gpu.Error{Op: "LoadModule", Code: 2, Name: "CUDA_ERROR_OUT_OF_MEMORY", Msg: "out of memory", Kind: gpu.ErrOutOfMemory}
	r := newGraphRig(t, gpufake.Options{OnLoad: func(image []byte) error {
		if string(image) == "lib-full" {
			return oom
		}
		return nil
	}}, ExecutorOptions{NoGraphs: true})
	if res := r.invoke(1, "lib-full", 1, 1); res.Err == nil || res.Err.Code != call.CodeOutOfMemory || res.Err.Fatal {
		t.Fatalf("an invocation whose module does not fit: %+v", res.Err)
	}
	if res := r.preload(2, "lib-full", true); res.Err == nil || res.Err.Code != call.CodeOutOfMemory {
		t.Fatalf("a preload whose module does not fit: %+v", res.Err)
	}
	if res := r.preload(3, "lib-ok", true); res.Err != nil {
		t.Fatalf("a preload that fits: %+v", res.Err)
	}
}

// What a preload loads ranks below what invocations used: with room for two modules, a module
// an invocation used survives a third library's load, and the preloaded one (never invoked) goes.
func TestPreloadRanksLast(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{MaxModuleBytes: 2*minModuleBytes + 100, NoGraphs: true})
	r.invoke(1, "lib-a", 1, 1)
	if res := r.preload(2, "lib-b", true); res.Err != nil {
		t.Fatalf("the preload: %+v", res.Err)
	}
	if res := r.invoke(3, "lib-c", 1, 1); res.Err != nil || res.Stages.Evictions != 1 {
		t.Fatalf("a third library: %+v", res)
	}
	if res := r.invoke(1, "lib-a", 1, 2); res.Stages.Module != ModuleHit {
		t.Fatalf("the invoked library was evicted for the preloaded one: module stage %d", res.Stages.Module)
	}
	if res := r.preload(2, "lib-b", false); res.Err == nil || res.Err.Code != call.CodeLibraryMissing {
		t.Fatalf("the preloaded library should have gone: %+v", res.Err)
	}
}
