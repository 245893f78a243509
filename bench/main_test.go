package bench

import (
	"os"
	"testing"

	"gpufn/bench/internal/benchtest"
)

// The helper-process pattern: with GPUFN_BENCH_FAKE=1 the test binary is a fake gpufn (or
// baseline) server, so that compare can start and stop real processes.
func TestMain(m *testing.M) {
	if os.Getenv("GPUFN_BENCH_FAKE") == "1" {
		os.Exit(benchtest.FakeServerMain(os.Args[1:]))
	}
	os.Exit(m.Run())
}
