package worker

import (
	"errors"
	"time"

	"gpufn/call"
)

// ErrNoRoom answers a preload that would need room the worker's caches do not have free: a
// preload never evicts a module or a plan (they may be some other function's hot ones).
var ErrNoRoom = errors.New("no room in the worker's caches for a preload without evicting")

// Preload loads the plan and the libraries of req's function and looks its kernels up (the
// work a first invocation does before its inputs go to the device), without running it: the
// function's first invocation on this worker then finds everything loaded (MsgLoad, sent by
// an engine to idle workers when a function is registered: docs/engines.md "Preloading").
// req carries no inputs and no weight set; its Config and library images travel as with a
// first invocation. It evicts nothing: when the module cache lacks room for the modules not
// loaded yet (as ModuleFootprint counts them), or the plan cache is full, it loads nothing
// and answers out_of_memory wrapping ErrNoRoom. res has the module stages (Load, Module,
// CacheBytes) as an invocation's would. What it loads ranks as least recently used in both
// caches, so that they evict it before anything an invocation used.
func (e *Executor) Preload(req *Invoke, res *Result) {
	e.ZeroOwed()
	start := time.Now()
	res.ID = req.ID
	res.Outputs = res.Outputs[:0]
	res.Err = nil
	res.Stages = Stages{}
	if err := e.preload(req, &res.Stages); err != nil {
		res.Err = ToWire(err)
	}
	res.Resident = e.rstats
	res.Stages.Total = time.Since(start).Nanoseconds()
}

func (e *Executor) preload(req *Invoke, st *Stages) error {
	_, planned := e.funcs[req.FuncID]
	if !planned && len(e.funcs) >= e.maxFuncs {
		return &execError{code: call.CodeOutOfMemory, err: ErrNoRoom}
	}
	var need uint64
	var fresh [][32]byte // the libraries this preload loads
	add := func(l *LibRef) {
		if !e.modules.peek(l.Hash) && l.Image != nil {
			need += ModuleFootprint(l.Image)
			fresh = append(fresh, l.Hash)
		}
	}
	add(&req.Lib)
	for i := range req.Extra {
		add(&req.Extra[i])
	}
	if need > 0 && e.modules.bytes+need > e.modules.max {
		st.CacheBytes = int64(e.modules.bytes)
		return &execError{code: call.CodeOutOfMemory, err: ErrNoRoom}
	}
	pl, err := e.plan(req)
	if err != nil {
		return err
	}
	err = e.resolveAll(pl, req, st)
	// What the preload brought ranks below everything invocations used: the caches evict it
	// first (a function nobody invoked yet must not outrank hot ones).
	for _, h := range fresh {
		e.modules.demote(h)
	}
	if !planned {
		pl.lastUse = 0
	}
	return err
}
