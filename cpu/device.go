package cpu

import (
	"fmt"
	"runtime"
	"unsafe"

	"gpufn/gpu"
)

// DefaultMemBytes is the device memory a Device pretends to have when Options.MemBytes is 0.
const DefaultMemBytes = 4 << 30

// Options configure a Device. The zero value is a 4 GiB device 0 with the built-in kernels.
type Options struct {
	// MemBytes is the device memory the device reports and the cap on what Alloc hands out
	// (default DefaultMemBytes). Memory is mapped lazily, per Alloc, and pages are only backed
	// once written, so a large cap costs nothing by itself.
	MemBytes uint64
	// Ordinal is the device's index among the cpu devices of the process (Info.Ordinal).
	Ordinal int
	// Kernels are added to the built-in table (Kernels), replacing a built-in of the same name;
	// one with a nil Fn removes the built-in of its name. Tests use it for kernels of their own.
	Kernels []Kernel
}

// Device is the cpu reference device. It is not safe for concurrent use and must not be copied.
type Device struct {
	ordinal int
	kernels map[string]*Kernel

	closed bool
	lost   *gpu.Error // the first fatal error; every later call fails with it

	mem  memory
	view Mem    // the kernels' view of mem, reused by every launch
	th   Thread // the running thread, reused by every launch

	next    uint64 // the last module or function handle handed out
	modules map[gpu.Module]*module
	funcs   map[gpu.Function]*kfunc
	host    map[uintptr]int // registered host regions: start address -> length
}

var _ gpu.Device = (*Device)(nil)

// limits are an H100's launch limits (48 KiB of dynamic shared memory without opt-in).
var limits = gpu.Limits{
	MaxThreadsPerBlock:   1024,
	MaxBlockDim:          [3]uint32{1024, 1024, 64},
	MaxGridDim:           [3]uint32{2147483647, 65535, 65535},
	MaxSharedMemPerBlock: 48 << 10,
}

// New returns a fresh device. It cannot fail: nothing is allocated until Alloc.
func New(opts Options) *Device {
	if opts.MemBytes == 0 {
		opts.MemBytes = DefaultMemBytes
	}
	d := &Device{
		ordinal: opts.Ordinal,
		kernels: make(map[string]*Kernel),
		modules: make(map[gpu.Module]*module),
		funcs:   make(map[gpu.Function]*kfunc),
		host:    make(map[uintptr]int),
	}
	for _, k := range Kernels() {
		d.kernels[k.Name] = &k
	}
	for _, k := range opts.Kernels {
		if k.Fn == nil {
			delete(d.kernels, k.Name)
			continue
		}
		d.kernels[k.Name] = &k
	}
	d.mem.init(opts.MemBytes)
	d.view.mem = &d.mem
	return d
}

// Info describes the device: Kind "cpu", Arch "go", an H100's launch limits, TotalMem the
// configured cap and FreeMem the cap less what is allocated (allocations counted in 256-byte
// units).
func (d *Device) Info() gpu.Info {
	return gpu.Info{
		Kind:     "cpu",
		Ordinal:  d.ordinal,
		Name:     "gpufn cpu reference device",
		Arch:     "go",
		Driver:   runtime.Version(),
		TotalMem: d.mem.cap,
		FreeMem:  d.mem.cap - d.mem.used,
		Limits:   limits,
	}
}

// Synchronize returns nil: every operation has finished when its call returns. On a lost
// device it returns the fatal error (wrapped), as cuCtxSynchronize does after a fault.
func (d *Device) Synchronize() error {
	return d.unusable("Synchronize")
}

// HostRegister records b as registered; it pins nothing (host memory is device memory here)
// and kernels cannot reach it. As with CUDA, registering a region that overlaps a registered
// one, or an empty one, is an error.
func (d *Device) HostRegister(b []byte) error {
	if err := d.unusable("HostRegister"); err != nil {
		return err
	}
	if len(b) == 0 {
		return newError("HostRegister", codeInvalidValue, nil, "empty region")
	}
	start := uintptr(unsafe.Pointer(&b[0]))
	for s, n := range d.host {
		if start < s+uintptr(n) && s < start+uintptr(len(b)) {
			return newError("HostRegister", codeHostAlreadyRegistered, nil,
				"region %#x+%d overlaps the registered region %#x+%d", start, len(b), s, n)
		}
	}
	d.host[start] = len(b)
	return nil
}

// HostUnregister forgets the registered region that starts at &b[0]; a region that is not
// registered is an error.
func (d *Device) HostUnregister(b []byte) error {
	if err := d.unusable("HostUnregister"); err != nil {
		return err
	}
	if len(b) == 0 {
		return newError("HostUnregister", codeInvalidValue, nil, "empty region")
	}
	start := uintptr(unsafe.Pointer(&b[0]))
	if _, ok := d.host[start]; !ok {
		return newError("HostUnregister", codeHostNotRegistered, nil, "no registered region starts at %#x", start)
	}
	delete(d.host, start)
	return nil
}

// Close frees every allocation and forgets every module. Later calls fail with errors matching
// gpu.ErrClosed. Close is safe to call twice, and succeeds on a lost device.
func (d *Device) Close() error {
	if d.closed {
		return nil
	}
	d.closed = true
	err := d.mem.freeAll()
	clear(d.modules)
	clear(d.funcs)
	clear(d.host)
	d.view.forget()
	if err != nil {
		return fmt.Errorf("cpu: Close: %w", err)
	}
	return nil
}
