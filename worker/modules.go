package worker

import (
	"fmt"

	"gpufn/call"
	"gpufn/gpu"
)

// resolveLibs is resolve for a function whose kernels come from several libraries (Dandelion
// v2's modules: Invoke.Lib and Invoke.Extra, in the order of Plan.Libraries): each library is
// a module of its own, cached by hash like any other, and kernel k is looked up in the module
// of Plan.KernelLibrary[k].
func (e *Executor) resolveLibs(pl *plan, req *Invoke, st *Stages) error {
	p := pl.p
	n := 1 + len(req.Extra)
	if len(p.Libraries) != n || len(p.KernelLibrary) != len(p.Kernels) {
		return codeErr(call.CodeInternal, "the function has %d libraries; the request names %d", len(p.Libraries), n)
	}
	ref := func(i int) *LibRef {
		if i == 0 {
			return &req.Lib
		}
		return &req.Extra[i-1]
	}
	resolved := pl.fns != nil && pl.libHash == req.Lib.Hash && len(pl.extra) == len(req.Extra) && e.cachedAll(pl, req)
	// Each library is a lookup of the cache (a hit or a load, counted by its own size); the
	// modules this invocation uses are not evicted to make room for its others.
	mods := make([]*module, n)
	for i := range n {
		m, err := e.lookup(ref(i), st)
		if err != nil {
			return err
		}
		mods[i] = m
	}
	if resolved {
		return nil
	}
	fns := make([]gpu.Function, len(p.Kernels))
	for k, name := range p.Kernels {
		f, err := e.dev.Function(mods[p.KernelLibrary[k]].m, name)
		if err != nil {
			return &execError{code: call.CodeKernelNotFound, err: fmt.Errorf("kernel %q of library %s: %w", name, p.Libraries[p.KernelLibrary[k]], err)}
		}
		fns[k] = f
	}
	extra := make([][32]byte, len(req.Extra))
	for i := range req.Extra {
		extra[i] = req.Extra[i].Hash
	}
	pl.fns, pl.libHash, pl.extra = fns, req.Lib.Hash, extra
	return nil
}

// cachedAll reports whether every module of the request is cached and the plan's kernels were
// resolved in them.
func (e *Executor) cachedAll(pl *plan, req *Invoke) bool {
	if !e.modules.peek(req.Lib.Hash) {
		return false
	}
	for i := range req.Extra {
		h := req.Extra[i].Hash
		if !e.modules.peek(h) || pl.extra[i] != h {
			return false
		}
	}
	return true
}
