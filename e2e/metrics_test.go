package e2e

import (
	"bytes"
	"sync"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"gpufn/examples"
)

// scrape reads /metrics and parses it with the Prometheus text parser.
func (s *server) scrape() promFamilies {
	s.t.Helper()
	return parseMetrics(s.t, s.do("GET", "/metrics", "", nil))
}

// parseMetrics parses an answer to GET /metrics.
func parseMetrics(t *testing.T, a answer) promFamilies {
	t.Helper()
	if a.status != 200 {
		t.Fatalf("/metrics: %d %s", a.status, a.body)
	}
	p := expfmt.NewTextParser(model.LegacyValidation)
	mfs, err := p.TextToMetricFamilies(bytes.NewReader(a.body))
	if err != nil {
		t.Fatalf("/metrics does not parse: %v\n%s", err, a.body)
	}
	return mfs
}

type promFamilies map[string]*dto.MetricFamily

// get is the value of metric name with exactly these labels (a histogram's count), -1 when
// there is none.
func (mfs promFamilies) get(name string, labels ...string) float64 {
	mf := mfs[name]
	if mf == nil {
		return -1
	}
next:
	for _, m := range mf.Metric {
		if 2*len(m.Label) != len(labels) {
			continue
		}
		for _, l := range m.Label {
			found := false
			for i := 0; i+1 < len(labels); i += 2 {
				found = found || (labels[i] == l.GetName() && labels[i+1] == l.GetValue())
			}
			if !found {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue()
		case m.Gauge != nil:
			return m.Gauge.GetValue()
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount())
		}
	}
	return -1
}

// sum adds the values of metric name over every series (e.g. over engines).
func (mfs promFamilies) sum(name string) float64 {
	mf := mfs[name]
	if mf == nil {
		return -1
	}
	var v float64
	for _, m := range mf.Metric {
		v += m.GetCounter().GetValue() + m.GetGauge().GetValue()
	}
	return v
}

func (s *server) wantMetric(mfs promFamilies, want float64, name string, labels ...string) {
	s.t.Helper()
	if got := mfs.get(name, labels...); got != want {
		s.t.Fatalf("%s%v = %v, want %v", name, labels, got, want)
	}
}

// Each metric moves when its event happens: a success, a 400, a 404, a 429 (queue full), a
// kernel fault, the worker's restart, a quarantine, the module cache's first load and reuse;
// the series beyond --metrics-max-series aggregate under _other. (A module cache eviction is
// not provoked here: the worker caches 64 modules; worker and engine tests count evictions.)
func TestMetricsMove(t *testing.T) {
	s := start(t, "--examples", "--engine", "sequential", "--queue-depth", "1", "--metrics-max-series", "3")
	s.uploadExamples("testkernels")
	work := config("spin_ns", "", `"X"`, `{"Constant": 1000}`, "X")
	s.mustPut("/v1/functions/work", work)
	s.mustPut("/v1/functions/more", work)
	s.mustPut("/v1/functions/fault", config("fault", "", "", ""))

	mfs := s.scrape()
	eng := []string{"engine", s.engines()[0].Name, "gpu", device() + ":0"}
	for _, name := range []string{"go_goroutines", "process_resident_memory_bytes", "nv_gpu_memory_total_bytes", "nv_gpu_memory_used_bytes", "gpufn_worker_pool_bytes"} {
		v := mfs.get(name, eng...)
		if v < 0 { // not an engine's: the process's
			v = mfs.sum(name)
		}
		if v <= 0 {
			t.Fatalf("%s missing or zero", name)
		}
	}
	s.wantMetric(mfs, 0, "nv_inference_pending_request_count", eng...)
	s.wantMetric(mfs, 1, "gpufn_queue_capacity", eng...)

	// Successes, and the module cache: the first invocation loads the library, the second
	// finds it.
	cfg, A := examples.MatmulInputs(16, 1)
	s.mustInvoke("matmul", map[string][]byte{"cfg": cfg, "A": A})
	s.mustInvoke("matmul", map[string][]byte{"cfg": cfg, "A": A})
	mm := []string{"tenant", "default", "function", "matmul"}
	mfs = s.scrape()
	s.wantMetric(mfs, 2, "nv_inference_request_success", mm...)
	s.wantMetric(mfs, 2, "nv_inference_count", mm...)
	s.wantMetric(mfs, 2, "gpufn_requests_total", append(mm, "code", "200")...)
	for _, h := range []string{"gpufn_request_duration_seconds", "gpufn_queue_duration_seconds", "gpufn_gpu_duration_seconds"} {
		s.wantMetric(mfs, 2, h, mm...)
	}
	if mfs.get("nv_inference_compute_infer_duration_us", mm...) <= 0 {
		t.Fatal("no GPU time counted")
	}
	if mfs.get("gpufn_module_cache_misses_total", eng...) < 1 || mfs.get("gpufn_module_cache_hits_total", eng...) < 1 {
		t.Fatalf("module cache: %v misses, %v hits", mfs.get("gpufn_module_cache_misses_total", eng...), mfs.get("gpufn_module_cache_hits_total", eng...))
	}

	// A 400 (an input missing) and a 404 (no such function: under _unknown).
	if a := s.invoke("matmul", map[string][]byte{"cfg": cfg}); a.status != 400 {
		t.Fatalf("missing input: %d %s", a.status, a.code)
	}
	if a := s.invoke("nope", nil); a.status != 404 {
		t.Fatalf("no such function: %d %s", a.status, a.code)
	}
	mfs = s.scrape()
	s.wantMetric(mfs, 1, "nv_inference_request_failure", append(mm, "reason", "bad_request")...)
	s.wantMetric(mfs, 1, "gpufn_requests_total", append(mm, "code", "400")...)
	s.wantMetric(mfs, 1, "nv_inference_request_failure", "tenant", "_unknown", "function", "_unknown", "reason", "not_found")

	s.queueFull(eng)
	s.faultAndQuarantine(eng)

	// A fourth function is beyond --metrics-max-series 3 (matmul, work, fault): _other.
	s.mustInvoke("more", map[string][]byte{"X": {1}})
	mfs = s.scrape()
	s.wantMetric(mfs, 1, "nv_inference_request_success", "tenant", "_other", "function", "_other")
	s.wantMetric(mfs, -1, "nv_inference_request_success", "tenant", "default", "function", "more")
	s.wantMetric(mfs, 3, "gpufn_metrics_series")
}

// queueFull fills the one-deep queue behind a stopped worker; the next invocation is answered
// 429 and counted, and the pending gauge shows the queued one.
func (s *server) queueFull(eng []string) {
	t := s.t
	t.Helper()
	cont := s.stopWorkers()
	var wg sync.WaitGroup
	codes := make(chan int, 4)
	for sent := 1; sent <= 4; sent++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes <- s.invoke("work", map[string][]byte{"X": {1}}).status
		}()
		waitFor(t, "the invocation to be taken", func() bool {
			e := s.engines()[0]
			return e.Busy+e.Queued == sent || len(codes) > 0
		})
		if s.engines()[0].Queued >= 1 || len(codes) > 0 {
			break
		}
	}
	if len(codes) > 0 {
		t.Fatalf("an invocation was answered %d while the worker was stopped", <-codes)
	}
	s.wantMetric(s.scrape(), 1, "nv_inference_pending_request_count", eng...)
	if a := s.invoke("work", map[string][]byte{"X": {1}}); a.status != 429 || a.code != "queue_full" {
		t.Fatalf("full queue: %d %s", a.status, a.code)
	}
	cont()
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != 200 {
			t.Fatalf("a queued invocation was answered %d", c)
		}
	}
	wk := []string{"tenant", "default", "function", "work"}
	mfs := s.scrape()
	s.wantMetric(mfs, 1, "nv_inference_request_failure", append(wk, "reason", "queue_full")...)
	s.wantMetric(mfs, 1, "gpufn_requests_total", append(wk, "code", "429")...)
	s.wantMetric(mfs, 1, "gpufn_invocations_rejected_total", eng...)
	s.wantMetric(mfs, 0, "nv_inference_pending_request_count", eng...)
}

// faultAndQuarantine makes the fault function fault three times in a row: each is a kernel
// fault and a worker restart; then it is quarantined.
func (s *server) faultAndQuarantine(eng []string) {
	t := s.t
	t.Helper()
	fl := []string{"tenant", "default", "function", "fault"}
	for i := 1; i <= 3; i++ {
		if a := s.invoke("fault", nil); a.status != 500 || a.code != "kernel_fault" {
			t.Fatalf("fault %d: %d %s", i, a.status, a.code)
		}
		s.wantMetric(s.scrape(), float64(i), "gpufn_worker_faults_total", eng...)
		waitFor(t, "the worker's restart", func() bool { return s.scrape().get("gpufn_worker_restarts_total", eng...) == float64(i) })
	}
	if a := s.invoke("fault", nil); a.status != 422 || a.code != "function_quarantined" {
		t.Fatalf("after 3 faults: %d %s", a.status, a.code)
	}
	mfs := s.scrape()
	s.wantMetric(mfs, 3, "nv_inference_request_failure", append(fl, "reason", "kernel_fault")...)
	s.wantMetric(mfs, 3, "gpufn_requests_total", append(fl, "code", "500")...)
	s.wantMetric(mfs, 1, "nv_inference_request_failure", append(fl, "reason", "function_quarantined")...)
	s.wantMetric(mfs, 1, "gpufn_function_quarantines_total", eng...)
	s.wantMetric(mfs, 3, "gpufn_worker_faults_total", eng...)
}
