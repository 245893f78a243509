package cpu

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sort"

	"golang.org/x/sys/unix"

	"gpufn/gpu"
)

// The device address space. Allocations are handed out upwards from baseAddr, each 256-byte
// aligned (like cuMemAlloc) and followed by an unmapped guard gap, so that running off the end
// of a buffer faults instead of reaching the next one. Addresses are never reused within a
// Device's life, and address 0 (and every small address, such as the 0x10 the fault kernel
// writes) is never valid.
const (
	baseAddr = 0x100_0000_0000
	guardGap = 1 << 20
	align    = 256
)

// allocation is one Alloc: an anonymous private mapping of the host, zero when fresh (as the
// driver's scrubbed memory is) and backed by pages only once written.
type allocation struct {
	base uint64
	data []byte // the n bytes asked for
	mmap []byte // the whole mapping, for Munmap
	acct uint64 // what it counts against the cap: n rounded up to 256
	// readOnly marks a sealed resident allocation (resident.go): its pages are read-only.
	readOnly bool
}

// memory is the allocation table of a Device.
type memory struct {
	cap, used uint64
	next      uint64        // the next free device address
	allocs    []*allocation // sorted by base (bases only grow)
}

func (m *memory) init(capBytes uint64) {
	m.cap = capBytes
	m.next = baseAddr
}

// find returns the allocation holding addr, or nil.
func (m *memory) find(addr uint64) *allocation {
	i := sort.Search(len(m.allocs), func(i int) bool { return m.allocs[i].base > addr }) - 1
	if i < 0 {
		return nil
	}
	a := m.allocs[i]
	if addr-a.base >= uint64(len(a.data)) {
		return nil
	}
	return a
}

// span returns the n bytes at addr when they lie inside one allocation (n > 0).
func (m *memory) span(addr, n uint64) ([]byte, bool) {
	a := m.find(addr)
	if a == nil {
		return nil, false
	}
	off := addr - a.base
	if uint64(len(a.data))-off < n {
		return nil, false
	}
	return a.data[off : off+n], true
}

// writable is span for a host write: a sealed allocation is not writable.
func (m *memory) writable(addr, n uint64) ([]byte, bool) {
	if a := m.find(addr); a != nil && a.readOnly {
		return nil, false
	}
	return m.span(addr, n)
}

func (m *memory) freeAll() error {
	var errs []error
	for _, a := range m.allocs {
		if err := unix.Munmap(a.mmap); err != nil {
			errs = append(errs, fmt.Errorf("munmap of the allocation at %#x: %w", a.base, err))
		}
	}
	m.allocs = nil
	m.used = 0
	return errors.Join(errs...)
}

// Alloc maps n bytes of zeroed host memory at a fresh device address. More than the free part
// of the cap (Options.MemBytes), or a mapping the host refuses, is an error matching
// gpu.ErrOutOfMemory; Alloc(0) is refused (INVALID_VALUE, as cuMemAlloc does).
func (d *Device) Alloc(n uint64) (gpu.Ptr, error) {
	const op = "Alloc"
	if err := d.unusable(op); err != nil {
		return 0, err
	}
	m := &d.mem
	if n == 0 {
		return 0, newError(op, codeInvalidValue, nil, "zero-byte allocation refused")
	}
	acct := (n + align - 1) &^ (align - 1)
	if n > math.MaxInt || acct < n || acct > m.cap-m.used {
		return 0, newError(op, codeOutOfMemory, gpu.ErrOutOfMemory,
			"cannot allocate %d bytes: %d of %d bytes free", n, m.cap-m.used, m.cap)
	}
	if m.next > math.MaxUint64-acct-guardGap {
		return 0, newError(op, codeOutOfMemory, gpu.ErrOutOfMemory, "device address space exhausted")
	}
	b, err := unix.Mmap(-1, 0, int(n), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_NORESERVE)
	if err != nil {
		return 0, newError(op, codeOutOfMemory, gpu.ErrOutOfMemory, "cannot map %d bytes of host memory: %v", n, err)
	}
	a := &allocation{base: m.next, data: b[:n:n], mmap: b, acct: acct}
	m.next += acct + guardGap
	m.used += acct
	m.allocs = append(m.allocs, a)
	return gpu.Ptr(a.base), nil
}

// Free releases an allocation; p must be an address Alloc returned and has not been freed
// (else INVALID_VALUE, per call).
func (d *Device) Free(p gpu.Ptr) error {
	const op = "Free"
	if err := d.unusable(op); err != nil {
		return err
	}
	m := &d.mem
	a := m.find(uint64(p))
	if a == nil || a.base != uint64(p) {
		return newError(op, codeInvalidValue, nil, "%#x is not an allocation of this device", uint64(p))
	}
	i := sort.Search(len(m.allocs), func(i int) bool { return m.allocs[i].base >= a.base })
	m.allocs = append(m.allocs[:i], m.allocs[i+1:]...)
	m.used -= a.acct
	d.view.forget()
	if err := unix.Munmap(a.mmap); err != nil {
		return fmt.Errorf("cpu: Free(%#x): munmap: %w", uint64(p), err)
	}
	return nil
}

// badRange is the per-call error for a copy or memset outside the allocations.
func badRange(op string, addr, n uint64) error {
	return newError(op, codeInvalidValue, nil,
		"the %d bytes at %#x do not lie inside one allocation of this device", n, addr)
}

// CopyToDevice copies src to dst. The whole range must lie inside one allocation, else it is
// a per-call error (INVALID_VALUE), not a fault. A zero-length copy does nothing.
func (d *Device) CopyToDevice(dst gpu.Ptr, src []byte) error {
	const op = "CopyToDevice"
	if err := d.unusable(op); err != nil {
		return err
	}
	if len(src) == 0 {
		return nil
	}
	b, ok := d.mem.writable(uint64(dst), uint64(len(src)))
	if !ok {
		return badRange(op, uint64(dst), uint64(len(src)))
	}
	copy(b, src)
	return nil
}

// CopyFromDevice copies len(dst) bytes at src to dst, under the same rules as CopyToDevice.
func (d *Device) CopyFromDevice(dst []byte, src gpu.Ptr) error {
	const op = "CopyFromDevice"
	if err := d.unusable(op); err != nil {
		return err
	}
	if len(dst) == 0 {
		return nil
	}
	b, ok := d.mem.span(uint64(src), uint64(len(dst)))
	if !ok {
		return badRange(op, uint64(src), uint64(len(dst)))
	}
	copy(dst, b)
	return nil
}

// Memset sets the n bytes at dst to v, under the same rules as CopyToDevice. It is done when
// Memset returns.
func (d *Device) Memset(dst gpu.Ptr, v byte, n uint64) error {
	const op = "Memset"
	if err := d.unusable(op); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	b, ok := d.mem.writable(uint64(dst), n)
	if !ok {
		return badRange(op, uint64(dst), n)
	}
	if v == 0 {
		clear(b)
	} else {
		for i := range b {
			b[i] = v
		}
	}
	return nil
}

// Mem is a kernel's view of device memory: loads and stores of little-endian values at device
// addresses. Every access is checked: an address range outside every allocation, or an address
// not aligned to the access size, is a fault, which ends the launch (Mem panics with a value
// that Launch recovers) and loses the device. It remembers the allocation of the last access,
// so a run of accesses to one buffer costs a compare or two each.
//
// A Mem is only valid inside a kernel's Fn, during the launch that passed it.
type Mem struct {
	mem  *memory
	base uint64 // the cached allocation's address
	data []byte // the cached allocation's bytes (nil: none cached)
}

// fault is the panic value of a bad access; Launch turns it into a fatal *gpu.Error.
type fault struct {
	addr, size uint64
	write      bool
	misaligned bool
}

func (f *fault) String() string {
	rw := "read"
	if f.write {
		rw = "write"
	}
	if f.misaligned {
		return fmt.Sprintf("%d-byte %s at %#x, which is not %d-byte aligned", f.size, rw, f.addr, f.size)
	}
	return fmt.Sprintf("%d-byte %s at %#x, outside every allocation", f.size, rw, f.addr)
}

func (m *Mem) forget() { m.base, m.data = 0, nil }

// locate makes the allocation holding [addr, addr+size) the cached one and returns the offset
// of addr in it, or panics with a fault; addr&alignMask must be 0.
func (m *Mem) locate(addr, size, alignMask uint64, write bool) uint64 {
	if addr&alignMask != 0 {
		panic(&fault{addr: addr, size: size, write: write, misaligned: true})
	}
	a := m.mem.find(addr)
	if a == nil || uint64(len(a.data))-(addr-a.base) < size {
		panic(&fault{addr: addr, size: size, write: write})
	}
	m.base, m.data = a.base, a.data
	return addr - a.base
}

// LoadU8 reads the byte at addr.
func (m *Mem) LoadU8(addr uint64) uint8 {
	off := addr - m.base
	if off >= uint64(len(m.data)) {
		off = m.locate(addr, 1, 0, false)
	}
	return m.data[off]
}

// StoreU8 writes the byte at addr.
func (m *Mem) StoreU8(addr uint64, v uint8) {
	off := addr - m.base
	if off >= uint64(len(m.data)) {
		off = m.locate(addr, 1, 0, true)
	}
	m.data[off] = v
}

// LoadU32 reads the 4-byte-aligned little-endian uint32 at addr.
func (m *Mem) LoadU32(addr uint64) uint32 {
	off := addr - m.base
	if addr&3 != 0 || off >= uint64(len(m.data)) || uint64(len(m.data))-off < 4 {
		off = m.locate(addr, 4, 3, false)
	}
	return binary.LittleEndian.Uint32(m.data[off:])
}

// StoreU32 writes the 4-byte-aligned little-endian uint32 at addr.
func (m *Mem) StoreU32(addr uint64, v uint32) {
	off := addr - m.base
	if addr&3 != 0 || off >= uint64(len(m.data)) || uint64(len(m.data))-off < 4 {
		off = m.locate(addr, 4, 3, true)
	}
	binary.LittleEndian.PutUint32(m.data[off:], v)
}

// LoadU64 reads the 8-byte-aligned little-endian uint64 at addr.
func (m *Mem) LoadU64(addr uint64) uint64 {
	off := addr - m.base
	if addr&7 != 0 || off >= uint64(len(m.data)) || uint64(len(m.data))-off < 8 {
		off = m.locate(addr, 8, 7, false)
	}
	return binary.LittleEndian.Uint64(m.data[off:])
}

// StoreU64 writes the 8-byte-aligned little-endian uint64 at addr.
func (m *Mem) StoreU64(addr uint64, v uint64) {
	off := addr - m.base
	if addr&7 != 0 || off >= uint64(len(m.data)) || uint64(len(m.data))-off < 8 {
		off = m.locate(addr, 8, 7, true)
	}
	binary.LittleEndian.PutUint64(m.data[off:], v)
}

// LoadI64 reads the int64 at addr (see LoadU64).
func (m *Mem) LoadI64(addr uint64) int64 { return int64(m.LoadU64(addr)) }

// StoreI64 writes the int64 at addr (see StoreU64).
func (m *Mem) StoreI64(addr uint64, v int64) { m.StoreU64(addr, uint64(v)) }

// LoadF32 reads the float32 at addr (see LoadU32).
func (m *Mem) LoadF32(addr uint64) float32 { return math.Float32frombits(m.LoadU32(addr)) }

// StoreF32 writes the float32 at addr (see StoreU32).
func (m *Mem) StoreF32(addr uint64, v float32) { m.StoreU32(addr, math.Float32bits(v)) }

// Bytes returns the n bytes at addr, which must lie inside one allocation (else a fault), as a
// slice that aliases device memory. Bytes(addr, 0) is an empty slice and checks nothing.
func (m *Mem) Bytes(addr, n uint64) []byte {
	if n == 0 {
		return []byte{}
	}
	off := addr - m.base
	if off >= uint64(len(m.data)) || uint64(len(m.data))-off < n {
		off = m.locate(addr, n, 0, false)
	}
	return m.data[off : off+n : off+n]
}

// view returns the n bytes at addr when they lie inside one allocation and addr&alignMask is
// 0, without faulting otherwise. Kernels use it to check a whole array once where every
// access the CUDA code makes provably falls inside it, and fall back to checked accesses (which
// fault at the exact access, as on the GPU) when it does not hold.
func (m *Mem) view(addr, n, alignMask uint64) ([]byte, bool) {
	if addr&alignMask != 0 || n == 0 {
		return nil, false
	}
	off := addr - m.base
	if off >= uint64(len(m.data)) || uint64(len(m.data))-off < n {
		a := m.mem.find(addr)
		if a == nil {
			return nil, false
		}
		m.base, m.data = a.base, a.data
		off = addr - a.base
		if uint64(len(a.data))-off < n {
			return nil, false
		}
	}
	return m.data[off : off+n : off+n], true
}

// f32at is element i of a float32 array.
func f32at(b []byte, i int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])) }

// i64at is element i of an int64 array.
func i64at(b []byte, i int) int64 { return int64(binary.LittleEndian.Uint64(b[8*i:])) }
