package hip

/*
#cgo noescape gf_hipLaunch
#cgo nocallback gf_hipLaunch
#include "hip_decls.h"
*/
import "C"

import (
	"fmt"
	"strings"
	"unsafe"

	"gpufn/gpu"
)

// maxArgs is the most kernel arguments one launch takes.
const maxArgs = C.GF_MAX_ARGS

// LoadModule loads a code object (an hsaco ELF, or an offload bundle holding one for this
// GPU) with hipModuleLoadData. The bytes are copied into C memory that stays allocated until
// UnloadModule. Bytes the runtime cannot load give an error matching gpu.ErrInvalidImage.
// There is no JIT on this path (a hsaco is already machine code), so there is no compiler log.
func (d *Device) LoadModule(image []byte) (gpu.Module, error) {
	if err := d.unusable(opLoad); err != nil {
		return 0, err
	}
	if len(image) == 0 {
		return 0, &gpu.Error{Op: opLoad, Code: codeInvalidImage, Name: codeName(codeInvalidImage),
			Msg: "empty image", Kind: gpu.ErrInvalidImage}
	}
	var m, img C.uint64_t
	r := C.gf_hipModuleLoad(&m, &img, unsafe.Pointer(&image[0]), C.size_t(len(image)))
	if r != codeSuccess {
		C.gf_hipFreeImage(img)
		return 0, d.fail(newError(opLoad, r))
	}
	d.modules[gpu.Module(m)] = uint64(img)
	return gpu.Module(m), nil
}

// UnloadModule unloads a module this Device loaded; its Function handles become invalid.
func (d *Device) UnloadModule(m gpu.Module) error {
	if err := d.unusable("hipModuleUnload"); err != nil {
		return err
	}
	img, ok := d.modules[m]
	if !ok {
		return unknownHandle("hipModuleUnload", "module", uint64(m), gpu.ErrNotFound)
	}
	for f, fm := range d.funcs {
		if fm == m {
			delete(d.funcs, f)
		}
	}
	delete(d.modules, m)
	err := d.result("hipModuleUnload", C.gf_hipModuleUnload(C.uint64_t(m)))
	if err == nil {
		C.gf_hipFreeImage(C.uint64_t(img))
	}
	return err
}

// Function looks up the kernel called name in m (hipModuleGetFunction). A name the module does
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
	r := C.gf_hipModuleGetFunction(&f, C.uint64_t(m), (*C.char)(unsafe.Pointer(unsafe.StringData(name))), C.size_t(len(name)))
	if r != codeSuccess {
		e := newError(opFunction, r)
		e.Msg += fmt.Sprintf(" (kernel %q)", name)
		return 0, d.fail(e)
	}
	d.funcs[gpu.Function(f)] = m
	return gpu.Function(f), nil
}

// Launch enqueues f on the null stream (hipModuleLaunchKernel) with grid x block threads,
// sharedMem bytes of dynamic shared memory (LDS) and the 8-byte arguments args, passed in order
// as the kernel's parameters. The shape is checked against the device's limits before the
// runtime is called: a zero dimension, a dimension or thread count over its maximum, shared
// memory over the maximum or more than 64 arguments are errors matching gpu.ErrInvalidLaunch.
// Launch does not allocate.
func (d *Device) Launch(f gpu.Function, grid, block gpu.Dim3, sharedMem uint32, args []uint64) error {
	if d.closed || d.lost != nil {
		return d.unusable(opLaunch)
	}
	if _, ok := d.funcs[f]; !ok {
		return unknownHandle(opLaunch, "function", uint64(f), gpu.ErrInvalidLaunch)
	}
	if err := checkLaunch(&d.info.Limits, grid, block, sharedMem, len(args)); err != nil {
		return err
	}
	var argv *C.uint64_t
	if len(args) > 0 {
		argv = (*C.uint64_t)(unsafe.Pointer(&args[0]))
	}
	r := C.gf_hipLaunch(C.uint64_t(f), C.uint(grid.X), C.uint(grid.Y), C.uint(grid.Z),
		C.uint(block.X), C.uint(block.Y), C.uint(block.Z), C.uint(sharedMem), argv, C.int(len(args)))
	return d.result(opLaunch, r)
}

// unknownHandle is the error for a module or function handle this Device did not hand out (or
// has unloaded); the runtime is not called with it.
func unknownHandle(op, what string, h uint64, kind error) error {
	return &gpu.Error{Op: op, Code: codeInvalidHandle, Name: codeName(codeInvalidHandle),
		Msg: fmt.Sprintf("%s handle %#x was not loaded by this device", what, h), Kind: kind}
}

// checkLaunch checks a launch's shape against lim. It is pure and does not allocate unless it
// fails. (The same check as package cuda's.)
func checkLaunch(lim *gpu.Limits, grid, block gpu.Dim3, sharedMem uint32, nargs int) error {
	if err := lim.CheckLaunch(grid, block, sharedMem); err != nil {
		return fmt.Errorf("%s: %w", "hip", err)
	}
	if nargs > maxArgs {
		return fmt.Errorf("hip: launch refused: %d arguments, at most %d: %w", nargs, maxArgs, gpu.ErrInvalidLaunch)
	}
	return nil
}
