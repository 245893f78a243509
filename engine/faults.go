package engine

import (
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
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
// worker) under MPS they are all lost anyway (GPU-FACTS.md). Their slots see the failure,
// requeue what they were running and start new workers. gen is the generation of the worker
// whose failure triggers it; a failure explained by a later teardown triggers none.
func (e *Engine) teardown(from *slot, gen uint64) {
	if !e.faults.gen.CompareAndSwap(gen, gen+1) {
		return
	}
	e.stats.teardowns.Add(1)
	e.log.Warn("fault domain torn down: restarting every worker of the GPU", zap.String("by", from.id))
	for _, s := range e.slots {
		if s != from {
			s.life.terminate()
		}
	}
	if e.big != nil && e.big != from {
		e.big.life.terminate()
	}
}

// requeue puts an invocation that a GPU-wide fault interrupted back at the head of the queue,
// to run again alone, with a fresh deadline.
func (e *Engine) requeue(inv *call.Invocation) {
	inv.Sched.Reruns++
	inv.Sched.Exclusive = true
	inv.Deadline = time.Now().Add(inv.Sched.Timeout)
	e.stats.reruns.Add(1)
	e.sched.requeue(inv)
}
