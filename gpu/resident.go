package gpu

// ResidentMemory is a Device that keeps resident read-only allocations: a weight set lives in
// one, outside the per-invocation pool, from when a worker places it until it evicts it. The
// host fills it (CopyToDevice) and then seals it: from then on kernels can read it and a
// kernel's write to it faults (a fatal error, as any illegal address). cuda implements it
// with the driver's virtual memory management (the kernels' mapping with read access only),
// cpu with a page protection.
type ResidentMemory interface {
	// AllocResident reserves n bytes of device memory, zeroed and writable by the host.
	// Out of memory is ErrOutOfMemory.
	AllocResident(n uint64) (Ptr, error)
	// Seal makes the resident allocation at p read-only for kernels (and for the host's
	// copies, which fail on it from then on), once the device's work enqueued before it (the
	// copies and the init flow's kernels that fill it) is done.
	Seal(p Ptr) error
	// FreeResident zeroes the resident allocation at p and releases it.
	FreeResident(p Ptr) error
}
