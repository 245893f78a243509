package shm

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
)

// ErrTooLarge is returned when an invocation's data does not fit a context.
var ErrTooLarge = errors.New("does not fit the shared-memory context")

// Span is a byte range of a context.
type Span struct {
	Off uint64 `msgpack:"o"`
	Len uint64 `msgpack:"l"`
}

// End is Off+Len.
func (s Span) End() uint64 { return s.Off + s.Len }

// OutputAlign is the alignment of the output area after the inputs.
const OutputAlign = 64

// Context lays out one invocation at a time in a region: inputs back to back from offset 0,
// then the output area. It zeroes what an earlier invocation left behind.
//
// A Context must not be copied.
type Context struct {
	mem  []byte
	high uint64 // bytes [0, high) may hold data of the previous invocation
	next uint64 // where the next input goes
	// ready, when set, is the context's input watermark, a word both processes map: Stream
	// publishes in it how far the inputs are written, for a reader that began before they were
	// all there.
	ready *atomic.Uint64
}

// NewContext lays out contexts over mem (a Region's Bytes, or any memory in tests).
func NewContext(mem []byte) *Context { return &Context{mem: mem} }

// NewStreamingContext is NewContext with an input watermark (see Stream): ready must be a word
// of shared memory outside mem that the reader of the context can load.
func NewStreamingContext(mem []byte, ready *atomic.Uint64) *Context {
	return &Context{mem: mem, ready: ready}
}

// Streams says whether the context has an input watermark, so that Reserve and Stream may
// replace PutInput.
func (c *Context) Streams() bool { return c.ready != nil }

// Size is the context's capacity in bytes.
func (c *Context) Size() uint64 { return uint64(len(c.mem)) }

// Bytes is the whole context.
func (c *Context) Bytes() []byte { return c.mem }

// Begin starts a new invocation: inputs are placed from offset 0 again, and the watermark
// (if any) says that none is written yet.
func (c *Context) Begin() {
	c.next = 0
	if c.ready != nil {
		c.ready.Store(0)
	}
}

// Reserve takes the next input span of n bytes without writing it: Stream fills it later. The
// span may hold what an earlier invocation left there until then.
func (c *Context) Reserve(n uint64) (Span, error) {
	if n > c.Size()-c.next {
		return Span{}, fmt.Errorf("inputs of more than %d bytes %w (its size is %d bytes; see --context-size)", c.next+n, ErrTooLarge, c.Size())
	}
	s := Span{Off: c.next, Len: n}
	c.next += n
	if c.next > c.high {
		c.high = c.next
	}
	return s, nil
}

// StreamChunk is how many bytes Stream copies between two updates of the watermark: a reader
// that starts its copy to the device as soon as a chunk is there overlaps the two copies.
const StreamChunk = 64 << 10

// Stream copies b into span s (from Reserve, len(b) == s.Len), a chunk at a time, and after
// each chunk stores s.Off plus the bytes written so far in the watermark: a reader that loads
// w from it may read every byte of the context below w. Spans must be streamed in the order
// they were reserved. Without a watermark it is a plain copy.
func (c *Context) Stream(s Span, b []byte) {
	dst := c.mem[s.Off:s.End()]
	if c.ready == nil {
		copy(dst, b)
		return
	}
	for done := 0; done < len(dst); {
		n := min(StreamChunk, len(dst)-done)
		copy(dst[done:done+n], b[done:done+n])
		done += n
		c.ready.Store(s.Off + uint64(done))
	}
	if len(dst) == 0 {
		c.ready.Store(s.End())
	}
}

// InputsAborted is the watermark's value once the writer gave up on the inputs (Abort): a
// reader that loads it stops waiting and answers without reading them. Every real watermark
// is smaller (a context is far smaller than 2^64 bytes).
const InputsAborted = ^uint64(0)

// FillStep is the least Fill raises the watermark by (but for the span's last bytes): a reader
// copies each part below the watermark to the device, and a read from a socket may return a
// packet's worth, too little for a copy of its own.
const FillStep = 16 << 10

// Fill reads span s (from Reserve) from r, as Stream copies it: at most StreamChunk bytes per
// read, and once at least FillStep more bytes have come the watermark says how far the span is
// written, so that a reader copies each part to the device while the next is still arriving
// (the body of an HTTP request read from its connection straight into the context). It
// returns the bytes read; an error (r ended early, or failed) leaves the rest of the span
// unwritten and the watermark below its end: the writer then calls Abort. Without a watermark
// it is a plain read.
func (c *Context) Fill(s Span, r io.Reader) (int, error) {
	dst := c.mem[s.Off:s.End()]
	done, told := 0, 0
	for done < len(dst) {
		n, err := r.Read(dst[done:min(done+StreamChunk, len(dst))])
		done += n
		if c.ready != nil && (done-told >= FillStep || done == len(dst) || err != nil && done > told) {
			c.ready.Store(s.Off + uint64(done))
			told = done
		}
		if done == len(dst) {
			break
		}
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return done, err
		}
	}
	if len(dst) == 0 && c.ready != nil {
		c.ready.Store(s.End())
	}
	return done, nil
}

// Abort tells the reader that the inputs will not be written whole (InputsAborted). Begin
// clears it.
func (c *Context) Abort() {
	if c.ready != nil {
		c.ready.Store(InputsAborted)
	}
}

// PutInput copies b to the next input span and returns the span.
func (c *Context) PutInput(b []byte) (Span, error) {
	n := uint64(len(b))
	if n > c.Size()-c.next {
		return Span{}, fmt.Errorf("inputs of more than %d bytes %w (its size is %d bytes; see --context-size)", c.next+n, ErrTooLarge, c.Size())
	}
	s := Span{Off: c.next, Len: n}
	copy(c.mem[s.Off:s.End()], b)
	c.next += n
	if c.next > c.high {
		c.high = c.next
	}
	return s, nil
}

// PutGather copies parts back to back into the next input span, of n bytes, and zeroes the
// rest of the span: a batch's items, each from one invocation, then the zeroed items of its
// padding (docs/batching.md). The parts must total at most n. A span of at least
// 2*GatherParallelBytes, on a runtime of at least 4 Go processors, is copied by several
// goroutines (gatherWays, within the process-wide budget of takeHelpers), each a range of
// the span's bytes (parts and padding alike): one core copies 10-15 GB/s, and a batch of 32
// ResNet-18 images is 9.6 MB, which on one core would add most of a millisecond to every
// member's wait.
func (c *Context) PutGather(parts [][]byte, n uint64) (Span, error) {
	return c.putGather(parts, n, runtime.GOMAXPROCS(0))
}

// putGather is PutGather on a runtime of procs processors.
func (c *Context) putGather(parts [][]byte, n uint64, procs int) (Span, error) {
	if n > c.Size()-c.next {
		return Span{}, fmt.Errorf("inputs of more than %d bytes %w (its size is %d bytes; see --context-size)", c.next+n, ErrTooLarge, c.Size())
	}
	var total uint64
	for _, p := range parts {
		total += uint64(len(p))
	}
	if total > n {
		return Span{}, fmt.Errorf("shm: %d bytes of parts in a span of %d", total, n)
	}
	s := Span{Off: c.next, Len: n}
	dst := c.mem[s.Off:s.End()]
	helpers := 0
	if ways := gatherWays(n, procs); ways > 1 {
		helpers = takeHelpers(ways-1, procs/2)
	}
	if helpers > 0 {
		gatherParallel(dst, parts, total, helpers+1)
		gatherHelpers.Add(-int64(helpers))
	} else {
		gatherRange(dst, parts, int(total), 0, len(dst))
	}
	c.next += n
	if c.next > c.high {
		c.high = c.next
	}
	return s, nil
}

// GatherFanout is the most goroutines that copy one span (PutGather), its caller's among
// them; GatherParallelBytes the least each of them copies.
const (
	GatherFanout        = 8
	GatherParallelBytes = 1 << 20
)

// gatherWays is how many goroutines copy a span of n bytes when the Go runtime has procs
// processors: one a GatherParallelBytes of the span, at most GatherFanout, and at most half
// the processors (the others keep answering, polling and reading bodies meanwhile), so one
// below 4 processors or 2*GatherParallelBytes.
func gatherWays(n uint64, procs int) int {
	return max(1, min(GatherFanout, procs/2, int(n/GatherParallelBytes)))
}

// gatherHelpers counts the goroutines that copy spans beside their callers, over every
// context of the process: several engines' slots may gather batches at once, and together
// they keep to the half of the processors that gatherWays allows one of them.
var gatherHelpers atomic.Int64

// takeHelpers reserves up to want helper goroutines while fewer than limit are at work in
// the process, and returns how many it reserved (0: the caller copies alone). The caller
// gives them back (gatherHelpers.Add(-n)) when its copy is done.
func takeHelpers(want, limit int) int {
	for {
		cur := gatherHelpers.Load()
		n := min(int64(want), int64(limit)-cur)
		if n <= 0 {
			return 0
		}
		if gatherHelpers.CompareAndSwap(cur, cur+n) {
			return int(n)
		}
	}
}

// gatherParallel copies parts back to back to the start of dst and zeroes the rest, on ways
// goroutines (the caller's among them), each the bytes of dst in one range of equal length, a
// multiple of the page size (from dst's start: cache lines apart where dst starts aligned, as
// a batch's first input does).
func gatherParallel(dst []byte, parts [][]byte, total uint64, ways int) {
	share := gatherShare(len(dst), ways)
	var wg sync.WaitGroup
	for lo := 0; lo < len(dst); lo += share {
		hi := min(lo+share, len(dst))
		if hi == len(dst) {
			gatherRange(dst, parts, int(total), lo, hi)
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			gatherRange(dst, parts, int(total), lo, hi)
		}()
	}
	wg.Wait()
}

// gatherShare is the length of each range when n bytes are copied by ways goroutines: whole
// pages, and at most ways ranges.
func gatherShare(n, ways int) int { return ((n+ways-1)/ways + 4095) &^ 4095 }

// gatherRange writes bytes [lo, hi) of dst as they are when the parts (total bytes) lie back
// to back from dst's start with zeroes after them.
func gatherRange(dst []byte, parts [][]byte, total, lo, hi int) {
	at := 0
	for _, p := range parts {
		if at >= hi {
			break
		}
		if end := at + len(p); end > lo {
			a, b := max(at, lo), min(end, hi)
			copy(dst[a:b], p[a-at:b-at])
		}
		at += len(p)
	}
	if hi > total {
		clear(dst[max(lo, total):hi])
	}
}

// OutputArea returns where outputs go: from the first aligned offset after the inputs to the
// end. Before it returns, it zeroes every byte the previous invocation left beyond this one's
// inputs, so that while this invocation's kernels run the context holds only its data.
func (c *Context) OutputArea() Span {
	if c.high > c.next {
		clear(c.mem[c.next:c.high])
	}
	c.high = c.next
	off := (c.next + OutputAlign - 1) &^ (OutputAlign - 1)
	if off > c.Size() {
		off = c.Size()
	}
	return Span{Off: off, Len: c.Size() - off}
}

// Written records that the worker wrote outputs up to end, so the next invocation zeroes them.
func (c *Context) Written(end uint64) {
	if end > c.Size() {
		end = c.Size()
	}
	if end > c.high {
		c.high = end
	}
}

// Retire zeroes what the invocation wrote beyond its inputs (its outputs), once they have been
// copied out: done right after an answer, it keeps that work off the next invocation's path
// (OutputArea then has nothing left to clear when the next inputs are no shorter).
func (c *Context) Retire() {
	if c.high > c.next {
		clear(c.mem[c.next:c.high])
		c.high = c.next
	}
}

// Slice returns the bytes of a span, or an error if it lies outside the context.
func (c *Context) Slice(s Span) ([]byte, error) {
	if s.Off > c.Size() || s.Len > c.Size()-s.Off {
		return nil, fmt.Errorf("shm: span [%d, +%d) outside a context of %d bytes", s.Off, s.Len, c.Size())
	}
	return c.mem[s.Off:s.End():s.End()], nil
}

// Scrub zeroes everything written so far.
func (c *Context) Scrub() {
	clear(c.mem[:c.high])
	c.high, c.next = 0, 0
}
