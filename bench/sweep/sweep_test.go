package sweep

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/bench/internal/benchtest"
	"gpufn/bench/load"
)

// failingAbove is a fake server that fails every 20th request (5%) of a run whose offered rate
// (X-Bench-Rate, sent with TagRequests) is above threshold: the failures depend on the
// requests' metadata, not on timing.
func failingAbove(t *testing.T, threshold float64) *benchtest.FakeServer {
	var mu sync.Mutex
	counts := map[string]int{}
	return benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
		rate := string(c.Request.Header.Peek("X-Bench-Rate"))
		r, err := strconv.ParseFloat(rate, 64)
		if err != nil {
			c.SetStatusCode(400)
			return
		}
		mu.Lock()
		counts[rate]++
		n := counts[rate]
		mu.Unlock()
		if r > threshold && n%20 == 0 {
			c.SetStatusCode(500)
			return
		}
		c.SetBodyString("ok")
	})
}

func sweepOverHTTP(t *testing.T, f *benchtest.FakeServer, sw Config, d time.Duration) *Outcome {
	c, err := load.NewClient(f.URL, load.ClientOptions{MaxConns: 1000})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.CloseIdle)
	src := &okSource{load.Call{URI: c.URL("/v1/functions/f/invoke"), Body: []byte("in"), ContentType: "application/octet-stream",
		Check: func(out []byte) error {
			if string(out) != "ok" {
				return errors.New("wrong output")
			}
			return nil
		}}}
	out, err := Run(context.Background(), sw, func(ctx context.Context, rate float64) (*load.RateResult, error) {
		return load.Run(ctx, c, src, load.RunConfig{Rate: rate, Duration: d, TagRequests: true})
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// okSource sends the same request, whose answer must be "ok".
type okSource struct{ call load.Call }

func (s *okSource) Call(int64, bool) (*load.Call, error) { return &s.call, nil }

func rates(out *Outcome) (r []float64, holds []bool) {
	for _, s := range out.Steps {
		r = append(r, s.Offered)
		holds = append(holds, s.Holds)
	}
	return
}

// The step sweep goes up while errors stay under 1% and stops where they pass it.
func TestStepSweepStopsWhereErrorsPassOnePercent(t *testing.T) {
	t.Parallel()
	f := failingAbove(t, 400)
	out := sweepOverHTTP(t, f, Config{Mode: Step, Start: 100, Step: 100, FineSteps: 4, Settle: time.Millisecond}, 500*time.Millisecond)
	r, h := rates(out)
	if !reflect.DeepEqual(r, []float64{100, 200, 300, 400, 500, 425}) || !reflect.DeepEqual(h, []bool{true, true, true, true, false, false}) {
		t.Fatalf("rates %v holds %v; want 100..400 holding, 500 and then 425 failing", r, h)
	}
	if out.MaxHolding != 400 {
		t.Fatalf("highest rate that held: %v; want 400", out.MaxHolding)
	}
	if last := out.Steps[4]; last.ErrorRate < 0.01 || last.ErrorKinds["http_500"] == 0 {
		t.Fatalf("the failing step: error rate %v %v", last.ErrorRate, last.ErrorKinds)
	}
	for _, s := range out.Steps[:4] {
		if s.Errors != 0 {
			t.Fatalf("rate %v: %d errors", s.Offered, s.Errors)
		}
	}
}

func TestAdaptiveSweepOverHTTP(t *testing.T) {
	t.Parallel()
	f := failingAbove(t, 500)
	out := sweepOverHTTP(t, f, Config{Mode: Adaptive, Start: 50, Precision: 0.1, Settle: time.Millisecond}, 300*time.Millisecond)
	r, _ := rates(out)
	if !reflect.DeepEqual(r, []float64{50, 100, 200, 400, 800, 600, 500, 550}) || out.MaxHolding != 500 {
		t.Fatalf("rates %v, highest held %v; want doubling to 800, bisecting to 500", r, out.MaxHolding)
	}
}

// A fake run whose error rate is a function of the rate: the sweep logic without HTTP.
func capacityRun(capacity float64) RunFunc {
	return func(_ context.Context, rate float64) (*load.RateResult, error) {
		r := &load.RateResult{Offered: rate, Achieved: rate, Scheduled: 1000}
		if rate > capacity {
			r.Errors, r.ErrorRate = 50, 0.05
		}
		return r, nil
	}
}

func TestSweepLogic(t *testing.T) {
	for _, c := range []struct {
		name     string
		sw       Config
		capacity float64
		want     []float64
		max      float64
		capped   bool
	}{
		{"step, start fails", Config{Mode: Step, Start: 100, FineSteps: 4}, 60, []float64{100, 25, 50, 75}, 50, false},
		{"step, capped", Config{Mode: Step, Start: 100, Max: 300}, 1e9, []float64{100, 200, 300}, 300, true},
		{"step, fails at the cap", Config{Mode: Step, Start: 100, Max: 300, FineSteps: 2}, 250, []float64{100, 200, 300, 250}, 250, false},
		{"step, max runs", Config{Mode: Step, Start: 1, MaxRuns: 3}, 1e9, []float64{1, 2, 3}, 3, false},
		{"adaptive, down", Config{Mode: Adaptive, Start: 1000, Precision: 0.2}, 300, []float64{1000, 500, 250, 375, 312, 281}, 281, false},
		{"adaptive, capped", Config{Mode: Adaptive, Start: 100, Max: 300}, 1e9, []float64{100, 200, 300}, 300, true},
		{"adaptive, fails at the cap", Config{Mode: Adaptive, Start: 100, Max: 300, Precision: 0.2}, 250, []float64{100, 200, 300, 250}, 250, false},
		{"adaptive, nothing holds", Config{Mode: Adaptive, Start: 1024, MaxRuns: 100}, 0, nil, 0, false},
	} {
		c.sw.Settle = -1
		out, err := Run(context.Background(), c.sw, capacityRun(c.capacity), nil)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := rates(out)
		if c.want != nil && !reflect.DeepEqual(r, c.want) {
			t.Errorf("%s: rates %v; want %v", c.name, r, c.want)
		}
		if out.MaxHolding != c.max || out.Capped != c.capped {
			t.Errorf("%s: highest held %v, capped %v; want %v, %v", c.name, out.MaxHolding, out.Capped, c.max, c.capped)
		}
		if c.want == nil && len(r) != 11 { // 1024 down to 1 (halving), all failing
			t.Errorf("%s: %d runs (%v)", c.name, len(r), r)
		}
	}
	if _, err := Run(context.Background(), Config{Mode: "sideways"}, capacityRun(1), nil); err == nil {
		t.Error("a bad mode was accepted")
	}
}

// With Confirm, a rate that failed once is run again and holds if the second run does: a
// transient failure at 200/s no longer ends the doubling there. A rate past capacity fails
// both runs.
func TestSweepConfirmsFailures(t *testing.T) {
	transient := func() RunFunc {
		capacity := capacityRun(500)
		tried := map[float64]bool{}
		return func(ctx context.Context, rate float64) (*load.RateResult, error) {
			r, _ := capacity(ctx, rate)
			if rate == 200 && !tried[rate] { // the first run at 200/s meets a stall
				r.Errors, r.ErrorRate = 50, 0.05
			}
			tried[rate] = true
			return r, nil
		}
	}
	sw := Config{Mode: Adaptive, Start: 100, Precision: 0.2, Settle: -1, Confirm: 1}
	out, err := Run(context.Background(), sw, transient(), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, holds := rates(out)
	var phases []string
	for _, s := range out.Steps {
		phases = append(phases, s.Phase)
	}
	if want := []float64{100, 200, 200, 400, 800, 800, 600, 600, 500}; !reflect.DeepEqual(r, want) || out.MaxHolding != 500 {
		t.Fatalf("rates %v (holds %v), highest held %v; want %v and 500", r, holds, out.MaxHolding, want)
	}
	if want := []string{"double", "double", "again", "double", "double", "again", "bisect", "again", "bisect"}; !reflect.DeepEqual(phases, want) {
		t.Errorf("phases %v; want %v", phases, want)
	}
	// Without it, the transient caps the sweep below 200/s.
	sw.Confirm = 0
	if out, _ := Run(context.Background(), sw, transient(), nil); out.MaxHolding >= 200 {
		t.Errorf("without Confirm: highest held %v; want below 200", out.MaxHolding)
	}
}

// FigurePoints adds evenly spaced rates up to the peak after the search; they do not move
// the highest rate that held.
func TestSweepFigurePoints(t *testing.T) {
	sw := Config{Mode: Adaptive, Start: 100, Precision: 0.2, Settle: -1, FigurePoints: 4}
	out, err := Run(context.Background(), sw, capacityRun(500), nil)
	if err != nil {
		t.Fatal(err)
	}
	var fig []float64
	for _, s := range out.Steps {
		if s.Phase == "figure" {
			fig = append(fig, s.Offered)
			if !s.Holds {
				t.Errorf("figure rate %v did not hold", s.Offered)
			}
		}
	}
	if out.MaxHolding != 500 || !reflect.DeepEqual(fig, []float64{125, 250, 375}) {
		t.Errorf("peak %v, figure rates %v; want 500 and 125, 250, 375", out.MaxHolding, fig)
	}
	if last := out.Steps[len(out.Steps)-1]; last.Phase != "figure" {
		t.Errorf("the figure rates are not last: %s", last.Phase)
	}
}

// latencyRun is a fake run whose errors and achieved rate are perfect at every rate, and whose
// latency is low up to knee and then high (p99 x100) or growing over the run (last third's
// p50 x5), as a server past its capacity that only queues.
func latencyRun(knee float64, growing bool) RunFunc {
	return func(_ context.Context, rate float64) (*load.RateResult, error) {
		r := &load.RateResult{Offered: rate, Achieved: rate, Scheduled: 1000, OK: 1000,
			Latency: load.Percentiles{P50: 0.5, P99: 1}, P50Thirds: []float64{0.5, 0.5, 0.5}}
		if rate > knee {
			if growing {
				r.P50Thirds = []float64{0.5, 1.2, 2.5}
			} else {
				r.Latency.P99 = 100
			}
		}
		return r, nil
	}
}

// Held means bounded latency: with errors and achieved rate perfect everywhere, the old rule
// holds at every rate up to the cap, the new one stops where p99 passes its bound or where the
// queue grows over the run.
func TestSweepHeldNeedsBoundedLatency(t *testing.T) {
	rule := load.Rule{MaxErrorRate: 0.01, MinAchieved: 0.9, P99Factor: 10, MaxGrowth: 2}.ForSystem(1) // bound: 10 ms
	if rule.MaxP99 != 10 {
		t.Fatalf("bound %v; want 10x the low-load p99 of 1 ms", rule.MaxP99)
	}
	if r := (load.Rule{SLOP99: 3, P99Factor: 10}).ForSystem(1); r.MaxP99 != 3 {
		t.Errorf("an SLO of 3 ms gave the bound %v", r.MaxP99)
	}
	for _, growing := range []bool{false, true} {
		sw := Config{Mode: Adaptive, Start: 100, Max: 3200, Precision: 0.05, Settle: -1, Rule: rule}
		out, err := Run(context.Background(), sw, latencyRun(500, growing), nil)
		if err != nil {
			t.Fatal(err)
		}
		if out.MaxHolding < 475 || out.MaxHolding > 500 || out.Capped {
			t.Errorf("growing %v: highest held %v (capped %v); want 475 to 500", growing, out.MaxHolding, out.Capped)
		}
		for _, s := range out.Steps {
			if !s.Holds && !strings.Contains(s.WhyNot, map[bool]string{false: "p99", true: "queue growing"}[growing]) {
				t.Errorf("growing %v: %v/s fails for %q", growing, s.Offered, s.WhyNot)
			}
		}
		old := sw
		old.Rule.MaxP99, old.Rule.MaxGrowth = 0, 0
		out, _ = Run(context.Background(), old, latencyRun(500, growing), nil)
		if out.MaxHolding != 3200 || !out.Capped {
			t.Errorf("old rule, growing %v: highest held %v, capped %v; want the cap", growing, out.MaxHolding, out.Capped)
		}
	}
}
