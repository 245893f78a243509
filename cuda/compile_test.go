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

// heapCall is how a kernel declares and calls one heap function.
type heapCall struct {
	name, decl, call string
}

var heapCalls = []heapCall{
	{"malloc", ".extern .func  (.param .b64 func_retval0) malloc\n(\n\t.param .b64 malloc_param_0\n)\n;\n",
		"\t{\n\t.param .b64 param0;\n\tst.param.b64 \t[param0+0], 64;\n\t.param .b64 retval0;\n\tcall.uni (retval0), \n\tmalloc, \n\t(\n\tparam0\n\t);\n\tld.param.b64 \t%rd3, [retval0+0];\n\t}\n"},
	{"free", ".extern .func free\n(\n\t.param .b64 free_param_0\n)\n;\n",
		"\t{\n\t.param .b64 param0;\n\tst.param.b64 \t[param0+0], %rd1;\n\tcall.uni \n\tfree, \n\t(\n\tparam0\n\t);\n\t}\n\tmov.u64 \t%rd3, 0;\n"},
	{"__nv_aligned_device_malloc", ".extern .func  (.param .b64 func_retval0) __nv_aligned_device_malloc\n(\n\t.param .b64 p0,\n\t.param .b64 p1\n)\n;\n",
		"\t{\n\t.param .b64 param0;\n\tst.param.b64 \t[param0+0], 64;\n\t.param .b64 param1;\n\tst.param.b64 \t[param1+0], 16;\n\t.param .b64 retval0;\n\tcall.uni (retval0), \n\t__nv_aligned_device_malloc, \n\t(\n\tparam0, \n\tparam1\n\t);\n\tld.param.b64 \t%rd3, [retval0+0];\n\t}\n"},
}

// hidings wrap a declaration in what a text scanner may take for a comment or a string.
var hidings = map[string]func(decl string) string{
	"plain":          func(d string) string { return d },
	"file_comment":   func(d string) string { return ".file 1 \"/*\"\n" + d + ".file 2 \"*/\"\n" },
	"pragma_comment": func(d string) string { return ".pragma \"/*\";\n" + d + ".pragma \"*/\";\n" },
	"line_string":    func(d string) string { return ".file 1 \"//\" " + strings.ReplaceAll(d, "\n", " ") + "\n" },
	"block_comment":  func(d string) string { return "/*\n" + d + "*/\n" },
	"line_comment":   func(d string) string { return "// " + strings.ReplaceAll(d, "\n", " ") + "\n" },
	"no_extern":      func(d string) string { return strings.Replace(d, ".extern ", "", 1) },
	"weak":           func(d string) string { return strings.Replace(d, ".extern ", ".weak ", 1) },
	"escape":         func(d string) string { return ".file 1 \"x\\\"\n" + d + ".file 2 \"y\"\n" },
	"lone_cr":        func(d string) string { return "// c\r" + strings.ReplaceAll(d, "\n", " ") + "\n" },
}

// spacings rewrite a whole PTX's white space.
var spacings = map[string]func(ptx string) string{
	"lf":   func(p string) string { return p },
	"crlf": func(p string) string { return strings.ReplaceAll(p, "\n", "\r\n") },
	"tabs": func(p string) string { return strings.ReplaceAll(p, " ", "\t") },
	"vtab": func(p string) string { return strings.Replace(p, ".func", "\v.func", 1) },
}

// The text scanner against the compiled truth: for every generated PTX that hides a heap call
// (each heap function, each hiding, each spacing), whenever the compiler produces a cubin with
// the heap function undefined, the scanner must have refused the text already. The count of
// cases, of compiled ones and of text refusals of code that compiled clean is logged.
func TestScannerAgreesWithCompiler(t *testing.T) {
	d := open(t)
	var n, compiled, heapCubins, overcautious int
	for _, hc := range heapCalls {
		for hname, hide := range hidings {
			for sname, space := range spacings {
				n++
				ptx := space(".version 8.0\n.target sm_90\n.address_size 64\n\n" + hide(hc.decl) +
					"\n.visible .entry heap_probe(\n\t.param .u64 heap_probe_param_0\n)\n{\n\t.reg .b64 \t%rd<4>;\n\n\tld.param.u64 \t%rd1, [heap_probe_param_0];\n\tcvta.to.global.u64 \t%rd2, %rd1;\n" +
					hc.call + "\tst.global.u64 \t[%rd2], %rd3;\n\tret;\n}\n")
				_, textErr := libscan.Scan([]byte(ptx))
				cubin, _, err := d.CompilePTX([]byte(ptx))
				if gpu.IsFatal(err) {
					t.Fatalf("%s/%s/%s: compiling lost the device: %v", hc.name, hname, sname, err)
				}
				if err != nil {
					continue
				}
				compiled++
				heap := false
				for _, s := range undefinedSymbols(t, cubin) {
					heap = heap || s == hc.name
				}
				if heap {
					heapCubins++
					if textErr == nil {
						t.Errorf("%s/%s/%s: the cubin calls %s, and the text scanner accepted the PTX", hc.name, hname, sname, hc.name)
					}
					if _, err := libscan.Scan(cubin); err == nil {
						t.Errorf("%s/%s/%s: the cubin calls %s, and libscan accepts the cubin", hc.name, hname, sname, hc.name)
					}
				} else if textErr != nil {
					overcautious++
				}
			}
		}
	}
	t.Logf("%d generated PTX: %d compiled, %d to a cubin with a heap call (every one refused by the text scanner and by the cubin check), %d refused by the text scanner though their cubin has no heap call",
		n, compiled, heapCubins, overcautious)
}
