package registry

import (
	"errors"
	"fmt"
	"sync"

	"gpufn/store"
)

// Errors of a registry.
var (
	// ErrConflict is returned by a write whose prev is not the entry's current revision: the
	// entry was created, replaced or deleted by another writer since the caller's view.
	ErrConflict = errors.New("registry: the entry changed since it was read")
	// ErrUnavailable is returned by a write that could not reach the registry's quorum (a
	// cluster that lost its leader, or the minority side of a partition).
	ErrUnavailable = errors.New("registry: unavailable")
)

// Library is a stored library with its revision.
type Library struct {
	store.Library
	Rev uint64
}

// Function is a stored function with its revision.
type Function struct {
	store.Function
	Rev uint64
}

// Snapshot is everything a registry holds, each list sorted by (tenant, name), and the
// registry's revision when it was read.
type Snapshot struct {
	Libraries []Library
	Functions []Function
	Revision  uint64
}

// Registry is what the dispatcher writes registrations through. Every write is conditional on
// prev (see the package documentation) and returns the entry's new revision (for a delete,
// the registry's revision after it). Implementations are safe for concurrent use.
type Registry interface {
	PutLibrary(l store.Library, prev uint64) (uint64, error)
	PutFunction(f store.Function, prev uint64) (uint64, error)
	DeleteLibrary(tenant, name string, prev uint64) (uint64, error)
	DeleteFunction(tenant, name string, prev uint64) (uint64, error)
	// Load reads everything, for a server's start.
	Load() (Snapshot, error)
}

// Local is the single-node registry: the store under --data-dir, or memory only when st is
// nil. See the package documentation.
type Local struct {
	st *store.Store // nil: nothing is written

	mu   sync.Mutex
	rev  uint64
	revs map[key]uint64 // entry -> its revision; absent: no entry
}

var _ Registry = (*Local)(nil)

type key struct {
	fn           bool
	tenant, name string
}

// NewLocal makes a Local over st (nil: memory only).
func NewLocal(st *store.Store) *Local { return &Local{st: st, revs: map[key]uint64{}} }

// check verifies prev against the entry's revision; l.mu must be held.
func (l *Local) check(k key, prev uint64) error {
	if cur := l.revs[k]; cur != prev {
		return fmt.Errorf("%w: %s/%s is at revision %d, the write expected %d", ErrConflict, k.tenant, k.name, cur, prev)
	}
	return nil
}

// commit records a write of k (or its deletion) and returns the new revision; l.mu held.
func (l *Local) commit(k key, deleted bool) uint64 {
	l.rev++
	if deleted {
		delete(l.revs, k)
	} else {
		l.revs[k] = l.rev
	}
	return l.rev
}

// write runs a conditional write of k: check, do (the store's write), commit.
func (l *Local) write(k key, prev uint64, deleted bool, do func(*store.Store) error) (uint64, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.check(k, prev); err != nil {
		return 0, err
	}
	if l.st != nil {
		if err := do(l.st); err != nil {
			return 0, err
		}
	}
	return l.commit(k, deleted), nil
}

// PutLibrary writes a library if prev is its revision.
func (l *Local) PutLibrary(lib store.Library, prev uint64) (uint64, error) {
	return l.write(key{false, lib.Tenant, lib.Name}, prev, false, func(st *store.Store) error { return st.PutLibrary(lib) })
}

// PutFunction writes a function if prev is its revision.
func (l *Local) PutFunction(f store.Function, prev uint64) (uint64, error) {
	return l.write(key{true, f.Tenant, f.Name}, prev, false, func(st *store.Store) error { return st.PutFunction(f) })
}

// DeleteLibrary deletes a library if prev is its revision.
func (l *Local) DeleteLibrary(tenant, name string, prev uint64) (uint64, error) {
	return l.write(key{false, tenant, name}, prev, true, func(st *store.Store) error { return st.DeleteLibrary(tenant, name) })
}

// DeleteFunction deletes a function if prev is its revision.
func (l *Local) DeleteFunction(tenant, name string, prev uint64) (uint64, error) {
	return l.write(key{true, tenant, name}, prev, true, func(st *store.Store) error { return st.DeleteFunction(tenant, name) })
}

// Load reads the store (logging and skipping what it cannot load, as store.Load does). The
// first Load numbers what it finds 1, 2, ... (libraries first); later ones give each entry
// the revision of its last write. A memory-only Local holds no entries to return: its
// registrations live in the dispatcher alone.
func (l *Local) Load() (Snapshot, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	snap := Snapshot{Revision: l.rev}
	if l.st == nil {
		return snap, nil
	}
	libs, fns, _, err := l.st.Load()
	if err != nil {
		return snap, err
	}
	rev := func(k key) uint64 {
		if r, ok := l.revs[k]; ok {
			return r
		}
		return l.commit(k, false)
	}
	for _, lib := range libs {
		snap.Libraries = append(snap.Libraries, Library{Library: lib, Rev: rev(key{false, lib.Tenant, lib.Name})})
	}
	for _, f := range fns {
		snap.Functions = append(snap.Functions, Function{Function: f, Rev: rev(key{true, f.Tenant, f.Name})})
	}
	snap.Revision = l.rev
	return snap, nil
}
