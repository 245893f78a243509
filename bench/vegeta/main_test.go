package vegeta

import (
	"os"
	"testing"
)

// The helper-process pattern: with GPUFN_BENCH_FAKE_VEGETA=1 the test binary is a fake vegeta
// (fakeVegetaMain in vegeta_test.go).
func TestMain(m *testing.M) {
	if os.Getenv("GPUFN_BENCH_FAKE_VEGETA") == "1" {
		os.Exit(fakeVegetaMain(os.Args[1:]))
	}
	os.Exit(m.Run())
}
