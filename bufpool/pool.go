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
	used uint64
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

// Base is the device address of the pool.
func (p *Pool) Base() gpu.Ptr { return p.base }

// Reserve checks that need more bytes fit, before any of them is handed out, and (with
// ScrubOnReserve) zeroes them. need should include alignment (function.Footprint does).
func (p *Pool) Reserve(need uint64) error {
	if p.dev == nil {
		return ErrClosed
	}
	if need > p.cap-p.used {
		return &OutOfMemoryError{Need: need, Capacity: p.cap, Used: p.used}
	}
	if p.opt.ScrubOnReserve && need > 0 {
		if err := p.dev.Memset(p.base+gpu.Ptr(p.used), 0, need); err != nil {
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
	if n > a || a > p.cap-p.used { // n > a: the rounding overflowed
		return 0, &OutOfMemoryError{Need: n, Capacity: p.cap, Used: p.used}
	}
	ptr := p.base + gpu.Ptr(p.used)
	p.used += a
	return ptr, nil
}

// Release zeroes the used span with one memset and makes the whole pool free again. Callers
// must not use addresses from Alloc after Release. If the memset fails the pool stays in use
// and the error is returned (the device is then usually lost).
func (p *Pool) Release() error {
	if p.dev == nil {
		return ErrClosed
	}
	if p.used == 0 {
		return nil
	}
	if err := p.dev.Memset(p.base, 0, p.used); err != nil {
		return fmt.Errorf("bufpool: zeroing %d bytes: %w", p.used, err)
	}
	p.used = 0
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
