package cuda

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"gpufn/examples"
	"gpufn/gpu"
	"gpufn/gpu/gputest"
)

// These tests need an NVIDIA GPU; without one (CI) they skip and say why.

// skipWithoutGPU skips t when no CUDA device is usable here.
func skipWithoutGPU(t testing.TB) {
	t.Helper()
	n, err := Count()
	if err != nil {
		t.Skipf("no CUDA device: %v", err)
	}
	if n == 0 {
		t.Skip("no CUDA device: cuDeviceGetCount reports 0")
	}
}

// open locks the calling goroutine to its OS thread (for the rest of its life; a test's
// goroutine ends with the test) and opens device 0, closed when the test ends.
func open(t testing.TB) *Device {
	t.Helper()
	skipWithoutGPU(t)
	runtime.LockOSThread()
	d, err := Open(0)
	if err != nil {
		t.Fatalf("Open(0): %v", err)
	}
	t.Cleanup(func() {
		if err := d.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return d
}

func TestConformance(t *testing.T) {
	skipWithoutGPU(t)
	gputest.Run(t, gputest.Target{
		Name: "cuda",
		Open: func(t testing.TB) gpu.Device {
			runtime.LockOSThread()
			d, err := Open(0)
			if err != nil {
				t.Fatalf("cuda.Open(0): %v", err)
			}
			return d
		},
		Library:     examples.MustPTX("testkernels"),
		Destructive: os.Getenv("GPUFN_DESTRUCTIVE") == "1",
	})
}

// kernel loads testkernels and looks up one kernel of it.
func kernel(t *testing.T, d *Device, name string) gpu.Function {
	t.Helper()
	m, err := d.LoadModule(examples.MustPTX("testkernels"))
	if err != nil {
		t.Fatalf("LoadModule(testkernels): %v", err)
	}
	f, err := d.Function(m, name)
	if err != nil {
		t.Fatalf("Function(%s): %v", name, err)
	}
	return f
}

func alloc(t *testing.T, d *Device, n uint64) gpu.Ptr {
	t.Helper()
	p, err := d.Alloc(n)
	if err != nil {
		t.Fatalf("Alloc(%d): %v", n, err)
	}
	t.Cleanup(func() { d.Free(p) })
	return p
}

var one = gpu.Dim3{X: 1, Y: 1, Z: 1}

func TestInfo(t *testing.T) {
	d := open(t)
	info := d.Info()
	t.Logf("%+v", info)
	if info.Kind != "cuda" || info.Name == "" || !strings.HasPrefix(info.Driver, "CUDA ") {
		t.Errorf("Kind %q, Name %q, Driver %q", info.Kind, info.Name, info.Driver)
	}
	if !regexp.MustCompile(`^sm_[0-9]{2,3}$`).MatchString(info.Arch) {
		t.Errorf("Arch = %q; want sm_XY", info.Arch)
	}
	l := info.Limits
	if l.MaxThreadsPerBlock < 1024 || l.MaxBlockDim[0] < 1024 || l.MaxBlockDim[2] < 64 ||
		l.MaxGridDim[0] < 65535 || l.MaxGridDim[1] < 65535 || l.MaxGridDim[2] < 65535 || l.MaxSharedMemPerBlock < 48<<10 {
		t.Errorf("implausible limits %+v", l)
	}
	if info.TotalMem == 0 || info.FreeMem == 0 || info.FreeMem > info.TotalMem {
		t.Errorf("TotalMem %d, FreeMem %d", info.TotalMem, info.FreeMem)
	}
}

func TestFillAndArgs(t *testing.T) {
	d := open(t)
	fill, args8 := kernel(t, d, "fill_u8"), kernel(t, d, "args8")
	const n = 1 << 20
	p := alloc(t, d, n)
	if err := d.Launch(fill, gpu.Dim3{X: 64, Y: 1, Z: 1}, gpu.Dim3{X: 256, Y: 1, Z: 1}, 0, []uint64{uint64(p), n, 0xab}); err != nil {
		t.Fatalf("Launch(fill_u8): %v", err)
	}
	got := make([]byte, n)
	if err := d.CopyFromDevice(got, p); err != nil {
		t.Fatalf("CopyFromDevice: %v", err)
	}
	if !bytes.Equal(got, bytes.Repeat([]byte{0xab}, n)) {
		t.Fatal("fill_u8 did not fill the buffer with 0xab")
	}
	if err := d.Launch(args8, one, one, 0, []uint64{uint64(p), 1, 1 << 40, ^uint64(0), 42, 7}); err != nil {
		t.Fatalf("Launch(args8): %v", err)
	}
	out := make([]byte, 40)
	if err := d.CopyFromDevice(out, p); err != nil {
		t.Fatalf("CopyFromDevice: %v", err)
	}
	for i, want := range []uint64{1, 1 << 40, ^uint64(0), 42, 7} {
		if v := binary.LittleEndian.Uint64(out[8*i:]); v != want {
			t.Errorf("args8 out[%d] = %#x; want %#x", i, v, want)
		}
	}
}

func TestJITErrorLog(t *testing.T) {
	d := open(t)
	broken := []byte(".version 9.0\n.target sm_90\n.address_size 64\n\n.visible .entry broken()\n{\n\tgpufn_no_such_instruction %r1;\n\tret;\n}\n")
	_, err := d.LoadModule(broken)
	if !errors.Is(err, gpu.ErrInvalidImage) || gpu.IsFatal(err) {
		t.Fatalf("LoadModule(broken PTX) = %v; want ErrInvalidImage, not fatal", err)
	}
	if !strings.Contains(err.Error(), "JIT log: ") || !strings.Contains(err.Error(), "line") {
		t.Errorf("error has no JIT log: %v", err)
	}
	t.Logf("%v", err)
	if _, err := d.LoadModule([]byte("not an image at all")); !errors.Is(err, gpu.ErrInvalidImage) {
		t.Errorf("LoadModule(garbage) = %v; want ErrInvalidImage", err)
	}
}

func TestLaunchRefusedBeforeDriver(t *testing.T) {
	d := open(t)
	f := kernel(t, d, "fill_u8")
	p := alloc(t, d, 1024)
	args := []uint64{uint64(p), 1024, 1}
	for _, c := range []struct {
		grid, block gpu.Dim3
		shared      uint32
	}{
		{one, gpu.Dim3{X: 1025, Y: 1, Z: 1}, 0},
		{one, gpu.Dim3{X: 32, Y: 33, Z: 1}, 0},
		{gpu.Dim3{X: 1, Y: 65536, Z: 1}, one, 0},
		{gpu.Dim3{X: 0, Y: 1, Z: 1}, one, 0},
		{one, one, d.Info().Limits.MaxSharedMemPerBlock + 1},
	} {
		err := d.Launch(f, c.grid, c.block, c.shared, args)
		var ge *gpu.Error
		if !errors.Is(err, gpu.ErrInvalidLaunch) || errors.As(err, &ge) {
			t.Errorf("Launch(%v, %v, %d) = %v; want ErrInvalidLaunch from the limit check", c.grid, c.block, c.shared, err)
		}
	}
	if err := d.Synchronize(); err != nil {
		t.Fatalf("Synchronize after refused launches: %v", err)
	}
}

func TestBigSharedMemory(t *testing.T) {
	d := open(t)
	f := kernel(t, d, "fill_u8")
	p := alloc(t, d, 4096)
	max := d.Info().Limits.MaxSharedMemPerBlock
	if max <= defaultDynShared {
		t.Skipf("device has no opt-in shared memory over 48 KiB (max %d)", max)
	}
	for _, shared := range []uint32{64 << 10, max, 50 << 10} {
		if err := d.Launch(f, one, gpu.Dim3{X: 128, Y: 1, Z: 1}, shared, []uint64{uint64(p), 4096, 3}); err != nil {
			t.Fatalf("Launch with %d bytes of shared memory: %v", shared, err)
		}
	}
	if err := d.Synchronize(); err != nil {
		t.Fatalf("Synchronize: %v", err)
	}
	if got := d.funcs[f].dynShared; got != max {
		t.Errorf("opt-in recorded %d; want %d", got, max)
	}
}

func TestAllocTooLarge(t *testing.T) {
	d := open(t)
	_, err := d.Alloc(d.Info().TotalMem + 1<<30)
	if !errors.Is(err, gpu.ErrOutOfMemory) || gpu.IsFatal(err) {
		t.Fatalf("Alloc(more than the device has) = %v; want ErrOutOfMemory, not fatal", err)
	}
	if _, err := d.Alloc(0); err == nil {
		t.Error("Alloc(0) succeeded")
	}
	p := alloc(t, d, 1<<20)
	if err := d.Memset(p, 0, 1<<20); err != nil {
		t.Fatalf("Memset after a failed Alloc: %v", err)
	}
}

func TestNotFoundAndHandles(t *testing.T) {
	d := open(t)
	m, err := d.LoadModule(examples.MustPTX("testkernels"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Function(m, "no_such_kernel"); !errors.Is(err, gpu.ErrNotFound) {
		t.Errorf("Function(no_such_kernel) = %v; want ErrNotFound", err)
	}
	f, err := d.Function(m, "fill_u8")
	if err != nil {
		t.Fatal(err)
	}
	if err := d.UnloadModule(m); err != nil {
		t.Fatalf("UnloadModule: %v", err)
	}
	if err := d.Launch(f, one, one, 0, nil); !errors.Is(err, gpu.ErrInvalidLaunch) {
		t.Errorf("Launch of an unloaded module's kernel = %v; want ErrInvalidLaunch", err)
	}
	if _, err := d.Function(m, "fill_u8"); !errors.Is(err, gpu.ErrNotFound) {
		t.Errorf("Function on an unloaded module = %v; want ErrNotFound", err)
	}
}

func TestLoadTwice(t *testing.T) {
	d := open(t)
	lib := examples.MustPTX("testkernels")
	m1, err := d.LoadModule(lib)
	if err != nil {
		t.Fatal(err)
	}
	m2, err := d.LoadModule(lib)
	if err != nil {
		t.Fatalf("second LoadModule of the same image: %v", err)
	}
	if m1 == m2 {
		t.Errorf("two loads gave the same module handle %#x", m1)
	}
	for _, m := range []gpu.Module{m1, m2} {
		if _, err := d.Function(m, "fill_u8"); err != nil {
			t.Errorf("Function: %v", err)
		}
	}
	if err := d.UnloadModule(m1); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Function(m2, "add_i64"); err != nil {
		t.Errorf("Function on the second module after unloading the first: %v", err)
	}
}

func TestHostRegister(t *testing.T) {
	d := open(t)
	const n = 1 << 20
	mem, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED|syscall.MAP_ANONYMOUS)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(mem)
	if err := d.HostRegister(mem); err != nil {
		t.Fatalf("HostRegister: %v", err)
	}
	for i := range mem {
		mem[i] = byte(i)
	}
	p := alloc(t, d, n)
	if err := d.CopyToDevice(p, mem); err != nil {
		t.Fatal(err)
	}
	back := make([]byte, n)
	if err := d.CopyFromDevice(back, p); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back, mem) {
		t.Error("round trip through registered memory changed the bytes")
	}
	if err := d.HostUnregister(mem); err != nil {
		t.Fatalf("HostUnregister: %v", err)
	}
}

func TestHotPathAllocs(t *testing.T) {
	d := open(t)
	f := kernel(t, d, "fill_u8")
	const n = 4096
	p := alloc(t, d, n)
	args := []uint64{uint64(p), n, 5}
	grid, block := gpu.Dim3{X: 4, Y: 1, Z: 1}, gpu.Dim3{X: 256, Y: 1, Z: 1}
	buf := make([]byte, n)
	// The asynchronous copy out writes after the call returns: into memory that is not Go's.
	out, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(out)
	if err := d.Mark(0); err != nil { // makes the marks' events
		t.Fatal(err)
	}
	if err := d.Mark(1); err != nil {
		t.Fatal(err)
	}
	if err := d.Synchronize(); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Elapsed(0, 1); err != nil {
		t.Fatalf("Elapsed: %v", err)
	}
	for name, fn := range map[string]func(){
		"Launch":              func() { d.Launch(f, grid, block, 0, args) },
		"Memset":              func() { d.Memset(p, 0, n) },
		"CopyToDevice":        func() { d.CopyToDevice(p, buf) },
		"CopyFromDevice":      func() { d.CopyFromDevice(buf, p) },
		"CopyFromDeviceAsync": func() { d.CopyFromDeviceAsync(out, p) },
		"Mark":                func() { d.Mark(2) },
		"Elapsed":             func() { d.Elapsed(0, 1) },
		"Synchronize":         func() { d.Synchronize() },
	} {
		if a := testing.AllocsPerRun(200, fn); a != 0 {
			t.Errorf("%s allocates %v times per call", name, a)
		}
	}
	if err := d.Synchronize(); err != nil {
		t.Fatal(err)
	}
}

func TestClosed(t *testing.T) {
	skipWithoutGPU(t)
	runtime.LockOSThread()
	d, err := Open(0)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := d.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if _, err := d.Alloc(8); !errors.Is(err, gpu.ErrClosed) {
		t.Errorf("Alloc after Close = %v; want ErrClosed", err)
	}
	if _, err := Open(1 << 20); !errors.Is(err, gpu.ErrNoDevice) {
		t.Errorf("Open(no such ordinal) = %v; want ErrNoDevice", err)
	}
}

// TestDestructiveFault loses the process's CUDA context for good: run it alone, in a process
// of its own, with GPUFN_DESTRUCTIVE=1 (-test.run TestDestructiveFault).
func TestDestructiveFault(t *testing.T) {
	if os.Getenv("GPUFN_DESTRUCTIVE") != "1" {
		t.Skip("loses the CUDA context of the process: set GPUFN_DESTRUCTIVE=1 and run it alone")
	}
	d := open(t)
	f := kernel(t, d, "fault")
	if err := d.Launch(f, one, one, 0, nil); err != nil {
		t.Fatalf("Launch(fault): %v", err)
	}
	err := d.Synchronize()
	var ge *gpu.Error
	if !gpu.IsFatal(err) || !errors.As(err, &ge) || ge.Code != codeIllegalAddress {
		t.Fatalf("Synchronize after the fault = %v; want fatal CUDA_ERROR_ILLEGAL_ADDRESS", err)
	}
	t.Logf("fault: %v", err)
	if err := d.Memset(1, 0, 1); !gpu.IsFatal(err) {
		t.Errorf("Memset after the fault = %v; want fatal", err)
	}
	if _, err := Open(0); !gpu.IsFatal(err) {
		t.Errorf("Open after the fault = %v; want fatal", err)
	}
}
