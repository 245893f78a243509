package report

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gpufn/bench/load"
)

func run(phase string, rate, p50, p99 float64, holds bool) *load.RateResult {
	return &load.RateResult{Phase: phase, Offered: rate, Achieved: rate, OK: 100, Scheduled: 100, Holds: holds,
		Latency: load.Percentiles{P50: p50, P99: p99}}
}

// The plot has a series per system that has runs to draw, in both panels, and its files are
// a PNG that decodes and an SVG with each system's name in its legend; the lines go through
// the low-load point, the evenly spaced figure rates and the peak, not the search's other runs.
func TestPlotFiles(t *testing.T) {
	dir := t.TempDir()
	res := &Results{Kind: KindResults, Workload: "matmul-n128", Machine: load.Machine{Label: "test"}, Systems: []*SystemResult{
		{Name: "gpufn-seq", LowLoad: run("low", 25, 0.7, 1.5, true), MaxHolding: 800, Steps: []*load.RateResult{
			run("double", 400, 0.4, 1, true), run("double", 800, 0.5, 2, true), run("double", 1600, 50, 90, false), run("bisect", 1200, 30, 60, false),
			run("figure", 200, 0.4, 0.9, true), run("figure", 400, 0.4, 1.1, true), run("figure", 600, 0.45, 1.3, true)}},
		{Name: "gpufn-c4-mps", LowLoad: run("low", 25, 0.8, 1.7, true), MaxHolding: 3200, Capped: true, Steps: []*load.RateResult{
			run("double", 1600, 0.4, 1, true), run("double", 3200, 0.5, 2, true)}},
		{Name: "baseline", LowLoad: run("low", 25, 0.6, 1.2, true)},
		{Name: "broken", Error: "did not start"},
	}}
	if got := plotRuns(res.Systems[0], PlotOptions{}); len(got) != 5 || got[0].Offered != 25 || got[4].Offered != 800 {
		var r []float64
		for _, x := range got {
			r = append(r, x.Offered)
		}
		t.Errorf("gpufn-seq is drawn through %v; want 25, 200, 400, 600, 800", r)
	}
	info, err := PlotLatency(res, filepath.Join(dir, "m-latency"), PlotOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"gpufn-seq", "gpufn-c4-mps", "baseline"}; !reflect.DeepEqual(info.Series, want) {
		t.Errorf("series %v; want %v", info.Series, want)
	}
	if want := []string{filepath.Join(dir, "m-latency.svg"), filepath.Join(dir, "m-latency.png")}; !reflect.DeepEqual(info.Files, want) {
		t.Errorf("files %v", info.Files)
	}
	b, err := os.ReadFile(filepath.Join(dir, "m-latency.png"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil || img.Bounds().Dx() < 500 {
		t.Fatalf("png: %v", err)
	}
	svg, err := os.ReadFile(filepath.Join(dir, "m-latency.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<svg", ">gpufn-seq<", ">gpufn-c4-mps (capped)<", ">baseline<", ">p50 (from intended send time)<", ">p99 (from intended send time)<"} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("svg lacks %q", want)
		}
	}
	if bytes.Contains(svg, []byte(">broken<")) {
		t.Error("a system without runs is in the legend")
	}
	// Each system its own colour and marker.
	seen := map[string]bool{}
	for i := range 10 {
		c, m := Style(i)
		r, g, bl, _ := c.RGBA()
		key := strings.Join([]string{string(rune(r)), string(rune(g)), string(rune(bl))}, ",")
		mk := reflect.TypeOf(m).String() + map[bool]string{true: "h", false: ""}[m == diamondGlyph{hollow: true}]
		if seen["c"+key] || seen["m"+mk] {
			t.Errorf("system %d shares a colour or marker with an earlier one", i)
		}
		seen["c"+key], seen["m"+mk] = true, true
	}
	// Nothing to draw is an error, not an empty file.
	if _, err := PlotLatency(&Results{Workload: "x", Systems: []*SystemResult{{Name: "a"}}}, filepath.Join(dir, "x"), PlotOptions{}); err == nil {
		t.Error("an empty plot was drawn")
	}
}

// The summary says "at least R (capped)" for a capped sweep, gives the server's CPU per
// invocation beside the highest rate and the closed loop with the echo floor, cold beside hot,
// and the dandelion table.
func TestSummaryNewColumns(t *testing.T) {
	dir := t.TempDir()
	top := run("double", 3200, 0.5, 2, true)
	top.ServerCPUPerReqUS = 42
	low := run("low", 25, 0.8, 1.7, true)
	low.Cold, low.Hot = &load.Percentiles{P50: 1.1, P99: 2.2}, &load.Percentiles{P50: 0.8, P99: 1.6}
	closed := &load.RateResult{Conns: 64, Achieved: 9000, OK: 9000, Latency: load.Percentiles{P50: 6}, ServerCPUPerReqUS: 55}
	rule := load.Rule{MaxP99: 17}
	res := &Results{Kind: KindResults, Workload: "matmul-n128", Systems: []*SystemResult{
		{Name: "gpufn-c4-mps", LowLoad: low, MaxHolding: 3200, Capped: true, Steps: []*load.RateResult{top}, ClosedLoop: closed, Rule: &rule}},
		EchoClosedLoop: &load.RateResult{Conns: 64, Achieved: 20000, OK: 20000, Latency: load.Percentiles{P50: 3}, ServerCPUPerReqUS: 12}}
	mix := run("figure", 1000, 0.6, 1.0, true)
	mix.ColdFunctionsPerS = 29
	dan := &Results{Kind: KindResults, Workload: "dandelion-matmul", Method: Method{Dandelion: &DandelionMethod{Functions: 50, HotSet: 5, HotPercent: 97, RegisterS: 1.5}},
		Systems: []*SystemResult{{Name: "s-dandelion", MaxHolding: 1000, Steps: []*load.RateResult{mix}}, {Name: "s-allhot", Steps: []*load.RateResult{run("allhot", 1000, 0.5, 0.8, true)}}}}
	if err := SaveResults(dir, "matmul-n128", res); err != nil {
		t.Fatal(err)
	}
	if err := SaveResults(dir, "dandelion", dan); err != nil {
		t.Fatal(err)
	}
	d, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	s := d.Summary()
	for _, want := range []string{"at least 3200/s (capped)", "| 42 us |", "9000/s, p50 6.00, 55 us CPU/inv", "HTTP echo floor, closed loop of 64 connections",
		"echo server CPU 12 us/req", "cold p50 / p99 1.10 / 2.20, hot 0.800 / 1.60", "; p99 bound 17.0ms",
		"50 functions (each its own library), a hot set of 5 getting 97%", "| 1000/s | 0.600 | 1.00 | 1.67 | 29 | yes | 0.500 | 0.800 | 1.25 |"} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
}
