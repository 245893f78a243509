package vegeta

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"gpufn/bench/internal/human"
	"gpufn/bench/load"
)

func TestQuantileRanks(t *testing.T) {
	for _, c := range []struct {
		n              int64
		q              float64
		lo, hi         int64
		loOpen, hiOpen bool
	}{
		{100, 0.5, 40, 60, false, false},       // 50 -/+ 1.96*5
		{1000, 0.99, 983, 997, false, false},   // 990 -/+ 1.96*3.15
		{10, 0.99, 9, 10, false, true},         // 11 > n: open above
		{3, 0.5, 1, 3, true, true},             // -1 and 4: open on both sides
		{1, 0.99, 1, 1, true, true},            // a single sample
		{0, 0.99, 0, 0, false, false},          // none
		{6000, 0.99, 5924, 5956, false, false}, // the check's usual size: +/- 16 ranks, the 98.73rd to 99.27th percentiles
	} {
		lo, hi, loOpen, hiOpen := quantileRanks(c.n, c.q)
		if lo != c.lo || hi != c.hi || loOpen != c.loOpen || hiOpen != c.hiOpen {
			t.Errorf("quantileRanks(%d, %g) = %d, %d, %v, %v; want %d, %d, %v, %v", c.n, c.q, lo, hi, loOpen, hiOpen, c.lo, c.hi, c.loOpen, c.hiOpen)
		}
	}
}

func TestIntervalsOfSamplesAndHistograms(t *testing.T) {
	// 1 ... 1000 us: the p99's interval is ranks 983 ... 997, in both forms.
	var sorted []float64
	h := load.NewLatencyHist()
	for us := 1; us <= 1000; us++ {
		sorted = append(sorted, float64(us)/1e3)
		load.RecordUS(h, time.Duration(us)*time.Microsecond)
	}
	want := Interval{Lo: 0.983, Hi: 0.997}
	if iv := sortedInterval(sorted, 0.99); iv == nil || *iv != want {
		t.Errorf("sorted: %+v; want %+v", iv, want)
	}
	if iv := histInterval(h, 0.99); iv == nil || *iv != want {
		t.Errorf("histogram: %+v; want %+v", iv, want)
	}
	r := &load.RateResult{LatencyHist: load.EncodeHist(h)}
	if iv := latencyInterval(r, 0.5); iv == nil || iv.Lo != 0.469 || iv.Hi != 0.531 {
		t.Errorf("run's p50: %+v", iv)
	}
	// 150 samples cannot bound a p99 from above: the top is open, and reads so.
	if iv := sortedInterval(sorted[:150], 0.99); iv == nil || iv.Lo != 0.146 || iv.Hi != 0.15 || !iv.HiOpen || iv.LoOpen ||
		iv.text(human.Cell) != " [0.146, ∞)" {
		t.Errorf("150 samples: %+v %q", iv, iv.text(human.Cell))
	}
	if got := (&Interval{Lo: 0.983, Hi: 0.997}).text(human.Cell); got != " [0.983, 0.997]" {
		t.Errorf("text %q", got)
	}
	if got := (&Interval{Lo: 0.5, Hi: 2, LoOpen: true}).text(human.MS); got != " [0, 2.00ms]" {
		t.Errorf("text %q", got)
	}
	if (*Interval)(nil).text(human.Cell) != "" {
		t.Error("nil text")
	}
	if sortedInterval(nil, 0.99) != nil || histInterval(load.NewLatencyHist(), 0.99) != nil || latencyInterval(&load.RateResult{}, 0.99) != nil ||
		latencyInterval(&load.RateResult{LatencyHist: "junk"}, 0.99) != nil {
		t.Error("an interval of nothing")
	}
}

// The intervals hold what they promise: over many samples of a known distribution with a
// long tail (most requests 0.4 ms, 2% stalled by 1-8 ms, as on the H100's VM), the p99's
// interval contains the true p99 about 95% of the time, and the interval is wide.
func TestIntervalCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	draw := func() float64 {
		if rng.Float64() < 0.02 {
			return 1 + 7*rng.Float64()
		}
		return 0.4 + 0.1*rng.Float64()
	}
	// The true p99: the 50th percentile of the stalled 2%, 1 + 7/2 ms.
	const truth = 4.5
	const trials, n = 400, 1500
	covered, wide := 0, 0
	for range trials {
		s := make([]float64, n)
		for i := range s {
			s[i] = draw()
		}
		slices.Sort(s)
		iv := sortedInterval(s, 0.99)
		if iv.Lo <= truth && truth <= iv.Hi {
			covered++
		}
		if iv.Hi/iv.Lo > 1.2 {
			wide++
		}
	}
	if share := float64(covered) / trials; share < 0.90 || share > 0.99 {
		t.Errorf("the interval covered the true p99 in %.1f%% of %d trials; want about 95%%", 100*share, trials)
	}
	// 1500 samples cannot pin such a p99 to within 10%: nearly every interval spans more.
	if wide < trials*9/10 {
		t.Errorf("only %d of %d intervals were wider than 20%%", wide, trials)
	}
}

func TestMayAgree(t *testing.T) {
	b := &Interval{Lo: 3.8, Hi: 4.9}
	for _, c := range []struct {
		name string
		a    float64
		ia   *Interval
		want bool
	}{
		{"overlapping", 4.7, &Interval{Lo: 4.0, Hi: 5.0}, true},
		{"apart, but within the tolerance of the other's edge", 5.5, &Interval{Lo: 5.3, Hi: 6.0}, true}, // 5.3 <= 4.9*1.1
		{"apart beyond it", 6.0, &Interval{Lo: 5.5, Hi: 6.5}, false},
		{"below beyond it", 2.5, &Interval{Lo: 2.0, Hi: 3.3}, false}, // 3.3 < 3.8*0.9
		{"no interval: the values decide", 4.5, nil, true},
		{"no interval, far", 6.0, nil, false},
	} {
		if got := mayAgree(c.a, 4.2, c.ia, b, 0.1); got != c.want {
			t.Errorf("%s: %v; want %v", c.name, got, c.want)
		}
	}
	// An open side reaches as far as it can: a p99 above b's largest sample may still agree
	// when b's top is open, and one below a's smallest when a's bottom is.
	if !mayAgree(9.0, 4.2, &Interval{Lo: 8.5, Hi: 9.5}, &Interval{Lo: 3.8, Hi: 4.9, HiOpen: true}, 0.1) {
		t.Error("b's open top")
	}
	if !mayAgree(1.0, 4.2, &Interval{Lo: 0.9, Hi: 1.1, HiOpen: true}, b, 0.1) || !mayAgree(9.0, 4.2, &Interval{Lo: 8.5, Hi: 9.5, LoOpen: true}, b, 0.1) {
		t.Error("a's open side")
	}
}

// A difference beyond the tolerance is "within sampling error" only where both percentiles'
// intervals allow agreement, and never where the tools agree or are not compared.
func TestCompareVegetaUndecided(t *testing.T) {
	run := func(p50us, p99us int64) *load.RateResult {
		h := load.NewLatencyHist()
		for i := 0; i < 990; i++ {
			load.RecordUS(h, time.Duration(p50us+int64(i%20))*time.Microsecond)
		}
		for i := 0; i < 10; i++ {
			load.RecordUS(h, time.Duration(p99us+int64(i)*100)*time.Microsecond)
		}
		return &load.RateResult{Holds: true, LatencyHist: load.EncodeHist(h), Latency: load.SummarizeUS(h)}
	}
	vs := func(p50, p99 float64, i50, i99 *Interval) *Stats {
		return &Stats{P50: p50, P99: p99, P50CI: i50, P99CI: i99, Success: 1, Throughput: 100}
	}
	br := run(500, 4000) // p50 0.51 ms; p99 between ranks 983 and 997: 0.519 and 4.6 ms
	if iv := latencyInterval(br, 0.99); iv == nil || math.Abs(iv.Lo-0.519) > 0.002 || math.Abs(iv.Hi-4.6) > 0.01 {
		t.Fatalf("bench's p99 interval %+v", iv)
	}
	for _, c := range []struct {
		name                   string
		vs                     *Stats
		agree, undecided, comp bool
	}{
		{"p99 apart, intervals overlap", vs(0.51, 3.0, &Interval{Lo: 0.50, Hi: 0.52}, &Interval{Lo: 2.5, Hi: 3.5}), false, true, true},
		{"p99 apart, vegeta's tight and beyond", vs(0.51, 9.0, &Interval{Lo: 0.50, Hi: 0.52}, &Interval{Lo: 8.5, Hi: 9.5}), false, false, true},
		{"p50 apart beyond its intervals", vs(0.70, 3.0, &Interval{Lo: 0.69, Hi: 0.71}, &Interval{Lo: 2.5, Hi: 3.5}), false, false, true},
		{"no intervals (an old file)", vs(0.51, 3.0, nil, nil), false, false, true},
		{"within the tolerance", vs(0.51, br.Latency.P99, &Interval{Lo: 0.50, Hi: 0.52}, &Interval{Lo: 2.5, Hi: 5}), true, false, true},
		{"saturated", &Stats{P50: 0.51, P99: 3, P50CI: &Interval{Lo: 0.5, Hi: 0.52}, P99CI: &Interval{Lo: 2.5, Hi: 3.5}, Success: 0.5, Throughput: 50}, false, false, false},
	} {
		d := compareVegeta(br, c.vs, 100, 0.1)
		if d.Agree != c.agree || d.Undecided != c.undecided || d.Comparable != c.comp {
			t.Errorf("%s: %+v; want agree %v undecided %v comparable %v", c.name, d, c.agree, c.undecided, c.comp)
		}
	}
}
