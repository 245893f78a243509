// Package report writes and reads the bench's result files and draws what they say: a results
// file per workload (Results, kind "results": one SystemResult per system measured, with its
// low-load run and its sweep) with its CSV (SaveResults, WriteCSV), the latency plots
// (PlotLatency: p50 and p99 in two panels, a colour and a marker per system, the legend beside
// them), the lines printed per run (RunLine, ClosedLine), the old and the current holding rule
// side by side (RuleTable), and the summary of a results directory
// (LoadDir reads every results, floor, GPU floor and vegeta file; Dir.Summary renders them as
// markdown, Dir.Targets checks the bench issue's figures, Dir.Redraw draws the plots again).
//
// It starts no goroutines. Its types are plain data: a Dir is not modified by its methods
// (Redraw writes files), and distinct values may be used from distinct goroutines.
package report
