// Package metrics is gpufn's Prometheus instrumentation (github.com/prometheus/client_golang):
// one registry per server, holding
//
//   - per function and tenant: requests by outcome and status, the Triton-style cumulative
//     durations, and latency histograms (end to end, queue wait, GPU time), recorded by the
//     frontend as each invocation is answered (Series);
//   - per engine (one per GPU): queue depth, workers, restarts, faults, quarantines, module cache
//     hits, misses and evictions, device memory, read from call.EngineStats at each scrape;
//   - the Go runtime's and the process's collectors.
//
// Names follow Triton's nv_inference_* where Triton has a counterpart and are gpufn_* otherwise;
// docs/metrics.md lists every metric with its type, labels, meaning and Triton counterpart.
//
// The label sets are bounded: at most Options.MaxSeries (tenant, function) pairs get series of
// their own (default DefaultMaxSeries); invocations of any later pair count under tenant and
// function "_other", and those naming no function the caller may invoke under "_unknown".
//
// Recording is allocation-free once a function's series exist: Metrics.Function resolves them
// at a function's first invocation and caches them on its handle (call.Function.Metrics);
// a failure's reason counters are made at its first failure with that reason.
//
// A Metrics is safe for concurrent use. It starts no goroutine that outlives a call (a scrape,
// client_golang's Gather, runs the collectors on goroutines that end with it).
package metrics
