package e2e

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"gpufn/mps"
)

// Several GPUs in one server: on the cpu device (CI) two cpu devices stand for two GPUs; on a
// GPU machine GPUFN_E2E_GPUS says how many GPUs it has (scripts/gpu-test.sh sets it) and these
// tests skip below two.

// twoGPUs starts a concurrent server on two GPUs with workers workers each (under MPS on a
// GPU; the GPU-wide fault domain emulated on the cpu device).
func twoGPUs(t *testing.T, workers int, extra ...string) *server {
	t.Helper()
	if onGPU() {
		if n, _ := strconv.Atoi(os.Getenv("GPUFN_E2E_GPUS")); n < 2 {
			t.Skip("needs two GPUs (GPUFN_E2E_GPUS)")
		}
		extra = append(extra, "--gpus", "0,1")
	} else {
		extra = append(extra, "--cpu-devices", "2")
	}
	return start(t, concurrentFlags(workers, extra...)...)
}

// workerEnv reads a worker's environment from /proc.
func workerEnv(t *testing.T, pid int) map[string]string {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid))
	if err != nil {
		t.Fatalf("worker %d: %v", pid, err)
	}
	env := map[string]string{}
	for _, kv := range bytes.Split(b, []byte{0}) {
		if k, v, ok := strings.Cut(string(kv), "="); ok {
			env[k] = v
		}
	}
	return env
}

// Each GPU has an engine of its own with its own workers; on CUDA each GPU's workers are
// clients of an MPS daemon of that GPU's alone, which shows them only their GPU.
func TestTwoGPUsEachWithItsOwnEngine(t *testing.T) {
	s := twoGPUs(t, 2, "--examples")
	// Readiness counts the engines' workers, not their rescue workers, which may come up a
	// moment later: wait for every one.
	waitFor(t, "every worker up, rescue workers included", func() bool {
		for _, e := range s.engines() {
			for _, w := range e.Workers {
				if !w.Up || w.PID <= 0 {
					return false
				}
			}
		}
		return true
	})
	es := s.engines()
	if len(es) != 2 || es[0].Name == es[1].Name {
		t.Fatalf("engines %+v, want two of their own", es)
	}
	pids := map[int]string{}
	daemons := map[string]string{} // MPS pipe directory: engine
	for _, e := range es {
		if n := len(domainWorkers(e)); n != 2 {
			t.Fatalf("engine %s has %d workers, want 2", e.Name, n)
		}
		for _, w := range e.Workers {
			if !w.Up || w.PID <= 0 {
				t.Fatalf("engine %s: worker %s not up", e.Name, w.ID)
			}
			if other, dup := pids[w.PID]; dup {
				t.Fatalf("worker pid %d in engines %s and %s", w.PID, other, e.Name)
			}
			pids[w.PID] = e.Name
			if !onGPU() {
				continue
			}
			env := workerEnv(t, w.PID)
			pipe, visible := env["CUDA_MPS_PIPE_DIRECTORY"], env["CUDA_VISIBLE_DEVICES"]
			if pipe == "" || visible == "" {
				t.Fatalf("engine %s worker %d: MPS pipe %q, CUDA_VISIBLE_DEVICES %q; want a daemon of its GPU", e.Name, w.PID, pipe, visible)
			}
			if w.Rescue {
				// A rescue worker is a fault domain of its own, outside MPS: its pipe
				// directory is one where no daemon listens (every engine's may be the same),
				// and it sees its engine's GPU alone, named as the host numbers it.
				ordinal, err := strconv.Atoi(strings.TrimLeft(e.Name, "abcdefghijklmnopqrstuvwxyz"))
				if err != nil {
					t.Fatalf("engine %s: no GPU ordinal in its name", e.Name)
				}
				if filepath.Base(pipe) != "mps-none" || visible != mps.VisibleDevice(ordinal) {
					t.Fatalf("engine %s rescue worker %d: MPS pipe %q, CUDA_VISIBLE_DEVICES %q; want the directory outside MPS and GPU %s",
						e.Name, w.PID, pipe, visible, mps.VisibleDevice(ordinal))
				}
				continue
			}
			// An MPS client counts devices among its daemon's, which serves one GPU.
			if filepath.Base(pipe) == "mps-none" || visible != "0" {
				t.Fatalf("engine %s worker %d: MPS pipe %q, CUDA_VISIBLE_DEVICES %q; want its daemon's and device 0", e.Name, w.PID, pipe, visible)
			}
			if other, ok := daemons[pipe]; ok && other != e.Name {
				t.Fatalf("engines %s and %s share the MPS daemon at %s", other, e.Name, pipe)
			}
			daemons[pipe] = e.Name
		}
	}
	if onGPU() {
		if n := strings.Count(s.logs.String(), "started an MPS control daemon"); n != 2 {
			t.Fatalf("%d MPS daemons started, want one per GPU", n)
		}
		for _, e := range es {
			if e.DeviceInfo == nil || e.DeviceInfo.TotalMem == 0 {
				t.Fatalf("engine %s reports no device memory: %+v", e.Name, e.DeviceInfo)
			}
			t.Logf("engine %s: %s, %d MiB total, pools %d MiB per worker", e.Name, e.DeviceInfo.Name, e.DeviceInfo.TotalMem>>20, e.Workers[0].PoolBytes>>20)
		}
	}
	// Both engines compute correct answers.
	concurrently(t, 8, func(g int) []string { return matmuls(s, g, 4) })
	for _, e := range s.engines() {
		if e.Completed == 0 {
			t.Errorf("engine %s completed nothing of 32 invocations", e.Name)
		}
		t.Logf("engine %s: %d completed", e.Name, e.Completed)
	}
}

// Invocations spread over both GPUs: 4·W long invocations at once fill every worker of both
// engines (without pipelining an engine takes at most W at a time, so this happens only if both
// take their share), and while they run neither engine idles while the other queues.
func TestTwoGPUsSpread(t *testing.T) {
	const workers = 2
	// No pipelining: a worker whose code is loaded (preloaded at registration) would otherwise
	// have a second invocation sent behind its first, and Busy would count both.
	s := twoGPUs(t, workers, "--pipeline=false")
	s.uploadExamples("testkernels")
	s.mustPut("/v1/functions/long", config("spin_ns", "", "", `{"Constant": 1500000000}`))
	const n = 4 * workers // two rounds on each GPU
	var wg sync.WaitGroup
	statuses := make(chan int, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses <- s.invoke("long", nil).status
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	full := false
	var violations []string
	for finished := false; !finished; {
		select {
		case <-done:
			finished = true
		default:
		}
		es := s.engines()
		if len(es) != 2 {
			t.Fatalf("%d engines", len(es))
		}
		if es[0].Busy == workers && es[1].Busy == workers {
			full = true
		}
		for i, e := range es {
			if other := es[1-i]; e.Queued > 0 && other.Busy < workers && other.Queued == 0 && full {
				violations = append(violations, fmt.Sprintf("%s queued %d while %s ran %d of %d", e.Name, e.Queued, other.Name, other.Busy, workers))
			}
		}
	}
	close(statuses)
	for st := range statuses {
		if st != 200 {
			t.Errorf("an invocation answered %d", st)
		}
	}
	if !full {
		t.Fatal("the engines never ran all their workers at once: the invocations were not spread over both GPUs")
	}
	// A sample may see one engine between two invocations; a lasting imbalance shows in many.
	if len(violations) > 3 {
		t.Fatalf("one GPU idled while the other queued, %d times: %v", len(violations), violations)
	}
	for _, e := range s.engines() {
		if e.Completed != n/2 {
			t.Errorf("engine %s completed %d of %d, want %d", e.Name, e.Completed, n, n/2)
		}
	}
}

// A fault on one GPU tears down that GPU's workers only: the other GPU's workers, and the
// invocations in flight on them, are untouched, and every innocent is answered correctly.
func TestFaultOnOneGPUSparesTheOther(t *testing.T) {
	s := twoGPUs(t, 2, "--examples")
	s.uploadExamples("testkernels")
	s.mustPut("/v1/functions/fault", config("fault", "", "", ""))
	in := runInnocents(s, 8)
	in.waitServed(t, 16, "the innocents to run on both GPUs")
	before := s.engines()
	a := s.invoke("fault", nil)
	if a.status != 500 || a.code != "kernel_fault" {
		t.Fatalf("culprit: %d %s %s", a.status, a.code, a.message)
	}
	in.waitServed(t, 16, "the innocents to be served again after the fault")
	in.finish(t)
	after := s.engines()
	hit := -1
	for i := range after {
		if after[i].Teardowns > before[i].Teardowns || after[i].Restarts > before[i].Restarts {
			if hit >= 0 {
				t.Fatalf("both engines were torn down: before %+v, after %+v", before, after)
			}
			hit = i
		}
	}
	if hit < 0 {
		t.Fatalf("no engine saw the fault: before %+v, after %+v", before, after)
	}
	spared := after[1-hit]
	if spared.Reruns != before[1-hit].Reruns {
		t.Errorf("engine %s re-ran %d invocations: its in-flight work was disturbed", spared.Name, spared.Reruns-before[1-hit].Reruns)
	}
	for j, w := range spared.Workers {
		if w.PID != before[1-hit].Workers[j].PID {
			t.Errorf("engine %s: worker %s was replaced (pid %d -> %d)", spared.Name, w.ID, before[1-hit].Workers[j].PID, w.PID)
		}
	}
	t.Logf("fault on %s: %d teardowns, %d restarts, %d re-runs there; %s untouched", after[hit].Name,
		after[hit].Teardowns-before[hit].Teardowns, after[hit].Restarts-before[hit].Restarts, after[hit].Reruns-before[hit].Reruns, spared.Name)
}
