package engine

import (
	"fmt"
	"strings"
	"testing"

	"gpufn/call"
)

// Fair queueing (issue 16, items 6 and 7): tenants' FIFOs served in turn (start-time fair
// queueing over counts), and each tenant's queued inputs bounded in bytes.

// runOrder is the inputs of the runs so far, in the order they began, warm-ups left out.
func runOrder(g *fakeGPU) string {
	var order []string
	for _, r := range g.ran() {
		if r.input != "warm" {
			order = append(order, r.input)
		}
	}
	return strings.Join(order, " ")
}

// Tenant A queues three long invocations behind the one it runs; tenant B's short one, queued
// after them, runs next (A had its turn with a1), not after all of A's; a third tenant's comes
// after B's, then A's resume.
func TestFakeFairQueue(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential, NoPipeline: true})
	long, short := fakeFn(doGate), fakeFn(doEcho)
	warm(t, e, g, long, short)
	a1 := fsubmit(t, e, long, "A", "a1", 0, false)
	g.waitEntered(t, 2) // the warm-up, then a1: held in its kernel
	var rest []*call.Invocation
	for _, in := range []string{"a2", "a3", "a4"} {
		rest = append(rest, fsubmit(t, e, long, "A", in, 0, false))
	}
	b := fsubmit(t, e, short, "B", "b", 0, false)
	c := fsubmit(t, e, short, "C", "c", 0, false)
	g.allow(1) // a1 ends: b and c run, then a2
	wantOut(t, a1)
	wantOut(t, b)
	wantOut(t, c)
	g.allow(3)
	for _, inv := range rest {
		wantOut(t, inv)
	}
	if got, want := runOrder(g), "a1 b c a2 a3 a4"; got != want {
		t.Fatalf("ran %q, want %q", got, want)
	}
}

// Two tenants with a backlog each alternate; an invocation put back (here: a worker lost before
// it started) still goes first.
func TestFakeFairQueueAlternates(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential, NoPipeline: true})
	f := fakeFn(doEcho)
	warm(t, e, g, f)
	var invs []*call.Invocation
	blocked(t, e, g, func() {
		for i := range 3 {
			invs = append(invs, fsubmit(t, e, f, "A", fmt.Sprint("a", i), 0, false))
		}
		for i := range 3 {
			invs = append(invs, fsubmit(t, e, f, "B", fmt.Sprint("b", i), 0, false))
		}
	})
	for _, inv := range invs {
		wantOut(t, inv)
	}
	if got, want := runOrder(g), "blocker a0 b0 a1 b1 a2 b2"; got != want {
		t.Fatalf("ran %q, want %q", got, want)
	}
}

// With pipelining: A's a2 was sent behind a1 before B queued (it is at the worker); B's call,
// queued with A's a3, runs right after a2: a3 is not sent behind a2 while B waits.
func TestFakeFairQueuePipelined(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential})
	long, short := fakeFn(doGate), fakeFn(doEcho)
	warm(t, e, g, long, short)
	var a1, a2 *call.Invocation
	blocked(t, e, g, func() {
		a1 = fsubmit(t, e, long, "A", "a1", 0, false)
		a2 = fsubmit(t, e, long, "A", "a2", 0, false)
	})
	g.waitEntered(t, 3) // the warm-up, the blocker, a1; a2 waits behind it at the worker
	waitFor(t, "a2 sent behind a1", func() bool { return e.Stats().Pipelined == 1 })
	b := fsubmit(t, e, short, "B", "b", 0, false)
	a3 := fsubmit(t, e, long, "A", "a3", 0, false)
	g.allow(3)
	for _, inv := range []*call.Invocation{a1, a2, b, a3} {
		wantOut(t, inv)
	}
	if got, want := runOrder(g), "blocker a1 a2 b a3"; got != want {
		t.Fatalf("ran %q, want %q", got, want)
	}
}

// A tenant's queued inputs are bounded in bytes (Config.TenantQueueBytes): beyond, Submit is
// refused ErrTenantBytes, whatever the count; another tenant still queues; once the queue
// drains, the tenant may queue again. An input larger than the bound alone is refused too.
func TestFakeQueueBytes(t *testing.T) {
	g := newFakeGPU(t)
	e := newFake(t, g, Config{Mode: Sequential, TenantQueueBytes: 100})
	f := fakeFn(doEcho)
	warm(t, e, g, f)
	big := strings.Repeat("x", 40)
	var queued []*call.Invocation
	blocked(t, e, g, func() {
		for i := range 2 {
			queued = append(queued, fsubmit(t, e, f, "alice", big[:38]+fmt.Sprint("a", i), 0, false))
		}
		if _, err := trySubmit(e, f, "alice", big, 0, false); err != call.ErrTenantBytes {
			t.Fatalf("alice beyond her bytes: %v", err)
		}
		queued = append(queued, fsubmit(t, e, f, "alice", "small", 0, false)) // 85 bytes in all
		queued = append(queued, fsubmit(t, e, f, "bob", big, 0, false))
		if _, err := trySubmit(e, f, "carol", strings.Repeat("y", 101), 0, false); err != call.ErrTenantBytes {
			t.Fatalf("an input beyond the bound alone: %v", err)
		}
	})
	for _, inv := range queued {
		wantOut(t, inv)
	}
	blocked(t, e, g, func() {
		queued = append(queued[:0], fsubmit(t, e, f, "alice", big, 0, false), fsubmit(t, e, f, "alice", big, 0, false))
	})
	for _, inv := range queued {
		wantOut(t, inv)
	}
	if st := settled(t, e); st.Rejected != 2 || st.Queued != 0 {
		t.Fatalf("stats %+v: want 2 refused", st)
	}
}
