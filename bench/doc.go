// Package bench is gpufn's load generator and the comparisons built on it. It talks to servers
// over HTTP only: it imports no server package, so what it measures is what a client sees.
//
// # Method
//
// Load is open-loop: a scheduler goroutine computes each request's intended send time from the
// offered rate (constant spacing, or exponential gaps with --poisson) and fires the request at
// that time on a goroutine of its own (one whose last request is done, or a new one). A request
// never waits for an earlier one to finish, and
// its latency is measured from its intended send time, not from the moment it left: when the
// server (or the generator itself) stalls, every request scheduled during the stall carries the
// stall in its latency. This is the fix for coordinated omission (Gil Tene): a closed-loop or
// "send when the last one came back" generator stops sending while the server stalls and so
// never records the requests that would have waited.
//
// A request that is not answered within the timeout (default 10 s, counted from its intended
// send time), a non-2xx answer, an answer that cannot be read, and an answer whose output
// differs from the Go reference in package examples are all errors, counted by kind. A rate
// "holds" while the error rate stays under 1% (the rule of the Dandelion thesis) and the
// achieved rate is at least 90% of the offered one (so that a server that only queues, without
// ever refusing, cannot pass a step that is shorter than the timeout).
//
// Latencies go into HdrHistograms in microseconds (3 significant digits); stage timings that
// the server returns in its Server-Timing header go into per-stage histograms.
//
// # Entry points
//
// Main is the `gpufn bench` command (verbs run, sweep, floor, compare, report, vegeta-check,
// and echo-server, the HTTP floor's trivial server as a process).
// Run drives one open-loop run of a Source at one rate (RunWithEvents also records what a
// gpufn server did meanwhile: worker restarts, teardowns, pipelined invocations, from
// /v1/engines); Sweep steps the rate (coarse then fine, or doubling then bisecting); PrepareWorkload registers an example function against any gpufn
// server and checks every answer; StartServer starts gpufn or the dedicated baseline as a child
// process and Compare runs the same measurements against each system; MeasureFloor measures
// the HTTP floor; RunVegetaCheck runs vegeta beside the bench (with both HTTP clients); PlotLatency, LoadDir and
// Dir.Summary draw the results. The dedicated baseline server itself is package gpufn/baseline.
//
// # Goroutines and concurrency
//
// Run schedules on the calling goroutine and sends each request on a goroutine of its own: one
// that has finished its last request and waits for another, else a new one (at most
// RunConfig.MaxInFlight requests at a time; a request beyond that is not sent and counts as an
// "inflight_limit" error), and starts one progress goroutine; all have ended when Run returns.
// A Client sends load with fasthttp's HostClient or, with ClientOptions.HTTPClient "nethttp",
// Go's net/http Transport (exchange.go: only the transport differs, the method is the same).
// A fasthttp Client's connections may spin-wait for answers (ClientOptions.SpinWait;
// spinconn.go), at most GOMAXPROCS-1 goroutines at once. A Client
// is safe for concurrent use; a Workload is safe for concurrent use once PrepareWorkload has
// returned. Result types are plain data. Compare and the CLI start child processes (servers,
// vegeta) and stop every one they started before returning.
package bench
