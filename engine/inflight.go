package engine

import (
	"time"

	"gpufn/call"
	"gpufn/shm"
	"gpufn/worker"
)

// inflight is the state of a worker's shared-memory contexts and of the requests in flight on
// them. With pipelining the worker has two contexts, and a request may wait in one while the
// worker runs the other's (pipeline.go): pend says which invocation each context's request
// carries, order lists the contexts of the requests not answered yet, oldest first (the worker
// answers in the order it was sent work), held says whose data each context may still hold (see
// isolate), and libs and funcs which code the worker has loaded. Owned by whoever drives the
// slot; reset when a new worker starts (its contexts are fresh zero-filled memfds).
type inflight struct {
	pend  [2]pending
	order []int
	held  [2]holder
	// broken is set when a request could not be written while another was in flight: part of
	// it may be in the pipe, so nothing more is sent and the worker is replaced once the
	// requests in flight are answered.
	broken error
	libs   map[[32]byte]bool // libraries the worker has loaded
	funcs  map[uint64]bool   // plans the worker has
	arch   string            // the worker's device architecture: which of a library's images it loads (Library.For)
	owner  string            // the tenant whose code or weights the worker holds ("": none; affinity.go)
	full   bool              // the worker refused a preload for want of room: send it no more (preload.go)
	// due is when the next batch is to be formed and sent behind the running one (prefetchDue;
	// zero: nothing is deferred); runs and leads are what prefetchDue reckons with.
	due    time.Time
	runs   estimates // by Function.ID: from a run's start on the worker to its result
	leads  estimates // by the batching function's ID: forming a batch, its copy in and its request
	copies estimates // by the batching function's ID: its batches' copy to the device
	// Scratch of the hot path: the request being sent, the result being read, the outputs
	// being copied out.
	req   worker.Invoke
	wref  worker.WeightsRef // what req.Weights points to for a function with weights
	res   worker.Result
	parts [][]byte
}

// pending is an invocation sent to the slot's worker, in one of its contexts.
type pending struct {
	inv        *call.Invocation // nil once answered early (see waited); its result is read and dropped
	fn         *call.Function
	family     *call.Function // family(inv): whose callers' data its context holds (isolate)
	tenant     string
	inputs     []shm.Span
	out        shm.Span
	id         uint64    // the request's ID
	sent       time.Time // when the request was written
	start      time.Time // when the worker could start on it: sent, or the answer before it
	attempt    int       // 1 once sent again after the worker had dropped its code
	prefetched bool      // taken by the slot while another ran: the slot counts it done
	alone      bool      // it must run alone (Sched.Exclusive): nothing is sent behind it
	streamed   bool      // its inputs went in after its request (slot.streams)
	// body: its input came from the client's connection into the context only (body.go): it
	// is copied into the invocation's Inputs[0] (keepBody) only if the invocation may run again.
	body bool
	// kill is the server's deadline of the request (Config.Timeout after start): a worker that
	// has not answered it by then is killed and the function struck. The caller's own deadline
	// (Invocation.Deadline) only ends the caller's wait: the invocation is answered then and its
	// result dropped when it comes (inv nil).
	kill time.Time
}

// holder names whose data a context may hold: one function's, for one caller.
type holder struct {
	set    bool
	fn     uint64 // Function.ID of the invocation's family: a registration
	tenant string
}

// reset forgets everything of the previous worker: a new one (of device architecture arch)
// has nothing loaded, holds no tenant's code or weights and has fresh contexts.
func (f *inflight) reset(arch string) {
	f.libs, f.funcs, f.arch, f.owner = map[[32]byte]bool{}, map[uint64]bool{}, arch, ""
	f.held, f.broken, f.full = [2]holder{}, nil, false
}

// hasCode reports whether the worker has fn's library and plan.
func (f *inflight) hasCode(fn *call.Function) bool {
	if !f.funcs[fn.ID] || !f.libs[fn.Lib.For(f.arch).Hash] {
		return false
	}
	for _, l := range fn.Extra {
		if !f.libs[l.For(f.arch).Hash] {
			return false
		}
	}
	return true
}

// loaded records that the worker has fn's libraries and plan (it answered a request for it).
func (f *inflight) loaded(fn *call.Function) {
	f.libs[fn.Lib.For(f.arch).Hash] = true
	for _, l := range fn.Extra {
		f.libs[l.For(f.arch).Hash] = true
	}
	f.funcs[fn.ID] = true
}

// forget records that the worker dropped fn's libraries or plan: the next request carries all.
func (f *inflight) forget(fn *call.Function) {
	delete(f.libs, fn.Lib.For(f.arch).Hash)
	for _, l := range fn.Extra {
		delete(f.libs, l.For(f.arch).Hash)
	}
	delete(f.funcs, fn.ID)
}

// isolate is called before inv's inputs go into context ci of worker w: every other context
// that may hold data of another function or another caller is zeroed, so that while inv's
// kernels run, the worker's pinned memory holds nothing but data of inv's function and caller
// (docs/security.md; a batch's function is the batching function its members invoked, whatever
// variant runs them: family). Inputs stay in a context until its next use, so after a
// pipelined run the other context still holds the last input of the run's caller. A context
// zeroed here is idle: the only contexts the worker may use meanwhile are those of requests in
// flight, which hold data of inv's function and caller (slot.prefetch sends nothing else).
func (f *inflight) isolate(w Worker, ci int, inv *call.Invocation) {
	for j := range w.Contexts() {
		h := &f.held[j]
		if j == ci || !h.set || h.fn == family(inv).ID && h.tenant == inv.Tenant {
			continue
		}
		w.Context(j).Scrub()
		*h = holder{}
	}
	f.held[ci] = holder{set: true, fn: family(inv).ID, tenant: inv.Tenant}
}

// start copies inv's inputs into context ci and sends it to the worker (prefetched: taken while
// another runs, pipeline.go). It returns false when inv was answered (or put back) instead.
func (s *slot) start(inv *call.Invocation, ci int, prefetched bool) bool {
	now := time.Now()
	inv.Timing.Queue = now.Sub(inv.Sched.Enqueued)
	if now.After(inv.Deadline) {
		s.failTaken(inv, prefetched, call.Errorf(call.CodeDeadline, "the deadline passed while the invocation was queued (%v in the queue)", inv.Timing.Queue.Round(time.Millisecond)))
		return false
	}
	if err := s.e.quarantined(inv.Fn, inv.Tenant); err != nil {
		s.failTaken(inv, prefetched, err)
		return false
	}
	if !s.ownFor(inv.Fn) {
		s.failTaken(inv, prefetched, call.Errorf(call.CodeExited, "the worker failed to drop another tenant's code before this invocation"))
		return false
	}
	w := s.life.w
	inv.Sched.Worker = s.id
	prev := s.pipe.held[ci]
	ctx := w.Context(ci)
	streamed := s.streams(ctx, inv, prefetched, prev)
	if inv.Body != nil && !streamed && !s.readBody(inv) {
		// body.go: it cannot stream here, and its body broke off before the context was
		// touched (isolate would record it as the caller's while it holds another's data).
		return false
	}
	s.pipe.isolate(w, ci, inv)
	ctx.Begin()
	p := &s.pipe.pend[ci]
	p.inputs = p.inputs[:0]
	p.streamed = streamed
	if p.streamed {
		if !s.reserveInputs(ctx, p, inv, prefetched) {
			return false
		}
	} else if !s.putInputs(ctx, p, inv, prefetched) { // batch.go
		return false
	}
	p.out = ctx.OutputArea()
	inv.Timing.CopyIn = time.Since(now)
	p.inv, p.fn, p.tenant, p.attempt, p.prefetched, p.alone = inv, inv.Fn, inv.Tenant, 0, prefetched, inv.Sched.Exclusive
	p.family = family(inv)
	p.body = false
	if inv.Sched.Reruns > 0 {
		s.e.rec.sent(inv, s.id)
	}
	if !s.send(ci) {
		return false
	}
	if p.streamed {
		// The request is on its way: the worker decodes it, finds its code and plan and
		// allocates while the inputs go in, and copies each part to the device once it is there.
		t := time.Now()
		s.e.stats.streamed.Add(1)
		if inv.Body != nil {
			// body.go: from the client's connection (an invocation whose body fails is
			// answered there, and the worker's answer to the given-up inputs dropped).
			s.pourBody(ctx, p.inputs[0], p)
		} else {
			for i, in := range inv.Inputs {
				ctx.Stream(p.inputs[i], in)
			}
		}
		inv.Timing.CopyIn += time.Since(t)
	}
	return true
}

// StreamMinBytes is the smallest total input that is streamed (Config.NoStream): below it the
// copy in takes less than the worker's wake-up, and nothing is gained by overlapping them.
const StreamMinBytes = call.StreamMinBytes

// streams says whether inv's inputs go into context ctx after its request is sent (worker.Invoke
// .Streamed) rather than before: for a lone invocation (a batch gathers its members' inputs)
// of at least StreamMinBytes, taken when the worker may be idle (a prefetched one is written
// while the worker runs another: nothing waits for its copy), into a context with a watermark
// that holds nothing or only data of inv's function and caller (prev, its holder before inv).
// Until the stream has overwritten them, the reserved spans hold what the context's last
// invocation left there, and the worker may run the function's kernels before its copies: an
// init flow, when it places the function's weight set. So a context that holds another
// function's or another caller's data is written before the request, as always.
func (s *slot) streams(ctx *shm.Context, inv *call.Invocation, prefetched bool, prev holder) bool {
	if prev.set && (prev.fn != family(inv).ID || prev.tenant != inv.Tenant) {
		return false
	}
	return !s.e.cfg.NoStream && !prefetched && inv.Batch == nil && ctx.Streams() && inputBytes(inv) >= StreamMinBytes
}

// reserveInputs takes the spans of inv's inputs in context ctx, to be streamed after the
// request (start). It returns false when inv was answered instead.
func (s *slot) reserveInputs(ctx *shm.Context, p *pending, inv *call.Invocation, prefetched bool) bool {
	for _, in := range inv.Inputs {
		sp, err := ctx.Reserve(uint64(len(in)))
		if err != nil {
			s.failTaken(inv, prefetched, call.Errorf(call.CodeTooLarge, "%v", err))
			return false
		}
		p.inputs = append(p.inputs, sp)
	}
	return true
}

// weightsRef fills ref from a function's weight set binding (its ranges only with the
// config, which the worker keeps them with) and returns it; nil for a function without one.
func weightsRef(ref *worker.WeightsRef, ws *call.WeightSet, withConfig bool) *worker.WeightsRef {
	if ws == nil {
		return nil
	}
	*ref = worker.WeightsRef{SHA256: ws.SHA256, Path: ws.Path, DataOffset: ws.DataOffset, DataBytes: ws.DataBytes, Owner: ws.Owner}
	if withConfig {
		ref.Ranges = ws.Ranges
	}
	return ref
}

// takeOwner records that the worker may hold fn's owner's code from now on. A worker that held
// nobody's goes over the preload log again: its new tenant's functions published before may
// now be preloaded into it (preload.go).
func (s *slot) takeOwner(fn *call.Function) {
	if fn.Owner == "" {
		return
	}
	if s.pipe.owner == "" {
		s.preNext.Store(0)
	}
	s.pipe.owner = fn.Owner
}

// codeRefs fills r's function, library and weight references for fn: the config (with the weight
// set's ranges) and each library's image only where the worker lacks them.
func (f *inflight) codeRefs(r *worker.Invoke, fn *call.Function) {
	r.FuncID = fn.ID
	lib := fn.Lib.For(f.arch)
	r.Lib.Hash, r.Lib.Kind = lib.Hash, lib.Kind
	r.Config, r.Lib.Image = nil, nil
	if !f.funcs[fn.ID] {
		r.Config = fn.Config
	}
	r.Weights = weightsRef(&f.wref, fn.Weights, r.Config != nil)
	if !f.libs[lib.Hash] {
		r.Lib.Image = lib.Image
	}
	r.Extra = r.Extra[:0]
	for _, x := range fn.Extra {
		l := x.For(f.arch)
		ref := worker.LibRef{Hash: l.Hash, Kind: l.Kind}
		if !f.libs[l.Hash] {
			ref.Image = l.Image
		}
		r.Extra = append(r.Extra, ref)
	}
}

// dropRefs lets go of the config and images a sent request pointed to.
func dropRefs(r *worker.Invoke) {
	r.Config, r.Lib.Image = nil, nil
	for i := range r.Extra {
		r.Extra[i].Image = nil
	}
}

// send writes the request of the invocation in context ci (again, after the worker dropped its
// code) and queues it for receive.
func (s *slot) send(ci int) bool {
	f := &s.pipe
	p := &f.pend[ci]
	inv := p.inv
	r := &f.req
	r.Inputs, r.Output, r.Context, r.Streamed = p.inputs, p.out, uint32(ci), p.streamed
	s.takeOwner(inv.Fn)
	f.codeRefs(r, inv.Fn)
	r.LaunchLimit = inv.LaunchLimit
	r.ID = s.life.w.NextID()
	p.id = r.ID
	p.sent = time.Now()
	p.start = p.sent
	p.kill = p.sent.Add(s.e.runLimit(inv.Fn))
	s.flight.Store(int32(len(f.order) + 1))
	err := s.life.w.Send(worker.MsgInvoke, r, r.ID, p.kill)
	dropRefs(r)
	r.Inputs = nil
	if err != nil && inv.Body != nil && !s.readBody(inv) {
		// A streamed body is read whole before inv may go back to the queue (body.go); it
		// broke off, and inv is answered. The worker, whose request was not written whole,
		// is replaced as for any failed call.
		s.flight.Store(int32(len(f.order)))
		p.inv = nil
		s.dropFailed(p, err)
		s.settle(p)
		return false
	}
	if err != nil {
		s.flight.Store(int32(len(f.order)))
		if len(f.order) > 0 {
			// Another request is in flight: this one never reached the worker whole (part of
			// it may be in the pipe, so nothing more is sent to this worker; it is replaced
			// once the earlier ones are answered). It waits for the next worker; receiving the
			// earlier one's result tells what happened.
			f.broken = err
			s.putBack(p)
			return false
		}
		s.callFailed(inv, err)
		s.settle(p)
		return false
	}
	f.order = append(f.order, ci)
	return true
}
