package hip

import (
	"bytes"
	"errors"
	"os"
	"runtime"
	"syscall"
	"testing"

	"gpufn/gpu"
	"gpufn/gpu/gputest"
)

// These tests need an AMD GPU; without one (CI, and the GPU machine, an NVIDIA H100) they
// skip and say why. None of them has run on an AMD GPU yet.

// testkernelsHSACO is where the hsaco of the testkernels library will be once one is built
// (hipcc --genco --offload-arch=... examples/testkernels/testkernels.cu); package examples has
// only PTX today.
const testkernelsHSACO = "../examples/testkernels/testkernels.hsaco"

// skipWithoutGPU skips t when no HIP device is usable here.
func skipWithoutGPU(t testing.TB) {
	t.Helper()
	n, err := Count()
	if err != nil {
		t.Skipf("no HIP device: %v", err)
	}
	if n == 0 {
		t.Skip("no HIP device: hipGetDeviceCount reports 0")
	}
}

// library returns the hsaco of testkernels, or skips t when there is none.
func library(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile(testkernelsHSACO)
	if err != nil {
		t.Skipf("no hsaco of testkernels (%v): package examples ships PTX only", err)
	}
	return b
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
		Name: "hip",
		Open: func(t testing.TB) gpu.Device {
			runtime.LockOSThread()
			d, err := Open(0)
			if err != nil {
				t.Fatalf("hip.Open(0): %v", err)
			}
			return d
		},
		Library:     library(t),
		Destructive: os.Getenv("GPUFN_DESTRUCTIVE") == "1",
	})
}

func TestInfo(t *testing.T) {
	d := open(t)
	info := d.Info()
	t.Logf("%+v", info)
	if info.Kind != "hip" || info.Name == "" || len(info.Arch) < 4 || info.Arch[:3] != "gfx" {
		t.Errorf("Kind %q, Name %q, Arch %q", info.Kind, info.Name, info.Arch)
	}
	l := info.Limits
	if l.MaxThreadsPerBlock == 0 || l.MaxBlockDim[0] == 0 || l.MaxGridDim[0] == 0 || l.MaxSharedMemPerBlock == 0 {
		t.Errorf("implausible limits %+v", l)
	}
	if info.TotalMem == 0 || info.FreeMem == 0 || info.FreeMem > info.TotalMem {
		t.Errorf("TotalMem %d, FreeMem %d", info.TotalMem, info.FreeMem)
	}
}

func TestMemory(t *testing.T) {
	d := open(t)
	const n = 1 << 20
	p, err := d.Alloc(n)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Free(p)
	src := bytes.Repeat([]byte{1, 2, 3, 4}, n/4)
	if err := d.CopyToDevice(p, src); err != nil {
		t.Fatal(err)
	}
	if err := d.Memset(p, 0, n/2); err != nil {
		t.Fatal(err)
	}
	back := make([]byte, n)
	if err := d.CopyFromDevice(back, p); err != nil {
		t.Fatal(err)
	}
	want := append(make([]byte, n/2), src[n/2:]...)
	if !bytes.Equal(back, want) {
		t.Error("copy, memset, copy back gave other bytes")
	}
	if _, err := d.Alloc(d.Info().TotalMem + 1<<30); !errors.Is(err, gpu.ErrOutOfMemory) || gpu.IsFatal(err) {
		t.Errorf("Alloc(more than the device has) = %v; want ErrOutOfMemory, not fatal", err)
	}
	mem, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED|syscall.MAP_ANONYMOUS)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(mem)
	if err := d.HostRegister(mem); err != nil {
		t.Fatalf("HostRegister: %v", err)
	}
	if err := d.CopyFromDevice(mem, p); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(mem, want) {
		t.Error("copy into registered memory gave other bytes")
	}
	if err := d.HostUnregister(mem); err != nil {
		t.Fatalf("HostUnregister: %v", err)
	}
}

func TestKernels(t *testing.T) {
	d := open(t)
	m, err := d.LoadModule(library(t))
	if err != nil {
		t.Fatalf("LoadModule(testkernels hsaco): %v", err)
	}
	if _, err := d.Function(m, "no_such_kernel"); !errors.Is(err, gpu.ErrNotFound) {
		t.Errorf("Function(no_such_kernel) = %v; want ErrNotFound", err)
	}
	fill, err := d.Function(m, "fill_u8")
	if err != nil {
		t.Fatal(err)
	}
	const n = 4096
	p, err := d.Alloc(n)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Free(p)
	args := []uint64{uint64(p), n, 7}
	grid, block := gpu.Dim3{X: 4, Y: 1, Z: 1}, gpu.Dim3{X: 256, Y: 1, Z: 1}
	if err := d.Launch(fill, grid, block, 0, args); err != nil {
		t.Fatalf("Launch(fill_u8): %v", err)
	}
	got := make([]byte, n)
	if err := d.CopyFromDevice(got, p); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, bytes.Repeat([]byte{7}, n)) {
		t.Error("fill_u8 did not fill the buffer")
	}
	var ge *gpu.Error
	if err := d.Launch(fill, gpu.Dim3{X: 1, Y: 1, Z: 1}, gpu.Dim3{X: 1025, Y: 1, Z: 1}, 0, args); !errors.Is(err, gpu.ErrInvalidLaunch) || errors.As(err, &ge) {
		t.Errorf("Launch with 1025 threads per block = %v; want ErrInvalidLaunch from the limit check", err)
	}
	if _, err := d.LoadModule([]byte("not a code object")); !errors.Is(err, gpu.ErrInvalidImage) {
		t.Errorf("LoadModule(garbage) = %v; want ErrInvalidImage", err)
	}
	for name, fn := range map[string]func(){
		"Launch": func() { d.Launch(fill, grid, block, 0, args) },
		"Memset": func() { d.Memset(p, 0, n) },
	} {
		if a := testing.AllocsPerRun(100, fn); a != 0 {
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
}
