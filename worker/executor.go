package worker

import (
	"errors"
	"fmt"
	"gpufn/call"
	"hash/maphash"
	"runtime"
	"slices"
	"sync/atomic"
	"time"
	"unsafe"

	"gpufn/bufpool"
	"gpufn/function"
	"gpufn/gpu"
	"gpufn/libscan"
	"gpufn/shm"
)

// Executor runs invocations on one device: it caches modules by content hash (bounded by the
// device memory they take, modcache.go) and plans by function ID, allocates every buffer from the pool, copies inputs in, runs the control flow on
// the default stream, copies outputs out, and zeroes the pool span, after success and after
// failure alike. On a device with asynchronous copies both ways and timing marks (CUDA:
// gpu.AsyncCopier and gpu.StreamTimer) it enqueues all of that and waits once per invocation
// (executeStream).
//
// An Executor is not safe for concurrent use: the worker's main goroutine, locked to its OS
// thread, owns it.
type Executor struct {
	dev gpu.Device
	// ac is dev's asynchronous host-to-device copies (nil: it has none); st its asynchronous
	// device-to-host copies and timing marks, set only when ac is too (executeStream).
	ac gpu.AsyncCopier
	st gpu.StreamTimer
	// ad is dev's copy stream when copying ahead (ExecutorOptions.CopyAhead; ahead.go), else
	// nil; peek the worker's look at its pipe, next the invocation copied ahead.
	ad          gpu.AheadCopier
	peek        func()
	next        aheadRun
	aheadInputs [][]byte
	aheadSizes  []uint64
	// owed is a zeroing of the pool span left for after the reply (executeStream, ZeroOwed).
	owed   bool
	pool   *bufpool.Pool
	limits function.Limits // the device's, for evaluating launch shapes
	arch   string

	modules  moduleCache
	funcs    map[uint64]*plan
	maxFuncs int
	clock    uint64 // for least-recently-used eviction of plans
	// ready is the input watermark of the context of the invocation running (RunIn), nil
	// when it has none.
	ready *atomic.Uint64

	// Launch graphs (nil gdev: launches go one by one).
	gdev      gpu.GraphDevice
	graphs    map[uint64]*graphEntry // by hash of the launch record
	seen      map[uint64]struct{}    // records seen once, not yet made graphs
	seed      maphash.Seed
	graphOpts graphOptions
	gstats    GraphStats

	// Scratch reused across invocations (no allocation on the hot path).
	inputs    [][]byte
	sizes     []uint64
	ptrs      []gpu.Ptr
	args      []uint64
	recording bool
	rec       []uint64       // this invocation's launches (gpu.AppendLaunch encoding)
	recOps    []*function.Op // the op of each recorded launch, for error messages

	// Resident weight sets (resident.go).
	residents      map[[32]byte]*resident
	residentBudget uint64
	rstats         ResidentStats
	cur            *resident // the running invocation's set
}

// graphEntry is one cached launch graph.
type graphEntry struct {
	rec     []uint64 // the launches it replays, compared in full before it is used
	g       gpu.Graph
	lib     [32]byte   // the library whose kernels it launches
	extra   [][32]byte // and the function's other libraries
	lastUse uint64
}

type graphOptions struct {
	min, max, maxLaunches int
}

// GraphStats counts what the executor did with launch graphs.
type GraphStats struct {
	Built, Replayed, Evicted, Failed uint64
	Live                             int
}

type module struct {
	m     gpu.Module
	hash  [32]byte
	bytes uint64 // ModuleFootprint of its image
	use   uint64 // the Executor.clock of the last invocation that used it
}

type plan struct {
	p       *function.Plan
	libHash [32]byte
	fns     []gpu.Function // resolved kernels, valid for libHash
	lastUse uint64
	// noGraph is set once the function's launches overran GraphMaxLaunches: it is launched
	// one by one from then on, without recording.
	noGraph bool
	// readsInputs: the plan reads input bytes to size or launch (function.Plan.ReadsInputs).
	readsInputs bool
	// ranges are where the function's weights lie in its resident set (WeightsRef.Ranges, then
	// its init flow's buffers after the data); key is the resident set it needs, and
	// residentBytes that set's size (resident.go).
	ranges        [][2]uint64
	key           [32]byte
	residentBytes uint64
	copyOf        uint64 // the function whose own copy of the set key names (an init flow's), else 0
	// extra are the hashes of the function's other libraries (Invoke.Extra), for which fns
	// are valid too.
	extra [][32]byte
}

// ExecutorOptions configure an Executor.
type ExecutorOptions struct {
	// MaxModuleBytes bounds the device memory of the module cache, as ModuleFootprint counts
	// it (default DefaultModuleCacheBytes); the least recently used modules are unloaded to
	// make room for a new one (a model exported with Triton has one module per kernel, each
	// counted by its size).
	MaxModuleBytes uint64
	// MaxFunctions bounds the plan cache (default 65,536; a plan is host memory only).
	MaxFunctions int

	// NoGraphs turns launch graphs off. With graphs on (the default, on devices that have
	// them: CUDA), an invocation whose control flow makes at least GraphMinLaunches launches
	// has them recorded first; the second time the exact same sequence comes (same kernels,
	// shapes and arguments, so the same function, input sizes and buffer addresses), it is
	// made a graph, and from then on replayed with one call instead of one per launch.
	NoGraphs bool
	// GraphMinLaunches is the fewest launches worth a graph (default 8); GraphMaxLaunches the
	// most one graph holds (default 8192: a function that makes more launches is launched one
	// by one); MaxGraphs bounds the cache (default 64, least recently used evicted).
	GraphMinLaunches, GraphMaxLaunches, MaxGraphs int

	// ResidentBytes bounds the device memory of the weight sets kept resident, besides the
	// pool (default DefaultResidentBytes, 1 GiB).
	ResidentBytes uint64

	// CopyAhead copies the inputs of the next invocation of the running function, when its
	// request is already in the pipe, to the device on a second stream while the running one's
	// kernels run (ahead.go). It needs a device with a copy stream (gpu.AheadCopier: CUDA).
	CopyAhead bool
}

// NewExecutor runs invocations on dev with buffers from pool.
func NewExecutor(dev gpu.Device, pool *bufpool.Pool, opt ExecutorOptions) *Executor {
	if opt.MaxModuleBytes == 0 {
		opt.MaxModuleBytes = DefaultModuleCacheBytes
	}
	if opt.MaxFunctions <= 0 {
		opt.MaxFunctions = 1 << 16
	}
	if opt.GraphMinLaunches <= 0 {
		opt.GraphMinLaunches = 8
	}
	if opt.GraphMaxLaunches <= 0 {
		opt.GraphMaxLaunches = 8192
	}
	if opt.MaxGraphs <= 0 {
		opt.MaxGraphs = 64
	}
	opt.ResidentBytes = ResidentBudget(opt.ResidentBytes)
	info := dev.Info()
	e := &Executor{
		dev: dev, pool: pool, limits: function.Limits(info.Limits), arch: info.Arch,
		modules: newModuleCache(opt.MaxModuleBytes), funcs: map[uint64]*plan{},
		maxFuncs:  opt.MaxFunctions,
		residents: map[[32]byte]*resident{}, residentBudget: opt.ResidentBytes,
		graphOpts: graphOptions{min: opt.GraphMinLaunches, max: opt.MaxGraphs, maxLaunches: opt.GraphMaxLaunches},
	}
	if ac, ok := dev.(gpu.AsyncCopier); ok {
		e.ac = ac
		if st, ok := dev.(gpu.StreamTimer); ok {
			e.st = st
			if ad, ok := dev.(gpu.AheadCopier); ok && opt.CopyAhead {
				e.ad = ad
				e.fenceNew()
			}
		}
	}
	if gd, ok := dev.(gpu.GraphDevice); ok && !opt.NoGraphs && gd.CanGraph() {
		e.gdev = gd
		e.graphs = map[uint64]*graphEntry{}
		e.seen = map[uint64]struct{}{}
		e.seed = maphash.MakeSeed()
	}
	return e
}

// SetPool replaces the pool (nil: the worker gave its pool back and cannot run invocations).
// Cached graphs hold the old pool's addresses, so they are dropped.
func (e *Executor) SetPool(p *bufpool.Pool) {
	e.ZeroOwed()
	e.giveUpAhead()
	e.pool = p
	e.fenceNew()
	e.dropGraphs(func(*graphEntry) bool { return true })
}

// Graphs reports what the executor did with launch graphs; ok is false when it does not use
// them (NoGraphs, or a device without graphs).
func (e *Executor) Graphs() (st GraphStats, ok bool) {
	st = e.gstats
	st.Live = len(e.graphs)
	return st, e.gdev != nil
}

// execError is an error with its wire code.
type execError struct {
	code call.Code
	err  error
}

func (e *execError) Error() string { return e.err.Error() }
func (e *execError) Unwrap() error { return e.err }

func codeErr(code call.Code, format string, args ...any) error {
	return &execError{code: code, err: fmt.Errorf(format, args...)}
}

// Run executes one invocation whose inputs are in mem (the shared-memory context) and fills
// res. It never panics on bad requests; a fatal device error is reported with Fatal set, and the
// caller must then exit.
func (e *Executor) Run(req *Invoke, mem []byte, res *Result) { e.RunIn(req, mem, nil, res) }

// RunIn is Run for a context with an input watermark (DoorbellBytes), which a streamed request
// (Invoke.Streamed) needs: the worker then reads no input byte at or above the watermark, and
// starts each input's copy to the device as soon as a part of it is there.
func (e *Executor) RunIn(req *Invoke, mem []byte, ready *atomic.Uint64, res *Result) {
	start := time.Now()
	e.ZeroOwed() // the worker's loop pays it after each reply; this is the guard
	e.ready = ready
	res.ID = req.ID
	res.Outputs = res.Outputs[:0]
	res.Err = nil
	res.Stages = Stages{}
	if err := e.run(req, mem, res); err != nil {
		res.Outputs = res.Outputs[:0]
		res.Err = ToWire(err)
	}
	if e.next.ready && e.next.id == req.ID {
		e.giveUpAhead() // it failed before it came to its buffers copied ahead
	}
	res.Stages.Total = time.Since(start).Nanoseconds()
}

// ToWire maps an error to its wire form.
func ToWire(err error) *WireError {
	var we *WireError
	if errors.As(err, &we) {
		return we
	}
	w := &WireError{Code: call.CodeInternal, Message: err.Error()}
	var ee *execError
	switch {
	case gpu.IsFatal(err):
		w.Code, w.Fatal = call.CodeKernelFault, true
	case errors.As(err, &ee):
		w.Code = ee.code
	case errors.Is(err, gpu.ErrOutOfMemory):
		w.Code = call.CodeOutOfMemory
	case errors.Is(err, gpu.ErrInvalidLaunch):
		w.Code = call.CodeInvalidLaunch
	case errors.Is(err, function.ErrBadInput):
		w.Code = call.CodeBadInput
	case errors.Is(err, gpu.ErrInvalidImage):
		w.Code = call.CodeLibraryInvalid
	case errors.Is(err, gpu.ErrNotFound):
		w.Code = call.CodeKernelNotFound
	case errors.Is(err, shm.ErrTooLarge):
		w.Code = call.CodeOutputTooLarge
	}
	return w
}

func (e *Executor) run(req *Invoke, mem []byte, res *Result) error {
	if e.pool == nil {
		return codeErr(call.CodeInternal, "the worker has given its device pool back")
	}
	pl, err := e.plan(req)
	if err != nil {
		return err
	}
	p := pl.p
	if err = e.resolveAll(pl, req, &res.Stages); err != nil {
		return err
	}
	e.cur, err = e.weights(pl, req.Weights, &res.Stages)
	res.Resident = e.rstats
	if err != nil {
		return err
	}

	// Inputs, sizes, footprint.
	if len(req.Inputs) != len(p.Inputs) {
		return codeErr(call.CodeBadInput, "the function takes %d inputs; the request has %d", len(p.Inputs), len(req.Inputs))
	}
	if req.Streamed {
		if e.ready == nil {
			return codeErr(call.CodeInternal, "a streamed request in a context without an input watermark")
		}
		if pl.readsInputs && len(req.Inputs) > 0 {
			// Sizes and launches read input bytes: all of them first.
			if _, err := e.awaitInputs(req.Inputs[len(req.Inputs)-1].End(), &res.Stages); err != nil {
				return err
			}
		}
	}
	n := p.NumSlots()
	var need uint64
	if e.inputs, e.sizes, need, err = measure(p, req, mem, e.inputs, e.sizes); err != nil {
		return err
	}
	if e.st != nil {
		ahead, err := e.takeAhead(req, n) // ahead.go
		if err != nil {
			return err
		}
		if !ahead {
			if err := e.pool.Reserve(need); err != nil {
				return err
			}
		}
		return e.executeStream(pl, req, mem, res, ahead) // zeroes the span itself
	}
	if err := e.pool.Reserve(need); err != nil {
		return err
	}
	err = e.execute(pl, req, mem, res)
	t := time.Now()
	if rerr := e.release(); rerr != nil && err == nil {
		err = rerr
	}
	res.Stages.Zero = time.Since(t).Nanoseconds()
	return err
}

// measure slices req's inputs out of context mem (into inputs), sizes every buffer of plan p
// (into sizes) and checks the launch limit; need is the footprint of the buffers in the pool.
func measure(p *function.Plan, req *Invoke, mem []byte, inputs [][]byte, sizes []uint64) (_ [][]byte, _ []uint64, need uint64, err error) {
	inputs = inputs[:0]
	for _, s := range req.Inputs {
		if s.Off > uint64(len(mem)) || s.Len > uint64(len(mem))-s.Off {
			return inputs, sizes, 0, codeErr(call.CodeInternal, "input span [%d,+%d) outside the context", s.Off, s.Len)
		}
		inputs = append(inputs, mem[s.Off:s.End():s.End()])
	}
	n := p.NumSlots()
	sizes = grow(sizes, n)
	if err := p.Sizes(inputs, sizes); err != nil {
		return inputs, sizes, 0, err
	}
	need, ok := function.Footprint(sizes[:n])
	if !ok {
		return inputs, sizes, 0, codeErr(call.CodeBadInput, "buffer sizes overflow 64 bits")
	}
	if req.LaunchLimit > 0 {
		if _, err := p.Launches(inputs, sizes, req.LaunchLimit); err != nil {
			return inputs, sizes, 0, err
		}
	}
	return inputs, sizes, need, nil
}

// release enqueues the zeroing of the pool span on the default stream and returns without
// waiting for it: everything the next invocation puts on the device (its copies in, its
// kernels) is ordered after it on that stream, so no kernel can see this invocation's data.
// run calls it before the reply; executeStream leaves it owed until the reply is written
// (ZeroOwed), but for an error, which it answers only after the zeroing is enqueued. An error
// of the memset itself (only a lost device can fail it) surfaces at the next synchronization;
// a pool is given back with Free, which waits for the memset.
func (e *Executor) release() error {
	if err := e.pool.Release(); err != nil || e.ad == nil {
		return err
	}
	// What is copied ahead from now on waits for this zeroing (ahead.go).
	return e.ad.AheadFence()
}

// allocSlots hands out every buffer of the invocation from the reserved span.
func (e *Executor) allocSlots(n int) error {
	e.ptrs = growPtrs(e.ptrs, n)
	for i := 0; i < n; i++ {
		ptr, err := e.pool.Alloc(e.sizes[i])
		if err != nil {
			return err
		}
		e.ptrs[i] = ptr
	}
	return nil
}

// copyInputsAsync enqueues every input's copy to the device, without waiting for them. The
// context is pinned and does not change while the worker runs. A streamed input is enqueued in
// parts, each as soon as the server has written it.
func (e *Executor) copyInputsAsync(p *function.Plan, req *Invoke, res *Result) error {
	for i, in := range e.inputs {
		for done := 0; done < len(in); {
			upto := len(in)
			if req.Streamed {
				sp := req.Inputs[i]
				w, err := e.awaitInputs(sp.Off+uint64(done)+1, &res.Stages)
				if err != nil {
					return err
				}
				upto = int(min(w, sp.End()) - sp.Off)
			}
			if err := e.ac.CopyToDeviceAsync(e.ptrs[i]+gpu.Ptr(done), in[done:upto]); err != nil {
				return fmt.Errorf("copying input %q to the device: %w", p.Inputs[i], err)
			}
			done = upto
		}
	}
	return nil
}

// launch launches the control flow: recorded (and as a graph where one is cached, setting
// Stages.Graph), or op by op.
func (e *Executor) launch(pl *plan, res *Result) error {
	if e.gdev != nil && !pl.noGraph {
		stage, err := e.launchRecorded(pl)
		res.Stages.Graph = stage
		return err
	}
	return e.ops(pl, pl.p.Body)
}

// placeOutputs lays the outputs out in the request's output area, each at an 8-byte aligned
// offset after the one before, and appends their spans to res.Outputs. An output that does not
// fit in what is left of the area is output_too_large. It copies nothing.
func (e *Executor) placeOutputs(p *function.Plan, req *Invoke, mem []byte, res *Result) error {
	off := req.Output.Off
	end := req.Output.End()
	if end > uint64(len(mem)) || end < off {
		return codeErr(call.CodeInternal, "output area [%d,+%d) outside the context", req.Output.Off, req.Output.Len)
	}
	for _, slot := range p.Outputs {
		size := e.sizes[slot]
		if size > end-off {
			return &execError{code: call.CodeOutputTooLarge, err: fmt.Errorf("output %q of %d bytes %w (%d bytes left of %d)", p.SlotName(int(slot)), size, shm.ErrTooLarge, end-off, len(mem))}
		}
		res.Outputs = append(res.Outputs, shm.Span{Off: off, Len: size})
		off += (size + 7) &^ 7
		if off > end {
			off = end
		}
	}
	return nil
}

// execute runs an invocation on a device without timing marks: the inputs' copies (enqueued
// together where the device has asynchronous ones) and a wait, the launches and a wait, then
// each output's copy out, which waits too. run zeroes the span after it.
func (e *Executor) execute(pl *plan, req *Invoke, mem []byte, res *Result) error {
	p := pl.p
	if err := e.allocSlots(p.NumSlots()); err != nil {
		return err
	}
	t := time.Now()
	if e.ac != nil {
		// Enqueue every input, then wait once: one round trip to the GPU instead of one per
		// input.
		if err := e.copyInputsAsync(p, req, res); err != nil {
			return err
		}
		if err := e.dev.Synchronize(); err != nil {
			return fmt.Errorf("copying the inputs to the device: %w", err)
		}
	} else {
		for i, in := range e.inputs {
			if len(in) == 0 {
				continue
			}
			if req.Streamed {
				if _, err := e.awaitInputs(req.Inputs[i].End(), &res.Stages); err != nil {
					return err
				}
			}
			if err := e.dev.CopyToDevice(e.ptrs[i], in); err != nil {
				return fmt.Errorf("copying input %q to the device: %w", p.Inputs[i], err)
			}
		}
	}
	t2 := time.Now()
	res.Stages.H2D = t2.Sub(t).Nanoseconds()
	if err := e.launch(pl, res); err != nil {
		return err
	}
	if err := e.dev.Synchronize(); err != nil {
		return err
	}
	t3 := time.Now()
	res.Stages.Kernel = t3.Sub(t2).Nanoseconds()
	if err := e.placeOutputs(p, req, mem, res); err != nil {
		return err
	}
	for k, sp := range res.Outputs {
		if sp.Len == 0 {
			continue
		}
		if err := e.dev.CopyFromDevice(mem[sp.Off:sp.End()], e.ptrs[p.Outputs[k]]); err != nil {
			return fmt.Errorf("copying output %q from the device: %w", p.SlotName(int(p.Outputs[k])), err)
		}
	}
	res.Stages.D2H = time.Since(t3).Nanoseconds()
	return nil
}

// The timing marks of executeStream.
const (
	markLaunch   = iota // after the inputs' copies, before the launches
	markLaunched        // after the launches
	markCopied          // after the outputs' copies
)

// executeStream runs an invocation on a device with asynchronous copies both ways and timing
// marks (the CUDA device): it enqueues, in order on the default stream, the inputs' copies
// (parts of a streamed input as they come), mark 0, the launches, mark 1, the outputs' copies
// into the context, mark 2; and then waits once. Work on one stream runs in order, so the
// launches follow the copies in and the copies out read what the launches wrote. The zeroing
// of the span is owed (ZeroOwed): the worker enqueues it once the reply is written, before it
// reads its next request, so the reply does not wait for the memset and everything the next
// invocation enqueues still comes after it.
//
// Stages: Kernel and D2H are the device time between marks 0-1 and 1-2; H2D is the rest of
// the wall time from the first copy to the wait's return (the copies, any wait for a streamed
// input's parts, the launch calls' host time and the wait's wake-up); Zero is 0 (off the path).
//
// Errors are those of execute and run: one from the wait is returned as it is (a kernel's fault
// is fatal); an output that does not fit is output_too_large, after a wait for the launches, so
// that their fault comes first, as it does in execute. After any error the span is zeroed
// before the reply, as run does it, and once output copies were enqueued the device is waited
// for before returning: they write into the context, which the server reuses as soon as it has
// the reply.
func (e *Executor) executeStream(pl *plan, req *Invoke, mem []byte, res *Result, ahead bool) error {
	start := time.Now()
	copying, err := e.enqueueStream(pl, req, mem, res, ahead)
	if err != nil {
		t := time.Now()
		e.release() // after failure as after success; its own error matters less than err
		res.Stages.Zero = time.Since(t).Nanoseconds()
		if copying {
			err = e.settle(err)
		}
		return err
	}
	err = e.wait() // ahead.go: with copying ahead, the next request is looked at meanwhile
	wall := time.Since(start).Nanoseconds()
	var ns [2]int64
	for i := 0; err == nil && i < len(ns); i++ {
		ns[i], err = e.elapsed(markLaunch+i, markLaunch+i+1)
	}
	if err != nil {
		e.release()
		return err
	}
	res.Stages.Kernel, res.Stages.D2H = ns[0], ns[1]
	res.Stages.H2D = max(0, wall-ns[0]-ns[1])
	// The zeroing of the span waits for the reply (ZeroOwed): it is off the answer's path, and
	// still on the stream before anything of the next invocation.
	e.owed = true
	return nil
}

// ZeroOwed enqueues the zeroing of the pool span that executeStream left for after the reply,
// if one is owed, without waiting for it: the worker calls it once the reply is written, and
// every entry point of the Executor that may touch the device or the pool calls it first, so
// that whatever the device does next is ordered after the zeroing on the default stream. An
// error is the memset's enqueue failing: only a lost device does that (fatal).
func (e *Executor) ZeroOwed() error {
	if !e.owed {
		return nil
	}
	e.owed = false
	return e.release()
}

// enqueueStream enqueues executeStream's work up to mark 2, waiting for nothing but where an
// output does not fit (the launches' fault comes first). copying says whether output copies
// were enqueued: they write into the context until the device is waited for.
func (e *Executor) enqueueStream(pl *plan, req *Invoke, mem []byte, res *Result, ahead bool) (copying bool, err error) {
	p := pl.p
	if !ahead { // else its buffers are allocated and its inputs on their way (takeAhead)
		if err := e.allocSlots(p.NumSlots()); err != nil {
			return false, err
		}
		if err := e.copyInputsAsync(p, req, res); err != nil {
			return false, err
		}
	}
	if err := e.st.Mark(markLaunch); err != nil {
		return false, err
	}
	if err := e.launch(pl, res); err != nil {
		return false, err
	}
	if err := e.st.Mark(markLaunched); err != nil {
		return false, err
	}
	if err := e.placeOutputs(p, req, mem, res); err != nil {
		if serr := e.dev.Synchronize(); serr != nil {
			return false, serr
		}
		return false, err
	}
	for k, sp := range res.Outputs {
		if sp.Len == 0 {
			continue
		}
		if err := e.st.CopyFromDeviceAsync(mem[sp.Off:sp.End()], e.ptrs[p.Outputs[k]]); err != nil {
			return true, fmt.Errorf("copying output %q from the device: %w", p.SlotName(int(p.Outputs[k])), err)
		}
	}
	return true, e.st.Mark(markCopied)
}

// settle waits for the device after err, once output copies were enqueued (executeStream):
// they write into the context until they are done. A fatal error of the wait is returned in
// place of a non-fatal err: the device is lost, and the worker must say so.
func (e *Executor) settle(err error) error {
	if serr := e.dev.Synchronize(); serr != nil && gpu.IsFatal(serr) && !gpu.IsFatal(err) {
		return serr
	}
	return err
}

// elapsed is the device time from mark i to mark j in ns, never negative. The marks only time
// the invocation: a non-fatal error reading them leaves the stage at 0 (and its time in H2D);
// a fatal one is returned.
func (e *Executor) elapsed(i, j int) (int64, error) {
	d, err := e.st.Elapsed(i, j)
	if err != nil {
		if gpu.IsFatal(err) {
			return 0, err
		}
		return 0, nil
	}
	return max(0, d.Nanoseconds()), nil
}

func (e *Executor) ops(pl *plan, ops []function.Op) error {
	for i := range ops {
		op := &ops[i]
		if op.Repeat {
			c, err := op.Count.Eval(e.inputs, e.sizes)
			if err != nil {
				return err
			}
			for j := uint64(0); j < c; j++ {
				if err := e.ops(pl, op.Body); err != nil {
					return err
				}
			}
			continue
		}
		g, b, shared, err := op.LaunchShape(e.inputs, e.sizes, e.limits)
		if err != nil {
			return err
		}
		grid, block := gpu.Dim3(g), gpu.Dim3(b) // the schema's shapes are the device's, field for field
		e.args = e.args[:0]
		for _, a := range op.Args {
			switch a.Kind {
			case function.ArgPtr:
				e.args = append(e.args, uint64(e.ptrs[a.Slot]))
			case function.ArgSizeof:
				e.args = append(e.args, e.sizes[a.Slot])
			case function.ArgWeightPtr, function.ArgWeightSizeof:
				e.args = append(e.args, pl.weightArg(e.cur, a.Kind == function.ArgWeightPtr, a.Slot))
			default:
				e.args = append(e.args, uint64(a.Const))
			}
		}
		if e.recording {
			if len(e.recOps) >= e.graphOpts.maxLaunches {
				return errRecordFull
			}
			e.rec = gpu.AppendLaunch(e.rec, pl.fns[op.Kernel], grid, block, shared, e.args)
			e.recOps = append(e.recOps, op)
			continue
		}
		if err := e.dev.Launch(pl.fns[op.Kernel], grid, block, shared, e.args); err != nil {
			return launchErr(pl, op, err)
		}
	}
	return nil
}

func launchErr(pl *plan, op *function.Op, err error) error {
	return fmt.Errorf("launching %s (%s): %w", pl.p.Kernels[op.Kernel], op.Path, err)
}

// errRecordFull stops recording a control flow that makes more than GraphMaxLaunches launches.
var errRecordFull = errors.New("launch record full")

// launchRecorded evaluates the control flow into a launch record, then launches it: one by one
// when it is short or seen for the first time, as a new graph the second time, and by
// replaying that graph from then on. The launches, their order and their errors are those of
// launching one by one; only the host's cost differs. stage is what became of them (Stages.Graph).
func (e *Executor) launchRecorded(pl *plan) (stage int64, err error) {
	e.rec, e.recOps = e.rec[:0], e.recOps[:0]
	e.recording = true
	err = e.ops(pl, pl.p.Body)
	e.recording = false
	switch {
	case err == errRecordFull:
		pl.noGraph = true
		return call.GraphNone, e.ops(pl, pl.p.Body)
	case err != nil:
		return call.GraphNone, err
	}
	if len(e.recOps) < e.graphOpts.min {
		return call.GraphNone, e.replay(pl)
	}
	h := maphash.Bytes(e.seed, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(e.rec))), 8*len(e.rec)))
	ge := e.graphs[h]
	if ge != nil && slices.Equal(ge.rec, e.rec) {
		ge.lastUse = e.clock
		e.gstats.Replayed++
		return call.GraphReplayed, e.gdev.LaunchGraph(ge.g)
	}
	if _, ok := e.seen[h]; !ok {
		if len(e.seen) >= 16*e.graphOpts.max {
			clear(e.seen)
		}
		e.seen[h] = struct{}{}
		return call.GraphNone, e.replay(pl)
	}
	delete(e.seen, h)
	g, err := e.gdev.BuildGraph(e.rec)
	if err != nil {
		if gpu.IsFatal(err) {
			return call.GraphNone, err
		}
		e.gstats.Failed++
		return call.GraphNone, e.replay(pl) // a refused launch is reported as launching it reports it
	}
	if ge != nil { // another record with the same hash: replace it
		e.destroyGraph(h, ge)
	} else if len(e.graphs) >= e.graphOpts.max {
		e.evictGraph()
	}
	e.graphs[h] = &graphEntry{rec: slices.Clone(e.rec), g: g, lib: pl.libHash, extra: pl.extra, lastUse: e.clock}
	e.gstats.Built++
	e.gstats.Replayed++
	return call.GraphBuilt, e.gdev.LaunchGraph(g)
}

// replay launches the recorded launches one by one.
func (e *Executor) replay(pl *plan) error {
	rest := e.rec
	for k := 0; len(rest) > 0; k++ {
		l, next, ok := gpu.NextLaunch(rest)
		if !ok {
			return codeErr(call.CodeInternal, "launch record corrupt at launch %d", k)
		}
		rest = next
		if err := e.dev.Launch(l.F, l.Grid, l.Block, l.SharedMem, l.Args); err != nil {
			return launchErr(pl, e.recOps[k], err)
		}
	}
	return nil
}

func (e *Executor) evictGraph() {
	var oldest uint64
	var victim *graphEntry
	for h, ge := range e.graphs {
		if victim == nil || ge.lastUse < victim.lastUse {
			oldest, victim = h, ge
		}
	}
	if victim != nil {
		e.destroyGraph(oldest, victim)
		e.gstats.Evicted++
	}
}

func (e *Executor) destroyGraph(h uint64, ge *graphEntry) {
	delete(e.graphs, h)
	e.gdev.DestroyGraph(ge.g) // only fails on a lost device, which ends the process anyway
}

// dropGraphs destroys the cached graphs for which drop reports true.
func (e *Executor) dropGraphs(drop func(*graphEntry) bool) {
	for h, ge := range e.graphs {
		if drop(ge) {
			e.destroyGraph(h, ge)
		}
	}
	if len(e.graphs) == 0 && e.seen != nil {
		clear(e.seen)
	}
}

// plan finds the plan of req's function, caching it when it travels with the request.
func (e *Executor) plan(req *Invoke) (*plan, error) {
	e.clock++
	if pl, ok := e.funcs[req.FuncID]; ok {
		pl.lastUse = e.clock
		return pl, nil
	}
	if req.Config == nil {
		return nil, codeErr(call.CodeFunctionMissing, "function %d is not cached in this worker", req.FuncID)
	}
	fp, err := function.Parse(req.Config)
	if err != nil {
		return nil, codeErr(call.CodeInternal, "the function's config does not compile in the worker: %v", err)
	}
	if len(e.funcs) >= e.maxFuncs {
		var oldest uint64
		var use uint64 = ^uint64(0)
		for id, pl := range e.funcs {
			if pl.lastUse < use {
				oldest, use = id, pl.lastUse
			}
		}
		delete(e.funcs, oldest)
	}
	pl := &plan{p: fp, lastUse: e.clock, readsInputs: fp.ReadsInputs()}
	if req.Weights != nil {
		pl.layout(req.FuncID, req.Weights)
	}
	e.funcs[req.FuncID] = pl
	return pl, nil
}

// resolveAll looks the plan's kernels up in the request's libraries: one (resolve), or several
// (Dandelion v2's modules: resolveLibs).
func (e *Executor) resolveAll(pl *plan, req *Invoke, st *Stages) error {
	if len(req.Extra) > 0 {
		return e.resolveLibs(pl, req, st)
	}
	return e.resolve(pl, &req.Lib, st)
}

// resolve makes sure the plan's kernels are looked up in the module of lib. It records in st
// whether the module was cached (ModuleHit) or loaded (ModuleLoaded), what the cache evicted
// to make room and the bytes it holds after (lookup).
func (e *Executor) resolve(pl *plan, lib *LibRef, st *Stages) error {
	m, err := e.lookup(lib, st)
	if err != nil {
		return err
	}
	if pl.fns != nil && pl.libHash == lib.Hash && pl.extra == nil {
		return nil
	}
	fns := make([]gpu.Function, len(pl.p.Kernels))
	for i, k := range pl.p.Kernels {
		f, err := e.dev.Function(m.m, k)
		if err != nil {
			return &execError{code: call.CodeKernelNotFound, err: fmt.Errorf("kernel %q: %w", k, err)}
		}
		fns[i] = f
	}
	pl.fns, pl.libHash, pl.extra = fns, lib.Hash, nil
	return nil
}

// lookup returns lib's module, loading it when it is not cached, and counts the lookup: a hit
// or a miss in the cache's stats, and in st the module stage (ModuleLoaded when any module of
// the invocation was loaded, else ModuleHit), the modules evicted to make room (Evictions,
// added up over the invocation's libraries, counted even when the load then failed) and the
// cache's footprint after it (CacheBytes).
func (e *Executor) lookup(lib *LibRef, st *Stages) (*module, error) {
	if m, ok := e.modules.get(lib.Hash, e.clock); ok {
		e.modules.stats.Hits++
		st.Module, st.CacheBytes = max(st.Module, ModuleHit), int64(e.modules.bytes)
		return m, nil
	}
	evicted := e.modules.stats.Evictions
	m, err := e.module(lib, st)
	st.Evictions += int64(e.modules.stats.Evictions - evicted)
	st.CacheBytes = int64(e.modules.bytes)
	if err != nil {
		return nil, err
	}
	e.modules.stats.Misses++
	st.Module = ModuleLoaded
	return m, nil
}

// module loads lib's module (not cached), evicting the least recently used ones to make room
// (never one the running invocation uses: moduleCache.victim).
func (e *Executor) module(lib *LibRef, st *Stages) (*module, error) {
	if lib.Image == nil {
		return nil, codeErr(call.CodeLibraryMissing, "library %x is not cached in this worker", lib.Hash[:6])
	}
	image := lib.Image
	if lib.Kind == libscan.KindBundle && e.arch != "" {
		info, err := libscan.Scan(image)
		if err != nil {
			return nil, &execError{code: call.CodeLibraryInvalid, err: err}
		}
		entry, ok := libscan.BundleEntryFor(image, info, e.arch)
		if !ok {
			return nil, codeErr(call.CodeLibraryInvalid, "the offload bundle has no code object for %s (it has %s)", e.arch, info.Arch)
		}
		image = entry
	}
	need := ModuleFootprint(image)
	for v := e.modules.victim(need, e.clock); v != nil; v = e.modules.victim(need, e.clock) {
		e.evictModule(v)
	}
	t := time.Now()
	gm, err := e.dev.LoadModule(image)
	if err != nil {
		if gpu.IsFatal(err) {
			return nil, err
		}
		if errors.Is(err, gpu.ErrOutOfMemory) { // the image is fine; the device is full (a preload stops there)
			return nil, &execError{code: call.CodeOutOfMemory, err: fmt.Errorf("loading the library: %w", err)}
		}
		return nil, &execError{code: call.CodeLibraryInvalid, err: fmt.Errorf("loading the library: %w", err)}
	}
	st.Load += max(1, time.Since(t).Nanoseconds()) // not 0: that means cached
	m := &module{m: gm, hash: lib.Hash, bytes: need}
	e.modules.add(m, e.clock)
	return m, nil
}

// evictModule unloads m, with the graphs that launch its kernels and the plans' lookups in it.
func (e *Executor) evictModule(m *module) {
	oldest := m.hash
	e.modules.remove(m)
	// Graphs launch the module's kernels: they go first.
	e.dropGraphs(func(ge *graphEntry) bool { return ge.lib == oldest || slices.Contains(ge.extra, oldest) })
	for _, pl := range e.funcs {
		if pl.libHash == oldest || slices.Contains(pl.extra, oldest) {
			pl.fns = nil
		}
	}
	e.dev.UnloadModule(m.m)
}

// Cached reports how many modules and plans the executor holds.
func (e *Executor) Cached() (modules, functions int) { return e.modules.lru.Len(), len(e.funcs) }

// ModuleCache reports what the module cache did.
func (e *Executor) ModuleCache() ModuleCacheStats { return e.modules.snapshot() }

func grow(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	return s[:n]
}

func growPtrs(s []gpu.Ptr, n int) []gpu.Ptr {
	if cap(s) < n {
		return make([]gpu.Ptr, n)
	}
	return s[:n]
}

// inputWaitLimit bounds how long a worker waits for the server to write a streamed request's
// inputs: past it the invocation fails as internal rather than the worker waiting on a
// stalled server for good. The server's own bound is far shorter (it aborts the inputs, see
// awaitInputs). A variable for the tests.
var inputWaitLimit = 10 * time.Second

// inputSpinFor is how long awaitInputs spins before it sleeps between looks: inputs copied
// from the server's memory come within microseconds; a request body read from the client's
// connection may take longer (the server's --stream-body-wait at most).
const inputSpinFor = 2 * time.Millisecond

// awaitInputs waits until the input watermark reaches end and returns it, adding the time it
// waited to st.Wait. It spins for inputSpinFor, then looks every 20 us. A watermark of
// shm.InputsAborted (the server gave up on the inputs: the client's body stopped coming) ends
// the wait at once with an error; the server has answered the invocation already.
func (e *Executor) awaitInputs(end uint64, st *Stages) (uint64, error) {
	w := e.ready.Load()
	if w >= end && w != shm.InputsAborted {
		return w, nil
	}
	t := time.Now()
	for i := 1; ; i++ {
		if w = e.ready.Load(); w == shm.InputsAborted {
			return 0, codeErr(call.CodeBadRequest, "the server gave up on the request's inputs (its body did not come whole)")
		} else if w >= end {
			break
		}
		if i%1024 == 0 {
			waited := time.Since(t)
			if waited > inputWaitLimit {
				return w, codeErr(call.CodeInternal, "the server had written %d bytes of the inputs after %v (the worker waited for byte %d)", w, inputWaitLimit, end)
			}
			if waited > inputSpinFor {
				time.Sleep(20 * time.Microsecond)
			} else {
				runtime.Gosched()
			}
		}
	}
	st.Wait += time.Since(t).Nanoseconds()
	return w, nil
}
