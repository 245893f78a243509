// Package bench is gpufn's load generator and the comparisons built on it. It talks to servers
// over HTTP only: it imports no server package, so what it measures is what a client sees.
//
// The load generator itself, and its method (open loop, latency from intended send times, what
// counts as an error, when a rate holds), is package load; the msgpack bodies of the invoke API
// are package msgpack; servers started as child processes are package proc; the HTTP floor (and
// the GPU floor's file) is package floor; the cross-check with vegeta is package vegeta.
//
// # Entry points
//
// Main is the `gpufn bench` command (verbs run, sweep, floor, compare, report, vegeta-check,
// and echo-server, the HTTP floor's trivial server as a process).
// load.Run drives one open-loop run of a Source at one rate (load.RunWithEvents also records what a
// gpufn server did meanwhile: worker restarts, teardowns, pipelined invocations, from
// /v1/engines); Sweep steps the rate (coarse then fine, or doubling then bisecting); load.PrepareWorkload registers an example function against any gpufn
// server and checks every answer; proc.StartServer starts gpufn or the dedicated baseline as a child
// process and Compare runs the same measurements against each system; floor.Measure measures
// the HTTP floor; vegeta.RunCheck runs vegeta beside the bench (with both HTTP clients); PlotLatency, LoadDir and
// Dir.Summary draw the results. The dedicated baseline server itself is package gpufn/baseline.
//
// # Goroutines and concurrency
//
// The load generator's goroutines are package load's (see its doc). Result types are plain
// data. Compare and the CLI start child processes (servers, vegeta) and stop every one they
// started before returning.
package bench
