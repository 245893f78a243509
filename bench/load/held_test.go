package load

import (
	"context"
	"strings"
	"testing"
	"time"

	"gpufn/bench/internal/benchtest"
	"gpufn/bench/internal/human"
)

// scriptedRun records a run of 300 requests over 3 s whose latencies are scripted per request
// (no server, no clock: each request's answer is recorded at its intended send time plus its
// latency), and returns the result.
func scriptedRun(lat func(i int) time.Duration) *RateResult {
	cfg := RunConfig{Rate: 100, Duration: 3 * time.Second}
	_ = cfg.Defaults()
	t0 := time.Unix(1_000_000, 0)
	p := &phase{cfg: &cfg, rec: newRecorder(), measured: true, start: t0}
	call := &Call{}
	var end time.Time
	for i := 0; i < 300; i++ {
		intended := t0.Add(time.Duration(i) * 10 * time.Millisecond)
		done := intended.Add(lat(i))
		p.rec.scheduled.Add(1)
		p.finish(job{i: int64(i), call: call, intended: intended}, intended, done, "", nil, nil)
		if done.After(end) {
			end = done
		}
	}
	if end.Before(t0.Add(cfg.Duration)) {
		end = t0.Add(cfg.Duration)
	}
	return p.result(t0, end)
}

// The thirds are by intended send time, and the rule reads them: latencies that grow over the
// run (a queue building up) do not hold, bounded ones do, and a p99 above the bound does not,
// while the old rule (errors and achieved rate) holds all three.
func TestHeldNeedsBoundedLatency(t *testing.T) {
	rule := Rule{MaxErrorRate: 0.01, MinAchieved: 0.9, P99Factor: 10, MaxGrowth: 2}.ForSystem(2) // p99 bound 20 ms
	growing := scriptedRun(func(i int) time.Duration { return time.Millisecond + time.Duration(i)*50*time.Microsecond })
	bounded := scriptedRun(func(i int) time.Duration { return time.Millisecond + time.Duration(i%7)*100*time.Microsecond })
	spiky := scriptedRun(func(i int) time.Duration {
		if i%20 == 0 {
			return 80 * time.Millisecond
		}
		return time.Millisecond
	})
	// growing: first third 1.0-5.95 ms (p50 ~3.5), last third 11-15.95 ms (p50 ~13.5).
	if g := growing.Growth(); g < 3 || g > 5 {
		t.Errorf("growing: thirds %v, growth %v; want about 3.9", growing.P50Thirds, g)
	}
	if rule.Holds(growing) || !strings.Contains(rule.Why(growing), "queue growing") {
		t.Errorf("growing latencies held: %q (thirds %v, p99 %v)", rule.Why(growing), growing.P50Thirds, growing.Latency.P99)
	}
	if !rule.Holds(bounded) {
		t.Errorf("bounded latencies did not hold: %q (thirds %v)", rule.Why(bounded), bounded.P50Thirds)
	}
	if rule.Holds(spiky) || !strings.Contains(rule.Why(spiky), "p99") {
		t.Errorf("a p99 of %v ms against a bound of 20 ms held: %q", spiky.Latency.P99, rule.Why(spiky))
	}
	for name, r := range map[string]*RateResult{"growing": growing, "bounded": bounded, "spiky": spiky} {
		if !rule.OldHolds(r) || r.OK != 300 || r.Scheduled != 300 {
			t.Errorf("%s: old rule %v, ok %d of %d", name, rule.OldHolds(r), r.OK, r.Scheduled)
		}
	}
	// Judge records the verdict and its reason.
	if rule.Judge(growing) || growing.Holds || growing.WhyNot == "" {
		t.Errorf("Judge: holds %v, why %q", growing.Holds, growing.WhyNot)
	}
	// No bound without a low-load p99 or an SLO.
	if r := (Rule{P99Factor: 10}).ForSystem(0); r.MaxP99 != 0 {
		t.Errorf("bound %v without a low-load p99", r.MaxP99)
	}
}

// The server's CPU is read when the measured phase starts and when it ends (not around the
// warm-up), and charged per successful answer, in an open-loop run and in a closed loop; the
// closed loop's result says how many connections it had.
func TestServerCPUAroundTheMeasuredPhase(t *testing.T) {
	t.Parallel()
	fake := benchtest.NewFakeGpufn(true)
	f := benchtest.StartFake(t, fake.Handle)
	c := newTestClient(t, f.URL)
	spec, _ := ParseWorkload("matmul-n8")
	w, err := PrepareWorkload(c, spec, WorkloadOptions{Distinct: 2})
	if err != nil {
		t.Fatal(err)
	}
	var reads []time.Duration
	meter := func() (time.Duration, bool) {
		// Scripted: 1 s of CPU before, 1.5 s after: 0.5 s over the run.
		reads = append(reads, time.Second+time.Duration(len(reads))*500*time.Millisecond)
		return reads[len(reads)-1], true
	}
	r, err := Run(context.Background(), c, w, RunConfig{Rate: 1000, Duration: 50 * time.Millisecond, Warmup: 20 * time.Millisecond, ServerCPU: meter})
	if err != nil {
		t.Fatal(err)
	}
	if len(reads) != 2 || r.OK != 50 || r.ServerCPUPerReqUS != 10000 || r.ServerCPUCores != human.Round(0.5/r.WindowS, 3) {
		t.Errorf("reads %d, ok %d, server CPU %v us/req, %v cores over %v s", len(reads), r.OK, r.ServerCPUPerReqUS, r.ServerCPUCores, r.WindowS)
	}
	reads = nil
	cl := ClosedLoop(context.Background(), c, w, RunConfig{ServerCPU: meter}, 3, 40)
	if len(reads) != 2 || cl.OK != 40 || cl.Errors != 0 || cl.Conns != 3 || cl.ServerCPUPerReqUS != 12500 || len(cl.P50Thirds) != 3 {
		t.Errorf("closed loop: reads %d, ok %d, errors %d, conns %d, %v us/req, thirds %v", len(reads), cl.OK, cl.Errors, cl.Conns, cl.ServerCPUPerReqUS, cl.P50Thirds)
	}
	// A meter that cannot read leaves the figures out.
	r, _ = Run(context.Background(), c, w, RunConfig{Rate: 1000, Duration: 10 * time.Millisecond, ServerCPU: func() (time.Duration, bool) { return 0, false }})
	if r.ServerCPUPerReqUS != 0 || r.ServerCPUCores != 0 {
		t.Errorf("unreadable meter gave %v us/req", r.ServerCPUPerReqUS)
	}
}
