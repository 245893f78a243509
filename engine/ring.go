package engine

import (
	"math"

	"gpufn/call"
)

// ring is a FIFO of invocations bounded by limit for push; pushFront (re-runs) may exceed the
// limit and grows the buffer. Not safe for concurrent use (sched.mu guards it).
type ring struct {
	buf   []*call.Invocation
	head  int
	n     int
	limit int
}

func newRing(limit int) ring { return ring{buf: make([]*call.Invocation, limit), limit: limit} }

func (r *ring) len() int { return r.n }

func (r *ring) grow() {
	nb := make([]*call.Invocation, 2*len(r.buf)+1)
	for i := 0; i < r.n; i++ {
		nb[i] = r.buf[(r.head+i)%len(r.buf)]
	}
	r.buf, r.head = nb, 0
}

// push appends inv; it reports false when the ring holds limit invocations.
func (r *ring) push(inv *call.Invocation) bool {
	if r.n >= r.limit {
		return false
	}
	if r.n == len(r.buf) {
		r.grow()
	}
	r.buf[(r.head+r.n)%len(r.buf)] = inv
	r.n++
	return true
}

// pushFront puts inv at the head, whatever the limit: a re-run is never lost.
func (r *ring) pushFront(inv *call.Invocation) { r.insertAt(0, inv) }

func (r *ring) peek() *call.Invocation {
	if r.n == 0 {
		return nil
	}
	return r.buf[r.head]
}

func (r *ring) pop() *call.Invocation {
	if r.n == 0 {
		return nil
	}
	inv := r.buf[r.head]
	r.buf[r.head] = nil
	r.head = (r.head + 1) % len(r.buf)
	r.n--
	return inv
}

// removeIf removes, in order, every invocation for which f is true, appending them to out.
func (r *ring) removeIf(out []*call.Invocation, f func(*call.Invocation) bool) []*call.Invocation {
	kept := 0
	n := r.n
	for i := 0; i < n; i++ {
		inv := r.buf[(r.head+i)%len(r.buf)]
		if f(inv) {
			out = append(out, inv)
			continue
		}
		r.buf[(r.head+kept)%len(r.buf)] = inv
		kept++
	}
	for i := kept; i < n; i++ {
		r.buf[(r.head+i)%len(r.buf)] = nil
	}
	r.n = kept
	return out
}

// removeFirst removes and returns the first invocation for which f is true (nil: none),
// keeping the others in order.
func (r *ring) removeFirst(f func(*call.Invocation) bool) *call.Invocation {
	var one [1]*call.Invocation
	found := false
	if out := r.removeIf(one[:0], func(inv *call.Invocation) bool {
		if found || !f(inv) {
			return false
		}
		found = true
		return true
	}); len(out) == 1 {
		return out[0]
	}
	return nil
}

// removeLeastBlamed removes and returns, of the invocations for which f is true, the first
// with the least blame (b) (nil: none), keeping the others in order. Each one's blame is read
// once, so that a failure recorded meanwhile cannot make it miss the one it chose.
func (r *ring) removeLeastBlamed(f func(*call.Invocation) bool, b *blame) *call.Invocation {
	best, least := -1, uint32(math.MaxUint32)
	for i := 0; i < r.n; i++ {
		if inv := r.buf[(r.head+i)%len(r.buf)]; f(inv) {
			if n := b.of(inv); best < 0 || n < least {
				best, least = i, n
			}
		}
	}
	if best < 0 {
		return nil
	}
	return r.removeAt(best)
}

// removeAt removes and returns the invocation at position i (0: the head), keeping the others
// in order.
func (r *ring) removeAt(i int) *call.Invocation {
	inv := r.buf[(r.head+i)%len(r.buf)]
	for j := i; j < r.n-1; j++ {
		r.buf[(r.head+j)%len(r.buf)] = r.buf[(r.head+j+1)%len(r.buf)]
	}
	r.buf[(r.head+r.n-1)%len(r.buf)] = nil
	r.n--
	return inv
}

// leading is how many invocations from the head on hold f, up to the first that does not.
func (r *ring) leading(f func(*call.Invocation) bool) int {
	for i := 0; i < r.n; i++ {
		if !f(r.buf[(r.head+i)%len(r.buf)]) {
			return i
		}
	}
	return r.n
}

// insertAt puts inv at position i (0: the head; r.len(): the tail), whatever the limit, as
// pushFront does.
func (r *ring) insertAt(i int, inv *call.Invocation) {
	if r.n == len(r.buf) {
		r.grow()
	}
	r.head = (r.head - 1 + len(r.buf)) % len(r.buf)
	for j := 0; j < i; j++ {
		r.buf[(r.head+j)%len(r.buf)] = r.buf[(r.head+j+1)%len(r.buf)]
	}
	r.buf[(r.head+i)%len(r.buf)] = inv
	r.n++
}
