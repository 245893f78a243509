package engine

import (
	"testing"

	"gpufn/call"
	"gpufn/worker"
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

// The engine's weight-set counters add up what each worker's counts grew by, across a
// replaced worker (whose counts start again from zero).
func TestWeightCountersSurviveRestarts(t *testing.T) {
	e := &Engine{}
	l := &lifecycle{e: e}
	want := func(hits, misses, evictions uint64) {
		t.Helper()
		st := &e.stats
		if h, m, ev := st.weightHits.Load(), st.weightMisses.Load(), st.weightEvictions.Load(); h != hits || m != misses || ev != evictions {
			t.Fatalf("hits %d misses %d evictions %d, want %d %d %d", h, m, ev, hits, misses, evictions)
		}
	}
	l.resident(&worker.ResidentStats{Misses: 1, Sets: 1})
	l.resident(&worker.ResidentStats{Hits: 3, Misses: 2, Evictions: 1, Sets: 1})
	want(3, 2, 1)
	l.resident(&worker.ResidentStats{Hits: 3, Misses: 2, Evictions: 1, Sets: 1}) // a result without placement
	want(3, 2, 1)
	l.setUp(&fakeWorker{pid: 7}) // a new worker
	l.resident(&worker.ResidentStats{Hits: 4, Misses: 1, Sets: 1})
	want(7, 3, 1)
	if w := l.stats().Weights; w.Hits != 4 || w.Sets != 1 {
		t.Fatalf("the worker's own counts: %+v", w)
	}
}

// Copying ahead (Config.CopyAhead) is asked of a worker only when its slot pipelines: with one
// context nothing is ever sent behind a running invocation, and the worker would only poll.
func TestCopyAheadOnlyForPipelinedWorkers(t *testing.T) {
	for _, c := range []struct {
		copyAhead, noPipeline bool
		idx                   int
		want                  bool
	}{
		{true, false, 0, true},
		{true, true, 0, false},   // --pipeline=false
		{true, false, -1, false}, // the whole-GPU worker: one context
		{false, false, 0, false},
	} {
		e := &Engine{cfg: Config{CopyAhead: c.copyAhead, NoPipeline: c.noPipeline}}
		s := newSlot(e, c.idx, "w")
		if got := s.life.options().CopyAhead; got != c.want {
			t.Errorf("CopyAhead %v, NoPipeline %v, worker %d: the worker is asked to copy ahead: %v, want %v", c.copyAhead, c.noPipeline, c.idx, got, c.want)
		}
	}
}
