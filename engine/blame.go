package engine

import (
	"sync"
	"sync/atomic"

	"gpufn/call"
)

// blame remembers whose code and which callers failed alone: every conclusive fault or overrun
// (slot.culprit, and an overrun whose caller was answered already: slot.dropFailed) counts against the function's code (its libraries, kernels and config, so that
// registering the same function again keeps its record) and against the caller. A rescue
// worker uses it to order the victims of a fault (queue.takeWhileReaping): under MPS every
// client sees a fault, the culprit is often among the victims put back, and a rescue worker
// that runs it first faults too and restarts (0.7-0.9 s) while the innocents behind it wait.
// Faults repeat (the same broken kernel, the same hostile caller), so the victims with the
// least blame go first. It orders lone runs only: every victim still runs, alone, and nothing
// is answered on blame.
//
// Each engine (each GPU) keeps its own record. Bounded: past blameKeys keys it starts again
// from nothing (a recovery then orders as the queue does).
type blame struct {
	any atomic.Bool // something was recorded: the take skips the lock while false
	mu  sync.Mutex
	n   map[string]uint32
}

// blameKeys bounds the record.
const blameKeys = 4096

// codeKey names fn's code in the record (call.Function.CodeDigest).
func codeKey(fn *call.Function) string {
	d := fn.CodeDigest()
	return "c" + string(d[:])
}

// callerKey names a caller in the record.
func callerKey(tenant string) string { return "t" + tenant }

// record counts a failure alone of fn's, invoked by caller tenant, against fn's code and the
// caller.
func (b *blame) record(fn *call.Function, tenant string) {
	if fn == nil {
		return
	}
	code, caller := codeKey(fn), callerKey(tenant)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.n == nil || len(b.n) >= blameKeys-1 {
		b.n = make(map[string]uint32)
	}
	b.n[code]++
	b.n[caller]++
	b.any.Store(true)
}

// of is inv's blame: the failures counted against its function's code and its caller.
func (b *blame) of(inv *call.Invocation) uint32 {
	if !b.any.Load() || inv.Fn == nil {
		return 0
	}
	code, caller := codeKey(inv.Fn), callerKey(inv.Tenant)
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.n[code] + b.n[caller]
}
