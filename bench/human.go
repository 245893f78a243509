package bench

import (
	"fmt"
	"time"
)

func round(v float64, digits int) float64 {
	p := 1.0
	for i := 0; i < digits; i++ {
		p *= 10
	}
	if v >= 0 {
		return float64(int64(v*p+0.5)) / p
	}
	return -float64(int64(-v*p+0.5)) / p
}

// fmtMS formats milliseconds for people.
func fmtMS(ms float64) string {
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

// secs formats seconds for people.
func secs(s float64) string { return time.Duration(s * 1e9).Round(time.Millisecond).String() }

func ms(v float64) string {
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

// ms0 is ms, with a zero written as one (a measured zero, not a missing value).
func ms0(v float64) string {
	if v == 0 {
		return "0"
	}
	return ms(v)
}
