// Package registrytest is the conformance suite of package registry's contract: every
// implementation (registry.Local over a store, registry/jetstream on one node and on three)
// runs it from its tests.
package registrytest

import (
	"bytes"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"gpufn/registry"
	"gpufn/store"
)

// Open makes an empty registry for one test, and reopen, which closes it (as a server's
// stop would) and opens the same registry again, as a restart would; reopen is nil where
// the implementation keeps nothing across a restart.
type Open func(t *testing.T) (reg registry.Registry, reopen func() registry.Registry)

// Run runs the suite.
func Run(t *testing.T, open Open) {
	t.Run("CreateOnly", func(t *testing.T) { createOnly(t, open) })
	t.Run("CompareAndSet", func(t *testing.T) { compareAndSet(t, open) })
	t.Run("Delete", func(t *testing.T) { deletes(t, open) })
	t.Run("NoLostUpdate", func(t *testing.T) { noLostUpdate(t, open) })
	t.Run("Restart", func(t *testing.T) { restart(t, open) })
}

var created = time.Date(2026, 11, 27, 8, 0, 0, 123456789, time.UTC)

func fn(name, config string) store.Function {
	return store.Function{Tenant: "t1", Name: name, Config: []byte(config), Access: []byte(`{"public":true}`), Created: created}
}

func lib(name string, size int) store.Library {
	img := make([]byte, size)
	for i := range img {
		img[i] = byte(i*7 + len(name))
	}
	return store.Library{Tenant: "t1", Name: name, Image: img, Created: created}
}

// load reads the registry and returns its functions and libraries by name.
func load(t *testing.T, r registry.Registry) (map[string]registry.Function, map[string]registry.Library, uint64) {
	t.Helper()
	snap, err := r.Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	fns, libs := map[string]registry.Function{}, map[string]registry.Library{}
	for _, f := range snap.Functions {
		fns[f.Tenant+"/"+f.Name] = f
		if f.Rev == 0 || f.Rev > snap.Revision {
			t.Errorf("function %s/%s has revision %d; the snapshot's is %d", f.Tenant, f.Name, f.Rev, snap.Revision)
		}
	}
	for _, l := range snap.Libraries {
		libs[l.Tenant+"/"+l.Name] = l
		if l.Rev == 0 || l.Rev > snap.Revision {
			t.Errorf("library %s/%s has revision %d; the snapshot's is %d", l.Tenant, l.Name, l.Rev, snap.Revision)
		}
	}
	return fns, libs, snap.Revision
}

func wantConflict(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, registry.ErrConflict) {
		t.Fatalf("%s: got %v, want ErrConflict", what, err)
	}
}

func createOnly(t *testing.T, open Open) {
	r, _ := open(t)
	rev1, err := r.PutFunction(fn("f", `{"v":1}`), 0)
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	_, err = r.PutFunction(fn("f", `{"v":2}`), 0)
	wantConflict(t, "a second create", err)
	rl, err := r.PutLibrary(lib("l", 1000), 0)
	if err != nil {
		t.Fatalf("create library: %v", err)
	}
	if rl <= rev1 {
		t.Fatalf("revisions do not grow: %d then %d", rev1, rl)
	}
	_, err = r.PutLibrary(lib("l", 10), 0)
	wantConflict(t, "a second library create", err)
	fns, libs, rev := load(t, r)
	if got := fns["t1/f"]; string(got.Config) != `{"v":1}` || got.Rev != rev1 || !got.Created.Equal(created) || string(got.Access) != `{"public":true}` {
		t.Fatalf("function after a refused create: %+v (rev %d), want v1 at %d", got, got.Rev, rev1)
	}
	if got := libs["t1/l"]; !bytes.Equal(got.Image, lib("l", 1000).Image) || got.Rev != rl {
		t.Fatalf("library after a refused create: %d bytes at rev %d", len(got.Image), got.Rev)
	}
	if rev < rl {
		t.Fatalf("registry revision %d is below the last write's %d", rev, rl)
	}
}

func compareAndSet(t *testing.T, open Open) {
	r, _ := open(t)
	rev1, err := r.PutFunction(fn("f", `{"v":1}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	rev2, err := r.PutFunction(fn("f", `{"v":2}`), rev1)
	if err != nil || rev2 <= rev1 {
		t.Fatalf("update at the current revision: rev %d, %v", rev2, err)
	}
	_, err = r.PutFunction(fn("f", `{"v":3}`), rev1)
	wantConflict(t, "an update at a stale revision", err)
	// A library of several MiB (a chunked object in JetStream) replaced by CAS.
	big := lib("l", 3<<20+17)
	lr1, err := r.PutLibrary(big, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.PutLibrary(lib("l", 5), lr1-1)
	wantConflict(t, "a library update at a stale revision", err)
	fns, libs, _ := load(t, r)
	if string(fns["t1/f"].Config) != `{"v":2}` || fns["t1/f"].Rev != rev2 {
		t.Fatalf("after a refused update: %s at %d, want v2 at %d", fns["t1/f"].Config, fns["t1/f"].Rev, rev2)
	}
	if !bytes.Equal(libs["t1/l"].Image, big.Image) {
		t.Fatalf("library image: %d bytes, want the %d uploaded", len(libs["t1/l"].Image), len(big.Image))
	}
	lr2, err := r.PutLibrary(lib("l", 5), lr1)
	if err != nil {
		t.Fatal(err)
	}
	_, libs, _ = load(t, r)
	if got := libs["t1/l"]; got.Rev != lr2 || !bytes.Equal(got.Image, lib("l", 5).Image) {
		t.Fatalf("replaced library: %d bytes at %d", len(got.Image), got.Rev)
	}
}

func deletes(t *testing.T, open Open) {
	r, _ := open(t)
	rev1, err := r.PutFunction(fn("f", `{}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.DeleteFunction("t1", "f", rev1+100)
	wantConflict(t, "a delete at a wrong revision", err)
	_, err = r.DeleteFunction("t1", "missing", 5)
	wantConflict(t, "a delete of a missing entry at a revision", err)
	drev, err := r.DeleteFunction("t1", "f", rev1)
	if err != nil || drev <= rev1 {
		t.Fatalf("delete: rev %d, %v", drev, err)
	}
	fns, _, rev := load(t, r)
	if _, ok := fns["t1/f"]; ok || rev < drev {
		t.Fatalf("after delete: present %v, registry revision %d (the delete's %d)", ok, rev, drev)
	}
	// A deleted name is created again from nothing.
	_, err = r.PutFunction(fn("f", `{"again":1}`), rev1)
	wantConflict(t, "an update of a deleted entry", err)
	if _, err := r.PutFunction(fn("f", `{"again":1}`), 0); err != nil {
		t.Fatalf("create after delete: %v", err)
	}
	lr, err := r.PutLibrary(lib("l", 100), 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.DeleteLibrary("t1", "l", lr); err != nil {
		t.Fatalf("delete library: %v", err)
	}
	if _, libs, _ := load(t, r); len(libs) != 0 {
		t.Fatalf("libraries after delete: %v", libs)
	}
}

// noLostUpdate runs writers that each add one to a counter in a function's config by
// read-modify-write with CAS, retrying on conflict: the final count is the number of
// successful writes, so none was lost.
func noLostUpdate(t *testing.T, open Open) {
	r, _ := open(t)
	rev, err := r.PutFunction(fn("counter", `{"n":0}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex // guards the shared view (value, rev) the writers start from
	n, conflicts := 0, 0
	const writers, each = 4, 5
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for done := 0; done < each; {
				mu.Lock()
				myN, myRev := n, rev
				mu.Unlock()
				nrev, err := r.PutFunction(fn("counter", fmt.Sprintf(`{"n":%d}`, myN+1)), myRev)
				mu.Lock()
				switch {
				case err == nil:
					if myRev == rev { // nobody moved the shared view meanwhile
						n, rev = myN+1, nrev
					}
					done++
				case errors.Is(err, registry.ErrConflict):
					conflicts++
				default:
					mu.Unlock()
					t.Errorf("write: %v", err)
					return
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	fns, _, _ := load(t, r)
	want := fmt.Sprintf(`{"n":%d}`, writers*each)
	if got := string(fns["t1/counter"].Config); got != want {
		t.Fatalf("counter %s, want %s (%d conflicts retried)", got, want, conflicts)
	}
}

func restart(t *testing.T, open Open) {
	r, reopen := open(t)
	if reopen == nil {
		t.Skip("this registry keeps nothing across a restart")
	}
	if _, err := r.PutLibrary(lib("l", 2<<20), 0); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		if _, err := r.PutFunction(fn(fmt.Sprintf("f%02d", i), fmt.Sprintf(`{"i":%d}`, i)), 0); err != nil {
			t.Fatal(err)
		}
	}
	fns0, _, _ := load(t, r)
	if _, err := r.DeleteFunction("t1", "f07", fns0["t1/f07"].Rev); err != nil {
		t.Fatal(err)
	}
	r = reopen()
	fns, libs, _ := load(t, r)
	if len(fns) != 19 || len(libs) != 1 {
		t.Fatalf("after a restart: %d functions, %d libraries; want 19 and 1", len(fns), len(libs))
	}
	if _, ok := fns["t1/f07"]; ok {
		t.Fatal("a deleted function came back after a restart")
	}
	if got := fns["t1/f13"]; string(got.Config) != `{"i":13}` {
		t.Fatalf("f13 after a restart: %s", got.Config)
	}
	if !bytes.Equal(libs["t1/l"].Image, lib("l", 2<<20).Image) {
		t.Fatal("library bytes differ after a restart")
	}
	// The revisions read after the restart are current: a CAS write at one succeeds.
	if _, err := r.PutFunction(fn("f13", `{"i":-13}`), fns["t1/f13"].Rev); err != nil {
		t.Fatalf("update at the revision read after a restart: %v", err)
	}
}
