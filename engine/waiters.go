package engine

import "sync/atomic"

// Waiters counts the slots of a server's engines that wait for a result: one count for the
// whole server, shared by every engine and the frontend's connection reads (Config.Waiters;
// `gpufn serve` makes one). Under the hybrid policy it decides whether spinning pays
// (docs/engines.md "Spinning only while the server is quiet"): a spin spares a lone request a
// thread wake-up, but under load every spinning goroutine takes a core from the handlers and
// the other waiters, and the wake-ups it spares are cheap then (threads are awake anyway).
// Measured on an H200 (matmul n=128, 4 workers under MPS, 12 server cores; 2026-11-28):
// spinning as before against parking at once, p99 1.86 against 0.71 ms at 17,600/s, and at
// 26,400/s 13.5% of the requests refused against all of them served.
type Waiters struct{ n atomic.Int32 }

// NewWaiters returns a count of no waiters.
func NewWaiters() *Waiters { return &Waiters{} }

// QuietMax is the most slots of the server that may wait for results while the hybrid policy's
// goroutines still spin: one, a lone request's.
const QuietMax = 1

// Quiet reports whether at most QuietMax slots of the server wait for results.
func (w *Waiters) Quiet() bool { return w.n.Load() <= QuietMax }

// Busy is how many slots of the server wait for results now.
func (w *Waiters) Busy() int { return int(w.n.Load()) }

func (w *Waiters) enter() { w.n.Add(1) }
func (w *Waiters) leave() { w.n.Add(-1) }
