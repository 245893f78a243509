package worker

import (
	"crypto/sha256"
	"encoding/binary"
	"io"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gpufn/bufpool"
	"gpufn/call"
	"gpufn/gpu/gpufake"
	"gpufn/libscan"
	"gpufn/shm"
)

// aheadReq is chainConfig's function 1 with reps repetitions from x, its input written at
// the start of mem, as a pipelined request comes: the worker has its config and library.
func aheadReq(id uint64, mem []byte, reps, x uint64) *Invoke {
	binary.LittleEndian.PutUint64(mem[0:], reps)
	binary.LittleEndian.PutUint64(mem[8:], x)
	return &Invoke{ID: id, FuncID: 1, Lib: LibRef{Hash: sha256.Sum256([]byte("lib")), Kind: libscan.KindPTX},
		Inputs: []shm.Span{{Off: 0, Len: 16}}, Output: shm.Span{Off: 1024, Len: 1024}}
}

// checkOut checks that res is chainConfig's answer for (reps, x) in mem.
func checkOut(t *testing.T, what string, res *Result, mem []byte, reps, x uint64) {
	t.Helper()
	if res.Err != nil || len(res.Outputs) != 1 {
		t.Fatalf("%s: %v, outputs %v", what, res.Err, res.Outputs)
	}
	if got, want := binary.LittleEndian.Uint64(mem[res.Outputs[0].Off:]), chainWant(reps, x); got != want {
		t.Fatalf("%s: output %d, want %d", what, got, want)
	}
}

// While an invocation waits for its kernels the worker reads the next request (the peek) and
// copies its inputs on the copy stream into a span beside the running one's: nothing of them
// reaches the device before the running one is answered and released; the next one then
// waits for the copy stream (AheadJoin) instead of copying anything, and answers right; both
// spans are zeroed after.
func TestCopyAheadOverlapsTheRunningInvocation(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{QueryBusy: 3}, ExecutorOptions{CopyAhead: true, NoGraphs: true})
	if !r.ex.CopyingAhead() {
		t.Fatal("the executor does not copy ahead on a device with a copy stream")
	}
	r.invoke(1, "lib", 2, 1) // loads the module and plans the function
	mem2 := make([]byte, 4096)
	next := aheadReq(100, mem2, 4, 7)
	peeks, took := 0, false
	r.ex.SetPeek(func() {
		peeks++
		if peeks == 2 {
			took = r.ex.Ahead(next, mem2, 1)
		}
	})
	r.dev.ResetCalls()
	var res Result
	r.ex.Run(aheadReq(99, r.mem, 3, 5), r.mem, &res)
	checkOut(t, "the running invocation", &res, r.mem, 3, 5)
	if !took || peeks != 2 {
		t.Fatalf("Ahead: %v after %d peeks; want true after 2 (the peek stops once one is copied ahead)", took, peeks)
	}
	ops := r.ops()
	if want := []string{"CopyToDeviceAsync", "Mark0", "Launch"}; !slices.Equal(ops[:3], want) {
		t.Fatalf("calls %v", ops)
	}
	i := slices.Index(ops, "AheadZero")
	if i < 0 || ops[i+1] != "AheadCopy" || slices.Contains(ops, "AheadJoin") || slices.Contains(ops, "Synchronize") {
		t.Fatalf("the running invocation's calls: %v; want AheadZero, AheadCopy while it waits (Query), no join, no Synchronize", ops)
	}
	// The next one's span: the pool's middle, its input not on the device yet.
	if !r.pool.Ahead() {
		t.Fatal("no span reserved ahead")
	}
	mid := r.pool.Base() + 512<<10
	if got, _ := r.dev.Mem(mid, 16); !slices.Equal(got, make([]byte, 16)) {
		t.Fatalf("the input copied ahead reached the device before the join: %x", got)
	}
	r.zeroOwed() // the reply is out: the running one's span zeroed, the span ahead now in use
	if r.pool.Ahead() || r.pool.Used() == 0 {
		t.Fatalf("after the release: ahead %v, used %d; want the span ahead in use", r.pool.Ahead(), r.pool.Used())
	}
	if ops := r.ops(); !slices.Equal(ops, []string{"Memset", "AheadFence"}) {
		t.Fatalf("the release: %v; want the zeroing, then the fence the copy stream waits for", ops)
	}
	clear(mem2[8:16]) // x (the kernels read it, the host not): the device must have it from the copy ahead
	r.ex.Run(next, mem2, &res)
	checkOut(t, "the invocation copied ahead", &res, mem2, 4, 7)
	ops = r.ops()
	if slices.Contains(ops, "CopyToDeviceAsync") || slices.Contains(ops, "AheadCopy") || ops[0] != "AheadJoin" || ops[1] != "Mark0" {
		t.Fatalf("the invocation copied ahead: %v; want AheadJoin, Mark0, ... and no copy in, nothing more copied ahead", ops)
	}
	r.zeroOwed()
	if !r.poolZero() || r.pool.Used() != 0 {
		t.Fatalf("after both: pool zero %v, used %d", r.poolZero(), r.pool.Used())
	}
}

// Only the next invocation of the running function, whole in its context and with inputs
// already written, is copied ahead; anything else is left to run as it always did, and
// nothing is reserved for it. Copying ahead is off unless asked for.
func TestCopyAheadRefuses(t *testing.T) {
	off := newGraphRig(t, gpufake.Options{}, ExecutorOptions{})
	if off.ex.CopyingAhead() || off.ex.Ahead(aheadReq(1, make([]byte, 4096), 1, 1), make([]byte, 4096), 1) {
		t.Fatal("copying ahead without CopyAhead")
	}
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{CopyAhead: true, NoGraphs: true})
	r.invoke(1, "lib", 2, 1)
	mem2 := make([]byte, 4096)
	for name, mod := range map[string]func(*Invoke){
		"another function":       func(q *Invoke) { q.FuncID = 2 },
		"a function not planned": func(q *Invoke) { q.FuncID = 3 }, // running 3 below
		"streamed inputs":        func(q *Invoke) { q.Streamed = true },
		"a config sent with it":  func(q *Invoke) { q.Config = []byte(chainConfig) },
		"an input off the end":   func(q *Invoke) { q.Inputs[0] = shm.Span{Off: 4090, Len: 16} },
		"two inputs for one":     func(q *Invoke) { q.Inputs = append(q.Inputs, shm.Span{Len: 8}) },
	} {
		q := aheadReq(50, mem2, 3, 3)
		mod(q)
		running := uint64(1) // "another function": q is 2
		if name == "a function not planned" {
			running = 3 // the same function, but no plan for it here
		}
		if r.ex.Ahead(q, mem2, running) || r.pool.Ahead() {
			t.Fatalf("%s: copied ahead", name)
		}
	}
	if slices.ContainsFunc(r.dev.Calls(), func(c gpufake.Call) bool { return c.Op == "AheadCopy" }) {
		t.Fatal("a refused invocation was copied")
	}
}

// What was copied ahead for one request is given up when another comes instead (never, unless
// the worker's loop changed): its span zeroed after the copy stream, and the one that came
// runs from a free pool and answers right.
func TestCopyAheadGivenUp(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{QueryBusy: 1}, ExecutorOptions{CopyAhead: true, NoGraphs: true})
	r.invoke(1, "lib", 2, 1)
	mem2 := make([]byte, 4096)
	r.ex.SetPeek(func() { r.ex.Ahead(aheadReq(7, mem2, 2, 2), mem2, 1) })
	var res Result
	r.ex.Run(aheadReq(6, r.mem, 1, 1), r.mem, &res)
	checkOut(t, "the running invocation", &res, r.mem, 1, 1)
	r.ex.SetPeek(nil)
	r.zeroOwed()
	r.ex.Run(aheadReq(8, mem2, 5, 9), mem2, &res) // not 7
	checkOut(t, "the one that came instead", &res, mem2, 5, 9)
	r.zeroOwed()
	if !r.poolZero() || r.pool.Used() != 0 || r.ex.next.ready {
		t.Fatalf("after: pool zero %v, used %d, still ahead %v", r.poolZero(), r.pool.Used(), r.ex.next.ready)
	}
}

// The running invocation faults while the next one's inputs are on the copy stream: its answer
// is the fatal fault (the worker then exits, and the server runs the next one elsewhere), and
// the wait stops at the fault, not after more peeks.
func TestCopyAheadThenAFault(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{QueryBusy: 3}, ExecutorOptions{CopyAhead: true, NoGraphs: true})
	r.invoke(1, "lib", 2, 1)
	mem2 := make([]byte, 4096)
	took, peeks := false, 0
	r.ex.SetPeek(func() {
		peeks++
		took = took || r.ex.Ahead(aheadReq(11, mem2, 2, 2), mem2, 1)
	})
	r.dev.Fail("Query", 2, gpufake.Fatal("cuStreamQuery"))
	var res Result
	r.ex.Run(aheadReq(10, r.mem, 1, 1), r.mem, &res)
	if !took {
		t.Fatal("nothing was copied ahead before the fault")
	}
	if res.Err == nil || !res.Err.Fatal || res.Err.Code != call.CodeKernelFault {
		t.Fatalf("the running invocation: %+v; want the fatal fault", res.Err)
	}
	if peeks != 1 {
		t.Fatalf("%d peeks; want 1 (the one before the faulting Query)", peeks)
	}
}

// The first copy ahead into a new pool comes after the pool's zeroing (bufpool's ZeroOnCreate,
// a memset on the default stream): the executor fences it when it gets the pool. The fake
// refuses copy-stream work over a zeroing that no fence orders before it, as a GPU would race.
// The function is preloaded (the worker's preload), so the first invocation run is the one
// during which the next is copied ahead: no release has fenced anything yet.
func TestCopyAheadAfterTheZeroingOfANewPool(t *testing.T) {
	for _, setPool := range []bool{false, true} {
		dev := gpufake.New(gpufake.Options{Kernels: chainKernels(), QueryBusy: 1})
		pool, err := bufpool.New(dev, 1<<20, bufpool.Options{ZeroOnCreate: true})
		if err != nil {
			t.Fatal(err)
		}
		ex := NewExecutor(dev, pool, ExecutorOptions{CopyAhead: true, NoGraphs: true})
		if setPool { // a pool taken later (MsgPool)
			next, err := bufpool.New(dev, 1<<20, bufpool.Options{ZeroOnCreate: true})
			if err != nil {
				t.Fatal(err)
			}
			ex.SetPool(next)
			pool = next
		}
		var res Result
		ex.Preload(&Invoke{ID: 1, FuncID: 1, Config: []byte(chainConfig),
			Lib: LibRef{Hash: sha256.Sum256([]byte("lib")), Kind: libscan.KindPTX, Image: []byte("lib")}}, &res)
		if res.Err != nil {
			t.Fatalf("preload: %v", res.Err)
		}
		mem, mem2 := make([]byte, 4096), make([]byte, 4096)
		next := aheadReq(3, mem2, 2, 3)
		took := false
		ex.SetPeek(func() { took = took || ex.Ahead(next, mem2, 1) })
		ex.Run(aheadReq(2, mem, 1, 1), mem, &res)
		checkOut(t, "the first invocation", &res, mem, 1, 1)
		if !took {
			var errs []error
			for _, c := range dev.CallsOf("AheadZero") {
				errs = append(errs, c.Err)
			}
			t.Fatalf("SetPool %v: nothing copied ahead (AheadZero: %v)", setPool, errs)
		}
		ex.ZeroOwed()
		ex.Run(next, mem2, &res)
		checkOut(t, "the one copied ahead", &res, mem2, 2, 3)
		ex.ZeroOwed()
		if pool.Used() != 0 {
			t.Fatalf("%d bytes in use after", pool.Used())
		}
	}
}

// An invocation copied ahead that fails before it comes to its buffers gives them up: zeroed
// (after the copy stream), the pool free again, nothing left marked ahead.
func TestCopyAheadFailedEarlyGivesItsSpanUp(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{QueryBusy: 1}, ExecutorOptions{CopyAhead: true, NoGraphs: true})
	r.invoke(1, "lib", 2, 1)
	mem2 := make([]byte, 4096)
	next := aheadReq(7, mem2, 30, 2)
	r.ex.SetPeek(func() { r.ex.Ahead(next, mem2, 1) })
	var res Result
	r.ex.Run(aheadReq(6, r.mem, 1, 1), r.mem, &res)
	checkOut(t, "the running invocation", &res, r.mem, 1, 1)
	r.ex.SetPeek(nil)
	r.zeroOwed()
	if !r.ex.next.ready || r.pool.Used() == 0 {
		t.Fatal("nothing copied ahead")
	}
	next.LaunchLimit = 3 // its 61 launches are over it now: it fails before its buffers
	r.ex.Run(next, mem2, &res)
	if res.Err == nil || !strings.Contains(res.Err.Message, "the limit is 3") {
		t.Fatalf("the invocation over its launch limit: %+v", res.Err)
	}
	r.zeroOwed()
	ops := r.ops()
	if r.ex.next.ready || r.pool.Used() != 0 || !r.poolZero() || !slices.Contains(ops, "AheadJoin") {
		t.Fatalf("after: ahead %v, used %d, pool zero %v, calls %v", r.ex.next.ready, r.pool.Used(), r.poolZero(), ops)
	}
}

// TryNext takes a request only once it has come whole, and only an invocation: a frame cut
// short or of another type stays for Next.
func TestTryNextTakesOnlyWholeInvocations(t *testing.T) {
	raw, pw := spinPipe(t)
	fr := NewFrameReader(raw, MaxRequestFrame)
	var buf frameBuf
	fw := NewFrameWriter(&buf)
	if err := fw.Write(MsgInvoke, aheadReq(42, make([]byte, 64), 1, 1)); err != nil {
		t.Fatal(err)
	}
	frame := slices.Clone(buf.b)
	if ok, err := fr.TryNext(raw, MsgInvoke); ok || err != nil {
		t.Fatalf("empty pipe: %v, %v", ok, err)
	}
	pw.Write(frame[:7])
	if ok, err := fr.TryNext(raw, MsgInvoke); ok || err != nil {
		t.Fatalf("7 bytes of a frame of %d: %v, %v", len(frame), ok, err)
	}
	pw.Write(frame[7:])
	ok, err := fr.TryNext(raw, MsgInvoke)
	var inv Invoke
	if !ok || err != nil || fr.Decode(&inv) != nil || inv.ID != 42 {
		t.Fatalf("a whole frame: %v, %v, ID %d", ok, err, inv.ID)
	}
	buf.b = buf.b[:0]
	fw.Write(MsgWake, nil)
	pw.Write(buf.b)
	if ok, err := fr.TryNext(raw, MsgInvoke); ok || err != nil {
		t.Fatalf("a wake: %v, %v", ok, err)
	}
	if typ, err := fr.Next(); typ != MsgWake || err != nil {
		t.Fatalf("Next after: %v, %v", typ, err)
	}
}

// frameBuf collects what a FrameWriter writes.
type frameBuf struct{ b []byte }

func (f *frameBuf) Write(p []byte) (int, error) { f.b = append(f.b, p...); return len(p), nil }

// The request read ahead becomes the current one with its own weight binding: an Invoke points
// Weights at its own wbuf, and the loop swaps two Invokes by value.
func TestTakeNextKeepsEachRequestsWeights(t *testing.T) {
	var c child
	decode := func(inv *Invoke, path string) {
		var buf frameBuf
		req := aheadReq(1, make([]byte, 64), 1, 1)
		req.Weights = &WeightsRef{Path: path, DataBytes: 8}
		if err := NewFrameWriter(&buf).Write(MsgInvoke, req); err != nil {
			t.Fatal(err)
		}
		fr := NewFrameReader(bytesReader(buf.b), MaxRequestFrame)
		if _, err := fr.Next(); err != nil {
			t.Fatal(err)
		}
		if err := fr.Decode(inv); err != nil {
			t.Fatal(err)
		}
	}
	decode(&c.inv, "running")
	decode(&c.next, "next")
	c.hasNext = true
	c.takeNext()
	if c.hasNext || c.inv.Weights != &c.inv.wbuf || c.inv.Weights.Path != "next" ||
		c.next.Weights != &c.next.wbuf || c.next.Weights.Path != "running" {
		t.Fatalf("after takeNext: current %q (own %v), next %q (own %v)", c.inv.Weights.Path, c.inv.Weights == &c.inv.wbuf,
			c.next.Weights.Path, c.next.Weights == &c.next.wbuf)
	}
}

// bytesReader reads b.
func bytesReader(b []byte) *frameBuf { return &frameBuf{b: b} }

func (f *frameBuf) Read(p []byte) (int, error) {
	if len(f.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, f.b)
	f.b = f.b[n:]
	return n, nil
}

// A pool that cannot hold the next invocation's buffers beside the running one's copies
// nothing ahead: the next runs as it always did, and answers right.
func TestCopyAheadNoRoomRunsAsBefore(t *testing.T) {
	dev := gpufake.New(gpufake.Options{Kernels: chainKernels(), QueryBusy: 1})
	pool, err := bufpool.New(dev, 768, bufpool.Options{}) // chainConfig takes 512 bytes
	if err != nil {
		t.Fatal(err)
	}
	ex := NewExecutor(dev, pool, ExecutorOptions{CopyAhead: true, NoGraphs: true})
	mem, mem2 := make([]byte, 4096), make([]byte, 4096)
	var res Result
	first := aheadReq(1, mem, 1, 1)
	first.Config, first.Lib.Image = []byte(chainConfig), []byte("lib")
	ex.Run(first, mem, &res)
	checkOut(t, "the first invocation", &res, mem, 1, 1)
	ex.ZeroOwed()
	next := aheadReq(3, mem2, 4, 5)
	tried, took := false, false
	ex.SetPeek(func() { tried, took = true, ex.Ahead(next, mem2, 1) })
	ex.Run(aheadReq(2, mem, 2, 2), mem, &res)
	checkOut(t, "the running invocation", &res, mem, 2, 2)
	if !tried || took || pool.Ahead() {
		t.Fatalf("peeked %v, copied ahead %v, a span reserved ahead %v; want a look and no room", tried, took, pool.Ahead())
	}
	ex.ZeroOwed()
	ex.Run(next, mem2, &res)
	checkOut(t, "the next, run as before", &res, mem2, 4, 5)
	ex.ZeroOwed()
	if pool.Used() != 0 || len(dev.CallsOf("AheadCopy")) != 0 {
		t.Fatalf("used %d, ahead copies %d", pool.Used(), len(dev.CallsOf("AheadCopy")))
	}
}

// peek reads the pipe when the request doorbell rang, on its first call for an invocation
// (peekAny), and every peekTurns calls otherwise; a quiet doorbell leaves a frame in the pipe.
func TestPeekFollowsTheDoorbell(t *testing.T) {
	raw, pw := spinPipe(t)
	var bell atomic.Uint64
	c := &child{reqSpin: raw, reqBell: &bell, fr: NewFrameReader(raw, MaxRequestFrame),
		exec: newGraphRig(t, gpufake.Options{}, ExecutorOptions{CopyAhead: true}).ex}
	send := func(id uint64) {
		var buf frameBuf
		if err := NewFrameWriter(&buf).Write(MsgInvoke, aheadReq(id, make([]byte, 64), 1, 1)); err != nil {
			t.Fatal(err)
		}
		pw.Write(buf.b)
	}
	// peeks calls peek until it takes a request, at most max times; it returns the calls.
	peeks := func(max int) int {
		for i := 1; i <= max; i++ {
			if c.peek(); c.hasNext {
				c.hasNext = false
				return i
			}
		}
		return 0
	}
	send(1)
	if n := peeks(10); n != 0 {
		t.Fatalf("a quiet doorbell: the pipe was read at call %d", n)
	}
	bell.Store(1)
	if n := peeks(1); n != 1 || c.next.ID != 1 {
		t.Fatalf("the doorbell rang: read at call %d, request %d", n, c.next.ID)
	}
	send(2)
	if n := peeks(2 * peekTurns); n == 0 || n > peekTurns {
		t.Fatalf("a frame that did not ring: read at call %d, want within %d", n, peekTurns)
	}
	send(3)
	c.peekAny = true // as invoke sets it
	if n := peeks(1); n != 1 || c.next.ID != 3 {
		t.Fatalf("the first look for an invocation: read at call %d, request %d", n, c.next.ID)
	}
}

// spinPipe is a pipe whose read end a worker's spinning reader reads, and its write end; both
// are closed when the test ends.
func spinPipe(t *testing.T) (*rawSpinReader, *os.File) {
	t.Helper()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pr.Close(); pw.Close() })
	rr, err := newRawSpinReader(pr, time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	return rr.(*rawSpinReader), pw
}
