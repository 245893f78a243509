package engine

import (
	"testing"

	"gpufn/call"
)

// pickIdleLocked prefers a worker that holds the invocation's tenant, then one that holds
// nobody's, then the most recently idle.
func TestPickIdlePrefersTheTenantsWorker(t *testing.T) {
	mk := func(owners ...string) *sched {
		q := &sched{}
		for _, o := range owners {
			s := &slot{}
			s.pipe.owner = o
			q.idle = append(q.idle, s)
		}
		return q
	}
	inv := func(owner string) *call.Invocation { return &call.Invocation{Fn: &call.Function{Owner: owner}} }
	for _, c := range []struct {
		idle  []string // bottom to top
		owner string
		want  int // index in idle
	}{
		{[]string{"a", "b", "c"}, "c", 2}, // the top holds it
		{[]string{"a", "b", "c"}, "a", 0}, // deep in the stack
		{[]string{"a", "", "c"}, "b", 1},  // nobody's
		{[]string{"", "a", ""}, "b", 2},   // the most recently idle of nobody's
		{[]string{"a", "c"}, "b", 1},      // all others': the top (it drops c's first)
		{[]string{"a", "b", "a"}, "", 2},  // an owner-less function: the top
		{[]string{"b", "", "a", "b"}, "b", 3},
	} {
		q := mk(c.idle...)
		want := q.idle[c.want]
		if got := q.pickIdleLocked(inv(c.owner)); got != want {
			t.Errorf("idle %q, owner %q: got slot of %q, want index %d", c.idle, c.owner, got.pipe.owner, c.want)
		}
		if len(q.idle) != len(c.idle)-1 {
			t.Errorf("idle %q: %d left", c.idle, len(q.idle))
		}
		for _, s := range q.idle {
			if s == want {
				t.Errorf("idle %q: the picked slot is still idle", c.idle)
			}
		}
	}
}
