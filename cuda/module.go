package cuda

/*
#cgo noescape gf_cuLaunch
#cgo nocallback gf_cuLaunch
#include "cuda_decls.h"
*/
import "C"

import (
	"bytes"
	"debug/elf"
	"fmt"
	"strings"
	"unsafe"

	"gpufn/gpu"
)

// defaultDynShared is the dynamic shared memory a kernel may use without opting in.
const defaultDynShared = 48 << 10

// maxArgs is the most kernel arguments one launch takes.
const maxArgs = C.GF_MAX_ARGS

// LoadModule loads a PTX, cubin or fatbin image. An ELF cubin (what a library compiled at
// upload is) is loaded as it is (cuModuleLoadData); anything else, PTX or a fatbin that may
// carry PTX, is copied into C memory with a NUL after it, so PTX needs no terminator of its
// own, and loaded with the JIT's error log kept (cuModuleLoadDataEx). A PTX that fails to
// compile, or bytes that are no image for this GPU, give an error matching gpu.ErrInvalidImage
// whose message holds the JIT compiler's error log.
func (d *Device) LoadModule(image []byte) (gpu.Module, error) {
	return d.loadModule(image, isELF(image))
}

// isELF reports whether image is an ELF file (a cubin, for the CUDA driver).
func isELF(image []byte) bool { return bytes.HasPrefix(image, []byte(elf.ELFMAG)) }

// loadModule is LoadModule with the way chosen: plain loads image with cuModuleLoadData (an
// ELF cubin only), else with cuModuleLoadDataEx and the JIT log (TestModuleLoadCost measures
// both on one cubin: on the H100, 33 against 37 us p50 and 68 against 117 us p99).
func (d *Device) loadModule(image []byte, plain bool) (gpu.Module, error) {
	op := opLoad
	if plain {
		op = opLoadCubin
	}
	if err := d.unusable(op); err != nil {
		return 0, err
	}
	if len(image) == 0 {
		return 0, &gpu.Error{Op: op, Code: codeInvalidImage, Name: codeName(codeInvalidImage),
			Msg: "empty image", Kind: gpu.ErrInvalidImage}
	}
	var m C.uint64_t
	if plain {
		if r := C.gf_cuModuleLoadCubin(&m, unsafe.Pointer(&image[0])); r != codeSuccess {
			return 0, d.fail(newError(op, r))
		}
		d.modules[gpu.Module(m)] = struct{}{}
		return gpu.Module(m), nil
	}
	log := make([]byte, C.GF_JIT_LOG_SIZE)
	r := C.gf_cuModuleLoad(&m, unsafe.Pointer(&image[0]), C.size_t(len(image)),
		(*C.char)(unsafe.Pointer(&log[0])), C.size_t(len(log)))
	if r != codeSuccess {
		e := newError(opLoad, r)
		if n := bytes.IndexByte(log, 0); n > 0 {
			e.Msg += "; JIT log: " + strings.TrimSpace(string(log[:n]))
		}
		return 0, d.fail(e)
	}
	d.modules[gpu.Module(m)] = struct{}{}
	return gpu.Module(m), nil
}

// UnloadModule unloads a module this Device loaded; its Function handles become invalid.
func (d *Device) UnloadModule(m gpu.Module) error {
	if err := d.unusable("cuModuleUnload"); err != nil {
		return err
	}
	if _, ok := d.modules[m]; !ok {
		return unknownHandle("cuModuleUnload", "module", uint64(m), gpu.ErrNotFound)
	}
	for f, fs := range d.funcs {
		if fs.mod == m {
			delete(d.funcs, f)
		}
	}
	delete(d.modules, m)
	return d.result("cuModuleUnload", C.gf_cuModuleUnload(C.uint64_t(m)))
}

// Function looks up the kernel called name in m (cuModuleGetFunction). A name the module does
// not have is an error matching gpu.ErrNotFound.
func (d *Device) Function(m gpu.Module, name string) (gpu.Function, error) {
	if err := d.unusable(opFunction); err != nil {
		return 0, err
	}
	if _, ok := d.modules[m]; !ok {
		return 0, unknownHandle(opFunction, "module", uint64(m), gpu.ErrNotFound)
	}
	if name == "" || strings.IndexByte(name, 0) >= 0 {
		return 0, &gpu.Error{Op: opFunction, Code: codeNotFound, Name: codeName(codeNotFound),
			Msg: fmt.Sprintf("no kernel named %q", name), Kind: gpu.ErrNotFound}
	}
	var f C.uint64_t
	r := C.gf_cuModuleGetFunction(&f, C.uint64_t(m), (*C.char)(unsafe.Pointer(unsafe.StringData(name))), C.size_t(len(name)))
	if r != codeSuccess {
		e := newError(opFunction, r)
		e.Msg += fmt.Sprintf(" (kernel %q)", name)
		return 0, d.fail(e)
	}
	fn := gpu.Function(f)
	if _, ok := d.funcs[fn]; !ok {
		d.funcs[fn] = funcState{mod: m}
	}
	return fn, nil
}

// Launch enqueues f on the default stream (cuLaunchKernel) with grid x block threads,
// sharedMem bytes of dynamic shared memory and the 8-byte arguments args, passed in order as
// the kernel's parameters. The shape is checked against the device's limits before the driver
// is called: a zero dimension, a dimension or thread count over its maximum, shared memory over
// the opt-in maximum or more than 64 arguments are errors matching gpu.ErrInvalidLaunch. A
// kernel that asks for more than 48 KiB of dynamic shared memory is opted in with
// cuFuncSetAttribute once (per size it grows to). Launch does not allocate.
func (d *Device) Launch(f gpu.Function, grid, block gpu.Dim3, sharedMem uint32, args []uint64) error {
	if d.closed || d.lost != nil {
		return d.unusable(opLaunch)
	}
	if err := d.prepareLaunch(opLaunch, f, grid, block, sharedMem, len(args)); err != nil {
		return err
	}
	var argv *C.uint64_t
	if len(args) > 0 {
		argv = (*C.uint64_t)(unsafe.Pointer(&args[0]))
	}
	r := C.gf_cuLaunch(C.uint64_t(f), C.uint(grid.X), C.uint(grid.Y), C.uint(grid.Z),
		C.uint(block.X), C.uint(block.Y), C.uint(block.Z), C.uint(sharedMem), argv, C.int(len(args)))
	return d.result(opLaunch, r)
}

// prepareLaunch checks a launch of f as the driver would take it (a handle this Device gave out,
// a shape within the limits, at most 64 arguments) and opts f in to more than 48 KiB of dynamic
// shared memory when it asks for it (once per size it grows to).
func (d *Device) prepareLaunch(op string, f gpu.Function, grid, block gpu.Dim3, sharedMem uint32, nargs int) error {
	fs, ok := d.funcs[f]
	if !ok {
		return unknownHandle(op, "function", uint64(f), gpu.ErrInvalidLaunch)
	}
	if err := checkLaunch(&d.info.Limits, grid, block, sharedMem, nargs); err != nil {
		return err
	}
	if sharedMem > defaultDynShared && sharedMem > fs.dynShared {
		if err := d.result(opSetAttr, C.gf_cuFuncSetMaxDynamicShared(C.uint64_t(f), C.int(sharedMem))); err != nil {
			return err
		}
		fs.dynShared = sharedMem
		d.funcs[f] = fs
	}
	return nil
}

// unknownHandle is the error for a module or function handle this Device did not hand out (or
// has unloaded); the driver is not called with it.
func unknownHandle(op, what string, h uint64, kind error) error {
	return &gpu.Error{Op: op, Code: codeInvalidHandle, Name: codeName(codeInvalidHandle),
		Msg: fmt.Sprintf("%s handle %#x was not loaded by this device", what, h), Kind: kind}
}

// checkLaunch checks a launch's shape against lim. It is pure and does not allocate unless it
// fails.
func checkLaunch(lim *gpu.Limits, grid, block gpu.Dim3, sharedMem uint32, nargs int) error {
	if err := lim.CheckLaunch(grid, block, sharedMem); err != nil {
		return fmt.Errorf("%s: %w", "cuda", err)
	}
	if nargs > maxArgs {
		return fmt.Errorf("cuda: launch refused: %d arguments, at most %d: %w", nargs, maxArgs, gpu.ErrInvalidLaunch)
	}
	return nil
}
