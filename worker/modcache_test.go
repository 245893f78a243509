package worker

import (
	"crypto/sha256"
	"debug/elf"
	"encoding/binary"
	"os"
	"strings"
	"testing"

	"gpufn/gpu/gpufake"
	"gpufn/libscan"
	"gpufn/shm"
)

// A cubin counts the code, constant banks and globals the driver places on the device: here
// cross-checked by section name against the section table; anything else counts its length.
func TestModuleFootprint(t *testing.T) {
	for _, name := range []string{"module.cubin", "mlops.cubin", "testkernels.cubin"} {
		img, err := os.ReadFile("../libscan/testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := elf.NewFile(strings.NewReader(string(img)))
		if err != nil {
			t.Fatal(err)
		}
		var want uint64
		for _, s := range f.Sections {
			if strings.HasPrefix(s.Name, ".text.") || strings.HasPrefix(s.Name, ".nv.constant") || strings.HasPrefix(s.Name, ".nv.global") {
				want += s.Size
			}
		}
		want = max(want, minModuleBytes)
		if got := ModuleFootprint(img); got != want || got >= uint64(len(img)) && want > minModuleBytes {
			t.Errorf("%s (%d bytes): footprint %d; want %d", name, len(img), got, want)
		}
	}
	ptx := strings.Repeat(".visible .entry k() { ret; }\n", 6000) // over the floor
	if got := ModuleFootprint([]byte(ptx)); got != uint64(len(ptx)) {
		t.Errorf("PTX of %d bytes: footprint %d", len(ptx), got)
	}
	if got := ModuleFootprint([]byte("tiny")); got != minModuleBytes {
		t.Errorf("a tiny image: footprint %d; want the floor %d", got, minModuleBytes)
	}
	bad := append([]byte(elf.ELFMAG), make([]byte, 200000)...) // an ELF magic and garbage
	if got := ModuleFootprint(bad); got != uint64(len(bad)) {
		t.Errorf("a broken ELF of %d bytes: footprint %d; want its length", len(bad), got)
	}
}

// The module cache is bounded by bytes: with room for two modules, a third evicts the least
// recently used, and each result says what the cache did.
func TestModuleCacheBoundedByBytes(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{MaxModuleBytes: 2*minModuleBytes + 100, NoGraphs: true})
	check := func(res *Result, what string, module, evicted, held int64) {
		t.Helper()
		st := res.Stages
		if st.Module != module || st.Evictions != evicted || st.CacheBytes != held*minModuleBytes {
			t.Fatalf("%s: module %d, evicted %d, cache bytes %d; want %d, %d, %d", what, st.Module, st.Evictions, st.CacheBytes, module, evicted, held*minModuleBytes)
		}
	}
	check(r.invoke(1, "lib-a", 1, 1), "a", ModuleLoaded, 0, 1)
	check(r.invoke(2, "lib-b", 1, 1), "b", ModuleLoaded, 0, 2)
	check(r.invoke(1, "lib-a", 1, 2), "a again", ModuleHit, 0, 2)
	check(r.invoke(3, "lib-c", 1, 1), "c", ModuleLoaded, 1, 2) // evicts b, the least recently used
	check(r.invoke(1, "lib-a", 1, 3), "a kept", ModuleHit, 0, 2)
	res := r.invoke(2, "lib-b", 1, 1) // b was evicted: loaded again (its image travels), evicting c
	check(res, "b again", ModuleLoaded, 1, 2)
	st := r.ex.ModuleCache()
	if st.Hits != 2 || st.Misses != 4 || st.Evictions != 2 || st.Modules != 2 || st.Bytes != 2*minModuleBytes {
		t.Fatalf("cache stats %+v", st)
	}
}

// twoLibConfig is chainConfig with its kernels in two libraries (Dandelion v2's "modules"):
// copy in liba, mul2 and add1 in libb.
const twoLibConfig = `{
  "modules": [{"module_name": "a", "path": "liba"}, {"module_name": "b", "path": "libb"}],
  "kernels": [{"module_name": "a", "kernel_name": "copy"}, {"module_name": "b", "kernel_name": "mul2"}, {"module_name": "b", "kernel_name": "add1"}],
  "blueprint": {
    "inputs": ["A"],
    "buffers": {"B": {"Absolute": 8}},
    "outputs": ["B"],
    "control_flow": [
      {"ExecKernel": ["copy", [{"Ptr": "B"}, {"Ptr": "A"}], ` + oneThread + `]},
      {"Repeat": [{"FromInput": {"bufname": "A", "idx": 0}}, [
        {"ExecKernel": ["mul2", [{"Ptr": "B"}], ` + oneThread + `]},
        {"ExecKernel": ["add1", [{"Ptr": "B"}, {"Constant": 1}], ` + oneThread + `]}
      ]]}
    ]
  }
}`

// A function whose kernels come from several libraries loads a module per library, each
// counted by its size; its own modules are never evicted to make room for one another (they
// stay loaded together even past the bound), and the next load makes room again.
func TestModuleCacheSeveralLibraries(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{MaxModuleBytes: minModuleBytes, NoGraphs: true})
	ref := func(lib string) LibRef {
		return LibRef{Hash: sha256.Sum256([]byte(lib)), Kind: libscan.KindPTX, Image: []byte(lib)}
	}
	twoLibs := func() *Result {
		r.id++
		binary.LittleEndian.PutUint64(r.mem[0:], 2)
		binary.LittleEndian.PutUint64(r.mem[8:], 5)
		req := &Invoke{ID: r.id, FuncID: 7, Config: []byte(twoLibConfig), Lib: ref("liba"), Extra: []LibRef{ref("libb")},
			Inputs: []shm.Span{{Off: 0, Len: 16}}, Output: shm.Span{Off: 1024, Len: 1024}}
		var res Result
		r.ex.Run(req, r.mem, &res)
		if res.Err != nil {
			t.Fatalf("two libraries: %v", res.Err)
		}
		if got := binary.LittleEndian.Uint64(r.mem[res.Outputs[0].Off:]); got != chainWant(2, 5) {
			t.Fatalf("two libraries: output %d, want %d", got, chainWant(2, 5))
		}
		return &res
	}
	check := func(what string, st Stages, module, evicted, held int64) {
		t.Helper()
		if st.Module != module || st.Evictions != evicted || st.CacheBytes != held*minModuleBytes {
			t.Fatalf("%s: module %d, evictions %d, cache bytes %d; want %d, %d, %d", what, st.Module, st.Evictions, st.CacheBytes, module, evicted, held*minModuleBytes)
		}
	}
	check("both loaded, past the bound", twoLibs().Stages, ModuleLoaded, 0, 2)
	check("both cached", twoLibs().Stages, ModuleHit, 0, 2)
	check("another library makes room", r.invoke(1, "C", 1, 1).Stages, ModuleLoaded, 2, 1)
	check("liba evicts C, libb evicts nothing", twoLibs().Stages, ModuleLoaded, 1, 2)
	if st := r.ex.ModuleCache(); st.Hits != 2 || st.Misses != 5 || st.Evictions != 3 || st.Modules != 2 {
		t.Fatalf("cache stats %+v; want 2 hits (one invocation, two modules), 5 misses, 3 evictions, 2 modules", st)
	}
}
