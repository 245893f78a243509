package engine

import (
	"slices"
	"sync"

	"go.uber.org/zap"

	"gpufn/worker"
)

// Dropping deleted weights (docs/weights.md, "On the device"). A weight set deleted, or a
// function with its own copy of one (an init flow's) deleted or replaced, stays resident on the
// workers that placed it until something evicts it: it is never used again, but it holds
// device memory and its bytes. DropWeights logs what was deleted; each slot, at the top of its
// loop (before it takes work, and when kicked while idle), sends its worker what it has not
// sent yet, in one worker.DropCmd, and the worker zeroes and frees those sets
// (worker.Executor.DropWeights); the rescue slots do the same in theirs, and the whole-GPU
// worker before each whole-GPU run. A slot with a new worker skips what was logged before it
// started (a new worker holds nothing). A slot reaches the top of its loop when its worker has
// nothing in flight: under steady pipelined load of one function that may be long, and until
// then the LRU's evictions bound what the deleted sets hold. An invocation of a deleted
// function that was already queued may place its set again after the drop: the LRU evicts
// it in time, as before.

// maxDrops bounds the log: beyond it the oldest half is merged into one entry (add).
const maxDrops = 1024

type dropEntry struct {
	sets  [][32]byte
	funcs []uint64
}

type dropLog struct {
	mu      sync.Mutex
	entries []dropEntry // index i of the log is entries[i-base]
	base    uint64
}

// end is the index after the last entry.
func (l *dropLog) end() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.base + uint64(len(l.entries))
}

// since merges the entries from index i (or the oldest kept) to the end, and returns the end.
func (l *dropLog) since(i uint64) (sets [][32]byte, funcs []uint64, end uint64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, d := range l.entries[max(i, l.base)-l.base:] {
		sets = append(sets, d.sets...)
		funcs = append(funcs, d.funcs...)
	}
	return sets, funcs, l.base + uint64(len(l.entries))
}

// add appends d. Past maxDrops entries the oldest half is merged into one entry (what they
// name, once each) at the index of the last of them: a slot that was behind them sends them
// all at once, and nothing logged is lost.
func (l *dropLog) add(d dropEntry) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.entries) >= maxDrops {
		n := len(l.entries) / 2
		var m dropEntry
		for _, e := range l.entries[:n] {
			for _, s := range e.sets {
				if !slices.Contains(m.sets, s) {
					m.sets = append(m.sets, s)
				}
			}
			for _, f := range e.funcs {
				if !slices.Contains(m.funcs, f) {
					m.funcs = append(m.funcs, f)
				}
			}
		}
		l.entries = append(append(l.entries[:0:0], m), l.entries[n:]...)
		l.base += uint64(n - 1)
	}
	l.entries = append(l.entries, d)
}

// DropWeights has every worker drop the resident weights of the deleted weight sets (by
// content: sets) and the own copies of the deleted or replaced functions (funcs: their
// Function.ID), zeroed and freed. It returns at once.
func (e *Engine) DropWeights(sets [][32]byte, funcs []uint64) {
	if len(sets)+len(funcs) == 0 {
		return
	}
	e.drops.add(dropEntry{sets: sets, funcs: funcs})
	for _, s := range e.slots {
		s.kickPreload() // an idle slot's goroutine looks at the top of its loop (dropIdle)
	}
	for _, s := range e.res.slots {
		s.kickPreload() // a rescue slot's too (rescueLoop)
	}
}

// dropIdle sends the slot's worker what the drop log has that it has not sent it yet; it
// reports whether it sent anything. A new worker holds nothing: its slot skips what was logged
// before it started (slot.ensure).
func (s *slot) dropIdle() bool {
	if s.life.w == nil || len(s.pipe.order) > 0 {
		return false
	}
	sets, funcs, end := s.e.drops.since(s.dropNext)
	s.dropNext = end
	if len(sets)+len(funcs) == 0 {
		return false
	}
	if err := s.sendDrop(&worker.DropCmd{Sets: sets, Funcs: funcs}); err != nil { // affinity.go
		s.e.log.Warn("a worker did not drop deleted weights; restarting it", zap.String("worker", s.id), zap.Error(err))
	}
	return true
}
