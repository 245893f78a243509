package engine

import (
	"errors"
	"syscall"
	"testing"
	"time"

	"gpufn/call"
)

// Promote makes a fake standby worker a client of the fake GPU.
func (w *fakeWorker) Promote(time.Duration) error {
	w.g.mu.Lock()
	defer w.g.mu.Unlock()
	if !w.standby {
		return errors.New("fake: not a standby")
	}
	w.standby = false
	return nil
}

// Standby workers survive a teardown (they are no GPU clients yet), and the slots restarting
// after it promote them instead of starting workers: the timeline says so.
func TestFakeStandbyPromotedAfterTeardown(t *testing.T) {
	g := newFakeGPU(t)
	g.mps = true
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 2, SharedFaultDomain: true, Standby: 2})
	waitIdle(t, e, 2)
	waitFor(t, "2 standby workers", func() bool { return e.Stats().Standby == 2 })
	wantErr(t, fsubmit(t, e, fakeFn(doFault), "", "culprit", 0, false), call.CodeKernelFault, "")
	rec := serveUntilRecovered(t, e, fakeFn(doEcho))
	if st := e.Stats(); st.Promoted == 0 {
		t.Fatalf("stats %+v: no standby promoted", st)
	}
	wantStages(t, rec, stagePromoted, stageHello, stageAllUp, stageDone)
	waitFor(t, "the standby set refilled", func() bool { return e.Stats().Standby == 2 })
}

// With real worker processes: a slot whose worker dies promotes the standby, which serves.
func TestStandbyPromotedOnRealWorkers(t *testing.T) {
	e := newEngine(t, Config{Mode: Concurrent, Workers: 1, Standby: 1})
	f := echo(t)
	waitFor(t, "a standby worker", func() bool { return e.Stats().Standby == 1 })
	st := e.Stats() // the first worker may be a promoted standby too
	pid, before := st.Workers[0].PID, st.Promoted
	syscall.Kill(pid, syscall.SIGKILL)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("stats %+v", e.Stats())
		}
	})
	waitFor(t, "the standby promoted", func() bool {
		st := e.Stats()
		return st.Promoted == before+1 && st.Ready && st.Workers[0].PID != pid
	})
	in := []byte("from a promoted standby")
	if out, cerr := invokeSync(t, e, f, in, 0); cerr != nil || string(out) != string(in) {
		t.Fatalf("%q %v", out, cerr)
	}
}
