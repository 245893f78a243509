package call

import (
	"sync/atomic"
	"time"

	"gpufn/function"
)

// Batching is the run-time side of a function's batching declaration (docs/batching.md): the
// declaration, and its variants as registered now (the dispatcher resolves them by name).
// Shared; safe for concurrent use.
type Batching struct {
	Decl     *function.Batching
	variants atomic.Pointer[Variants]
}

// Variants are a batching function's variants as registered now, by batch size ascending;
// entry 0 is the function itself (batch 1). Immutable once stored.
type Variants struct {
	Sizes []int
	Fns   []*Function
	// Need is the device memory a run of each needs (function.Footprint), IOBytes its inputs'
	// and outputs' bytes in a context.
	Need, IOBytes []uint64
	// Key is the resolver's: what the variants were resolved from (a dispatcher's function
	// table), to tell whether they are still current.
	Key any
}

// Add appends variant fn of batch size size (sizes ascending, 1 first) with what a run of it
// needs: its device memory and its inputs' and outputs' bytes, evaluated on size zeroed items.
// A variant whose sizes cannot be evaluated so is left out (false).
func (v *Variants) Add(fn *Function, size int, decl *function.Batching) bool {
	p := fn.Plan
	inputs := make([][]byte, len(decl.InputItem))
	var io uint64
	for i, n := range decl.InputItem {
		inputs[i] = make([]byte, uint64(size)*n)
		io += uint64(size) * n
	}
	sizes := make([]uint64, p.NumSlots())
	if len(inputs) != len(p.Inputs) || p.Sizes(inputs, sizes) != nil {
		return false
	}
	need, ok := function.Footprint(sizes)
	out, ok2 := p.OutputBytes(sizes)
	if !ok || !ok2 {
		return false
	}
	v.Sizes = append(v.Sizes, size)
	v.Fns = append(v.Fns, fn)
	v.Need = append(v.Need, need)
	v.IOBytes = append(v.IOBytes, io+out)
	return true
}

// Keep appends to to v's entry for fn, when v (nil: none) has one, and reports whether it did:
// a variant resolved again needs no evaluation when it is the same registration.
func (v *Variants) Keep(to *Variants, fn *Function) bool {
	if v == nil {
		return false
	}
	for i, f := range v.Fns {
		if f == fn && i > 0 {
			to.Sizes = append(to.Sizes, v.Sizes[i])
			to.Fns = append(to.Fns, f)
			to.Need = append(to.Need, v.Need[i])
			to.IOBytes = append(to.IOBytes, v.IOBytes[i])
			return true
		}
	}
	return false
}

// Variants returns the variants as last resolved (nil before the first resolution).
func (b *Batching) Variants() *Variants { return b.variants.Load() }

// SetVariants stores the variants as resolved now.
func (b *Batching) SetVariants(v *Variants) { b.variants.Store(v) }

// BatchRun is what a batch's carrier (the Invocation an engine runs for the batch, whose Fn is
// the variant) answers: its members, each an invocation of the batch-1 function, whose inputs
// were written back to back (Size items, those after the members zeroed) and whose outputs are
// the variant's split item by item. Every member is answered exactly once: by the split, by
// its own deadline (Arm), or again alone (Rerun) when the batch failed. Made by an engine for
// one batch; not reused (a deadline's timer may still look at it after the batch ended).
type BatchRun struct {
	// Base is the batching function the members invoked (Members[0].Fn when it was made: a
	// member answered early may be released and reused by its caller, Base stays).
	Base    *Function
	Members []*Invocation
	Size    int // the variant's batch size: len(Members) plus the zeroed items
	// Rerun puts a member back to run alone (its Sched.Unbatched set): the engine's.
	Rerun func(*Invocation)
	// Answered, if set, is told of every member answered: by the split (err nil), by its
	// deadline, or with the batch's end (the engine's counters: a member is an invocation, the
	// carrier is none). Not of a member handed to Rerun or Dissolve: it is answered later.
	Answered func(err *Error)
	// Split is how many members the split answered (read by the engine once SetOutputs
	// returned: the worker's count of invocations answered).
	Split int
	// outItem is the bytes of one item of each output.
	outItem []uint64
	claimed []atomic.Bool
	timers  []*time.Timer
	parts   [][]byte
}

// NewBatchRun makes the run of members as a batch of size items; outItem are the bytes of one
// item of each output.
func NewBatchRun(members []*Invocation, size int, outItem []uint64, rerun func(*Invocation)) *BatchRun {
	return &BatchRun{Base: members[0].Fn, Members: members, Size: size, Rerun: rerun, outItem: outItem, claimed: make([]atomic.Bool, len(members))}
}

func (r *BatchRun) answered(err *Error) {
	if r.Answered != nil {
		r.Answered(err)
	}
}

// Claim takes the right to answer member i; false when it was answered already.
func (r *BatchRun) Claim(i int) bool { return r.claimed[i].CompareAndSwap(false, true) }

// Arm starts, for every member whose caller's deadline comes before until, a timer that answers
// it deadline_exceeded then: a member's deadline is its own, the batch runs on. Called once
// the members' inputs were copied (a member answered early may be released by its caller).
func (r *BatchRun) Arm(until time.Time) {
	for i, m := range r.Members {
		if !m.Sched.CallerDeadline || !m.Deadline.Before(until) {
			continue
		}
		i, m := i, m
		r.timers = append(r.timers, time.AfterFunc(time.Until(m.Deadline), func() {
			if r.Claim(i) {
				m.Timing.Queue = time.Since(m.Sched.Enqueued)
				m.Timing.Batch = int64(r.Size)
				err := Errorf(CodeDeadline, "the request's deadline (X-Gpufn-Timeout) passed while its batch of %d ran; its result will be dropped", r.Size)
				r.answered(err)
				m.Finish(err)
			}
		}))
	}
}

// split answers the members from the variant's outputs parts (carrier's, copied out of the
// context): member i gets item i of each output, and the carrier's timing with its own queue
// wait and the batch size.
func (r *BatchRun) split(carrier *Invocation, parts [][]byte) {
	formed := carrier.Sched.Enqueued
	for i, m := range r.Members {
		if !r.Claim(i) {
			continue
		}
		r.parts = r.parts[:0]
		for o, p := range parts {
			n := r.outItem[o]
			lo, hi := uint64(i)*n, uint64(i+1)*n
			if hi > uint64(len(p)) { // the variant wrote fewer items than it holds
				lo, hi = min(lo, uint64(len(p))), uint64(len(p))
			}
			r.parts = append(r.parts, p[lo:hi])
		}
		m.SetOutputs(r.parts)
		t := carrier.Timing
		t.Queue = formed.Sub(m.Sched.Enqueued) + carrier.Timing.Queue
		t.Batch = int64(r.Size)
		t.Joined = i > 0
		t.Total = 0
		m.Timing = t
		m.Sched.Worker = carrier.Sched.Worker
		r.answered(nil)
		r.Split++
		m.Finish(nil)
	}
}

// Dissolve ends the batch without a result (it never ran, or a teardown interrupted it): every
// member not answered yet is handed to each, the last first (each puts it back at the head of
// a queue: they keep their order), and the carrier goes back to the pool. A member answered
// already (by its deadline) is not touched again: its caller may have released it.
func (r *BatchRun) Dissolve(carrier *Invocation, each func(*Invocation)) {
	for _, t := range r.timers {
		t.Stop()
	}
	for i := len(r.Members) - 1; i >= 0; i-- {
		if r.Claim(i) {
			each(r.Members[i])
		}
	}
	Release(carrier)
}

// finish ends the batch with the carrier's result err: members not answered yet are run again
// alone (a fault, an overrun or a lost worker may be one member's doing: each gets its own
// answer), except when the server drains or their deadline passed. The carrier goes back to
// the pool.
func (r *BatchRun) finish(carrier *Invocation, err *Error) {
	for _, t := range r.timers {
		t.Stop()
	}
	now := time.Now()
	for i, m := range r.Members {
		if !r.Claim(i) {
			continue
		}
		m.Sched.Worker = carrier.Sched.Worker
		switch {
		case err != nil && err.Code == CodeDraining, now.After(m.Deadline):
			e := err
			if e == nil || e.Code != CodeDraining {
				e = Errorf(CodeDeadline, "the deadline passed while the invocation's batch ran")
			}
			m.Timing.Queue = now.Sub(m.Sched.Enqueued)
			r.answered(e)
			m.Finish(e)
		default:
			m.Sched.Unbatched = true
			r.Rerun(m)
		}
	}
	Release(carrier)
}
