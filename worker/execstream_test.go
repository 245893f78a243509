package worker

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gpufn/call"
	"gpufn/gpu"
	"gpufn/gpu/gpufake"
	"gpufn/libscan"
	"gpufn/shm"
)

// The fake device has asynchronous copies both ways and timing marks, as the CUDA device does
// (gpu.AsyncCopier, gpu.StreamTimer), so the graph rig's executor runs invocations with
// executeStream. pathRig runs the same rig on either path: stream false hides the fake's
// asynchronous device-to-host copies and marks (not its graphs nor its asynchronous
// host-to-device copies), which gives execute as it runs on a device without them: copies in
// and a wait, the launches and a wait, a synchronous copy out.
func pathRig(t *testing.T, stream bool, fake gpufake.Options, opt ExecutorOptions) *graphRig {
	t.Helper()
	r := newGraphRig(t, fake, opt)
	if !stream {
		r.ex = NewExecutor(struct {
			gpu.GraphDevice
			gpu.AsyncCopier
		}{r.dev, r.dev}, r.pool, opt)
	}
	if got := r.ex.st != nil; got != stream || r.ex.ac == nil {
		t.Fatalf("the executor takes the stream path: %v; want %v", got, stream)
	}
	return r
}

// invokeOut runs chainConfig (function 1) with reps repetitions from x and the output area
// out, and returns the result without checking it.
func (r *graphRig) invokeOut(reps, x uint64, out shm.Span) *Result {
	r.id++
	binary.LittleEndian.PutUint64(r.mem[0:], reps)
	binary.LittleEndian.PutUint64(r.mem[8:], x)
	req := &Invoke{ID: r.id, FuncID: 1, Config: []byte(chainConfig),
		Lib:    LibRef{Hash: sha256.Sum256([]byte("lib")), Kind: libscan.KindPTX, Image: []byte("lib")},
		Inputs: []shm.Span{{Off: 0, Len: 16}}, Output: out}
	var res Result
	r.ex.Run(req, r.mem, &res)
	r.zeroOwed()
	return &res
}

// ops lists the ops the fake logged since the last ResetCalls (Mark with its index), and
// resets the log.
func (r *graphRig) ops() []string {
	var ops []string
	for _, c := range r.dev.Calls() {
		op := c.Op
		if op == "Mark" {
			op = fmt.Sprintf("Mark%d", c.Args[0])
		}
		ops = append(ops, op)
	}
	r.dev.ResetCalls()
	return ops
}

// poolZero reports whether the whole pool is zero on the device.
func (r *graphRig) poolZero() bool {
	b, err := r.dev.Mem(r.pool.Base(), r.pool.Capacity())
	if err != nil {
		r.t.Fatal(err)
	}
	return !slices.ContainsFunc(b, func(c byte) bool { return c != 0 })
}

// On a device with asynchronous copies and marks an invocation is enqueued whole and waited
// for once: copies in, mark 0, the launches (one by one, then a graph built, then replayed),
// mark 1, the copy out, mark 2, one Synchronize; the marks are read after it, and the zeroing
// of the span comes once the reply is out (ZeroOwed, which the worker's loop calls after the
// reply). No synchronous copy is left, and the outputs are right (the fake writes an
// asynchronous copy's bytes only at the Synchronize).
func TestStreamOneSynchronizePerInvocation(t *testing.T) {
	r := pathRig(t, true, gpufake.Options{}, ExecutorOptions{})
	r.invoke(1, "lib", 5, 1) // loads the module: not counted
	r.dev.ResetCalls()
	oneByOne := slices.Repeat([]string{"Launch"}, 21)
	for i, launches := range [][]string{oneByOne, {"BuildGraph", "LaunchGraph"}, {"LaunchGraph"}, {"LaunchGraph"}} {
		r.invoke(1, "lib", 10, uint64(i+2))
		want := slices.Concat([]string{"CopyToDeviceAsync", "Mark0"}, launches,
			[]string{"Mark1", "CopyFromDeviceAsync", "Mark2", "Synchronize", "Elapsed", "Elapsed", "Memset"})
		if got := r.ops(); !slices.Equal(got, want) {
			t.Fatalf("invocation %d: calls\n%v\nwant\n%v", i, got, want)
		}
	}
	if !r.poolZero() || r.pool.Used() != 0 {
		t.Fatalf("the span is not zeroed after the invocations (%d bytes in use)", r.pool.Used())
	}
}

// The zeroing is owed, not skipped: the reply goes without it (the span still in use, nothing
// zeroed), ZeroOwed enqueues it once, and an entry point called while one is owed (here the
// next Run, had the loop not paid it) pays it before it puts anything on the device.
func TestStreamZeroOwedAfterReply(t *testing.T) {
	r := pathRig(t, true, gpufake.Options{}, ExecutorOptions{NoGraphs: true})
	r.invoke(1, "lib", 3, 1)
	r.dev.ResetCalls()
	run := func(x uint64) *Result {
		binary.LittleEndian.PutUint64(r.mem[0:], 3)
		binary.LittleEndian.PutUint64(r.mem[8:], x)
		r.id++
		req := &Invoke{ID: r.id, FuncID: 1, Config: []byte(chainConfig),
			Lib:    LibRef{Hash: sha256.Sum256([]byte("lib")), Kind: libscan.KindPTX, Image: []byte("lib")},
			Inputs: []shm.Span{{Off: 0, Len: 16}}, Output: shm.Span{Off: 1024, Len: 1024}}
		var res Result
		r.ex.Run(req, r.mem, &res)
		if res.Err != nil {
			t.Fatalf("invocation %d: %+v", r.id, res.Err)
		}
		return &res
	}
	run(2)
	if ops := r.ops(); slices.Contains(ops, "Memset") || r.pool.Used() == 0 || r.poolZero() {
		t.Fatalf("calls %v, %d bytes in use: the reply waited for the zeroing", ops, r.pool.Used())
	}
	run(3) // nothing paid in between: Run pays it first
	ops := r.ops()
	if len(ops) == 0 || ops[0] != "Memset" || strings.Count(strings.Join(ops, " "), "Memset") != 1 {
		t.Fatalf("calls %v: want the owed zeroing first, once", ops)
	}
	r.zeroOwed()
	r.zeroOwed() // once only
	if ops := r.ops(); !slices.Equal(ops, []string{"Memset"}) || r.pool.Used() != 0 || !r.poolZero() {
		t.Fatalf("calls %v, %d bytes in use: want one zeroing of the whole span", ops, r.pool.Used())
	}
	// A zeroing that cannot be enqueued (a lost device) is the caller's to report; the span
	// stays in use, as bufpool's Release leaves it.
	run(4)
	r.dev.Fail("Memset", 1, gpufake.Fatal("cuMemsetD8"))
	if err := r.ex.ZeroOwed(); err == nil || !gpu.IsFatal(err) || r.pool.Used() == 0 {
		t.Fatalf("a failed zeroing after the reply: %v, %d bytes in use", err, r.pool.Used())
	}
}

// The stages come from the marks: Kernel from mark 0 to 1, D2H from 1 to 2, Zero 0 (the
// zeroing is after the reply), and H2D is the rest of the wall time, never negative. The
// fake's clock puts the marks where the test wants them: far apart (more than the
// invocation's wall time: H2D is 0), and close (H2D holds nearly all of it).
func TestStreamStagesFromMarks(t *testing.T) {
	for _, c := range []struct {
		name  string
		marks [3]time.Duration // the clock at marks 0-2
	}{
		{"wide", [3]time.Duration{0, 300 * time.Millisecond, 310 * time.Millisecond}},
		{"narrow", [3]time.Duration{0, 3, 5}},
	} {
		t.Run(c.name, func(t *testing.T) {
			base := time.Now()
			var mu sync.Mutex
			n := 0
			clock := func() time.Time {
				mu.Lock()
				defer mu.Unlock()
				k := n
				n++
				return base.Add(time.Duration(k/3)*time.Second + c.marks[k%3])
			}
			r := pathRig(t, true, gpufake.Options{Clock: clock}, ExecutorOptions{NoGraphs: true})
			for i := range 3 {
				st := r.invoke(1, "lib", 3, uint64(i)).Stages
				kernel, d2h := c.marks[1]-c.marks[0], c.marks[2]-c.marks[1]
				if st.Kernel != int64(kernel) || st.D2H != int64(d2h) || st.Zero != 0 {
					t.Fatalf("invocation %d: kernel %d, d2h %d, zero %d ns; want %d, %d, 0 (the marks)", i, st.Kernel, st.D2H, st.Zero, kernel, d2h)
				}
				sum := st.H2D + st.Kernel + st.D2H
				switch {
				case st.H2D < 0:
					t.Fatalf("invocation %d: h2d %d ns", i, st.H2D)
				case c.name == "wide" && st.H2D != 0:
					t.Fatalf("invocation %d: h2d %d ns; want 0: the marks span more than the wall time", i, st.H2D)
				case c.name == "narrow" && (st.H2D <= 0 || sum > st.Total):
					t.Fatalf("invocation %d: h2d %d ns, the stages add up to %d of a total of %d", i, st.H2D, sum, st.Total)
				}
			}
		})
	}
}

// An error at the one Synchronize is reported as on the path without marks, where it came
// from the wait for the launches: the same code, message and fatality; the span is zeroed all
// the same, and after an error that is not fatal the next invocation runs.
func TestStreamSynchronizeErrorAsBefore(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
	}{
		{"fatal", gpufake.Fatal("cuCtxSynchronize")},
		{"not fatal", gpufake.OutOfMemory("cuCtxSynchronize")},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got [2]*WireError
			for i, stream := range []bool{false, true} {
				r := pathRig(t, stream, gpufake.Options{}, ExecutorOptions{NoGraphs: true})
				r.invoke(1, "lib", 3, 1)
				// Without marks the second wait is the launches' (the first is the copies').
				nth := 2
				if stream {
					nth = 1
				}
				r.dev.Fail("Synchronize", nth, c.err)
				sentinel := binary.LittleEndian.AppendUint64(nil, 0x5e471e1)
				copy(r.mem[1024:], sentinel)
				res := r.invoke(1, "lib", 3, 2)
				if res.Err == nil || len(res.Outputs) != 0 {
					t.Fatalf("stream %v: %+v; want an error and no outputs", stream, res)
				}
				got[i] = res.Err
				if string(r.mem[1024:1032]) != string(sentinel) {
					t.Errorf("stream %v: the output area was written by a failed invocation", stream)
				}
				if gpu.IsFatal(c.err) {
					continue // the device is lost: the worker exits
				}
				if r.pool.Used() != 0 || !r.poolZero() {
					t.Fatalf("stream %v: the span is not zeroed after the failure", stream)
				}
				r.invoke(1, "lib", 3, 3) // checks the output
			}
			if *got[0] != *got[1] {
				t.Fatalf("the error at the wait: %+v without marks, %+v with them", got[0], got[1])
			}
			if got[1].Fatal != gpu.IsFatal(c.err) || (got[1].Fatal && got[1].Code != call.CodeKernelFault) {
				t.Fatalf("the error at the wait: %+v", got[1])
			}
		})
	}
}

// After any error the span is zeroed before anything else reaches the device; once output
// copies were enqueued, the invocation waits for them before it answers (they write into the
// context, which the server reuses at once).
func TestStreamErrorsZeroAndSettle(t *testing.T) {
	refused := fmt.Errorf("refused: %w", gpu.ErrInvalidLaunch)
	for _, c := range []struct {
		name   string
		op     string
		nth    int
		code   call.Code
		settle bool // the error came after the copy out was enqueued: the last call is a Synchronize
	}{
		{"copy in", "CopyToDeviceAsync", 1, call.CodeInvalidLaunch, false},
		{"launch", "Launch", 2, call.CodeInvalidLaunch, false},
		{"mark after the launches", "Mark", 2, call.CodeInvalidLaunch, false},
		{"copy out", "CopyFromDeviceAsync", 1, call.CodeInvalidLaunch, true},
		{"mark after the copy out", "Mark", 3, call.CodeInvalidLaunch, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := pathRig(t, true, gpufake.Options{}, ExecutorOptions{NoGraphs: true})
			r.invoke(1, "lib", 3, 1)
			r.dev.ResetCalls()
			r.dev.Fail(c.op, c.nth, refused)
			res := r.invoke(1, "lib", 3, 2)
			if res.Err == nil || res.Err.Code != c.code || res.Err.Fatal {
				t.Fatalf("got %+v; want %s", res.Err, c.code)
			}
			ops := r.ops()
			if last := ops[len(ops)-1]; (last == "Synchronize") != c.settle {
				t.Fatalf("calls %v: ending with a Synchronize: %v; want %v", ops, last == "Synchronize", c.settle)
			}
			memsets := 0
			for _, op := range ops {
				memsets += strings.Count(op, "Memset")
			}
			if memsets != 1 || r.pool.Used() != 0 || !r.poolZero() {
				t.Fatalf("calls %v: the span is not zeroed after the failure (%d bytes in use)", ops, r.pool.Used())
			}
			r.invoke(1, "lib", 3, 3)
		})
	}
}

// An output that does not fit in the output area is output_too_large, nothing is copied out,
// and the span is zeroed; a fault of the launches comes first, as without marks.
func TestStreamOutputTooLarge(t *testing.T) {
	small := shm.Span{Off: 1024, Len: 4} // the output is 8 bytes
	for _, stream := range []bool{false, true} {
		r := pathRig(t, stream, gpufake.Options{}, ExecutorOptions{NoGraphs: true})
		r.invoke(1, "lib", 3, 1)
		r.dev.ResetCalls()
		res := r.invokeOut(3, 2, small)
		if res.Err == nil || res.Err.Code != call.CodeOutputTooLarge {
			t.Fatalf("stream %v: %+v; want output_too_large", stream, res.Err)
		}
		for _, op := range r.ops() {
			if strings.HasPrefix(op, "CopyFromDevice") {
				t.Fatalf("stream %v: an output was copied out of an invocation whose output does not fit", stream)
			}
		}
		if r.pool.Used() != 0 || !r.poolZero() {
			t.Fatalf("stream %v: the span is not zeroed", stream)
		}
		nth := 2 // without marks: the launches' wait, after the copies'
		if stream {
			nth = 1
		}
		r.dev.Fail("Synchronize", nth, gpufake.Fatal("cuCtxSynchronize"))
		res = r.invokeOut(3, 2, small)
		if res.Err == nil || !res.Err.Fatal || res.Err.Code != call.CodeKernelFault {
			t.Fatalf("stream %v: a fault of the launches with an output that does not fit: %+v; want the fatal fault", stream, res.Err)
		}
	}
}

// When the wait after an error (copies out enqueued) finds the device lost, the invocation
// reports the fatal error, not the error that came first: the worker must exit.
func TestStreamSettleFindsFault(t *testing.T) {
	r := pathRig(t, true, gpufake.Options{}, ExecutorOptions{NoGraphs: true})
	r.invoke(1, "lib", 3, 1)
	r.dev.Fail("Mark", 3, fmt.Errorf("refused: %w", gpu.ErrInvalidLaunch)) // the mark after the copy out
	r.dev.Fail("Synchronize", 1, gpufake.Fatal("cuCtxSynchronize"))
	res := r.invoke(1, "lib", 3, 2)
	if res.Err == nil || !res.Err.Fatal || res.Err.Code != call.CodeKernelFault {
		t.Fatalf("got %+v; want the fatal fault the wait found", res.Err)
	}
}
