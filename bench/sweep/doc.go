// Package sweep searches for the highest rate a server holds and compares systems. Run steps
// the rate (coarse then fine steps, or doubling then bisecting) through a RunFunc, judging
// each run by a load.Rule, with failed rates optionally run again (Config.Confirm); a sweep
// that reaches its cap with every rate holding says so (Outcome.Capped), and evenly spaced rates
// up to the peak may follow the search for the plots (Config.FigurePoints).
// SystemOptions turn system names (seq, cN-mps, cN-nomps, cpu, baseline, and the suffixes that
// change one setting of a gpufn system) into the command lines that start them; Compare
// starts each system in turn as a child process (package proc), registers the workload,
// measures the low-load point (whose p99 makes the system's p99 bound), sweeps it, optionally
// runs a closed loop on it (and once on the HTTP echo server: CompareConfig.ClosedConns), reads
// the server's CPU per invocation from /proc (package proc), deletes its registrations, stops it,
// and writes results, CSV and plots as it goes (package report).
//
// Run calls its RunFunc on the calling goroutine, one rate at a time. Compare runs on the
// calling goroutine with the load generator's goroutines (package load) and one child server
// at a time, each stopped before the next starts and all before it returns. Config,
// CompareConfig and SystemOptions are plain values.
package sweep
