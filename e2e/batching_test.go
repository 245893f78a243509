package e2e

import (
	"bytes"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"

	"gpufn/examples"
)

// registerBatching uploads library "batch" and registers the example's variants of sizes and
// the batch-1 function "m" that declares them (examples/batch.go).
func registerBatching(t *testing.T, s *server, sizes []int, preferred []int) {
	t.Helper()
	s.mustPut("/v1/libraries/batch", examples.MustPTX("batch"))
	for _, n := range sizes {
		s.mustPut("/v1/functions/"+examples.BatchVariantName("m", n), examples.BatchConfig(n))
	}
	s.mustPut("/v1/functions/m", examples.BatchingConfig("m", sizes, 0, "", preferred))
}

// Dynamic batching over HTTP: a declaration naming a variant that is not registered is refused
// with its path; invocations queued behind a busy worker are answered by one batch, each with
// its own output, its batch size and queue wait in headers and Server-Timing, and /metrics
// counts the executions apart from the invocations. On a GPU it also runs library batch's PTX
// (hand-written until make kernels regenerates it; cpu's TestMatchesCUDA compares it with the
// cpu device's kernel).
func TestBatchingOverHTTP(t *testing.T) {
	for _, engine := range []string{"sequential", "concurrent"} {
		t.Run(engine, func(t *testing.T) {
			s := start(t, "--engine", engine, "--workers", "2")
			s.mustPut("/v1/libraries/batch", examples.MustPTX("batch"))
			a := s.do("PUT", "/v1/functions/m", "application/json", examples.BatchingConfig("m", []int{2, 4}, 0, "", nil))
			if a.status != 422 || a.code != "invalid_config" || !bytes.Contains(a.body, []byte("batching.variants[0].function")) {
				t.Fatalf("a declaration naming no registered variant: %d %s", a.status, a.body)
			}
			registerBatching(t, s, []int{2, 4}, nil)
			workers := 0 // those that take invocations: not a rescue worker (idle while the GPU serves)
			for _, w := range s.engines()[0].Workers {
				if !w.Rescue {
					workers++
				}
			}
			const queued = 4
			n := workers + queued
			cont := s.stopWorkers()
			answers := make([]answer, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					answers[i] = s.invoke("m", map[string][]byte{"x": examples.BatchInput(uint64(i))})
				}()
				if i < workers {
					// One at a time until every worker holds one, each alone: sent together,
					// a worker that took the first could claim the next as its batch.
					waitFor(t, "an invocation at each stopped worker", func() bool { return s.engines()[0].Busy == i+1 })
				}
			}
			waitFor(t, "invocations queued behind the stopped workers", func() bool { return s.engines()[0].Queued == queued })
			cont()
			wg.Wait()
			execs, batched := 0, 0
			for i, a := range answers {
				if a.status != 200 || !bytes.Equal(a.outputs["y"], examples.BatchReference(examples.BatchInput(uint64(i)))) {
					t.Fatalf("invocation %d: %d %s %s, output %x", i, a.status, a.code, a.message, a.outputs["y"])
				}
				size, err := strconv.Atoi(a.header.Get("X-Gpufn-Batch-Size"))
				if err != nil || size < 1 || a.header.Get("X-Gpufn-Queue-Wait-Us") == "" {
					t.Fatalf("invocation %d: X-Gpufn-Batch-Size %q, X-Gpufn-Queue-Wait-Us %q", i, a.header.Get("X-Gpufn-Batch-Size"), a.header.Get("X-Gpufn-Queue-Wait-Us"))
				}
				if size > 1 {
					batched++
					if !bytes.Contains([]byte(a.header.Get("Server-Timing")), []byte(`batch;desc="`+strconv.Itoa(size)+`"`)) {
						t.Fatalf("invocation %d of a batch of %d: Server-Timing %q", i, size, a.header.Get("Server-Timing"))
					}
				}
			}
			// The workers' first invocations ran alone; the queued ones in batches (with one
			// worker, one batch of 4; with two, whichever worker frees first takes them).
			if batched < 2 {
				t.Fatalf("%d of %d invocations answered by a batch; want the %d queued ones", batched, n, queued)
			}
			mfs := s.scrape()
			count, exec := mfs.sum("nv_inference_count"), mfs.sum("nv_inference_exec_count")
			runs := mfs.sum("gpufn_batch_runs_total")
			if count != float64(n) || exec >= count || runs < 1 || mfs.sum("gpufn_batch_members_total") < 2 {
				t.Fatalf("/metrics: %v invocations, %v executions, %v batch runs", count, exec, runs)
			}
			if engine == "sequential" {
				if batched != queued || runs != 1 || exec != float64(workers+1) {
					t.Fatalf("sequential: %d batched, %v runs, %v executions; want %d, 1, %d", batched, runs, exec, queued, workers+1)
				}
			}
			execs = int(exec)
			if h := mfs.get("gpufn_batch_size", "tenant", "default", "function", "m"); h != float64(execs) {
				t.Fatalf("gpufn_batch_size counts %v executions; nv_inference_exec_count %d", h, execs)
			}
		})
	}
}

// gpufn deploy uploads a bundle with batch variants (gpufn-bundle.json's "variants"): the
// variants before the function whose "batching" names them, which then batches.
func TestDeployBatchingBundle(t *testing.T) {
	// Without pipelining: a slot driven by its own goroutine (not lent to the first submitter)
	// would otherwise send the worker the queued four as a pipelined batch while it is
	// stopped, and the queue would never hold them (an H100 run saw that once).
	s := start(t, "--engine", "sequential", "--pipeline=false")
	dir := t.TempDir()
	if err := examples.BatchingBundle(9).Write(dir); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(gpufnBin, "deploy", "--url", s.url, "--check", dir).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "output y matches the reference") ||
		strings.Index(string(out), "/v1/functions/m_b4") > strings.Index(string(out), "/v1/functions/m ") {
		t.Fatalf("gpufn deploy: %v\n%s", err, out)
	}
	// Invocations queued behind the stopped worker form a batch of 4.
	cont := s.stopWorkers()
	answers := make([]answer, 5)
	var wg sync.WaitGroup
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = s.invoke("m", map[string][]byte{"x": examples.BatchInput(uint64(i))})
		}()
		if i == 0 {
			// The first alone at the worker: sent together, the first two could be taken as a
			// batch of 2 (an H100 run saw it), and the queue would never hold four.
			waitFor(t, "an invocation at the stopped worker", func() bool { return s.engines()[0].Busy == 1 })
		}
	}
	waitFor(t, "invocations queued behind the stopped worker", func() bool { return s.engines()[0].Queued == 4 })
	cont()
	wg.Wait()
	batched := 0
	for i, a := range answers {
		if a.status != 200 || !bytes.Equal(a.outputs["y"], examples.BatchReference(examples.BatchInput(uint64(i)))) {
			t.Fatalf("invocation %d: %d %s", i, a.status, a.message)
		}
		if a.header.Get("X-Gpufn-Batch-Size") == "4" {
			batched++
		}
	}
	if batched != 4 {
		t.Fatalf("%d answers from a batch of 4, want 4", batched)
	}
}
