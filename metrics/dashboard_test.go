package metrics

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"gpufn/call"
	"gpufn/gpu"
)

// Every metric the Grafana dashboard (deploy/grafana-gpufn.json) queries is one the server
// exports, and the panels docs/metrics.md promises are there.
func TestDashboardQueriesExportedMetrics(t *testing.T) {
	raw, err := os.ReadFile("../deploy/grafana-gpufn.json")
	if err != nil {
		t.Fatal(err)
	}
	var dash struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(raw, &dash); err != nil {
		t.Fatalf("the dashboard is not JSON: %v", err)
	}
	st := call.EngineStats{Name: "cuda0", Device: "cuda", DeviceInfo: &gpu.Info{TotalMem: 1 << 30},
		Workers: []call.WorkerStats{{Up: true, PoolBytes: 1 << 20, FreeMem: 1 << 29}}}
	m := New(Options{Engines: func() []call.EngineStats { return []call.EngineStats{st} }})
	s := m.Function(fn("f"), []byte("t"))
	s.Succeeded(&timing, time.Millisecond)
	s.Failed(call.CodeQueueFull)
	mfs := scrape(t, m)
	name := regexp.MustCompile(`\b(nv|gpufn|go|process)_[a-z0-9_]+`)
	var titles []string
	for _, p := range dash.Panels {
		titles = append(titles, p.Title)
		for _, tg := range p.Targets {
			for _, n := range name.FindAllString(tg.Expr, -1) {
				base := n
				for _, suffix := range []string{"_bucket", "_count", "_sum"} {
					if b, ok := strings.CutSuffix(n, suffix); ok && mfs[b] != nil {
						base = b
					}
				}
				if mfs[base] == nil {
					t.Errorf("panel %q queries %s, which the server does not export", p.Title, n)
				}
			}
		}
	}
	all := strings.Join(titles, "|")
	for _, want := range []string{"Request rate", "Error rate", "End to end p50 / p99", "Queue wait", "GPU time", "Queue depth", "Restarts, faults", "Device memory per GPU"} {
		if !strings.Contains(all, want) {
			t.Errorf("no panel %q", want)
		}
	}
}
