package engine

import (
	"context"
	"fmt"
	"gpufn/call"
	"gpufn/shm"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"gpufn/worker"
)

// Mode is how an engine uses its GPU.
type Mode string

// Engine modes.
const (
	// Sequential: one worker owns the whole GPU and runs one invocation at a time.
	Sequential Mode = "sequential"
	// Concurrent: N workers share the GPU, each with 1/N of its memory.
	Concurrent Mode = "concurrent"
	// Auto: Concurrent, and an invocation that needs more memory than one worker's share runs
	// alone with the GPU's whole memory: the workers give their pools back, an extra worker
	// takes the whole memory for it, and the workers take their shares again afterwards.
	Auto Mode = "auto"
)

// Policy is how an idle worker goroutine waits for work.
type Policy string

// Polling policies.
const (
	// PolicyHybrid spins for Config.SpinFor, then parks (the default). It spins only on hosts
	// with at least HybridMinCPUs cores: on fewer, a spinner starves the very processes it
	// waits for (2 cores, serial invocations: p50 46 us parking at once, 236 us spinning 50 us).
	PolicyHybrid Policy = "hybrid"
	// PolicySpin never parks: lowest latency, one busy core per idle worker.
	PolicySpin Policy = "spin"
	// PolicyBlock parks at once: no CPU while idle, a wake-up on each invocation.
	PolicyBlock Policy = "block"
)

// HybridMinCPUs is the fewest cores on which the hybrid policy spins at all.
const HybridMinCPUs = 8

// ParsePolicy parses a polling policy name.
func ParsePolicy(s string) (Policy, error) {
	switch p := Policy(s); p {
	case PolicyHybrid, PolicySpin, PolicyBlock:
		return p, nil
	}
	return "", fmt.Errorf("unknown polling policy %q (spin, block or hybrid)", s)
}

// Config configures an Engine. Zero values take the defaults written beside each field.
type Config struct {
	// Name names the engine in logs and stats, e.g. "cuda0".
	Name string
	// Device kind and ordinal of the GPU this engine serves.
	Device  string
	Ordinal int
	// Mode: Sequential (default) or Concurrent.
	Mode Mode
	// Workers is the number of worker processes in Concurrent and Auto mode (default 4);
	// Sequential always has one.
	Workers int
	// PoolBytes is each worker's device pool (0: Sequential takes the free memory less the
	// worker's reserve; Concurrent takes 1/Workers of the GPU's usable memory, see
	// UsableBytes).
	PoolBytes uint64
	// UsableBytes is the GPU's memory available to pools (from the probe); Concurrent mode
	// divides it among its workers when PoolBytes is 0.
	UsableBytes uint64
	// ContextBytes is the size of each worker's shared-memory context (default 64 MiB): the
	// largest inputs plus outputs of one invocation.
	ContextBytes int
	// QueueDepth bounds the queued invocations (default QueueDepthPerWorker times Workers: the
	// same wait at a full queue whatever the number of workers, since N workers drain it about
	// N times as fast; a fixed depth would make a concurrent engine refuse, with 429, a burst
	// that the sequential engine absorbs).
	QueueDepth int
	// TenantShare is the fraction of QueueDepth one tenant's queued invocations may take
	// (0 or 1: no per-tenant bound), so that one tenant cannot fill the queue for everyone.
	TenantShare float64
	// Policy and SpinFor: how idle workers wait (default hybrid, 50 us).
	Policy  Policy
	SpinFor time.Duration
	// ParkPipelined says when, under the hybrid policy, a busy slot whose worker already has
	// the next request waiting behind the running one parks until the reply comes instead of
	// spinning for it: ParkAuto (the default), ParkAlways or ParkNever. The worker stays busy
	// until then and the slot has nothing to send meanwhile (both contexts are in flight), so
	// the spin buys only a prompter answer, for a core and a Go processor that the handlers
	// and the other workers need when the host is short of cores. A slot with one request in
	// flight always spins (its answer is on the critical path of an idle-ish server).
	ParkPipelined ParkPolicy
	// Timeout is the deadline of an invocation that has none (default 30 s).
	Timeout time.Duration
	// Binary and Args start a worker: Binary Args... --device ... (default: this executable,
	// ["worker"]).
	Binary string
	Args   []string
	// Env is added to every worker's environment (under MPS: the pipe and log directories and
	// the per-worker memory cap).
	Env []string
	// WholeEnv is the environment of the Auto mode's whole-GPU worker (under MPS: without the
	// memory cap).
	WholeEnv []string
	// SharedFaultDomain: one worker's fault, or the kill of one overrunning worker, takes down
	// every worker of the GPU (true under MPS). The engine then restarts them all, runs each
	// invocation that was in flight again, alone, and answers only the one that fails again.
	SharedFaultDomain bool
	// StartTimeout bounds a worker's start (default 60 s).
	StartTimeout time.Duration
	// StopGrace is how long a stopping worker may take before it is killed (default 5 s).
	StopGrace time.Duration
	// QuarantineAfter is how many faults or overruns in a row quarantine a function (default 3).
	QuarantineAfter int
	// NoGraphs turns the workers' launch graphs off (worker.ExecutorOptions.NoGraphs).
	NoGraphs bool
	// NoPipeline turns pipelining off: by default each worker has two shared-memory contexts,
	// and while it runs one invocation its slot prepares the next queued one (whose code the
	// worker has) in the other and sends it, so the worker never waits for the server's copies.
	NoPipeline bool
	// NoInline makes SubmitInline queue every invocation, as Submit does: by default an
	// invocation that finds a worker idle and nothing queued is run by the submitting goroutine.
	NoInline bool
	// NoWatch turns off prefetch while spinning: a busy slot then looks at the queue for the
	// next invocation to pipeline only between replies, not while it spins for one.
	NoWatch bool
	// Start starts a worker (default StartProcess: a process running Binary Args...). The
	// scheduler's tests start in-process fakes.
	Start Starter
	// LogLevel is passed to workers; Log receives the engine's and the workers' logs.
	LogLevel string
	Log      *zap.Logger
}

// QueueDepthPerWorker is the default queue depth per worker (Config.QueueDepth).
const QueueDepthPerWorker = 1024

// ParkPolicy is Config.ParkPipelined.
type ParkPolicy string

const (
	// ParkAuto parks pipelined slots when busy spinners would outnumber the host's cores: each
	// busy worker has two (its slot's reply spin in the server, and the worker process's own
	// wait for the GPU, a spin in the CUDA driver), so it parks when 2 x Workers exceeds the
	// CPUs this process may use. Measured on the H100 machine (12 server cores, matmul
	// overloaded): with 4 workers spinning gave 26.4-26.8k/s and parking 25.7-25.8k/s; with 8
	// workers spinning gave 25.0-25.3k/s and parking 29.3-30.8k/s (docs/engines.md).
	ParkAuto ParkPolicy = "auto"
	// ParkAlways parks a slot whenever its worker has a request waiting, under the spin
	// policy too.
	ParkAlways ParkPolicy = "always"
	// ParkNever always spins for a reply (until the reply spin's budget ends).
	ParkNever ParkPolicy = "never"
)

// ParsePark parses a park policy: auto, always or never.
func ParsePark(s string) (ParkPolicy, error) {
	switch p := ParkPolicy(s); p {
	case ParkAuto, ParkAlways, ParkNever:
		return p, nil
	}
	return "", fmt.Errorf("unknown park policy %q (auto, always or never)", s)
}

// parkPipelined applies the park policy to the polling policy, the engine's size and the
// host's cores: ParkAuto parks only under the hybrid policy (PolicySpin asks for spinning);
// ParkAlways parks under any policy that spins.
func (c *Config) parkPipelined() bool {
	switch {
	case c.Policy == PolicyBlock || c.ParkPipelined == ParkNever:
		return false
	case c.ParkPipelined == ParkAlways:
		return true
	}
	return c.Policy == PolicyHybrid && 2*c.Workers > runtime.GOMAXPROCS(0)
}

func (c *Config) defaults() error {
	if c.Mode == "" {
		c.Mode = Sequential
	}
	switch c.Mode {
	case Sequential:
		c.Workers = 1
	case Concurrent, Auto:
		if c.Workers <= 0 {
			c.Workers = 4
		}
	default:
		return fmt.Errorf("engine: unknown mode %q", c.Mode)
	}
	if c.Name == "" {
		c.Name = fmt.Sprintf("%s%d", c.Device, c.Ordinal)
	}
	if c.ContextBytes <= 0 {
		c.ContextBytes = 64 << 20
	}
	if c.QueueDepth <= 0 {
		c.QueueDepth = QueueDepthPerWorker * c.Workers
	}
	if c.ParkPipelined == "" {
		c.ParkPipelined = ParkAuto
	}
	if _, err := ParsePark(string(c.ParkPipelined)); err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	if c.Policy == "" {
		c.Policy = PolicyHybrid
	}
	if c.SpinFor <= 0 {
		c.SpinFor = 50 * time.Microsecond
	}
	if c.Policy == PolicyHybrid && runtime.NumCPU() < HybridMinCPUs {
		c.SpinFor = 0
	}
	if c.Timeout <= 0 {
		c.Timeout = 30 * time.Second
	}
	if c.Binary == "" {
		exe, err := executable()
		if err != nil {
			return fmt.Errorf("engine: finding the worker binary: %w", err)
		}
		c.Binary, c.Args = exe, []string{"worker"}
	}
	if c.Start == nil {
		c.Start = StartProcess
	}
	if c.StartTimeout <= 0 {
		c.StartTimeout = 60 * time.Second
	}
	if c.StopGrace <= 0 {
		c.StopGrace = 5 * time.Second
	}
	if c.QuarantineAfter <= 0 {
		c.QuarantineAfter = 3
	}
	if c.Log == nil {
		c.Log = zap.NewNop()
	}
	if c.Mode != Sequential && c.PoolBytes == 0 && c.UsableBytes > 0 {
		c.PoolBytes = c.UsableBytes / uint64(c.Workers)
	}
	if c.Mode == Auto && (c.PoolBytes == 0 || c.UsableBytes == 0) {
		return fmt.Errorf("engine: auto mode needs PoolBytes and UsableBytes")
	}
	return nil
}

// Engine serves one GPU. See the package documentation.
type Engine struct {
	cfg Config
	log *zap.Logger

	mu        sync.Mutex
	queue     ring
	idle      []*slot // LIFO: the last one to go idle runs next
	draining  bool
	running   int            // invocations taken by slots and not yet finished
	exclusive bool           // an invocation runs alone
	gen       uint64         // teardowns of the fault domain so far
	perTenant map[string]int // queued invocations by tenant (when TenantShare applies)
	share     int            // the most one tenant may have queued
	// parkPipelined: busy slots with a request behind the running one park for the reply
	// (Config.ParkPipelined applied to this host and the polling policy).
	parkPipelined bool

	slots []*slot
	big   *slot // Auto mode: the whole-GPU worker, used only by the holder of exclusive
	quit  chan struct{}
	wg    sync.WaitGroup
	once  sync.Once

	stats stats
}

type stats struct {
	submitted, completed, failed, rejected, restarts atomic.Uint64
	reruns, whole, teardowns, pipelined, inline      atomic.Uint64
	// queued counts the invocations Submit and SubmitInline queued (not those run inline):
	// what a busy slot's watch looks for.
	queued atomic.Uint64
	up     atomic.Int32
}

// New starts an engine and its workers (in the background: Ready reports when they are up).
func New(cfg Config) (*Engine, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	e := &Engine{
		cfg:       cfg,
		log:       cfg.Log.With(zap.String("engine", cfg.Name)),
		queue:     newRing(cfg.QueueDepth),
		quit:      make(chan struct{}),
		perTenant: map[string]int{},
		share:     cfg.QueueDepth,
	}
	e.parkPipelined = cfg.parkPipelined()
	if cfg.TenantShare > 0 && cfg.TenantShare < 1 {
		e.share = max(1, int(cfg.TenantShare*float64(cfg.QueueDepth)))
	}
	for i := 0; i < cfg.Workers; i++ {
		s := &slot{e: e, idx: i, in: make(chan *call.Invocation, 1)}
		s.watching = !cfg.NoWatch
		s.id = fmt.Sprintf("%s-w%d", cfg.Name, i)
		e.slots = append(e.slots, s)
	}
	if cfg.Mode == Auto {
		e.big = &slot{e: e, idx: -1, id: cfg.Name + "-whole", in: make(chan *call.Invocation, 1), noPool: true, env: cfg.WholeEnv}
		e.big.watching = true
	}
	for _, s := range e.slots {
		e.wg.Add(1)
		go s.loop()
	}
	e.wg.Add(1)
	go e.janitor()
	return e, nil
}

// Config returns the engine's configuration, defaults applied.
func (e *Engine) Config() Config { return e.cfg }

// Name names the engine in logs and messages (Config.Name).
func (e *Engine) Name() string { return e.cfg.Name }

// ContextBytes is the size of each worker's shared-memory context (Config.ContextBytes).
func (e *Engine) ContextBytes() int { return e.cfg.ContextBytes }

// IOCapacity is how many bytes of inputs and outputs together fit a worker's context for a
// function with that many outputs: the context less the output area's alignment and the
// outputs' length words.
func (e *Engine) IOCapacity(outputs int) uint64 {
	fixed := uint64(shm.OutputAlign) + 8*uint64(outputs)
	if c := uint64(e.cfg.ContextBytes); c > fixed {
		return c - fixed
	}
	return 0
}

// Submit queues inv (or hands it to an idle worker). It never blocks. inv.Deadline, if zero,
// becomes now + Config.Timeout. The result arrives on inv.Done.
func (e *Engine) Submit(inv *call.Invocation) error {
	e.admitted(inv)
	e.mu.Lock()
	if err := e.refuseLocked(inv); err != nil {
		e.mu.Unlock()
		return err
	}
	e.queueLocked(inv)
	e.mu.Unlock()
	e.stats.submitted.Add(1)
	return nil
}

// SubmitInline is Submit, except that when a worker is idle, its goroutine parked (past the
// polling policy's spin) and nothing is queued (nothing runs alone either), the calling
// goroutine runs inv on that worker itself and returns once inv is answered (or, after a
// GPU-wide fault under a shared fault domain, queued to run again alone): no hand-off to the
// worker's goroutine and back, each a thread wake-up on an idle host, and the inputs are copied
// into the worker's context by the goroutine that just read them. Otherwise, and with
// Config.NoInline, it queues inv as Submit does. Either way the result arrives on inv.Done.
//
// An invocation run inline is never sent behind another, and none is sent behind it
// (pipelining is for queued ones): so it is kept to a worker whose goroutine has parked, which
// under load (a goroutine that spins between invocations, as the hybrid policy's do on hosts of
// 8 or more cores) leaves the queue and its pipelining to the slot goroutines. With the spin
// policy no invocation runs inline; with block, every one that finds a worker idle does.
func (e *Engine) SubmitInline(inv *call.Invocation) error {
	if e.cfg.NoInline {
		return e.Submit(inv)
	}
	e.admitted(inv)
	e.mu.Lock()
	if err := e.refuseLocked(inv); err != nil {
		e.mu.Unlock()
		return err
	}
	if inv.Sched.Exclusive || e.exclusive || e.queue.len() > 0 || len(e.idle) == 0 || !e.idle[len(e.idle)-1].lendable() {
		e.queueLocked(inv)
		e.mu.Unlock()
		e.stats.submitted.Add(1)
		return nil
	}
	s := e.idle[len(e.idle)-1]
	e.idle = e.idle[:len(e.idle)-1]
	e.running++
	s.lent.Store(true)
	e.mu.Unlock()
	e.stats.submitted.Add(1)
	e.stats.inline.Add(1)
	s.runLent(inv)
	return nil
}

// admitted stamps inv on its way in: its deadline (now + Config.Timeout if none), when it
// entered, and whether it needs the whole GPU (Auto mode).
func (e *Engine) admitted(inv *call.Invocation) {
	now := time.Now()
	if inv.Deadline.IsZero() {
		inv.Deadline = now.Add(e.cfg.Timeout)
	}
	inv.Sched.Enqueued = now
	inv.Sched.Timeout = inv.Deadline.Sub(now)
	if e.cfg.Mode == Auto && inv.Need > e.cfg.PoolBytes {
		inv.Sched.Whole, inv.Sched.Exclusive = true, true
	}
}

// refuseLocked says why inv cannot be taken now (draining, the queue or the tenant's share of
// it full), counting the refusal; nil when it can.
func (e *Engine) refuseLocked(inv *call.Invocation) error {
	var err error
	switch {
	case e.draining:
		err = call.ErrDraining
	case e.queue.len() >= e.cfg.QueueDepth:
		err = call.ErrQueueFull
	case e.perTenant[inv.Tenant] >= e.share:
		err = call.ErrTenantShare
	default:
		return nil
	}
	e.stats.rejected.Add(1)
	return err
}

// queueLocked queues inv and hands what it can to idle slots.
func (e *Engine) queueLocked(inv *call.Invocation) {
	e.stats.queued.Add(1)
	e.queue.push(inv)
	inv.Sched.Counted = true
	e.perTenant[inv.Tenant]++
	e.kickLocked()
}

// kickLocked hands queued invocations to idle slots, the most recently idle first. An
// exclusive invocation at the head waits until nothing else runs, and then runs alone.
func (e *Engine) kickLocked() {
	for len(e.idle) > 0 && e.queue.len() > 0 && !e.exclusive {
		if head := e.queue.peek(); head.Sched.Exclusive {
			if e.running > 0 {
				return
			}
			e.exclusive = true
		}
		inv := e.popLocked()
		s := e.idle[len(e.idle)-1]
		e.idle = e.idle[:len(e.idle)-1]
		e.running++
		s.in <- inv // capacity 1, and an idle slot's channel is empty: never blocks
	}
}

// MaxNeed is the most device memory one invocation may need on this engine: a worker's pool,
// or in Auto mode the GPU's usable memory. 0 when not known yet (no worker up).
func (e *Engine) MaxNeed() uint64 {
	if e.cfg.Mode == Auto {
		return e.cfg.UsableBytes
	}
	if h := e.Hello(); h != nil {
		return h.PoolBytes
	}
	return 0
}

// popLocked takes the head of the queue and counts it off its tenant's share.
func (e *Engine) popLocked() *call.Invocation {
	inv := e.queue.pop()
	if inv != nil {
		e.uncount(inv)
	}
	return inv
}

func (e *Engine) uncount(inv *call.Invocation) {
	if inv.Sched.Counted {
		inv.Sched.Counted = false
		if n := e.perTenant[inv.Tenant] - 1; n > 0 {
			e.perTenant[inv.Tenant] = n
		} else {
			delete(e.perTenant, inv.Tenant)
		}
	}
}

// next returns the next invocation for s, or registers s as idle and returns nil.
func (e *Engine) next(s *slot) *call.Invocation {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.exclusive && e.queue.len() > 0 {
		head := e.queue.peek()
		if !head.Sched.Exclusive || e.running == 0 {
			e.exclusive = head.Sched.Exclusive
			e.running++
			inv := e.popLocked()
			e.kickLocked()
			return inv
		}
	}
	e.idle = append(e.idle, s)
	return nil
}

// prefetch takes the head of the queue for slot s, busy with an invocation of fn for tenant
// that the worker is done with by until (answered, or killed), when the head can be sent to s's
// worker behind it: an invocation of the same function for the same tenant (see slot.prefetch),
// not exclusive, its code loaded there (the slot knows it ran), no teardown since s's worker
// started (that worker is doomed), and a deadline no earlier than until. A pipelined invocation
// is answered only once the one before it ends: with an earlier deadline it could be answered
// long after its own (up to the whole --timeout of the one before), where the queue's janitor
// answers it at its deadline.
func (e *Engine) prefetch(s *slot, fn *call.Function, tenant string, until time.Time) *call.Invocation {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.exclusive || e.queue.len() == 0 || s.gen < e.gen {
		return nil
	}
	if head := e.queue.peek(); head.Sched.Exclusive || head.Fn != fn || head.Tenant != tenant || !s.funcs[fn.ID] || !s.libs[fn.Lib.Hash] || head.Deadline.Before(until) {
		return nil
	}
	e.running++
	return e.popLocked()
}

// putBack returns an invocation that a slot took but its worker never started to the head of
// the queue.
func (e *Engine) putBack(inv *call.Invocation) {
	e.mu.Lock()
	e.queue.pushFront(inv)
	e.kickLocked()
	e.mu.Unlock()
}

// doneRunning counts down an invocation a slot took (Submit's hand-offs and next's pops count
// them up) and lets queued work flow again after an exclusive one.
func (e *Engine) doneRunning(exclusive bool) {
	e.mu.Lock()
	e.running--
	if exclusive {
		e.exclusive = false
	}
	e.kickLocked()
	e.mu.Unlock()
}

// requeue puts an invocation that a GPU-wide fault interrupted back at the head of the queue,
// to run again alone, with a fresh deadline.
func (e *Engine) requeue(inv *call.Invocation) {
	inv.Sched.Reruns++
	inv.Sched.Exclusive = true
	inv.Deadline = time.Now().Add(inv.Sched.Timeout)
	e.stats.reruns.Add(1)
	e.mu.Lock()
	e.queue.pushFront(inv)
	e.mu.Unlock()
}

// teardown kills every other worker of the GPU: after a fault (or the kill of an overrunning
// worker) under MPS they are all lost anyway (GPU-FACTS.md). Their slots see the failure,
// requeue what they were running and start new workers. gen is the generation of the worker
// whose failure triggers it; a failure explained by a later teardown triggers none.
func (e *Engine) teardown(from *slot, gen uint64) {
	e.mu.Lock()
	if gen < e.gen {
		e.mu.Unlock()
		return
	}
	e.gen++
	e.mu.Unlock()
	e.stats.teardowns.Add(1)
	e.log.Warn("fault domain torn down: restarting every worker of the GPU", zap.String("by", from.id))
	for _, s := range e.slots {
		if s != from {
			s.terminate()
		}
	}
	if e.big != nil && e.big != from {
		e.big.terminate()
	}
}

// leaveIdle removes s from the idle stack if it is there (its worker died while idle). It
// reports whether it was there; if not, an invocation is on its way to s.in, or a submitter
// runs one on s (SubmitInline) and sends lentBack when done.
func (e *Engine) leaveIdle(s *slot) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i, x := range e.idle {
		if x == s {
			e.idle = append(e.idle[:i], e.idle[i+1:]...)
			return true
		}
	}
	if s.lent.Load() {
		s.reclaim = true
	}
	return false
}

// janitor answers queued invocations whose deadline has passed, so nothing waits forever even
// when no worker can be started.
func (e *Engine) janitor() {
	defer e.wg.Done()
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	var expired []*call.Invocation
	for {
		select {
		case <-e.quit:
			return
		case now := <-t.C:
			e.mu.Lock()
			expired = e.queue.removeIf(expired[:0], func(inv *call.Invocation) bool { return now.After(inv.Deadline) })
			for _, inv := range expired {
				e.uncount(inv)
			}
			e.mu.Unlock()
			for _, inv := range expired {
				e.stats.failed.Add(1)
				inv.Timing.Queue = now.Sub(inv.Sched.Enqueued)
				inv.Finish(call.Errorf(call.CodeDeadline, "the deadline passed while the invocation was queued (%v in the queue)", inv.Timing.Queue.Round(time.Millisecond)))
			}
		}
	}
}

// Ready reports whether every worker of the engine is up.
func (e *Engine) Ready() bool { return int(e.stats.up.Load()) == len(e.slots) }

// Stats returns a snapshot.
func (e *Engine) Stats() call.EngineStats {
	e.mu.Lock()
	st := call.EngineStats{Name: e.cfg.Name, Device: e.cfg.Device, Ordinal: e.cfg.Ordinal, Mode: string(e.cfg.Mode),
		Queued: e.queue.len(), QueueDepth: e.cfg.QueueDepth, Busy: e.running}
	e.mu.Unlock()
	slots := e.slots
	if e.big != nil {
		slots = append(slots[:len(slots):len(slots)], e.big)
	}
	for _, s := range slots {
		st.Workers = append(st.Workers, s.stats())
		if st.DeviceInfo == nil {
			if h := s.hello(); h != nil {
				info := h.Device
				st.DeviceInfo = &info
			}
		}
	}
	st.Submitted, st.Completed, st.Failed = e.stats.submitted.Load(), e.stats.completed.Load(), e.stats.failed.Load()
	st.Rejected, st.Restarts = e.stats.rejected.Load(), e.stats.restarts.Load()
	st.Reruns, st.Teardowns, st.Whole = e.stats.reruns.Load(), e.stats.teardowns.Load(), e.stats.whole.Load()
	st.Pipelined, st.Inline = e.stats.pipelined.Load(), e.stats.inline.Load()
	st.Ready = e.Ready()
	return st
}

// Hello returns the hello of a live worker of this engine (its device and pool), or nil when
// none is up.
func (e *Engine) Hello() *worker.Hello {
	for _, s := range e.slots {
		if h := s.hello(); h != nil {
			return h
		}
	}
	return nil
}

// Shutdown stops accepting invocations, lets the queued and running ones finish until ctx is
// done, answers whatever is left with call.CodeDraining, and stops the workers. Safe to call twice.
func (e *Engine) Shutdown(ctx context.Context) error {
	e.mu.Lock()
	e.draining = true
	e.mu.Unlock()
	// Wait for the queue to empty and every slot to go idle.
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	var err error
wait:
	for {
		e.mu.Lock()
		quiet := e.queue.len() == 0 && e.running == 0
		e.mu.Unlock()
		if quiet {
			break
		}
		select {
		case <-ctx.Done():
			err = fmt.Errorf("engine %s: drain: %w", e.cfg.Name, ctx.Err())
			break wait
		case <-t.C:
		}
	}
	e.once.Do(func() { close(e.quit) })
	left, running := e.answerQueued()
	if err != nil {
		e.log.Warn("drain timed out", zap.Int("queued", left), zap.Int("running", running))
	}
	e.wg.Wait()
	// No slot runs any more, so nothing may be handed to one: answering a hand-off below
	// counts it done, and that would otherwise hand the next queued invocation to a slot
	// whose hand-off was already drained, where nobody would ever answer it.
	e.mu.Lock()
	e.idle = nil
	e.mu.Unlock()
	for _, s := range e.slots {
		s.drainHandoff() // a hand-off that raced with the quit
	}
	// After a drain that timed out, slots still running may have put invocations back into
	// the queue (sent behind one whose worker was then lost, or re-runs after a teardown):
	// no slot takes them any more.
	e.answerQueued()
	if e.big != nil {
		e.big.stop()
	}
	return err
}

// answerQueued empties the queue, answering every invocation in it as draining; it returns how
// many there were and how many invocations slots held then.
func (e *Engine) answerQueued() (queued, running int) {
	e.mu.Lock()
	left := e.queue.removeIf(nil, func(*call.Invocation) bool { return true })
	for _, inv := range left {
		e.uncount(inv)
	}
	running = e.running
	e.mu.Unlock()
	for _, inv := range left {
		inv.Finish(call.Errorf(call.CodeDraining, "the server is shutting down"))
	}
	return len(left), running
}

// Load is the number of invocations queued or running: the dispatcher sends new work to the
// least loaded engine.
func (e *Engine) Load() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.queue.len() + e.running
}

// spin is how long pipe readers spin before parking, by the polling policy.
func (e *Engine) spin() time.Duration {
	switch e.cfg.Policy {
	case PolicySpin:
		return worker.SpinForever
	case PolicyBlock:
		return 0
	}
	return e.cfg.SpinFor // hybrid: 0 on small hosts
}

// replySpin is how long the engine spins for a reply while an invocation runs: at least
// minReplySpin, since replies come within the invocation's time and only busy slots spin. A
// slot that parks before the reply pays a wake-up (tens of microseconds on an idle host) on top
// of the invocation; at low load the worker's own wake-up makes short invocations outlast a
// short spin.
func (e *Engine) replySpin() time.Duration {
	if s := e.spin(); s > 0 {
		return max(4*s, minReplySpin)
	}
	return e.spin()
}

// minReplySpin is the shortest reply spin of the hybrid policy.
const minReplySpin = time.Millisecond

// wait blocks until an invocation arrives on s.in, the worker dies, or the engine quits,
// according to the polling policy.
func (e *Engine) wait(s *slot, dead <-chan struct{}) (*call.Invocation, bool) {
	if e.cfg.Policy == PolicySpin || (e.cfg.Policy == PolicyHybrid && e.cfg.SpinFor > 0) {
		var deadline time.Time
		for i := 0; ; i++ {
			select {
			case inv := <-s.in:
				return inv, true
			case <-dead:
				return nil, false
			case <-e.quit:
				return nil, false
			default:
			}
			if e.cfg.Policy == PolicyHybrid {
				if i == 0 {
					deadline = time.Now().Add(e.cfg.SpinFor)
				} else if i&63 == 0 && time.Now().After(deadline) {
					break
				}
			}
			runtime.Gosched()
		}
	}
	s.parked.Store(true)
	defer s.parked.Store(false)
	select {
	case inv := <-s.in:
		return inv, true
	case <-dead:
		return nil, false
	case <-e.quit:
		return nil, false
	}
}
