package load

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"gpufn/bench/internal/human"
)

// Call is one request the generator sends.
type Call struct {
	// URI is the absolute URL, e.g. "http://127.0.0.1:8080/v1/functions/f/invoke".
	URI string
	// Body is sent as it is. It is shared by many requests and must never be modified.
	Body        []byte
	ContentType string
	// Accept, when set, is sent as the Accept header (gpufn answers a function of one output
	// with raw bytes when it is application/octet-stream).
	Accept string
	// Output names the output to check when the answer is a msgpack map; an answer of any
	// other content type is checked as it is.
	Output string
	// Check validates the output; nil accepts any 2xx answer.
	Check func(out []byte) error
	// ColdID, when positive, names the cold function the request goes to (a Source that picks
	// its own cold functions, as the dandelion workload does): the request counts as cold, and
	// the run counts the distinct ColdIDs answered successfully (RateResult.ColdFunctions).
	ColdID int64
}

// Source supplies the requests of a run. Call is called from the scheduler goroutine, in
// order; it must not block.
type Source interface {
	// Call returns the request for the i-th scheduled send (i counts from 0 within a run);
	// cold asks for a request whose function the server has never run.
	Call(i int64, cold bool) (*Call, error)
}

// ErrColdExhausted is returned by a Source (and counted as the error kind "cold_exhausted")
// when a cold request is asked for and every prepared cold function has been used.
var ErrColdExhausted = errors.New("bench: no unused cold function left (prepare more)")

// Error kinds counted in RateResult.ErrorKinds. A non-2xx status counts as "http_NNN".
const (
	ErrKindTimeout       = "timeout"        // no answer before the request's deadline
	ErrKindTransport     = "transport"      // connection refused, reset, or another I/O error
	ErrKindBadResponse   = "bad_response"   // a 2xx answer that could not be read
	ErrKindWrongOutput   = "wrong_output"   // a 2xx answer whose output differs from the reference
	ErrKindInflightLimit = "inflight_limit" // not sent: MaxInFlight requests were already out
	ErrKindColdExhausted = "cold_exhausted" // not sent: no unused cold function was left
	ErrKindSource        = "source"         // not sent: the Source failed
)

// RunConfig configures one open-loop run at one rate. The zero value of every field but Rate
// has a default, written beside it.
type RunConfig struct {
	// System and Workload label the result (and the progress line).
	System, Workload string
	// Rate is the offered load in requests per second. Required.
	Rate float64
	// Duration is the measured phase (default 5 s). The run sends round(Rate*Duration)
	// requests (constant spacing) and waits for all of them.
	Duration time.Duration
	// Warmup is an unrecorded phase at the same rate before the measured one, hot requests
	// only (default 0: none). It loads the hot function and opens connections.
	Warmup time.Duration
	// Poisson spaces requests by exponential gaps (a Poisson process) instead of constantly.
	Poisson bool
	// Seed seeds the Poisson gaps (default 1; the same seed gives the same schedule).
	Seed uint64
	// Offsets, when not empty, is the schedule itself: the intended send times of the measured
	// phase as offsets from its start, in order (for instance another load generator's actual
	// send times, to offer the server exactly the load that generator offered). Rate then only
	// labels the run and paces a warm-up, and Duration, when zero, becomes the last offset plus
	// one mean gap. Poisson is ignored.
	Offsets []time.Duration
	// Timeout is each request's deadline, counted from its intended send time (default 10 s).
	// A request not answered by then is a "timeout" error.
	Timeout time.Duration
	// ColdPercent is the share of requests that are cold, 0 to 100 (default 0: all hot).
	// Cold requests are spread evenly over the run.
	ColdPercent float64
	// MaxInFlight bounds the requests in flight (default 10000). A request scheduled while
	// that many are out is not sent, so that none ever waits for an earlier one; it counts as
	// an "inflight_limit" error.
	MaxInFlight int
	// ServerTimeout, when positive, is sent as X-Gpufn-Timeout (the server answers 504 once it
	// passes; it kills nothing).
	ServerTimeout time.Duration
	// SchedSpin is how long before each send time the scheduler stops sleeping and spins
	// (yielding the processor in a loop) so that the send is on time to the microsecond. The
	// default, 0, is the smaller of 2 ms and a quarter of the mean gap between sends (at
	// least 10 us): the sleep before it is a timerfd's, which ends to the microsecond, so a
	// short spin suffices, and at high rates the scheduler no longer keeps a core busy.
	// Where no timerfd can be made (not Linux), the scheduler spins for the last 2 ms.
	SchedSpin time.Duration
	// TagRequests adds X-Bench-Rate (the offered rate) and X-Bench-Seq (the request's index)
	// to every request, for servers that log them (and for the bench's own tests).
	TagRequests bool
	// Progress, when not nil, receives a progress line every ProgressEvery (default 1 s):
	// rewritten in place with \r, or as whole lines when ProgressLines is set.
	Progress      io.Writer
	ProgressEvery time.Duration
	ProgressLines bool
	// OnSample, when not nil, is called once per scheduled request of the measured phase,
	// from that request's goroutine (so concurrently).
	OnSample func(Sample)
	// ServerCPU, when not nil, reads the CPU time the server (and its workers) has used so
	// far; it is read when the measured phase starts and ends (RateResult.ServerCPUCores,
	// ServerCPUPerReqUS). ok false: not known.
	ServerCPU func() (cpu time.Duration, ok bool)
}

// Sample is what happened to one request.
type Sample struct {
	Index    int64
	Cold     bool
	Intended time.Time     // when it should have been sent
	Sent     time.Time     // when it was sent (zero if it was not)
	Latency  time.Duration // from Intended to the end of the answer (or of the failure)
	ErrKind  string        // "" on success
	Err      error
}

// Defaults fills in the defaults written beside the fields (Rate must be set) and checks the
// others; Run and ClosedLoop apply it to their copy of the config.
func (c *RunConfig) Defaults() error {
	if !(c.Rate > 0) || math.IsInf(c.Rate, 0) {
		return fmt.Errorf("bench: rate %v: want a positive number of requests per second", c.Rate)
	}
	for i, off := range c.Offsets {
		if off < 0 || (i > 0 && off < c.Offsets[i-1]) {
			return fmt.Errorf("bench: send offset %d (%v): offsets must be non-negative and in order", i, off)
		}
	}
	if n := len(c.Offsets); n > 0 && c.Duration <= 0 {
		c.Duration = c.Offsets[n-1] + time.Duration(float64(time.Second)/c.Rate)
	}
	if c.Duration <= 0 {
		c.Duration = 5 * time.Second
	}
	if c.Timeout <= 0 {
		c.Timeout = 10 * time.Second
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
	if c.ColdPercent < 0 || c.ColdPercent > 100 {
		return fmt.Errorf("bench: cold percent %v: want 0 to 100", c.ColdPercent)
	}
	if c.MaxInFlight <= 0 {
		c.MaxInFlight = 10000
	}
	if c.ProgressEvery <= 0 {
		c.ProgressEvery = time.Second
	}
	return nil
}

// schedule yields intended send offsets from the start of a phase.
type schedule struct {
	rate    float64
	poisson bool
	rng     *rand.Rand
	offsets []time.Duration // given offsets (RunConfig.Offsets): they are the schedule
	n       int64           // constant spacing: the number of sends
	end     time.Duration
	i       int64
	t       float64 // Poisson: seconds of the last send
}

func newSchedule(rate float64, d time.Duration, poisson bool, seed uint64, offsets []time.Duration) *schedule {
	s := &schedule{rate: rate, poisson: poisson, end: d}
	switch {
	case len(offsets) > 0:
		s.offsets, s.poisson = offsets, false
	case poisson:
		s.rng = rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	default:
		s.n = int64(math.Round(rate * d.Seconds()))
		if s.n < 1 {
			s.n = 1
		}
	}
	return s
}

// next returns the offset of the next send, or false when the phase is over. Constant
// spacing computes i/rate afresh each time, so no rounding error accumulates.
func (s *schedule) next() (time.Duration, bool) {
	if s.offsets != nil {
		if s.i >= int64(len(s.offsets)) {
			return 0, false
		}
		s.i++
		return s.offsets[s.i-1], true
	}
	if !s.poisson {
		if s.i >= s.n {
			return 0, false
		}
		off := time.Duration(float64(s.i) / s.rate * 1e9)
		s.i++
		return off, true
	}
	if s.i > 0 {
		s.t += s.rng.ExpFloat64() / s.rate
	}
	off := time.Duration(s.t * 1e9)
	if off >= s.end {
		return 0, false
	}
	s.i++
	return off, true
}

// isCold spreads cold requests evenly: request i is cold when floor((i+1)c) > floor(ic).
func isCold(i int64, coldPercent float64) bool {
	if coldPercent <= 0 {
		return false
	}
	c := coldPercent / 100
	return math.Floor(float64(i+1)*c+1e-9) > math.Floor(float64(i)*c+1e-9)
}

// recorder collects a phase's outcomes.
type recorder struct {
	mu         sync.Mutex
	all        *hdrhistogram.Histogram // successful requests, us from the intended send time
	hot, cold  *hdrhistogram.Histogram
	thirds     [3]*hdrhistogram.Histogram // by intended send time within the phase
	coldIDs    map[int64]struct{}         // Call.ColdID of successful answers
	lag        *hdrhistogram.Histogram    // actual minus intended send time, us
	stages     stageAgg
	errKinds   map[string]int64
	errSamples map[string]string
	ok         int64
	coldSent   int64
	lastDone   time.Time

	scheduled, sent, done, errs atomic.Int64
}

func newRecorder() *recorder {
	return &recorder{all: NewLatencyHist(), hot: NewLatencyHist(), cold: NewLatencyHist(), lag: NewLatencyHist(),
		thirds:   [3]*hdrhistogram.Histogram{NewLatencyHist(), NewLatencyHist(), NewLatencyHist()},
		errKinds: map[string]int64{}, errSamples: map[string]string{}, coldIDs: map[int64]struct{}{}}
}

func (r *recorder) fail(kind string, err error, end time.Time) {
	r.errs.Add(1)
	r.done.Add(1)
	r.mu.Lock()
	r.errKinds[kind]++
	if _, ok := r.errSamples[kind]; !ok && err != nil {
		msg := err.Error()
		if len(msg) > 300 {
			msg = msg[:300] + "..."
		}
		r.errSamples[kind] = msg
	}
	if end.After(r.lastDone) {
		r.lastDone = end
	}
	r.mu.Unlock()
}

func (r *recorder) succeed(lat time.Duration, cold bool, third int, coldID int64, timings []ServerTiming, end time.Time) {
	r.done.Add(1)
	r.mu.Lock()
	r.ok++
	RecordUS(r.all, lat)
	RecordUS(r.thirds[third], lat)
	if coldID > 0 {
		r.coldIDs[coldID] = struct{}{}
	}
	if cold {
		RecordUS(r.cold, lat)
	} else {
		RecordUS(r.hot, lat)
	}
	r.stages.add(timings)
	if end.After(r.lastDone) {
		r.lastDone = end
	}
	r.mu.Unlock()
}

func (r *recorder) sentAt(lag time.Duration, cold bool) {
	r.sent.Add(1)
	r.mu.Lock()
	RecordUS(r.lag, lag)
	if cold {
		r.coldSent++
	}
	r.mu.Unlock()
}

// phase is one open-loop phase (warm-up or measured) in progress.
type phase struct {
	cfg      *RunConfig
	c        *Client
	ex       exchanger
	src      Source
	rec      *recorder
	measured bool
	rateStr  string
	// start is when the phase began; closedN, when positive, is a closed loop's count of
	// requests (its thirds are by index, not by time).
	start    time.Time
	closedN  int64
	inflight atomic.Int64
	wg       sync.WaitGroup
	// idle hands requests to goroutines that finished theirs and wait for another (a send
	// succeeds only if one is waiting: a request never queues); quit ends them.
	idle chan job
	quit chan struct{}
}

// job is one request handed to a sending goroutine.
type job struct {
	i        int64
	cold     bool
	call     *Call
	intended time.Time
}

// Run drives src at cfg.Rate against the server of c: an optional warm-up phase, then the
// measured phase, each open-loop. It returns when every request of the measured phase has
// been answered or has failed; canceling ctx stops scheduling early (the result then covers
// what was sent). An error is returned only for a bad configuration.
func Run(ctx context.Context, c *Client, src Source, cfg RunConfig) (*RateResult, error) {
	if err := cfg.Defaults(); err != nil {
		return nil, err
	}
	if cfg.Warmup > 0 {
		w := cfg
		w.Duration, w.ColdPercent, w.OnSample, w.Offsets = cfg.Warmup, 0, nil, nil
		p := newPhase(&w, c, src, false)
		p.run(ctx, "warm-up")
	}
	p := newPhase(&cfg, c, src, true)
	cpu0, steal0 := processCPU(), machineSteal()
	srv0, srvOK := serverCPU(cfg.ServerCPU)
	start, end := p.run(ctx, "")
	cpu, steal := processCPU()-cpu0, machineSteal()-steal0
	srv1, srvOK1 := serverCPU(cfg.ServerCPU)
	r := p.result(start, end)
	if r.WindowS > 0 {
		r.GeneratorCPU = human.Round(cpu.Seconds()/r.WindowS, 3)
		r.StealCores = human.Round(steal.Seconds()/r.WindowS, 3)
	}
	if srvOK && srvOK1 {
		r.setServerCPU(srv1 - srv0)
	}
	r.SpinWaitMS, r.HTTPClient = float64(c.SpinWait())/1e6, c.HTTPClient()
	return r, nil
}

func newPhase(cfg *RunConfig, c *Client, src Source, measured bool) *phase {
	return &phase{cfg: cfg, c: c, ex: c.load, src: src, rec: newRecorder(), measured: measured,
		rateStr: strconv.FormatFloat(cfg.Rate, 'f', -1, 64), idle: make(chan job), quit: make(chan struct{})}
}

// processCPU is the CPU time (user and system) this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// run schedules and waits for one phase; it returns the phase's start and the end of its
// measurement window.
func (p *phase) run(ctx context.Context, note string) (time.Time, time.Time) {
	cfg := p.cfg
	stopProgress := p.progress(note)
	sched := newSchedule(cfg.Rate, cfg.Duration, cfg.Poisson, cfg.Seed, cfg.Offsets)
	wt := newWaiter(cfg.Rate, cfg.SchedSpin)
	defer wt.close()
	start := time.Now()
	p.start = start
	var i int64
	for {
		off, ok := sched.next()
		if !ok {
			break
		}
		intended := start.Add(off)
		if !wt.until(ctx, intended) {
			break
		}
		p.fire(i, intended)
		i++
	}
	p.wg.Wait()
	close(p.quit)
	stopProgress()
	end := start.Add(cfg.Duration)
	p.rec.mu.Lock()
	if p.rec.lastDone.After(end) {
		end = p.rec.lastDone
	}
	p.rec.mu.Unlock()
	return start, end
}

// waiter waits for the intended send times of a phase: on a Go timer while the send is far
// away, then on a timerfd (preciseSleeper) until spin before it, then yielding the processor
// in a loop (runtime.Gosched) until it is due, so sends are late by microseconds, not by the
// timer's granularity (when every processor is idle, the Go runtime's timers sleep in
// epoll_wait, whose timeout is whole milliseconds: a shorter sleep can end up to a
// millisecond late). Lateness is not hidden either way (latency counts from the intended time,
// and SendLag reports it), but it would inflate the latencies of low rates.
type waiter struct {
	timer   *time.Timer
	precise *preciseSleeper
	spin    time.Duration
}

const (
	// legacySpin is the spin without a timerfd: a Go timer cannot be trusted closer than that.
	legacySpin = 2 * time.Millisecond
	// minSleep is the shortest timerfd sleep: below it, the system calls and the wake-up cost
	// more than spinning.
	minSleep = 20 * time.Microsecond
)

// newWaiter returns a waiter for a phase at rate; spin > 0 fixes the spin (see
// RunConfig.SchedSpin).
func newWaiter(rate float64, spin time.Duration) *waiter {
	w := &waiter{timer: time.NewTimer(time.Hour), precise: newPreciseSleeper(), spin: spin}
	switch {
	case w.precise == nil:
		w.spin = legacySpin
	case spin <= 0:
		w.spin = min(legacySpin, max(time.Duration(float64(time.Second)/rate/4), 10*time.Microsecond))
	}
	return w
}

func (w *waiter) close() {
	w.timer.Stop()
	if w.precise != nil {
		w.precise.close()
	}
}

// until waits for t; it returns false if ctx ends first.
func (w *waiter) until(ctx context.Context, t time.Time) bool {
	const late = time.Millisecond // how late a Go timer can end
	for {
		if ctx.Err() != nil {
			return false
		}
		d := time.Until(t)
		var coarse time.Duration // > 0: sleep that long on the Go timer
		switch {
		case d <= 0:
			return true
		case w.precise == nil:
			if d <= w.spin+late {
				runtime.Gosched()
				continue
			}
			coarse = d - w.spin
		case d > w.spin+3*late:
			coarse = d - w.spin - 2*late
		case d > w.spin+minSleep:
			w.precise.sleep(d - w.spin)
			continue
		default:
			runtime.Gosched()
			continue
		}
		w.timer.Reset(coarse)
		select {
		case <-ctx.Done():
			return false
		case <-w.timer.C:
		}
	}
}

// ClosedLoop sends src's requests through the load generator's own request path (phase.do:
// headers, send, read, output check, Server-Timing, recorder), conns at a time, each of the
// conns goroutines sending its next request when its last one is answered: n requests in all
// when n > 0, else for cfg.Duration. Latency counts from each request's send. The result's
// Offered is 0 and its Achieved the answers per second; GeneratorCPU is set.
func ClosedLoop(ctx context.Context, c *Client, src Source, cfg RunConfig, conns int, n int64) *RateResult {
	cfg.Rate = 1 // unused; for the defaults
	_ = cfg.Defaults()
	p := newPhase(&cfg, c, src, true)
	var next atomic.Int64
	var wg sync.WaitGroup
	srv0, srvOK := serverCPU(cfg.ServerCPU)
	cpu0, start := processCPU(), time.Now()
	p.start, p.closedN = start, n
	stop := start.Add(cfg.Duration)
	for g := 0; g < max(conns, 1); g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := next.Add(1) - 1
				if (n > 0 && i >= n) || (n <= 0 && !time.Now().Before(stop)) {
					return
				}
				p.rec.scheduled.Add(1)
				call, err := p.src.Call(i, false)
				if err != nil {
					p.record(i, false, time.Now(), time.Time{}, time.Now(), ErrKindSource, err)
					continue
				}
				p.inflight.Add(1)
				p.wg.Add(1)
				p.do(job{i: i, call: call, intended: time.Now()})
			}
		}()
	}
	wg.Wait()
	end, cpu := time.Now(), processCPU()-cpu0
	srv1, srvOK1 := serverCPU(cfg.ServerCPU)
	r := p.result(start, end)
	r.Offered, r.DurationS, r.Conns = 0, end.Sub(start).Seconds(), max(conns, 1)
	if r.WindowS > 0 {
		r.GeneratorCPU = human.Round(cpu.Seconds()/r.WindowS, 3)
	}
	if srvOK && srvOK1 {
		r.setServerCPU(srv1 - srv0)
	}
	r.SpinWaitMS, r.HTTPClient = float64(c.SpinWait())/1e6, c.HTTPClient()
	return r
}

// fire sends request i on a goroutine of its own (an idle sender, else a new one), unless
// MaxInFlight are already out.
func (p *phase) fire(i int64, intended time.Time) {
	rec := p.rec
	rec.scheduled.Add(1)
	cold := p.measured && isCold(i, p.cfg.ColdPercent)
	call, err := p.src.Call(i, cold)
	if err == nil && call.ColdID > 0 {
		cold = true
	}
	if err != nil {
		kind := ErrKindSource
		if errors.Is(err, ErrColdExhausted) {
			kind = ErrKindColdExhausted
		}
		p.record(i, cold, intended, time.Time{}, time.Now(), kind, err)
		return
	}
	if p.inflight.Load() >= int64(p.cfg.MaxInFlight) {
		p.record(i, cold, intended, time.Time{}, time.Now(), ErrKindInflightLimit,
			fmt.Errorf("%d requests already in flight (--max-inflight)", p.cfg.MaxInFlight))
		return
	}
	p.inflight.Add(1)
	p.wg.Add(1)
	j := job{i: i, cold: cold, call: call, intended: intended}
	select {
	case p.idle <- j:
	default:
		go p.sender(j)
	}
}

// sender sends j, then the requests handed to it while it waits, until the phase ends. Reusing
// goroutines spares each request a new goroutine and the growth of its stack (fasthttp's
// request path needs more than a new goroutine's), which cost about 8% of the generator's CPU
// at 5000 requests/s.
func (p *phase) sender(j job) {
	for {
		p.do(j)
		select {
		case j = <-p.idle:
		case <-p.quit:
			return
		}
	}
}

func (p *phase) record(i int64, cold bool, intended, sent, end time.Time, kind string, err error) {
	if kind == "" {
		return
	}
	p.rec.fail(kind, err, end)
	if p.cfg.OnSample != nil && p.measured {
		p.cfg.OnSample(Sample{Index: i, Cold: cold, Intended: intended, Sent: sent, Latency: end.Sub(intended), ErrKind: kind, Err: err})
	}
}

// do sends request j through the client's exchanger and records its outcome.
func (p *phase) do(j job) {
	defer p.wg.Done()
	defer p.inflight.Add(-1)
	p.ex.exchange(p, j)
}

// sending records that request j goes out now and returns the time.
func (p *phase) sending(j job) time.Time {
	sent := time.Now()
	p.rec.sentAt(sent.Sub(j.intended), j.cold)
	return sent
}

// deadline is request j's deadline: the run's timeout after its intended send time.
func (p *phase) deadline(j job) time.Time { return j.intended.Add(p.cfg.Timeout) }

// finish records the outcome of request j, sent at sent (zero if it was not) and over at end:
// a failure of the kind (with err), or, when kind is "", a success with the server's timings.
// Latency counts from the intended send time either way.
func (p *phase) finish(j job, sent, end time.Time, kind string, err error, timings []ServerTiming) {
	if kind != "" {
		p.record(j.i, j.cold, j.intended, sent, end, kind, err)
		return
	}
	p.rec.succeed(end.Sub(j.intended), j.cold, p.third(j), j.call.ColdID, timings, end)
	if p.cfg.OnSample != nil && p.measured {
		p.cfg.OnSample(Sample{Index: j.i, Cold: j.cold, Intended: j.intended, Sent: sent, Latency: end.Sub(j.intended)})
	}
}

// third is the third of the phase request j belongs to (0, 1 or 2): by its intended send
// time within the phase's duration, or by index in a closed loop of a set count.
func (p *phase) third(j job) int {
	var t int
	if p.closedN > 0 {
		t = int(3 * j.i / p.closedN)
	} else if d := p.cfg.Duration; d > 0 {
		t = int(3 * j.intended.Sub(p.start) / d)
	}
	return min(max(t, 0), 2)
}

// serverCPU reads f (false when f is nil).
func serverCPU(f func() (time.Duration, bool)) (time.Duration, bool) {
	if f == nil {
		return 0, false
	}
	return f()
}

// setServerCPU records the server's CPU time over the run.
func (r *RateResult) setServerCPU(d time.Duration) {
	if r.WindowS > 0 {
		r.ServerCPUCores = human.Round(d.Seconds()/r.WindowS, 3)
	}
	if r.OK > 0 {
		r.ServerCPUPerReqUS = human.Round(d.Seconds()/float64(r.OK)*1e6, 1)
	}
}

// progress starts the progress goroutine; the returned function stops it (and clears a line
// that was rewritten in place).
func (p *phase) progress(note string) func() {
	w := p.cfg.Progress
	if w == nil {
		return func() {}
	}
	label := p.cfg.System
	if p.cfg.Workload != "" {
		label += " " + p.cfg.Workload
	}
	if note != "" {
		label += " (" + note + ")"
	}
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(p.cfg.ProgressEvery)
		defer t.Stop()
		for {
			select {
			case <-quit:
				if !p.cfg.ProgressLines {
					fmt.Fprint(w, "\r\033[K")
				}
				return
			case <-t.C:
				p.rec.mu.Lock()
				p50, p99 := p.rec.all.ValueAtQuantile(50), p.rec.all.ValueAtQuantile(99)
				p.rec.mu.Unlock()
				line := fmt.Sprintf("%s  %.0f/s  sent %d  done %d  errors %d  p50 %s  p99 %s",
					label, p.cfg.Rate, p.rec.sent.Load(), p.rec.done.Load(), p.rec.errs.Load(), fmtUS(p50), fmtUS(p99))
				if p.cfg.ProgressLines {
					fmt.Fprintln(w, line)
				} else {
					fmt.Fprint(w, "\r\033[K"+line)
				}
			}
		}
	}()
	return func() { close(quit); <-done }
}

// fmtUS formats microseconds for people.
func fmtUS(us int64) string {
	switch {
	case us >= 10_000_000:
		return fmt.Sprintf("%.1fs", float64(us)/1e6)
	case us >= 10_000:
		return fmt.Sprintf("%.1fms", float64(us)/1e3)
	case us >= 1000:
		return fmt.Sprintf("%.2fms", float64(us)/1e3)
	}
	return fmt.Sprintf("%dus", us)
}

// result summarizes the measured phase.
func (p *phase) result(start, end time.Time) *RateResult {
	rec := p.rec
	rec.mu.Lock()
	defer rec.mu.Unlock()
	cfg := p.cfg
	window := end.Sub(start).Seconds()
	r := &RateResult{
		System:      cfg.System,
		Workload:    cfg.Workload,
		Offered:     cfg.Rate,
		Poisson:     cfg.Poisson,
		ColdPercent: cfg.ColdPercent,
		DurationS:   cfg.Duration.Seconds(),
		WindowS:     window,
		TimeoutS:    cfg.Timeout.Seconds(),
		Started:     start.UTC(),
		Scheduled:   rec.scheduled.Load(),
		Sent:        rec.sent.Load(),
		ColdSent:    rec.coldSent,
		OK:          rec.ok,
		Errors:      rec.errs.Load(),
		Latency:     SummarizeUS(rec.all),
		SendLag:     SummarizeUS(rec.lag),
		Stages:      rec.stages.stats(),
		BatchSizes:  rec.stages.batchSizes(),
		LatencyHist: EncodeHist(rec.all),
	}
	if window > 0 {
		r.Achieved = float64(rec.ok) / window
	}
	if r.Scheduled > 0 {
		r.ErrorRate = float64(r.Errors) / float64(r.Scheduled)
	}
	if len(rec.errKinds) > 0 {
		r.ErrorKinds = rec.errKinds
		r.ErrorSamples = rec.errSamples
	}
	if rec.cold.TotalCount() > 0 {
		h, c := SummarizeUS(rec.hot), SummarizeUS(rec.cold)
		r.Hot, r.Cold = &h, &c
	}
	if rec.ok > 0 {
		r.P50Thirds = make([]float64, 3)
		for k, h := range rec.thirds {
			if h.TotalCount() > 0 {
				r.P50Thirds[k] = SummarizeUS(h).P50
			}
		}
	}
	if n := len(rec.coldIDs); n > 0 {
		r.ColdFunctions = int64(n)
		if window > 0 {
			r.ColdFunctionsPerS = human.Round(float64(n)/window, 1)
		}
	}
	return r
}
