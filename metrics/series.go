package metrics

import (
	"strconv"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"gpufn/call"
)

// Series are one (tenant, function) pair's metrics, resolved once. Recording allocates nothing
// (but a failure's first time with its reason).
type Series struct {
	m                *Metrics
	tenant, function string

	success, count, exec, ok               prometheus.Counter
	reqUS, queueUS, inUS, computeUS, outUS prometheus.Counter
	e2e, queue, gpu                        prometheus.Observer
	batch                                  prometheus.Observer

	// fails holds, by the index of the error code (reasons), the counters of a failure with
	// that code, made at its first failure; the last slot is for codes outside the catalogue.
	fails []atomic.Pointer[failure]
}

// failure are the counters of one failure reason of a series.
type failure struct {
	reason, status prometheus.Counter
}

func (m *Metrics) newSeries(tenant, function string) *Series {
	c := func(v *prometheus.CounterVec) prometheus.Counter { return v.WithLabelValues(tenant, function) }
	h := func(v *prometheus.HistogramVec) prometheus.Observer { return v.WithLabelValues(tenant, function) }
	return &Series{
		m: m, tenant: tenant, function: function,
		success: c(m.v.success), count: c(m.v.count), exec: c(m.v.exec),
		ok:    m.v.requests.WithLabelValues(tenant, function, "200"),
		reqUS: c(m.v.reqUS), queueUS: c(m.v.queueUS), inUS: c(m.v.inUS), computeUS: c(m.v.computeUS), outUS: c(m.v.outUS),
		e2e: h(m.v.e2e), queue: h(m.v.queue), gpu: h(m.v.gpu), batch: h(m.v.batch),
		fails: make([]atomic.Pointer[failure], len(reasons)+1),
	}
}

// Tenant and Function are the series' label values ("_other" or "_unknown" for aggregates).
func (s *Series) Tenant() string   { return s.tenant }
func (s *Series) Function() string { return s.function }

// Succeeded records an invocation answered with outputs: t is its timing, e2e the time from the
// handler's start to the engine's answer.
func (s *Series) Succeeded(t *call.Timing, e2e time.Duration) {
	s.success.Inc()
	s.count.Inc()
	if !t.Joined { // a batch's execution counts once, with its first member
		s.exec.Inc()
		s.batch.Observe(float64(max(1, t.Batch)))
	}
	s.ok.Inc()
	s.reqUS.Add(micros(e2e))
	s.queueUS.Add(micros(t.Queue))
	s.inUS.Add(micros(t.CopyIn + t.H2D))
	s.computeUS.Add(micros(t.Kernel))
	s.outUS.Add(micros(t.D2H + t.CopyOut))
	s.e2e.Observe(e2e.Seconds())
	s.queue.Observe(t.Queue.Seconds())
	s.gpu.Observe(t.Kernel.Seconds())
}

// Failed records an invocation answered with an error of that code (its HTTP status is the
// code's).
func (s *Series) Failed(code call.Code) {
	i, known := reasons[code]
	if !known {
		i, code = len(reasons), call.CodeInternal
	}
	f := s.fails[i].Load()
	if f == nil {
		// Two first failures at once make the same children (the vectors hold one per labels).
		f = &failure{
			reason: s.m.v.failure.WithLabelValues(s.tenant, s.function, string(code)),
			status: s.m.v.requests.WithLabelValues(s.tenant, s.function, strconv.Itoa(code.Status())),
		}
		s.fails[i].Store(f)
	}
	f.reason.Inc()
	f.status.Inc()
}

func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
