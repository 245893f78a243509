// Package bufpool is a worker's device memory: one contiguous allocation made at start,
// handed out by bump allocation with 256-byte alignment, and zeroed with one memset over the
// used span when an invocation releases it, after success and after failure alike. Nothing is
// allocated from the device on the hot path.
//
// Scrub-on-reserve (Options.ScrubOnReserve, on by default in workers) also zeroes the span an
// invocation is about to use before it gets it. Release alone keeps tenants' data from being
// read by later kernels; scrubbing on reserve also undoes anything a kernel wrote beyond its own
// buffers (it can reach the whole pool), so every buffer is zero when an invocation gets it.
//
// One span may be reserved ahead (ReserveAhead) while another is in use: the worker copies the
// inputs of the invocation queued behind the running one into it on a second stream. The two
// spans never overlap; Release zeroes the span in use and makes the one reserved ahead the span
// in use.
//
// A Pool is not safe for concurrent use: it belongs to the worker's executor. It starts no
// goroutines.
package bufpool

import (
	"errors"
	"fmt"

	"gpufn/gpu"
)

// Align is the alignment of every allocation.
const Align = 256

// Device is what the pool needs of a gpu.Device.
type Device interface {
	Alloc(n uint64) (gpu.Ptr, error)
	Free(p gpu.Ptr) error
	Memset(dst gpu.Ptr, v byte, n uint64) error
}

// Options configure a Pool.
type Options struct {
	// ScrubOnReserve zeroes the reserved span in Reserve as well as in Release.
	ScrubOnReserve bool
	// ZeroOnCreate zeroes the whole pool once when it is made (GPU drivers scrub memory between
	// processes, but the pool does not rely on it; the cpu device's memory is fresh anyway).
	ZeroOnCreate bool
}

// OutOfMemoryError is returned when an invocation needs more than the pool holds.
type OutOfMemoryError struct {
	Need     uint64 // bytes the invocation needs, alignment included
	Capacity uint64 // bytes the pool holds
	Used     uint64 // bytes already in use when asked
}

func (e *OutOfMemoryError) Error() string {
	if e.Used > 0 {
		return fmt.Sprintf("needs %d more bytes of device memory; the pool holds %d, of which %d are in use", e.Need, e.Capacity, e.Used)
	}
	return fmt.Sprintf("needs %d bytes of device memory; the pool holds %d", e.Need, e.Capacity)
}

// Is makes errors.Is(err, gpu.ErrOutOfMemory) true.
func (e *OutOfMemoryError) Is(target error) bool { return target == gpu.ErrOutOfMemory }

// ErrClosed is returned by a closed pool.
var ErrClosed = errors.New("bufpool: closed")

// Pool is one contiguous device allocation with bump allocation.
//
// A Pool must not be copied.
type Pool struct {
	dev  Device
	opt  Options
	base gpu.Ptr
	cap  uint64
	// The span in use starts at off (0 but after a span reserved ahead took over) and has
	// used bytes handed out.
	off, used uint64
	// ahead is the span reserved ahead, if live.
	ahead aheadSpan
}

// aheadSpan is a span reserved ahead: at off, need bytes reserved, used handed out.
type aheadSpan struct {
	off, need, used uint64
	live            bool
}

// New makes the pool's one allocation of capacity bytes (rounded down to Align).
func New(dev Device, capacity uint64, opt Options) (*Pool, error) {
	capacity &^= Align - 1
	if capacity == 0 {
		return nil, fmt.Errorf("bufpool: a pool of 0 bytes")
	}
	base, err := dev.Alloc(capacity)
	if err != nil {
		return nil, fmt.Errorf("bufpool: allocating a pool of %d bytes: %w", capacity, err)
	}
	if !opt.ZeroOnCreate {
		return &Pool{dev: dev, opt: opt, base: base, cap: capacity}, nil
	}
	if err := dev.Memset(base, 0, capacity); err != nil {
		dev.Free(base)
		return nil, fmt.Errorf("bufpool: zeroing a new pool: %w", err)
	}
	return &Pool{dev: dev, opt: opt, base: base, cap: capacity}, nil
}

// Capacity is the pool's size in bytes.
func (p *Pool) Capacity() uint64 { return p.cap }

// Used is the bytes handed out since the last Release.
func (p *Pool) Used() uint64 { return p.used }

// limit is where the span in use must end: the start of a span reserved ahead above it, else
// the pool's end.
func (p *Pool) limit() uint64 {
	if p.ahead.live && p.ahead.off >= p.off {
		return p.ahead.off
	}
	return p.cap
}

// Base is the device address of the pool.
func (p *Pool) Base() gpu.Ptr { return p.base }

// Reserve checks that need more bytes fit, before any of them is handed out, and (with
// ScrubOnReserve) zeroes them. need should include alignment (function.Footprint does).
func (p *Pool) Reserve(need uint64) error {
	if p.dev == nil {
		return ErrClosed
	}
	if need > p.limit()-p.off-p.used {
		return &OutOfMemoryError{Need: need, Capacity: p.cap, Used: p.used}
	}
	if p.opt.ScrubOnReserve && need > 0 {
		if err := p.dev.Memset(p.base+gpu.Ptr(p.off+p.used), 0, need); err != nil {
			return fmt.Errorf("bufpool: scrubbing %d bytes: %w", need, err)
		}
	}
	return nil
}

// Alloc hands out n bytes, 256-byte aligned. It never calls the device. A zero-byte
// allocation gets a valid address and takes no space.
func (p *Pool) Alloc(n uint64) (gpu.Ptr, error) {
	if p.dev == nil {
		return 0, ErrClosed
	}
	a := (n + Align - 1) &^ (Align - 1)
	if n > a || a > p.limit()-p.off-p.used { // n > a: the rounding overflowed
		return 0, &OutOfMemoryError{Need: n, Capacity: p.cap, Used: p.used}
	}
	ptr := p.base + gpu.Ptr(p.off+p.used)
	p.used += a
	return ptr, nil
}

// ReserveAhead reserves a span of need bytes beside the span in use, which it never overlaps:
// at the pool's middle, else its start, else right after the span in use. It scrubs nothing
// (the caller zeroes it on its own stream) and returns the span's address; AllocAhead hands
// out of it, Release makes it the span in use, DropAhead gives it up. One span at most is
// reserved ahead at a time; when it does not fit, the error is an OutOfMemoryError, and the
// pool is as it was.
func (p *Pool) ReserveAhead(need uint64) (gpu.Ptr, error) {
	if p.dev == nil {
		return 0, ErrClosed
	}
	if p.ahead.live {
		return 0, errors.New("bufpool: a span is reserved ahead already")
	}
	a := (need + Align - 1) &^ (Align - 1)
	if need > a {
		return 0, &OutOfMemoryError{Need: need, Capacity: p.cap, Used: p.used}
	}
	// The places tried, in order: the pool's middle, then its start, then right after the
	// span in use. The first two alternate when every span fits in half the pool, so that the
	// buffers of an invocation have one of two addresses (a launch graph, recorded with them,
	// is replayed, not built again for each new place).
	end := p.off + p.used
	for _, off := range [3]uint64{(p.cap / 2) &^ (Align - 1), 0, end} {
		if a <= p.cap-off && (off+a <= p.off || off >= end) { // every off is at most p.cap
			p.ahead = aheadSpan{off: off, need: a, live: true}
			return p.base + gpu.Ptr(off), nil
		}
	}
	return 0, &OutOfMemoryError{Need: need, Capacity: p.cap, Used: p.used}
}

// AllocAhead hands out n bytes of the span reserved ahead, 256-byte aligned, within what was
// reserved. It never calls the device.
func (p *Pool) AllocAhead(n uint64) (gpu.Ptr, error) {
	if p.dev == nil {
		return 0, ErrClosed
	}
	if !p.ahead.live {
		return 0, errors.New("bufpool: no span is reserved ahead")
	}
	a := (n + Align - 1) &^ (Align - 1)
	if n > a || a > p.ahead.need-p.ahead.used {
		return 0, &OutOfMemoryError{Need: n, Capacity: p.ahead.need, Used: p.ahead.used}
	}
	ptr := p.base + gpu.Ptr(p.ahead.off+p.ahead.used)
	p.ahead.used += a
	return ptr, nil
}

// Ahead reports whether a span is reserved ahead.
func (p *Pool) Ahead() bool { return p.ahead.live }

// DropAhead gives the span reserved ahead up, zeroing what was handed out of it with one
// memset on the default stream. Whatever wrote into it on another stream must be ordered
// before that memset by the caller (gpu.AheadCopier's AheadJoin).
func (p *Pool) DropAhead() error {
	if p.dev == nil {
		return ErrClosed
	}
	if !p.ahead.live {
		return nil
	}
	if p.ahead.used > 0 {
		if err := p.dev.Memset(p.base+gpu.Ptr(p.ahead.off), 0, p.ahead.used); err != nil {
			return fmt.Errorf("bufpool: zeroing %d bytes: %w", p.ahead.used, err)
		}
	}
	p.ahead = aheadSpan{}
	return nil
}

// Release zeroes the used span with one memset and makes the whole pool free again, but for a
// span reserved ahead, which becomes the span in use (with what was handed out of it). Callers
// must not use addresses from Alloc after Release. If the memset fails the pool stays in use
// and the error is returned (the device is then usually lost).
func (p *Pool) Release() error {
	if p.dev == nil {
		return ErrClosed
	}
	if p.used > 0 {
		if err := p.dev.Memset(p.base+gpu.Ptr(p.off), 0, p.used); err != nil {
			return fmt.Errorf("bufpool: zeroing %d bytes: %w", p.used, err)
		}
	}
	p.off, p.used = 0, 0
	if p.ahead.live {
		p.off, p.used = p.ahead.off, p.ahead.used
		p.ahead = aheadSpan{}
	}
	return nil
}

// Close frees the allocation. It is safe to call twice.
func (p *Pool) Close() error {
	if p.dev == nil {
		return nil
	}
	err := p.dev.Free(p.base)
	p.dev = nil
	return err
}
