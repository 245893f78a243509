package e2e

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gpufn/call"
	"gpufn/examples"
)

// concurrentFlags start a concurrent engine: under MPS on a GPU; on the cpu device with the
// GPU-wide fault domain emulated, so that CI exercises the re-run logic MPS needs. Either way
// with the default rescue workers (one), unless GPUFN_E2E_RESCUE says how many.
func concurrentFlags(workers int, extra ...string) []string {
	f := []string{"--engine", "concurrent", "--workers", fmt.Sprint(workers)}
	if n := os.Getenv("GPUFN_E2E_STANDBY"); n != "" { // standby workers
		f = append(f, "--standby-workers", n)
	}
	if n := os.Getenv("GPUFN_E2E_RESCUE"); n != "" { // scripts/gpu-test.sh's run without them
		f = append(f, "--rescue-workers", n)
	}
	if onGPU() {
		f = append(f, "--mps", "on")
	} else {
		f = append(f, "--fault-domain", "gpu")
	}
	return append(f, extra...)
}

func TestConcurrentCorrectness(t *testing.T) {
	s := start(t, concurrentFlags(4, "--examples")...)
	concurrently(t, 8, func(g int) []string {
		errs := matmuls(s, g, 5)
		cfg, A, B := examples.InferenceInputs(50, 1, int64(g))
		a := s.invoke("inference", map[string][]byte{"cfg": cfg, "A": A, "B": B})
		if a.status != 200 || examples.CompareF32(a.outputs["D"], examples.InferenceReference(A, B, 1), 1e-4) != nil {
			errs = append(errs, fmt.Sprintf("inference g%d: %d %s", g, a.status, a.message))
		}
		return errs
	})
	used := 0
	for _, w := range domainWorkers(s.engines()[0]) {
		if w.PID > 0 {
			used++
		}
	}
	if used != 4 {
		t.Fatalf("%d workers up, want 4", used)
	}
}

// concurrently runs f on n goroutines (f gets its goroutine's number) and fails the test with
// every problem they return.
func concurrently(t *testing.T, n int, f func(g int) []string) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make([][]string, n)
	for g := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[g] = f(g)
		}()
	}
	wg.Wait()
	for _, e := range errs {
		for _, m := range e {
			t.Error(m)
		}
	}
}

// matmuls invokes matmul n times on inputs of goroutine g's own and returns what was wrong.
func matmuls(s *server, g, n int) []string {
	var errs []string
	for i := range n {
		cfg, A := examples.MatmulInputs(128, int64(g*10+i))
		if a := s.invoke("matmul", map[string][]byte{"cfg": cfg, "A": A}); a.status != 200 || !bytes.Equal(a.outputs["B"], examples.MatmulReference(A)) {
			errs = append(errs, fmt.Sprintf("matmul g%d/%d: %d %s", g, i, a.status, a.message))
		}
	}
	return errs
}

// innocents runs matmul in a loop on several goroutines until stop, and records every answer.
type innocents struct {
	ok, wrong atomic.Int64
	mu        sync.Mutex
	failures  []string
	wg        sync.WaitGroup
	stop      chan struct{}
}

func runInnocents(s *server, n int) *innocents {
	in := &innocents{stop: make(chan struct{})}
	for g := 0; g < n; g++ {
		in.wg.Add(1)
		go func(g int) {
			defer in.wg.Done()
			cfg, A := examples.MatmulInputs(128, int64(100+g))
			want := examples.MatmulReference(A)
			for {
				select {
				case <-in.stop:
					return
				default:
				}
				a := s.invoke("matmul", map[string][]byte{"cfg": cfg, "A": A})
				switch {
				case a.status != 200:
					in.mu.Lock()
					in.failures = append(in.failures, fmt.Sprintf("%d %s: %s", a.status, a.code, a.message))
					in.mu.Unlock()
				case !bytes.Equal(a.outputs["B"], want):
					in.wrong.Add(1)
				default:
					in.ok.Add(1)
				}
			}
		}(g)
	}
	return in
}

// waitServed waits until the innocents have been answered correctly n more times (than when
// called).
func (in *innocents) waitServed(t *testing.T, n int64, what string) {
	t.Helper()
	from := in.ok.Load()
	waitFor(t, what, func() bool { return in.ok.Load() >= from+n })
}

func (in *innocents) finish(t *testing.T) {
	t.Helper()
	close(in.stop)
	in.wg.Wait()
	if len(in.failures) > 0 || in.wrong.Load() > 0 || in.ok.Load() == 0 {
		t.Fatalf("innocent invocations: %d ok, %d wrong outputs, failures %v", in.ok.Load(), in.wrong.Load(), in.failures)
	}
	t.Logf("innocent invocations: %d, all correct", in.ok.Load())
}

// A faulting kernel beside looping innocent invocations: the culprit gets kernel_fault, every
// innocent invocation returns its correct output, and the engine serves again afterwards. Each
// fault's recovery timeline is printed; how soon the GPU serves again is checked only where
// GPUFN_RECOVERY_CHECK=1 (scripts/gpu-test.sh, on the GPU: a speed, not something CI can check).
// Five faults, the function registered again before each after the first (three in a row
// quarantine it).
func TestFaultBesideInnocents(t *testing.T) {
	s := start(t, concurrentFlags(4, "--examples")...)
	s.uploadExamples("testkernels")
	s.mustPut("/v1/functions/fault", config("fault", "", "", ""))
	in := runInnocents(s, 6)
	in.waitServed(t, 12, "the innocents to run") // in flight when the culprit faults
	var recs []*call.RecoveryTimeline
	for round := 0; round < recoveryRounds(); round++ {
		if round > 0 {
			// Registering it again lifts the quarantine that the owner's third fault in a row
			// would bring (the recovery check provokes 5).
			s.mustPut("/v1/functions/fault", config("fault", "", "", ""))
		}
		waitRescueUp(t, s) // restarted after the culprit's lone run faulted on it
		t0 := time.Now()
		a := s.invoke("fault", nil)
		took := time.Since(t0)
		if a.status != 500 || a.code != "kernel_fault" {
			t.Fatalf("culprit: %d %s %s", a.status, a.code, a.message)
		}
		t1 := time.Now()
		in.waitServed(t, 12, "the innocents to be served again after the fault")
		t.Logf("round %d: culprit answered in %v; the innocents were served 12 more times %v later", round, took.Round(time.Millisecond), time.Since(t1).Round(time.Millisecond))
		recs = append(recs, recovered(t, s, t0, round))
	}
	in.finish(t)
	e := s.engines()[0]
	t.Logf("engine: %d restarts, %d re-runs, %d teardowns, %d faults, %d answered by rescue workers", e.Restarts, e.Reruns, e.Teardowns, e.Faults, e.Rescued)
	checkRescue(t, s, recs, true)
	checkRecovery(t, recs, true)
}

// An infinite loop beside looping innocent invocations is stopped at its owner's deadline
// ("timeout_ms" in its config) with 504, every innocent invocation still returns its correct
// output, and the GPU serves again. Five overruns, as five faults in TestFaultBesideInnocents
// (the recovery check takes the p50 over them), the function registered again before each
// after the first.
func TestInfiniteLoopBesideInnocents(t *testing.T) {
	s := start(t, concurrentFlags(4, "--examples")...)
	s.uploadExamples("testkernels")
	spin := config("spin", `"F": {"Absolute": 256}`, "", `{"Ptr": "F"}`)
	spin = append([]byte(`{"timeout_ms": 500, `), spin[1:]...)
	s.mustPut("/v1/functions/spin", spin)
	in := runInnocents(s, 6)
	in.waitServed(t, 12, "the innocents to run") // in flight when spin overruns
	var recs []*call.RecoveryTimeline
	for round := 0; round < recoveryRounds(); round++ {
		if round > 0 {
			s.mustPut("/v1/functions/spin", spin) // lifts a quarantine: overruns strike as faults do
		}
		waitRescueUp(t, s)
		t0 := time.Now()
		a := s.invoke("spin", nil)
		if a.status != 504 || a.code != "deadline_exceeded" || !strings.Contains(a.message, "overran") {
			t.Fatalf("round %d: spin: %d %s %s", round, a.status, a.code, a.message)
		}
		t.Logf("round %d: the overrun was answered after %v", round, time.Since(t0).Round(time.Millisecond))
		in.waitServed(t, 12, "the innocents to be served again after the overrun")
		recs = append(recs, recovered(t, s, t0, round))
	}
	in.finish(t)
	checkRescue(t, s, recs, false)
	// The overrun's detection is its deadline; when innocents ran beside it, its answer comes
	// after a restart and a lone run with a fresh deadline (docs/engines.md).
	checkRecovery(t, recs, true)
}

// A kernel that reads every byte of its fresh buffers finds only zeros after another tenant's
// invocation wrote there, on every worker.
func TestZeroingOnEveryWorker(t *testing.T) {
	s := start(t, concurrentFlags(4)...)
	s.uploadExamples("testkernels")
	for _, fn := range examples.TestFunctions() {
		s.mustPut("/v1/functions/"+fn.Name, fn.Config)
	}
	// First one dirty and then one zero_check on every worker, whatever the scheduling: each
	// sent while every worker is stopped, so that each of the 4 finds the others busy and goes
	// to a worker of its own.
	n := len(domainWorkers(s.engines()[0]))
	for _, fn := range []string{"dirty", "zero_check"} {
		cont := s.stopWorkers()
		answers := make(chan answer, n)
		for i := 0; i < n; i++ {
			go func() { answers <- s.invoke(fn, nil) }()
		}
		waitFor(t, fmt.Sprintf("%d %s invocations on the %d workers", n, fn, n), func() bool {
			e := s.engines()[0]
			return e.Busy == n
		})
		cont()
		for i := 0; i < n; i++ {
			a := <-answers
			if a.status != 200 {
				t.Fatalf("%s: %d %s: %s", fn, a.status, a.code, a.message)
			}
			if fn == "zero_check" && binary.LittleEndian.Uint64(a.outputs["R"]) != 0 {
				t.Fatal("a fresh buffer held another invocation's bytes")
			}
		}
	}
	var wg sync.WaitGroup
	var bad atomic.Int64
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 25; i++ {
				s.mustInvoke("dirty", nil)
				out := s.mustInvoke("zero_check", nil)
				if binary.LittleEndian.Uint64(out["R"]) != 0 {
					bad.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if bad.Load() > 0 {
		t.Fatalf("%d fresh buffers held another invocation's bytes", bad.Load())
	}
	for _, w := range domainWorkers(s.engines()[0]) {
		if w.Invocations == 0 {
			t.Fatalf("worker %s ran nothing: the test did not reach every worker", w.ID)
		}
	}
}

// Auto: an invocation too big for one worker's share gets the whole GPU, then the workers
// serve as before.
func TestAutoWholeGPU(t *testing.T) {
	flags := []string{"--engine", "auto", "--workers", "2", "--pool-size", "64MiB"}
	if !onGPU() {
		flags = append(flags, "--cpu-memory", "512MiB")
	}
	s := start(t, flags...)
	s.uploadExamples("testkernels")
	s.mustPut("/v1/functions/big", config("fill_u8", `"A": {"Absolute": 201326592}, "R": {"Absolute": 8}`, `"R"`, `{"Ptr": "A"}, {"Sizeof": "A"}, {"Constant": 7}`))
	s.mustPut("/v1/functions/zero_check", examples.TestFunctions()[1].Config)
	for i := 0; i < 2; i++ {
		if a := s.invoke("big", nil); a.status != 200 {
			t.Fatalf("big: %d %s %s", a.status, a.code, a.message)
		}
		out := s.mustInvoke("zero_check", nil)
		if binary.LittleEndian.Uint64(out["R"]) != 0 {
			t.Fatal("a share's buffer is not zero after a whole-GPU invocation")
		}
	}
	e := s.engines()[0]
	if e.Whole != 2 {
		t.Fatalf("whole-GPU invocations: %d", e.Whole)
	}
}
