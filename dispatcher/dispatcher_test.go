package dispatcher

import (
	"testing"

	"gpufn/auth"
	"gpufn/cpu"
	"gpufn/examples"
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
