package engine

import (
	"time"

	"gpufn/call"
	"gpufn/shm"
	"gpufn/worker"
)

// The fake worker's goroutine: it runs requests one at a time, in the order they were sent.

// serve is the fake worker process: it runs requests until it is stopped, killed, or its
// device is lost.
func (w *fakeWorker) serve() {
	defer w.exit()
	for {
		var r fakeReq
		select {
		case r = <-w.reqs:
		case <-w.kill:
			return
		}
		if r.stop {
			return
		}
		w.current.Store(r.id)
		res, ok := w.handle(r)
		if !ok {
			return // killed, or exited without an answer
		}
		// Under MPS a fatal fault takes down the clients of the GPU at the fault: those live
		// now, not a worker the engine starts after it has seen the fault (the daemon does not
		// take new clients before its old ones are gone).
		var clients []*fakeWorker
		if res.Err != nil && res.Err.Fatal && w.g.mps && !w.own {
			clients = w.g.live("")
		}
		hold := res.Err != nil && res.Err.Fatal && w.g.holdFaulted.CompareAndSwap(true, false)
		if hold {
			w.held = make(chan struct{})
			w.holding.Store(true)
		}
		w.results <- res // capacity 8: far more than the requests in flight
		if res.Err != nil && res.Err.Fatal {
			if hold { // the neighbours die once the slot's driver holds the answer
				select {
				case <-w.held:
				case <-time.After(5 * time.Second):
				}
			}
			w.g.teardown(w, clients)
			return
		}
	}
}

// exit ends the worker: its pool is freed and Done closed.
func (w *fakeWorker) exit() {
	w.g.mu.Lock()
	w.pool = 0
	w.g.mu.Unlock()
	close(w.done)
}

// teardown kills every other worker of clients, as a fatal fault under MPS does.
func (g *fakeGPU) teardown(from *fakeWorker, clients []*fakeWorker) {
	for _, o := range clients {
		g.mu.Lock()
		spared := o.standby || o.own
		g.mu.Unlock()
		if o != from && !spared { // a standby is no client of the GPU yet, a rescue worker none
			o.Terminate()
		}
	}
}

// handle runs one request; it reports false when the worker is to exit without an answer.
func (w *fakeWorker) handle(r fakeReq) (worker.Result, bool) {
	if r.pool {
		return w.poolCmd(r), true
	}
	if r.drop != nil {
		w.g.mu.Lock()
		w.g.drops = append(w.g.drops, fakeDrop{worker: w.id, cmd: *r.drop})
		w.g.mu.Unlock()
		return worker.Result{ID: r.id}, true
	}
	defer func() {
		w.g.mu.Lock()
		w.busy[r.context] = false
		w.g.mu.Unlock()
	}()
	if w.evict.Swap(false) {
		clear(w.funcs)
		clear(w.libs)
	}
	res := worker.Result{ID: r.id}
	what, ok := w.funcs[r.funcID]
	switch {
	case !ok && r.config == nil:
		res.Err = &worker.WireError{Code: call.CodeFunctionMissing, Message: "fake: no config for this function"}
		return res, true
	case !w.libs[r.lib] && !r.image:
		res.Err = &worker.WireError{Code: call.CodeLibraryMissing, Message: "fake: no image for this library"}
		return res, true
	case !ok && string(r.config) == doMissing:
		res.Err = &worker.WireError{Code: call.CodeFunctionMissing, Message: "fake: the config does not compile here"}
		return res, true
	case !ok:
		what = string(r.config)
		w.funcs[r.funcID] = what
	}
	w.libs[r.lib] = true
	ctx := w.contexts[r.context]
	if r.streamed {
		if err, alive := w.awaitInputs(r); !alive {
			return res, false
		} else if err != nil {
			res.Err = err
			return res, true
		}
	}
	input := string(slice(ctx, r.inputs[0]))
	run := w.g.began(w, what, input)
	defer w.g.ended(run)
	switch what {
	case doGate:
		w.g.nentered.Add(1)
		w.g.entered <- input
		select {
		case <-w.g.allowed:
		case <-w.g.gate(input):
		case <-w.kill:
			return res, false
		}
	case doHang:
		<-w.kill
		return res, false
	case doExit:
		return res, false
	case doFault:
		res.Err = &worker.WireError{Code: call.CodeKernelFault, Message: "fake: illegal address", Fatal: true}
		return res, true
	case doOOM:
		res.Err = &worker.WireError{Code: call.CodeOutOfMemory, Message: "fake: out of memory"}
		return res, true
	}
	res.Outputs = fakeEcho(ctx, r.inputs, r.output)
	return res, true
}

// awaitInputs waits, as a worker process does, until the watermark of r's context is past its
// inputs, or says that the server gave them up (an error to answer); alive is false when the
// worker was killed meanwhile.
func (w *fakeWorker) awaitInputs(r fakeReq) (err *worker.WireError, alive bool) {
	end := r.inputs[len(r.inputs)-1].End()
	for {
		switch m := w.marks[r.context].Load(); {
		case m == shm.InputsAborted:
			return &worker.WireError{Code: call.CodeBadRequest, Message: "fake: the inputs were given up"}, true
		case m >= end:
			return nil, true
		}
		select {
		case <-w.kill:
			return nil, false
		case <-time.After(50 * time.Microsecond):
		}
	}
}

// fakeEcho copies the inputs into the output area, each output 8-byte aligned, as a worker does.
func fakeEcho(ctx *shm.Context, inputs []shm.Span, out shm.Span) []shm.Span {
	var spans []shm.Span
	off := out.Off
	for _, in := range inputs {
		b := slice(ctx, in)
		copy(ctx.Bytes()[off:], b)
		spans = append(spans, shm.Span{Off: off, Len: uint64(len(b))})
		off = (off + uint64(len(b)) + 7) &^ 7
	}
	return spans
}

func slice(ctx *shm.Context, sp shm.Span) []byte {
	b, err := ctx.Slice(sp)
	if err != nil {
		panic(err)
	}
	return b
}

// poolCmd gives the pool back, takes one of r.bytes, or all the GPU has left.
func (w *fakeWorker) poolCmd(r fakeReq) worker.Result {
	g := w.g
	g.mu.Lock()
	defer g.mu.Unlock()
	res := worker.Result{ID: r.id}
	free := g.capacity - g.poolsLocked(w)
	switch {
	case r.bytes == worker.PoolAll:
		w.pool, w.tookAll = free, free
		res.Outputs = []shm.Span{{Len: free}}
	case r.bytes > free:
		res.Err = &worker.WireError{Code: call.CodeOutOfMemory, Message: "fake: no memory for the pool"}
	default:
		w.pool = r.bytes
	}
	return res
}

// began records a run starting on w: it and every run under way overlap.
func (g *fakeGPU) began(w *fakeWorker, fn, input string) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	alone := true
	for i := range g.runs {
		if g.runs[i].running {
			g.runs[i].alone, alone = false, false
		}
	}
	g.runs = append(g.runs, fakeRun{worker: w.id, pid: w.pid, fn: fn, input: input, alone: alone, running: true})
	return len(g.runs) - 1
}

// ended records the end of run i.
func (g *fakeGPU) ended(i int) {
	g.mu.Lock()
	g.runs[i].running = false
	g.mu.Unlock()
}

// WaitReply waits for the next result without taking it (it is kept for the next Poll or
// ReceiveParked), for the worker's end, or until deadline.
func (w *fakeWorker) WaitReply(id uint64, deadline time.Time) error {
	w.awaited.Store(id)
	if w.peeked != nil {
		return nil
	}
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case r := <-w.results:
		w.peeked = &r
		return nil
	case <-w.done:
		return nil
	case <-t.C:
		return worker.ErrDeadline
	}
}

func (w *fakeWorker) unpeek() *worker.Result {
	r := w.peeked
	w.peeked = nil
	return r
}
