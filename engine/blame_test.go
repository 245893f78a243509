package engine

import (
	"fmt"
	"testing"

	"gpufn/call"
)

// blameInv is an invocation of fn by tenant, for the blame record's tests.
func blameInv(fn *call.Function, tenant string) *call.Invocation {
	inv := call.Acquire()
	inv.Fn, inv.Tenant = fn, tenant
	return inv
}

// A failure counts against the function's code, whatever registration of it (the same
// libraries, kernels and config), and against its caller; another function of another caller
// has no blame. Past blameKeys keys the record starts again.
func TestBlameRecord(t *testing.T) {
	var b blame
	bad, good := fakeFn(doFault), fakeFn(doEcho)
	again := fakeFn(doFault) // registered again: a new ID, the same code
	if again.ID == bad.ID || again.CodeDigest() != bad.CodeDigest() || good.CodeDigest() == bad.CodeDigest() {
		t.Fatalf("code digests: a registration again must match, another function must not")
	}
	if n := b.of(blameInv(bad, "a")); n != 0 {
		t.Fatalf("blame %d before any failure", n)
	}
	b.record(bad, "a")
	for _, c := range []struct {
		fn     *call.Function
		tenant string
		want   uint32
	}{
		{bad, "a", 2},   // its code and its caller
		{again, "b", 1}, // its code only
		{good, "a", 1},  // its caller only
		{good, "b", 0},
	} {
		if got := b.of(blameInv(c.fn, c.tenant)); got != c.want {
			t.Fatalf("blame of %s by %q: %d, want %d", c.fn.Name, c.tenant, got, c.want)
		}
	}
	for i := range blameKeys {
		b.record(good, fmt.Sprint("tenant ", i))
	}
	if n := len(b.codes) + len(b.callers); n >= blameKeys {
		t.Fatalf("%d keys recorded; want fewer than %d", n, blameKeys)
	}
	if got := b.of(blameInv(bad, "b")); got != 0 {
		t.Fatalf("blame %d of the first failure's code after the record started again; want 0", got)
	}
}

// After a fault, a rescue worker takes the victims with the least blame first, while the
// killed workers are reaped and after: the culprit is likelier among the others (under MPS it
// is often a victim). In the queue's order among equals, and in the queue's order after an
// overrun's kill (the culprit known: the suspect).
func TestTakeRescueLeastBlamedFirst(t *testing.T) {
	bad, good := fakeFn(doFault), fakeFn(doEcho)
	for _, c := range []struct {
		name string
		st   reap
		// want is the order of the takes: "bad" (a victim of a function that failed alone
		// before), "v1" and "v2" (victims of another), "suspect" (the innocent whose slot
		// saw the fault first).
		want []string
	}{
		{"fault, reaping", reap{on: true, ambiguous: true}, []string{"v1", "v2", "bad"}},
		{"fault, reaped", reap{ambiguous: true}, []string{"v1", "v2", "suspect", "bad"}},
		{"overrun, reaped", reap{}, []string{"bad", "v1", "v2", "suspect"}},
	} {
		q := sched{q: newQueue(16, 1, 0)}
		r := rescueSet{}
		r.open.Store(true)
		q.blame.record(fakeFn(doFault), "someone") // an earlier registration's conclusive fault
		mk := func(fn *call.Function, suspect bool) *call.Invocation {
			inv := blameInv(fn, "")
			inv.Sched.Reruns, inv.Sched.Exclusive, inv.Sched.Suspect = 1, true, suspect
			return inv
		}
		invs := map[string]*call.Invocation{"suspect": mk(good, true), "v2": mk(good, false), "v1": mk(good, false), "bad": mk(bad, false)}
		q.requeue(invs["suspect"])
		q.requeue(invs["v2"])
		q.requeue(invs["v1"])
		q.requeue(invs["bad"]) // the head: bad, v1, v2, suspect
		name := func(inv *call.Invocation) string {
			for k, v := range invs {
				if v == inv {
					return k
				}
			}
			return fmt.Sprintf("%p", inv)
		}
		for i, w := range c.want {
			if got := q.takeRescue(&r, c.st); got != invs[w] {
				t.Fatalf("%s: take %d: %s; want %s", c.name, i, name(got), w)
			}
		}
	}
}

// With the rescue window closed (the domain's workers are back) a rescue worker takes only the
// suspect at the head, its lone run, even when the suspect has more blame than what was put back
// behind it: the rest waits for the domain's workers.
func TestTakeRescueWindowClosedTakesOnlyTheSuspect(t *testing.T) {
	q := sched{q: newQueue(16, 1, 0)}
	var r rescueSet // closed
	bad, good := fakeFn(doFault), fakeFn(doEcho)
	q.blame.record(bad, "")
	putBack, suspect := blameInv(good, ""), blameInv(bad, "")
	suspect.Sched.Reruns, suspect.Sched.Exclusive, suspect.Sched.Suspect = 1, true, true
	q.requeue(putBack)
	q.requeue(suspect) // ahead of what was put back without a re-run
	if got := q.takeRescue(&r, reap{ambiguous: true}); got != suspect {
		t.Fatalf("took %p with the window closed; want the suspect %p (put back %p)", got, suspect, putBack)
	}
	if got := q.takeRescue(&r, reap{ambiguous: true}); got != nil {
		t.Fatalf("took %p with the window closed and no suspect at the head", got)
	}
}

// removeLeastBlamed takes the first of the least blamed among those it may take, and keeps the
// others in order, across the ring buffer's wrap.
func TestRemoveLeastBlamed(t *testing.T) {
	var b blame
	bad, good := fakeFn(doFault), fakeFn(doEcho)
	b.record(bad, "x")
	r := newRing(4)
	for range 3 { // the head near the buffer's end: the four below wrap round it
		r.push(blameInv(good, ""))
		r.pop()
	}
	b1, g1, b2, g2 := blameInv(bad, ""), blameInv(good, ""), blameInv(bad, ""), blameInv(good, "")
	for _, inv := range []*call.Invocation{b1, g1, b2, g2} {
		r.push(inv)
	}
	all := func(*call.Invocation) bool { return true }
	notG1 := func(inv *call.Invocation) bool { return inv != g1 }
	for i, c := range []struct {
		f    func(*call.Invocation) bool
		want *call.Invocation
	}{{notG1, g2}, {all, g1}, {all, b1}, {all, b2}, {all, nil}} {
		if got := r.removeLeastBlamed(c.f, &b); got != c.want {
			t.Fatalf("take %d: %p, want %p (b1 %p g1 %p b2 %p g2 %p)", i, got, c.want, b1, g1, b2, g2)
		}
	}
}
