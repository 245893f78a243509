package cpu

import (
	"unsafe"

	"golang.org/x/sys/unix"

	"gpufn/gpu"
)

var _ gpu.ResidentMemory = (*Device)(nil)

// AllocResident is Alloc: a mapping of its own, zeroed, writable until Seal.
func (d *Device) AllocResident(n uint64) (gpu.Ptr, error) { return d.Alloc(n) }

// resident returns the allocation that begins at p, or a per-call error.
func (d *Device) resident(op string, p gpu.Ptr) (*allocation, error) {
	if err := d.unusable(op); err != nil {
		return nil, err
	}
	a := d.mem.find(uint64(p))
	if a == nil || a.base != uint64(p) {
		return nil, newError(op, codeInvalidValue, nil, "%#x is not an allocation of this device", uint64(p))
	}
	return a, nil
}

// Seal protects the allocation's pages read-only: a kernel's store to it, checked or through
// a slice, traps, and the launch fails with a fatal ILLEGAL_ADDRESS (Launch runs kernels with
// faults turned into panics); the host's copies and memsets to it are per-call errors.
func (d *Device) Seal(p gpu.Ptr) error {
	a, err := d.resident("Seal", p)
	if err != nil {
		return err
	}
	if err := unix.Mprotect(a.mmap, unix.PROT_READ); err != nil {
		return newError("Seal", codeInvalidValue, nil, "mprotect: %v", err)
	}
	a.readOnly = true
	return nil
}

// FreeResident makes the allocation writable again, zeroes it and frees it.
func (d *Device) FreeResident(p gpu.Ptr) error {
	a, err := d.resident("FreeResident", p)
	if err != nil {
		return err
	}
	if a.readOnly {
		if err := unix.Mprotect(a.mmap, unix.PROT_READ|unix.PROT_WRITE); err != nil {
			return newError("FreeResident", codeInvalidValue, nil, "mprotect: %v", err)
		}
		a.readOnly = false
	}
	clear(a.data)
	return d.Free(p)
}

// sealedAt reports whether r, a recovered panic, is a hardware trap inside a sealed allocation,
// and the device address it hit.
func (d *Device) sealedAt(r any) (uint64, bool) {
	trap, ok := r.(interface{ Addr() uintptr })
	if !ok {
		return 0, false
	}
	host := trap.Addr()
	for _, a := range d.mem.allocs {
		start := uintptr(unsafe.Pointer(unsafe.SliceData(a.mmap)))
		if a.readOnly && host >= start && host-start < uintptr(len(a.data)) {
			return a.base + uint64(host-start), true
		}
	}
	return 0, false
}
