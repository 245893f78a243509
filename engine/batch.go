package engine

import (
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/function"
	"gpufn/shm"
)

// Dynamic batching (docs/batching.md): when a slot takes an invocation of a function that
// declares batching (call.Function.Batching), it takes with it the invocations of the same
// function and caller queued behind it and runs them as one run of a batch variant, through a
// carrier invocation (call.BatchRun): the members' inputs are written back to back into the
// worker's context (putInputs), the variant runs, and the carrier's outputs are split among
// the members. A batch that fails has its members run again alone. Runs on whoever drives the
// slot; the queue is read and taken from under sched's lock.

// batchStats counts batched runs: runs of a variant, the invocations they answered, and the
// zeroed items they padded with.
type batchStats struct {
	runs, members, padded atomic.Uint64
	// failed counts the batch runs that failed (their members then ran again alone), and
	// warned is when the last of them was logged (Unix nanoseconds).
	failed, warned atomic.Int64
	sizes          [function.MaxBatchSize + 1]atomic.Uint64 // runs by batch size, 1 alone
}

// batchPoll is how often a slot that waits for a batch to fill (max_queue_delay_us) looks at
// the queue again.
const batchPoll = 100 * time.Microsecond

// batch returns what the slot is to run for inv, which it took: inv itself, or the carrier of
// a batch that inv heads; nil when inv joined the batch another slot waits to fill
// (batchwait.go). waitOK: the slot may wait (the declaration's delay) for more to come; a slot
// that pipelines (its worker busy) does not. An invocation of a function quarantined for its
// caller runs alone (start answers it quarantined): a batch is a run of the variant, another
// registration, and would run it.
func (s *slot) batch(inv *call.Invocation, waitOK bool) *call.Invocation {
	if c := s.claimed; c.inv == inv {
		s.claimed = claim{}
		return s.carrier(inv, c.more, c.size, c.vs, c.d)
	}
	var buf [16]int
	vs, d, usable, ok := s.batchPlan(inv, buf[:0])
	if !ok {
		s.e.stats.batches.sizes[1].Add(1)
		return inv
	}
	if waitOK && d.MaxQueueDelayUs > 0 {
		return s.batchWaiting(inv, usable, vs, d) // batchwait.go
	}
	until := batchWait(inv, d)
	more, size, _, _ := s.e.sched.gather(inv, usable, d, nil, 0, false, &until)
	return s.carrier(inv, more, size, vs, d)
}

// batchPlan reports whether inv may run in a batch on this slot (ok), with its function's
// variants, declaration and the sizes the slot can run (appended to buf).
func (s *slot) batchPlan(inv *call.Invocation, buf []int) (vs *call.Variants, d *function.Batching, usable []int, ok bool) {
	if vs, d, ok = batchable(inv); !ok {
		return nil, nil, nil, false
	}
	return vs, d, s.usableVariants(buf, vs, d), true
}

// batchable reports whether inv may run in a batch (on any slot), with its function's variants
// and declaration.
func batchable(inv *call.Invocation) (vs *call.Variants, d *function.Batching, ok bool) {
	b := inv.Fn.Batching
	if b == nil || inv.Sched.Unbatched || inv.Sched.Exclusive || inv.Sched.Whole || inv.Fn.QuarantinedFor(inv.Tenant) {
		return nil, nil, false
	}
	vs = b.Variants()
	if vs == nil || len(vs.Sizes) < 2 || !itemInputs(inv, b.Decl) {
		return nil, nil, false
	}
	return vs, b.Decl, true
}

// claim is what a slot took with an invocation of a batching function in the same hold of
// sched's lock (claimLocked): the members behind it and the batch size, for batch to run. So
// that two workers freed at once do not split what queued while they were busy between them:
// the first takes its batch whole, as if taken in one step (docs/batching.md).
type claim struct {
	inv  *call.Invocation
	more []*call.Invocation
	size int
	vs   *call.Variants
	d    *function.Batching
}

// claimLocked takes, with inv (which slot s just took off the queue), the invocations that
// batch would gather for it, unless inv runs alone or waits for company (waitOK and a delay:
// batchwait.go hands what others take to the one waiting). sched.mu is held.
func (s *slot) claimLocked(q *sched, inv *call.Invocation, waitOK bool) {
	var buf [16]int
	vs, d, usable, ok := s.batchPlan(inv, buf[:0])
	if !ok || waitOK && d.MaxQueueDelayUs > 0 {
		return
	}
	until := batchWait(inv, d)
	more, size, _, _ := q.gatherLocked(inv, usable, d, nil, 0, false, &until)
	s.claimed = claim{inv: inv, more: more, size: size, vs: vs, d: d}
}

// unclaim puts what the slot claimed (claimLocked) back at the head of the queue, in order,
// when the invocation it came with does not reach batch (it went back to the queue, or the
// engine quits).
func (s *slot) unclaim() {
	c := s.claimed
	if c.inv == nil {
		return
	}
	s.claimed = claim{}
	for i := len(c.more) - 1; i >= 0; i-- {
		s.e.sched.putBack(c.more[i])
	}
}

// batchWait is until when inv may wait for company: its arrival plus the declaration's delay,
// and never past half of its time to its deadline (the other half is to run it).
func batchWait(inv *call.Invocation, d *function.Batching) time.Time {
	until := inv.Sched.Enqueued.Add(time.Duration(d.MaxQueueDelayUs) * time.Microsecond)
	if half := inv.Sched.Enqueued.Add(inv.Deadline.Sub(inv.Sched.Enqueued) / 2); half.Before(until) {
		until = half
	}
	return until
}

// itemInputs reports whether inv's inputs are one item each (others run alone).
func itemInputs(inv *call.Invocation, d *function.Batching) bool {
	if len(inv.Inputs) != len(d.InputItem) {
		return false
	}
	for i, in := range inv.Inputs {
		if uint64(len(in)) != d.InputItem[i] {
			return false
		}
	}
	return true
}

// usableVariants appends to out the batch sizes of vs this slot can run (their memory fits
// its worker's pool: a batch never takes the whole GPU of an auto engine, their inputs and outputs a context), at most the declaration's
// max_batch_size; 1 always.
func (s *slot) usableVariants(out []int, vs *call.Variants, d *function.Batching) []int {
	var pool uint64 // the slot's worker's pool (0: not known)
	if h := s.life.hello(); h != nil {
		pool = h.PoolBytes
	}
	capacity := s.e.IOCapacity(len(d.OutputItem))
	for i, n := range vs.Sizes {
		if n == 1 || n <= d.MaxBatch && (pool == 0 || vs.Need[i] <= pool) && vs.IOBytes[i] <= capacity {
			out = append(out, n)
		}
	}
	return out
}

// chooseBatch picks the batch size for n invocations at hand (usable sizes ascending, 1
// first): the largest preferred size they fill; else, with "pad", the smallest size that
// holds them all, or with "largest_fit" the largest they fill. It returns the size and how
// many of the n it takes, and whether a larger preferred size could still fill.
func chooseBatch(n int, usable []int, d *function.Batching) (size, take int, larger bool) {
	best := 0
	for _, p := range d.Preferred {
		if contains(usable, p) {
			if p <= n {
				best = p
			} else {
				larger = true
			}
		}
	}
	if best > 0 {
		return best, best, larger
	}
	top := usable[len(usable)-1]
	n = min(n, top)
	for _, u := range usable {
		if d.PadPartial && u >= n {
			return u, n, larger
		}
		if !d.PadPartial && u <= n {
			size = u
		}
	}
	return size, size, larger
}

func contains(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// gather takes, from the queue (put back ones first, then inv's caller's FIFO), the
// invocations of inv's function that join inv in a batch (appended to out), and the batch
// size; have more are at hand already (handed to a slot that waits, batchwait.go), counted
// before the queued ones. take is how many of inv, the ones at hand and the queued make the
// batch (the queued taken are take-1-have, if that many). until is lowered to the earliest
// batchWait of the queued that would join.
//
// With wait nothing is taken: it only reports (waiting) whether a larger preferred size could
// still fill.
func (q *sched) gather(inv *call.Invocation, usable []int, d *function.Batching, out []*call.Invocation, have int, wait bool, until *time.Time) (more []*call.Invocation, size, take int, waiting bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.gatherLocked(inv, usable, d, out, have, wait, until)
}

// gatherLocked is gather with sched.mu held.
func (q *sched) gatherLocked(inv *call.Invocation, usable []int, d *function.Batching, out []*call.Invocation, have int, wait bool, until *time.Time) (more []*call.Invocation, size, take int, waiting bool) {
	t := q.q.tenants[inv.Tenant]
	joinsWait := func(x *call.Invocation) bool {
		if !joins(x, inv, d) {
			return false
		}
		if w := batchWait(x, d); w.Before(*until) {
			*until = w
		}
		return true
	}
	top := usable[len(usable)-1]
	n := min(1+have, top)
	if !q.exclusive && n < top {
		n += q.q.front.count(top-n, joinsWait)
		if t != nil && n < top {
			n += t.ring.count(top-n, joinsWait)
		}
	}
	size, take, larger := chooseBatch(n, usable, d)
	if wait { // only looking: the caller gathers again, without wait, once done waiting
		return out, size, take, larger
	}
	if left := take - 1 - have; left > 0 {
		pick := func(x *call.Invocation) bool {
			if left > 0 && joins(x, inv, d) {
				left--
				return true
			}
			return false
		}
		out = q.q.front.removeIf(out, pick)
		if left > 0 && t != nil {
			out = q.q.removeFrom(t, out, pick)
		}
	}
	return out, size, take, false
}

// joins reports whether queued x may join inv's batch.
func joins(x, inv *call.Invocation, d *function.Batching) bool {
	return x.Fn == inv.Fn && x.Tenant == inv.Tenant && !x.Sched.Unbatched && !x.Sched.Exclusive && !x.Sched.Whole && itemInputs(x, d)
}

// count is the number of invocations (at most limit) for which f holds.
func (r *ring) count(limit int, f func(*call.Invocation) bool) int {
	c := 0
	for i := 0; i < r.n && c < limit; i++ {
		if f(r.buf[(r.head+i)%len(r.buf)]) {
			c++
		}
	}
	return c
}

// removeFrom removes from tenant t's FIFO, in order, every invocation for which f holds.
func (q *queue) removeFrom(t *tenantQueue, out []*call.Invocation, f func(*call.Invocation) bool) []*call.Invocation {
	n := len(out)
	out = t.ring.removeIf(out, f)
	for _, x := range out[n:] {
		q.uncount(t, x)
	}
	q.settle()
	return out
}

// carrier makes the carrier of a batch of size: inv and more, then zeroed items; inv itself
// when it runs alone.
func (s *slot) carrier(inv *call.Invocation, more []*call.Invocation, size int, vs *call.Variants, d *function.Batching) *call.Invocation {
	st := &s.e.stats.batches
	if size <= 1 {
		st.sizes[1].Add(1)
		return inv
	}
	members := make([]*call.Invocation, 0, 1+len(more))
	members = append(append(members, inv), more...)
	vi := 0
	for i, n := range vs.Sizes {
		if n == size {
			vi = i
		}
	}
	c := call.Acquire()
	c.Fn, c.Tenant, c.LaunchLimit, c.Need = vs.Fns[vi], inv.Tenant, inv.LaunchLimit, vs.Need[vi]
	c.Sched.Enqueued = time.Now()
	for _, m := range members {
		if m.Deadline.After(c.Deadline) {
			c.Deadline, c.Sched.Timeout = m.Deadline, m.Sched.Timeout
		}
	}
	c.Batch = call.NewBatchRun(members, size, d.OutputItem, s.e.rerunAlone)
	c.Batch.Answered = s.e.memberAnswered
	st.runs.Add(1)
	st.members.Add(uint64(len(members)))
	st.padded.Add(uint64(size - len(members)))
	st.sizes[size].Add(1)
	return c
}

// behind is the function whose invocations may be sent behind busy (prefetch): its family,
// busy's function, or for a batch's carrier the batching function its members invoked (they
// form the next batch, of any of its variants, or one of them runs alone). It agrees with
// what isolate recorded for busy's context, even once busy was answered early.
func behind(busy *pending) *call.Function {
	if busy.family != nil {
		return busy.family // recorded when it was sent: inv may have been answered early since
	}
	return busy.fn
}

// family is the function on whose behalf inv runs, whose callers' data its context holds
// (isolate): for a batch's carrier the batching function its members invoked (a variant, of the
// same tenant and weight set, runs their inputs and nothing else), else inv's own.
func family(inv *call.Invocation) *call.Function {
	if inv.Batch != nil {
		return inv.Batch.Base
	}
	return inv.Fn
}

// untake undoes a prefetch's take of next (what batch made of the invocation takeBehind
// gave): it may not be sent behind an invocation of another function (a batch of another
// size, or one alone). Its members (or itself) go back to the head of the queue, in order.
func (s *slot) untake(next *call.Invocation) {
	if r := next.Batch; r != nil {
		for i := len(r.Members) - 1; i >= 0; i-- {
			s.e.sched.putBack(r.Members[i])
		}
		s.e.stats.batches.uncount(r)
		next.Batch = nil
		call.Release(next)
	} else {
		s.e.stats.batches.sizes[1].Add(^uint64(0))
		s.e.sched.putBack(next)
	}
	s.e.sched.doneRunning(false)
}

// uncount takes back the count of batch r, which did not run (its members go back to the
// queue, to form a batch again).
func (st *batchStats) uncount(r *call.BatchRun) {
	st.runs.Add(^uint64(0))
	st.members.Add(^uint64(len(r.Members) - 1))
	st.padded.Add(^uint64(r.Size - len(r.Members) - 1))
	st.sizes[r.Size].Add(^uint64(0))
}

// batchWarnEvery is how often at most a failed batch is logged.
const batchWarnEvery = 10 * time.Second

// batchFailed counts a batch whose run failed with err (a fault, an overrun, a lost worker, an
// error the worker answered, inputs that do not fit: its members run again alone, or are
// answered with their own deadline), and logs it at most every batchWarnEvery: a variant that
// keeps failing (its memory or weights do not fit, say) serves every member alone, slowly, and
// without this nothing would say why.
func (e *Engine) batchFailed(carrier *call.Invocation, err *call.Error) {
	st := &e.stats.batches
	st.failed.Add(1)
	now := time.Now().UnixNano()
	last := st.warned.Load()
	if now-last < int64(batchWarnEvery) || !st.warned.CompareAndSwap(last, now) {
		return
	}
	e.log.Warn("a batch failed: its members are answered on their own", zap.String("function", carrier.Batch.Base.Name),
		zap.String("variant", carrier.Fn.Name), zap.Int("size", carrier.Batch.Size), zap.Int("members", len(carrier.Batch.Members)),
		zap.String("code", string(err.Code)), zap.String("error", err.Message), zap.Int64("failed_batches", st.failed.Load()))
}

// memberAnswered counts a batch member answered as an invocation (the carrier counts as none).
func (e *Engine) memberAnswered(err *call.Error) {
	if err == nil {
		e.stats.completed.Add(1)
	} else {
		e.stats.failed.Add(1)
	}
}

// rerunAlone puts a member of a failed batch back at the head of the queue, to run alone.
func (e *Engine) rerunAlone(inv *call.Invocation) { e.sched.putBack(inv) }

// putInputs copies inv's inputs into context ctx (p's spans): a batch's carrier gets each
// input's items back to back, the members' then zeroes (one copy in), and its members' own
// deadlines armed once their inputs are in. It returns false when inv was answered instead.
func (s *slot) putInputs(ctx *shm.Context, p *pending, inv *call.Invocation, prefetched bool) bool {
	r := inv.Batch
	if r == nil {
		for _, in := range inv.Inputs {
			sp, err := ctx.PutInput(in)
			if err != nil {
				s.failTaken(inv, prefetched, call.Errorf(call.CodeTooLarge, "%v", err))
				return false
			}
			p.inputs = append(p.inputs, sp)
		}
		return true
	}
	items := r.Base.Batching.Decl.InputItem
	parts := make([][]byte, len(r.Members))
	for i, n := range items {
		for j, m := range r.Members {
			parts[j] = m.Inputs[i]
		}
		sp, err := ctx.PutGather(parts, uint64(r.Size)*n)
		if err != nil {
			s.failTaken(inv, prefetched, call.Errorf(call.CodeTooLarge, "%v", err))
			return false
		}
		p.inputs = append(p.inputs, sp)
	}
	r.Arm(time.Now().Add(100 * 365 * 24 * time.Hour))
	return true
}

// batchStatsInto copies the batching counters into st.
func (e *Engine) batchStatsInto(st *call.EngineStats) {
	b := &e.stats.batches
	st.BatchRuns, st.BatchMembers, st.BatchPadded = b.runs.Load(), b.members.Load(), b.padded.Load()
	st.BatchFailures = uint64(b.failed.Load())
	for n := range b.sizes {
		if c := b.sizes[n].Load(); c > 0 {
			if st.BatchSizes == nil {
				st.BatchSizes = map[int]uint64{}
			}
			st.BatchSizes[n] = c
		}
	}
}
