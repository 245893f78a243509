// Package bench is gpufn's load generator and the comparisons built on it, as the command
// `gpufn bench`. It talks to servers over HTTP only: no package under bench imports a server
// package of gpufn, so what it measures is what a client sees. The method (open loop, latency
// from intended send times, what counts as an error, when a rate holds) is package load's.
//
// This package is the command line only: Main parses the verbs and their flags and wires the
// packages that do the work:
//
//	load       the open-loop generator, its HTTP clients, workloads, histograms, a run's result
//	sweep      the search for the highest rate that holds; compare across systems
//	proc       servers started as child processes
//	floor      the HTTP floor (and the GPU floor's file)
//	vegeta     the cross-check with vegeta, with the percentiles' confidence intervals
//	report     results files, CSV, plots, the summary of a results directory
//	msgpack    the invoke API's bodies
//
// and, for themselves only, internal/human (figures for people) and internal/benchtest (the
// tests' fakes). None of them imports this package. The dedicated baseline server is package
// gpufn/baseline (command gpufn-baseline); the bench starts it as a process.
//
// The verbs: run (one rate) and sweep against --url; floor; compare (start each system in turn
// and measure it the same way); report DIR (plots and summary.md from DIR's files again);
// vegeta-check; echo-server (the HTTP floor's trivial server as a process, which floor and
// vegeta-check start); dandelion (Dandelion's workload: many functions, a hot set with most
// requests, a sweep and the all-hot run beside it). Every verb deletes what it registered on a
// server when it ends, unless --keep. "gpufn bench VERB -h" lists a verb's flags.
//
// # Goroutines and concurrency
//
// Main runs a verb on the calling goroutine with a context that SIGINT and SIGTERM cancel
// (signal.NotifyContext starts its goroutine); the goroutines of the load generator and of the
// child servers it starts are the other packages' (see their docs). A verb stops every child
// process it started before it returns.
package bench
