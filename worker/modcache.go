package worker

import (
	"bytes"
	"container/list"
	"debug/elf"
	"math/bits"
	"strings"
)

// DefaultModuleCacheBytes is the device memory a worker's loaded modules may take by default
// (ExecutorOptions.MaxModuleBytes, the worker's and the server's --module-cache-bytes): a sixth
// of the 768 MiB the worker keeps outside its pool (--reserve-bytes), the rest of which its
// CUDA context (about 0.5 GiB) and launch graphs use. Every small module counts
// minModuleBytes, so this holds about 1,000 of them.
const DefaultModuleCacheBytes = 128 << 20

// minModuleBytes is the least a module counts: the driver places each module's code and data
// in device memory of its own, and more than its sections: on an H200 (driver 580), 500 loads
// of the test kernels' cubin (12.5 KiB of allocated sections) took 64 MiB of device memory,
// about 131 KiB each, while 500 of mlops' (29 KiB) took none the driver reported (they fit in
// memory it held already; cuda TestModuleFootprintMeasured). So a module counts at least
// 128 KiB.
const minModuleBytes = 128 << 10

// ModuleFootprint estimates the device memory a loaded module of image takes. For an ELF image
// (a cubin, an AMD code object) it is the sum of the sizes of its sections that are allocated on
// the device (SHF_ALLOC: code, constant banks, initialised and zero-filled globals; not the
// kernels' shared or local memory, see onChip), which is
// what the driver copies or reserves on the device at load; for any other image (PTX, whose JIT
// output is smaller than its text, or the cpu device's kernel list) it is the image's length.
// Either way at least minModuleBytes. The estimate is a pure function of the image: it neither
// races with the other processes of the GPU (free memory read before and after a load would,
// under MPS) nor depends on the driver's allocation granularity.
func ModuleFootprint(image []byte) (n uint64) {
	n = uint64(len(image))
	if sum, ok := elfAllocBytes(image); ok {
		n = sum
	}
	return max(n, minModuleBytes)
}

// elfAllocBytes sums the sizes of image's SHF_ALLOC sections; ok is false when image is not an
// ELF file that debug/elf reads. The sum saturates (a hostile header may claim any size).
func elfAllocBytes(image []byte) (sum uint64, ok bool) {
	if !bytes.HasPrefix(image, []byte(elf.ELFMAG)) {
		return 0, false
	}
	defer func() {
		if recover() != nil { // debug/elf on a hostile image: fall back to its length
			sum, ok = 0, false
		}
	}()
	f, err := elf.NewFile(bytes.NewReader(image))
	if err != nil {
		return 0, false
	}
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_ALLOC == 0 || onChip(s.Name) {
			continue
		}
		var carry uint64
		if sum, carry = bits.Add64(sum, s.Size, 0); carry != 0 {
			return ^uint64(0), true
		}
	}
	return sum, true
}

// onChip reports whether a section describes memory that is not device memory of the module:
// a kernel's static shared memory (.nv.shared.*, on the SM, per block) or its local memory
// (.nv.local.*, per thread, reserved at launch).
func onChip(name string) bool {
	return strings.HasPrefix(name, ".nv.shared.") || strings.HasPrefix(name, ".nv.local.")
}

// moduleCache holds the executor's loaded modules by library hash, least recently used first
// out, bounded by the device memory they take (ModuleFootprint) rather than by their number.
// The module being loaded always fits: a module larger than the bound evicts every other one.
type moduleCache struct {
	byHash map[[32]byte]*list.Element // of *module
	lru    list.List                  // front: most recently used
	bytes  uint64                     // the footprints of the modules held
	max    uint64
	stats  ModuleCacheStats
}

// ModuleCacheStats counts what the module cache did: lookups of a module that was loaded
// already (Hits) or had to be (Misses; an invocation of a function whose kernels come from
// several libraries makes one lookup per library), modules unloaded to make room (Evictions), and the
// footprint of the modules held (Bytes, ModuleFootprint's) and their number.
type ModuleCacheStats struct {
	Hits, Misses, Evictions, Bytes uint64
	Modules                        int
}

func newModuleCache(max uint64) moduleCache {
	return moduleCache{byHash: map[[32]byte]*list.Element{}, max: max}
}

// get returns the module of hash, marking it the most recently used, by the invocation of
// clock now.
func (c *moduleCache) get(hash [32]byte, now uint64) (*module, bool) {
	el, ok := c.byHash[hash]
	if !ok {
		return nil, false
	}
	c.lru.MoveToFront(el)
	m := el.Value.(*module)
	m.use = now
	return m, true
}

// peek reports whether the module of hash is held, without marking it used.
func (c *moduleCache) peek(hash [32]byte) bool {
	_, ok := c.byHash[hash]
	return ok
}

// victim returns the least recently used module when one must go to make room for need more
// bytes, else nil. A module the invocation of clock now uses is never a victim: a function
// whose kernels come from several libraries (Invoke.Extra) keeps all its modules loaded, even
// when together they overrun the bound (until the next invocation's loads make room).
func (c *moduleCache) victim(need, now uint64) *module {
	if c.lru.Len() == 0 || c.bytes+need <= c.max && c.bytes+need >= c.bytes {
		return nil
	}
	if m := c.lru.Back().Value.(*module); m.use != now {
		return m
	}
	return nil // the back is in use, so is every module in front of it
}

// remove forgets m (the caller unloads it), counting an eviction.
func (c *moduleCache) remove(m *module) {
	el := c.byHash[m.hash]
	c.lru.Remove(el)
	delete(c.byHash, m.hash)
	c.bytes -= m.bytes
	c.stats.Evictions++
}

// add holds m, loaded, as the most recently used, by the invocation of clock now.
func (c *moduleCache) add(m *module, now uint64) {
	m.use = now
	c.byHash[m.hash] = c.lru.PushFront(m)
	c.bytes += m.bytes
}

// demote makes the module of hash the least recently used (a preload's: a module no
// invocation has used yet goes before every module one has).
func (c *moduleCache) demote(hash [32]byte) {
	if el, ok := c.byHash[hash]; ok {
		c.lru.MoveToBack(el)
		el.Value.(*module).use = 0
	}
}

// clear forgets every module (the caller unloads them), counting no eviction: the worker drops
// its tenants' code (DropAll), it does not make room.
func (c *moduleCache) clear() []*module {
	mods := make([]*module, 0, c.lru.Len())
	for el := c.lru.Front(); el != nil; el = el.Next() {
		mods = append(mods, el.Value.(*module))
	}
	clear(c.byHash)
	c.lru.Init()
	c.bytes = 0
	return mods
}

// snapshot is the cache's counters now.
func (c *moduleCache) snapshot() ModuleCacheStats {
	st := c.stats
	st.Bytes, st.Modules = c.bytes, c.lru.Len()
	return st
}
