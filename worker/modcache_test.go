package worker

import (
	"debug/elf"
	"os"
	"strings"
	"testing"

	"gpufn/gpu/gpufake"
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
	ptx := strings.Repeat(".visible .entry k() { ret; }\n", 1000)
	if got := ModuleFootprint([]byte(ptx)); got != uint64(len(ptx)) {
		t.Errorf("PTX of %d bytes: footprint %d", len(ptx), got)
	}
	if got := ModuleFootprint([]byte("tiny")); got != minModuleBytes {
		t.Errorf("a tiny image: footprint %d; want the floor %d", got, minModuleBytes)
	}
	bad := append([]byte(elf.ELFMAG), make([]byte, 8000)...) // an ELF magic and garbage
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
		if st.Module != module || st.Evicted != evicted || st.CacheBytes != held*minModuleBytes {
			t.Fatalf("%s: module %d, evicted %d, cache bytes %d; want %d, %d, %d", what, st.Module, st.Evicted, st.CacheBytes, module, evicted, held*minModuleBytes)
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
