package cpu_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"gpufn/cpu"
	"gpufn/examples"
	"gpufn/gpu"
	"gpufn/gpu/gputest"
)

func TestConformance(t *testing.T) {
	gputest.Run(t, gputest.Target{
		Name:        "cpu",
		Open:        func(testing.TB) gpu.Device { return cpu.New(cpu.Options{MemBytes: 1 << 30}) },
		Library:     examples.MustPTX("testkernels"),
		Destructive: true, // a cpu device is lost on its own; the process lives on
	})
}

var one = gpu.Dim3{X: 1, Y: 1, Z: 1}

func open(t *testing.T, opts cpu.Options) *cpu.Device {
	t.Helper()
	d := cpu.New(opts)
	t.Cleanup(func() {
		if err := d.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return d
}

func load(t *testing.T, d *cpu.Device, lib string) gpu.Module {
	t.Helper()
	m, err := d.LoadModule(examples.MustPTX(lib))
	if err != nil {
		t.Fatalf("LoadModule(%s): %v", lib, err)
	}
	return m
}

func kernel(t *testing.T, d *cpu.Device, lib, name string) gpu.Function {
	t.Helper()
	f, err := d.Function(load(t, d, lib), name)
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
	return p
}

func TestInfo(t *testing.T) {
	d := open(t, cpu.Options{Ordinal: 3})
	info := d.Info()
	if info.Kind != "cpu" || info.Arch != "go" || info.Ordinal != 3 || info.Name != "gpufn cpu reference device" {
		t.Errorf("info %+v", info)
	}
	if info.TotalMem != cpu.DefaultMemBytes || info.FreeMem != cpu.DefaultMemBytes {
		t.Errorf("TotalMem %d, FreeMem %d; want the 4 GiB default", info.TotalMem, info.FreeMem)
	}
	l := info.Limits
	if l.MaxThreadsPerBlock != 1024 || l.MaxBlockDim != [3]uint32{1024, 1024, 64} ||
		l.MaxGridDim != [3]uint32{2147483647, 65535, 65535} || l.MaxSharedMemPerBlock != 48<<10 {
		t.Errorf("limits %+v; want an H100's", l)
	}
	alloc(t, d, 1000)
	if free := d.Info().FreeMem; free != cpu.DefaultMemBytes-1024 {
		t.Errorf("FreeMem after Alloc(1000) = %d; want the cap less 1024", free)
	}
}

func TestMemoryCap(t *testing.T) {
	d := open(t, cpu.Options{MemBytes: 1 << 20})
	p := alloc(t, d, 1<<19)
	if _, err := d.Alloc(1<<19 + 1); !errors.Is(err, gpu.ErrOutOfMemory) || gpu.IsFatal(err) {
		t.Fatalf("Alloc over the cap = %v; want ErrOutOfMemory, not fatal", err)
	}
	q := alloc(t, d, 1<<19)
	if err := d.Free(p); err != nil {
		t.Fatal(err)
	}
	if err := d.Free(p); err == nil || gpu.IsFatal(err) {
		t.Errorf("second Free = %v; want a per-call error", err)
	}
	if err := d.Free(q + 8); err == nil {
		t.Error("Free of an interior address succeeded")
	}
	alloc(t, d, 1<<19) // fits again
	if _, err := d.Alloc(1 << 62); !errors.Is(err, gpu.ErrOutOfMemory) {
		t.Errorf("Alloc(2^62) = %v", err)
	}
	if _, err := d.Alloc(^uint64(0)); !errors.Is(err, gpu.ErrOutOfMemory) {
		t.Errorf("Alloc(2^64-1) = %v", err)
	}
}

func TestCopyBounds(t *testing.T) {
	d := open(t, cpu.Options{})
	p := alloc(t, d, 1000)
	q := alloc(t, d, 1000)
	buf := make([]byte, 16)
	for name, err := range map[string]error{
		"CopyToDevice past the end":   d.CopyToDevice(p+990, buf),
		"CopyFromDevice past the end": d.CopyFromDevice(buf, p+985),
		"CopyToDevice before":         d.CopyToDevice(p-8, buf),
		"CopyToDevice at 0":           d.CopyToDevice(0, buf),
		"Memset spanning two":         d.Memset(p, 0, uint64(q-p+1)),
		"Memset huge":                 d.Memset(p, 0, ^uint64(0)),
		"CopyFromDevice wild":         d.CopyFromDevice(buf, 1<<63),
	} {
		var ge *gpu.Error
		if !errors.As(err, &ge) || ge.Name != "INVALID_VALUE" || gpu.IsFatal(err) {
			t.Errorf("%s = %v; want a per-call INVALID_VALUE", name, err)
		}
	}
	if err := d.CopyToDevice(p+984, buf); err != nil {
		t.Errorf("copy of the last 16 bytes: %v", err)
	}
	if err := d.Synchronize(); err != nil {
		t.Errorf("Synchronize after bad copies: %v", err)
	}
}

// A fault ends the launch with a fatal ILLEGAL_ADDRESS and loses the device; other devices
// of the process are untouched.
func TestFaultLosesDevice(t *testing.T) {
	other := open(t, cpu.Options{})
	op := alloc(t, other, 64)
	for _, c := range []struct {
		name string
		fn   func(m *cpu.Mem, p uint64)
		code string
	}{
		{"wild write", func(m *cpu.Mem, p uint64) { m.StoreI64(0x10, 1) }, "ILLEGAL_ADDRESS"},
		{"read past the end", func(m *cpu.Mem, p uint64) { m.LoadU8(p + 64) }, "ILLEGAL_ADDRESS"},
		{"u64 after the last", func(m *cpu.Mem, p uint64) { m.LoadU64(p + 56); m.LoadU32(p + 60); m.LoadU64(p + 64) }, "ILLEGAL_ADDRESS"},
		{"read before the start", func(m *cpu.Mem, p uint64) { m.LoadF32(p - 4) }, "ILLEGAL_ADDRESS"},
		{"in the guard gap", func(m *cpu.Mem, p uint64) { m.StoreU32(p+4096, 1) }, "ILLEGAL_ADDRESS"},
		{"misaligned", func(m *cpu.Mem, p uint64) { m.LoadU32(p + 2) }, "MISALIGNED_ADDRESS"},
		{"bytes past the end", func(m *cpu.Mem, p uint64) { m.Bytes(p+1, 64) }, "ILLEGAL_ADDRESS"},
		{"panic", func(m *cpu.Mem, p uint64) { var s []int; _ = s[p] }, "LAUNCH_FAILED"},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := cpu.Kernel{Name: "check_zero", Params: 1, Fn: func(m *cpu.Mem, _ *cpu.Thread, args []uint64) { c.fn(m, args[0]) }}
			d := open(t, cpu.Options{Kernels: []cpu.Kernel{k}})
			f := kernel(t, d, "testkernels", "check_zero")
			p := alloc(t, d, 64)
			err := d.Launch(f, one, one, 0, []uint64{uint64(p)})
			var ge *gpu.Error
			if !gpu.IsFatal(err) || !errors.As(err, &ge) || ge.Name != c.code {
				t.Fatalf("Launch = %v; want a fatal %s", err, c.code)
			}
			t.Log(err)
			if err := d.Synchronize(); !gpu.IsFatal(err) {
				t.Errorf("Synchronize after the fault = %v; want fatal", err)
			}
			if _, err := d.LoadModule(examples.MustPTX("testkernels")); !gpu.IsFatal(err) {
				t.Errorf("LoadModule after the fault = %v; want fatal", err)
			}
			if err := d.HostUnregister([]byte{1}); !gpu.IsFatal(err) {
				t.Errorf("HostUnregister after the fault = %v; want fatal", err)
			}
		})
	}
	if err := other.Memset(op, 1, 64); err != nil {
		t.Errorf("another device after the faults: %v", err)
	}
}

func TestClosed(t *testing.T) {
	d := cpu.New(cpu.Options{})
	alloc(t, d, 1<<20)
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if _, err := d.Alloc(8); !errors.Is(err, gpu.ErrClosed) {
		t.Errorf("Alloc after Close = %v; want ErrClosed", err)
	}
	if err := d.Synchronize(); !errors.Is(err, gpu.ErrClosed) {
		t.Errorf("Synchronize after Close = %v; want ErrClosed", err)
	}
}

func TestFunctionLookup(t *testing.T) {
	d := open(t, cpu.Options{Kernels: []cpu.Kernel{{Name: "add_i64"}}}) // removes add_i64
	m := load(t, d, "testkernels")
	f1, err := d.Function(m, "fill_u8")
	if err != nil {
		t.Fatal(err)
	}
	if f2, _ := d.Function(m, "fill_u8"); f2 != f1 {
		t.Errorf("Function twice gave %#x and %#x", f1, f2)
	}
	_, err = d.Function(m, "add_i64")
	if !errors.Is(err, gpu.ErrNotFound) || !strings.Contains(err.Error(), `kernel "add_i64" has no Go implementation on the cpu device`) {
		t.Errorf("Function(add_i64) without its Go kernel = %v", err)
	}
	if _, err := d.Function(m, "set_mem"); !errors.Is(err, gpu.ErrNotFound) {
		t.Errorf("Function(set_mem) from testkernels = %v; want ErrNotFound (not in the library)", err)
	}
	if _, err := d.Function(m+100, "fill_u8"); !errors.Is(err, gpu.ErrNotFound) {
		t.Errorf("Function on an unknown module = %v; want ErrNotFound", err)
	}
	if err := d.UnloadModule(m + 100); !errors.Is(err, gpu.ErrNotFound) {
		t.Errorf("UnloadModule(unknown) = %v; want ErrNotFound", err)
	}
	if _, err := d.LoadModule(examples.MallocPTX()); !errors.Is(err, gpu.ErrInvalidImage) {
		t.Errorf("LoadModule(malloc) = %v; want ErrInvalidImage", err)
	}
	// Every library form libscan.Scan reads loads, and names the same kernels.
	for _, name := range []string{"testkernels.cubin", "testkernels.fatbin"} {
		img, err := os.ReadFile("../libscan/testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		m, err := d.LoadModule(img)
		if err != nil {
			t.Fatalf("LoadModule(%s): %v", name, err)
		}
		if _, err := d.Function(m, "write_index"); err != nil {
			t.Errorf("Function(write_index) of %s: %v", name, err)
		}
	}
}

func TestLaunchArgCount(t *testing.T) {
	d := open(t, cpu.Options{})
	f := kernel(t, d, "testkernels", "fill_u8")
	err := d.Launch(f, one, one, 0, []uint64{1, 2})
	if !errors.Is(err, gpu.ErrInvalidLaunch) || !strings.Contains(err.Error(), "takes 3 arguments; 2 were given") {
		t.Errorf("Launch with 2 of 3 arguments = %v", err)
	}
	if err := d.Launch(f, one, one, 48<<10+1, []uint64{1, 2, 3}); !errors.Is(err, gpu.ErrInvalidLaunch) {
		t.Errorf("Launch with too much shared memory = %v", err)
	}
	if err := d.Launch(f, gpu.Dim3{X: 1, Y: 65536, Z: 1}, one, 0, []uint64{1, 2, 3}); !errors.Is(err, gpu.ErrInvalidLaunch) {
		t.Errorf("Launch with grid.Y 65536 = %v", err)
	}
	if err := d.Launch(gpu.Function(12345), one, one, 0, nil); !errors.Is(err, gpu.ErrInvalidLaunch) {
		t.Errorf("Launch of an unknown function = %v", err)
	}
}

// Launch visits blocks in order and threads in order, x fastest.
func TestLaunchOrder(t *testing.T) {
	var seen []cpu.Thread
	k := cpu.Kernel{Name: "hello_world", Fn: func(_ *cpu.Mem, th *cpu.Thread, _ []uint64) { seen = append(seen, *th) }}
	d := open(t, cpu.Options{Kernels: []cpu.Kernel{k}})
	grid, block := gpu.Dim3{X: 2, Y: 3, Z: 2}, gpu.Dim3{X: 3, Y: 2, Z: 2}
	if err := d.Launch(kernel(t, d, "module", "hello_world"), grid, block, 0, nil); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 12*12 {
		t.Fatalf("%d threads ran; want 144", len(seen))
	}
	for i, th := range seen {
		if th.LinearID() != uint64(i) || th.GridDim != grid || th.BlockDim != block || th.Threads() != 144 {
			t.Fatalf("thread %d ran as %+v (linear id %d)", i, th, th.LinearID())
		}
	}
}

func TestHostRegister(t *testing.T) {
	d := open(t, cpu.Options{})
	b := make([]byte, 4096)
	if err := d.HostRegister(b); err != nil {
		t.Fatal(err)
	}
	if err := d.HostRegister(b[100:200]); err == nil {
		t.Error("registering an overlapping region succeeded")
	}
	if err := d.HostUnregister(b[1:]); err == nil {
		t.Error("unregistering a region that was not registered succeeded")
	}
	if err := d.HostUnregister(b); err != nil {
		t.Fatal(err)
	}
	if err := d.HostUnregister(b); err == nil {
		t.Error("unregistering twice succeeded")
	}
	if err := d.HostRegister(nil); err == nil {
		t.Error("registering an empty region succeeded")
	}
}

func TestHotPathAllocs(t *testing.T) {
	d := open(t, cpu.Options{})
	f := kernel(t, d, "testkernels", "fill_u8")
	const n = 4096
	p := alloc(t, d, n)
	args := []uint64{uint64(p), n, 5}
	grid, block := gpu.Dim3{X: 4, Y: 1, Z: 1}, gpu.Dim3{X: 256, Y: 1, Z: 1}
	buf := make([]byte, n)
	for name, fn := range map[string]func(){
		"Launch":         func() { d.Launch(f, grid, block, 0, args) },
		"Memset":         func() { d.Memset(p, 0, n) },
		"CopyToDevice":   func() { d.CopyToDevice(p, buf) },
		"CopyFromDevice": func() { d.CopyFromDevice(buf, p) },
		"Synchronize":    func() { d.Synchronize() },
	} {
		if a := testing.AllocsPerRun(50, fn); a != 0 {
			t.Errorf("%s allocates %v times per call", name, a)
		}
	}
}

func TestKernelNames(t *testing.T) {
	names := cpu.KernelNames()
	want := "add_i64 args8 check_mem check_then_write check_zero convolution_f convolution_f_batched count_u64 dense_f32 fault fill_u8 " +
		"hello_world item_affine_f32 matmul_f matmul_loop matmul_para maxpool_f maxpool_f_batched print_inject relu_1d_f relu_2d_f " +
		"relu_2d_f_batched set_mem spin spin_ns write_index"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("KernelNames() = %s\nwant %s", got, want)
	}
	d := open(t, cpu.Options{Kernels: []cpu.Kernel{{Name: "spin"}, {Name: "extra", Fn: func(*cpu.Mem, *cpu.Thread, []uint64) {}}}})
	want = strings.Replace(strings.Replace(want, " spin ", " ", 1), "dense_f32 ", "dense_f32 extra ", 1)
	if got := strings.Join(d.KernelNames(), " "); got != want {
		t.Errorf("(*Device).KernelNames() = %s\nwant %s", got, want)
	}
}

// print_inject writes its bytes to the process's fd 1: run in a child process whose stdout
// the test reads.
func TestPrintInject(t *testing.T) {
	if os.Getenv("GPUFN_CPU_PRINT_CHILD") == "1" {
		d := cpu.New(cpu.Options{})
		f := kernel(t, d, "testkernels", "print_inject")
		if err := d.Launch(f, gpu.Dim3{X: 2, Y: 1, Z: 1}, gpu.Dim3{X: 8, Y: 1, Z: 1}, 0, []uint64{42}); err != nil {
			t.Fatal(err)
		}
		os.Stdout = os.Stderr // the test framework's own output goes elsewhere
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestPrintInject$")
	cmd.Env = append(os.Environ(), "GPUFN_CPU_PRINT_CHILD=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, stderr.Bytes())
	}
	want := []byte("AAAA\x83\xa2id\x01\xa3err\xc0\xa4outs\x90 GPUFN-INJECT 42\n")
	if !bytes.Equal(out, want) {
		t.Errorf("the child's fd 1 got %q; want %q", out, want)
	}
}

func TestSpinEndsWhenFlagIsSet(t *testing.T) {
	d := open(t, cpu.Options{})
	f := kernel(t, d, "testkernels", "spin")
	p := alloc(t, d, 256)
	if err := d.CopyToDevice(p, binary.LittleEndian.AppendUint32(nil, 1)); err != nil {
		t.Fatal(err)
	}
	if err := d.Launch(f, one, one, 0, []uint64{uint64(p)}); err != nil {
		t.Fatal(err)
	}
}
