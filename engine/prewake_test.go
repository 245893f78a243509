package engine

import (
	"bytes"
	"testing"
	"time"
)

// Prewake wakes the idle worker an inline run would take, once it has parked, and only once
// per idle period; the worker answers the invocation that follows as always. Under the block
// policy, and with NoPrewake, nothing is sent.
func TestPrewake(t *testing.T) {
	defer func(f func() int) { numCPU = f }(numCPU)
	numCPU = func() int { return 16 } // hybrid polling spins only on hosts of 8 cores or more

	t.Run("hybrid", func(t *testing.T) {
		e := newEngine(t, Config{Mode: Sequential, Policy: PolicyHybrid, SpinFor: 20 * time.Microsecond, WorkerSpinFor: time.Millisecond})
		f := echo(t)
		for round := uint64(1); round <= 2; round++ {
			waitIdle(t, e, 1)
			// The first calls may come before the slot's goroutine and its worker have parked:
			// they send nothing. One then sends a wake; none after it, until the slot has run.
			waitFor(t, "a prewake", func() bool { e.Prewake(); return e.Stats().Prewakes == round })
			for range 20 {
				e.Prewake()
			}
			if got := e.Stats().Prewakes; got != round {
				t.Fatalf("round %d: %d prewakes after more calls in one idle period, want %d", round, got, round)
			}
			in := bytes.Repeat([]byte{byte(round)}, 1000)
			out, cerr := invokeSync(t, e, f, in, 0)
			if cerr != nil || !bytes.Equal(out, in) {
				t.Fatalf("round %d: after a wake the invocation got %v, %d bytes", round, cerr, len(out))
			}
		}
	})
	for name, cfg := range map[string]Config{
		"block":     {Mode: Sequential, Policy: PolicyBlock},
		"NoPrewake": {Mode: Sequential, Policy: PolicyHybrid, SpinFor: 20 * time.Microsecond, WorkerSpinFor: time.Millisecond, NoPrewake: true},
	} {
		t.Run(name, func(t *testing.T) {
			e := newEngine(t, cfg)
			waitIdle(t, e, 1)
			waitFor(t, "the slot's goroutine to park", func() bool { return e.slots[0].lease.parked.Load() })
			time.Sleep(2 * time.Millisecond) // past WorkerSpinFor: the hybrid case would send now
			for range 20 {
				e.Prewake()
			}
			if got := e.Stats().Prewakes; got != 0 {
				t.Fatalf("%d prewakes, want none", got)
			}
		})
	}
}
