package engine

// ring is a bounded FIFO of invocations. Not safe for concurrent use (Engine.mu guards it).
type ring struct {
	buf  []*Invocation
	head int
	n    int
}

func newRing(capacity int) ring { return ring{buf: make([]*Invocation, capacity)} }

func (r *ring) len() int { return r.n }

func (r *ring) push(inv *Invocation) bool {
	if r.n == len(r.buf) {
		return false
	}
	r.buf[(r.head+r.n)%len(r.buf)] = inv
	r.n++
	return true
}

func (r *ring) pop() *Invocation {
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
func (r *ring) removeIf(out []*Invocation, f func(*Invocation) bool) []*Invocation {
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
