package cuda

import (
	"bytes"
	"debug/elf"
	"strings"
	"testing"

	"gpufn/examples"
	"gpufn/gpu"
)

// allocBytes is the sum of a cubin's sections allocated on the device, less the kernels' shared
// and local memory: what the worker's module cache counts for it (worker.ModuleFootprint,
// which this package may not import), at least 128 KiB (worker's minModuleBytes: the driver
// places each module in an allocation of its own, about 131 KiB for a small one on the H100).
func allocBytes(t *testing.T, cubin []byte) uint64 {
	t.Helper()
	f, err := elf.NewFile(bytes.NewReader(cubin))
	if err != nil {
		t.Fatal(err)
	}
	var n uint64
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_ALLOC != 0 && !strings.HasPrefix(s.Name, ".nv.shared.") && !strings.HasPrefix(s.Name, ".nv.local.") {
			n += s.Size
		}
	}
	return max(n, 128<<10)
}

// The device memory a loaded module takes, measured as the fall of free device memory over
// 500 loads of each example's cubin, against what the worker's module cache counts for it
// (docs/engines.md, "Cold starts and the module cache"). It fails when a module takes more
// than 4 times the count: the cache's bound (--module-cache-bytes) would then be that far off.
// Run alone on the GPU: another process allocating meanwhile would skew the measure.
func TestModuleFootprintMeasured(t *testing.T) {
	d := open(t)
	const copies = 500
	for _, name := range examples.Libraries() {
		cubin, _, err := d.CompilePTX(examples.MustPTX(name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		est := allocBytes(t, cubin)
		before := d.Info().FreeMem
		mods := make([]gpu.Module, 0, copies)
		for range copies {
			m, err := d.LoadModule(cubin)
			if err != nil {
				t.Fatalf("%s: load %d: %v", name, len(mods), err)
			}
			mods = append(mods, m)
		}
		after := d.Info().FreeMem
		for _, m := range mods {
			if err := d.UnloadModule(m); err != nil {
				t.Fatal(err)
			}
		}
		var per uint64
		if before > after {
			per = (before - after) / copies
		}
		t.Logf("%s: cubin %d B, counted %d B, measured %d B per module (free memory %d -> %d over %d loads)", name, len(cubin), est, per, before, after, copies)
		if per > 4*est {
			t.Errorf("%s: a module takes %d B of device memory, over 4x the %d B the module cache counts", name, per, est)
		}
	}
}
