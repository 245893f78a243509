package hip

import (
	"errors"
	"strings"
	"testing"

	"gpufn/gpu"
)

// These tests need no GPU and no HIP runtime.

func TestCodeValues(t *testing.T) {
	// The C values are checked against hip_runtime_api.h by the hipheaders test; this pins the
	// Go side to the same numbers.
	for _, c := range []struct {
		got, want int
	}{
		{codeSuccess, 0}, {codeInvalidValue, 1}, {codeOutOfMemory, 2}, {codeInvalidConfiguration, 9},
		{codePriorLaunchFailure, 53}, {codeInvalidDeviceFunction, 98}, {codeNoDevice, 100},
		{codeInvalidDevice, 101}, {codeInvalidImage, 200}, {codeNoBinaryForGPU, 209},
		{codeECCNotCorrectable, 214}, {codeInvalidKernelFile, 218}, {codeInvalidSource, 300},
		{codeSharedObjectInitFailed, 303}, {codeInvalidHandle, 400}, {codeNotFound, 500},
		{codeIllegalAddress, 700}, {codeLaunchOutOfResources, 701}, {codeLaunchTimeOut, 702},
		{codeContextIsDestroyed, 709}, {codeAssert, 710}, {codeLaunchFailure, 719},
		{codeNotSupported, 801}, {codeUnknown, 999}, {codeRuntimeMemory, 1052}, {codeRuntimeOther, 1053},
	} {
		if c.got != c.want {
			t.Errorf("code constant = %d, want %d", c.got, c.want)
		}
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		op    string
		code  int
		kind  error
		fatal bool
	}{
		{opMalloc, 2, gpu.ErrOutOfMemory, false},
		{opLoad, 200, gpu.ErrInvalidImage, false},
		{opLoad, 209, gpu.ErrInvalidImage, false},
		{opLoad, 218, gpu.ErrInvalidImage, false},
		{opLoad, 300, gpu.ErrInvalidImage, false},
		{opLoad, 303, gpu.ErrInvalidImage, false},
		{opLoad, 1, gpu.ErrInvalidImage, false},
		{opFunction, 500, gpu.ErrNotFound, false},
		{opFunction, 98, gpu.ErrNotFound, false},
		{opLaunch, 1, gpu.ErrInvalidLaunch, false},
		{opLaunch, 9, gpu.ErrInvalidLaunch, false},
		{opLaunch, 98, gpu.ErrInvalidLaunch, false},
		{opLaunch, 701, gpu.ErrInvalidLaunch, false},
		{"hipMemcpyHtoD", 1, nil, false},
		{"hipInit", 100, gpu.ErrNoDevice, false},
		{opSetDev, 101, gpu.ErrNoDevice, false},
		{opLaunch, 400, nil, false},
		{opSync, 700, nil, true},
		{opSync, 702, nil, true},
		{opSync, 709, nil, true},
		{opSync, 710, nil, true},
		{opSync, 719, nil, true},
		{opLaunch, 53, nil, true},
		{"hipMemcpyDtoH", 214, nil, true},
		{opSync, 999, nil, true},
		{opSync, 1052, nil, true},
		{opSync, 1053, nil, true},
		{opSync, 801, nil, false},
		{opSync, 12345, nil, false},
	} {
		kind, fatal := classify(c.op, c.code)
		if kind != c.kind || fatal != c.fatal {
			t.Errorf("classify(%s, %d) = %v, %v; want %v, %v", c.op, c.code, kind, fatal, c.kind, c.fatal)
		}
	}
	if got := codeName(700); got != "hipErrorIllegalAddress" {
		t.Errorf("codeName(700) = %q", got)
	}
	if got := codeName(12345); got != "hipError12345" {
		t.Errorf("codeName(12345) = %q", got)
	}
}

// A Device that saw a fatal error fails every later call with a fatal error, without calling
// the runtime.
func TestLostDeviceSticks(t *testing.T) {
	t.Cleanup(func() { processLost.Store(nil) })
	d := &Device{modules: map[gpu.Module]uint64{}, funcs: map[gpu.Function]gpu.Module{}}
	openedMu.Lock()
	opened[d.ordinal]++
	openedMu.Unlock()
	kind, fatal := classify(opSync, codeIllegalAddress)
	err := d.fail(&gpu.Error{Op: opSync, Code: codeIllegalAddress, Name: codeName(codeIllegalAddress), Kind: kind, Fatal: fatal})
	if !gpu.IsFatal(err) {
		t.Fatalf("fail(illegal address) = %v, not fatal", err)
	}
	calls := map[string]error{
		"Synchronize":    d.Synchronize(),
		"Launch":         d.Launch(1, gpu.Dim3{X: 1, Y: 1, Z: 1}, gpu.Dim3{X: 1, Y: 1, Z: 1}, 0, nil),
		"Memset":         d.Memset(1, 0, 8),
		"CopyToDevice":   d.CopyToDevice(1, []byte{1}),
		"CopyFromDevice": d.CopyFromDevice(make([]byte, 1), 1),
		"LoadModule":     func() error { _, err := d.LoadModule([]byte("x")); return err }(),
		"Alloc":          func() error { _, err := d.Alloc(8); return err }(),
		"Free":           d.Free(1),
		"HostRegister":   d.HostRegister([]byte{1}),
	}
	for name, err := range calls {
		if !gpu.IsFatal(err) || !strings.Contains(err.Error(), "hipErrorIllegalAddress") {
			t.Errorf("%s on a lost device = %v; want a fatal error naming the first one", name, err)
		}
	}
	if e := processLost.Load(); e == nil || e.Code != codeIllegalAddress {
		t.Errorf("processLost = %v; want the illegal address", e)
	}
	if err := d.Close(); err != nil {
		t.Errorf("Close on a lost device = %v", err)
	}
	if err := d.Synchronize(); !errors.Is(err, gpu.ErrClosed) {
		t.Errorf("Synchronize after Close = %v; want ErrClosed", err)
	}
}

var testLimits = gpu.Limits{
	MaxThreadsPerBlock:   1024,
	MaxBlockDim:          [3]uint32{1024, 1024, 1024},
	MaxGridDim:           [3]uint32{1<<31 - 1, 65535, 65535},
	MaxSharedMemPerBlock: 64 << 10,
}

func TestCheckLaunch(t *testing.T) {
	one := gpu.Dim3{X: 1, Y: 1, Z: 1}
	for _, c := range []struct {
		grid, block gpu.Dim3
		shared      uint32
		nargs       int
		bad         string // "" when the launch is fine, else a word the message must hold
	}{
		{one, one, 0, 0, ""},
		{gpu.Dim3{X: 1<<31 - 1, Y: 65535, Z: 65535}, gpu.Dim3{X: 1024, Y: 1, Z: 1}, 64 << 10, 64, ""},
		{gpu.Dim3{X: 0, Y: 1, Z: 1}, one, 0, 0, "grid.X is 0"},
		{one, gpu.Dim3{X: 1, Y: 1, Z: 0}, 0, 0, "block.Z is 0"},
		{gpu.Dim3{X: 1, Y: 1, Z: 65536}, one, 0, 0, "grid.Z = 65536"},
		{one, gpu.Dim3{X: 1025, Y: 1, Z: 1}, 0, 0, "block.X = 1025"},
		{one, gpu.Dim3{X: 8, Y: 8, Z: 17}, 0, 0, "1088 threads per block"},
		{one, one, 64<<10 + 1, 0, "shared memory"},
		{one, one, 0, 65, "65 arguments"},
	} {
		err := checkLaunch(&testLimits, c.grid, c.block, c.shared, c.nargs)
		switch {
		case c.bad == "" && err != nil:
			t.Errorf("checkLaunch(%v, %v, %d, %d) = %v; want nil", c.grid, c.block, c.shared, c.nargs, err)
		case c.bad != "" && (!errors.Is(err, gpu.ErrInvalidLaunch) || err == nil || !strings.Contains(err.Error(), c.bad)):
			t.Errorf("checkLaunch(%v, %v, %d, %d) = %v; want ErrInvalidLaunch naming %q",
				c.grid, c.block, c.shared, c.nargs, err, c.bad)
		}
	}
	grid, block := gpu.Dim3{X: 128, Y: 1, Z: 1}, gpu.Dim3{X: 256, Y: 1, Z: 1}
	if n := testing.AllocsPerRun(100, func() {
		if checkLaunch(&testLimits, grid, block, 0, 3) != nil {
			t.Fatal("refused")
		}
	}); n != 0 {
		t.Errorf("checkLaunch allocates %v times per call", n)
	}
}

func TestVersion(t *testing.T) {
	if got := version(60241133); got != "6.2.41133" {
		t.Errorf("version(60241133) = %q", got)
	}
	if got := version(50221153); got != "5.2.21153" {
		t.Errorf("version(50221153) = %q", got)
	}
}

// Without the HIP runtime or an AMD GPU (CI), Count and Open say so with gpu.ErrNoDevice.
func TestNoDevice(t *testing.T) {
	n, err := Count()
	if err == nil && n > 0 {
		t.Skipf("%d HIP device(s) present", n)
	}
	t.Logf("Count: %d, %v", n, err)
	if err != nil && !errors.Is(err, gpu.ErrNoDevice) {
		t.Errorf("Count without a device = %v; want ErrNoDevice", err)
	}
	if _, err := Open(0); !errors.Is(err, gpu.ErrNoDevice) {
		t.Errorf("Open(0) without a device = %v; want ErrNoDevice", err)
	}
}
