package vegeta

import (
	"math"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"

	"gpufn/bench/load"
)

// Interval is a 95% confidence interval of a latency percentile, in ms.
//
// A percentile measured from n samples is itself uncertain: where latencies have a long,
// sparse tail (stalls of a few ms hitting 1-2% of requests), the p99 of a few thousand samples
// is decided by a few dozen of them. The interval is distribution-free: the number of samples
// below the population's q-quantile is binomial(n, q), so the quantile lies, with 95%
// confidence, between the sorted samples of ranks n*q -/+ 1.96*sqrt(n*q*(1-q)). Where a rank
// falls outside the samples (a p99 of fewer than about 400), that side is open: the quantile
// may lie beyond the extreme sample, which is all Lo or Hi can then say. The interval assumes
// independent samples; latencies that stall together (one stall delays several requests)
// carry less information than that, which typically makes the true uncertainty wider.
type Interval struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
	// LoOpen and HiOpen: too few samples to bound that side; Lo is the smallest sample, Hi
	// the largest, and the quantile may lie beyond them.
	LoOpen bool `json:"lo_open,omitempty"`
	HiOpen bool `json:"hi_open,omitempty"`
}

// ciZ is the standard normal quantile of a two-sided 95% interval.
const ciZ = 1.96

// quantileRanks returns the 1-based ranks, among n sorted samples, that bound the 95%
// confidence interval of the q-quantile, clamped to 1..n; loOpen and hiOpen say where a bound
// fell outside the samples and was clamped (0, 0 when n is 0).
func quantileRanks(n int64, q float64) (lo, hi int64, loOpen, hiOpen bool) {
	if n <= 0 {
		return 0, 0, false, false
	}
	mid, sd := float64(n)*q, math.Sqrt(float64(n)*q*(1-q))
	lo = int64(math.Floor(mid - ciZ*sd))
	hi = int64(math.Ceil(mid + ciZ*sd))
	return min(max(lo, 1), n), min(max(hi, 1), n), lo < 1, hi > n
}

// sortedInterval is the interval of the q-quantile of sorted values (nil when empty).
func sortedInterval(sorted []float64, q float64) *Interval {
	lo, hi, loOpen, hiOpen := quantileRanks(int64(len(sorted)), q)
	if lo == 0 {
		return nil
	}
	return &Interval{Lo: sorted[lo-1], Hi: sorted[hi-1], LoOpen: loOpen, HiOpen: hiOpen}
}

// histInterval is the interval of the q-quantile of a histogram of microseconds, in ms (nil
// when empty).
func histInterval(h *hdrhistogram.Histogram, q float64) *Interval {
	n := h.TotalCount()
	lo, hi, loOpen, hiOpen := quantileRanks(n, q)
	if lo == 0 {
		return nil
	}
	// ValueAtQuantile(p) is the value of rank round(p/100*n): exactly the rank asked for.
	at := func(rank int64) float64 { return float64(h.ValueAtQuantile(100*float64(rank)/float64(n))) / 1e3 }
	return &Interval{Lo: at(lo), Hi: at(hi), LoOpen: loOpen, HiOpen: hiOpen}
}

// latencyInterval is the interval of the q-quantile of a run's latencies (nil when the run
// kept no histogram or it cannot be read).
func latencyInterval(r *load.RateResult, q float64) *Interval {
	h := runHist(r)
	if h == nil {
		return nil
	}
	return histInterval(h, q)
}

// latencyIntervals are the intervals of a run's p50 and p99, from one decoding of its
// histogram (nil, nil as latencyInterval).
func latencyIntervals(r *load.RateResult) (p50, p99 *Interval) {
	h := runHist(r)
	if h == nil {
		return nil, nil
	}
	return histInterval(h, 0.50), histInterval(h, 0.99)
}

// runHist decodes a run's latency histogram (nil when it kept none or it cannot be read).
func runHist(r *load.RateResult) *hdrhistogram.Histogram {
	if r == nil || r.LatencyHist == "" {
		return nil
	}
	h, err := load.DecodeHist(r.LatencyHist)
	if err != nil {
		return nil
	}
	return h
}

// text formats the interval after a percentile, " [lo, hi]", its values by f; an open side
// reads 0 or ∞ ("" when iv is nil).
func (iv *Interval) text(f func(float64) string) string {
	if iv == nil {
		return ""
	}
	lo, hi := f(iv.Lo), f(iv.Hi)
	if iv.LoOpen {
		lo = "0"
	}
	if iv.HiOpen {
		return " [" + lo + ", ∞)"
	}
	return " [" + lo + ", " + hi + "]"
}

// lo and hi are the interval's bounds, open sides as far as they go.
func (iv *Interval) lo() float64 {
	if iv.LoOpen {
		return 0
	}
	return iv.Lo
}

func (iv *Interval) hi() float64 {
	if iv.HiOpen {
		return math.Inf(1)
	}
	return iv.Hi
}

// mayAgree says whether two percentiles, a and b with their intervals, could be within tol of
// each other (relative to b) given their sampling error: whether some value of a's interval is
// within tol of some value of b's. Without both intervals it is whether a and b are.
//
// It is a lenient test: two 95% intervals can just touch while their difference is significant
// at far below 5%. So "may agree" means the samples do not show a difference beyond tol, not
// that they show agreement.
func mayAgree(a, b float64, ia, ib *Interval, tol float64) bool {
	if ia == nil || ib == nil {
		return math.Abs(relDiff(a, b)) <= tol
	}
	return ia.lo() <= ib.hi()*(1+tol) && ia.hi() >= ib.lo()*(1-tol)
}
