package cpu

import (
	"fmt"
	"runtime/debug"
	"sort"
	"strings"

	"gpufn/gpu"
	"gpufn/libscan"
)

// module is a loaded library: only its kernel entry names matter here.
type module struct {
	entries []string                // the library's kernel names, sorted
	funcs   map[string]gpu.Function // handles handed out, by name
}

func (m *module) has(name string) bool {
	i := sort.SearchStrings(m.entries, name)
	return i < len(m.entries) && m.entries[i] == name
}

// kfunc is a Function handle: a module's kernel and its Go implementation.
type kfunc struct {
	mod gpu.Module
	k   *Kernel
}

// LoadModule scans image with libscan.Scan (PTX, cubin, fatbin, hsaco or an offload
// bundle) and remembers its kernel entry names; the code itself is never run. Bytes the scan
// refuses (not a library, or one that calls device malloc) are an error matching
// gpu.ErrInvalidImage. Loading the same image twice gives two modules.
func (d *Device) LoadModule(image []byte) (gpu.Module, error) {
	const op = "LoadModule"
	if err := d.unusable(op); err != nil {
		return 0, err
	}
	info, err := libscan.Scan(image)
	if err != nil {
		return 0, newError(op, codeInvalidImage, gpu.ErrInvalidImage, "%v", err)
	}
	d.next++
	m := gpu.Module(d.next)
	d.modules[m] = &module{entries: info.KernelNames(), funcs: make(map[string]gpu.Function)}
	return m, nil
}

// UnloadModule forgets a module and every Function obtained from it (launching one of those
// afterwards is gpu.ErrInvalidLaunch). An unknown module is gpu.ErrNotFound.
func (d *Device) UnloadModule(m gpu.Module) error {
	const op = "UnloadModule"
	if err := d.unusable(op); err != nil {
		return err
	}
	mod, ok := d.modules[m]
	if !ok {
		return newError(op, codeInvalidHandle, gpu.ErrNotFound, "module handle %#x was not loaded by this device", uint64(m))
	}
	for _, f := range mod.funcs {
		delete(d.funcs, f)
	}
	delete(d.modules, m)
	return nil
}

// Function returns the kernel called name of module m. The name must be an entry of the
// library AND have a Go implementation on this device; otherwise the error matches
// gpu.ErrNotFound. Asking twice gives the same handle.
func (d *Device) Function(m gpu.Module, name string) (gpu.Function, error) {
	const op = "Function"
	if err := d.unusable(op); err != nil {
		return 0, err
	}
	mod, ok := d.modules[m]
	if !ok {
		return 0, newError(op, codeInvalidHandle, gpu.ErrNotFound, "module handle %#x was not loaded by this device", uint64(m))
	}
	if f, ok := mod.funcs[name]; ok {
		return f, nil
	}
	if !mod.has(name) {
		return 0, newError(op, codeNotFound, gpu.ErrNotFound, "no kernel %q in the module (it has: %s)", name, listNames(mod.entries))
	}
	k, ok := d.kernels[name]
	if !ok {
		return 0, newError(op, codeNotFound, gpu.ErrNotFound, "kernel %q has no Go implementation on the cpu device", name)
	}
	d.next++
	f := gpu.Function(d.next)
	d.funcs[f] = &kfunc{mod: m, k: k}
	mod.funcs[name] = f
	return f, nil
}

func listNames(names []string) string {
	const max = 20
	if len(names) == 0 {
		return "no kernels"
	}
	if len(names) > max {
		return strings.Join(names[:max], ", ") + fmt.Sprintf(", and %d more", len(names)-max)
	}
	return strings.Join(names, ", ")
}

// Launch runs f's Go implementation once per thread of the grid, now, on the calling
// goroutine: blocks in order (x fastest, then y, then z), and within a block threads in the
// same order. The shape is checked against the device's limits first, and the argument count
// against the kernel's parameter count: a mismatch is an error matching gpu.ErrInvalidLaunch.
// sharedMem is checked and otherwise ignored (no built-in kernel uses shared memory).
//
// A fault (an access outside every allocation, or misaligned) ends the launch with a fatal
// *gpu.Error (ILLEGAL_ADDRESS or MISALIGNED_ADDRESS) and loses the device; so does a panic of
// a Go kernel (LAUNCH_FAILED). Launch does not allocate.
func (d *Device) Launch(f gpu.Function, grid, block gpu.Dim3, sharedMem uint32, args []uint64) error {
	const op = "Launch"
	if d.closed || d.lost != nil {
		return d.unusable(op)
	}
	kf, ok := d.funcs[f]
	if !ok {
		return newError(op, codeInvalidHandle, gpu.ErrInvalidLaunch, "function handle %#x was not loaded by this device", uint64(f))
	}
	if err := checkLaunch(grid, block, sharedMem); err != nil {
		return err
	}
	if len(args) != kf.k.Params {
		return fmt.Errorf("cpu: launch of %s refused: the kernel takes %d arguments; %d were given: %w",
			kf.k.Name, kf.k.Params, len(args), gpu.ErrInvalidLaunch)
	}
	return d.run(kf.k, grid, block, args)
}

// checkLaunch checks a launch's shape against the device's limits. It allocates only when it
// fails.
func checkLaunch(grid, block gpu.Dim3, sharedMem uint32) error {
	if err := limits.CheckLaunch(grid, block, sharedMem); err != nil {
		return fmt.Errorf("cpu: %w", err)
	}
	return nil
}

// run calls k.Fn for every thread of the grid and turns a fault or panic into the fatal error
// that loses the device.
func (d *Device) run(k *Kernel, grid, block gpu.Dim3, args []uint64) (err error) {
	th, m, fn := &d.th, &d.view, k.Fn
	*th = Thread{GridDim: grid, BlockDim: block}
	// A store to a sealed (read-only) allocation traps in hardware; it becomes a panic here,
	// recovered below as the fault it is.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = d.kernelFailed(k, r)
		}
	}()
	for bz := uint32(0); bz < grid.Z; bz++ {
		th.BlockIdx.Z = bz
		for by := uint32(0); by < grid.Y; by++ {
			th.BlockIdx.Y = by
			for bx := uint32(0); bx < grid.X; bx++ {
				th.BlockIdx.X = bx
				for tz := uint32(0); tz < block.Z; tz++ {
					th.ThreadIdx.Z = tz
					for ty := uint32(0); ty < block.Y; ty++ {
						th.ThreadIdx.Y = ty
						for tx := uint32(0); tx < block.X; tx++ {
							th.ThreadIdx.X = tx
							fn(m, th, args)
						}
					}
				}
			}
		}
	}
	return nil
}

// kernelFailed builds the fatal error for a kernel that faulted (r is a *fault) or panicked,
// and loses the device.
func (d *Device) kernelFailed(k *Kernel, r any) error {
	th := d.th
	where := fmt.Sprintf("block (%d,%d,%d), thread (%d,%d,%d)",
		th.BlockIdx.X, th.BlockIdx.Y, th.BlockIdx.Z, th.ThreadIdx.X, th.ThreadIdx.Y, th.ThreadIdx.Z)
	e := &gpu.Error{Op: "Launch", Fatal: true}
	if dev, ok := d.sealedAt(r); ok {
		e.Code = codeIllegalAddress
		e.Msg = fmt.Sprintf("kernel %s faulted: a write to read-only memory at %#x (%s)", k.Name, dev, where)
	} else if f, ok := r.(*fault); ok {
		e.Code = codeIllegalAddress
		if f.misaligned {
			e.Code = codeMisalignedAddress
		}
		e.Msg = fmt.Sprintf("kernel %s faulted: %s (%s)", k.Name, f, where)
	} else {
		e.Code = codeLaunchFailed
		e.Msg = fmt.Sprintf("Go implementation of kernel %s panicked: %v (%s)", k.Name, r, where)
	}
	e.Name = codeNames[e.Code]
	d.lost = e
	d.view.forget()
	return e
}
