package gpufake_test

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"gpufn/gpu"
	"gpufn/gpu/gpufake"
)

var one = gpu.Dim3{X: 1, Y: 1, Z: 1}

// fill sets args[1] bytes at args[0] to args[2].
func fill(d *gpufake.Device, _, _ gpu.Dim3, args []uint64) error {
	b, err := d.Mem(gpu.Ptr(args[0]), args[1])
	if err != nil {
		return gpufake.Fatal("fill")
	}
	for i := range b {
		b[i] = byte(args[2])
	}
	return nil
}

func TestMemoryAndKernels(t *testing.T) {
	d := gpufake.New(gpufake.Options{MemBytes: 1 << 20, Kernels: map[string]gpufake.KernelFunc{"fill": fill}})
	p, err := d.Alloc(1000)
	if err != nil || p%256 != 0 {
		t.Fatalf("Alloc = %#x, %v", p, err)
	}
	if _, err := d.Alloc(1 << 20); !errors.Is(err, gpu.ErrOutOfMemory) {
		t.Errorf("Alloc over the memory = %v", err)
	}
	m, err := d.LoadModule([]byte("any image"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Function(m, "nope"); !errors.Is(err, gpu.ErrNotFound) {
		t.Errorf("Function(nope) = %v", err)
	}
	f, err := d.Function(m, "fill")
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Launch(f, one, gpu.Dim3{X: 1025, Y: 1, Z: 1}, 0, nil); !errors.Is(err, gpu.ErrInvalidLaunch) {
		t.Errorf("Launch of 1025 threads = %v", err)
	}
	if err := d.Launch(f, one, one, 0, []uint64{uint64(p), 1000, 7}); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 1000)
	if err := d.CopyFromDevice(got, p); err != nil || !bytes.Equal(got, bytes.Repeat([]byte{7}, 1000)) {
		t.Fatalf("after fill: %v", err)
	}
	if err := d.Memset(p, 0, 1000); err != nil {
		t.Fatal(err)
	}
	if err := d.CopyToDevice(p+990, make([]byte, 11)); err == nil || gpu.IsFatal(err) {
		t.Errorf("copy past the end = %v; want a per-call error", err)
	}
	if !d.Called("Memset", uint64(p), 0, 1000) || d.Called("Memset", uint64(p), 1) {
		t.Errorf("Called is wrong; log:\n%v", d.Calls())
	}
	if n, _ := d.Allocated(); n != 1 {
		t.Errorf("%d allocations live", n)
	}
	if err := d.Free(p); err != nil {
		t.Fatal(err)
	}
	if n, bytes := d.Allocated(); n != 0 || bytes != 0 {
		t.Errorf("after Free: %d allocations, %d bytes", n, bytes)
	}
	want := "Alloc Alloc LoadModule Function Function Launch Launch CopyFromDevice Memset CopyToDevice Free"
	if ops := opNames(d); ops != want {
		t.Errorf("log %s; want %s", ops, want)
	}
	if s := d.CallsOf("Launch")[1].String(); s != "Launch(fill, grid 1x1x1, block 1x1x1, shared 0, args, "+
		"0x7f0000000000, 0x3e8, 0x7)" {
		t.Errorf("Call.String() = %s", s)
	}
}

func TestInjection(t *testing.T) {
	d := gpufake.New(gpufake.Options{OnLaunch: func(string, gpu.Dim3, gpu.Dim3, []uint64) error { return nil }})
	d.Fail("Alloc", 2, gpufake.OutOfMemory("cuMemAlloc"))
	if _, err := d.Alloc(8); err != nil {
		t.Fatalf("first Alloc: %v", err)
	}
	if _, err := d.Alloc(8); !errors.Is(err, gpu.ErrOutOfMemory) {
		t.Fatalf("second Alloc = %v; want the injected error", err)
	}
	if _, err := d.Alloc(8); err != nil {
		t.Fatalf("third Alloc: %v", err)
	}
	m, _ := d.LoadModule([]byte{1})
	f, err := d.Function(m, "anything")
	if err != nil {
		t.Fatal(err)
	}
	d.Fail("Launch", 1, gpufake.Fatal("cuLaunchKernel"))
	if err := d.Launch(f, one, one, 0, nil); !gpu.IsFatal(err) {
		t.Fatalf("Launch = %v; want the injected fatal error", err)
	}
	if err := d.Synchronize(); !gpu.IsFatal(err) {
		t.Errorf("Synchronize after a fatal error = %v", err)
	}
	if err := d.Memset(1, 0, 1); !gpu.IsFatal(err) {
		t.Errorf("Memset after a fatal error = %v", err)
	}
	calls := d.CallsOf("Memset")
	if len(calls) != 1 || !gpu.IsFatal(calls[0].Err) {
		t.Errorf("the failed Memset is not logged with its error: %v", calls)
	}
	d.Close()
	if _, err := d.Alloc(1); !errors.Is(err, gpu.ErrClosed) {
		t.Errorf("Alloc after Close = %v", err)
	}
}

// A kernel's fatal error loses the device; the log can be read while another goroutine drives
// the device.
func TestKernelFaultAndConcurrentLog(t *testing.T) {
	d := gpufake.New(gpufake.Options{Kernels: map[string]gpufake.KernelFunc{"fill": fill}})
	m, _ := d.LoadModule([]byte{1})
	f, _ := d.Function(m, "fill")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 100; i++ {
			d.Synchronize()
		}
	}()
	for i := 0; i < 100; i++ {
		_ = d.Calls()
	}
	wg.Wait()
	if err := d.Launch(f, one, one, 0, []uint64{0x10, 8, 1}); !gpu.IsFatal(err) {
		t.Fatalf("fill of a wild address = %v; want fatal", err)
	}
	if _, err := d.Alloc(8); !gpu.IsFatal(err) {
		t.Errorf("Alloc after the fault = %v", err)
	}
}

// Compiler gives a device a scripted CompilePTX and reports its version in Info.
func TestCompiler(t *testing.T) {
	c := &gpufake.Compiler{Device: gpufake.New(gpufake.Options{}), Arch: "sm_90"}
	if info := c.Info(); info.Compiler != "gpufake-cc 1" || info.Arch != "sm_90" || info.Kind != "fake" {
		t.Errorf("Info %+v", info)
	}
	if _, log, err := c.CompilePTX([]byte("x")); !errors.Is(err, gpu.ErrInvalidImage) || log == "" {
		t.Errorf("unscripted: %q %v", log, err)
	}
	c.Compile = func(ptx []byte) ([]byte, string, error) { return append([]byte("cubin:"), ptx...), "ok", nil }
	c.Version = "v2"
	if b, log, err := c.CompilePTX([]byte("x")); string(b) != "cubin:x" || log != "ok" || err != nil || c.Info().Compiler != "v2" {
		t.Errorf("scripted: %q %q %v", b, log, err)
	}
}

// An asynchronous copy out takes the bytes at the call and delivers them at the next
// Synchronize that succeeds, not before, and a failed Synchronize drops it; a mark can be read
// only after a Synchronize that followed it, and Elapsed is the time between marks on the
// Clock.
func TestStreamTimer(t *testing.T) {
	var now time.Time
	d := gpufake.New(gpufake.Options{MemBytes: 1 << 20, Clock: func() time.Time { return now }})
	p, _ := d.Alloc(8)
	if err := d.CopyToDeviceAsync(p, []byte("abcdefgh")); err != nil {
		t.Fatal(err)
	}
	dst := []byte("........")
	if err := d.CopyFromDeviceAsync(dst, p); err != nil {
		t.Fatal(err)
	}
	if err := d.Memset(p, 'z', 8); err != nil { // after the copy: not what it delivers
		t.Fatal(err)
	}
	if string(dst) != "........" {
		t.Fatalf("before Synchronize dst is %q", dst)
	}
	if err := d.Mark(0); err != nil {
		t.Fatal(err)
	}
	now = now.Add(42 * time.Microsecond)
	if err := d.Mark(1); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Elapsed(0, 1); err == nil || gpu.IsFatal(err) || !strings.Contains(err.Error(), "NOT_READY") {
		t.Errorf("Elapsed before Synchronize = %v; want CUDA_ERROR_NOT_READY", err)
	}
	if _, err := d.Elapsed(0, 2); err == nil || !strings.Contains(err.Error(), "INVALID_HANDLE") {
		t.Errorf("Elapsed to a mark never recorded = %v", err)
	}
	if err := d.Mark(gpu.MaxMarks); err == nil || gpu.IsFatal(err) {
		t.Errorf("Mark(MaxMarks) = %v", err)
	}
	if err := d.Synchronize(); err != nil {
		t.Fatal(err)
	}
	if string(dst) != "abcdefgh" {
		t.Fatalf("after Synchronize dst is %q", dst)
	}
	if el, err := d.Elapsed(0, 1); err != nil || el != 42*time.Microsecond {
		t.Errorf("Elapsed(0, 1) = %v, %v; want 42us", el, err)
	}
	// A failed Synchronize delivers nothing, and the next one has nothing left to deliver.
	if err := d.CopyFromDeviceAsync(dst, p); err != nil {
		t.Fatal(err)
	}
	d.Fail("Synchronize", 1, gpufake.OutOfMemory("cuCtxSynchronize"))
	if err := d.Synchronize(); err == nil {
		t.Fatal("the injected Synchronize error did not come")
	}
	if err := d.Synchronize(); err != nil || string(dst) != "abcdefgh" {
		t.Fatalf("after a failed Synchronize: %v, dst %q", err, dst)
	}
	want := "Alloc CopyToDeviceAsync CopyFromDeviceAsync Memset Mark Mark Elapsed Elapsed Mark Synchronize Elapsed CopyFromDeviceAsync Synchronize Synchronize"
	if ops := opNames(d); ops != want {
		t.Errorf("log %s; want %s", ops, want)
	}
}

// opNames is the device's call log as its ops, space-separated.
func opNames(d *gpufake.Device) string {
	var ops []string
	for _, c := range d.Calls() {
		ops = append(ops, c.Op)
	}
	return strings.Join(ops, " ")
}
