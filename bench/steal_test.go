package bench

import (
	"testing"
	"time"
)

func TestParseSteal(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
	}{
		// user nice system idle iowait irq softirq steal guest guest_nice
		{"cpu  19863 0 8629 242909 138 0 2601 1153 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n", 11530 * time.Millisecond},
		{"cpu  1 2 3 4 5 6 7 0 0 0\n", 0},
		{"cpu  1 2 3 4 5 6 7\n", 0},   // a kernel without the column
		{"cpu0 1 2 3 4 5 6 7 8\n", 0}, // not the machine's line
		{"", 0},
		{"cpu  1 2 3 4 5 6 7 x 0 0\n", 0},
	} {
		if got := parseSteal([]byte(c.in)); got != c.want {
			t.Errorf("%q: %v, want %v", c.in, got, c.want)
		}
	}
}

func TestStealSummary(t *testing.T) {
	s := &SystemResult{LowLoad: &RateResult{}, Steps: []*RateResult{{StealCores: 0.1}, {StealCores: 0.5}, {StealCores: 1.25}}}
	if got, want := s.stealSummary(), "host busy in 2 of 4 runs (up to 1.2 cores stolen)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got := (&SystemResult{Steps: []*RateResult{{StealCores: 0.1}}}).stealSummary(); got != "" {
		t.Errorf("%q for a quiet host", got)
	}
}
