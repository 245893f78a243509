package dispatcher

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/registry"
	"gpufn/store"
)

// revisions tracks the registry revisions a dispatcher has seen (every change up to seen is
// in its live registry) and written (its own writes' highest).
type revisions struct {
	seen    atomic.Uint64
	written atomic.Uint64
	mu      sync.Mutex
	moved   chan struct{} // closed and replaced when seen grows
}

func (r *revisions) init() { r.moved = make(chan struct{}) }

// advance raises seen to rev and wakes the waiters.
func (r *revisions) advance(rev uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if rev <= r.seen.Load() {
		return
	}
	r.seen.Store(rev)
	close(r.moved)
	r.moved = make(chan struct{})
}

// wrote records a write of the dispatcher at rev; without a watch it is also seen.
func (d *Dispatcher) wrote(rev uint64) {
	for {
		w := d.revs.written.Load()
		if rev <= w || d.revs.written.CompareAndSwap(w, rev) {
			break
		}
	}
	if !d.cfg.Watched {
		d.revs.advance(rev)
	}
}

// Revision is the registry revision the live registry holds: every change up to it is seen.
func (d *Dispatcher) Revision() uint64 { return d.revs.seen.Load() }

// WriteRevision is the highest of Revision and the revisions of this dispatcher's own writes:
// what a registration's answer reports, so that a client that sends it as a minimum revision
// to any server of a cluster finds its write there.
func (d *Dispatcher) WriteRevision() uint64 { return max(d.revs.seen.Load(), d.revs.written.Load()) }

// Advance records that every registry change up to rev has been applied (a cluster's watch
// calls it after each change, and once caught up).
func (d *Dispatcher) Advance(rev uint64) { d.revs.advance(rev) }

// WaitRevision waits until Revision reaches rev or ctx ends; it reports whether it did.
func (d *Dispatcher) WaitRevision(ctx context.Context, rev uint64) bool {
	for {
		d.revs.mu.Lock()
		seen, moved := d.revs.seen.Load(), d.revs.moved
		d.revs.mu.Unlock()
		if seen >= rev {
			return true
		}
		select {
		case <-moved:
		case <-ctx.Done():
			return false
		}
	}
}

// registryError maps a registry's failure to the caller's error: a conflict is 409 (read and
// retry), an unavailable registry 503 with Retry-After; anything else is a storage failure.
func (d *Dispatcher) registryError(what string, err error) *Error {
	switch {
	case errors.Is(err, registry.ErrConflict):
		return errorf(call.CodeConflict, "%s: it was changed on another server since this one read it; read it again and retry", what)
	case errors.Is(err, registry.ErrUnavailable):
		d.log.Warn(what+": the registry is unavailable", zap.Error(err))
		return errorf(call.CodeUnavailable, "%s: the registry is unavailable (no quorum: a leader election or a partition); retry shortly", what)
	}
	return d.storageError(what, err)
}

// Load registers what a registry's Load read (at start, before serving), as Restore does, with
// the entries' revisions, and sets Revision to the snapshot's.
func (d *Dispatcher) Load(snap registry.Snapshot) []error {
	libs := make([]store.Library, len(snap.Libraries))
	for i, l := range snap.Libraries {
		libs[i] = l.Library
	}
	fns := make([]store.Function, len(snap.Functions))
	for i, f := range snap.Functions {
		fns[i] = f.Function
	}
	problems := d.Restore(libs, fns)
	d.mu.Lock()
	for _, l := range snap.Libraries {
		if e := d.libs[l.Tenant][l.Name]; e != nil {
			e.rev = l.Rev
		}
	}
	tbl := *d.fns.Load()
	for _, f := range snap.Functions {
		if fe := tbl[f.Tenant][f.Name]; fe != nil {
			fe.rev = f.Rev // not yet served: no reader holds the entry
		}
	}
	d.mu.Unlock()
	d.revs.advance(snap.Revision)
	return problems
}

// ApplyLibrary makes a library written elsewhere (a cluster's watch) live here, compiled as an
// upload is (so that its first invocation finds it warm), unless this dispatcher holds the
// same revision or a later one. Functions bound to the library move to the new version.
func (d *Dispatcher) ApplyLibrary(l registry.Library) error {
	if d.holdsLibrary(l.Tenant, l.Name, l.Rev) {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), d.cfg.CompileTimeout)
	e, cubins, err := d.newLibrary(ctx, l.Tenant, l.Name, l.Image)
	cancel()
	if err != nil {
		return err
	}
	e.tenant, e.created, e.rev = l.Tenant, l.Created, l.Rev
	d.mu.Lock()
	defer d.mu.Unlock()
	if old := d.libs[l.Tenant][l.Name]; old != nil && old.rev >= l.Rev {
		return nil
	}
	var rebound []*fnEntry
	for _, fe := range (*d.fns.Load())[l.Tenant] {
		if !usesLibrary(fe.fn, l.Name) {
			continue
		}
		main, extra := replaceLibrary(fe.fn, l.Name, e.lib)
		if err := checkLibraries(fe.fn.Plan, append([]*call.Library{main}, extra...)); err != nil {
			d.log.Warn("a library written elsewhere does not fit a function here; the function keeps the old version", zap.String("tenant", l.Tenant), zap.String("function", fe.fn.Name), zap.Error(err))
			continue
		}
		nfe := *fe
		nfe.fn = &call.Function{ID: d.nextID.Add(1), Owner: fe.fn.Owner, Name: fe.fn.Name, Plan: fe.fn.Plan, Config: fe.config, Lib: main, Extra: extra, Weights: fe.fn.Weights}
		rebound = append(rebound, &nfe)
	}
	if d.cfg.Store != nil {
		d.storeCubins(l.Tenant, l.Name, e, cubins)
	}
	if d.libs[l.Tenant] == nil {
		d.libs[l.Tenant] = map[string]*libEntry{}
	}
	d.libs[l.Tenant][l.Name] = e
	if len(rebound) > 0 {
		d.publish(l.Tenant, func(m map[string]*fnEntry) {
			for _, fe := range rebound {
				m[fe.fn.Name] = fe
			}
		})
	}
	return nil
}

func (d *Dispatcher) holdsLibrary(tenant, name string, rev uint64) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	e := d.libs[tenant][name]
	return e != nil && e.rev >= rev
}

// ApplyFunction makes a function written elsewhere live here, unless this dispatcher holds
// the same revision or a later one.
func (d *Dispatcher) ApplyFunction(f registry.Function) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if old := d.lookup(f.Tenant, f.Name); old != nil && old.rev >= f.Rev {
		return nil
	}
	fe, err := d.restoreFunction(f.Function)
	if err != nil {
		return err
	}
	fe.rev = f.Rev
	d.publish(f.Tenant, func(m map[string]*fnEntry) { m[f.Name] = fe })
	return nil
}

// ApplyDelete removes a library or function deleted elsewhere at rev, unless this dispatcher
// holds a later revision of it.
func (d *Dispatcher) ApplyDelete(function bool, tenant, name string, rev uint64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if function {
		if fe := d.lookup(tenant, name); fe != nil && fe.rev < rev {
			d.publish(tenant, func(m map[string]*fnEntry) { delete(m, name) })
			d.dropAnonymousLocked(tenant, name)
		}
		return
	}
	if e := d.libs[tenant][name]; e != nil && e.rev < rev {
		delete(d.libs[tenant], name)
	}
}
