package gpu

import (
	"fmt"
	"time"
)

// Ptr is a device address. The zero Ptr is never a valid allocation.
type Ptr uint64

// Module is an opaque handle to a loaded code module (a CUmodule, a hipModule_t, or the cpu
// device's table index). The zero Module is invalid.
type Module uint64

// Function is an opaque handle to one kernel of a loaded Module. The zero Function is invalid.
type Function uint64

// Dim3 is a grid or block shape.
type Dim3 struct{ X, Y, Z uint32 }

// Count returns X*Y*Z without overflow (the product of three uint32 fits in 96 bits; the
// result saturates at the maximum uint64).
func (d Dim3) Count() uint64 {
	xy := uint64(d.X) * uint64(d.Y)
	if d.Z != 0 && xy > ^uint64(0)/uint64(d.Z) {
		return ^uint64(0)
	}
	return xy * uint64(d.Z)
}

// Limits are the launch limits a device enforces. A launch outside them is refused before it
// reaches the driver (ErrInvalidLaunch), never silently truncated.
type Limits struct {
	MaxThreadsPerBlock uint32    `msgpack:"threads"`
	MaxBlockDim        [3]uint32 `msgpack:"block"`
	MaxGridDim         [3]uint32 `msgpack:"grid"`
	// MaxSharedMemPerBlock is the dynamic shared memory a launch may ask for (the opt-in
	// maximum where the device has one).
	MaxSharedMemPerBlock uint32 `msgpack:"shmem"`
}

// Info describes a device. It travels in the worker's hello message.
type Info struct {
	Kind    string `msgpack:"kind"`    // "cuda", "hip" or "cpu"
	Ordinal int    `msgpack:"ordinal"` // index among the devices of its kind
	Name    string `msgpack:"name"`    // e.g. "NVIDIA H100 80GB HBM3"
	Arch    string `msgpack:"arch"`    // "sm_90", "gfx90a", "go"
	Driver  string `msgpack:"driver"`  // driver or runtime version
	// Compiler names the device's PTX compiler and its version where it has one (a
	// gpu.Compiler; for cuda the driver's CUDA version and libcuda build), else "". It keys
	// the cubins compiled at upload: a cubin compiled under another is compiled again.
	Compiler string `msgpack:"cc"`
	// TotalMem and FreeMem are bytes of device memory as the device reports them to this
	// process (under MPS with a memory cap, the capped view).
	TotalMem uint64 `msgpack:"total"`
	FreeMem  uint64 `msgpack:"free"`
	Limits   Limits `msgpack:"limits"`
	// PageableMemoryAccess is true where a kernel can read the process's ordinary (pageable)
	// host memory: HMM or ATS. gpufn refuses to serve on such a device unless forced.
	PageableMemoryAccess bool `msgpack:"hmm"`
}

// Device is one GPU context as seen by the worker's executor. Implementations are not safe for
// concurrent use; every method is called from one goroutine locked to its OS thread.
//
// Launches and memsets run in order on the default stream. Copies are synchronous with respect
// to the host. After any error for which IsFatal reports true the device is lost: every later
// call fails, and the process that holds it must exit.
type Device interface {
	// Info describes the device; FreeMem is read when Info is called.
	Info() Info

	// Alloc reserves n bytes of device memory. Out of memory is ErrOutOfMemory.
	Alloc(n uint64) (Ptr, error)
	// Free releases an allocation made by Alloc.
	Free(p Ptr) error

	// CopyToDevice copies len(src) bytes from host memory to dst.
	CopyToDevice(dst Ptr, src []byte) error
	// CopyFromDevice copies len(dst) bytes from src to host memory.
	CopyFromDevice(dst []byte, src Ptr) error
	// Memset sets n bytes at dst to v (enqueued on the default stream).
	Memset(dst Ptr, v byte, n uint64) error

	// LoadModule loads a code image (PTX, cubin, fatbin, hsaco, or for the cpu device a library
	// whose kernel names it implements). A bad image is ErrInvalidImage.
	LoadModule(image []byte) (Module, error)
	// UnloadModule releases a module and every Function obtained from it.
	UnloadModule(m Module) error
	// Function looks up a kernel by name; a missing one is ErrNotFound.
	Function(m Module, name string) (Function, error)
	// Launch enqueues f on the default stream. Every argument is 8 bytes (a device address, a
	// size, or a constant); the device passes each one as the kernel's next parameter. Shapes
	// outside Limits are ErrInvalidLaunch.
	Launch(f Function, grid, block Dim3, sharedMem uint32, args []uint64) error
	// Synchronize waits for all enqueued work and reports the first error it produced.
	Synchronize() error

	// HostRegister pins host memory and maps it for the device, once per region (it is slow:
	// about 0.4 ms per MiB). HostUnregister undoes it.
	HostRegister(b []byte) error
	HostUnregister(b []byte) error

	// Close releases the context. The Device must not be used afterwards.
	Close() error
}

// AsyncCopier is a Device that can enqueue a host-to-device copy on the default stream without
// waiting for it, in order with the launches and memsets around it. The worker copies an
// invocation's inputs (from its pinned context) this way and waits once for all of them.
type AsyncCopier interface {
	// CopyToDeviceAsync enqueues a copy of src to dst; src must not change until the next
	// Synchronize. Errors of the copy itself may surface at that Synchronize.
	CopyToDeviceAsync(dst Ptr, src []byte) error
}

// MaxMarks is the number of timing marks a StreamTimer keeps: marks 0 to MaxMarks-1.
const MaxMarks = 4

// StreamTimer is a Device that can enqueue a device-to-host copy on the default stream without
// waiting for it, and time the work of that stream with marks recorded on it (CUDA events).
// With it and an AsyncCopier the worker enqueues a whole invocation (copies in, launches,
// copies out) and waits once, timing each part on the device; it enqueues the zeroing of the
// invocation's buffers after its reply.
//
// The device owns its marks: they are made once, on first use, and released by Close; no
// method allocates.
type StreamTimer interface {
	// CopyFromDeviceAsync enqueues a copy of len(dst) bytes at src to dst, in order with the
	// launches, copies and memsets around it, and returns without waiting: dst holds the
	// bytes only once the next Synchronize has returned without error, and must stay mapped
	// and untouched until then. dst must not be Go memory; it is meant to be host memory
	// pinned with HostRegister (the worker's context), from which the copy is a DMA that
	// runs while the host goes on. Errors of the copy itself may surface at that Synchronize.
	CopyFromDeviceAsync(dst []byte, src Ptr) error
	// Mark records timing mark i (0 <= i < MaxMarks) on the default stream: it is reached
	// once the work enqueued before it has run. Marking i again moves it.
	Mark(i int) error
	// Elapsed is the device time from mark i to mark j. It is valid only after a Synchronize
	// that followed both marks; before, or for a mark never recorded, it is an error.
	Elapsed(i, j int) (time.Duration, error)
}

// AheadCopier is a StreamTimer that can copy to the device on a second stream, beside the
// default stream's work: the worker copies the inputs of the invocation queued behind the one
// running (pipelined, of the same function for the same caller) while that one's kernels run,
// so that the copies in of a lane and its kernels overlap (docs/engines.md, "Copying ahead").
//
// The copy stream runs nothing of the default stream's implicitly: AheadFence marks the point
// of the default stream that the copy stream's next work waits for, and AheadJoin makes the
// default stream's next work wait for everything enqueued on the copy stream. No method
// allocates once the stream and its events exist (made at the first use, released by Close).
type AheadCopier interface {
	StreamTimer
	// AheadFence records the current end of the default stream: the next AheadZero or
	// AheadCopy (and everything after it on the copy stream) waits until the default stream
	// has run the work enqueued before the fence.
	AheadFence() error
	// AheadZero enqueues the zeroing of n bytes at dst on the copy stream.
	AheadZero(dst Ptr, n uint64) error
	// AheadCopy enqueues a copy of src to dst on the copy stream; src must be pinned host
	// memory (the worker's context) and must not change until the copy stream is joined and
	// the default stream synchronized.
	AheadCopy(dst Ptr, src []byte) error
	// AheadJoin makes the work enqueued on the default stream from now on wait until the
	// copy stream has run everything enqueued on it before.
	AheadJoin() error
	// Query reports whether the default stream has run all the work enqueued on it, without
	// waiting; a fault is returned as Synchronize returns it (fatal).
	Query() (done bool, err error)
}

// CheckLaunch checks a launch's shape against the limits: every dimension at least 1 and at
// most its maximum, the threads of a block and the shared memory within theirs. The error
// matches ErrInvalidLaunch and names the field; it allocates only when it fails.
func (l *Limits) CheckLaunch(grid, block Dim3, sharedMem uint32) error {
	dims := [6]struct {
		name   string
		v, max uint32
	}{
		{"grid.X", grid.X, l.MaxGridDim[0]},
		{"grid.Y", grid.Y, l.MaxGridDim[1]},
		{"grid.Z", grid.Z, l.MaxGridDim[2]},
		{"block.X", block.X, l.MaxBlockDim[0]},
		{"block.Y", block.Y, l.MaxBlockDim[1]},
		{"block.Z", block.Z, l.MaxBlockDim[2]},
	}
	for _, c := range dims {
		if c.v == 0 {
			return fmt.Errorf("launch refused: %s is 0: %w", c.name, ErrInvalidLaunch)
		}
		if c.v > c.max {
			return fmt.Errorf("launch refused: %s = %d is over the device's maximum %d: %w", c.name, c.v, c.max, ErrInvalidLaunch)
		}
	}
	if n := block.Count(); n > uint64(l.MaxThreadsPerBlock) {
		return fmt.Errorf("launch refused: %d threads per block (%dx%dx%d) is over the device's maximum %d: %w",
			n, block.X, block.Y, block.Z, l.MaxThreadsPerBlock, ErrInvalidLaunch)
	}
	if sharedMem > l.MaxSharedMemPerBlock {
		return fmt.Errorf("launch refused: shared memory %d bytes is over the device's maximum %d: %w",
			sharedMem, l.MaxSharedMemPerBlock, ErrInvalidLaunch)
	}
	return nil
}
