// Package report writes and reads the bench's result files and draws what they say: a results
// file per workload (Results, kind "results": one SystemResult per system measured, with its
// low-load run and its sweep) with its CSV (SaveResults, WriteCSV), the latency plots
// (PlotLatency), the line printed per run (RunLine), and the summary of a results directory
// (LoadDir reads every results, floor, GPU floor and vegeta file; Dir.Summary renders them as
// markdown, Dir.Targets checks the bench issue's figures, Dir.Redraw draws the plots again).
//
// It starts no goroutines. Its types are plain data: a Dir is not modified by its methods
// (Redraw writes files), and distinct values may be used from distinct goroutines.
package report
