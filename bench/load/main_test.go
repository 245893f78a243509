package load

import (
	"os"
	"testing"
)

// The helper-process pattern: with GPUFN_BENCH_REPLAY=WORKLOAD the test binary is the replay
// server of the generator's benchmarks (perf_test.go).
func TestMain(m *testing.M) {
	if w := os.Getenv("GPUFN_BENCH_REPLAY"); w != "" {
		os.Exit(replayServerMain(w, os.Args[1:]))
	}
	os.Exit(m.Run())
}
