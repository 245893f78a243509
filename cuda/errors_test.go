package cuda

import (
	"errors"
	"strings"
	"testing"

	"gpufn/gpu"
)

// These tests need no GPU and no driver.

func TestCodeValues(t *testing.T) {
	// The C values are checked against cuda.h by scripts/cuda-headers-check.sh; this pins the
	// Go side to the same numbers, so a typo in either place fails somewhere.
	for _, c := range []struct {
		got, want int
	}{
		{codeSuccess, 0}, {codeInvalidValue, 1}, {codeOutOfMemory, 2}, {codeNoDevice, 100},
		{codeInvalidImage, 200}, {codeNoBinaryForGPU, 209}, {codeECCUncorrectable, 214},
		{codeInvalidPTX, 218}, {codeUnsupportedPTXVersion, 222}, {codeInvalidSource, 300},
		{codeInvalidHandle, 400}, {codeNotFound, 500}, {codeNotReady, 600}, {codeIllegalAddress, 700},
		{codeLaunchOutOfResources, 701}, {codeLaunchTimeout, 702}, {codeContextIsDestroyed, 709},
		{codeAssert, 710}, {codeHardwareStackError, 714}, {codeIllegalInstruction, 715},
		{codeMisalignedAddress, 716}, {codeInvalidAddressSpace, 717}, {codeInvalidPC, 718},
		{codeLaunchFailed, 719}, {codeMPSConnectionFailed, 805}, {codeMPSClientTerminated, 810},
		{codeUnknown, 999},
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
		{"cuMemAlloc_v2", 2, gpu.ErrOutOfMemory, false},
		{opLoad, 200, gpu.ErrInvalidImage, false},
		{opLoad, 209, gpu.ErrInvalidImage, false},
		{opLoad, 218, gpu.ErrInvalidImage, false},
		{opLoad, 222, gpu.ErrInvalidImage, false},
		{opLoad, 300, gpu.ErrInvalidImage, false},
		{opLoad, 1, gpu.ErrInvalidImage, false},
		{opLoadCubin, 209, gpu.ErrInvalidImage, false}, // a cubin for another architecture
		{opLoadCubin, 1, gpu.ErrInvalidImage, false},
		{opFunction, 500, gpu.ErrNotFound, false},
		{opLinkAdd, 218, gpu.ErrInvalidImage, false},
		{opLinkAdd, 1, gpu.ErrInvalidImage, false},
		{opLinkComplete, 500, gpu.ErrInvalidImage, false}, // an undefined symbol, not a kernel
		{opLinkComplete, 2, gpu.ErrOutOfMemory, false},
		{opLinkComplete, 999, nil, true},
		{opLinkCreate, 1, nil, false},
		{opLaunch, 1, gpu.ErrInvalidLaunch, false},
		{opSetAttr, 1, gpu.ErrInvalidLaunch, false},
		{opLaunch, 701, gpu.ErrInvalidLaunch, false},
		{"cuMemcpyHtoD_v2", 1, nil, false},
		{"cuInit", 100, gpu.ErrNoDevice, false},
		{"cuDeviceGet", 101, gpu.ErrNoDevice, false},
		{opLaunch, 400, nil, false},
		{opSync, 700, nil, true},
		{opSync, 702, nil, true},
		{opSync, 710, nil, true},
		{opSync, 714, nil, true},
		{opSync, 715, nil, true},
		{opSync, 716, nil, true},
		{opSync, 717, nil, true},
		{opSync, 718, nil, true},
		{opSync, 719, nil, true},
		{"cuMemcpyDtoH_v2", 214, nil, true},
		{opLaunch, 709, nil, true},
		{opCtxRetain, 805, nil, true},
		{opCtxRetain, 806, nil, true},
		{opCtxRetain, 807, nil, true},
		{opCtxRetain, 808, nil, true},
		{opCtxRetain, 809, nil, true},
		{opSync, 810, nil, true},
		{opSync, 999, nil, true},
		{opSync, 12345, nil, false},
	} {
		kind, fatal := classify(c.op, c.code)
		if kind != c.kind || fatal != c.fatal {
			t.Errorf("classify(%s, %d) = %v, %v; want %v, %v", c.op, c.code, kind, fatal, c.kind, c.fatal)
		}
	}
	if got := codeName(700); got != "CUDA_ERROR_ILLEGAL_ADDRESS" {
		t.Errorf("codeName(700) = %q", got)
	}
	if got := codeName(12345); got != "CUDA_ERROR_12345" {
		t.Errorf("codeName(12345) = %q", got)
	}
}

// A Device that saw a fatal error fails every later call with a fatal error, without calling
// the driver (which is not even loaded here).
func TestLostDeviceSticks(t *testing.T) {
	t.Cleanup(func() { processLost.Store(nil) })
	d := &Device{modules: map[gpu.Module]struct{}{}, funcs: map[gpu.Function]funcState{}}
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
		if !gpu.IsFatal(err) || !strings.Contains(err.Error(), "CUDA_ERROR_ILLEGAL_ADDRESS") {
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
	MaxBlockDim:          [3]uint32{1024, 1024, 64},
	MaxGridDim:           [3]uint32{1<<31 - 1, 65535, 65535},
	MaxSharedMemPerBlock: 227 << 10,
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
		{gpu.Dim3{X: 1<<31 - 1, Y: 65535, Z: 65535}, gpu.Dim3{X: 1024, Y: 1, Z: 1}, 227 << 10, 64, ""},
		{gpu.Dim3{X: 0, Y: 1, Z: 1}, one, 0, 0, "grid.X is 0"},
		{one, gpu.Dim3{X: 1, Y: 0, Z: 1}, 0, 0, "block.Y is 0"},
		{gpu.Dim3{X: 1, Y: 65536, Z: 1}, one, 0, 0, "grid.Y = 65536"},
		{one, gpu.Dim3{X: 1, Y: 1, Z: 65}, 0, 0, "block.Z = 65"},
		{one, gpu.Dim3{X: 1025, Y: 1, Z: 1}, 0, 0, "block.X = 1025"},
		{one, gpu.Dim3{X: 32, Y: 33, Z: 1}, 0, 0, "1056 threads per block"},
		{one, one, 227<<10 + 1, 0, "shared memory"},
		{one, one, 0, 65, "65 arguments"},
	} {
		err := checkLaunch(&testLimits, c.grid, c.block, c.shared, c.nargs)
		switch {
		case c.bad == "" && err != nil:
			t.Errorf("checkLaunch(%v, %v, %d, %d) = %v; want nil", c.grid, c.block, c.shared, c.nargs, err)
		case c.bad != "" && (!errors.Is(err, gpu.ErrInvalidLaunch) || !strings.Contains(fmtErr(err), c.bad)):
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

func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Without the NVIDIA driver (CI), Count and Open say so with gpu.ErrNoDevice.
func TestNoDriver(t *testing.T) {
	if _, err := Count(); err == nil {
		t.Skip("a CUDA driver is present")
	} else if !errors.Is(err, gpu.ErrNoDevice) {
		t.Logf("Count: %v (a driver without a usable device)", err)
		return
	} else {
		t.Logf("Count: %v", err)
	}
	if _, err := Open(0); !errors.Is(err, gpu.ErrNoDevice) {
		t.Errorf("Open(0) without a driver = %v; want ErrNoDevice", err)
	}
}
