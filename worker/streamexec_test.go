package worker

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"gpufn/bufpool"
	"gpufn/call"
	"gpufn/cpu"
	"gpufn/examples"
	"gpufn/gpu"
	"gpufn/gpu/gpufake"
	"gpufn/libscan"
	"gpufn/shm"
)

// asyncParts is a device that copies to the device asynchronously as the CUDA device does
// (gpu.AsyncCopier; here the copy is made when it is enqueued) and checks that every part it
// is given lies below the context's input watermark; after each part it tells the test.
type asyncParts struct {
	gpu.Device
	t     *testing.T
	mem   []byte
	ready *atomic.Uint64
	parts chan [2]uint64 // [offset in mem, length] of each part enqueued
}

func (d *asyncParts) CopyToDeviceAsync(dst gpu.Ptr, src []byte) error {
	if len(src) > 0 {
		off := uint64(uintptr(unsafe.Pointer(&src[0])) - uintptr(unsafe.Pointer(&d.mem[0])))
		if w := d.ready.Load(); off+uint64(len(src)) > w {
			d.t.Errorf("a copy of [%d,+%d) enqueued with the watermark at %d", off, len(src), w)
		}
		d.parts <- [2]uint64{off, uint64(len(src))}
	}
	return d.Device.CopyToDevice(dst, src)
}

// streamRig runs the echo function (echoConfig) on an executor in-process, so that the test
// plays the server: it writes the streamed input itself, part by part. The device is the cpu
// device, or with stream set the fake with its asynchronous copies out and timing marks (the
// executor then waits once per invocation, executeStream; its launch of print_inject does
// nothing), which it returns too.
func streamRig(t *testing.T, mem []byte, ready *atomic.Uint64, stream bool) (*Executor, *asyncParts, *Invoke, *gpufake.Device) {
	var dev gpu.Device = cpu.New(cpu.Options{MemBytes: 64 << 20})
	var fake *gpufake.Device
	if stream {
		fake = gpufake.New(gpufake.Options{OnLaunch: func(string, gpu.Dim3, gpu.Dim3, []uint64) error { return nil }})
		dev = fake
	}
	t.Cleanup(func() { dev.Close() })
	ad := &asyncParts{Device: dev, t: t, mem: mem, ready: ready, parts: make(chan [2]uint64, 64)}
	pool, err := bufpool.New(dev, 4<<20, bufpool.Options{})
	if err != nil {
		t.Fatal(err)
	}
	img := examples.MustPTX("testkernels")
	req := &Invoke{ID: 1, FuncID: 1, Config: []byte(echoConfig), Lib: LibRef{Hash: sha256.Sum256(img), Kind: libscan.KindPTX, Image: img}}
	if stream {
		return NewExecutor(struct {
			*asyncParts
			gpu.StreamTimer
		}{ad, fake}, pool, ExecutorOptions{}), ad, req, fake
	}
	return NewExecutor(ad, pool, ExecutorOptions{}), ad, req, nil
}

// A streamed input reaches the device in parts, each enqueued only once the watermark covers
// it: here the test raises it a chunk at a time and waits for each part before the next, so
// there are exactly as many parts as chunks, and the output is the input. With marks
// (executeStream) the invocation still waits once, and its h2d holds any wait for the parts.
func TestStreamedCopiesInParts(t *testing.T) {
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprintf("marks=%v", stream), func(t *testing.T) { testStreamedCopiesInParts(t, stream) })
	}
}

func testStreamedCopiesInParts(t *testing.T, stream bool) {
	const chunks = 4
	var ready atomic.Uint64
	mem := make([]byte, 1<<20)
	ex, ad, req, fake := streamRig(t, mem, &ready, stream)
	ctx := shm.NewStreamingContext(mem, &ready)
	in := bytes.Repeat([]byte("0123456789abcdef"), chunks*shm.StreamChunk/16+3) // the last chunk is short
	ctx.Begin()
	sp, err := ctx.Reserve(uint64(len(in)))
	if err != nil {
		t.Fatal(err)
	}
	req.Inputs, req.Output, req.Streamed = []shm.Span{sp}, ctx.OutputArea(), true
	done := make(chan Result, 1)
	go func() {
		var res Result
		ex.RunIn(req, mem, &ready, &res)
		done <- res
	}()
	var parts [][2]uint64
	for off := 0; off < len(in); {
		n := min(shm.StreamChunk, len(in)-off)
		copy(mem[sp.Off+uint64(off):], in[off:off+n])
		off += n
		ready.Store(sp.Off + uint64(off))
		select {
		case p := <-ad.parts:
			parts = append(parts, p)
		case res := <-done:
			t.Fatalf("answered before its input was written: %+v", res)
		}
	}
	res := <-done
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(parts) != chunks+1 || parts[0] != [2]uint64{0, shm.StreamChunk} {
		t.Fatalf("parts %v, want %d of a chunk each and a short last one", parts, chunks)
	}
	if out := mem[res.Outputs[0].Off:res.Outputs[0].End()]; !bytes.Equal(out, in) {
		t.Fatal("the output is not the input")
	}
	// Whether the worker found a part missing and waited for it depends on the scheduling
	// (the test writes the next part as soon as it has seen the last one enqueued): Wait may be
	// 0 (seen under -race on two cores), so only its bound below is checked.
	if stream {
		if n := len(fake.CallsOf("Synchronize")); n != 1 {
			t.Fatalf("%d Synchronize calls; want 1", n)
		}
		if res.Stages.H2D < res.Stages.Wait {
			t.Fatalf("h2d %d ns is less than the wait for the parts, %d ns", res.Stages.H2D, res.Stages.Wait)
		}
	}
}

// A streamed request whose inputs never come is answered internal once the wait limit passes,
// rather than spinning for good; without a watermark it is refused at once.
func TestStreamedInputsNeverCome(t *testing.T) {
	defer func(d time.Duration) { inputWaitLimit = d }(inputWaitLimit)
	inputWaitLimit = 20 * time.Millisecond
	var ready atomic.Uint64
	mem := make([]byte, 1<<20)
	ex, _, req, _ := streamRig(t, mem, &ready, false)
	ctx := shm.NewStreamingContext(mem, &ready)
	ctx.Begin()
	sp, _ := ctx.Reserve(100)
	req.Inputs, req.Output, req.Streamed = []shm.Span{sp}, ctx.OutputArea(), true
	var res Result
	ex.RunIn(req, mem, &ready, &res)
	if res.Err == nil || res.Err.Code != call.CodeInternal || !strings.Contains(res.Err.Message, "had written 0 bytes") {
		t.Fatalf("got %+v, want internal: the server had written 0 bytes", res.Err)
	}
	req.ID, req.Config, req.Lib.Image = 2, nil, nil
	ex.Run(req, mem, &res) // no watermark
	if res.Err == nil || res.Err.Code != call.CodeInternal || !strings.Contains(res.Err.Message, "without an input watermark") {
		t.Fatalf("got %+v, want internal: no watermark", res.Err)
	}
}

// A streamed request whose server gives up on its inputs (shm.Context.Abort: the client's body
// stopped coming) is answered bad_request as soon as the worker sees the aborted watermark,
// after a part of the inputs came and long before the wait limit.
func TestStreamedInputsAborted(t *testing.T) {
	defer func(d time.Duration) { inputWaitLimit = d }(inputWaitLimit)
	inputWaitLimit = 2 * time.Second // a worker that missed the abort answers internal then
	var ready atomic.Uint64
	mem := make([]byte, 1<<20)
	ex, _, req, _ := streamRig(t, mem, &ready, false)
	ctx := shm.NewStreamingContext(mem, &ready)
	ctx.Begin()
	sp, _ := ctx.Reserve(3 * shm.StreamChunk)
	req.Inputs, req.Output, req.Streamed = []shm.Span{sp}, ctx.OutputArea(), true
	ready.Store(shm.StreamChunk) // the first part came
	go func() {
		time.Sleep(5 * time.Millisecond) // past the worker's spin: it sleeps between looks
		ctx.Abort()
	}()
	var res Result
	ex.RunIn(req, mem, &ready, &res)
	if res.Err == nil || res.Err.Code != call.CodeBadRequest || !strings.Contains(res.Err.Message, "gave up") {
		t.Fatalf("got %+v, want bad_request: the server gave up", res.Err)
	}
}
