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
	if os.Getenv("GPUFN_BENCH_FAKE_VEGETA") == "1" {
		os.Exit(fakeVegetaMain(os.Args[1:]))
	}
	if os.Getenv("GPUFN_BENCH_ECHO") == "1" {
		os.Exit(Main(os.Args[1:])) // gpufn bench echo-server --listen ADDR
	}
	os.Exit(m.Run())
}
