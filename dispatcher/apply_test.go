package dispatcher

import (
	"context"
	"strings"
	"testing"
	"time"

	"gpufn/call"
	"gpufn/examples"
	"gpufn/registry"
	"gpufn/store"
)

// Two dispatchers over one registry stand for two servers of a cluster: a write from a stale
// view is refused with 409 conflict and changes nothing, in the registry or the live one.
func TestConflictingWrites(t *testing.T) {
	reg := registry.NewLocal(nil)
	a := newRegistry(t, Config{Registry: reg, Watched: true})
	b := newRegistry(t, Config{Registry: reg, Watched: true})
	alice := tenant("alice")
	register(t, a, alice, "mm")
	// b has not seen a's writes: its create of the same names is refused.
	if _, _, err := b.PutLibrary(alice, "alice", "mlops", examples.MustPTX("mlops")); CodeOf(err) != call.CodeConflict || CodeOf(err).Status() != 409 {
		t.Fatalf("a create over another server's library: %v", err)
	}
	// Once b applies a's writes, it replaces them at their revision.
	snapFn, _, _ := a.Function(alice, "alice", "mm")
	libView, _ := a.Library(alice, "alice", "mlops")
	if libView.Revision == 0 || snapFn.Revision <= libView.Revision {
		t.Fatalf("revisions: library %d, function %d", libView.Revision, snapFn.Revision)
	}
	if err := b.ApplyLibrary(registry.Library{Library: store.Library{Tenant: "alice", Name: "mlops", Image: examples.MustPTX("mlops")}, Rev: libView.Revision}); err != nil {
		t.Fatal(err)
	}
	if err := b.ApplyFunction(registry.Function{Function: store.Function{Tenant: "alice", Name: "mm", Config: matmulConfig(t)}, Rev: snapFn.Revision}); err != nil {
		t.Fatal(err)
	}
	if !canInvoke(b, alice, "alice", "mm") {
		t.Fatal("an applied function is not invocable")
	}
	v, created, err := b.PutFunction(alice, "alice", "mm", matmulConfig(t))
	if err != nil || created || v.Revision <= snapFn.Revision {
		t.Fatalf("replace at the applied revision: %+v created=%v %v", v, created, err)
	}
	// a's view is now stale: its replace and its delete are refused, and it keeps serving.
	if _, _, err := a.PutFunction(alice, "alice", "mm", matmulConfig(t)); CodeOf(err) != call.CodeConflict {
		t.Fatalf("a stale replace: %v", err)
	}
	if err := a.DeleteFunction(alice, "alice", "mm"); CodeOf(err) != call.CodeConflict {
		t.Fatalf("a stale delete: %v", err)
	}
	if !canInvoke(a, alice, "alice", "mm") {
		t.Fatal("a refused write took the function away")
	}
	// An apply of an older revision than held is ignored; a delete at a later one applies.
	a.ApplyDelete(true, "alice", "mm", snapFn.Revision)
	if !canInvoke(a, alice, "alice", "mm") {
		t.Fatal("a delete older than the entry removed it")
	}
	a.ApplyDelete(true, "alice", "mm", v.Revision+1)
	if canInvoke(a, alice, "alice", "mm") {
		t.Fatal("a delete newer than the entry left it")
	}
}

// Revision moves with the dispatcher's own writes when nothing watches the registry, and only
// with Advance when something does; WaitRevision returns once it is reached.
func TestRevisions(t *testing.T) {
	d := newRegistry(t, Config{})
	register(t, d, tenant("alice"), "mm")
	if d.Revision() != 2 || d.WriteRevision() != 2 {
		t.Fatalf("unwatched: revision %d, write revision %d; want 2 and 2", d.Revision(), d.WriteRevision())
	}
	w := newRegistry(t, Config{Watched: true})
	register(t, w, tenant("alice"), "mm")
	if w.Revision() != 0 || w.WriteRevision() != 2 {
		t.Fatalf("watched: revision %d, write revision %d; want 0 and 2", w.Revision(), w.WriteRevision())
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	if w.WaitRevision(ctx, 2) {
		t.Fatal("WaitRevision returned true before the revision was seen")
	}
	cancel()
	done := make(chan bool)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // catches a hang only
		defer cancel()
		done <- w.WaitRevision(ctx, 2)
	}()
	w.Advance(1)
	w.Advance(2)
	if !<-done {
		t.Fatal("WaitRevision did not see the revision advance")
	}
}

// countingRegistry counts the writes that reach a registry.
type countingRegistry struct {
	registry.Registry
	writes int
}

func (c *countingRegistry) PutLibrary(l store.Library, prev uint64) (uint64, error) {
	c.writes++
	return c.Registry.PutLibrary(l, prev)
}

func (c *countingRegistry) PutFunction(f store.Function, prev uint64) (uint64, error) {
	c.writes++
	return c.Registry.PutFunction(f, prev)
}

// A node of a cluster (a watched dispatcher) refuses weight sets with 501 not_implemented:
// their uploads, functions sent with their weights and functions that name weights. The node
// that accepts a registration enforces the tenant's stored-bytes quota before anything is
// written to the registry.
func TestClusterNodeWeightsAndQuota(t *testing.T) {
	reg := &countingRegistry{Registry: registry.NewLocal(nil)}
	// Room for the library and two functions: a third, larger config does not fit.
	quota := int64(len(examples.MustPTX("mlops")) + 2*len(matmulConfig(t)) + 1000)
	d, _ := weightsRegistry(t, Config{Registry: reg, Watched: true, MaxStoredBytes: quota})
	alice := tenant("alice")
	file := safetensors(t, []string{"A"}, []int{16})
	if _, _, err := d.PutWeights(alice, "alice", "w", file); CodeOf(err) != call.CodeNotImplemented || CodeOf(err).Status() != 501 || !strings.Contains(err.Error(), "single-node") {
		t.Fatalf("a weight set on a cluster's node: %v", err)
	}
	register(t, d, alice, "mm")
	writes := reg.writes
	if _, _, err := d.PutFunction(alice, "alice", "wmm", []byte(weightedMatmul)); CodeOf(err) != call.CodeNotImplemented {
		t.Fatalf("a function naming a weight set on a cluster's node: %v", err)
	}
	own := strings.Replace(weightedMatmul, `"weight_set":"w",`, "", 1)
	if _, _, err := d.PutFunctionWithWeights(alice, "alice", "wmm", []byte(own), file); CodeOf(err) != call.CodeNotImplemented {
		t.Fatalf("a function sent with its weights on a cluster's node: %v", err)
	}
	if sets, err := d.WeightSets(alice, "alice"); err != nil || len(sets) != 0 {
		t.Fatalf("weight sets: %v %v", sets, err)
	}
	// Over the quota: refused before the registry sees it.
	big := strings.Repeat(" ", 64<<10) + string(matmulConfig(t)) // whitespace counts: the config is kept as sent
	if _, _, err := d.PutFunction(alice, "alice", "big", []byte(big)); CodeOf(err) != call.CodeStorageQuota {
		t.Fatalf("a config beyond the stored-bytes quota: %v", err)
	}
	if reg.writes != writes {
		t.Fatalf("refused registrations reached the registry: %d writes, %d before", reg.writes, writes)
	}
	if _, _, err := d.PutFunction(alice, "alice", "mm2", matmulConfig(t)); err != nil || reg.writes != writes+1 {
		t.Fatalf("a registration within the quota: %v (%d writes)", err, reg.writes-writes)
	}
}
