package dispatcher

import (
	"context"
	"sync"
	"testing"

	"gpufn/call"
	"gpufn/cpu"
)

// preloadEngine is an Engine that records what it is asked to preload.
type preloadEngine struct {
	mu  sync.Mutex
	got []*call.Function
}

func (e *preloadEngine) SubmitInline(*call.Invocation) error { return call.ErrDraining }
func (e *preloadEngine) Name() string                        { return "fake" }
func (e *preloadEngine) Load() int                           { return 0 }
func (e *preloadEngine) Ready() bool                         { return true }
func (e *preloadEngine) MaxNeed() uint64                     { return 0 }
func (e *preloadEngine) ContextBytes() int                   { return 1 << 20 }
func (e *preloadEngine) IOCapacity(int) uint64               { return 1 << 20 }
func (e *preloadEngine) Stats() call.EngineStats             { return call.EngineStats{} }
func (e *preloadEngine) Shutdown(context.Context) error      { return nil }
func (e *preloadEngine) Preload(fn *call.Function) {
	e.mu.Lock()
	e.got = append(e.got, fn)
	e.mu.Unlock()
}
func (e *preloadEngine) preloaded() []*call.Function {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]*call.Function(nil), e.got...)
}
func (e *preloadEngine) lookup(t *testing.T, d *Dispatcher, name string) *call.Function {
	t.Helper()
	fn, err := d.Lookup(admin, []byte("alice"), []byte(name))
	if err != nil {
		t.Fatal(err)
	}
	return fn
}

// A registered function is handed to the engines to preload; re-registering it retires the old
// version and preloads the new one; changing its access neither retires nor preloads it again;
// deleting it retires it.
func TestPublishPreloadsAndRetires(t *testing.T) {
	dev := cpu.New(cpu.Options{})
	defer dev.Close()
	e := &preloadEngine{}
	d := New(Config{Device: "cpu", Info: dev.Info(), Kernels: cpu.KernelNames()}, []Engine{e})
	alice := tenant("alice")
	register(t, d, alice, "mm")
	v1 := e.lookup(t, d, "mm")
	if got := e.preloaded(); len(got) != 1 || got[0] != v1 {
		t.Fatalf("after the registration: preloaded %v, want the function", got)
	}
	if _, _, err := d.PutFunction(alice, "alice", "mm", matmulConfig(t)); err != nil {
		t.Fatal(err)
	}
	v2 := e.lookup(t, d, "mm")
	if got := e.preloaded(); len(got) != 2 || got[1] != v2 || !v1.Retired() || v2.Retired() {
		t.Fatalf("after the re-registration: preloaded %d, old retired %v, new retired %v", len(got), v1.Retired(), v2.Retired())
	}
	if _, err := d.SetAccess(alice, "alice", "mm", Access{Public: true}); err != nil {
		t.Fatal(err)
	}
	if got := e.preloaded(); len(got) != 2 || v2.Retired() {
		t.Fatalf("after an access change: preloaded %d, retired %v", len(got), v2.Retired())
	}
	if err := d.DeleteFunction(alice, "alice", "mm"); err != nil {
		t.Fatal(err)
	}
	if !v2.Retired() || len(e.preloaded()) != 2 {
		t.Fatal("a deleted function is not retired (or was preloaded)")
	}
}
