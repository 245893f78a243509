package engine

import (
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"gpufn/call"
)

// Under a shared fault domain a fault takes every worker down, and the slots of the GPU see it
// in any order. When an innocent's slot sees its own worker die while the culprit's slot holds
// the fault's answer, not handled yet, the innocent was not alone on the GPU: it runs again
// alone and is answered right, and only the culprit is answered kernel_fault. (The culprit's
// slot let its in-flight count fall on receiving the answer, so the innocent's slot found no
// other work in flight and took its own invocation for the culprit.)
func TestFakeNeighbourSeesTheDeathFirst(t *testing.T) {
	g := newFakeGPU(t)
	g.mps = true
	g.holdFaulted.Store(true)
	e := newFake(t, g, Config{Mode: Concurrent, Workers: 2, SharedFaultDomain: true, Log: zaptest.NewLogger(t)})
	innocent := fsubmit(t, e, fakeFn(doGate), "", "innocent", 0, false)
	g.waitEntered(t, 1)
	culprit := fsubmit(t, e, fakeFn(doFault), "", "culprit", 0, false)
	// The innocent runs again, alone (or, wrongly, is answered at once).
	select {
	case <-innocent.Done():
		t.Fatalf("the innocent was answered before it ran again: %v", innocent.Err)
	case <-waitedEntered(g, 2):
	}
	g.allow(1)
	wantOut(t, innocent)
	wantErr(t, culprit, call.CodeKernelFault, "")
}

// waitedEntered is closed once n runs have reached g's gate (or after a minute: a hung test).
func waitedEntered(g *fakeGPU, n int64) <-chan struct{} {
	c := make(chan struct{})
	go func() {
		defer close(c)
		for deadline := time.Now().Add(time.Minute); g.nentered.Load() < n && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
	}()
	return c
}
