package cuda

import (
	"bytes"
	"debug/elf"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"gpufn/examples"
	"gpufn/gpu"
)

// A compiled cubin loads through both ways (cuModuleLoadData as LoadModule takes it, and
// cuModuleLoadDataEx with the JIT log) and its kernels are found; garbage behind an ELF magic is
// an invalid image, not a fault. The test also measures what each way costs, on the same cubin
// and on distinct copies of it (each with a global of its own, as the bench's cold copies
// are): the figures go to the log (go test -v), they are not judged here.
func TestModuleLoadCost(t *testing.T) {
	d := open(t)
	ptx := examples.MustPTX("mlops")
	cubin, _, err := d.CompilePTX(ptx)
	if err != nil {
		t.Fatal(err)
	}
	if !isELF(cubin) {
		t.Fatalf("CompilePTX gave %d bytes that are no ELF file", len(cubin))
	}
	if isELF(ptx) {
		t.Fatal("the PTX was taken for an ELF file")
	}
	for _, plain := range []bool{true, false} {
		m, err := d.loadModule(cubin, plain)
		if err != nil {
			t.Fatalf("loading the cubin (plain %v): %v", plain, err)
		}
		if _, err := d.Function(m, "matmul_para"); err != nil {
			t.Errorf("plain %v: matmul_para: %v", plain, err)
		}
		if err := d.UnloadModule(m); err != nil {
			t.Fatal(err)
		}
	}
	bad := append([]byte(elf.ELFMAG), bytes.Repeat([]byte{0x5a}, 200)...)
	if _, err := d.LoadModule(bad); !errors.Is(err, gpu.ErrInvalidImage) {
		t.Fatalf("an ELF magic before garbage: %v; want an invalid image", err)
	}

	// The same cubin, loaded and unloaded n times each way, interleaved.
	const n = 200
	cost := func(image []byte, plain bool) time.Duration {
		t0 := time.Now()
		m, err := d.loadModule(image, plain)
		dt := time.Since(t0)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.UnloadModule(m); err != nil {
			t.Fatal(err)
		}
		return dt
	}
	var plain, ex []time.Duration
	for range n {
		plain = append(plain, cost(cubin, true))
		ex = append(ex, cost(cubin, false))
	}
	t.Logf("the same cubin (%d bytes), %d loads each: cuModuleLoadData %s; cuModuleLoadDataEx with the JIT log %s", len(cubin), n, quantiles(plain), quantiles(ex))

	// Distinct copies, each compiled (as at upload) and loaded once each way.
	const copies = 20
	plain, ex = plain[:0], ex[:0]
	for i := range copies {
		c := bytes.Replace(ptx, []byte(".address_size 64\n"), fmt.Appendf(nil, ".address_size 64\n.global .align 8 .u64 load_cost_copy_%d;\n", i), 1)
		if bytes.Equal(c, ptx) {
			t.Fatal("the copy did not change the PTX: no .address_size line to follow")
		}
		cb, _, err := d.CompilePTX(c)
		if err != nil {
			t.Fatal(err)
		}
		plain = append(plain, cost(cb, true))
		ex = append(ex, cost(cb, false))
	}
	t.Logf("%d distinct copies with a global each: cuModuleLoadData %s; cuModuleLoadDataEx with the JIT log %s", copies, quantiles(plain), quantiles(ex))
}

// quantiles formats the p50 and p99 of ds (sorted in place).
func quantiles(ds []time.Duration) string {
	slices.Sort(ds)
	q := func(p float64) time.Duration { return ds[min(len(ds)-1, int(p*float64(len(ds))))] }
	return fmt.Sprintf("p50 %v p99 %v", q(0.50).Round(100*time.Nanosecond), q(0.99).Round(100*time.Nanosecond))
}
