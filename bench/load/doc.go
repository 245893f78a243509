// Package load is the bench's open-loop load generator and what it needs to send requests and
// read answers: the HTTP clients (Client: fasthttp's HostClient, or Go's net/http Transport),
// spin-waiting connections (spinconn.go), the workloads (WorkloadSpec, Workload: request
// bodies from package examples, registration, every answer checked against its Go reference;
// model bundles in bundle.go, deployed and checked through package bundle),
// the HdrHistograms and percentiles of latencies, the server's Server-Timing stages, the
// server's engine counters (ServerEvents), the hypervisor's steal, and the result of one run
// (RateResult, MergeRuns, Rule) with the machine it ran on (Machine). It talks to servers over
// HTTP only.
//
// # Method
//
// Load is open-loop: a scheduler goroutine computes each request's intended send time from the
// offered rate (constant spacing, or exponential gaps with RunConfig.Poisson) and fires the
// request at that time on a goroutine of its own (one whose last request is done, or a new
// one). A request never waits for an earlier one to finish, and its latency is measured from
// its intended send time, not from the moment it left: when the server (or the generator
// itself) stalls, every request scheduled during the stall carries the stall in its latency.
// This is the fix for coordinated omission (Gil Tene): a closed-loop or "send when the last one
// came back" generator stops sending while the server stalls and so never records the requests
// that would have waited.
//
// A request that is not answered within the timeout (default 10 s, counted from its intended
// send time), a non-2xx answer, an answer that cannot be read, and an answer whose output
// differs from the Go reference in package examples are all errors, counted by kind. A rate
// "holds" (Rule) while the error rate stays under 1% (the rule of the Dandelion thesis), the
// achieved rate is at least 90% of the offered one (so that a server that only queues, without
// ever refusing, cannot pass a step that is shorter than the timeout), its p99 stays within a
// bound (Rule.ForSystem: an SLO, or 10 times the system's own low-load p99) and the queue does
// not grow over the run (the p50 of its last third at most twice its first third's:
// RateResult.P50Thirds). Rule.OldHolds is the rule before 2026-11-27 (the first two only).
//
// The dandelion workload (Dandelion, PrepareDandelion) is a Source over many copies of a
// workload's function (Workload.RegisterCopies, each its own library, registered in parallel),
// a hot set of which gets the hot requests and the rest the cold ones in turn; a run counts the
// distinct cold functions it served (Call.ColdID, RateResult.ColdFunctions). A run may also read
// the server's CPU time before and after its measured phase (RunConfig.ServerCPU).
//
// Latencies go into HdrHistograms in microseconds (3 significant digits); stage timings that
// the server returns in its Server-Timing header go into per-stage histograms.
//
// # Goroutines and concurrency
//
// Run schedules on the calling goroutine and sends each request on a goroutine of its own: one
// that has finished its last request and waits for another, else a new one (at most
// RunConfig.MaxInFlight requests at a time; a request beyond that is not sent and counts as an
// "inflight_limit" error), and starts one progress goroutine when RunConfig.Progress is set;
// all have ended when Run returns. ClosedLoop starts its conns goroutines and waits for them.
// RunWithEvents is Run with a read of the server's /v1/engines before and after.
//
// A Client sends load with fasthttp's HostClient or, with ClientOptions.HTTPClient "nethttp",
// Go's net/http Transport (exchange.go: only the transport differs, the method is the same);
// its management requests (Do) always go through fasthttp. A fasthttp Client's connections may
// spin-wait for answers (ClientOptions.SpinWait; spinconn.go), at most GOMAXPROCS-1 goroutines
// at once. A Client is safe for concurrent use; a Workload is safe for concurrent use once
// PrepareWorkload has returned (its Call runs on the scheduler goroutine; its checks run on
// the senders). RateResult, Machine and the other result types are plain data.
package load
