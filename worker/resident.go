package worker

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"slices"
	"time"

	"gpufn/call"
	"gpufn/function"
	"gpufn/gpu"

	"golang.org/x/sys/unix"
)

// Resident weight sets: each in a device allocation of its own, outside the pool (which is
// zeroed after every invocation), sealed read-only for kernels where the device can
// (gpu.ResidentMemory), kept across invocations by SHA-256, least recently used evicted when
// a placement would exceed the budget (ExecutorOptions.ResidentBytes). The set an invocation
// uses is placed before it runs and is never the one evicted for it. An evicted set is zeroed,
// then freed.

// DefaultResidentBytes is the default of ExecutorOptions.ResidentBytes.
const DefaultResidentBytes = 1 << 30

// ResidentBudget is a worker's resident weight-set budget for a setting of n (0: the default),
// as the worker reads --resident-bytes; whoever sizes memory around it asks here.
func ResidentBudget(n uint64) uint64 {
	if n == 0 {
		return DefaultResidentBytes
	}
	return n
}

type resident struct {
	owner   uint64   // WeightsRef.Owner
	set     [32]byte // the weight set's content (WeightsRef.SHA256)
	fn      uint64   // the function whose own copy this is (an init flow's), 0 for the set itself
	ptr     gpu.Ptr
	bytes   uint64
	sealed  bool // in a gpu.ResidentMemory allocation
	lastUse uint64
}

// weights makes the invocation's weight set resident and returns it (nil for a function
// without weights), timing a placement in st.Place.
func (e *Executor) weights(pl *plan, ref *WeightsRef, st *Stages) (*resident, error) {
	if len(pl.p.Weights) == 0 {
		return nil, nil
	}
	if ref == nil {
		return nil, codeErr(call.CodeInternal, "the function has weights but the request names no weight set")
	}
	if len(pl.ranges) != len(pl.p.Weights)+len(pl.p.Derived) {
		return nil, codeErr(call.CodeInternal, "the function has %d weights and %d ranges", len(pl.p.Weights)+len(pl.p.Derived), len(pl.ranges))
	}
	if r, ok := e.residents[pl.key]; ok {
		r.lastUse = e.clock
		e.rstats.Hits++
		return r, nil
	}
	t := time.Now()
	size := pl.residentBytes
	if size > e.residentBudget {
		return nil, codeErr(call.CodeOutOfMemory, "the weight set takes %d bytes; this worker keeps at most %d resident", size, e.residentBudget)
	}
	for e.rstats.Bytes+size > e.residentBudget {
		if err := e.evictResident(e.victim(ref.Owner, size)); err != nil {
			return nil, err
		}
	}
	r, err := e.place(pl, ref)
	if err != nil {
		return nil, err
	}
	r.lastUse, r.owner, r.set, r.fn = e.clock, ref.Owner, ref.SHA256, pl.copyOf
	e.residents[pl.key] = r
	e.rstats.Misses++
	e.rstats.Sets++
	e.rstats.Bytes += r.bytes
	st.Place = time.Since(t).Nanoseconds()
	return r, nil
}

// place reads the set's data from its file and copies it into a new resident allocation,
// runs the function's init flow on it if it has one, and seals it where the device can.
func (e *Executor) place(pl *plan, ref *WeightsRef) (*resident, error) {
	data, release, err := readSet(ref)
	if err != nil {
		return nil, fmt.Errorf("reading the weight set: %w", err)
	}
	defer release()
	n := max(pl.residentBytes, 1) // a set of empty tensors still has an address
	r := &resident{bytes: n}
	if rm, ok := e.dev.(gpu.ResidentMemory); ok {
		r.ptr, err = rm.AllocResident(n)
		r.sealed = true
	} else {
		// A plain allocation (a device without resident allocations: hip) is writable by
		// kernels, and not zeroed: zeroed here, so that the init flow's buffers start clean.
		if r.ptr, err = e.dev.Alloc(n); err == nil {
			if err = e.dev.Memset(r.ptr, 0, n); err != nil {
				e.dev.Free(r.ptr)
			}
		}
	}
	if err != nil {
		return nil, err
	}
	if err = e.dev.CopyToDevice(r.ptr, data); err == nil {
		err = e.initFlow(pl, r)
	}
	if err == nil && r.sealed {
		err = e.dev.(gpu.ResidentMemory).Seal(r.ptr)
	}
	if err != nil {
		e.dropResident(r)
		return nil, err
	}
	return r, nil
}

// readSet gives the set's data: the file mapped read-only (the copy to the device reads the
// page cache directly: no buffer of the set's size to fault in and fill first, which took
// about half of ResNet-18's 10 ms placement), else read into memory. release unmaps it.
func readSet(ref *WeightsRef) (data []byte, release func(), err error) {
	f, err := os.Open(ref.Path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if ref.DataBytes == 0 {
		return nil, func() {}, nil
	}
	page := uint64(os.Getpagesize())
	start := ref.DataOffset &^ (page - 1)
	if m, merr := unix.Mmap(int(f.Fd()), int64(start), int(ref.DataOffset-start+ref.DataBytes), unix.PROT_READ, unix.MAP_SHARED); merr == nil {
		return m[ref.DataOffset-start:], func() { unix.Munmap(m) }, nil
	}
	data = make([]byte, ref.DataBytes)
	if _, err = f.ReadAt(data, int64(ref.DataOffset)); err != nil {
		return nil, nil, err
	}
	return data, func() {}, nil
}

// victim chooses the set to evict to make room for need bytes of owner's: owner's own least
// recently used set when owner would be over its share (the budget divided among the owners
// with sets resident, owner included) and has one, else the least recently used of all.
func (e *Executor) victim(owner, need uint64) [32]byte {
	owners := map[uint64]uint64{owner: need}
	for _, r := range e.residents {
		owners[r.owner] += r.bytes
	}
	if owners[owner] > e.residentBudget/uint64(len(owners)) {
		if h, ok := e.lru(func(r *resident) bool { return r.owner == owner }); ok {
			return h
		}
	}
	h, _ := e.lru(func(*resident) bool { return true })
	return h
}

// lru is the least recently used resident set of those that match.
func (e *Executor) lru(match func(*resident) bool) ([32]byte, bool) {
	var pick [32]byte
	var best *resident
	for h, r := range e.residents {
		if match(r) && (best == nil || r.lastUse < best.lastUse) {
			pick, best = h, r
		}
	}
	return pick, best != nil
}

// evictResident drops the resident set of that hash, counted as an eviction.
func (e *Executor) evictResident(oldest [32]byte) error {
	victim := e.residents[oldest]
	if victim == nil {
		return codeErr(call.CodeInternal, "no resident weight set to evict")
	}
	e.rstats.Evictions++
	return e.forget(oldest, victim)
}

// forget takes the resident r, at key, out of the executor's sets and its counts, and drops it.
func (e *Executor) forget(key [32]byte, r *resident) error {
	delete(e.residents, key)
	e.rstats.Sets--
	e.rstats.Bytes -= r.bytes
	return e.dropResident(r)
}

// dropResident zeroes and frees a resident allocation.
func (e *Executor) dropResident(r *resident) error {
	if r.sealed {
		return e.dev.(gpu.ResidentMemory).FreeResident(r.ptr)
	}
	if err := e.dev.Memset(r.ptr, 0, r.bytes); err != nil {
		return err
	}
	if err := e.dev.Synchronize(); err != nil {
		return err
	}
	return e.dev.Free(r.ptr)
}

// DropResident zeroes and frees every resident weight set (a worker that changes tenant, or
// stops).
func (e *Executor) DropResident() error {
	if err := e.ZeroOwed(); err != nil {
		return err
	}
	for h := range e.residents {
		if err := e.evictResident(h); err != nil {
			return err
		}
	}
	return nil
}

// DropWeights zeroes and frees the resident weights that were deleted: those of the sets of
// contents sets (the functions' own copies of them included) and the copies of functions
// funcs. They are not counted as evictions. The set of the running invocation is never among
// them (the worker reads a DropCmd between invocations).
func (e *Executor) DropWeights(sets [][32]byte, funcs []uint64) error {
	if err := e.ZeroOwed(); err != nil {
		return err
	}
	for key, r := range e.residents {
		if !slices.Contains(sets, r.set) && (r.fn == 0 || !slices.Contains(funcs, r.fn)) {
			continue
		}
		if err := e.forget(key, r); err != nil {
			return err
		}
	}
	return nil
}

// Resident returns the executor's weight-set counts.
func (e *Executor) Resident() ResidentStats { return e.rstats }

// weightArg is the value of a weight argument: the tensor's device address or its size.
func (pl *plan) weightArg(r *resident, kindPtr bool, w int32) uint64 {
	rg := pl.ranges[w]
	if kindPtr {
		return uint64(r.ptr) + rg[0]
	}
	return rg[1] - rg[0]
}

// initFlow runs the function's init flow on a set being placed (not yet sealed): its kernels
// read the weights and write the derived buffers after the data.
func (e *Executor) initFlow(pl *plan, r *resident) error {
	if len(pl.p.InitBody) == 0 {
		return nil
	}
	prev, recording := e.cur, e.recording
	e.cur, e.recording = r, false
	err := e.ops(pl, pl.p.InitBody)
	if err == nil {
		err = e.dev.Synchronize()
	}
	e.cur, e.recording = prev, recording
	if err != nil {
		return fmt.Errorf("the init flow: %w", err)
	}
	return nil
}

// layout sets where the function's weights lie in its resident set: the set's tensors (ref's
// ranges), then its init flow's buffers, each 256-byte aligned, after the data; and which
// resident set it needs: the set itself, or, with an init flow (whose buffers are the
// function's own), a copy of its own keyed by the set and the function.
func (pl *plan) layout(funcID uint64, ref *WeightsRef) {
	pl.ranges = append([][2]uint64(nil), ref.Ranges...) // the request is decoded into again
	pl.key, pl.residentBytes, pl.copyOf = ref.SHA256, ref.DataBytes, 0
	if len(pl.p.Derived) == 0 && len(pl.p.InitBody) == 0 {
		return
	}
	off := alignUp(ref.DataBytes)
	for _, d := range pl.p.Derived {
		pl.ranges = append(pl.ranges, [2]uint64{off, off + d.Size.Value})
		off = alignUp(off + d.Size.Value)
	}
	pl.residentBytes = off
	h := sha256.New()
	h.Write(ref.SHA256[:])
	binary.Write(h, binary.LittleEndian, funcID)
	copy(pl.key[:], h.Sum(nil))
	pl.copyOf = funcID
}

func alignUp(n uint64) uint64 { return (n + function.Align - 1) &^ (function.Align - 1) }

// DropAll drops everything the executor holds for the tenants it served: every resident
// weight set (zeroed, then freed), every launch graph, every plan, every module (unloaded).
// The worker then holds no tenant's code or data on the device (its pool is zeroed after
// every invocation). The modules unloaded are not counted as the module cache's evictions.
func (e *Executor) DropAll() error {
	err := e.DropResident() // pays an owed zeroing first
	e.dropGraphs(func(*graphEntry) bool { return true })
	clear(e.funcs)
	for _, m := range e.modules.clear() {
		if uerr := e.dev.UnloadModule(m.m); uerr != nil && err == nil {
			err = uerr
		}
	}
	return err
}
