package vegeta

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"gpufn/bench/load"
)

func TestVegetaDuration(t *testing.T) {
	s := time.Second
	for _, c := range []struct {
		d          time.Duration
		minSamples int
		rate       float64
		maxD, want time.Duration
	}{
		{6 * s, 2000, 500, time.Minute, 6 * s},                      // 4 s would do: the floor stays
		{6 * s, 2000, 200, time.Minute, 10 * s},                     // extended to 2000 samples
		{6 * s, 2000, 25, time.Minute, time.Minute},                 // 80 s capped
		{6 * s, 2000, 25, 30 * s, 30 * s},                           // capped lower
		{90 * s, 2000, 25, time.Minute, 90 * s},                     // the floor is never shortened
		{6 * s, 0, 25, time.Minute, 6 * s},                          // no minimum
		{2 * s, 1000, 3, time.Hour, 333333333334 * time.Nanosecond}, // rounded up: never short of a sample
	} {
		if got := vegetaDuration(c.d, c.minSamples, c.rate, c.maxD); got != c.want {
			t.Errorf("vegetaDuration(%v, %d, %g, %v) = %v; want %v", c.d, c.minSamples, c.rate, c.maxD, got, c.want)
		}
	}
}

// A vegeta-check file written before the net/http client and the sample counts (version 1)
// still loads, keeps its figures, and is summarized with its one client.
func TestLoadVegetaCheckV1(t *testing.T) {
	b, err := os.ReadFile("testdata/vegeta-check-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	v := new(Check)
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
	if v.Version != 1 || v.MinSamples != 0 || len(v.Points) != 2 || v.Points[0].Rate != 20 {
		t.Fatalf("%+v", v)
	}
	pt := v.Points[0]
	if pt.DiffP50 != -0.81 || pt.NetDiffP50 != -0.98 || !pt.Comparable || pt.Agree || pt.Bench.Latency.Count != 6 ||
		pt.BenchEcho == nil || pt.VegetaEcho == nil || pt.BenchNetHTTP != nil || pt.NetHTTP != nil || pt.Samples != nil {
		t.Fatalf("%+v", pt)
	}
	if s := pt.sides(); len(s) != 1 || s[0].client != load.HTTPClientFast || s[0].diff.DiffP99 != pt.DiffP99 || !s[0].hasEcho(&pt) {
		t.Fatalf("sides %+v", s)
	}
	sum := summaryOf(v)
	for _, want := range []string{
		"| matmul-n16 | gpufn-seq | 2 | 0 of 2 | 0 of 2 | - | - |",
		"- matmul-n16 (gpufn-seq): raw, the bench does not agree with vegeta; net of each tool's echo p50, the bench does not agree with vegeta",
		"| 20/s | fasthttp | 6 / 20 | 0.190 | 1.00 | -81.0% |",
		"each tool ran for 300ms at a rate.",
	} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
	if strings.Contains(sum, "/s | nethttp |") {
		t.Errorf("a nethttp row for an old file:\n%s", sum)
	}
}
