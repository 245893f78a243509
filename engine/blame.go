package engine

import (
	"sync"
	"sync/atomic"

	"gpufn/call"
)

// blame remembers whose code and which callers failed alone: every conclusive fault or overrun
// (slot.culprit, and an overrun whose caller was answered already: slot.dropFailed) counts
// against the function's code (call.Function.CodeDigest: its libraries, kernels and config, so
// that registering the same function again keeps its record) and against the caller. A rescue
// worker uses it to order the victims of a fault (queue.takeWhileReaping, popLeastBlamed): under
// MPS every client sees a fault, the culprit is often among the victims put back, and a rescue
// worker that runs it first faults too and restarts (0.7-0.9 s) while the innocents behind it
// wait. Faults repeat (the same broken kernel, the same hostile caller), so the victims with
// the least blame go first. It orders lone runs only: every victim still runs, alone, and
// nothing is answered on blame.
//
// Each engine (each GPU) keeps its own record. Bounded: past blameKeys codes and callers it
// starts again from nothing (a recovery then orders as the queue does).
type blame struct {
	any     atomic.Bool // something was recorded: the take skips the lock while false
	mu      sync.Mutex
	codes   map[[32]byte]uint32
	callers map[string]uint32
}

// blameKeys bounds the record.
const blameKeys = 4096

// record counts a failure alone of fn's, invoked by caller tenant, against fn's code and the
// caller.
func (b *blame) record(fn *call.Function, tenant string) {
	if fn == nil {
		return
	}
	code := fn.CodeDigest()
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.codes == nil || len(b.codes)+len(b.callers) >= blameKeys-1 {
		b.codes, b.callers = map[[32]byte]uint32{}, map[string]uint32{}
	}
	b.codes[code]++
	b.callers[tenant]++
	b.any.Store(true)
}

// of is inv's blame: the failures counted against its function's code and its caller.
func (b *blame) of(inv *call.Invocation) uint32 {
	if !b.any.Load() || inv.Fn == nil {
		return 0
	}
	code := inv.Fn.CodeDigest()
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.codes[code] + b.callers[inv.Tenant]
}
