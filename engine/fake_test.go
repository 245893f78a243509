package engine

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gpufn/call"
	"gpufn/function"
	"gpufn/gpu"
	"gpufn/shm"
	"gpufn/worker"
)

// The scheduler's tests run on fake workers: in-process stand-ins for worker processes that
// keep the worker protocol's contract (requests run one at a time in the order they were sent,
// each answered by a result naming it; at most one request per shared-memory context; a
// library and a function's config sent once and cached) and that a test can make misbehave.
// A fakeGPU is the device the workers of one engine share: Config.Start starts its workers.

// What a fake function does, by its config (fakeFn): the fake worker "compiles" the config.
const (
	doEcho  = "echo"  // its outputs are its inputs
	doGate  = "gate"  // waits at the GPU's gate until the test lets it through, then echoes
	doHang  = "hang"  // never answers: the engine's deadline kills the worker
	doExit  = "exit"  // the worker exits without answering
	doFault = "fault" // a fatal kernel_fault: the worker answers and exits (under MPS: every worker of the GPU dies)
	doOOM   = "oom"   // answers out_of_memory (a per-call error)
	// doMissing is never compiled: the worker answers function_missing, config or not.
	doMissing = "missing"
)

var fakeLib = &call.Library{Name: "fakelib", Hash: sha256.Sum256([]byte("fakelib")), Kind: "ptx", Image: []byte("fake image")}

// fakeFn makes a function of one input X, returned as its output, that does what.
func fakeFn(what string) *call.Function {
	nextFnID++
	plan := &function.Plan{Inputs: []string{"X"}, Outputs: []int32{0}}
	return &call.Function{ID: nextFnID, Name: what, Plan: plan, Config: []byte(what), Lib: fakeLib}
}

// fakeGPU is the device of one engine's fake workers.
type fakeGPU struct {
	t *testing.T
	// mps: a fatal fault kills every worker of the GPU, as under MPS (set before New).
	mps bool
	// holdFaulted: the next worker that answers a fatal fault holds its slot's driver (in
	// Context) until it is terminated, so that a neighbour's slot sees its own worker's death
	// first (fakerace_test.go).
	holdFaulted atomic.Bool
	// capacity is the device memory the workers' pools share.
	capacity uint64
	// streaming: the workers' contexts have input watermarks, so that inputs (and request
	// bodies) are streamed into them after the request; a streamed request waits for its
	// inputs, as a worker process does (set before New).
	streaming bool

	mu         sync.Mutex
	workers    []*fakeWorker // every worker started, oldest first
	failStarts int           // how many starts to fail from now on
	runs       []fakeRun     // every request run, in the order they started
	nextPID    int

	holdStarts chan struct{} // holds the domain's worker starts while not nil (fakerescue_test.go)

	// The gate: runs of doGate functions wait until the test lets them through. Each run
	// that reaches it is counted and its input sent on entered.
	entered  chan string
	nentered atomic.Int64
	allowed  chan struct{}
	// drops are the drop commands the workers were sent (guarded by mu).
	drops []fakeDrop
	// gates are the gates of one input each (allowInput), made on first use under mu: the
	// shared one lets whichever run takes its token through, not necessarily the one that
	// waited longest.
	gates map[string]chan struct{}
}

// fakeDrop is a drop command a fake worker was sent.
type fakeDrop struct {
	worker string // the slot's ID
	cmd    worker.DropCmd
}

// fakeRun is one request a fake worker ran.
type fakeRun struct {
	worker string // the slot's ID
	pid    int    // which of its workers
	fn     string
	input  string
	// alone: nothing else ran on the GPU meanwhile (set false when another run overlaps).
	alone   bool
	running bool
}

func newFakeGPU(t *testing.T) *fakeGPU {
	return &fakeGPU{t: t, capacity: 64 << 20, entered: make(chan string, 1024), allowed: make(chan struct{}, 1024)}
}

// start is the engine's Config.Start.
func (g *fakeGPU) start(opt worker.StartOptions) (Worker, error) {
	own, err := g.held(opt) // fakerescue_test.go
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.failStarts > 0 {
		g.failStarts--
		return nil, fmt.Errorf("%w: fake: told to fail", worker.ErrStart)
	}
	pool := opt.PoolBytes
	if opt.NoPool {
		pool = 0
	}
	if g.poolsLocked(nil)+pool > g.capacity {
		return nil, fmt.Errorf("%w: fake: no memory for a pool of %d", worker.ErrStart, pool)
	}
	g.nextPID++
	w := &fakeWorker{g: g, id: opt.ID, pid: 1000 + g.nextPID, pool: pool,
		reqs: make(chan fakeReq, 8), results: make(chan worker.Result, 8), kill: make(chan struct{}), done: make(chan struct{}),
		funcs: map[uint64]string{}, libs: map[[32]byte]bool{}}
	w.hello = worker.Hello{Version: worker.Version, PID: w.pid, PoolBytes: pool, Device: gpu.Info{Kind: "fake", Name: "fake GPU"}}
	w.marks = make([]atomic.Uint64, opt.Contexts)
	for i := range opt.Contexts {
		if g.streaming {
			w.contexts = append(w.contexts, shm.NewStreamingContext(make([]byte, opt.ContextBytes), &w.marks[i]))
		} else {
			w.contexts = append(w.contexts, shm.NewContext(make([]byte, opt.ContextBytes)))
		}
	}
	w.busy, w.standby, w.own = make([]bool, len(w.contexts)), opt.Standby, own
	g.workers = append(g.workers, w)
	go w.serve()
	return w, nil
}

// poolsLocked is the memory the pools of the live workers other than but take.
func (g *fakeGPU) poolsLocked(but *fakeWorker) uint64 {
	var n uint64
	for _, w := range g.workers {
		if w != but && !isClosed(w.done) {
			n += w.pool
		}
	}
	return n
}

// live returns the workers that have not exited whose ID is id ("" for all).
func (g *fakeGPU) live(id string) []*fakeWorker {
	g.mu.Lock()
	defer g.mu.Unlock()
	var ws []*fakeWorker
	for _, w := range g.workers {
		if (id == "" || w.id == id) && !isClosed(w.done) {
			ws = append(ws, w)
		}
	}
	return ws
}

// worker returns the live worker with ID id; the test fails if there is none.
func (g *fakeGPU) worker(id string) *fakeWorker {
	g.t.Helper()
	ws := g.live(id)
	if len(ws) != 1 {
		g.t.Fatalf("%d live workers %q", len(ws), id)
	}
	return ws[0]
}

// started is how many workers were started so far.
func (g *fakeGPU) started() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.workers)
}

// ran returns the requests run so far.
func (g *fakeGPU) ran() []fakeRun {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]fakeRun(nil), g.runs...)
}

// waitEntered waits until n runs have reached the gate in all.
func (g *fakeGPU) waitEntered(t *testing.T, n int) {
	t.Helper()
	waitFor(t, fmt.Sprintf("%d runs at the gate", n), func() bool { return g.nentered.Load() >= int64(n) })
}

// enter waits for the next run to reach the gate (after those enter already returned) and
// returns its input.
func (g *fakeGPU) enter(t *testing.T) string {
	t.Helper()
	select {
	case in := <-g.entered:
		return in
	case <-time.After(20 * time.Second): // a hung test, not a slow one
		t.Fatal("no run reached the gate")
		return ""
	}
}

// waitAwaited waits until, for each worker, the engine asks for the result of the request the
// worker runs: the slot is done with what it does right after sending it (a look at the queue
// for what to send behind it), and waits.
func (g *fakeGPU) waitAwaited(t *testing.T, ws ...*fakeWorker) {
	t.Helper()
	for _, w := range ws {
		waitFor(t, "the slot to wait for its result", func() bool {
			return w.current.Load() != 0 && w.awaited.Load() == w.current.Load()
		})
	}
}

// byPID returns the worker whose PID is pid.
func (g *fakeGPU) byPID(pid int) *fakeWorker {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, w := range g.workers {
		if w.pid == pid {
			return w
		}
	}
	return nil
}

// allow lets n more runs through the gate (those waiting, or the next ones to come).
func (g *fakeGPU) allow(n int) {
	for range n {
		g.allowed <- struct{}{}
	}
}

// allowInput lets the run of input in through the gate (waiting, or the next to come).
func (g *fakeGPU) allowInput(in string) { g.gate(in) <- struct{}{} }

// gate is input in's own gate.
func (g *fakeGPU) gate(in string) chan struct{} {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.gates == nil {
		g.gates = map[string]chan struct{}{}
	}
	c := g.gates[in]
	if c == nil {
		c = make(chan struct{}, 16)
		g.gates[in] = c
	}
	return c
}

// fakeWorker is one fake worker process: a goroutine (serve) that runs its requests in order.
type fakeWorker struct {
	g        *fakeGPU
	id       string
	pid      int
	hello    worker.Hello
	contexts []*shm.Context
	nextID   uint64 // owned by the engine's driver of the slot

	reqs    chan fakeReq       // requests sent, in order
	results chan worker.Result // results, in order
	kill    chan struct{}      // closed by Terminate
	done    chan struct{}      // closed when serve has returned
	once    sync.Once

	// Guarded by g.mu.
	pool     uint64
	tookAll  uint64 // the last pool taken with worker.PoolAll
	busy     []bool // a request in flight in each context
	failSend int    // when > 0, the failSend-th Send from now fails (a request that could not be written)
	// failDone: a failing Send (failSend) also ends the worker, as a pipe whose reader died
	failDone bool
	standby  bool // started as a standby, not promoted yet: no GPU client (fakestandby_test.go)
	own      bool // a fault domain of its own (a rescue worker: fakeOwnDomain in its environment)

	marks []atomic.Uint64 // the contexts' input watermarks (fakeGPU.streaming)

	// Owned by serve.
	funcs    map[uint64]string // compiled configs by function ID
	libs     map[[32]byte]bool // loaded libraries
	evict    atomic.Bool       // drop every cached library and function before the next request
	holding  atomic.Bool       // it answered a fatal fault and holds its driver (fakeGPU.holdFaulted)
	held     chan struct{}     // closed when Context starts holding (made with holding)
	heldOnce sync.Once

	// Counted for the tests: Poll calls, parked receives; the request the worker runs (or ran
	// last), and the one whose result the engine last asked for.
	polls, parked    atomic.Int64
	current, awaited atomic.Uint64
	peeked           *worker.Result // the next result, taken early by WaitReply (the driver's)
}

// fakeReq is a request as the fake worker received it: copied at Send, as the bytes of a frame.
type fakeReq struct {
	id       uint64
	pool     bool
	bytes    uint64 // pool: the pool asked for
	stop     bool   // shutdown
	context  int
	funcID   uint64
	config   []byte
	lib      [32]byte
	image    bool
	inputs   []shm.Span
	output   shm.Span
	launches uint64
	streamed bool // the inputs come after the request (the context's watermark)
	drop     *worker.DropCmd
}

func (w *fakeWorker) Hello() *worker.Hello { return &w.hello }
func (w *fakeWorker) PID() int             { return w.pid }
func (w *fakeWorker) Contexts() int        { return len(w.contexts) }
func (w *fakeWorker) Context(i int) *shm.Context {
	if w.holding.Load() {
		w.heldOnce.Do(func() { close(w.held) })
		select {
		case <-w.kill:
		case <-time.After(5 * time.Second): // a hung test, not a slow one
		}
	}
	return w.contexts[i]
}
func (w *fakeWorker) Done() <-chan struct{} { return w.done }
func (w *fakeWorker) Terminate()            { w.once.Do(func() { close(w.kill) }) }
func (w *fakeWorker) Kill()                 { w.Terminate(); <-w.done }
func (w *fakeWorker) NextID() uint64        { w.nextID++; return w.nextID }
func (w *fakeWorker) exited() error         { return fmt.Errorf("%w: fake: killed", worker.ErrWorkerExited) }
func (w *fakeWorker) protocol(f string, a ...any) error {
	return fmt.Errorf("%w: fake: %s", worker.ErrProtocol, fmt.Sprintf(f, a...))
}

func (w *fakeWorker) poolBytes() uint64 {
	w.g.mu.Lock()
	defer w.g.mu.Unlock()
	return w.pool
}

func (w *fakeWorker) Stop(grace time.Duration) {
	select {
	case w.reqs <- fakeReq{stop: true}:
		select {
		case <-w.done:
		case <-time.After(grace):
		}
	default:
	}
	w.Kill()
}

// Send copies the request, as a worker process reads it from its pipe, and checks the
// pipelining contract: at most one request in flight per context.
func (w *fakeWorker) Send(t worker.MsgType, msg any, id uint64, deadline time.Time) error {
	if isClosed(w.done) {
		return w.exited()
	}
	r := fakeReq{id: id}
	switch m := msg.(type) {
	case *worker.Invoke:
		r.context, r.funcID, r.config, r.lib, r.image = int(m.Context), m.FuncID, append([]byte(nil), m.Config...), m.Lib.Hash, m.Lib.Image != nil
		r.inputs, r.output, r.launches, r.streamed = append([]shm.Span(nil), m.Inputs...), m.Output, m.LaunchLimit, m.Streamed
		if m.Config == nil {
			r.config = nil
		}
		if m.ID != id || t != worker.MsgInvoke {
			w.g.t.Errorf("fake %s: invoke %d sent as %s with ID %d", w.id, m.ID, t, id)
		}
	case *worker.PoolCmd:
		r.pool, r.bytes = true, m.Bytes
	case *worker.DropCmd:
		r.drop = &worker.DropCmd{ID: m.ID, Sets: append([][32]byte(nil), m.Sets...), Funcs: append([]uint64(nil), m.Funcs...)}
	default:
		w.g.t.Errorf("fake %s: a %T sent", w.id, msg)
	}
	w.g.mu.Lock()
	fail := false
	if w.failSend > 0 {
		w.failSend--
		fail = w.failSend == 0
	}
	if !r.pool && r.drop == nil && !fail {
		if r.context >= len(w.busy) || w.busy[r.context] {
			w.g.t.Errorf("fake %s: request %d sent to context %d, which is busy or missing", w.id, id, r.context)
		} else {
			w.busy[r.context] = true
		}
	}
	w.g.mu.Unlock()
	if fail {
		if w.failDone {
			w.Terminate()
		}
		return errors.New("fake: writing the request: broken pipe")
	}
	w.reqs <- r // capacity 8: far more than the contexts
	return nil
}

// Poll takes the next result if it has come, preferring a result to the worker's exit (a
// worker process's last result is still in the pipe after it exited).
func (w *fakeWorker) Poll(id uint64, res *worker.Result, deadline time.Time) (bool, error) {
	w.polls.Add(1)
	w.awaited.Store(id)
	if r := w.unpeek(); r != nil {
		return true, w.take(*r, id, res)
	}
	select {
	case r := <-w.results:
		return true, w.take(r, id, res)
	default:
	}
	select {
	case <-w.done:
		return true, w.lastResult(id, res)
	default:
		return false, nil
	}
}

// ReceiveParked waits for the next result until deadline.
func (w *fakeWorker) ReceiveParked(id uint64, res *worker.Result, deadline time.Time) error {
	w.parked.Add(1)
	w.awaited.Store(id)
	if r := w.unpeek(); r != nil {
		return w.take(*r, id, res)
	}
	var expired <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		expired = t.C
	}
	select {
	case r := <-w.results:
		return w.take(r, id, res)
	case <-w.done:
		return w.lastResult(id, res)
	case <-expired:
		return worker.ErrDeadline
	}
}

func (w *fakeWorker) lastResult(id uint64, res *worker.Result) error {
	select {
	case r := <-w.results:
		return w.take(r, id, res)
	default:
		return w.exited()
	}
}

func (w *fakeWorker) take(r worker.Result, id uint64, res *worker.Result) error {
	if r.ID != id {
		return w.protocol("reply to request %d where %d was due", r.ID, id)
	}
	*res = r
	return nil
}
