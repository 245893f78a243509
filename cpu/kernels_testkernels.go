package cpu

import (
	"math"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// The kernels of library "testkernels" (examples/testkernels/testkernels.cu), for gpufn's own
// tests. uses_malloc (testkernels/malloc.cu) has no Go implementation: its library is refused
// at upload.

// spinPoll is how often spin looks at its flag: often enough to notice a change, rarely enough
// not to burn a core of a small CI machine while a deadline test waits for the kill.
const spinPoll = 200 * time.Microsecond

func testKernels() []Kernel {
	return []Kernel{
		{Name: "fill_u8", Params: 3, Fn: fillU8},
		{Name: "check_zero", Params: 3, Fn: checkZero},
		{Name: "add_i64", Params: 4, Fn: addI64},
		{Name: "write_index", Params: 2, Fn: writeIndex},
		{Name: "args8", Params: 6, Fn: args8},
		{Name: "fault", Params: 0, Fn: func(m *Mem, _ *Thread, _ []uint64) { m.StoreI64(0x10, 1) }},
		{Name: "spin", Params: 1, Fn: spin},
		{Name: "spin_ns", Params: 1, Fn: spinNs},
		{Name: "print_inject", Params: 1, Fn: printInject},
	}
}

// fillU8 sets n bytes at p to the low byte of value (grid-stride).
func fillU8(m *Mem, t *Thread, args []uint64) {
	p, n, v := args[0], args[1], uint8(args[2])
	for i, step := t.LinearID(), t.Threads(); i < n; i += step {
		m.StoreU8(p+i, v)
	}
}

// checkZero adds to the uint64 at out the number of non-zero bytes among the n at p; a thread
// that saw none does not touch out (as atomicAdd is skipped).
func checkZero(m *Mem, t *Thread, args []uint64) {
	p, n, out := args[0], args[1], args[2]
	var c uint64
	for i, step := t.LinearID(), t.Threads(); i < n; i += step {
		if m.LoadU8(p+i) != 0 {
			c++
		}
	}
	if c != 0 {
		m.StoreU64(out, m.LoadU64(out)+c)
	}
}

// addI64 sets out[i] = a[i] + b[i] for n int64 elements (grid-stride).
func addI64(m *Mem, t *Thread, args []uint64) {
	a, b, out, n := args[0], args[1], args[2], args[3]
	for i, step := t.LinearID(), t.Threads(); i < n; i += step {
		m.StoreI64(out+8*i, m.LoadI64(a+8*i)+m.LoadI64(b+8*i))
	}
}

// writeIndex sets out[t] = t for every thread t below n.
func writeIndex(m *Mem, t *Thread, args []uint64) {
	if i := t.LinearID(); i < args[1] {
		m.StoreU64(args[0]+8*i, i)
	}
}

// args8 writes its five 8-byte arguments to out[0..4] (thread 0 only).
func args8(m *Mem, t *Thread, args []uint64) {
	if t.LinearID() != 0 {
		return
	}
	for i, v := range args[1:6] {
		m.StoreU64(args[0]+8*uint64(i), v)
	}
}

// spin waits while the int at flag is 0, looking every spinPoll. Nothing else runs on the
// device meanwhile, so with a zero flag it never returns: the worker running it is killed from
// outside, as a GPU worker whose kernel overran its deadline is.
func spin(m *Mem, _ *Thread, args []uint64) {
	for m.LoadU32(args[0]) == 0 {
		time.Sleep(spinPoll)
	}
}

// spinNs waits ns nanoseconds. On a GPU every thread waits at once, so the launch takes ns; here
// the first thread sleeps that long and the others return.
func spinNs(_ *Mem, t *Thread, args []uint64) {
	if t.LinearID() != 0 {
		return
	}
	for ns := args[0]; ns > 0; {
		d := min(ns, math.MaxInt64)
		time.Sleep(time.Duration(d))
		ns -= d
	}
}

// injectPrefix is what print_inject's printf writes before the number: bytes shaped like a
// frame of the worker protocol (a length prefix, then msgpack).
const injectPrefix = "AAAA\x83\xa2id\x01\xa3err\xc0\xa4outs\x90 GPUFN-INJECT "

// printInject writes, from thread 0, the bytes CUDA's printf would to the process's fd 1 (the
// file descriptor itself, not the os.Stdout variable, as the CUDA runtime does), so tests can
// prove that such bytes cannot reach the worker protocol. Write errors are ignored, as
// printf's are.
func printInject(_ *Mem, t *Thread, args []uint64) {
	if t.LinearID() != 0 {
		return
	}
	b := strconv.AppendInt([]byte(injectPrefix), int64(args[0]), 10)
	b = append(b, '\n')
	for len(b) > 0 {
		n, err := unix.Write(1, b)
		if err == unix.EINTR {
			continue
		}
		if err != nil || n <= 0 {
			return
		}
		b = b[n:]
	}
}
