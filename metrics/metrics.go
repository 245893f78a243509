package metrics

import (
	"sort"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"gpufn/call"
)

// DefaultMaxSeries is the default bound on the (tenant, function) pairs with series of their own.
const DefaultMaxSeries = 256

// The label values of aggregated series.
const (
	// Other is the tenant and function of every pair beyond Options.MaxSeries.
	Other = "_other"
	// Unknown is the tenant and function of invocations that named no function the caller may
	// invoke (answered 404).
	Unknown = "_unknown"
)

// Options configure a Metrics. Zero values take the defaults written beside each field.
type Options struct {
	// MaxSeries bounds the (tenant, function) pairs with series of their own (default
	// DefaultMaxSeries; negative: none, every invocation counts under "_other").
	MaxSeries int
	// Engines returns a snapshot of every engine, read at each scrape (nil: no engine metrics).
	Engines func() []call.EngineStats
	// NoRuntime leaves out the Go runtime's and the process's collectors (tests that compare
	// whole outputs).
	NoRuntime bool
}

// Metrics is one server's registry and its series. See the package documentation.
type Metrics struct {
	reg *prometheus.Registry
	max int
	v   vecs

	mu     sync.Mutex
	series map[[2]string]*Series // the pairs with series of their own
	other  *Series
	unk    *Series
}

// vecs are the per-function metric families.
type vecs struct {
	success, count, exec                   *prometheus.CounterVec
	reqUS, queueUS, inUS, computeUS, outUS *prometheus.CounterVec
	failure, requests                      *prometheus.CounterVec
	e2e, queue, gpu                        *prometheus.HistogramVec
	batch                                  *prometheus.HistogramVec // by batch size, not seconds
}

var fnLabels = []string{"tenant", "function"}

// latencyBuckets are the latency histograms' upper bounds in seconds: 20 µs to 30 s, each about
// 2.1 times the one before.
var latencyBuckets = prometheus.ExponentialBucketsRange(20e-6, 30, 20)

// New makes a Metrics with its registry.
func New(opt Options) *Metrics {
	if opt.MaxSeries == 0 {
		opt.MaxSeries = DefaultMaxSeries
	}
	m := &Metrics{reg: prometheus.NewRegistry(), max: max(opt.MaxSeries, 0), series: map[[2]string]*Series{}}
	counter := func(name, help string, labels ...string) *prometheus.CounterVec {
		v := prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, append(fnLabels[:2:2], labels...))
		m.reg.MustRegister(v)
		return v
	}
	hist := func(name, help string) *prometheus.HistogramVec {
		v := prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: name, Help: help, Buckets: latencyBuckets}, fnLabels)
		m.reg.MustRegister(v)
		return v
	}
	m.v = vecs{
		success:   counter("nv_inference_request_success", "Invocations answered with outputs (200)."),
		count:     counter("nv_inference_count", "Inferences performed: successful invocations, each one inference (no batching)."),
		exec:      counter("nv_inference_exec_count", "Executions on a worker that answered successful invocations: a batch of several invocations (docs/batching.md) counts once, beside its members' nv_inference_count."),
		reqUS:     counter("nv_inference_request_duration_us", "Cumulative time of successful invocations from the handler's start to the engine's answer, in microseconds."),
		queueUS:   counter("nv_inference_queue_duration_us", "Cumulative time successful invocations waited for a worker, in microseconds."),
		inUS:      counter("nv_inference_compute_input_duration_us", "Cumulative time successful invocations spent copying inputs into the worker's context and to the device, in microseconds."),
		computeUS: counter("nv_inference_compute_infer_duration_us", "Cumulative GPU time (launches and synchronization) of successful invocations, in microseconds."),
		outUS:     counter("nv_inference_compute_output_duration_us", "Cumulative time successful invocations spent copying outputs from the device and out of the worker's context, in microseconds."),
		failure:   counter("nv_inference_request_failure", "Invocations answered with an error, by error code (reason).", "reason"),
		requests:  counter("gpufn_requests_total", "Invocation requests answered, by HTTP status code.", "code"),
		e2e:       hist("gpufn_request_duration_seconds", "Latency of successful invocations from the handler's start to the engine's answer."),
		queue:     hist("gpufn_queue_duration_seconds", "Time successful invocations waited for a worker."),
		gpu:       hist("gpufn_gpu_duration_seconds", "GPU time (kernel launches and synchronization) of successful invocations."),
		batch:     batchHist(m.reg),
	}
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "gpufn_metrics_series",
		Help: "(tenant, function) pairs with series of their own; beyond gpufn_metrics_series_limit they count under \"_other\".",
	}, func() float64 {
		m.mu.Lock()
		defer m.mu.Unlock()
		return float64(len(m.series))
	}))
	limit := prometheus.NewGauge(prometheus.GaugeOpts{Name: "gpufn_metrics_series_limit", Help: "The bound on (tenant, function) pairs with series of their own (--metrics-max-series)."})
	limit.Set(float64(m.max))
	m.reg.MustRegister(limit)
	m.other = m.newSeries(Other, Other)
	m.unk = m.newSeries(Unknown, Unknown)
	if opt.Engines != nil {
		m.reg.MustRegister(&engineCollector{stats: opt.Engines})
	}
	if !opt.NoRuntime {
		m.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	return m
}

// batchBuckets are the batch size histogram's upper bounds: 1, 2, 4, ... 1024.
var batchBuckets = prometheus.ExponentialBuckets(1, 2, 11)

// batchHist is gpufn_batch_size: the executions that answered successful invocations, by batch
// size (1: run alone; zeroed padding items included).
func batchHist(reg *prometheus.Registry) *prometheus.HistogramVec {
	v := prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "gpufn_batch_size",
		Help: "Executions that answered successful invocations, by batch size (1: run alone; a batch variant's size, zeroed padding included; docs/batching.md).", Buckets: batchBuckets}, fnLabels)
	reg.MustRegister(v)
	return v
}

// Gatherer is the registry, for an HTTP handler (promhttp.HandlerFor) or a test.
func (m *Metrics) Gatherer() prometheus.Gatherer { return m.reg }

// Registerer is the registry, for metrics of other parts of the server.
func (m *Metrics) Registerer() prometheus.Registerer { return m.reg }

// Unknown is the series of invocations that named no function the caller may invoke.
func (m *Metrics) Unknown() *Series { return m.unk }

// Function returns the series of fn, a function of tenant: those cached on fn, else its pair's
// (made now if fewer than MaxSeries pairs have their own), else "_other"'s; they are cached on
// fn. Only the first call for a handle allocates.
func (m *Metrics) Function(fn *call.Function, tenant []byte) *Series {
	if s, ok := fn.Metrics.Load().(*Series); ok && s.m == m {
		return s
	}
	s := m.resolve(string(tenant), fn.Name)
	fn.Metrics.Store(s) // a handle served by two Metrics (tests only) resolves again each time
	return s
}

func (m *Metrics) resolve(tenant, name string) *Series {
	k := [2]string{tenant, name}
	m.mu.Lock()
	defer m.mu.Unlock()
	if s, ok := m.series[k]; ok {
		return s
	}
	if len(m.series) >= m.max {
		return m.other
	}
	s := m.newSeries(tenant, name)
	m.series[k] = s
	return s
}

// reasons gives each code of the catalogue its index in Series.fails; codes outside it share
// the last index, reason "internal".
var reasons = func() map[call.Code]int {
	codes := call.Codes()
	sort.Slice(codes, func(i, j int) bool { return codes[i] < codes[j] })
	idx := make(map[call.Code]int, len(codes))
	for i, c := range codes {
		idx[c] = i
	}
	return idx
}()
