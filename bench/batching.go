package bench

import (
	"flag"
	"fmt"
	"os"

	"gpufn/bench/load"
	"gpufn/bench/report"
)

// Dynamic batching in the bench (docs/batching.md, docs/bench.md): run and sweep take
// --batching on|off, which invokes the workload's function as registered (the server batches
// it when its config declares batching) or a copy registered without the declaration (every
// invocation alone), so that the same workload is measured both ways; and every rate's line
// says how its answers were batched (load.BatchText; the results files keep the counts,
// RateResult.BatchSizes).

// batchingFlag registers --batching.
func batchingFlag(fs *flag.FlagSet) *string {
	return fs.String("batching", "on", `on: invoke the workload's function as registered (the server batches it if its config declares "batching"); off: invoke a copy of it registered without its batching declaration, every invocation run alone`)
}

// applyBatching sets the workload up for --batching mode; the function it returns removes what
// it registered (call it before the workload's Cleanup).
func applyBatching(w *load.Workload, mode string) (func(), error) {
	switch mode {
	case "on":
		return func() {}, nil
	case "off":
		cleanup, declared, err := w.UseUnbatched()
		if err != nil {
			return nil, err
		}
		if !declared {
			fmt.Fprintf(os.Stderr, "--batching=off: function %s declares no batching; it runs alone either way\n", w.Function)
		}
		return func() {
			if err := cleanup(); err != nil {
				fmt.Fprintln(os.Stderr, "cleanup:", err)
			}
		}, nil
	default:
		return nil, fmt.Errorf("bench: --batching %q: want on or off", mode)
	}
}

// runLine is report.RunLine with, when the answers came in batches, their batch sizes on a
// second line.
func runLine(r *load.RateResult) string {
	line := report.RunLine(r)
	if b := load.BatchText(r); b != "" {
		line += "\n    " + b
	}
	return line
}
