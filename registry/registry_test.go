package registry_test

import (
	"errors"
	"testing"

	"gpufn/registry"
	"gpufn/registry/registrytest"
	"gpufn/store"
)

func TestLocalStore(t *testing.T) {
	registrytest.Run(t, func(t *testing.T) (registry.Registry, func() registry.Registry) {
		dir := t.TempDir()
		st, err := store.Open(dir, store.Config{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		reopen := func() registry.Registry {
			st.Close()
			st2, err := store.Open(dir, store.Config{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st2.Close() })
			r := registry.NewLocal(st2)
			if _, err := r.Load(); err != nil {
				t.Fatal(err)
			}
			return r
		}
		return registry.NewLocal(st), reopen
	})
}

// TestLocalMemory checks the conditional writes of a memory-only Local (it keeps no entries
// to Load, so the suite's reads do not apply).
func TestLocalMemory(t *testing.T) {
	r := registry.NewLocal(nil)
	rev, err := r.PutFunction(store.Function{Tenant: "t", Name: "f", Config: []byte("{}")}, 0)
	if err != nil || rev != 1 {
		t.Fatalf("create: %d, %v", rev, err)
	}
	if _, err := r.PutFunction(store.Function{Tenant: "t", Name: "f", Config: []byte("{}")}, 0); !errors.Is(err, registry.ErrConflict) {
		t.Fatalf("second create: %v", err)
	}
	if rev2, err := r.PutFunction(store.Function{Tenant: "t", Name: "f", Config: []byte("{}")}, rev); err != nil || rev2 != 2 {
		t.Fatalf("update: %d, %v", rev2, err)
	}
	if _, err := r.DeleteFunction("t", "f", 1); !errors.Is(err, registry.ErrConflict) {
		t.Fatalf("stale delete: %v", err)
	}
	if snap, err := r.Load(); err != nil || snap.Revision != 2 || len(snap.Functions) != 0 {
		t.Fatalf("Load: %+v, %v", snap, err)
	}
}
