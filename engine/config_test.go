package engine

import (
	"fmt"
	"testing"
	"time"

	"gpufn/worker"
)

// The workers' spin for their next request: --spin-for unless --worker-spin-for is given,
// under the hybrid policy only, and nothing on hosts too small for hybrid to spin; the other
// policies decide it as for every waiter.
func TestWorkerSpin(t *testing.T) {
	for _, cores := range []int{HybridMinCPUs, HybridMinCPUs - 1} {
		t.Run(fmt.Sprintf("%d cores", cores), func(t *testing.T) { testWorkerSpin(t, cores) })
	}
}

func testWorkerSpin(t *testing.T, cores int) {
	defer func(f func() int) { numCPU = f }(numCPU)
	numCPU = func() int { return cores }
	big := cores >= HybridMinCPUs
	for _, c := range []struct {
		name       string
		cfg        Config
		want, slot time.Duration // on a host large enough for hybrid to spin
	}{
		{"hybrid default", Config{}, 50 * time.Microsecond, 50 * time.Microsecond},
		{"hybrid, worker spin given", Config{WorkerSpinFor: time.Millisecond}, time.Millisecond, 50 * time.Microsecond},
		{"hybrid, both given", Config{SpinFor: 20 * time.Microsecond, WorkerSpinFor: 300 * time.Microsecond}, 300 * time.Microsecond, 20 * time.Microsecond},
		{"hybrid, spin-for only", Config{SpinFor: 80 * time.Microsecond}, 80 * time.Microsecond, 80 * time.Microsecond},
		{"spin", Config{Policy: PolicySpin, WorkerSpinFor: time.Millisecond}, worker.SpinForever, worker.SpinForever},
		{"block", Config{Policy: PolicyBlock, WorkerSpinFor: time.Millisecond}, 0, 0},
	} {
		cfg := c.cfg
		cfg.Mode, cfg.Binary = Sequential, "/bin/true"
		if err := cfg.defaults(); err != nil {
			t.Fatal(err)
		}
		want, slot := c.want, c.slot
		if !big && cfg.Policy == PolicyHybrid {
			want, slot = 0, 0
		}
		if got := cfg.workerSpin(); got != want {
			t.Errorf("%s: workers spin %v, want %v", c.name, got, want)
		}
		if got := cfg.spin(); got != slot {
			t.Errorf("%s: other waiters spin %v, want %v", c.name, got, slot)
		}
	}
}

// In Auto mode an invocation may need the GPU's usable memory less the whole-GPU worker's
// resident weight sets' budget (its pool leaves that beside it; at most an eighth of the
// memory, as the worker keeps), never less than a worker's pool.
func TestAutoMaxNeedLeavesTheResidentBudget(t *testing.T) {
	const gib = 1 << 30
	for _, c := range []struct {
		usable, pool, resident, want uint64
	}{
		{10 * gib, 2 * gib, 0, 9 * gib},            // the workers' default budget, 1 GiB
		{10 * gib, 2 * gib, 3 * gib, 35 * gib / 4}, // at most an eighth
		{2 * gib, 3 * gib / 2, gib, 7 * gib / 4},   // a small GPU: an eighth kept
		{gib, gib, 2 * gib, gib},                   // never below a worker's pool
		{256 << 20, 64 << 20, 0, 224 << 20},        // the cpu device of the e2e test
	} {
		e := &Engine{cfg: Config{Mode: Auto, UsableBytes: c.usable, PoolBytes: c.pool, ResidentBytes: c.resident}}
		if got := e.MaxNeed(); got != c.want {
			t.Errorf("usable %d, pool %d, resident %d: max need %d; want %d", c.usable, c.pool, c.resident, got, c.want)
		}
	}
}
