package engine

import (
	"errors"
	"fmt"
	"gpufn/call"
	"time"

	"go.uber.org/zap"

	"gpufn/worker"
)

// runWhole runs an invocation that needs more memory than one worker's share (Auto mode). The
// caller s holds the exclusive token: no other invocation runs. Memory is never divided twice:
// every worker gives its pool back, the whole-GPU worker takes the GPU's usable memory for this
// one invocation and gives it back, and the workers take their shares again.
func (e *Engine) runWhole(s *slot, inv *call.Invocation) {
	e.stats.whole.Add(1)
	restore := func() {
		for _, o := range e.slots {
			if err := e.control(s, o, e.cfg.PoolBytes); err != nil {
				e.log.Warn("a worker could not take its pool back; restarting it", zap.String("worker", o.id), zap.Error(err))
				o.terminate()
			}
		}
	}
	// Take every pool back; slots that are restarting are waited for (their new worker takes
	// its share at start, which must be given back too).
	for _, o := range e.slots {
		if err := e.control(s, o, 0); err != nil {
			restore()
			inv.Finish(call.Errorf(call.CodeUnavailable, "could not free the GPU's memory for a whole-GPU invocation: %v", err))
			e.stats.failed.Add(1)
			return
		}
	}
	defer restore()
	b := e.big
	if !b.ensure() {
		s.answerDraining(inv)
		return
	}
	if err := b.poolCmd(worker.PoolAll); err != nil {
		inv.Finish(call.Errorf(call.CodeUnavailable, "the whole-GPU worker could not take the GPU's memory: %v", err))
		e.stats.failed.Add(1)
		return
	}
	b.run(inv) // answers inv; a failure is its own (it runs alone)
	if b.proc != nil {
		if err := b.poolCmd(0); err != nil {
			e.log.Warn("the whole-GPU worker did not give its pool back; restarting it", zap.Error(err))
			b.lost(err)
		}
	}
}

// control asks a slot to give its worker's pool back (bytes 0) or take one of bytes.
type control struct {
	bytes uint64
	done  chan error
}

// control makes slot o (not the caller s, which is running) change its worker's pool, through
// o's own goroutine, and waits for it. o is idle or restarting: the exclusive token keeps
// everything else from running.
func (e *Engine) control(s, o *slot, bytes uint64) error {
	if o == s {
		return s.poolCmd(bytes)
	}
	ctl := &control{bytes: bytes, done: make(chan error, 1)}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		e.sched.mu.Lock()
		for i, x := range e.sched.idle {
			if x == o {
				e.sched.idle = append(e.sched.idle[:i], e.sched.idle[i+1:]...)
				e.sched.running++
				e.sched.mu.Unlock()
				o.ctl = ctl
				o.in <- ctlMsg
				select {
				case err := <-ctl.done:
					return err
				case <-e.quit:
					// o's goroutine may have ended on the quit without taking the message:
					// Shutdown's last drainHandoff answers it (ctl.done is buffered).
					return errors.New("the engine is shutting down")
				}
			}
		}
		e.sched.mu.Unlock()
		select {
		case <-e.quit:
			return errors.New("the engine is shutting down")
		case <-time.After(2 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("worker %s did not become idle", o.id)
		}
	}
}
