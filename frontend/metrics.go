package frontend

import (
	"errors"

	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpadaptor"

	"gpufn/call"
	"gpufn/dispatcher"
	"gpufn/metrics"
)

// newMetrics makes the server's registry (package metrics) and the handler of GET /metrics:
// client_golang's promhttp, which negotiates the format (the Prometheus text format by default,
// OpenMetrics or protobuf when asked) and compresses when the client accepts it.
func (s *Server) newMetrics() {
	s.metrics = metrics.New(metrics.Options{MaxSeries: s.cfg.MetricsMaxSeries, Engines: s.d.EngineStats})
	h := promhttp.HandlerFor(s.metrics.Gatherer(), promhttp.HandlerOpts{ErrorLog: promLogger{s}})
	s.metricsHandler = fasthttpadaptor.NewFastHTTPHandler(h)
}

// Metrics is the server's registry (tests, and metrics of other parts of the server).
func (s *Server) Metrics() *metrics.Metrics { return s.metrics }

// serveMetrics answers GET /metrics (the caller was authenticated: an admin under --tokens).
func (s *Server) serveMetrics(ctx *fasthttp.RequestCtx) {
	if !ctx.IsGet() && !ctx.IsHead() {
		methodNotAllowed(ctx, "GET")
		return
	}
	s.metricsHandler(ctx)
}

// codeOf is the code of an error the dispatcher returned (internal for any other).
func codeOf(err error) call.Code {
	var de *dispatcher.Error
	if errors.As(err, &de) {
		return de.Code
	}
	return call.CodeInternal
}

// promLogger logs promhttp's errors (a collector that failed) to the server's log.
type promLogger struct{ s *Server }

func (l promLogger) Println(v ...any) { l.s.log.Sugar().Warn(append([]any{"metrics: "}, v...)...) }
