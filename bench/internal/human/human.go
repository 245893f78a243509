// Package human formats the bench's figures for people: the lines the bench prints while it
// runs and the tables of its summary. It holds no state and starts no goroutines; every
// function is safe for concurrent use.
package human

import (
	"fmt"
	"time"
)

// MS formats milliseconds with a unit, for log lines: "1.50s", "12.3ms", "1.23ms", "456us".
func MS(ms float64) string {
	switch {
	case ms >= 1000:
		return fmt.Sprintf("%.2fs", ms/1000)
	case ms >= 10:
		return fmt.Sprintf("%.1fms", ms)
	case ms >= 1:
		return fmt.Sprintf("%.2fms", ms)
	}
	return fmt.Sprintf("%.0fus", ms*1000)
}

// Cell formats milliseconds without a unit, for a table whose heading gives it: "-" for 0
// (not measured), then 0, 2 or 3 decimals as the value shrinks.
func Cell(v float64) string {
	switch {
	case v == 0:
		return "-"
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 1:
		return fmt.Sprintf("%.2f", v)
	}
	return fmt.Sprintf("%.3f", v)
}

// Cell0 is Cell, with a zero written as one (a measured zero, not a missing value).
func Cell0(v float64) string {
	if v == 0 {
		return "0"
	}
	return Cell(v)
}

// Secs formats seconds as a duration rounded to the millisecond.
func Secs(s float64) string { return time.Duration(s * 1e9).Round(time.Millisecond).String() }

// Round rounds v to digits decimals (half away from zero), for the figures the result files
// keep.
func Round(v float64, digits int) float64 {
	p := 1.0
	for i := 0; i < digits; i++ {
		p *= 10
	}
	if v >= 0 {
		return float64(int64(v*p+0.5)) / p
	}
	return -float64(int64(-v*p+0.5)) / p
}
