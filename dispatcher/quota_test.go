package dispatcher

import (
	"strings"
	"testing"

	"gpufn/call"
	"gpufn/examples"
)

// A tenant's stored libraries are bounded in bytes (MaxStoredBytes): an upload that would take
// it beyond is refused 413 storage_quota, before it is compiled and again after; replacing a
// library counts only the new bytes; another tenant has its own quota; deleting frees bytes.
func TestStoredBytesQuota(t *testing.T) {
	mlops, module := examples.MustPTX("mlops"), examples.MustPTX("module")
	d := newRegistry(t, Config{MaxStoredBytes: int64(len(mlops) + len(module)/2)})
	alice, bob := tenant("alice"), tenant("bob")
	if _, _, err := d.PutLibrary(alice, "alice", "mlops", mlops); err != nil {
		t.Fatal(err)
	}
	_, _, err := d.PutLibrary(alice, "alice", "module", module)
	if CodeOf(err) != call.CodeStorageQuota || CodeOf(err).Status() != 413 || !strings.Contains(err.Error(), "--tenant-storage-bytes") {
		t.Fatalf("beyond the quota: %v; want 413 storage_quota", err)
	}
	if _, _, err := d.PutLibrary(alice, "alice", "mlops", mlops); err != nil {
		t.Fatalf("replacing a library within the quota: %v", err)
	}
	if _, _, err := d.PutLibrary(bob, "bob", "module", module); err != nil {
		t.Fatalf("another tenant: %v", err)
	}
	if err := d.DeleteLibrary(alice, "alice", "mlops"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.PutLibrary(alice, "alice", "module", module); err != nil {
		t.Fatalf("after a delete: %v", err)
	}
}

// Access settings are bounded (MaxAccessBytes, default 64 KiB): a list of 10 MiB is refused 413
// access_too_large and the function's settings are left as they were.
func TestAccessSizeLimit(t *testing.T) {
	d := newRegistry(t, Config{})
	alice := tenant("alice")
	register(t, d, alice, "f")
	var big Access
	for i := 0; len(big.Tenants)*12 < 10<<20; i++ {
		big.Tenants = append(big.Tenants, "t-"+strings.Repeat("x", 8))
	}
	_, err := d.SetAccess(alice, "alice", "f", big)
	if CodeOf(err) != call.CodeAccessTooLarge || CodeOf(err).Status() != 413 {
		t.Fatalf("a 10 MiB access list: %v; want 413 access_too_large", err)
	}
	v, _, err := d.Function(alice, "alice", "f")
	if err != nil || len(v.Access.Tenants) != 0 {
		t.Fatalf("the settings changed: %+v %v", v.Access, err)
	}
	if _, err := d.SetAccess(alice, "alice", "f", Access{Tenants: []string{"bob", "carol"}}); err != nil {
		t.Fatalf("a small list: %v", err)
	}
}

// Functions' configs count in the stored bytes too: at the quota, a new function is refused
// storage_quota, and replacing one with a config of the same size is not.
func TestStoredBytesCountConfigs(t *testing.T) {
	mlops, cfg := examples.MustPTX("mlops"), matmulConfig(t)
	d := newRegistry(t, Config{MaxStoredBytes: int64(len(mlops) + len(cfg) + len(cfg)/2)})
	alice := tenant("alice")
	register(t, d, alice, "f")
	if _, _, err := d.PutFunction(alice, "alice", "f", cfg); err != nil {
		t.Fatalf("replacing a function at the quota: %v", err)
	}
	if _, _, err := d.PutFunction(alice, "alice", "g", cfg); CodeOf(err) != call.CodeStorageQuota {
		t.Fatalf("a second config beyond the quota: %v; want storage_quota", err)
	}
	if _, err := d.SetAccess(alice, "alice", "f", Access{TokenSHA256: []string{strings.Repeat("ab", 32)}}); err != nil {
		t.Fatalf("a small access list within the quota: %v", err)
	}
	var many Access
	for len(many.Tenants)*10 < len(cfg) {
		many.Tenants = append(many.Tenants, "tenant-xyz")
	}
	if _, err := d.SetAccess(alice, "alice", "f", many); CodeOf(err) != call.CodeStorageQuota {
		t.Fatalf("access settings beyond the quota: %v; want storage_quota", err)
	}
}
