package netspin

import (
	"math"
	"sync/atomic"
	"time"
)

// Limiter is the spinning shared by a set of connections (a listener's, a client's): the
// budget of each read's spin, and the bound on the reads spinning at once, so that spinning
// never takes more than that many threads from the work. Its counters are for tests and
// diagnostics. It is safe for concurrent use.
type Limiter struct {
	max     int32
	budget  atomic.Int64 // ns; 0: no spinning
	active  atomic.Int32
	peak    atomic.Int32
	spins   atomic.Int64 // reads that spun (took a slot)
	refused atomic.Int64 // reads that wanted to spin but found every slot taken
	spunOut atomic.Int64 // reads that spun to their end without data and parked
	gated   atomic.Int64 // reads that wanted to spin while the gate was shut
	gate    atomic.Pointer[func() bool]
}

// SetGate makes reads spin only while open returns true (nil: always, the default): a server
// spins only while it is quiet (engine.Waiters), when a wake-up is dear and a core cheap.
func (l *Limiter) SetGate(open func() bool) {
	if open == nil {
		l.gate.Store(nil)
		return
	}
	l.gate.Store(&open)
}

// Gated returns how many reads found the socket empty while the gate was shut, and parked at
// once.
func (l *Limiter) Gated() int64 { return l.gated.Load() }

// NewLimiter returns a limiter of n spinners (at least 1) and a budget of 0 (no spinning
// until SetBudget). How many spinners a caller allows is its own choice: the server spares
// most of its cores for the work, the load generator all but one for its waiting readers.
func NewLimiter(n int) *Limiter {
	return &Limiter{max: int32(min(max(n, 1), math.MaxInt32))}
}

// Max returns the most reads that spin at once.
func (l *Limiter) Max() int { return int(l.max) }

// SetBudget sets how long a read that finds the socket empty spins before it parks (<= 0: it
// parks at once). It applies to the reads that start after it.
func (l *Limiter) SetBudget(d time.Duration) { l.budget.Store(int64(max(d, 0))) }

// Budget returns the spin budget.
func (l *Limiter) Budget() time.Duration { return time.Duration(l.budget.Load()) }

// Acquire takes a spinning slot; false when the gate is shut (counted as gated) or every slot
// is taken (counted as refused). A
// compare-and-swap, not an add and an undo, so that the count never shows more spinners than
// the bound, even for an instant.
func (l *Limiter) Acquire() bool {
	if g := l.gate.Load(); g != nil && !(*g)() {
		l.gated.Add(1)
		return false
	}
	for {
		n := l.active.Load()
		if n >= l.max {
			l.refused.Add(1)
			return false
		}
		if l.active.CompareAndSwap(n, n+1) {
			for {
				p := l.peak.Load()
				if n+1 <= p || l.peak.CompareAndSwap(p, n+1) {
					break
				}
			}
			l.spins.Add(1)
			return true
		}
	}
}

// Release gives back a slot that Acquire took.
func (l *Limiter) Release() { l.active.Add(-1) }

// Active returns how many reads spin now.
func (l *Limiter) Active() int { return int(l.active.Load()) }

// Peak returns the most reads that spun at once.
func (l *Limiter) Peak() int { return int(l.peak.Load()) }

// Spins returns how many reads took a slot and spun.
func (l *Limiter) Spins() int64 { return l.spins.Load() }

// Refused returns how many reads found the socket empty and every slot taken, and parked at
// once.
func (l *Limiter) Refused() int64 { return l.refused.Load() }

// SpunOut returns how many reads spun to their end (the budget or the read deadline) without
// data, gave their slot back and parked.
func (l *Limiter) SpunOut() int64 { return l.spunOut.Load() }
