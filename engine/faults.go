package engine

import (
	"errors"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/worker"
)

// faultDomain counts the teardowns of the GPU's fault domain. Under a shared fault domain (MPS,
// Config.SharedFaultDomain) one worker's fault, or the kill of one overrunning worker, takes down
// every worker of the GPU: the engine then kills them all (teardown) and runs each interrupted
// invocation again alone. A worker started before the latest teardown is doomed: its slot
// replaces it before it runs anything. Shared by every slot; the generation is atomic.
type faultDomain struct {
	gen atomic.Uint64 // teardowns so far
}

// generation is the number of teardowns so far: a worker that started in an earlier one is
// doomed.
func (d *faultDomain) generation() uint64 { return d.gen.Load() }

// teardown kills every other worker of the GPU: after a fault (or the kill of an overrunning
// worker) under MPS they are all lost anyway (docs/gpu-facts.md). Their slots see the failure,
// requeue what they were running and start new workers. gen is the generation of the worker
// whose failure triggers it (why); a failure explained by a later teardown triggers none.
// overrun says the failure is that worker's kill for an overrun: the cause is known, and what
// the teardown interrupts elsewhere is innocent; a fault is not (every client of the MPS
// daemon sees it: the worker that reports it first need not be the one whose kernel faulted;
// rescue.go). It reports whether this call tore the domain down.
func (e *Engine) teardown(from *slot, gen uint64, why string, overrun bool) bool {
	// The recovery records the teardown with the generation's change, before any slot that
	// the change makes a victim (or a loser of the race) requeues its invocation.
	round, tore := e.rec.detected(func() bool { return e.faults.gen.CompareAndSwap(gen, gen+1) }, from.id, why, !overrun)
	if !tore {
		return false
	}
	e.stats.teardowns.Add(1)
	e.log.Warn("fault domain torn down: restarting every worker of the GPU", zap.String("by", from.id))
	var killed []Worker
	for _, s := range e.allSlots() {
		if s != from {
			if w := s.life.terminate(); w != nil {
				killed = append(killed, w)
			}
		}
	}
	e.rec.killed(killed, from.id, round)
	e.kickRescue() // the window opened (recovery.detected)
	return true
}

// requeue puts an invocation that a GPU-wide fault interrupted back at the head of the queue,
// to run again alone, with a fresh deadline. A batch's carrier is not run again: each member
// not answered yet is, alone (a suspect when the batch was), and one answered meanwhile (its
// caller's deadline) is left alone: its caller may have released it (call.BatchRun.Dissolve).
func (e *Engine) requeue(inv *call.Invocation) {
	if r := inv.Batch; r != nil {
		suspect := inv.Sched.Suspect
		r.Dissolve(inv, func(m *call.Invocation) {
			m.Sched.Unbatched, m.Sched.Suspect = true, suspect
			e.requeue(m)
		})
		return
	}
	inv.Sched.Reruns++
	inv.Sched.Exclusive = true
	inv.Deadline = time.Now().Add(inv.Sched.Timeout)
	e.stats.reruns.Add(1)
	e.rec.requeued(inv)
	e.sched.requeue(inv)
	e.wakeRescue() // window open or not: a suspect's lone run is theirs (rescue.go)
}

// dropDoomed replaces the slot's worker before it runs anything when it may be doomed: it
// started before the latest teardown of the fault domain (under MPS a fault takes down every
// client, asynchronously).
func (s *slot) dropDoomed() {
	if s.life.w != nil && !s.life.own && s.life.gen < s.e.faults.generation() {
		s.e.rec.stage(stageDoomed, s.id)
		s.life.lost(errors.New("it started before the fault domain was last torn down"))
	}
}

// lostInFlight handles the loss of the worker (err) while it held p's request, the oldest in
// flight; the requests sent after it never started, and go back to the queue.
func (s *slot) lostInFlight(p *pending, err error) {
	if p.inv == nil {
		s.dropFailed(p, err)
	} else {
		s.callFailed(p.inv, err)
	}
	s.settle(p)
	s.putBackRest()
}

// callFailed handles a call that got no result: the worker overran the deadline, died, or
// broke the protocol. The worker is replaced.
func (s *slot) callFailed(inv *call.Invocation, err error) {
	switch {
	case errors.Is(err, worker.ErrDeadline):
		s.gpuFailure(inv, call.Errorf(call.CodeDeadline, "the invocation overran its deadline; its kernel was stopped (the worker was killed and is being replaced)"), errors.New("it overran an invocation's deadline"))
	case errors.Is(err, worker.ErrWorkerExited):
		s.gpuFailure(inv, call.Errorf(call.CodeExited, "the worker running the invocation exited (%v)", err), err)
	default:
		s.gpuFailure(inv, call.Errorf(call.CodeInternal, "talking to the worker: %v", err), err)
	}
}

// gpuFailure handles a worker lost while running inv. With a private fault domain (a rescue
// worker's included) the invocation is the cause and is answered. With a shared one (MPS) every
// worker of the GPU is lost, so nobody can tell the culprit from its neighbours yet: unless inv
// ran alone, it is requeued to run again alone, and only a failure when alone is answered. It
// ran alone when it was exclusive, or when no other worker had a request in flight as its
// failure tore the domain down (aloneInFlight: the evidence is conclusive, no second run is
// needed). The lost worker is reaped (lifecycle.lost: under MPS 150-200 ms after a SIGKILL)
// only once inv is answered or requeued and the domain torn down: none of them waits for it.
func (s *slot) gpuFailure(inv *call.Invocation, answer *call.Error, why error) {
	e := s.e
	gen := s.life.gen
	victim := s.life.wasTorn() // a teardown (by another worker's failure) killed this worker
	alone := !victim && e.cfg.SharedFaultDomain && !e.cfg.ForeignClients && e.aloneInFlight(s)
	defer s.life.lost(why)
	if !e.cfg.SharedFaultDomain || s.life.own { // a rescue worker is a fault domain of its own
		e.stats.faults.Add(1)
		s.culprit(inv, answer)
		return
	}
	if victim && inv.Sched.Reruns < maxReruns {
		e.rec.stage(stageVictim, s.id)
		e.requeue(inv)
		return
	}
	tore := e.teardown(s, gen, string(answer.Code), answer.Code == call.CodeDeadline)
	if tore {
		// One fault per teardown: a worker that lost the race to tear the domain down was
		// killed by the same fault (its slot saw the loss before the teardown marked it).
		e.stats.faults.Add(1)
	}
	if inv.Sched.Exclusive || inv.Sched.Reruns > 0 || tore && alone {
		s.culprit(inv, answer) // it ran alone: the failure is its own
		return
	}
	e.log.Info("invocation interrupted by a GPU-wide fault; it runs again alone", zap.String("function", inv.Fn.Name), zap.String("was", string(answer.Code)))
	if inv.Batch != nil {
		e.batchFailed(inv, answer) // batch.go: its own fault or a neighbour's, not known yet
	}
	inv.Sched.Suspect = tore
	e.requeue(inv)
}

// culprit answers inv, whose failure is its own; a fault or an overrun counts against its
// function. A batch's failure is one of its members' doing, not known yet: under a shared
// fault domain each member runs again alone as a suspect (on a rescue worker while one is up,
// where a poisonous one's fault costs that worker only, not another teardown of the GPU with
// innocents beside it); elsewhere the batch's end runs them again (call.BatchRun).
func (s *slot) culprit(inv *call.Invocation, answer *call.Error) {
	if answer.Code != call.CodeExited && answer.Code != call.CodeInternal {
		s.e.strike(inv.Fn, inv.Tenant)
		if inv.Batch == nil { // a batch's failure is one member's: each runs again alone
			s.e.sched.blame.record(inv.Fn, inv.Tenant)
		}
	}
	if inv.Batch != nil {
		s.e.batchFailed(inv, answer) // batch.go
	}
	if inv.Batch != nil && s.e.cfg.SharedFaultDomain {
		inv.Sched.Suspect = true
		s.e.requeue(inv)
		return
	}
	s.e.rec.culprit(s.id, !inv.Sched.Exclusive && inv.Sched.Reruns == 0)
	s.fail(inv, answer)
}

// dropFailed handles the loss of the worker while it ran an invocation that was answered
// already (see waited).
func (s *slot) dropFailed(p *pending, err error) {
	gen := s.life.gen
	victim := s.life.wasTorn()
	defer s.life.lost(err) // reaped after the teardown, as in gpuFailure
	if errors.Is(err, worker.ErrDeadline) {
		s.e.strike(p.fn, p.tenant)
		s.e.sched.blame.record(p.fn, p.tenant)
	}
	switch {
	case !s.e.cfg.SharedFaultDomain || s.life.own:
		s.e.stats.faults.Add(1)
	case !victim && s.e.teardown(s, gen, err.Error(), errors.Is(err, worker.ErrDeadline)):
		s.e.stats.faults.Add(1) // one fault per teardown, as in gpuFailure
	}
}

// runLimit is how long a worker may run one invocation of fn before it is killed: the
// server's deadline (Config.Timeout), or the function owner's "timeout_ms" if shorter. Only
// these kill and strike; a caller's deadline does neither (await.go).
func (e *Engine) runLimit(fn *call.Function) time.Duration {
	if d := fn.Plan.Timeout; d > 0 && d < e.cfg.Timeout {
		return d
	}
	return e.cfg.Timeout
}

// maxReruns bounds how often one invocation runs again after GPU-wide faults it did not cause.
const maxReruns = 3

// strike counts a fault or overrun of caller's invocation against a function and quarantines
// it after Config.QuarantineAfter in a row (a success clears them: reply.go), or
// call.TotalFactor times that in all: for every caller
// when caller is the function's owner, else for caller only (call.Function.Strike). Only a
// worker's own failure strikes: a fault, or an overrun of the server's deadline, never a
// caller's shorter deadline (which bounds only that caller's wait, see await.go).
func (e *Engine) strike(fn *call.Function, caller string) {
	if fn.Strike(caller, e.cfg.QuarantineAfter) {
		e.log.Warn("function quarantined", zap.String("function", fn.Name), zap.String("owner", fn.Owner),
			zap.String("for", quarantineScope(fn, caller)), zap.Int("strikes", e.cfg.QuarantineAfter))
		e.stats.quarantines.Add(1)
	}
}

func quarantineScope(fn *call.Function, caller string) string {
	if fn.Owner == "" || fn.Owner == caller {
		return "every caller"
	}
	return "caller " + caller
}

// quarantined is the answer to caller's invocation of a quarantined function, which never
// reaches a worker; nil when fn is not quarantined for caller.
func (e *Engine) quarantined(fn *call.Function, caller string) *call.Error {
	if !fn.QuarantinedFor(caller) {
		return nil
	}
	return call.Errorf(call.CodeQuarantined, "function %q faulted or overran %d times in a row (or %d times in all), in your invocations or in its owner's; register it again to lift the quarantine", fn.Name, e.cfg.QuarantineAfter, call.TotalFactor*e.cfg.QuarantineAfter)
}
