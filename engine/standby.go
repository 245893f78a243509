package engine

import (
	"fmt"
	"time"

	"go.uber.org/zap"

	"gpufn/worker"
)

// Standby workers (Config.Standby): processes started ahead with the options of a regular
// slot, that have not opened their device (worker.StartOptions.Standby). Under MPS they are no
// clients of the GPU yet, so a teardown of the fault domain leaves them be; a slot that must
// start a worker (after a teardown, a fault, a death) promotes one instead, and pays only the
// device's opening, not the process's start. The engine's goroutine keepStandby refills the
// set; a standby that dies waiting is replaced when a promotion fails on it.

// promoter is a Worker started as a standby: Promote opens its device and waits for its hello.
type promoter interface {
	Promote(timeout time.Duration) error
}

// keepStandby keeps Config.Standby workers started ahead until the engine quits, then stops
// those still waiting.
func (e *Engine) keepStandby() {
	defer e.wg.Done()
	defer func() {
		for {
			select {
			case w := <-e.standby:
				w.Kill()
			default:
				return
			}
		}
	}()
	for n, failed := 0, 0; ; n++ {
		opt := e.standbyOptions(n)
		w, err := e.cfg.Start(opt)
		if err != nil {
			failed++
			e.log.Warn("a standby worker failed to start", zap.String("worker", opt.ID), zap.Error(err))
			select {
			case <-e.quit:
				return
			case <-time.After(retryDelay(failed, false)):
			}
			continue
		}
		failed = 0
		select {
		case e.standby <- w: // waits while the set is full
		case <-e.quit:
			w.Kill()
			return
		}
	}
}

// standbyOptions are a regular slot's worker options, started as standby number n.
func (e *Engine) standbyOptions(n int) worker.StartOptions {
	opt := e.slots[0].life.options()
	opt.ID, opt.Standby = fmt.Sprintf("%s-standby%d", e.cfg.Name, n), true
	return opt
}

// promoteStandby takes a standby worker, if one waits and the slot is a regular one (the
// whole-GPU worker starts otherwise), and promotes it; nil when there is none or its
// promotion failed (it is killed; the caller starts a worker as usual).
func (l *lifecycle) promoteStandby() Worker {
	e := l.e
	if e.standby == nil || !l.counted {
		return nil
	}
	var w Worker
	select {
	case w = <-e.standby:
	default:
		return nil
	}
	p, ok := w.(promoter)
	if !ok {
		w.Kill()
		return nil
	}
	if err := p.Promote(e.cfg.StartTimeout); err != nil {
		e.log.Warn("a standby worker could not be promoted", zap.String("worker", l.id), zap.Error(err))
		w.Kill()
		return nil
	}
	e.stats.promoted.Add(1)
	e.rec.stage(stagePromoted, l.id)
	return w
}
