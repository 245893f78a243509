package bench

import (
	"context"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

// The tests below use scripted delays far larger than the noise of a loaded 2-core machine
// running the race detector, and assert with generous upper tolerances and exact lower bounds.
// The ones that assert on latencies do not run in parallel with other tests (their subtests, one
// per HTTP client, run in parallel with each other: two light loads).

// Percentiles of a server whose delays cycle 10, 20, ..., 100 ms come out at those delays.
func TestPercentilesOfScriptedLatencies(t *testing.T) {
	forEachClient(t, true, func(t *testing.T, kind string) {
		var n atomic.Int64
		f := startFake(t, func(c *fasthttp.RequestCtx) {
			k := (n.Add(1) - 1) % 10
			time.Sleep(time.Duration(k+1) * 10 * time.Millisecond)
			c.SetBodyString("ok")
		})
		c := newTestClientOf(t, f.URL, kind)
		r, err := Run(context.Background(), c, newFixedSource(c, []byte("ok")), RunConfig{Rate: 100, Duration: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if r.Scheduled != 100 || r.OK != 100 || r.Errors != 0 {
			t.Fatalf("scheduled %d ok %d errors %d %v; want 100, 100, 0", r.Scheduled, r.OK, r.Errors, r.ErrorKinds)
		}
		// Never below the scripted delay (the histogram keeps 3 digits); above it, some noise of
		// scheduling and HTTP: a little for the middle percentiles, more for p99 and max, which
		// are single samples of 100.
		for _, c := range []struct {
			name      string
			got, want float64
			slack     float64
		}{{"min", r.Latency.Min, 10, 30}, {"p50", r.Latency.P50, 50, 30}, {"p90", r.Latency.P90, 90, 30}, {"p99", r.Latency.P99, 100, 100}, {"max", r.Latency.Max, 100, 100}} {
			if c.got < c.want*0.999 || c.got > c.want+c.slack {
				t.Errorf("%s = %.2f ms; want %.0f ms (up to +%.0f)", c.name, c.got, c.want, c.slack)
			}
		}
		if r.Latency.Mean < 55*0.999 || r.Latency.Mean > 55+30 {
			t.Errorf("mean = %.2f ms; want about 55", r.Latency.Mean)
		}
		if r.Achieved < 90 || r.Achieved > 101 {
			t.Errorf("achieved %.1f/s at 100/s offered", r.Achieved)
		}
		if h, err := DecodeHist(r.LatencyHist); err != nil || h.TotalCount() != 100 {
			t.Errorf("saved histogram: %v, %v", h, err)
		}
	})
}

// The coordinated-omission test: a server that stalls for 1 s delays every request scheduled
// during the stall, and the bench must charge each of them from its intended send time.
func TestStallShowsInEveryRequestScheduledDuringIt(t *testing.T) {
	forEachClient(t, true, func(t *testing.T, kind string) {
		var mu sync.Mutex
		var n int
		var stallStart, stallEnd time.Time
		f := startFake(t, func(c *fasthttp.RequestCtx) {
			mu.Lock()
			n++
			if n == 20 {
				stallStart = time.Now()
				stallEnd = stallStart.Add(time.Second)
			}
			end := stallEnd
			mu.Unlock()
			if d := time.Until(end); d > 0 {
				time.Sleep(d)
			}
			c.SetBodyString("ok")
		})
		c := newTestClientOf(t, f.URL, kind)
		var smu sync.Mutex
		var samples []Sample
		r, err := Run(context.Background(), c, newFixedSource(c, []byte("ok")), RunConfig{Rate: 50, Duration: 2 * time.Second,
			OnSample: func(s Sample) { smu.Lock(); samples = append(samples, s); smu.Unlock() }})
		if err != nil {
			t.Fatal(err)
		}
		if r.OK != 100 || len(samples) != 100 {
			t.Fatalf("ok %d, samples %d; want 100 (errors %v)", r.OK, len(samples), r.ErrorKinds)
		}
		during := 0
		for _, s := range samples {
			if s.Intended.Before(stallStart.Add(5*time.Millisecond)) || s.Intended.After(stallEnd.Add(-5*time.Millisecond)) {
				continue
			}
			during++
			// It cannot have been answered before the stall ended.
			if want := stallEnd.Sub(s.Intended) - 2*time.Millisecond; s.Latency < want {
				t.Errorf("request %d scheduled %v into the stall: latency %v; want at least %v", s.Index, s.Intended.Sub(stallStart), s.Latency, want)
			}
		}
		if during < 40 {
			t.Fatalf("%d requests scheduled during the 1 s stall at 50/s; want about 50", during)
		}
		if r.Latency.Max < 950 || r.Latency.P90 < 700 {
			t.Errorf("max %.1f ms, p90 %.1f ms: the stall does not show (want max >= 950, p90 >= 700)", r.Latency.Max, r.Latency.P90)
		}
	})
}

// Every 5th answer takes 1.2 s, past the 600 ms timeout: those are timeouts (the timeout is
// well above the others' latency, even on a loaded machine running the race detector).
func TestTimeoutsAreErrors(t *testing.T) {
	t.Parallel()
	forEachClient(t, true, func(t *testing.T, kind string) {
		var n atomic.Int64
		f := startFake(t, func(c *fasthttp.RequestCtx) {
			if n.Add(1)%5 == 0 {
				time.Sleep(1200 * time.Millisecond)
			}
			c.SetBodyString("ok")
		})
		c := newTestClientOf(t, f.URL, kind)
		r, err := Run(context.Background(), c, newFixedSource(c, []byte("ok")), RunConfig{Rate: 50, Duration: time.Second, Timeout: 600 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		to := r.ErrorKinds[ErrKindTimeout]
		if to < 10 || to > 13 || r.Errors != to || r.OK != 50-to {
			t.Fatalf("timeouts %d, errors %d %v, ok %d; want 10 timeouts (every 5th of 50) and nothing else", to, r.Errors, r.ErrorKinds, r.OK)
		}
		if r.Latency.Max > 1000 {
			t.Errorf("a timed-out request's latency was recorded as a success: max %.1f ms", r.Latency.Max)
		}
		if math.Abs(r.ErrorRate-float64(to)/50) > 1e-9 {
			t.Errorf("error rate %v", r.ErrorRate)
		}
	})
}

func TestWrongOutputsAreErrors(t *testing.T) {
	t.Parallel()
	forEachClient(t, true, func(t *testing.T, kind string) {
		var n atomic.Int64
		f := startFake(t, func(c *fasthttp.RequestCtx) {
			k := n.Add(1)
			switch {
			case k%4 == 0:
				c.SetBodyString("bad") // raw, wrong
			case k%4 == 1:
				c.SetContentType("application/msgpack") // msgpack, right
				c.SetBody(AppendMsgpackMap(nil, Field{"out", []byte("ok")}))
			case k%4 == 2:
				c.SetContentType("application/msgpack") // msgpack, but not readable
				c.SetBodyString("\xc1garbage")
			default:
				c.SetBodyString("ok")
			}
		})
		c := newTestClientOf(t, f.URL, kind)
		src := newFixedSource(c, []byte("ok"))
		src.call.Output = "out"
		r, err := Run(context.Background(), c, src, RunConfig{Rate: 200, Duration: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if r.ErrorKinds[ErrKindWrongOutput] != 10 || r.ErrorKinds[ErrKindBadResponse] != 10 || r.OK != 20 {
			t.Fatalf("kinds %v ok %d; want 10 wrong_output, 10 bad_response, 20 ok", r.ErrorKinds, r.OK)
		}
		if !strings.Contains(r.ErrorSamples[ErrKindWrongOutput], "wrong output") {
			t.Errorf("error sample %q", r.ErrorSamples[ErrKindWrongOutput])
		}
	})
}

func TestNon2xxAreErrors(t *testing.T) {
	t.Parallel()
	forEachClient(t, true, func(t *testing.T, kind string) {
		var n atomic.Int64
		f := startFake(t, func(c *fasthttp.RequestCtx) {
			switch k := n.Add(1); {
			case k%5 == 0:
				c.SetStatusCode(503)
				c.SetBodyString(`{"error":{"code":"not_ready","message":"draining"}}`)
			case k%5 == 1:
				c.SetStatusCode(429)
				c.Response.Header.Set("Retry-After", "1")
			case k%5 == 2:
				c.SetStatusCode(302) // not 2xx either
			default:
				c.SetStatusCode(201)
				c.SetBodyString("ok")
			}
		})
		c := newTestClientOf(t, f.URL, kind)
		r, err := Run(context.Background(), c, newFixedSource(c, []byte("ok")), RunConfig{Rate: 200, Duration: 250 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if r.ErrorKinds["http_503"] != 10 || r.ErrorKinds["http_429"] != 10 || r.ErrorKinds["http_302"] != 10 || r.OK != 20 || r.Errors != 30 {
			t.Fatalf("kinds %v ok %d; want 10 of each of 503, 429, 302 and 20 ok", r.ErrorKinds, r.OK)
		}
		if !strings.Contains(r.ErrorSamples["http_503"], "draining") {
			t.Errorf("error sample %q", r.ErrorSamples["http_503"])
		}
	})
}

func TestTransportErrors(t *testing.T) {
	t.Parallel()
	forEachClient(t, true, func(t *testing.T, kind string) {
		addr, _ := freeAddr() // nothing listens there
		c := newTestClientOf(t, "http://"+addr, kind)
		r, err := Run(context.Background(), c, newFixedSource(c, nil), RunConfig{Rate: 100, Duration: 100 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if r.ErrorKinds[ErrKindTransport] != 10 || r.OK != 0 {
			t.Fatalf("kinds %v; want 10 transport errors", r.ErrorKinds)
		}
	})
}

// Requests never wait for earlier ones: past MaxInFlight they are not sent and count as errors.
func TestInflightLimitNeverQueues(t *testing.T) {
	t.Parallel()
	forEachClient(t, true, func(t *testing.T, kind string) {
		release := make(chan struct{})
		f := startFake(t, func(c *fasthttp.RequestCtx) {
			<-release
			c.SetBodyString("ok")
		})
		c := newTestClientOf(t, f.URL, kind)
		time.AfterFunc(600*time.Millisecond, func() { close(release) })
		r, err := Run(context.Background(), c, newFixedSource(c, []byte("ok")), RunConfig{Rate: 100, Duration: 300 * time.Millisecond, MaxInFlight: 5})
		if err != nil {
			t.Fatal(err)
		}
		if r.OK != 5 || r.ErrorKinds[ErrKindInflightLimit] != 25 {
			t.Fatalf("ok %d kinds %v; want 5 ok and 25 inflight_limit", r.OK, r.ErrorKinds)
		}
	})
}

func TestCancelStopsScheduling(t *testing.T) {
	t.Parallel()
	f := startFake(t, func(c *fasthttp.RequestCtx) { c.SetBodyString("ok") })
	c := newTestClient(t, f.URL)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	r, err := Run(ctx, c, newFixedSource(c, nil), RunConfig{Rate: 100, Duration: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if time.Since(start) > 5*time.Second || r.Scheduled > 500 {
		t.Fatalf("cancel did not stop the run: %v, %d scheduled", time.Since(start), r.Scheduled)
	}
}

func TestWarmupIsNotRecorded(t *testing.T) {
	t.Parallel()
	forEachClient(t, true, func(t *testing.T, kind string) {
		var n atomic.Int64
		f := startFake(t, func(c *fasthttp.RequestCtx) { n.Add(1); c.SetBodyString("ok") })
		c := newTestClientOf(t, f.URL, kind)
		r, err := Run(context.Background(), c, newFixedSource(c, nil), RunConfig{Rate: 100, Duration: 200 * time.Millisecond, Warmup: 100 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if n.Load() != 30 || r.Scheduled != 20 || r.OK != 20 {
			t.Fatalf("server saw %d, result counts %d/%d; want 30 sent, 20 recorded", n.Load(), r.Scheduled, r.OK)
		}
	})
}

func TestServerTimingIsAggregated(t *testing.T) {
	t.Parallel()
	forEachClient(t, true, func(t *testing.T, kind string) {
		f := startFake(t, func(c *fasthttp.RequestCtx) {
			c.Response.Header.Set("Server-Timing", "queue;dur=0.010, ipc;dur=0.020, kernel;dur=1.5, total;dur=2, mystery;dur=3")
			c.SetBodyString("ok")
		})
		c := newTestClientOf(t, f.URL, kind)
		r, err := Run(context.Background(), c, newFixedSource(c, nil), RunConfig{Rate: 100, Duration: 100 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		for name, want := range map[string]float64{"queue": 0.010, "ipc": 0.020, "kernel": 1.5, "total": 2, "mystery": 3} {
			st := r.Stages[name]
			if st.Count != 10 || math.Abs(st.Mean-want) > 1e-9 || math.Abs(st.P50-want) > want*0.01 {
				t.Errorf("stage %s: %+v; want 10 samples of %v ms", name, st, want)
			}
		}
	})
}

func TestScheduleConstantAndPoisson(t *testing.T) {
	s := newSchedule(25, 4*time.Second, false, 1, nil)
	var offs []time.Duration
	for {
		o, ok := s.next()
		if !ok {
			break
		}
		offs = append(offs, o)
	}
	if len(offs) != 100 || offs[0] != 0 || offs[99] != 3960*time.Millisecond || offs[50] != 2*time.Second {
		t.Fatalf("constant schedule: %d sends, first %v, [50] %v, last %v", len(offs), offs[0], offs[50], offs[len(offs)-1])
	}
	p := newSchedule(1000, 20*time.Second, true, 7, nil)
	n, last := 0, time.Duration(0)
	var sq float64
	for {
		o, ok := p.next()
		if !ok {
			break
		}
		if o < last {
			t.Fatal("Poisson schedule goes backwards")
		}
		gap := (o - last).Seconds()
		sq += gap * gap
		n, last = n+1, o
	}
	if n < 19000 || n > 21000 {
		t.Fatalf("Poisson at 1000/s for 20 s: %d sends", n)
	}
	// Exponential gaps: E[g^2] = 2/rate^2 (constant gaps would give 1/rate^2).
	if m := sq / float64(n) * 1e6; m < 1.8 || m > 2.2 {
		t.Fatalf("Poisson gaps: E[g^2]*rate^2 = %.2f; want about 2", m)
	}
	again := newSchedule(1000, time.Second, true, 7, nil)
	first, _ := again.next()
	second, _ := again.next()
	p2 := newSchedule(1000, time.Second, true, 7, nil)
	a, _ := p2.next()
	b, _ := p2.next()
	if first != a || second != b {
		t.Fatal("the same seed gave another schedule")
	}
}

func TestColdSpreading(t *testing.T) {
	for _, c := range []struct {
		pct  float64
		want int
	}{{0, 0}, {25, 25}, {50, 50}, {10, 10}, {100, 100}, {33, 33}} {
		n := 0
		for i := int64(0); i < 100; i++ {
			if isCold(i, c.pct) {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%g%% cold: %d of 100", c.pct, n)
		}
	}
	if !isCold(1, 50) || isCold(0, 50) {
		t.Error("50% cold should alternate, starting hot")
	}
}

// Given offsets are the schedule: each request's intended send time is the phase's start plus
// its offset, bursts included, and a burst that a sequential server must queue shows in the
// latencies (counted from the intended times, as always).
func TestOffsetsAreTheSchedule(t *testing.T) {
	forEachClient(t, true, func(t *testing.T, kind string) {
		var mu sync.Mutex
		f := startFake(t, func(c *fasthttp.RequestCtx) {
			mu.Lock() // one request at a time: a burst queues
			time.Sleep(20 * time.Millisecond)
			mu.Unlock()
			c.SetBodyString("ok")
		})
		c := newTestClientOf(t, f.URL, kind)
		offs := []time.Duration{0, 0, 0, 150 * time.Millisecond, 400 * time.Millisecond, 400 * time.Millisecond}
		var smu sync.Mutex
		intended := map[int64]time.Time{}
		lat := map[int64]time.Duration{}
		rc := RunConfig{Rate: 10, Offsets: offs, Warmup: 100 * time.Millisecond, OnSample: func(s Sample) {
			smu.Lock()
			intended[s.Index], lat[s.Index] = s.Intended, s.Latency
			smu.Unlock()
		}}
		r, err := Run(context.Background(), c, newFixedSource(c, []byte("ok")), rc)
		if err != nil {
			t.Fatal(err)
		}
		if r.Scheduled != 6 || r.OK != 6 || len(intended) != 6 {
			t.Fatalf("scheduled %d ok %d samples %d; want 6 each", r.Scheduled, r.OK, len(intended))
		}
		// Duration: the last offset plus one mean gap (1/Rate).
		if r.DurationS != 0.5 {
			t.Errorf("duration %v s; want 0.5", r.DurationS)
		}
		for i, off := range offs {
			if got := intended[int64(i)].Sub(intended[0]); got != off {
				t.Errorf("request %d intended at +%v; want +%v", i, got, off)
			}
		}
		// The three sent together wait for each other: at least 20, 40 and 60 ms.
		var burst []time.Duration
		for i := int64(0); i < 3; i++ {
			burst = append(burst, lat[i])
		}
		slices.Sort(burst)
		for k, d := range burst {
			if want := time.Duration(k+1) * 20 * time.Millisecond; d < want {
				t.Errorf("burst latencies %v: the %d-th is below %v", burst, k+1, want)
			}
		}
		if lat[3] < 20*time.Millisecond || lat[3] > 120*time.Millisecond {
			t.Errorf("a request sent alone took %v; want about 20 ms", lat[3])
		}
	})
}

func TestRunConfigErrors(t *testing.T) {
	c := newTestClient(t, "http://127.0.0.1:1")
	for _, rc := range []RunConfig{{}, {Rate: -1}, {Rate: math.Inf(1)}, {Rate: 1, ColdPercent: 101},
		{Rate: 1, Offsets: []time.Duration{0, 2, 1}}, {Rate: 1, Offsets: []time.Duration{-1}}} {
		if _, err := Run(context.Background(), c, newFixedSource(c, nil), rc); err == nil {
			t.Errorf("%+v: no error", rc)
		}
	}
}

// The scheduler spins for the smaller of 2 ms and a quarter of the gap between sends (at
// least 10 us) after a precise sleep; a fixed --sched-spin is kept; without a timerfd it
// spins for the last 2 ms.
func TestWaiterSpin(t *testing.T) {
	for _, c := range []struct {
		rate  float64
		fixed time.Duration
		want  time.Duration
	}{{25, 0, 2 * time.Millisecond}, {4000, 0, 62500 * time.Nanosecond}, {1e6, 0, 10 * time.Microsecond}, {4000, time.Millisecond, time.Millisecond}} {
		w := newWaiter(c.rate, c.fixed)
		want := c.want
		if w.precise == nil {
			want = legacySpin
		}
		if w.spin != want {
			t.Errorf("rate %g fixed %v: spin %v; want %v", c.rate, c.fixed, w.spin, want)
		}
		// It waits until the time (never returns early) and stops for a context that ended.
		at := time.Now().Add(3 * time.Millisecond)
		if !w.until(context.Background(), at) || time.Now().Before(at) {
			t.Errorf("rate %g: returned early", c.rate)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if w.until(ctx, time.Now().Add(time.Hour)) {
			t.Error("a canceled wait returned true")
		}
		w.close()
	}
}

// Generator fields: the CPU it used and the client's spin budget are in the result, and
// requests are sent by reused goroutines without losing any.
func TestRunRecordsGeneratorCPUAndSpin(t *testing.T) {
	f := startFake(t, func(c *fasthttp.RequestCtx) { c.SetBodyString("ok") })
	c := newTestClient(t, f.URL)
	c.SetSpinWait(500 * time.Microsecond)
	r, err := Run(context.Background(), c, newFixedSource(c, []byte("ok")), RunConfig{Rate: 400, Duration: 250 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if r.Scheduled != 100 || r.OK != 100 || r.GeneratorCPU <= 0 || r.SpinWaitMS != 0.5 {
		t.Fatalf("scheduled %d ok %d cpu %v spin %v", r.Scheduled, r.OK, r.GeneratorCPU, r.SpinWaitMS)
	}
	m, err := MergeRuns([]*RateResult{r, r})
	if err != nil || m.GeneratorCPU != r.GeneratorCPU {
		t.Fatalf("merged cpu %v; want %v (%v)", m.GeneratorCPU, r.GeneratorCPU, err)
	}
}
