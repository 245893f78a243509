package dispatcher

import (
	"errors"
	"fmt"
	"testing"

	"gpufn/call"
	"gpufn/examples"
)

// A batching declaration is checked against the tenant's functions at registration, and its
// variants are resolved again at invocation whenever the function table changed: a variant
// registered again in a form that no longer matches, or deleted, is left out.
func TestBatchingRegistrationAndResolution(t *testing.T) {
	d := newRegistry(t, Config{})
	who := tenant("alice")
	if _, _, err := d.PutLibrary(who, who.Tenant, "batch", examples.MustPTX("batch")); err != nil {
		t.Fatal(err)
	}
	put := func(name string, cfg []byte) error {
		_, _, err := d.PutFunction(who, who.Tenant, name, cfg)
		return err
	}
	problemAt := func(err error, path string) bool {
		var e *Error
		if !errors.As(err, &e) || e.Code != call.CodeInvalidConfig {
			return false
		}
		for _, p := range e.Problems {
			if p.Path == path {
				return true
			}
		}
		return false
	}
	decl := examples.BatchingConfig("m", []int{2, 4}, 0, "", nil)
	if err := put("m", decl); !problemAt(err, "batching.variants[0].function") {
		t.Fatalf("variants not registered: %v", err)
	}
	if err := put("m_b2", examples.BatchConfig(2)); err != nil {
		t.Fatal(err)
	}
	if err := put("m_b4", examples.BatchConfig(2)); err != nil { // two items where the declaration says 4
		t.Fatal(err)
	}
	if err := put("m", decl); !problemAt(err, "batching.variants[1].function") {
		t.Fatalf("a variant of the wrong size: %v", err)
	}
	if err := put("m_b4", examples.BatchConfig(4)); err != nil {
		t.Fatal(err)
	}
	if err := put("m", decl); err != nil {
		t.Fatal(err)
	}
	fn, err := d.Lookup(who, []byte(who.Tenant), []byte("m"))
	if err != nil {
		t.Fatal(err)
	}
	sizes := func() string {
		inv := call.Acquire()
		defer call.Release(inv)
		inv.Fn, inv.Tenant, inv.Inputs = fn, who.Tenant, [][]byte{examples.BatchInput(1)}
		d.Submit(inv) // no engine: refused, after the variants were resolved
		return fmt.Sprint(fn.Batching.Variants().Sizes)
	}
	if got := sizes(); got != "[1 2 4]" {
		t.Fatalf("variants %s", got)
	}
	first := fn.Batching.Variants()
	if err := put("other", examples.BatchConfig(1)); err != nil { // the table changes, not the variants
		t.Fatal(err)
	}
	if got := sizes(); got != "[1 2 4]" || fn.Batching.Variants() == first || fn.Batching.Variants().Fns[2] != first.Fns[2] {
		t.Fatalf("after another registration: %s", got)
	}
	if err := put("m_b4", examples.BatchConfig(8)); err != nil {
		t.Fatal(err)
	}
	if got := sizes(); got != "[1 2]" {
		t.Fatalf("a variant registered again without matching: %s", got)
	}
	if err := d.DeleteFunction(who, who.Tenant, "m_b2"); err != nil {
		t.Fatal(err)
	}
	if got := sizes(); got != "[1]" {
		t.Fatalf("a variant deleted: %s", got)
	}
}
