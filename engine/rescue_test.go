package engine

import (
	"bytes"
	"slices"
	"sync"
	"testing"

	"gpufn/call"
	"gpufn/worker"
)

// With real worker processes (cpu device, the shared fault domain emulated): while the domain's
// workers cannot start after a fault, the rescue worker, spared by the teardown, answers what
// is submitted; tenant rules hold on it (it drops one tenant's code before another's function);
// once the domain is back it is idle again, the same process.
func TestRescueOnRealWorkers(t *testing.T) {
	const rescueEnv = "GPUFN_TEST_RESCUE=1"
	var mu sync.Mutex
	var hold chan struct{} // holds the domain's worker starts while not nil
	start := func(opt worker.StartOptions) (Worker, error) {
		mu.Lock()
		h := hold
		mu.Unlock()
		if h != nil && !slices.Contains(opt.Env, rescueEnv) {
			<-h
		}
		return StartProcess(opt)
	}
	e := newEngine(t, Config{Mode: Concurrent, Workers: 2, SharedFaultDomain: true, Rescue: 1, RescueEnv: []string{rescueEnv}, Start: start})
	waitFor(t, "the workers and the rescue worker up", func() bool { st := e.Stats(); return st.Ready && st.RescueUp == 1 })
	before := rescueWorker(t, e)
	mu.Lock()
	hold = make(chan struct{})
	mu.Unlock()
	var once sync.Once
	release := func() {
		once.Do(func() {
			mu.Lock()
			close(hold)
			hold = nil
			mu.Unlock()
		})
	}
	t.Cleanup(release) // before the engine's shutdown (cleanups run last first)

	if _, err := invokeSync(t, e, fn(t, "fault", "", "", ""), nil, 0); err == nil || err.Code != call.CodeKernelFault {
		t.Fatalf("fault: %v", err)
	}
	alice, bob := echo(t), echo(t)
	alice.Owner, bob.Owner = "alice", "bob"
	for _, f := range []*call.Function{alice, bob} {
		in := []byte("for " + f.Owner)
		if out, err := invokeSync(t, e, f, in, 0); err != nil || !bytes.Equal(out, in) {
			t.Fatalf("%s's echo while the domain recovers: %q %v", f.Owner, out, err)
		}
	}
	st := e.Stats()
	w := rescueWorker(t, e)
	if w.PID != before.PID || w.Restarts != 0 || w.Invocations != 2 || st.TenantSwitches != 1 || st.Teardowns != 1 || !st.RescueOpen || st.Ready {
		t.Fatalf("rescue worker %+v, stats %+v: want the same process (%d) answering both, one tenant switch, one teardown, the domain down", w, st, before.PID)
	}
	release()
	waitFor(t, "the domain back", func() bool { st := e.Stats(); return st.Ready && !st.RescueOpen })
	in := []byte("after")
	if out, err := invokeSync(t, e, alice, in, 0); err != nil || !bytes.Equal(out, in) {
		t.Fatalf("after: %q %v", out, err)
	}
	if w := rescueWorker(t, e); w.PID != before.PID || w.Invocations != 2 {
		t.Fatalf("rescue worker %+v once the domain is back: want it idle, the same process", w)
	}
}
