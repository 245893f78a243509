// Package gputest is the device conformance suite: one table of tests written once against
// gpu.Device, run by every implementation (cpu in CI, cuda on the GPU machine, hip where an
// AMD GPU exists). Adding a case to the table runs it on every device.
//
// Every case runs in its own subtest, "<Target.Name>/<case>", on a fresh device from
// Target.Open with the testkernels library (Target.Library) loaded. A device is driven from
// one OS thread, as the worker does: the subtest's goroutine calls runtime.LockOSThread before
// it calls Target.Open, runs the case and closes the device on that thread, and unlocks at the
// end. Cases that lose the device for good are named "destructive/..." and run only when
// Target.Destructive is set.
//
// The package starts no goroutines besides the subtests' own.
package gputest

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"gpufn/gpu"
)

// Target is a device implementation under test.
type Target struct {
	// Name names the implementation in test output ("cpu", "cuda", "hip").
	Name string
	// Open returns a fresh device; the suite closes it. It is called on the OS thread the case
	// runs on (locked with runtime.LockOSThread), so an implementation whose context is bound
	// to the thread that created it (CUDA's) may make it current there.
	Open func(t testing.TB) gpu.Device
	// Library is the "testkernels" example library in a form the device loads (PTX for cuda,
	// an hsaco for hip, the PTX for cpu, whose kernels are Go functions chosen by name).
	Library []byte
	// Destructive enables the cases that lose the device context for good (a faulting
	// kernel): on CUDA a fault poisons the whole process, so such cases run in a process of
	// their own (go test -run 'Conformance/.*/destructive').
	Destructive bool
}

// testCase is one entry of the suite. fn gets the device, the library loaded on it, and the
// library's bytes (Target.Library).
type testCase struct {
	name        string
	destructive bool // loses the device: named "destructive/<name>", run only if Target.Destructive
	fn          func(t *testing.T, d gpu.Device, lib gpu.Module, image []byte)
}

// cases is THE table.
var cases = []testCase{
	{name: "info", fn: testInfo},
	{name: "alloc_free", fn: testAllocFree},
	{name: "alloc_too_large", fn: testAllocTooLarge},
	{name: "copy_round_trip", fn: testCopyRoundTrip},
	{name: "memset", fn: testMemset},
	{name: "zero_length", fn: testZeroLength},
	{name: "load_garbage", fn: testLoadGarbage},
	{name: "function_missing", fn: testFunctionMissing},
	{name: "unload", fn: testUnload},
	{name: "load_twice", fn: testLoadTwice},
	{name: "write_index_3d", fn: testWriteIndex},
	{name: "args8", fn: testArgs8},
	{name: "add_i64", fn: testAddI64},
	{name: "fill_check_zero", fn: testFillCheckZero},
	{name: "block_too_large", fn: testBlockTooLarge},
	{name: "zero_dimension", fn: testZeroDimension},
	{name: "host_register", fn: testHostRegister},
	{name: "spin_ns", fn: testSpinNs},
	{name: "graph", fn: testGraph},
	{name: "copy_async", fn: testCopyAsync},
	{name: "stream_timer", fn: testStreamTimer},
	{name: "fault", destructive: true, fn: testFault},
}

// Run runs the whole suite against tgt.
func Run(t *testing.T, tgt Target) {
	for _, c := range cases {
		name := c.name
		if c.destructive {
			name = "destructive/" + name
		}
		t.Run(tgt.Name+"/"+name, func(t *testing.T) {
			if c.destructive && !tgt.Destructive {
				t.Skip("loses the device for good; enable with Target.Destructive")
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			d := tgt.Open(t)
			defer func() {
				if err := d.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			}()
			lib, err := d.LoadModule(tgt.Library)
			if err != nil {
				t.Fatalf("LoadModule(testkernels): %v", err)
			}
			c.fn(t, d, lib, tgt.Library)
		})
	}
}

var one = gpu.Dim3{X: 1, Y: 1, Z: 1}

// --- helpers ---

func kernel(t *testing.T, d gpu.Device, lib gpu.Module, name string) gpu.Function {
	t.Helper()
	f, err := d.Function(lib, name)
	if err != nil {
		t.Fatalf("Function(%s): %v", name, err)
	}
	return f
}

func alloc(t *testing.T, d gpu.Device, n uint64) gpu.Ptr {
	t.Helper()
	p, err := d.Alloc(n)
	if err != nil {
		t.Fatalf("Alloc(%d): %v", n, err)
	}
	if p == 0 {
		t.Fatalf("Alloc(%d) returned the zero Ptr", n)
	}
	return p
}

func launch(t *testing.T, d gpu.Device, f gpu.Function, grid, block gpu.Dim3, args ...uint64) {
	t.Helper()
	if err := d.Launch(f, grid, block, 0, args); err != nil {
		t.Fatalf("Launch(grid %v, block %v): %v", grid, block, err)
	}
}

func sync(t *testing.T, d gpu.Device) {
	t.Helper()
	if err := d.Synchronize(); err != nil {
		t.Fatalf("Synchronize: %v", err)
	}
}

func read(t *testing.T, d gpu.Device, p gpu.Ptr, n int) []byte {
	t.Helper()
	b := make([]byte, n)
	if err := d.CopyFromDevice(b, p); err != nil {
		t.Fatalf("CopyFromDevice(%d bytes): %v", n, err)
	}
	return b
}

func write(t *testing.T, d gpu.Device, p gpu.Ptr, b []byte) {
	t.Helper()
	if err := d.CopyToDevice(p, b); err != nil {
		t.Fatalf("CopyToDevice(%d bytes): %v", len(b), err)
	}
}

func u64s(b []byte) []uint64 {
	out := make([]uint64, len(b)/8)
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return out
}

func bytesOf(v []uint64) []byte {
	b := make([]byte, 0, 8*len(v))
	for _, x := range v {
		b = binary.LittleEndian.AppendUint64(b, x)
	}
	return b
}

// wantErr checks that err matches kind and is not fatal.
func wantErr(t *testing.T, what string, err, kind error) {
	t.Helper()
	if !errors.Is(err, kind) {
		t.Errorf("%s = %v; want an error matching %q", what, err, kind)
	}
	if gpu.IsFatal(err) {
		t.Errorf("%s: %v is fatal; a per-call error must not lose the device", what, err)
	}
}

// stillWorks checks that the device runs a kernel and copies after an error.
func stillWorks(t *testing.T, d gpu.Device, lib gpu.Module) {
	t.Helper()
	f := kernel(t, d, lib, "write_index")
	p := alloc(t, d, 8*64)
	defer d.Free(p)
	launch(t, d, f, gpu.Dim3{X: 2, Y: 1, Z: 1}, gpu.Dim3{X: 32, Y: 1, Z: 1}, uint64(p), 64)
	sync(t, d)
	for i, v := range u64s(read(t, d, p, 8*64)) {
		if v != uint64(i) {
			t.Fatalf("after the error, write_index out[%d] = %d", i, v)
		}
	}
}

// --- cases ---

func testInfo(t *testing.T, d gpu.Device, _ gpu.Module, _ []byte) {
	info := d.Info()
	if info.Name == "" || info.Kind == "" || info.Arch == "" {
		t.Errorf("Kind %q, Name %q, Arch %q: none may be empty", info.Kind, info.Name, info.Arch)
	}
	if info.TotalMem == 0 || info.FreeMem > info.TotalMem {
		t.Errorf("TotalMem %d, FreeMem %d", info.TotalMem, info.FreeMem)
	}
	l := info.Limits
	if l.MaxThreadsPerBlock == 0 || l.MaxSharedMemPerBlock == 0 {
		t.Errorf("limits %+v: threads per block and shared memory must be non-zero", l)
	}
	for i := 0; i < 3; i++ {
		if l.MaxBlockDim[i] == 0 || l.MaxGridDim[i] == 0 {
			t.Errorf("limits %+v: every block and grid dimension must be non-zero", l)
		}
	}
}

func testAllocFree(t *testing.T, d gpu.Device, _ gpu.Module, _ []byte) {
	var ps []gpu.Ptr
	for _, n := range []uint64{1, 255, 256, 4096, 1 << 20, 3<<20 + 1} {
		p := alloc(t, d, n)
		if p%256 != 0 {
			t.Errorf("Alloc(%d) = %#x: not 256-byte aligned", n, uint64(p))
		}
		for _, q := range ps {
			if q == p {
				t.Errorf("Alloc(%d) = %#x, which is already allocated", n, uint64(p))
			}
		}
		ps = append(ps, p)
	}
	for _, p := range ps {
		if err := d.Free(p); err != nil {
			t.Errorf("Free(%#x): %v", uint64(p), err)
		}
	}
	_, err := d.Alloc(0)
	if err == nil || gpu.IsFatal(err) {
		t.Errorf("Alloc(0) = %v; want a per-call error", err)
	}
}

func testAllocTooLarge(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	total := d.Info().TotalMem
	_, err := d.Alloc(total + 1<<30)
	wantErr(t, "Alloc(more than TotalMem)", err, gpu.ErrOutOfMemory)
	stillWorks(t, d, lib)
}

func testCopyRoundTrip(t *testing.T, d gpu.Device, _ gpu.Module, _ []byte) {
	const n = 1 << 20
	src := make([]byte, n)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range src {
		src[i] = byte(r.Uint32())
	}
	p := alloc(t, d, n)
	defer d.Free(p)
	write(t, d, p, src)
	if got := read(t, d, p, n); !bytes.Equal(got, src) {
		t.Fatal("1 MiB of random bytes changed on a round trip through the device")
	}
	// A copy into the middle, and out of it again.
	write(t, d, p+4096, []byte("gpufn"))
	if got := read(t, d, p+4095, 7); !bytes.Equal(got, append(append([]byte{src[4095]}, "gpufn"...), src[4101])) {
		t.Errorf("copy at an offset: got %q", got)
	}
}

func testMemset(t *testing.T, d gpu.Device, _ gpu.Module, _ []byte) {
	const n = 64 << 10
	p := alloc(t, d, n)
	defer d.Free(p)
	if err := d.Memset(p, 0x5a, n); err != nil {
		t.Fatalf("Memset: %v", err)
	}
	if err := d.Memset(p+100, 0, 1000); err != nil {
		t.Fatalf("Memset at an offset: %v", err)
	}
	sync(t, d)
	want := bytes.Repeat([]byte{0x5a}, n)
	clear(want[100:1100])
	if got := read(t, d, p, n); !bytes.Equal(got, want) {
		i := 0
		for i < n && got[i] == want[i] {
			i++
		}
		t.Fatalf("after Memset, byte %d is %#x; want %#x", i, got[i], want[i])
	}
}

func testZeroLength(t *testing.T, d gpu.Device, _ gpu.Module, _ []byte) {
	p := alloc(t, d, 256)
	defer d.Free(p)
	if err := d.CopyToDevice(p, nil); err != nil {
		t.Errorf("CopyToDevice of 0 bytes: %v", err)
	}
	if err := d.CopyFromDevice(nil, p); err != nil {
		t.Errorf("CopyFromDevice of 0 bytes: %v", err)
	}
	if err := d.Memset(p, 1, 0); err != nil {
		t.Errorf("Memset of 0 bytes: %v", err)
	}
	sync(t, d)
	if got := read(t, d, p, 256); !bytes.Equal(got, make([]byte, 256)) {
		t.Error("a zero-length operation changed device memory (or Alloc did not zero it)")
	}
}

func testLoadGarbage(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	_, err := d.LoadModule([]byte("this is not a kernel library\x00\x01\x02"))
	wantErr(t, "LoadModule(garbage)", err, gpu.ErrInvalidImage)
	stillWorks(t, d, lib)
}

func testFunctionMissing(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	_, err := d.Function(lib, "no_such_kernel")
	wantErr(t, "Function(no_such_kernel)", err, gpu.ErrNotFound)
	stillWorks(t, d, lib)
}

func testUnload(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	f := kernel(t, d, lib, "fill_u8")
	if err := d.UnloadModule(lib); err != nil {
		t.Fatalf("UnloadModule: %v", err)
	}
	if _, err := d.Function(lib, "fill_u8"); !errors.Is(err, gpu.ErrNotFound) {
		t.Errorf("Function on an unloaded module = %v; want ErrNotFound", err)
	}
	p := alloc(t, d, 256)
	defer d.Free(p)
	err := d.Launch(f, one, one, 0, []uint64{uint64(p), 256, 1})
	wantErr(t, "Launch of an unloaded module's kernel", err, gpu.ErrInvalidLaunch)
}

func testLoadTwice(t *testing.T, d gpu.Device, lib gpu.Module, image []byte) {
	m2, err := d.LoadModule(image)
	if err != nil {
		t.Fatalf("second LoadModule of the same image: %v", err)
	}
	if m2 == lib {
		t.Fatalf("two loads gave the same module handle %#x", uint64(lib))
	}
	f1, f2 := kernel(t, d, lib, "write_index"), kernel(t, d, m2, "write_index")
	p := alloc(t, d, 8*4)
	defer d.Free(p)
	launch(t, d, f1, one, gpu.Dim3{X: 2, Y: 1, Z: 1}, uint64(p), 2)
	launch(t, d, f2, one, gpu.Dim3{X: 4, Y: 1, Z: 1}, uint64(p)+16, 2)
	sync(t, d)
	if got := u64s(read(t, d, p, 32)); got[0] != 0 || got[1] != 1 || got[2] != 0 || got[3] != 1 {
		t.Errorf("write_index from both modules wrote %v; want [0 1 0 1]", got)
	}
	if err := d.UnloadModule(lib); err != nil {
		t.Fatalf("UnloadModule(first): %v", err)
	}
	stillWorks(t, d, m2)
}

func testWriteIndex(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	grid, block := gpu.Dim3{X: 3, Y: 2, Z: 2}, gpu.Dim3{X: 4, Y: 3, Z: 2}
	n := grid.Count() * block.Count()
	p := alloc(t, d, 8*(n+1))
	defer d.Free(p)
	if err := d.Memset(p, 0xff, 8*(n+1)); err != nil {
		t.Fatal(err)
	}
	launch(t, d, kernel(t, d, lib, "write_index"), grid, block, uint64(p), n)
	sync(t, d)
	out := u64s(read(t, d, p, int(8*(n+1))))
	for i := uint64(0); i < n; i++ {
		if out[i] != i {
			t.Fatalf("out[%d] = %d; want %d (grid %v, block %v)", i, out[i], i, grid, block)
		}
	}
	if out[n] != math.MaxUint64 {
		t.Errorf("out[%d] = %#x: written beyond the %d threads", n, out[n], n)
	}
}

func testArgs8(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	p := alloc(t, d, 40)
	defer d.Free(p)
	want := []uint64{1, 1 << 40, uint64(math.MaxUint64), uint64(1<<63 + 5), 42} // 1, 2^40, -1, MinInt64+5, 42
	launch(t, d, kernel(t, d, lib, "args8"), gpu.Dim3{X: 2, Y: 1, Z: 1}, gpu.Dim3{X: 32, Y: 1, Z: 1}, append([]uint64{uint64(p)}, want...)...)
	sync(t, d)
	for i, v := range u64s(read(t, d, p, 40)) {
		if v != want[i] {
			t.Errorf("args8 out[%d] = %#x; want %#x", i, v, want[i])
		}
	}
}

func testAddI64(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	const n = 1000
	r := rand.New(rand.NewPCG(3, 4))
	a, b, want := make([]uint64, n), make([]uint64, n), make([]uint64, n)
	for i := range a {
		a[i], b[i] = r.Uint64(), r.Uint64()
		want[i] = uint64(int64(a[i]) + int64(b[i]))
	}
	pa, pb, po := alloc(t, d, 8*n), alloc(t, d, 8*n), alloc(t, d, 8*n)
	defer d.Free(pa)
	defer d.Free(pb)
	defer d.Free(po)
	write(t, d, pa, bytesOf(a))
	write(t, d, pb, bytesOf(b))
	launch(t, d, kernel(t, d, lib, "add_i64"), gpu.Dim3{X: 3, Y: 1, Z: 1}, gpu.Dim3{X: 128, Y: 1, Z: 1}, uint64(pa), uint64(pb), uint64(po), n)
	sync(t, d)
	for i, v := range u64s(read(t, d, po, 8*n)) {
		if v != want[i] {
			t.Fatalf("out[%d] = %d; want %d", i, int64(v), int64(want[i]))
		}
	}
}

func testFillCheckZero(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	const n = 1 << 20
	fill, check := kernel(t, d, lib, "fill_u8"), kernel(t, d, lib, "check_zero")
	p, out := alloc(t, d, n), alloc(t, d, 8)
	defer d.Free(p)
	defer d.Free(out)
	count := func() uint64 {
		t.Helper()
		if err := d.Memset(out, 0, 8); err != nil {
			t.Fatal(err)
		}
		launch(t, d, check, gpu.Dim3{X: 64, Y: 1, Z: 1}, gpu.Dim3{X: 256, Y: 1, Z: 1}, uint64(p), n, uint64(out))
		sync(t, d)
		return binary.LittleEndian.Uint64(read(t, d, out, 8))
	}
	if err := d.Memset(p, 0, n); err != nil {
		t.Fatal(err)
	}
	if c := count(); c != 0 {
		t.Errorf("check_zero of a zeroed MiB counts %d", c)
	}
	// value 0x1ab: only its low byte is stored.
	launch(t, d, fill, gpu.Dim3{X: 4, Y: 1, Z: 1}, gpu.Dim3{X: 64, Y: 1, Z: 1}, uint64(p)+1000, 3000, 0x1ab)
	if c := count(); c != 3000 {
		t.Errorf("check_zero after filling 3000 bytes counts %d", c)
	}
	got := read(t, d, p, 4001)
	if got[999] != 0 || got[1000] != 0xab || got[3999] != 0xab || got[4000] != 0 {
		t.Errorf("fill_u8 of [1000, 4000) with 0x1ab: bytes 999, 1000, 3999, 4000 = %#x %#x %#x %#x",
			got[999], got[1000], got[3999], got[4000])
	}
	launch(t, d, fill, gpu.Dim3{X: 64, Y: 1, Z: 1}, gpu.Dim3{X: 256, Y: 1, Z: 1}, uint64(p), n, 0)
	if c := count(); c != 0 {
		t.Errorf("check_zero after filling with 0 counts %d", c)
	}
}

func testBlockTooLarge(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	p := alloc(t, d, 4096)
	defer d.Free(p)
	f := kernel(t, d, lib, "fill_u8")
	err := d.Launch(f, one, gpu.Dim3{X: 1025, Y: 1, Z: 1}, 0, []uint64{uint64(p), 4096, 1})
	wantErr(t, "Launch with a block of 1025 threads", err, gpu.ErrInvalidLaunch)
	err = d.Launch(f, one, gpu.Dim3{X: 32, Y: 32, Z: 2}, 0, []uint64{uint64(p), 4096, 1})
	wantErr(t, "Launch with a block of 32x32x2 threads", err, gpu.ErrInvalidLaunch)
	if err := d.Synchronize(); err != nil {
		t.Fatalf("Synchronize after refused launches: %v", err)
	}
	stillWorks(t, d, lib)
}

func testZeroDimension(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	p := alloc(t, d, 4096)
	defer d.Free(p)
	f := kernel(t, d, lib, "fill_u8")
	for _, c := range []struct{ grid, block gpu.Dim3 }{
		{gpu.Dim3{X: 0, Y: 1, Z: 1}, one},
		{gpu.Dim3{X: 1, Y: 0, Z: 1}, one},
		{one, gpu.Dim3{X: 1, Y: 1, Z: 0}},
	} {
		err := d.Launch(f, c.grid, c.block, 0, []uint64{uint64(p), 4096, 1})
		wantErr(t, "Launch(grid "+dim(c.grid)+", block "+dim(c.block)+")", err, gpu.ErrInvalidLaunch)
	}
	stillWorks(t, d, lib)
}

func dim(d gpu.Dim3) string { return fmt.Sprintf("%dx%dx%d", d.X, d.Y, d.Z) }

func testHostRegister(t *testing.T, d gpu.Device, _ gpu.Module, _ []byte) {
	const n = 1 << 20
	mem, err := unix.Mmap(-1, 0, n, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED|unix.MAP_ANON)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	defer unix.Munmap(mem)
	if err := d.HostRegister(mem); err != nil {
		t.Fatalf("HostRegister: %v", err)
	}
	for i := range mem {
		mem[i] = byte(i * 7)
	}
	want := append([]byte(nil), mem...)
	p := alloc(t, d, n)
	defer d.Free(p)
	write(t, d, p, mem)
	clear(mem)
	if err := d.CopyFromDevice(mem, p); err != nil {
		t.Fatalf("CopyFromDevice into registered memory: %v", err)
	}
	if !bytes.Equal(mem, want) {
		t.Error("a round trip through registered memory changed the bytes")
	}
	if err := d.HostUnregister(mem); err != nil {
		t.Fatalf("HostUnregister: %v", err)
	}
}

func testSpinNs(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	f := kernel(t, d, lib, "spin_ns")
	start := time.Now()
	launch(t, d, f, one, gpu.Dim3{X: 32, Y: 1, Z: 1}, uint64(time.Millisecond))
	sync(t, d)
	if el := time.Since(start); el < time.Millisecond {
		t.Errorf("spin_ns(1 ms) and Synchronize took %v", el)
	}
}

func testFault(t *testing.T, d gpu.Device, lib gpu.Module, image []byte) {
	f := kernel(t, d, lib, "fault")
	p := alloc(t, d, 256)
	err := d.Launch(f, one, one, 0, nil)
	if err == nil {
		err = d.Synchronize()
	}
	if !gpu.IsFatal(err) {
		t.Fatalf("fault kernel: Launch/Synchronize = %v; want a fatal error", err)
	}
	t.Logf("fault: %v", err)
	buf := make([]byte, 8)
	for name, call := range map[string]func() error{
		"Synchronize":    d.Synchronize,
		"Alloc":          func() error { _, err := d.Alloc(256); return err },
		"Free":           func() error { return d.Free(p) },
		"CopyToDevice":   func() error { return d.CopyToDevice(p, buf) },
		"CopyFromDevice": func() error { return d.CopyFromDevice(buf, p) },
		"Memset":         func() error { return d.Memset(p, 0, 8) },
		"Function":       func() error { _, err := d.Function(lib, "fill_u8"); return err },
		"Launch":         func() error { return d.Launch(f, one, one, 0, nil) },
		"LoadModule":     func() error { _, err := d.LoadModule(image); return err },
		"HostRegister":   func() error { return d.HostRegister(buf) },
	} {
		if err := call(); !gpu.IsFatal(err) {
			t.Errorf("%s after the fault = %v; want a fatal error", name, err)
		}
	}
	if st, ok := d.(gpu.StreamTimer); ok {
		for name, call := range map[string]func() error{
			"CopyFromDeviceAsync": func() error { return st.CopyFromDeviceAsync(nil, p) },
			"Mark":                func() error { return st.Mark(0) },
			"Elapsed":             func() error { _, err := st.Elapsed(0, 1); return err },
		} {
			if err := call(); !gpu.IsFatal(err) {
				t.Errorf("%s after the fault = %v; want a fatal error", name, err)
			}
		}
	}
	_ = d.Info() // must not panic
}

// testGraph builds a graph of launches whose result depends on their order (each adds b to
// what the one before wrote, alternating two buffers), replays it twice, and checks that
// refused launches, malformed records and destroyed graphs are errors that lose nothing.
// Devices without graphs skip it.
func testGraph(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	gd, ok := d.(gpu.GraphDevice)
	if !ok || !gd.CanGraph() {
		t.Skip("the device has no launch graphs")
	}
	const n, steps = 1000, 301 // odd: the last launch writes the second buffer
	a, b := make([]uint64, n), make([]uint64, n)
	for i := range a {
		a[i], b[i] = uint64(i*7), uint64(i+1)
	}
	pa, pb, px := alloc(t, d, 8*n), alloc(t, d, 8*n), alloc(t, d, 8*n)
	defer d.Free(pa)
	defer d.Free(pb)
	defer d.Free(px)
	write(t, d, pa, bytesOf(a))
	write(t, d, pb, bytesOf(b))
	add := kernel(t, d, lib, "add_i64")
	grid, block := gpu.Dim3{X: 8, Y: 1, Z: 1}, gpu.Dim3{X: 128, Y: 1, Z: 1}
	var rec []uint64
	src, dst := pa, px
	for k := 0; k < steps; k++ {
		rec = gpu.AppendLaunch(rec, add, grid, block, 0, []uint64{uint64(src), uint64(pb), uint64(dst), n})
		src, dst = dst, src
	}
	g, err := gd.BuildGraph(rec)
	if err != nil {
		t.Fatalf("BuildGraph(%d launches): %v", steps, err)
	}
	clear(rec) // the graph holds its own copy of every argument
	for replay := 1; replay <= 2; replay++ {
		if err := gd.LaunchGraph(g); err != nil {
			t.Fatalf("LaunchGraph (replay %d): %v", replay, err)
		}
		sync(t, d)
		// Launch k reads what launch k-1 wrote, so after replay r the second buffer holds
		// a + (r*(steps-1)+1)*b, and only if every launch ran, in order.
		got := u64s(read(t, d, px, 8*n))
		mult := uint64(replay*(steps-1) + 1)
		for i := range got {
			if want := a[i] + mult*b[i]; got[i] != want {
				t.Fatalf("replay %d: out[%d] = %d; want %d (launches out of order or lost)", replay, i, got[i], want)
			}
		}
	}
	if err := gd.DestroyGraph(g); err != nil {
		t.Fatalf("DestroyGraph: %v", err)
	}
	if err := gd.LaunchGraph(g); err == nil || gpu.IsFatal(err) {
		t.Errorf("LaunchGraph of a destroyed graph: %v; want a non-fatal error", err)
	}
	bad := gpu.AppendLaunch(nil, add, grid, gpu.Dim3{X: 4096, Y: 1, Z: 1}, 0, []uint64{uint64(pa), uint64(pb), uint64(px), n})
	if _, err := gd.BuildGraph(bad); !errors.Is(err, gpu.ErrInvalidLaunch) || gpu.IsFatal(err) {
		t.Errorf("BuildGraph with a 4096-thread block: %v; want ErrInvalidLaunch, not fatal", err)
	}
	if _, err := gd.BuildGraph(rec[:3]); !errors.Is(err, gpu.ErrInvalidLaunch) {
		t.Errorf("BuildGraph of a truncated record: %v; want ErrInvalidLaunch", err)
	}
	if _, err := gd.BuildGraph(nil); !errors.Is(err, gpu.ErrInvalidLaunch) {
		t.Errorf("BuildGraph of no launches: %v; want ErrInvalidLaunch", err)
	}
	// The device still works.
	launch(t, d, add, grid, block, uint64(pa), uint64(pb), uint64(px), n)
	sync(t, d)
}

// testCopyAsync enqueues copies from registered host memory, then a launch that reads what
// they wrote, and waits once: the copies must have landed, in order, before the kernel ran.
// Devices without asynchronous copies skip it.
func testCopyAsync(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	ac, ok := d.(gpu.AsyncCopier)
	if !ok {
		t.Skip("the device has no asynchronous copies")
	}
	const n = 4096
	host := pinnedHost(t, d, 3*8*n)
	a, b := host[:8*n], host[8*n:16*n]
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint64(a[8*i:], uint64(3*i))
		binary.LittleEndian.PutUint64(b[8*i:], uint64(i*i))
	}
	pa, pb, po := alloc(t, d, 8*n), alloc(t, d, 8*n), alloc(t, d, 8*n)
	defer d.Free(pa)
	defer d.Free(pb)
	defer d.Free(po)
	if err := ac.CopyToDeviceAsync(pa, a); err != nil {
		t.Fatalf("CopyToDeviceAsync: %v", err)
	}
	if err := ac.CopyToDeviceAsync(pb, b); err != nil {
		t.Fatalf("CopyToDeviceAsync: %v", err)
	}
	if err := ac.CopyToDeviceAsync(pb, nil); err != nil {
		t.Fatalf("CopyToDeviceAsync of nothing: %v", err)
	}
	launch(t, d, kernel(t, d, lib, "add_i64"), gpu.Dim3{X: n / 128, Y: 1, Z: 1}, gpu.Dim3{X: 128, Y: 1, Z: 1}, uint64(pa), uint64(pb), uint64(po), n)
	sync(t, d)
	for i, v := range u64s(read(t, d, po, 8*n)) {
		if want := uint64(3*i + i*i); v != want {
			t.Fatalf("out[%d] = %d; want %d", i, v, want)
		}
	}
}

// pinnedHost maps n bytes of anonymous memory (not Go's heap) and registers it with d, both
// undone when the test ends.
func pinnedHost(t *testing.T, d gpu.Device, n int) []byte {
	t.Helper()
	host, err := unix.Mmap(-1, 0, n, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unix.Munmap(host) })
	if err := d.HostRegister(host); err != nil {
		t.Fatalf("HostRegister: %v", err)
	}
	t.Cleanup(func() { d.HostUnregister(host) })
	return host
}

// testStreamTimer puts on the default stream: mark 0, a kernel that spins for 1 ms, mark 1, a
// kernel that writes its index, mark 2, an asynchronous copy of what it wrote into registered
// host memory, mark 3, and a memset of the buffer; then it waits once. The copy must hold the
// kernel's result (not the memset's, which came after it), the spin must lie between marks 0
// and 1, and every interval must be non-negative and within the wall time. Devices without a
// gpu.StreamTimer skip it.
func testStreamTimer(t *testing.T, d gpu.Device, lib gpu.Module, _ []byte) {
	st, ok := d.(gpu.StreamTimer)
	if !ok {
		t.Skip("the device has no asynchronous device-to-host copies and timing marks")
	}
	const n = 4096
	const spin = time.Millisecond
	host := pinnedHost(t, d, 8*n)
	p := alloc(t, d, 8*n)
	defer d.Free(p)
	if err := d.Memset(p, 0xff, 8*n); err != nil {
		t.Fatal(err)
	}
	sync(t, d)
	mark := func(i int) {
		t.Helper()
		if err := st.Mark(i); err != nil {
			t.Fatalf("Mark(%d): %v", i, err)
		}
	}
	start := time.Now()
	mark(0)
	launch(t, d, kernel(t, d, lib, "spin_ns"), one, gpu.Dim3{X: 32, Y: 1, Z: 1}, uint64(spin))
	mark(1)
	launch(t, d, kernel(t, d, lib, "write_index"), gpu.Dim3{X: n / 128, Y: 1, Z: 1}, gpu.Dim3{X: 128, Y: 1, Z: 1}, uint64(p), n)
	mark(2)
	if err := st.CopyFromDeviceAsync(host, p); err != nil {
		t.Fatalf("CopyFromDeviceAsync: %v", err)
	}
	if err := st.CopyFromDeviceAsync(host[:0], p); err != nil {
		t.Fatalf("CopyFromDeviceAsync of nothing: %v", err)
	}
	mark(3)
	if err := d.Memset(p, 0, 8*n); err != nil {
		t.Fatal(err)
	}
	sync(t, d)
	wall := time.Since(start)
	for i, v := range u64s(host) {
		if v != uint64(i) {
			t.Fatalf("after Synchronize, the copy's word %d is %#x; want %d (the kernel's, not the later memset's)", i, v, i)
		}
	}
	var el [3]time.Duration
	for i := range el {
		var err error
		if el[i], err = st.Elapsed(i, i+1); err != nil {
			t.Fatalf("Elapsed(%d, %d): %v", i, i+1, err)
		}
		if el[i] < 0 || el[i] > wall {
			t.Errorf("Elapsed(%d, %d) = %v; want within [0, %v] (the wall time)", i, i+1, el[i], wall)
		}
	}
	if el[0] < spin*9/10 {
		t.Errorf("Elapsed(0, 1) = %v around a kernel that spins for %v", el[0], spin)
	}
	if all, err := st.Elapsed(0, 3); err != nil || all < el[0] {
		t.Errorf("Elapsed(0, 3) = %v, %v; want at least Elapsed(0, 1) = %v", all, err, el[0])
	}
	if err := st.Mark(gpu.MaxMarks); err == nil || gpu.IsFatal(err) {
		t.Errorf("Mark(MaxMarks) = %v; want a per-call error", err)
	}
	if _, err := st.Elapsed(-1, 0); err == nil || gpu.IsFatal(err) {
		t.Errorf("Elapsed(-1, 0) = %v; want a per-call error", err)
	}
	stillWorks(t, d, lib)
}
