package engine

import (
	"errors"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/worker"
)

// Whole-GPU control (Auto mode): an invocation that needs more memory than one worker's share
// runs alone with the GPU's whole memory. It is exclusive: it waits at the head of the queue
// until nothing else runs, and nothing else starts meanwhile (sched). The slot goroutine that
// takes it holds the exclusive token and does, explicitly and in order: every concurrent worker
// gives its pool back (each slot borrowed under a lease, lease.go); the whole-GPU worker (e.big,
// a slot without a goroutine, driven only by the token's holder) takes a pool of all the memory
// it can get and runs the invocation; it gives that pool back; the concurrent workers take their
// shares again. Memory is never divided twice.

// runWhole runs inv, which needs the whole GPU, on the whole-GPU worker; s is the slot whose
// goroutine holds the exclusive token.
func (e *Engine) runWhole(s *slot, inv *call.Invocation) {
	e.stats.whole.Add(1)
	// Take every pool back; slots that are restarting are waited for (their new worker takes
	// its share at start, which must be given back too).
	for _, o := range e.slots {
		if err := e.control(s, o, 0); err != nil {
			e.restorePools(s)
			e.rec.finished(inv)
			inv.Finish(call.Errorf(call.CodeUnavailable, "could not free the GPU's memory for a whole-GPU invocation: %v", err))
			e.stats.failed.Add(1)
			return
		}
	}
	defer e.restorePools(s)
	b := e.big
	if !b.ensure() {
		s.answerDraining(inv)
		return
	}
	b.dropIdle() // deleted weights it may hold (drops.go)
	if err := b.poolCmd(worker.PoolAll); err != nil {
		e.rec.finished(inv)
		inv.Finish(call.Errorf(call.CodeUnavailable, "the whole-GPU worker could not take the GPU's memory: %v", err))
		e.stats.failed.Add(1)
		return
	}
	b.run(inv) // answers inv; a failure is its own (it runs alone)
	if b.life.w != nil {
		if err := b.poolCmd(0); err != nil {
			e.log.Warn("the whole-GPU worker did not give its pool back; restarting it", zap.Error(err))
			b.life.lost(err)
		}
	}
}

// restorePools makes every concurrent worker take its share again; one that cannot is
// restarted (a new worker takes its share at start).
func (e *Engine) restorePools(s *slot) {
	for _, o := range e.slots {
		if err := e.control(s, o, e.cfg.PoolBytes); err != nil {
			e.log.Warn("a worker could not take its pool back; restarting it", zap.String("worker", o.id), zap.Error(err))
			o.life.terminate()
		}
	}
}

// control makes slot o's worker give its pool back (bytes 0) or take one of bytes, for the
// holder of the exclusive token, s: s's own worker directly; any other slot's under a lease
// (it is idle, or restarting and then waited for).
func (e *Engine) control(s, o *slot, bytes uint64) error {
	if o == s {
		return s.poolCmd(bytes)
	}
	if err := e.borrow(o); err != nil {
		return err
	}
	w := o.life.w
	err := o.controlPool(bytes)
	o.giveBack(w)
	return err
}

// controlPool changes the pool of the slot's worker, which the caller borrowed: a worker doomed
// by a teardown, or dead, is replaced first.
func (s *slot) controlPool(bytes uint64) error {
	s.dropDoomed()
	if !s.ensure() {
		return errShuttingDown
	}
	return s.poolCmd(bytes)
}

// poolCmd makes the slot's worker give its pool back (0), take one of n bytes, or take all it
// can (worker.PoolAll).
func (s *slot) poolCmd(n uint64) error {
	w := s.life.w
	if w == nil {
		return errors.New("no worker")
	}
	id := w.NextID()
	cmd := &worker.PoolCmd{ID: id, Bytes: n}
	deadline := time.Now().Add(time.Minute)
	err := w.Send(worker.MsgPool, cmd, id, deadline)
	if err == nil {
		err = s.await(&pending{id: id, kill: deadline}, &s.pipe.res)
	}
	if err != nil {
		s.life.lost(err)
		return err
	}
	if s.pipe.res.Err != nil {
		return s.pipe.res.Err
	}
	if n == worker.PoolAll {
		n = 0
		if len(s.pipe.res.Outputs) > 0 {
			n = s.pipe.res.Outputs[0].Len // the worker reports what it took
		}
	}
	s.life.setPool(n)
	return nil
}
