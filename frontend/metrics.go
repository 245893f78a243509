package frontend

import (
	"fmt"
	"strings"

	"github.com/valyala/fasthttp"
)

// metrics answers GET /metrics in the Prometheus text format: per engine, the counters and
// gauges of call.EngineStats.
func (s *Server) metrics(ctx *fasthttp.RequestCtx) {
	var b strings.Builder
	type metric struct {
		name, kind, help string
		value            func(i int) float64
	}
	all := s.d.EngineStats()
	stats := make([]struct {
		name                                                        string
		queued, busy, up, workers                                   int
		submitted, completed, failed, rejected, restarts, reruns, w uint64
	}, len(all))
	for i, st := range all {
		x := &stats[i]
		x.name, x.queued, x.busy, x.workers = st.Name, st.Queued, st.Busy, len(st.Workers)
		for _, w := range st.Workers {
			if w.Up {
				x.up++
			}
		}
		x.submitted, x.completed, x.failed, x.rejected = st.Submitted, st.Completed, st.Failed, st.Rejected
		x.restarts, x.reruns, x.w = st.Restarts, st.Reruns, st.Whole
	}
	for _, m := range []metric{
		{"gpufn_invocations_submitted_total", "counter", "Invocations admitted to the engine.", func(i int) float64 { return float64(stats[i].submitted) }},
		{"gpufn_invocations_completed_total", "counter", "Invocations answered with outputs.", func(i int) float64 { return float64(stats[i].completed) }},
		{"gpufn_invocations_failed_total", "counter", "Invocations answered with an error.", func(i int) float64 { return float64(stats[i].failed) }},
		{"gpufn_invocations_rejected_total", "counter", "Invocations refused because the queue was full or draining.", func(i int) float64 { return float64(stats[i].rejected) }},
		{"gpufn_worker_restarts_total", "counter", "Worker processes replaced.", func(i int) float64 { return float64(stats[i].restarts) }},
		{"gpufn_invocation_reruns_total", "counter", "Invocations run again after a GPU-wide fault.", func(i int) float64 { return float64(stats[i].reruns) }},
		{"gpufn_whole_gpu_invocations_total", "counter", "Invocations that took the whole GPU (auto engine).", func(i int) float64 { return float64(stats[i].w) }},
		{"gpufn_queue_depth", "gauge", "Invocations waiting in the queue.", func(i int) float64 { return float64(stats[i].queued) }},
		{"gpufn_invocations_running", "gauge", "Invocations on workers.", func(i int) float64 { return float64(stats[i].busy) }},
		{"gpufn_workers_up", "gauge", "Worker processes up.", func(i int) float64 { return float64(stats[i].up) }},
	} {
		fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s %s\n", m.name, m.help, m.name, m.kind)
		for i := range stats {
			fmt.Fprintf(&b, "%s{engine=%q} %g\n", m.name, stats[i].name, m.value(i))
		}
	}
	ctx.SetContentType("text/plain; version=0.0.4")
	ctx.SetBodyString(b.String())
}
