package dispatcher

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"gpufn/auth"
	"gpufn/call"
	"gpufn/examples"
	"gpufn/gpu"
	"gpufn/gpu/gpufake"
	"gpufn/libscan"
	"gpufn/store"
)

// fakeCompiler is a Compiler whose answers the test scripts: by default the committed cubin
// of an example PTX (libscan/testdata, built by nvcc from the same sources).
type fakeCompiler struct {
	mu      sync.Mutex
	version string
	calls   int
	script  func(ptx []byte) ([]byte, string, error) // nil: the examples' cubins
}

func (f *fakeCompiler) Compile(ctx context.Context, arch string, ptx []byte, maxCubin int) ([]byte, string, string, error) {
	f.mu.Lock()
	f.calls++
	script, version := f.script, f.version
	f.mu.Unlock()
	if script == nil {
		script = exampleCubins
	}
	cubin, log, err := script(ptx)
	return cubin, version, log, err
}

func (f *fakeCompiler) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

func cubinFile(name string) []byte {
	b, err := os.ReadFile(filepath.Join("..", "libscan", "testdata", name+".cubin"))
	if err != nil {
		panic(err)
	}
	return b
}

// exampleCubins compiles an example's PTX to its committed cubin.
func exampleCubins(ptx []byte) ([]byte, string, error) {
	for _, name := range examples.Libraries() {
		if bytes.Equal(ptx, examples.MustPTX(name)) {
			return cubinFile(name), "ptxas info: used 12 registers", nil
		}
	}
	return nil, "ptxas fatal: no script for this PTX", &call.Error{Code: call.CodeCompileFailed, Message: "no script"}
}

// newCUDA makes the dispatcher of a CUDA server of one H100 with a fake compiler.
func newCUDA(t *testing.T, cc *fakeCompiler, st *store.Store) *Dispatcher {
	t.Helper()
	info := gpufake.New(gpufake.Options{}).Info()
	info.Kind, info.Arch, info.Compiler = "cuda", "sm_90", cc.version
	return New(Config{Device: "cuda", Info: info, Compiler: cc, Store: st}, nil)
}

// args8 is a function of testkernels.
var args8Config = []byte(`{"module_path": "tk", "kernels": ["args8"], "blueprint": {
  "inputs": [], "buffers": {"OUT": {"Absolute": 40}}, "outputs": ["OUT"],
  "control_flow": [{"ExecKernel": ["args8", [{"Ptr": "OUT"}, {"Constant": 1}, {"Constant": -2}, {"Constant": 3}, {"Sizeof": "OUT"}, {"Constant": 5}],
    {"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
     "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
     "shared_mem_bytes": {"Absolute": 0}}]}]}}`)

func lookup(t *testing.T, d *Dispatcher, who auth.Identity, name string) *call.Function {
	t.Helper()
	fn, err := d.Lookup(who, who.TenantBytes, []byte(name))
	if err != nil {
		t.Fatalf("Lookup(%s): %v", name, err)
	}
	return fn
}

// An uploaded PTX is compiled once, at upload: the answer says so (compiler, cubin size,
// time), the view still describes the upload, and workers get the cubin. The same PTX again
// comes from the cache (per tenant: another tenant's upload compiles).
func TestCompileAtUpload(t *testing.T) {
	cc := &fakeCompiler{version: "cc 1"}
	d := newCUDA(t, cc, nil)
	alice, bob := tenant("alice"), tenant("bob")
	ptx := examples.MustPTX("testkernels")
	v, created, err := d.PutLibrary(alice, "alice", "tk", ptx)
	if err != nil || !created {
		t.Fatalf("PutLibrary: %v", err)
	}
	want := cubinFile("testkernels")
	if v.Kind != libscan.KindPTX || v.Size != len(ptx) || v.SHA256 != hexSum(ptx) || len(v.Compiled) != 1 {
		t.Fatalf("view %+v", v)
	}
	if c := v.Compiled[0]; c.Arch != "sm_90" || c.Compiler != "cc 1" || c.CubinBytes != len(want) || c.Source != "compiled" || c.CompileMS <= 0 || c.Log == "" {
		t.Fatalf("compiled %+v", c)
	}
	if _, _, err := d.PutFunction(alice, "alice", "args", args8Config); err != nil {
		t.Fatal(err)
	}
	fn := lookup(t, d, alice, "args")
	if fn.Lib.Kind != libscan.KindCubin || !bytes.Equal(fn.Lib.Image, want) || fn.Lib.Hash != sha256.Sum256(want) {
		t.Fatalf("workers get a %s of %d bytes; want the cubin", fn.Lib.Kind, len(fn.Lib.Image))
	}
	v, _, err = d.PutLibrary(alice, "alice", "tk2", ptx)
	if err != nil || v.Compiled[0].Source != "cache" || v.Compiled[0].CompileMS != 0 || cc.count() != 1 {
		t.Fatalf("the same PTX again: %+v %v, %d compiles", v.Compiled, err, cc.count())
	}
	if v, _, err = d.PutLibrary(bob, "bob", "tk", ptx); err != nil || v.Compiled[0].Source != "compiled" || cc.count() != 2 {
		t.Fatalf("another tenant's upload: %+v %v, %d compiles", v.Compiled, err, cc.count())
	}
	// A tenant at its library limit is refused before its upload is compiled.
	small := New(Config{Device: "cuda", Info: d.cfg.Info, Compiler: cc, MaxLibraries: 1}, nil)
	if _, _, err := small.PutLibrary(alice, "alice", "a", ptx); err != nil {
		t.Fatal(err)
	}
	n := cc.count()
	if _, _, err := small.PutLibrary(alice, "alice", "b", append(bytes.Clone(ptx), "// b\n"...)); CodeOf(err) != call.CodeLimitReached || cc.count() != n {
		t.Fatalf("at the limit: %v, %d compiles", err, cc.count()-n)
	}
	// Listing shows the compile too.
	lv, err := d.Library(alice, "alice", "tk")
	if err != nil || len(lv.Compiled) != 1 || lv.Kind != libscan.KindPTX {
		t.Fatalf("Library: %+v %v", lv, err)
	}
}

func hexSum(b []byte) string {
	s := sha256.Sum256(b)
	const digits = "0123456789abcdef"
	out := make([]byte, 64)
	for i, c := range s {
		out[2*i], out[2*i+1] = digits[c>>4], digits[c&15]
	}
	return string(out)
}

// A PTX that does not compile is 422 compile_failed with the compiler's log, and is not
// registered.
func TestCompileFailedIs422WithTheLog(t *testing.T) {
	cc := &fakeCompiler{version: "cc 1", script: func([]byte) ([]byte, string, error) {
		return nil, "ptxas application ptx input, line 14; error   : Unknown symbol 'nope'", &call.Error{Code: call.CodeCompileFailed, Message: "cuLinkAddData_v2: CUDA_ERROR_INVALID_PTX"}
	}}
	d := newCUDA(t, cc, nil)
	_, _, err := d.PutLibrary(admin, admin.Tenant, "tk", examples.MustPTX("testkernels"))
	var de *Error
	if !errors.As(err, &de) || de.Code != call.CodeCompileFailed || de.Code.Status() != 422 ||
		!strings.Contains(de.Message, "does not compile for sm_90") || !strings.Contains(de.Message, "Unknown symbol 'nope'") {
		t.Fatalf("err = %v; want 422 compile_failed with the log", err)
	}
	if _, err := d.Library(admin, admin.Tenant, "tk"); CodeOf(err) != call.CodeNotFound {
		t.Fatalf("the library was registered: %v", err)
	}
	// A compiler that cannot be reached is unavailable (503), not the library's fault.
	cc.script = func([]byte) ([]byte, string, error) {
		return nil, "", &call.Error{Code: call.CodeUnavailable, Message: "starting the sm_90 compiler: no device"}
	}
	if _, _, err := d.PutLibrary(admin, admin.Tenant, "tk", examples.MustPTX("testkernels")); CodeOf(err) != call.CodeUnavailable {
		t.Fatalf("unreachable compiler: %v", err)
	}
}

// heapFreePTX is a PTX whose text has no trace of the heap: kernel uses_malloc(u64), doing
// nothing, as the scanner reads it.
var heapFreePTX = []byte(".version 8.0\n.target sm_90\n.address_size 64\n\n.visible .entry uses_malloc(\n\t.param .u64 uses_malloc_param_0\n)\n{\n\tret;\n}\n")

// The heap refusal is the cubin's: a PTX whose text hides the call (here: shows nothing at
// all), compiled to a cubin with malloc undefined, is 422 invalid_library naming malloc.
func TestHeapRefusalDecidedOnTheCubin(t *testing.T) {
	if _, err := libscan.Scan(heapFreePTX); err != nil {
		t.Fatalf("the text scanner refuses the PTX already: %v", err)
	}
	cc := &fakeCompiler{version: "cc 1", script: func([]byte) ([]byte, string, error) { return cubinFile("malloc"), "", nil }}
	d := newCUDA(t, cc, nil)
	_, _, err := d.PutLibrary(admin, admin.Tenant, "sneaky", heapFreePTX)
	var de *Error
	if !errors.As(err, &de) || de.Code != call.CodeInvalidLibrary || de.Code.Status() != 422 || !strings.Contains(de.Message, `"malloc"`) || !strings.Contains(de.Message, "compiled for sm_90") {
		t.Fatalf("err = %v; want 422 invalid_library naming malloc", err)
	}
	// The hostile library never reaches the compiler: the text filter refuses each first.
	for _, h := range examples.HostilePTX() {
		if _, _, err := d.PutLibrary(admin, admin.Tenant, "h", h.PTX); CodeOf(err) != call.CodeInvalidLibrary {
			t.Errorf("%s: %v; want invalid_library", h.Name, err)
		}
	}
	if cc.count() != 1 {
		t.Errorf("%d compiles; want 1", cc.count())
	}
}

// A cubin whose kernels are not the ones the scanner read in the PTX (or take other parameter
// sizes) means the scanner read the text otherwise than the compiler: refused.
func TestCubinMustHaveThePTXsKernels(t *testing.T) {
	cc := &fakeCompiler{version: "cc 1", script: func([]byte) ([]byte, string, error) { return cubinFile("module"), "", nil }}
	d := newCUDA(t, cc, nil)
	_, _, err := d.PutLibrary(admin, admin.Tenant, "x", examples.MustPTX("testkernels"))
	if CodeOf(err) != call.CodeInvalidLibrary || !strings.Contains(err.Error(), "reads otherwise than the compiler") {
		t.Fatalf("other kernels: %v", err)
	}
	// uses_malloc with two parameters as the scanner reads it; the cubin's takes one.
	twoParams := bytes.Replace(heapFreePTX, []byte(".param .u64 uses_malloc_param_0"), []byte(".param .u64 uses_malloc_param_0,\n\t.param .u64 uses_malloc_param_1"), 1)
	cc.script = func([]byte) ([]byte, string, error) { return stripMalloc(t), "", nil }
	if _, _, err := d.PutLibrary(admin, admin.Tenant, "y", twoParams); CodeOf(err) != call.CodeInvalidLibrary || !strings.Contains(err.Error(), "parameters") {
		t.Fatalf("other parameter sizes: %v", err)
	}
	if _, _, err := d.PutLibrary(admin, admin.Tenant, "z", heapFreePTX); err != nil {
		t.Fatalf("the same kernel and parameters: %v", err)
	}
}

// stripMalloc is malloc.cubin with its heap symbols renamed (same length, so the ELF stays
// valid): a cubin of kernel uses_malloc(u64) that libscan accepts.
func stripMalloc(t *testing.T) []byte {
	b := cubinFile("malloc")
	b = bytes.ReplaceAll(b, []byte("\x00malloc\x00"), []byte("\x00mallox\x00"))
	b = bytes.ReplaceAll(b, []byte("\x00free\x00"), []byte("\x00frex\x00"))
	info, err := libscan.Scan(b)
	if err != nil || info.Kernel("uses_malloc") == nil {
		t.Fatalf("the renamed cubin: %v %+v", err, info)
	}
	return b
}

// With a data directory the cubin is stored beside the library: a restart under the same
// compiler uses it (no compile); under another (a driver change) the library is restored
// pending, runs from its PTX meanwhile, and CompilePending compiles it and rebinds its
// functions to the cubin, which is stored again.
func TestCompiledCubinsStoredAndInvalidated(t *testing.T) {
	dir := t.TempDir()
	st, err := store.Open(dir, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	cc := &fakeCompiler{version: "cc 1"}
	d := newCUDA(t, cc, st)
	alice := tenant("alice")
	ptx := examples.MustPTX("testkernels")
	if _, _, err := d.PutLibrary(alice, "alice", "tk", ptx); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.PutFunction(alice, "alice", "args", args8Config); err != nil {
		t.Fatal(err)
	}
	c, err := st.LoadCubin("alice", "tk", "sm_90")
	if err != nil || c.Compiler != "cc 1" || c.PTXSHA256 != sha256.Sum256(ptx) || !bytes.Equal(c.Image, cubinFile("testkernels")) {
		t.Fatalf("stored cubin %+v %v", c.Compiler, err)
	}
	restart := func(version string) (*Dispatcher, *fakeCompiler) {
		t.Helper()
		libs, fns, problems, err := st.Load()
		if err != nil || len(problems) > 0 {
			t.Fatalf("Load: %v %v", err, problems)
		}
		cc := &fakeCompiler{version: version}
		d := newCUDA(t, cc, st)
		if errs := d.Restore(libs, fns); len(errs) > 0 {
			t.Fatalf("Restore: %v", errs)
		}
		return d, cc
	}
	// Same compiler: the stored cubin, no compile.
	d2, cc2 := restart("cc 1")
	if fn := lookup(t, d2, alice, "args"); fn.Lib.Kind != libscan.KindCubin || cc2.count() != 0 {
		t.Fatalf("restart: workers get a %s; %d compiles", fn.Lib.Kind, cc2.count())
	}
	if v, _ := d2.Library(alice, "alice", "tk"); v.CompilePending || len(v.Compiled) != 1 || v.Compiled[0].Source != "stored" {
		t.Fatalf("restart view %+v", v)
	}
	if errs := d2.CompilePending(context.Background()); len(errs) > 0 || cc2.count() != 0 {
		t.Fatalf("nothing pending: %v, %d compiles", errs, cc2.count())
	}
	// Another compiler: pending, the PTX meanwhile, then compiled.
	d3, cc3 := restart("cc 2")
	before := lookup(t, d3, alice, "args")
	if v, _ := d3.Library(alice, "alice", "tk"); !v.CompilePending || before.Lib.Kind != libscan.KindPTX || cc3.count() != 0 {
		t.Fatalf("after a driver change: pending %v, workers get a %s, %d compiles", v.CompilePending, before.Lib.Kind, cc3.count())
	}
	if errs := d3.CompilePending(context.Background()); len(errs) > 0 || cc3.count() != 1 {
		t.Fatalf("CompilePending: %v, %d compiles", errs, cc3.count())
	}
	after := lookup(t, d3, alice, "args")
	if after.Lib.Kind != libscan.KindCubin || after.ID == before.ID {
		t.Fatalf("after the compile: workers get a %s (function %d, was %d)", after.Lib.Kind, after.ID, before.ID)
	}
	if v, _ := d3.Library(alice, "alice", "tk"); v.CompilePending || v.Compiled[0].Compiler != "cc 2" || v.Compiled[0].Source != "compiled" {
		t.Fatalf("view after the compile %+v", v)
	}
	if c, err := st.LoadCubin("alice", "tk", "sm_90"); err != nil || c.Compiler != "cc 2" {
		t.Fatalf("stored cubin after the compile: %+v %v", c.Compiler, err)
	}
	// A new PTX under the name makes the stored cubin stale (another hash): compiled.
	if _, _, err := d3.PutLibrary(alice, "alice", "tk", append(bytes.Clone(ptx), "\n// v2\n"...)); CodeOf(err) != call.CodeCompileFailed {
		t.Fatalf("a changed PTX is compiled (the fake has no script for it): %v", err)
	}
	// Deleting the library deletes its cubins.
	if err := d3.DeleteFunction(alice, "alice", "args"); err != nil {
		t.Fatal(err)
	}
	if err := d3.DeleteLibrary(alice, "alice", "tk"); err != nil {
		t.Fatal(err)
	}
	if _, err := st.LoadCubin("alice", "tk", "sm_90"); !errors.Is(err, store.ErrNoCubin) {
		t.Fatalf("cubin after delete: %v", err)
	}
	st.Close()
}

// A stored PTX library that was never compiled (kept before compile at upload existed) and
// whose compiled code calls malloc is withdrawn by CompilePending, with its functions, from
// the registry and from the store.
func TestCompilePendingWithdrawsRefusedLibraries(t *testing.T) {
	st, err := store.Open(t.TempDir(), store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.PutLibrary(store.Library{Tenant: "alice", Name: "uses", Image: heapFreePTX}); err != nil {
		t.Fatal(err)
	}
	cfg := bytes.ReplaceAll(bytes.ReplaceAll(args8Config, []byte(`"tk"`), []byte(`"uses"`)), []byte("args8"), []byte("uses_malloc"))
	cfg = bytes.Replace(cfg, []byte(`[{"Ptr": "OUT"}, {"Constant": 1}, {"Constant": -2}, {"Constant": 3}, {"Sizeof": "OUT"}, {"Constant": 5}]`), []byte(`[{"Ptr": "OUT"}]`), 1)
	if err := st.PutFunction(store.Function{Tenant: "alice", Name: "f", Config: cfg}); err != nil {
		t.Fatal(err)
	}
	libs, fns, _, err := st.Load()
	if err != nil {
		t.Fatal(err)
	}
	cc := &fakeCompiler{version: "cc 1", script: func([]byte) ([]byte, string, error) { return cubinFile("malloc"), "", nil }}
	d := newCUDA(t, cc, st)
	if errs := d.Restore(libs, fns); len(errs) > 0 {
		t.Fatalf("Restore: %v", errs)
	}
	alice := tenant("alice")
	lookup(t, d, alice, "f") // usable meanwhile, from its PTX
	errs := d.CompilePending(context.Background())
	if len(errs) != 1 || CodeOf(errs[0]) != call.CodeInvalidLibrary {
		t.Fatalf("CompilePending: %v", errs)
	}
	if _, err := d.Lookup(alice, alice.TenantBytes, []byte("f")); err == nil {
		t.Fatal("the function of a refused library is still invocable")
	}
	if _, err := d.Library(alice, "alice", "uses"); CodeOf(err) != call.CodeNotFound {
		t.Fatalf("the refused library is still registered: %v", err)
	}
	libs, fns, _, _ = st.Load()
	if len(libs) != 0 || len(fns) != 0 {
		t.Fatalf("still stored: %d libraries, %d functions", len(libs), len(fns))
	}
}

// The cpu device compiles nothing, whatever the configuration says.
func TestCPUCompilesNothing(t *testing.T) {
	cc := &fakeCompiler{version: "cc 1"}
	d := New(Config{Device: "cpu", Info: gpu.Info{Kind: "cpu", Arch: "go"}, Compiler: cc}, nil)
	v, _, err := d.PutLibrary(admin, admin.Tenant, "tk", examples.MustPTX("testkernels"))
	if err != nil || len(v.Compiled) != 0 || cc.count() != 0 {
		t.Fatalf("%+v %v, %d compiles", v.Compiled, err, cc.count())
	}
}

// The cubin cache keeps at most its bytes, oldest out first; one compile leads, others wait.
func TestCubinCache(t *testing.T) {
	var c cubinCache
	c.init(10)
	k := func(n byte) cacheKey { return cacheKey{tenant: "t", ptx: [32]byte{n}, arch: "sm_90", version: "v"} }
	c.put(k(1), make([]byte, 4))
	c.put(k(2), make([]byte, 4))
	c.put(k(3), make([]byte, 4)) // evicts 1
	c.put(k(4), make([]byte, 11))
	if _, ok := c.get(k(1)); ok {
		t.Error("1 kept")
	}
	for _, n := range []byte{2, 3} {
		if _, ok := c.get(k(n)); !ok {
			t.Errorf("%d lost", n)
		}
	}
	if _, ok := c.get(k(4)); ok || c.bytes != 8 {
		t.Errorf("an entry over the bound was kept (%d bytes)", c.bytes)
	}
	f, lead := c.join(k(5))
	g, lead2 := c.join(k(5))
	if !lead || lead2 || f != g {
		t.Fatal("join")
	}
	f.cubin = []byte("x")
	c.leave(k(5), f)
	<-g.done
	if string(g.cubin) != "x" {
		t.Fatal("waiter's result")
	}
	if _, lead := c.join(k(5)); !lead {
		t.Fatal("a finished flight is led again")
	}
}

// withEntryArch returns a copy of a fatbin with its first cubin entry relabelled for another
// SM version (the fatbin then has no cubin an sm_90 GPU runs: the driver would JIT its PTX).
func withEntryArch(t *testing.T, fat []byte, sm uint32) []byte {
	t.Helper()
	b := bytes.Clone(fat)
	hdr := int(b[6]) | int(b[7])<<8
	e := hdr // the first entry, the cubin in nvcc's fatbins
	if kind := int(b[e]) | int(b[e+1])<<8; kind != 2 {
		t.Fatalf("the first entry is of kind %d", kind)
	}
	b[e+28], b[e+29], b[e+30], b[e+31] = byte(sm), 0, 0, 0
	return b
}

// A fatbin's PTX, which the driver JIT-compiles where the fatbin has no cubin for the GPU, is
// compiled at upload and decided on like an uploaded PTX: a heap call in its cubin is refused;
// a PTX that does not compile is refused only where no cubin of the fatbin runs instead.
func TestFatbinPTXDecidedOnItsCubin(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "libscan", "testdata", "testkernels.fatbin"))
	if err != nil {
		t.Fatal(err)
	}
	cc := &fakeCompiler{version: "cc 1", script: func([]byte) ([]byte, string, error) { return cubinFile("testkernels"), "", nil }}
	d := newCUDA(t, cc, nil)
	v, _, err := d.PutLibrary(admin, admin.Tenant, "fat", b)
	if err != nil || v.Kind != libscan.KindFatbin || len(v.Compiled) != 1 || v.Compiled[0].From != "fatbin PTX for sm_90" || cc.count() != 1 {
		t.Fatalf("a clean fatbin: %+v %v", v, err)
	}
	if _, _, err := d.PutFunction(admin, admin.Tenant, "args", bytes.Replace(args8Config, []byte(`"tk"`), []byte(`"fat"`), 1)); err != nil {
		t.Fatal(err)
	}
	if fn := lookup(t, d, admin, "args"); fn.Lib.Kind != libscan.KindFatbin || !bytes.Equal(fn.Lib.Image, b) {
		t.Fatalf("workers get a %s; want the fatbin as uploaded", fn.Lib.Kind)
	}
	// Its PTX compiles to a cubin that calls malloc: refused.
	cc.script = func([]byte) ([]byte, string, error) { return cubinFile("malloc"), "", nil }
	d = newCUDA(t, cc, nil)
	if _, _, err := d.PutLibrary(admin, admin.Tenant, "fat", b); CodeOf(err) != call.CodeInvalidLibrary || !strings.Contains(err.Error(), `"malloc"`) || !strings.Contains(err.Error(), "fatbin's PTX") {
		t.Fatalf("a fatbin whose PTX calls malloc: %v", err)
	}
	// Its PTX does not compile: fine beside a cubin for the GPU, refused without one.
	cc.script = func([]byte) ([]byte, string, error) {
		return nil, "ptxas fatal: Unsupported .version 9.0", &call.Error{Code: call.CodeCompileFailed, Message: "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"}
	}
	d = newCUDA(t, cc, nil)
	if v, _, err := d.PutLibrary(admin, admin.Tenant, "fat", b); err != nil || len(v.Compiled) != 0 {
		t.Fatalf("a fatbin with a cubin for the GPU and a PTX too new for the driver: %+v %v", v, err)
	}
	if _, _, err := d.PutLibrary(admin, admin.Tenant, "fat80", withEntryArch(t, b, 80)); CodeOf(err) != call.CodeCompileFailed || !strings.Contains(err.Error(), "Unsupported .version") {
		t.Fatalf("a fatbin whose only code for the GPU is a PTX that does not compile: %v", err)
	}
}
