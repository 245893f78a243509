package load

import (
	"testing"
	"time"
)

func TestExactPercentiles(t *testing.T) {
	var lat []time.Duration
	for i := 100; i >= 1; i-- {
		lat = append(lat, time.Duration(i)*time.Millisecond)
	}
	p := ExactPercentiles(lat)
	if p.Count != 100 || p.Min != 1 || p.P50 != 50 || p.P90 != 90 || p.P99 != 99 || p.Max != 100 || p.Mean != 50.5 {
		t.Fatalf("%+v", p)
	}
	if ExactPercentiles(nil).Count != 0 {
		t.Fatal("empty")
	}
}

func TestMergeRuns(t *testing.T) {
	mk := func(ms ...int) *RateResult {
		h := NewLatencyHist()
		for _, v := range ms {
			RecordUS(h, time.Duration(v)*time.Millisecond)
		}
		return &RateResult{Offered: 10, OK: int64(len(ms)), Scheduled: int64(len(ms)) + 1, Errors: 1, WindowS: 1,
			ErrorKinds: map[string]int64{"timeout": 1}, LatencyHist: EncodeHist(h), Latency: SummarizeUS(h)}
	}
	a, b := mk(1, 2, 3, 4, 5), mk(6, 7, 8, 9, 10)
	a.StealCores, b.StealCores, b.WindowS = 0.5, 2, 3 // 0.5 + 6 core-seconds over 4 s
	m, err := MergeRuns([]*RateResult{a, b})
	if err != nil {
		t.Fatal(err)
	}
	if m.StealCores != 1.625 {
		t.Errorf("steal %v cores; want 1.625", m.StealCores)
	}
	if m.OK != 10 || m.Scheduled != 12 || m.Errors != 2 || m.ErrorKinds["timeout"] != 2 || m.Achieved != 2.5 ||
		m.Latency.Count != 10 || m.Latency.Min != 1 || m.Latency.Max < 9.99 || m.Latency.P50 < 4.99 || m.Latency.P50 > 5.01 {
		t.Fatalf("%+v", m)
	}
	if _, err := MergeRuns(nil); err == nil {
		t.Fatal("no error for nothing")
	}
}

func TestRule(t *testing.T) {
	r := func(offered, achieved, errRate float64) *RateResult {
		return &RateResult{Offered: offered, Achieved: achieved, ErrorRate: errRate, Scheduled: 100}
	}
	for _, c := range []struct {
		rule Rule
		r    *RateResult
		want bool
	}{
		{Rule{}, r(100, 100, 0), true},
		{Rule{}, r(100, 100, 0.0099), true},
		{Rule{}, r(100, 100, 0.01), false},
		{Rule{MaxErrorRate: 0.05}, r(100, 100, 0.04), true},
		{Rule{MinAchieved: 0.9}, r(100, 89, 0), false},
		{Rule{MinAchieved: 0.9}, r(100, 90, 0), true},
		{Rule{}, r(100, 10, 0), true}, // the thesis's rule alone
		{Rule{}, &RateResult{Offered: 1}, false},
	} {
		if got := c.rule.Holds(c.r); got != c.want {
			t.Errorf("%+v on %+v: %v", c.rule, *c.r, got)
		}
	}
}
