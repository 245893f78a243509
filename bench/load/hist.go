package load

import (
	"sort"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// Latencies are recorded in microseconds from 1 us to maxTrackable, with 3 significant digits
// (a recorded value is within 0.1% of the true one).
const (
	maxTrackable  = time.Hour
	latencyDigits = 3
	// Stage timings are recorded in nanoseconds with 2 significant digits (1%): they are
	// small, and their histograms are many.
	stageDigits = 2
)

// NewLatencyHist returns a histogram of microseconds.
func NewLatencyHist() *hdrhistogram.Histogram {
	return hdrhistogram.New(1, maxTrackable.Microseconds(), latencyDigits)
}

// newStageHist returns a histogram of nanoseconds.
func newStageHist() *hdrhistogram.Histogram {
	return hdrhistogram.New(1, maxTrackable.Nanoseconds(), stageDigits)
}

// RecordUS records d in microseconds, clamped to the histogram's range (a latency below 1 us
// is recorded as 1 us; one above an hour as an hour).
func RecordUS(h *hdrhistogram.Histogram, d time.Duration) {
	us := d.Microseconds()
	if us < 1 {
		us = 1
	}
	if max := h.HighestTrackableValue(); us > max {
		us = max
	}
	_ = h.RecordValue(us) // cannot fail: the value is in range
}

// Percentiles summarizes a latency histogram, in milliseconds.
type Percentiles struct {
	Count int64   `json:"count"`
	Min   float64 `json:"min_ms"`
	Mean  float64 `json:"mean_ms"`
	P50   float64 `json:"p50_ms"`
	P90   float64 `json:"p90_ms"`
	P99   float64 `json:"p99_ms"`
	P999  float64 `json:"p999_ms"`
	Max   float64 `json:"max_ms"`
}

// SummarizeUS summarizes a histogram of microseconds.
func SummarizeUS(h *hdrhistogram.Histogram) Percentiles {
	return summarize(h, 1e-3)
}

// summarize summarizes a histogram whose unit is scale milliseconds.
func summarize(h *hdrhistogram.Histogram, scale float64) Percentiles {
	n := h.TotalCount()
	if n == 0 {
		return Percentiles{}
	}
	ps := h.ValueAtPercentilesSlice([]float64{50, 90, 99, 99.9})
	return Percentiles{
		Count: n,
		Min:   float64(h.Min()) * scale,
		Mean:  h.Mean() * scale,
		P50:   float64(ps[0]) * scale,
		P90:   float64(ps[1]) * scale,
		P99:   float64(ps[2]) * scale,
		P999:  float64(ps[3]) * scale,
		Max:   float64(h.Max()) * scale,
	}
}

// EncodeHist returns the histogram in HdrHistogram's compressed V2 encoding (base64 text, the
// format of HdrHistogram's log files), or "" if it is empty or cannot be encoded.
func EncodeHist(h *hdrhistogram.Histogram) string {
	if h.TotalCount() == 0 {
		return ""
	}
	b, err := h.Encode(hdrhistogram.V2CompressedEncodingCookieBase)
	if err != nil {
		return ""
	}
	return string(b)
}

// DecodeHist decodes a histogram saved by a result (RateResult.LatencyHist): values are
// microseconds.
func DecodeHist(s string) (*hdrhistogram.Histogram, error) {
	return hdrhistogram.Decode([]byte(s))
}

// ExactPercentiles summarizes raw durations: nearest-rank percentiles of a sorted copy (for
// serial floors, whose sample counts are small enough to sort).
func ExactPercentiles(lat []time.Duration) Percentiles {
	if len(lat) == 0 {
		return Percentiles{}
	}
	s := append([]time.Duration(nil), lat...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	at := func(q float64) float64 {
		i := int(q*float64(len(s))+0.5) - 1
		i = min(max(i, 0), len(s)-1)
		return float64(s[i]) / 1e6
	}
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	return Percentiles{Count: int64(len(s)), Min: float64(s[0]) / 1e6, Mean: float64(sum) / float64(len(s)) / 1e6,
		P50: at(0.5), P90: at(0.9), P99: at(0.99), P999: at(0.999), Max: float64(s[len(s)-1]) / 1e6}
}
