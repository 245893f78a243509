package load

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/bench/internal/benchtest"
	"gpufn/bench/msgpack"
)

// The tests below do not depend on how fast this machine is: a loaded 2-core machine running
// the race detector can hold any goroutine back for a long time, so no test asserts an upper
// bound on a latency or on a rate. They assert what causality guarantees instead: a latency is
// never below its scripted delay, never below the time from its intended send to the moment
// the server answered it, and never above the time from its intended send to the moment the
// generator reported it; and what is counted is counted exactly. Scripted stalls end on
// events (a given request arriving), not on timers racing the generator.

// seqOf returns the request's index from X-Bench-Seq (sent with RunConfig.TagRequests), or -1.
func seqOf(c *fasthttp.RequestCtx) int64 {
	i, err := strconv.ParseInt(string(c.Request.Header.Peek(hdrBenchSeq)), 10, 64)
	if err != nil {
		return -1
	}
	return i
}

// sampleLog keeps a run's samples, and when each was reported (OnSample's call).
type sampleLog struct {
	mu       sync.Mutex
	samples  map[int64]Sample
	reported map[int64]time.Time
}

func newSampleLog() *sampleLog {
	return &sampleLog{samples: map[int64]Sample{}, reported: map[int64]time.Time{}}
}

func (l *sampleLog) add(s Sample) {
	now := time.Now()
	l.mu.Lock()
	l.samples[s.Index], l.reported[s.Index] = s, now
	l.mu.Unlock()
}

// answerLog keeps when the fake server answered each request (just before writing it).
type answerLog struct {
	mu sync.Mutex
	at map[int64]time.Time
}

func newAnswerLog() *answerLog { return &answerLog{at: map[int64]time.Time{}} }

func (a *answerLog) answered(i int64) {
	now := time.Now()
	a.mu.Lock()
	a.at[i] = now
	a.mu.Unlock()
}

// checkCausal checks every successful sample against the causal bounds of its latency:
// from its intended send to the server's answer at least, to its report at most; and its send
// is not before its intended time.
func checkCausal(t *testing.T, l *sampleLog, a *answerLog) {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	a.mu.Lock()
	defer a.mu.Unlock()
	for i, s := range l.samples {
		if s.ErrKind != "" {
			continue
		}
		ans, ok := a.at[i]
		if !ok {
			t.Errorf("request %d succeeded but the server never answered it", i)
			continue
		}
		lo, hi := ans.Sub(s.Intended), l.reported[i].Sub(s.Intended)
		if s.Latency < lo || s.Latency > hi || s.Sent.Before(s.Intended) {
			t.Errorf("request %d: latency %v; the server answered %v and the sample was reported %v after its intended send (sent %v after it)",
				i, s.Latency, lo, hi, s.Sent.Sub(s.Intended))
		}
	}
}

// Percentiles of a server whose delays cycle 10, 20, ..., 100 ms (by request index) are the
// percentiles of the latencies measured, each of which is at least its scripted delay and is
// bounded by what the server and the generator observed.
func TestPercentilesOfScriptedLatencies(t *testing.T) {
	forEachClient(t, true, func(t *testing.T, kind string) {
		delay := func(i int64) time.Duration { return time.Duration(i%10+1) * 10 * time.Millisecond }
		answers := newAnswerLog()
		f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
			i := seqOf(c)
			time.Sleep(delay(i))
			answers.answered(i)
			c.SetBodyString("ok")
		})
		c := newTestClientOf(t, f.URL, kind)
		samples := newSampleLog()
		r, err := Run(context.Background(), c, newFixedSource(c, []byte("ok")),
			RunConfig{Rate: 100, Duration: time.Second, TagRequests: true, OnSample: samples.add})
		if err != nil {
			t.Fatal(err)
		}
		if r.Scheduled != 100 || r.OK != 100 || r.Errors != 0 || len(samples.samples) != 100 {
			t.Fatalf("scheduled %d ok %d errors %d samples %d %v; want 100, 100, 0, 100", r.Scheduled, r.OK, r.Errors, len(samples.samples), r.ErrorKinds)
		}
		checkCausal(t, samples, answers)
		var lat []time.Duration
		for i, s := range samples.samples {
			if s.Latency < delay(i) {
				t.Errorf("request %d: latency %v below its scripted delay %v", i, s.Latency, delay(i))
			}
			lat = append(lat, s.Latency)
		}
		// The histogram's percentiles are the samples' (it keeps 3 significant digits, in us).
		want := ExactPercentiles(lat)
		for _, c := range []struct {
			name      string
			got, want float64
		}{{"min", r.Latency.Min, want.Min}, {"mean", r.Latency.Mean, want.Mean}, {"p50", r.Latency.P50, want.P50},
			{"p90", r.Latency.P90, want.P90}, {"p99", r.Latency.P99, want.P99}, {"max", r.Latency.Max, want.Max}} {
			if math.Abs(c.got-c.want) > c.want*0.001+0.002 {
				t.Errorf("%s = %.3f ms; the samples' is %.3f ms", c.name, c.got, c.want)
			}
		}
		// Each latency is at least its delay, so each order statistic is at least the delays'.
		for _, c := range []struct {
			name      string
			got, want float64
		}{{"min", want.Min, 10}, {"mean", want.Mean, 55}, {"p50", want.P50, 50}, {"p90", want.P90, 90}, {"p99", want.P99, 100}} {
			if c.got < c.want {
				t.Errorf("%s = %.3f ms; below the scripted %.0f ms", c.name, c.got, c.want)
			}
		}
		if r.WindowS < 1 || r.Achieved != float64(r.OK)/r.WindowS {
			t.Errorf("achieved %v/s over %v s; want the answers over a window of at least the 1 s run", r.Achieved, r.WindowS)
		}
		if h, err := DecodeHist(r.LatencyHist); err != nil || h.TotalCount() != 100 {
			t.Errorf("saved histogram: %v, %v", h, err)
		}
	})
}

// The coordinated-omission test: from request 20 on, the server holds every request until
// request 69 arrives. Requests never wait for earlier ones (else request 69 would never be
// sent while request 20 is held, and request 20 would time out), and the bench charges every
// held request from its intended send time: at least the time until the stall ended, which is
// after request 69's intended send.
func TestStallShowsInEveryRequestScheduledDuringIt(t *testing.T) {
	forEachClient(t, true, func(t *testing.T, kind string) {
		const first, last = 20, 69
		gate := make(chan struct{})
		var mu sync.Mutex
		var opened time.Time
		answers := newAnswerLog()
		f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
			i := seqOf(c)
			switch {
			case i == last:
				mu.Lock()
				opened = time.Now()
				mu.Unlock()
				close(gate)
			case i >= first:
				<-gate
			}
			answers.answered(i)
			c.SetBodyString("ok")
		})
		c := newTestClientOf(t, f.URL, kind)
		samples := newSampleLog()
		r, err := Run(context.Background(), c, newFixedSource(c, []byte("ok")), RunConfig{Rate: 50, Duration: 2 * time.Second,
			TagRequests: true, OnSample: samples.add})
		if err != nil {
			t.Fatal(err)
		}
		if r.OK != 100 || len(samples.samples) != 100 {
			t.Fatalf("ok %d, samples %d; want 100 (errors %v)", r.OK, len(samples.samples), r.ErrorKinds)
		}
		checkCausal(t, samples, answers)
		mu.Lock()
		defer mu.Unlock()
		gap := 20 * time.Millisecond // 50/s
		for i := int64(first); i < last; i++ {
			s := samples.samples[i]
			// Held until the stall ended, which was after request 69 was due.
			if want := opened.Sub(s.Intended); s.Latency < want || s.Latency < time.Duration(last-i)*gap {
				t.Errorf("request %d: latency %v; the stall ended %v after its intended send, request %d was due %v after it",
					i, s.Latency, want, last, time.Duration(last-i)*gap)
			}
		}
		// Requests 20..30 waited at least 0.78 s each, request 20 at least 0.98 s: the 11
		// largest of 100 latencies are at least 0.78 s, so p90 (rank 90) is.
		if r.Latency.Max < 980 || r.Latency.P90 < 780 {
			t.Errorf("max %.1f ms, p90 %.1f ms: the stall does not show (want max >= 980, p90 >= 780)", r.Latency.Max, r.Latency.P90)
		}
	})
}

// Every 5th request (by index) is never answered while the run lasts: those, and only those,
// are timeouts, charged at least the timeout from their intended send times and never
// recorded as successes. (The others are answered at once; the 5 s timeout is thousands of
// times their latency even on a loaded machine running the race detector.)
func TestTimeoutsAreErrors(t *testing.T) {
	t.Parallel()
	forEachClient(t, true, func(t *testing.T, kind string) {
		const timeout = 5 * time.Second
		hold := make(chan struct{})
		f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
			if seqOf(c)%5 == 4 {
				<-hold
			}
			c.SetBodyString("ok")
		})
		t.Cleanup(func() { close(hold) }) // before the server's shutdown (cleanups run last first)
		c := newTestClientOf(t, f.URL, kind)
		samples := newSampleLog()
		r, err := Run(context.Background(), c, newFixedSource(c, []byte("ok")),
			RunConfig{Rate: 50, Duration: time.Second, Timeout: timeout, TagRequests: true, OnSample: samples.add})
		if err != nil {
			t.Fatal(err)
		}
		to := r.ErrorKinds[ErrKindTimeout]
		if to != 10 || r.Errors != 10 || r.OK != 40 || len(samples.samples) != 50 {
			t.Fatalf("timeouts %d, errors %d %v, ok %d, samples %d; want 10 timeouts (every 5th of 50) and nothing else", to, r.Errors, r.ErrorKinds, r.OK, len(samples.samples))
		}
		for i, s := range samples.samples {
			held := i%5 == 4
			if held != (s.ErrKind == ErrKindTimeout) || (held && s.Latency < timeout) {
				t.Errorf("request %d (held: %v): %s after %v", i, held, s.ErrKind, s.Latency)
			}
		}
		if r.Latency.Count != 40 || r.Latency.Max*1e6 >= float64(timeout) {
			t.Errorf("successes: %d, max %.1f ms; want 40, none as long as the timeout", r.Latency.Count, r.Latency.Max)
		}
		if math.Abs(r.ErrorRate-0.2) > 1e-9 {
			t.Errorf("error rate %v", r.ErrorRate)
		}
	})
}

func TestWrongOutputsAreErrors(t *testing.T) {
	t.Parallel()
	forEachClient(t, true, func(t *testing.T, kind string) {
		var n atomic.Int64
		f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
			k := n.Add(1)
			switch {
			case k%4 == 0:
				c.SetBodyString("bad") // raw, wrong
			case k%4 == 1:
				c.SetContentType("application/msgpack") // msgpack, right
				c.SetBody(msgpack.AppendMap(nil, msgpack.Field{Name: "out", Value: []byte("ok")}))
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
		f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
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
		addr := closedAddr(t) // nothing listens there
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
// The server holds the first five until the other 25 have been turned away.
func TestInflightLimitNeverQueues(t *testing.T) {
	t.Parallel()
	forEachClient(t, true, func(t *testing.T, kind string) {
		release := make(chan struct{})
		f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
			<-release
			c.SetBodyString("ok")
		})
		c := newTestClientOf(t, f.URL, kind)
		var refused atomic.Int64
		onSample := func(s Sample) {
			if s.ErrKind == ErrKindInflightLimit && refused.Add(1) == 25 {
				close(release)
			}
		}
		r, err := Run(context.Background(), c, newFixedSource(c, []byte("ok")), RunConfig{Rate: 100, Duration: 300 * time.Millisecond, MaxInFlight: 5, OnSample: onSample})
		if err != nil {
			t.Fatal(err)
		}
		if r.OK != 5 || r.ErrorKinds[ErrKindInflightLimit] != 25 || r.Sent != 5 {
			t.Fatalf("ok %d sent %d kinds %v; want 5 sent and ok, and 25 inflight_limit", r.OK, r.Sent, r.ErrorKinds)
		}
	})
}

// Canceling the context stops the schedule: the source cancels while it makes request 20, and
// no request is scheduled after it.
func TestCancelStopsScheduling(t *testing.T) {
	t.Parallel()
	f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) { c.SetBodyString("ok") })
	c := newTestClient(t, f.URL)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	src := cancelingSource{newFixedSource(c, nil), 20, cancel}
	r, err := Run(ctx, c, src, RunConfig{Rate: 100, Duration: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if r.Scheduled != 21 || r.OK != 21 {
		t.Fatalf("scheduled %d, ok %d; want 21 (requests 0 to 20)", r.Scheduled, r.OK)
	}
}

// cancelingSource calls cancel when it makes request at.
type cancelingSource struct {
	*fixedSource
	at     int64
	cancel func()
}

func (s cancelingSource) Call(i int64, cold bool) (*Call, error) {
	if i == s.at {
		s.cancel()
	}
	return s.fixedSource.Call(i, cold)
}

func TestWarmupIsNotRecorded(t *testing.T) {
	t.Parallel()
	forEachClient(t, true, func(t *testing.T, kind string) {
		var n atomic.Int64
		f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) { n.Add(1); c.SetBodyString("ok") })
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
		f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
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
		f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
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
		if lat[3] < 20*time.Millisecond {
			t.Errorf("a request sent alone took %v; want at least 20 ms", lat[3])
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
	f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) { c.SetBodyString("ok") })
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
