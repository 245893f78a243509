package bench

import (
	"os"
	"testing"
)

// The helper-process pattern: with GPUFN_BENCH_FAKE=1 the test binary is a fake gpufn (or
// baseline) server, so that compare can start and stop real processes.
func TestMain(m *testing.M) {
	if os.Getenv("GPUFN_BENCH_FAKE") == "1" {
		os.Exit(fakeServerMain(os.Args[1:]))
	}
	if os.Getenv("GPUFN_BENCH_FAKE_VEGETA") == "1" {
		os.Exit(fakeVegetaMain(os.Args[1:]))
	}
	if os.Getenv("GPUFN_BENCH_ECHO") == "1" {
		os.Exit(Main(os.Args[1:])) // gpufn bench echo-server --listen ADDR
	}
	if w := os.Getenv("GPUFN_BENCH_REPLAY"); w != "" {
		os.Exit(replayServerMain(w, os.Args[1:]))
	}
	os.Exit(m.Run())
}
