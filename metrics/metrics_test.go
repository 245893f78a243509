package metrics

import (
	"bytes"
	"sort"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"gpufn/call"
	"gpufn/gpu"
)

// scrape writes the registry in the Prometheus text format and parses it back with the
// Prometheus text parser, as a scraper does.
func scrape(t *testing.T, m *Metrics) map[string]*dto.MetricFamily {
	t.Helper()
	mfs, err := m.Gatherer().Gather()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	enc := expfmt.NewEncoder(&b, expfmt.NewFormat(expfmt.TypeTextPlain))
	for _, mf := range mfs {
		if err := enc.Encode(mf); err != nil {
			t.Fatal(err)
		}
	}
	p := expfmt.NewTextParser(model.LegacyValidation)
	out, err := p.TextToMetricFamilies(&b)
	if err != nil {
		t.Fatalf("the output does not parse: %v\n%s", err, b.String())
	}
	return out
}

// value is the value of the metric name with exactly these labels (a counter's, a gauge's, or
// a histogram's count), and whether it is there.
func value(mfs map[string]*dto.MetricFamily, name string, labels ...string) (float64, bool) {
	mf := mfs[name]
	if mf == nil {
		return 0, false
	}
	want := map[string]string{}
	for i := 0; i+1 < len(labels); i += 2 {
		want[labels[i]] = labels[i+1]
	}
next:
	for _, m := range mf.Metric {
		if len(m.Label) != len(want) {
			continue
		}
		for _, l := range m.Label {
			if v, ok := want[l.GetName()]; !ok || v != l.GetValue() {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue(), true
		case m.Gauge != nil:
			return m.Gauge.GetValue(), true
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount()), true
		case m.Untyped != nil:
			return m.Untyped.GetValue(), true
		}
	}
	return 0, false
}

func label(m *dto.Metric, name string) string {
	for _, l := range m.Label {
		if l.GetName() == name {
			return l.GetValue()
		}
	}
	return ""
}

func mustValue(t *testing.T, mfs map[string]*dto.MetricFamily, want float64, name string, labels ...string) {
	t.Helper()
	v, ok := value(mfs, name, labels...)
	if !ok {
		t.Fatalf("%s%v: missing", name, labels)
	}
	if v != want {
		t.Fatalf("%s%v = %v, want %v", name, labels, v, want)
	}
}

func fn(name string) *call.Function { return &call.Function{Name: name} }

var timing = call.Timing{Queue: 3 * time.Millisecond, CopyIn: time.Microsecond, H2D: 2 * time.Microsecond,
	Kernel: 5 * time.Millisecond, D2H: 4 * time.Microsecond, CopyOut: 6 * time.Microsecond}

// A success and failures of each kind move their series, and only theirs.
func TestSeriesRecord(t *testing.T) {
	m := New(Options{NoRuntime: true})
	a := m.Function(fn("a"), []byte("alice"))
	a.Succeeded(&timing, 10*time.Millisecond)
	a.Failed(call.CodeQueueFull)
	a.Failed(call.CodeQueueFull)
	a.Failed(call.CodeKernelFault)
	a.Failed("no_such_code")
	m.Unknown().Failed(call.CodeNotFound)
	mfs := scrape(t, m)
	l := []string{"tenant", "alice", "function", "a"}
	mustValue(t, mfs, 1, "nv_inference_request_success", l...)
	mustValue(t, mfs, 1, "nv_inference_count", l...)
	mustValue(t, mfs, 1, "nv_inference_exec_count", l...)
	mustValue(t, mfs, 10000, "nv_inference_request_duration_us", l...)
	mustValue(t, mfs, 3000, "nv_inference_queue_duration_us", l...)
	mustValue(t, mfs, 3, "nv_inference_compute_input_duration_us", l...)
	mustValue(t, mfs, 5000, "nv_inference_compute_infer_duration_us", l...)
	mustValue(t, mfs, 10, "nv_inference_compute_output_duration_us", l...)
	for _, h := range []string{"gpufn_request_duration_seconds", "gpufn_queue_duration_seconds", "gpufn_gpu_duration_seconds"} {
		mustValue(t, mfs, 1, h, l...)
	}
	for _, mm := range mfs["gpufn_gpu_duration_seconds"].Metric {
		if h := mm.Histogram; label(mm, "function") == "a" && h.GetSampleSum() != 0.005 {
			t.Fatalf("GPU time sum %v, want 0.005", h.GetSampleSum())
		}
	}
	mustValue(t, mfs, 2, "nv_inference_request_failure", append(l, "reason", "queue_full")...)
	mustValue(t, mfs, 1, "nv_inference_request_failure", append(l, "reason", "kernel_fault")...)
	mustValue(t, mfs, 1, "nv_inference_request_failure", append(l, "reason", "internal")...) // a code outside the catalogue
	mustValue(t, mfs, 1, "gpufn_requests_total", append(l, "code", "200")...)
	mustValue(t, mfs, 2, "gpufn_requests_total", append(l, "code", "429")...)
	mustValue(t, mfs, 2, "gpufn_requests_total", append(l, "code", "500")...)
	mustValue(t, mfs, 1, "nv_inference_request_failure", "tenant", Unknown, "function", Unknown, "reason", "not_found")
	mustValue(t, mfs, 1, "gpufn_requests_total", "tenant", Unknown, "function", Unknown, "code", "404")
	if _, ok := value(mfs, "nv_inference_request_success", "tenant", Unknown, "function", Unknown); !ok {
		t.Fatal("the _unknown series is not exported before it is used")
	}
}

// Beyond MaxSeries pairs, invocations count under _other; a function registered again (a new
// handle) keeps its pair's series.
func TestSeriesCap(t *testing.T) {
	m := New(Options{MaxSeries: 2, NoRuntime: true})
	for _, name := range []string{"a", "b", "c", "d"} {
		m.Function(fn(name), []byte("t")).Succeeded(&timing, time.Millisecond)
	}
	again := m.Function(fn("a"), []byte("t"))
	again.Succeeded(&timing, time.Millisecond)
	if again.Function() != "a" {
		t.Fatalf("a registered again resolves to %q", again.Function())
	}
	mfs := scrape(t, m)
	mustValue(t, mfs, 2, "nv_inference_request_success", "tenant", "t", "function", "a")
	mustValue(t, mfs, 1, "nv_inference_request_success", "tenant", "t", "function", "b")
	mustValue(t, mfs, 2, "nv_inference_request_success", "tenant", Other, "function", Other)
	for _, name := range []string{"c", "d"} {
		if _, ok := value(mfs, "nv_inference_request_success", "tenant", "t", "function", name); ok {
			t.Fatalf("function %s beyond the cap has a series of its own", name)
		}
	}
	mustValue(t, mfs, 2, "gpufn_metrics_series")
	mustValue(t, mfs, 2, "gpufn_metrics_series_limit")
	var pairs []string
	for _, mm := range mfs["nv_inference_request_success"].Metric {
		pairs = append(pairs, label(mm, "function"))
	}
	sort.Strings(pairs)
	if got := strings.Join(pairs, " "); got != "_other _unknown a b" {
		t.Fatalf("series %q", got)
	}

	// No series of their own: everything under _other.
	none := New(Options{MaxSeries: -1, NoRuntime: true})
	none.Function(fn("a"), []byte("t")).Failed(call.CodeBadInput)
	mustValue(t, scrape(t, none), 1, "nv_inference_request_failure", "tenant", Other, "function", Other, "reason", "bad_input")
}

// A batch's members count as invocations each and as one execution (Triton's
// nv_inference_count and nv_inference_exec_count), observed in gpufn_batch_size by its size.
func TestBatchCountsExecutionsOnce(t *testing.T) {
	m := New(Options{NoRuntime: true})
	s := m.Function(fn("a"), []byte("t"))
	for i := range 4 { // a batch of 4 (3 members, 1 zeroed item), then one alone
		s.Succeeded(&call.Timing{Batch: 4, Joined: i > 0}, time.Millisecond)
	}
	s.Succeeded(&call.Timing{}, time.Millisecond)
	mfs := scrape(t, m)
	mustValue(t, mfs, 5, "nv_inference_count", "tenant", "t", "function", "a")
	mustValue(t, mfs, 2, "nv_inference_exec_count", "tenant", "t", "function", "a")
	var h *dto.Histogram
	for _, mm := range mfs["gpufn_batch_size"].Metric {
		if label(mm, "function") == "a" {
			h = mm.Histogram
		}
	}
	if h.GetSampleCount() != 2 || h.GetSampleSum() != 5 {
		t.Fatalf("gpufn_batch_size: %d executions summing %v, want 2 summing 5 (4 and 1)", h.GetSampleCount(), h.GetSampleSum())
	}
}

// Recording allocates nothing once a function's series and its failure reason exist.
func TestRecordAllocations(t *testing.T) {
	m := New(Options{NoRuntime: true})
	f := fn("a")
	tenant := []byte("alice")
	m.Function(f, tenant).Failed(call.CodeQueueFull)
	if n := testing.AllocsPerRun(200, func() {
		s := m.Function(f, tenant)
		s.Succeeded(&timing, time.Millisecond)
		s.Failed(call.CodeQueueFull)
	}); n != 0 {
		t.Fatalf("%.1f allocations per recording", n)
	}
}

// Each engine metric reads its field of the engines' stats at each scrape.
func TestEngineCollector(t *testing.T) {
	st := call.EngineStats{Name: "cuda0", Device: "cuda", Ordinal: 0, Queued: 3, QueueDepth: 1024, Busy: 2,
		Submitted: 10, Completed: 7, Failed: 2, Rejected: 1, Restarts: 4, Reruns: 5, Teardowns: 6, Whole: 8,
		Pipelined: 9, Inline: 11, Streamed: 27, Prewakes: 28, StreamedBodies: 29, SlowBodies: 30, Faults: 12, Quarantines: 13, ModuleCacheHits: 14, ModuleCacheMisses: 15, ModuleCacheEvictions: 16, ModuleCacheBytes: 3 << 20,
		WeightHits: 17, WeightMisses: 18, WeightEvictions: 19, TenantSwitches: 20, TenantSwitchNanos: 1_500_000_000,
		BatchRuns: 21, BatchMembers: 22, BatchPadded: 23, BatchFailures: 31, Preloads: 24, PreloadNanos: 2_500_000_000, PreloadsNoRoom: 25, PreloadsPending: 26,
		Ready: true, DeviceInfo: &gpu.Info{TotalMem: 80 << 30},
		Workers: []call.WorkerStats{
			{ID: "w0", Up: true, PoolBytes: 30 << 30, FreeMem: 20 << 30, Weights: call.ResidentStats{Sets: 2, Bytes: 3 << 20}},
			{ID: "w1", Up: true, PoolBytes: 30 << 30, FreeMem: 10 << 30, Weights: call.ResidentStats{Sets: 1, Bytes: 1 << 20}}, // started last
			{ID: "w2", Up: false, PoolBytes: 30 << 30, Weights: call.ResidentStats{Sets: 5, Bytes: 9 << 20}},                   // its last answer: not resident now
		}}
	m := New(Options{NoRuntime: true, Engines: func() []call.EngineStats { return []call.EngineStats{st} }})
	mfs := scrape(t, m)
	l := []string{"engine", "cuda0", "gpu", "cuda:0"}
	for name, want := range map[string]float64{
		"nv_inference_pending_request_count": 3, "gpufn_queue_capacity": 1024, "gpufn_invocations_running": 2,
		"gpufn_workers": 3, "gpufn_workers_up": 2, "gpufn_engine_ready": 1,
		"gpufn_invocations_submitted_total": 10, "gpufn_invocations_completed_total": 7, "gpufn_invocations_failed_total": 2,
		"gpufn_invocations_rejected_total": 1, "gpufn_worker_restarts_total": 4, "gpufn_invocation_reruns_total": 5,
		"gpufn_fault_domain_teardowns_total": 6, "gpufn_whole_gpu_invocations_total": 8, "gpufn_pipelined_invocations_total": 9,
		"gpufn_inline_invocations_total": 11, "gpufn_worker_faults_total": 12, "gpufn_function_quarantines_total": 13,
		"gpufn_module_cache_hits_total": 14, "gpufn_module_cache_misses_total": 15, "gpufn_module_cache_evictions_total": 16,
		"gpufn_module_cache_bytes":  3 << 20,
		"nv_gpu_memory_total_bytes": 80 << 30, "gpufn_gpu_memory_free_bytes": 10 << 30, "nv_gpu_memory_used_bytes": 70 << 30,
		"gpufn_worker_pool_bytes":  60 << 30,
		"gpufn_weights_hits_total": 17, "gpufn_weights_misses_total": 18, "gpufn_weights_evictions_total": 19,
		"gpufn_weights_resident_sets": 3, "gpufn_weights_resident_bytes": 4 << 20,
		"gpufn_tenant_switches_total": 20, "gpufn_tenant_switch_seconds_total": 1.5,
		"gpufn_batch_runs_total": 21, "gpufn_batch_members_total": 22, "gpufn_batch_padded_items_total": 23,
		"gpufn_preloads_total": 24, "gpufn_preload_seconds_total": 2.5, "gpufn_preloads_no_room_total": 25, "gpufn_preloads_pending": 26,
		"gpufn_streamed_invocations_total": 27, "gpufn_prewakes_total": 28, "gpufn_streamed_bodies_total": 29, "gpufn_slow_bodies_total": 30, "gpufn_batch_failures_total": 31,
	} {
		mustValue(t, mfs, want, name, l...)
	}
	if len(engineMetrics)+4 != 45 {
		t.Fatalf("%d engine metrics; this test checks 45: add the new one", len(engineMetrics)+4)
	}
	// Counters move between scrapes.
	st.ModuleCacheEvictions, st.Faults = 17, 13
	mfs = scrape(t, m)
	mustValue(t, mfs, 17, "gpufn_module_cache_evictions_total", l...)
	mustValue(t, mfs, 13, "gpufn_worker_faults_total", l...)
	// No worker up: no device memory to report.
	for i := range st.Workers {
		st.Workers[i].Up = false
	}
	if _, ok := value(scrape(t, m), "nv_gpu_memory_total_bytes", l...); ok {
		t.Fatal("device memory reported with no worker up")
	}
}

// The Go runtime's and the process's collectors are registered by default.
func TestRuntimeCollectors(t *testing.T) {
	mfs := scrape(t, New(Options{}))
	for _, name := range []string{"go_goroutines", "go_memstats_heap_alloc_bytes", "process_cpu_seconds_total", "process_resident_memory_bytes"} {
		if mfs[name] == nil {
			t.Errorf("%s missing", name)
		}
	}
}
