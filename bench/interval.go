package bench

import (
	"math"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

// Interval is a 95% confidence interval of a latency percentile, in ms.
//
// A percentile measured from n samples is itself uncertain: where latencies have a long,
// sparse tail (stalls of a few ms hitting 1-2% of requests), the p99 of a few thousand samples
// is decided by a few dozen of them. The interval is distribution-free: the number of samples
// below the population's q-quantile is binomial(n, q), so the quantile lies, with 95%
// confidence, between the sorted samples of ranks n*q -/+ 1.96*sqrt(n*q*(1-q)). It assumes
// independent samples; latencies that stall together (one stall delays several requests)
// carry less information than that, so the true uncertainty is wider, never narrower.
type Interval struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// ciZ is the standard normal quantile of a two-sided 95% interval.
const ciZ = 1.96

// quantileRanks returns the 1-based ranks, among n sorted samples, that bound the 95%
// confidence interval of the q-quantile (clamped to 1..n; 0, 0 when n is 0).
func quantileRanks(n int64, q float64) (lo, hi int64) {
	if n <= 0 {
		return 0, 0
	}
	mid, sd := float64(n)*q, math.Sqrt(float64(n)*q*(1-q))
	lo = int64(math.Floor(mid - ciZ*sd))
	hi = int64(math.Ceil(mid + ciZ*sd))
	return min(max(lo, 1), n), min(max(hi, 1), n)
}

// sortedInterval is the interval of the q-quantile of sorted values (nil when empty).
func sortedInterval(sorted []float64, q float64) *Interval {
	lo, hi := quantileRanks(int64(len(sorted)), q)
	if lo == 0 {
		return nil
	}
	return &Interval{Lo: sorted[lo-1], Hi: sorted[hi-1]}
}

// histInterval is the interval of the q-quantile of a histogram of microseconds, in ms (nil
// when empty).
func histInterval(h *hdrhistogram.Histogram, q float64) *Interval {
	n := h.TotalCount()
	lo, hi := quantileRanks(n, q)
	if lo == 0 {
		return nil
	}
	// ValueAtQuantile(p) is the value of rank round(p/100*n): exactly the rank asked for.
	at := func(rank int64) float64 { return float64(h.ValueAtQuantile(100*float64(rank)/float64(n))) / 1e3 }
	return &Interval{Lo: at(lo), Hi: at(hi)}
}

// latencyInterval is the interval of the q-quantile of a run's latencies (nil when the run
// kept no histogram or it cannot be read).
func latencyInterval(r *RateResult, q float64) *Interval {
	if r == nil || r.LatencyHist == "" {
		return nil
	}
	h, err := DecodeHist(r.LatencyHist)
	if err != nil {
		return nil
	}
	return histInterval(h, q)
}

// mayAgree says whether two percentiles, a and b with their intervals, could be within tol of
// each other (relative to b) given their sampling error: whether some value of a's interval is
// within tol of some value of b's. Without both intervals it is whether a and b are.
func mayAgree(a, b float64, ia, ib *Interval, tol float64) bool {
	if ia == nil || ib == nil {
		return math.Abs(relDiff(a, b)) <= tol
	}
	return ia.Lo <= ib.Hi*(1+tol) && ia.Hi >= ib.Lo*(1-tol)
}
