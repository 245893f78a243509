package cuda

import (
	"bytes"
	"debug/elf"
	"errors"
	"strings"
	"testing"

	"gpufn/examples"
	"gpufn/gpu"
	"gpufn/libscan"
)

// These tests need an NVIDIA GPU; without one (CI) they skip.

// undefinedSymbols lists the undefined symbols of an ELF, read here with debug/elf alone (not
// libscan), so that the test does not take the scanner's word for what the cubin holds.
func undefinedSymbols(t *testing.T, cubin []byte) []string {
	t.Helper()
	f, err := elf.NewFile(bytes.NewReader(cubin))
	if err != nil {
		t.Fatalf("the cubin is no ELF: %v", err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil && !errors.Is(err, elf.ErrNoSymbols) {
		t.Fatalf("symbols: %v", err)
	}
	var out []string
	for _, s := range syms {
		if s.Section == elf.SHN_UNDEF && s.Name != "" {
			out = append(out, s.Name)
		}
	}
	return out
}

// The example PTX compiles to a cubin for this GPU that has the PTX's kernels with their
// parameter sizes, loads, and runs.
func TestCompilePTXExamples(t *testing.T) {
	d := open(t)
	info := d.Info()
	if !strings.HasPrefix(info.Compiler, "CUDA ") {
		t.Errorf("Info().Compiler = %q", info.Compiler)
	}
	t.Logf("compiler: %s", info.Compiler)
	for _, name := range examples.Libraries() {
		ptx := examples.MustPTX(name)
		cubin, log, err := d.CompilePTX(ptx)
		if err != nil {
			t.Fatalf("%s: CompilePTX: %v", name, err)
		}
		t.Logf("%s: %d bytes of PTX -> %d bytes of cubin; info log %q; undefined %v", name, len(ptx), len(cubin), log, undefinedSymbols(t, cubin))
		want, err := libscan.Scan(ptx)
		if err != nil {
			t.Fatal(err)
		}
		got, err := libscan.Scan(cubin)
		if err != nil {
			t.Fatalf("%s: scanning the cubin: %v", name, err)
		}
		if got.Kind != libscan.KindCubin || got.Arch != info.Arch {
			t.Errorf("%s: the cubin is %s for %s; want a cubin for %s", name, got.Kind, got.Arch, info.Arch)
		}
		if g, w := strings.Join(got.KernelNames(), ","), strings.Join(want.KernelNames(), ","); g != w {
			t.Errorf("%s: cubin kernels %s; PTX kernels %s", name, g, w)
		}
		for _, k := range want.Kernels {
			if gk := got.Kernel(k.Name); gk != nil && gk.Params != nil && !equalInts(gk.Params, k.Params) {
				t.Errorf("%s: %s params %v in the cubin, %v in the PTX", name, k.Name, gk.Params, k.Params)
			}
		}
		m, err := d.LoadModule(cubin)
		if err != nil {
			t.Fatalf("%s: loading the cubin: %v", name, err)
		}
		for _, k := range want.KernelNames() {
			if _, err := d.Function(m, k); err != nil {
				t.Errorf("%s: kernel %s: %v", name, k, err)
			}
		}
		if name == "testkernels" {
			fill, err := d.Function(m, "fill_u8")
			if err != nil {
				t.Fatal(err)
			}
			const n = 4096
			p := alloc(t, d, n)
			if err := d.Launch(fill, gpu.Dim3{X: 16, Y: 1, Z: 1}, gpu.Dim3{X: 256, Y: 1, Z: 1}, 0, []uint64{uint64(p), n, 0x5a}); err != nil {
				t.Fatal(err)
			}
			out := make([]byte, n)
			if err := d.CopyFromDevice(out, p); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, bytes.Repeat([]byte{0x5a}, n)) {
				t.Errorf("fill_u8 from the compiled cubin did not fill")
			}
		}
		if err := d.UnloadModule(m); err != nil {
			t.Error(err)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The heap functions stay undefined symbols of the compiled cubin, where libscan finds them:
// the refusal of device malloc at upload rests on this. Every hostile PTX (the .file "/*"
// bypass and its variants) either fails to compile or compiles to a cubin with the heap
// function undefined, which libscan refuses; those known to compile must compile.
func TestCompilePTXKeepsHeapCallsUndefined(t *testing.T) {
	d := open(t)
	cases := append([]examples.Hostile{{Name: "examples/malloc", PTX: examples.MallocPTX(), Calls: "malloc", Compiles: true}}, examples.HostilePTX()...)
	for _, h := range cases {
		cubin, log, err := d.CompilePTX(h.PTX)
		if err != nil {
			if gpu.IsFatal(err) {
				t.Fatalf("%s: compiling lost the device: %v", h.Name, err)
			}
			if h.Compiles {
				t.Errorf("%s: CompilePTX: %v (log %q); want a cubin", h.Name, err, log)
			} else if !errors.Is(err, gpu.ErrInvalidImage) || log == "" {
				t.Errorf("%s: CompilePTX: %v (log %q); want gpu.ErrInvalidImage with the compiler's log", h.Name, err, log)
			} else {
				t.Logf("%s: does not compile (refused at upload as compile_failed): %s", h.Name, firstLine(log))
			}
			continue
		}
		und := undefinedSymbols(t, cubin)
		t.Logf("%s: compiles; undefined symbols %v", h.Name, und)
		found := false
		for _, s := range und {
			found = found || s == h.Calls
		}
		if !found {
			t.Errorf("%s: the cubin does not have %q undefined (it has %v)", h.Name, h.Calls, und)
		}
		_, err = libscan.Scan(cubin)
		if !errors.Is(err, libscan.ErrBadLibrary) || !strings.Contains(err.Error(), `"`+h.Calls+`"`) {
			t.Errorf("%s: scanning the cubin: %v; want a refusal naming %q", h.Name, err, h.Calls)
		}
	}
	// printf is allowed: vprintf is undefined in testkernels' cubin, and the scan passes.
	cubin, _, err := d.CompilePTX(examples.MustPTX("testkernels"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := libscan.Scan(cubin); err != nil {
		t.Errorf("testkernels' cubin: %v", err)
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// A PTX that does not compile is gpu.ErrInvalidImage with the compiler's error log, and leaves
// the device usable: the next compile works.
func TestCompilePTXFailure(t *testing.T) {
	d := open(t)
	bad := []byte(".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\tnot_an_instruction %r1;\n\tret;\n}\n")
	_, log, err := d.CompilePTX(bad)
	if !errors.Is(err, gpu.ErrInvalidImage) || gpu.IsFatal(err) || log == "" || !strings.Contains(err.Error(), log) {
		t.Fatalf("CompilePTX(bad): %v, log %q; want gpu.ErrInvalidImage with the log", err, log)
	}
	t.Logf("log: %s", log)
	if _, _, err := d.CompilePTX(nil); !errors.Is(err, gpu.ErrInvalidImage) {
		t.Errorf("CompilePTX(nil): %v", err)
	}
	if _, _, err := d.CompilePTX(examples.MustPTX("module")); err != nil {
		t.Errorf("a good PTX after a bad one: %v", err)
	}
}
