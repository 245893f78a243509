package dispatcher

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"gpufn/auth"
	"gpufn/call"
	"gpufn/cpu"
	"gpufn/examples"
	"gpufn/store"
)

func newRegistry(t *testing.T, cfg Config) *Dispatcher {
	t.Helper()
	dev := cpu.New(cpu.Options{})
	defer dev.Close()
	cfg.Device, cfg.Info, cfg.Kernels = "cpu", dev.Info(), cpu.KernelNames()
	return New(cfg, nil)
}

func tenant(name string) auth.Identity {
	return auth.Identity{Tenant: name, TenantBytes: []byte(name), Token: auth.HashToken(name + "-token")}
}

var admin = auth.Identity{Tenant: "ops", TenantBytes: []byte("ops"), Admin: true}

func matmulConfig(t *testing.T) []byte {
	t.Helper()
	for _, f := range examples.Functions() {
		if f.Name == "matmul" {
			return f.Config
		}
	}
	t.Fatal("no matmul example")
	return nil
}

func register(t *testing.T, d *Dispatcher, who auth.Identity, name string) {
	t.Helper()
	if _, _, err := d.PutLibrary(who, who.Tenant, "mlops", examples.MustPTX("mlops")); err != nil {
		t.Fatalf("PutLibrary as %s: %v", who.Tenant, err)
	}
	if _, _, err := d.PutFunction(who, who.Tenant, name, matmulConfig(t)); err != nil {
		t.Fatalf("PutFunction as %s: %v", who.Tenant, err)
	}
}

func canInvoke(d *Dispatcher, who auth.Identity, owner, name string) bool {
	fn, err := d.Lookup(who, []byte(owner), []byte(name))
	return err == nil && fn != nil
}

// Namespaces: a tenant's function is invisible to others until its owner grants access, by
// tenant, by token or to everyone; only the owner (or an admin) changes who may.
func TestAccessRules(t *testing.T) {
	d := newRegistry(t, Config{})
	alice, bob, carol := tenant("alice"), tenant("bob"), tenant("carol")
	register(t, d, alice, "mm")
	register(t, d, bob, "mm") // the same name in another namespace

	for _, c := range []struct {
		who  auth.Identity
		want bool
	}{{alice, true}, {bob, false}, {carol, false}, {admin, true}} {
		if got := canInvoke(d, c.who, "alice", "mm"); got != c.want {
			t.Errorf("%s invoking alice/mm: %v, want %v", c.who.Tenant, got, c.want)
		}
	}
	if _, err := d.SetAccess(bob, "alice", "mm", Access{Public: true}); CodeOf(err).Status() != 404 {
		t.Fatalf("bob changing alice/mm's access: %v; want not found (he cannot see it)", err)
	}
	if _, err := d.SetAccess(alice, "alice", "mm", Access{Tenants: []string{"bob"}}); err != nil {
		t.Fatal(err)
	}
	if !canInvoke(d, bob, "alice", "mm") || canInvoke(d, carol, "alice", "mm") {
		t.Fatal("access by tenant: bob should, carol should not")
	}
	if _, err := d.SetAccess(bob, "alice", "mm", Access{Public: true}); CodeOf(err).Status() != 403 {
		t.Fatalf("bob (an invoker) changing access: %v; want forbidden", err)
	}
	if _, _, err := d.PutFunction(bob, "alice", "mm", matmulConfig(t)); CodeOf(err).Status() != 403 {
		t.Fatalf("bob (an invoker) re-registering alice/mm: %v; want forbidden", err)
	}
	v, err := d.SetAccess(alice, "alice", "mm", Access{Tokens: []string{"carol-token"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Access.Tokens) != 0 || len(v.Access.TokenSHA256) != 1 {
		t.Fatalf("the view shows tokens %v and hashes %v; want only the hash", v.Access.Tokens, v.Access.TokenSHA256)
	}
	if !canInvoke(d, carol, "alice", "mm") || canInvoke(d, bob, "alice", "mm") {
		t.Fatal("access by token: carol should, bob no longer")
	}
	if _, err := d.SetAccess(alice, "alice", "mm", Access{Public: true}); err != nil {
		t.Fatal(err)
	}
	if !canInvoke(d, carol, "alice", "mm") || !canInvoke(d, bob, "alice", "mm") {
		t.Fatal("public: everyone should")
	}
	// Re-registering keeps the access; bob's own mm is untouched throughout.
	if _, _, err := d.PutFunction(alice, "alice", "mm", matmulConfig(t)); err != nil {
		t.Fatal(err)
	}
	if !canInvoke(d, carol, "alice", "mm") || canInvoke(d, alice, "bob", "mm") {
		t.Fatal("after re-registration: alice/mm public, bob/mm still bob's alone")
	}
}

func TestLimitsAndConflicts(t *testing.T) {
	d := newRegistry(t, Config{MaxFunctions: 2, MaxLibraries: 1, MaxLibraryBytes: 1 << 20})
	alice := tenant("alice")
	register(t, d, alice, "a")
	if _, _, err := d.PutFunction(alice, "alice", "b", matmulConfig(t)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.PutFunction(alice, "alice", "c", matmulConfig(t)); CodeOf(err).Status() != 409 {
		t.Fatalf("a third function with MaxFunctions 2: %v; want a conflict", err)
	}
	if _, _, err := d.PutFunction(alice, "alice", "b", matmulConfig(t)); err != nil {
		t.Fatalf("replacing a function at the limit: %v", err)
	}
	if _, _, err := d.PutLibrary(alice, "alice", "other", examples.MustPTX("module")); CodeOf(err).Status() != 409 {
		t.Fatalf("a second library with MaxLibraries 1: %v; want a conflict", err)
	}
	if _, _, err := d.PutLibrary(alice, "alice", "big", make([]byte, 2<<20)); CodeOf(err).Status() != 413 {
		t.Fatalf("a library over MaxLibraryBytes: %v; want too large", err)
	}
	if err := d.DeleteLibrary(alice, "alice", "mlops"); CodeOf(err).Status() != 409 {
		t.Fatalf("deleting a library in use: %v; want a conflict", err)
	}
	if _, _, err := d.PutFunction(alice, "alice", "bad name!", matmulConfig(t)); CodeOf(err).Status() != 400 {
		t.Fatalf("a bad function name: %v; want bad request", err)
	}
	if _, _, err := d.PutFunction(alice, "alice", "broken", []byte(`{"module_path": 3}`)); CodeOf(err).Status() != 422 {
		t.Fatalf("a broken config: %v; want invalid", err)
	}
	if err := d.DeleteFunction(alice, "alice", "a"); err != nil {
		t.Fatal(err)
	}
	if err := d.DeleteFunction(alice, "alice", "b"); err != nil {
		t.Fatal(err)
	}
	if err := d.DeleteLibrary(alice, "alice", "mlops"); err != nil {
		t.Fatalf("deleting a library no function uses: %v", err)
	}
}

// A failure of the store is 500 storage for the caller, with the system's reason but none of
// the server's paths (they were shown to tenants); the log has the whole error.
func TestStorageErrorsHidePaths(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	st, err := store.Open(dir, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	core, logs := observer.New(zapcore.DebugLevel)
	d := newRegistry(t, Config{Store: st, Log: zap.New(core)})
	alice, bob := tenant("alice"), tenant("bob")
	register(t, d, alice, "mm")
	// bob's directory cannot be made (a file is in its place); alice's functions cannot be
	// written (their directory is a file).
	os.MkdirAll(filepath.Join(dir, "tenants"), 0o700)
	os.WriteFile(filepath.Join(dir, "tenants", "bob"), []byte("x"), 0o600)
	os.RemoveAll(filepath.Join(dir, "tenants", "alice", "functions"))
	os.WriteFile(filepath.Join(dir, "tenants", "alice", "functions"), []byte("x"), 0o600)
	_, _, errLib := d.PutLibrary(bob, "bob", "mlops", examples.MustPTX("mlops"))
	_, _, errFn := d.PutFunction(alice, "alice", "other", matmulConfig(t))
	for _, err := range []error{errLib, errFn} {
		var de *Error
		if !errors.As(err, &de) || de.Code != call.CodeStorage || de.Code.Status() != 500 {
			t.Fatalf("%v: want a storage error", err)
		}
		if strings.Contains(de.Message, dir) || strings.Contains(de.Message, "/") || !strings.Contains(de.Message, "not a directory") {
			t.Fatalf("the caller sees %q", de.Message)
		}
	}
	if logs.Len() == 0 || !strings.Contains(logs.All()[logs.Len()-1].ContextMap()["error"].(string), dir) {
		t.Fatalf("the log lacks the path: %v", logs.All())
	}
}

// exampleSeeds are the example libraries and functions, as cmd/gpufn offers them.
func exampleSeeds() ([]SeedLibrary, []SeedFunction) {
	libs := []SeedLibrary{{Name: "mlops", Image: examples.MustPTX("mlops")}, {Name: "module", Image: examples.MustPTX("module")}}
	var fns []SeedFunction
	for _, f := range examples.Functions() {
		fns = append(fns, SeedFunction{Name: f.Name, Config: f.Config, Public: true})
	}
	return libs, fns
}

// restart opens the store in dir again and restores a new dispatcher from it.
func restart(t *testing.T, dir string) (*Dispatcher, *store.Store) {
	t.Helper()
	st, err := store.Open(dir, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	d := newRegistry(t, Config{Store: st})
	libs, fns, problems, err := st.Load()
	if err != nil || len(problems) > 0 {
		t.Fatalf("load: %v %v", problems, err)
	}
	if errs := d.Restore(libs, fns); len(errs) > 0 {
		t.Fatalf("restore: %v", errs)
	}
	return d, st
}

// The examples are offered once per data directory and never override what tenant default
// stored: after the tenant replaces an example library (and registers a function that only its
// version serves), deletes an example function and makes another private, a restart that
// seeds again changes nothing and reports nothing. (The next start exited 1, a deleted example
// came back, a private one turned public.)
func TestSeedOnce(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	libs, fns := exampleSeeds()
	d, st := restart(t, dir)
	if errs := d.Seed("default", libs, fns); len(errs) > 0 {
		t.Fatalf("first seed: %v", errs)
	}
	owner := tenant("default")
	if !canInvoke(d, tenant("bob"), "default", "matmul") {
		t.Fatal("a seeded example is not public")
	}
	// What the tenant does with them.
	for _, f := range []string{"matmul", "matmul_loop", "inference", "inference_batched"} { // mlops's users
		if err := d.DeleteFunction(owner, "default", f); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := d.PutLibrary(owner, "default", "mlops", examples.MustPTX("testkernels")); err != nil {
		t.Fatal(err)
	}
	mine := []byte(`{"module_path": "mlops", "kernels": ["write_index"], "blueprint": {"inputs": [], "buffers": {"I": {"Absolute": 32}},
	  "outputs": ["I"], "control_flow": [{"ExecKernel": ["write_index", [{"Ptr": "I"}, {"Constant": 4}], {"grid_dim_x": {"Absolute": 1},
	  "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1}, "block_dim_x": {"Absolute": 4}, "block_dim_y": {"Absolute": 1},
	  "block_dim_z": {"Absolute": 1}, "shared_mem_bytes": {"Absolute": 0}}]}]}}`)
	if _, _, err := d.PutFunction(owner, "default", "mine", mine); err != nil {
		t.Fatal(err)
	}
	if _, err := d.SetAccess(owner, "default", "basic_io", Access{}); err != nil {
		t.Fatal(err)
	}
	st.Close()

	d, _ = restart(t, dir)
	if errs := d.Seed("default", libs, fns); len(errs) > 0 {
		t.Fatalf("seeding again: %v", errs)
	}
	if v, err := d.Library(owner, "default", "mlops"); err != nil || len(v.Kernels) == 0 || v.Kernels[0].Name == "matmul_para" || v.Size != len(examples.MustPTX("testkernels")) {
		t.Fatalf("the replaced library after a restart: %+v %v", v, err)
	}
	if _, _, err := d.Function(owner, "default", "matmul"); CodeOf(err) != call.CodeNotFound {
		t.Fatalf("a deleted example came back: %v", err)
	}
	if canInvoke(d, tenant("bob"), "default", "basic_io") {
		t.Fatal("a private example turned public")
	}
	if !canInvoke(d, owner, "default", "mine") || !canInvoke(d, tenant("bob"), "default", "hello_world") {
		t.Fatal("the tenant's own function, or an untouched example, is gone")
	}
}

// A seed whose name the tenant already uses is left to the tenant, and so are the seeded
// functions that do not fit it: each is an error to log, none stops the others.
func TestSeedNeverOverrides(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	d, _ := restart(t, dir)
	owner := tenant("default")
	theirs := examples.MustPTX("testkernels")
	if _, _, err := d.PutLibrary(owner, "default", "module", theirs); err != nil {
		t.Fatal(err)
	}
	libs, fns := exampleSeeds()
	errs := d.Seed("default", libs, fns)
	if len(errs) < 2 || !strings.Contains(errs[0].Error(), "library default/module: the tenant has a library of that name") ||
		!strings.HasPrefix(errs[1].Error(), "function default/") {
		t.Fatalf("errors %v, want the library's conflict and its functions'", errs)
	}
	if v, _ := d.Library(owner, "default", "module"); v.Size != len(theirs) {
		t.Fatal("the tenant's library was overridden")
	}
	if !canInvoke(d, tenant("bob"), "default", "matmul") {
		t.Fatal("the seeds that fit were not registered")
	}
	// Seeding again (a restart) does not offer the library again; the functions that did not
	// fit are tried again, and do not fit again.
	for _, err := range d.Seed("default", libs, fns) {
		if !strings.HasPrefix(err.Error(), "function default/") {
			t.Fatalf("seeding again: %v", err)
		}
	}
	if v, _ := d.Library(owner, "default", "module"); v.Size != len(theirs) {
		t.Fatal("the tenant's library was overridden")
	}
}

// A config of more object keys than the parser takes (the reproduction: 108,000 keys in 1 MiB,
// which cost 30 s of CPU) is 422 invalid_config naming the limit.
func TestConfigKeyLimit(t *testing.T) {
	d := newRegistry(t, Config{})
	var b strings.Builder
	b.WriteString("{")
	for i := 0; i < 108_000; i++ {
		b.WriteString(`"` + strconv.FormatInt(int64(i), 36) + `":0,`)
	}
	b.WriteString(`"module_path": "mlops"}`)
	_, _, err := d.PutFunction(tenant("alice"), "alice", "huge", []byte(b.String()))
	var de *Error
	if !errors.As(err, &de) || de.Code != call.CodeInvalidConfig || de.Code.Status() != 422 || !strings.Contains(de.Message, "100000 object keys") {
		t.Fatalf("%v: want 422 invalid_config naming the limit", err)
	}
}

// A function whose constant-size buffers alone need more device memory than an invocation may
// have is refused at registration with the sizing's path and both sizes; one that fits, or
// whose size comes from its inputs, is registered.
func TestStaticNeedAtRegistration(t *testing.T) {
	d := newRegistry(t, Config{MaxInvocationBytes: 1 << 20})
	alice := tenant("alice")
	if _, _, err := d.PutLibrary(alice, "alice", "testkernels", examples.MustPTX("testkernels")); err != nil {
		t.Fatal(err)
	}
	cfg := func(buffers string) []byte {
		return []byte(`{"module_path": "testkernels", "kernels": ["args8"], "blueprint": {"inputs": ["IN"],
		  "buffers": {` + buffers + `}, "outputs": ["OUT"], "control_flow": [{"ExecKernel": ["args8",
		  [{"Ptr": "OUT"}, {"Constant": 1}, {"Constant": 2}, {"Constant": 3}, {"Sizeof": "OUT"}, {"Constant": 5}],
		  {"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
		   "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
		   "shared_mem_bytes": {"Absolute": 0}}]}]}}`)
	}
	for _, c := range []struct {
		name, buffers, path, msg string
	}{
		{"huge", `"OUT": {"Absolute": 400000000000}`, "blueprint.buffers.OUT.Absolute", `need 400000000000 bytes of device memory ("OUT" alone 400000000000); the limit (--max-invocation-memory) is 1048576 bytes`},
		// Two that fit alone, a Sizeof of one: 2 x 600064 (600000 rounded to 256) and 256.
		{"sum", `"A": {"Absolute": 600000}, "B": {"Sizeof": "A"}, "OUT": {"Absolute": 40}`, "blueprint.buffers.A.Absolute", `need 1200384 bytes`},
		{"overflow", `"A": {"Absolute": 18446744073709551615}, "OUT": {"Absolute": 40}`, "blueprint.buffers.A.Absolute", `overflow`},
	} {
		_, _, err := d.PutFunction(alice, "alice", c.name, cfg(c.buffers))
		var de *Error
		if !errors.As(err, &de) || de.Code != call.CodeInvalidConfig || CodeOf(err).Status() != 422 || len(de.Problems) != 1 ||
			de.Problems[0].Path != c.path || !strings.Contains(de.Problems[0].Message, c.msg) {
			t.Errorf("%s: %v %+v; want 422 at %s saying %q", c.name, err, de, c.path, c.msg)
		}
	}
	for _, buffers := range []string{`"OUT": {"Absolute": 1048576}`, `"OUT": {"FromInput": {"bufname": "IN", "idx": 0}}`} {
		if _, _, err := d.PutFunction(alice, "alice", "fits", cfg(buffers)); err != nil {
			t.Errorf("%s: %v", buffers, err)
		}
	}
}
