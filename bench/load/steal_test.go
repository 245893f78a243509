package load

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
