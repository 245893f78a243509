package libscan

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
)

// AMD code objects (hsaco): kernels and their parameter sizes, the architecture, and the
// refusal of code that can reach the device heap. docs/hip.md explains the rules.
//
// Kernels are the STT_OBJECT GLOBAL symbols named "NAME.kd" (kernel descriptors, code object
// v3 and later) or STT_AMDGPU_HSA_KERNEL symbols (code object v2). Parameter sizes come from
// the AMDGPU metadata note (name "AMDGPU", type NT_AMDGPU_METADATA, a msgpack map): the
// ".size" of every argument of ".args" whose ".value_kind" is not "hidden_*", in order.
//
// The device heap rule. HIP's device malloc is the device libraries' allocator
// (__ockl_dm_alloc). In code object v5 and later its heap is one buffer per device, allocated
// by the HIP runtime on first need and shared by every kernel of the process; the runtime
// hands its address only to kernels whose metadata lists the hidden argument hidden_heap_v1,
// and the compiler leaves that argument out only when it has proved the kernel never reads
// it. In code object v4 and earlier the heap bookkeeping is a static of the code object and
// its memory comes from the runtime through host calls (the devmem service), which need the
// hidden argument hidden_hostcall_buffer; kernels can also call that service directly, in any
// code object version. Neither the heap nor the memory the devmem service hands out is
// cleared between tenants. So a code object is refused when its metadata, in any note the
// runtime could read it from, names hidden_heap_v1 or hidden_hostcall_buffer (or the v2 YAML
// spelling HiddenHostcallBuffer). The rule does not depend on the code object version the
// file claims, which an uploader controls. Its cost: HIP's default device printf also uses
// host calls, so printf needs -mprintf-kind=buffered (a per-launch printf buffer, accepted).
// YAML metadata (code object v2) with escape sequences is refused too, because an escape can
// spell a value kind without its literal text. Symbols of the allocator are refused as well
// (a second line of defence, not the rule).

const (
	ntAMDGPUMetadata   = 32 // note "AMDGPU": msgpack metadata, code object v3 and later
	ntAMDHSAMetadata   = 10 // note "AMD": YAML metadata, code object v2
	sttAMDGPUHSAKernel = 10 // symbol type of a kernel in code object v2
	maxNoteBytes       = 64 << 20
)

// amdHeapMarkers are metadata value kinds that give a kernel the device heap or host calls.
var amdHeapMarkers = []string{"hidden_heap_v1", "hidden_hostcall_buffer", "HiddenHostcallBuffer", "HiddenHeapV1"}

// amdHeapSymbols are symbols of the device allocators: the device libraries' malloc/free and
// the host-call service their memory comes from, the static heap of code objects before v5,
// the ASan allocator, and HIP's own allocator before ROCm 4.5 (a heap in two globals). (The
// static heap may also be unnamed: hipcc 5.2 emits it as a local "__unnamed_N".)
var amdHeapSymbols = map[string]bool{
	"__ockl_dm_alloc": true, "__ockl_dm_dealloc": true, "__ockl_dm_init_v1": true,
	"__ockl_devmem_request": true, "get_heap_ptr.heap": true,
	"__asan_malloc_impl": true, "__asan_free_impl": true,
	"__hip_malloc": true, "__hip_free": true, "__hip_device_heap": true, "__hip_device_page_flag": true,
}

const heapWhy = "gpufn refuses kernels that allocate device memory, because the device heap is shared and never cleared between tenants"

func scanHsaco(f *elf.File, flags uint32) (*Info, error) {
	info := &Info{Kind: KindHsaco, Arch: amdgpuArch(flags)}
	syms, err := elfSymbols(f)
	if err != nil {
		return nil, err
	}
	dyn, err := f.DynamicSymbols()
	if err != nil && !errors.Is(err, elf.ErrNoSymbols) {
		return nil, badLib("ELF dynamic symbol table: %v", err)
	}
	for _, s := range append(syms[:len(syms):len(syms)], dyn...) {
		if amdHeapSymbols[s.Name] {
			return nil, badLib("the code object uses the device heap (it has the device allocator symbol %q): %s", s.Name, heapWhy)
		}
	}
	notes, err := hsacoNotes(f)
	if err != nil {
		return nil, err
	}
	meta := notes.metadata()
	for _, k := range meta {
		if k.heap != "" {
			return nil, heapError(k.name, k.heap)
		}
	}
	if err := notes.check(); err != nil {
		return nil, err
	}
	params := map[string][]int{}
	for _, k := range meta {
		if k.symbol != "" {
			if _, ok := params[k.symbol]; !ok {
				params[k.symbol] = k.params
			}
		}
	}
	for _, k := range meta {
		if _, ok := params[k.name]; !ok && k.name != "" {
			params[k.name] = k.params
		}
	}
	for _, s := range syms {
		if s.Section == elf.SHN_UNDEF || elf.ST_BIND(s.Info) != elf.STB_GLOBAL {
			continue
		}
		if name, ok := strings.CutSuffix(s.Name, ".kd"); ok && elf.ST_TYPE(s.Info) == elf.STT_OBJECT {
			info.Kernels = append(info.Kernels, KernelInfo{Name: name, Params: params[name]})
		} else if elf.ST_TYPE(s.Info) == sttAMDGPUHSAKernel {
			info.Kernels = append(info.Kernels, KernelInfo{Name: s.Name, Params: params[s.Name]})
		}
	}
	return finish(info)
}

func heapError(kernel, kind string) error {
	if kind == "hidden_heap_v1" {
		return badLib("the code object uses the device heap (kernel %q takes the hidden argument hidden_heap_v1, the device malloc heap): %s", kernel, heapWhy)
	}
	return badLib("the code object uses the device heap or may (kernel %q takes the hidden argument %s: host calls, through which device malloc gets its memory; HIP's default device printf uses them too and cannot be told apart): %s. For device printf, build with -mprintf-kind=buffered", kernel, kind, heapWhy)
}

// amdgpuMach maps EF_AMDGPU_MACH (the low byte of e_flags) to the processor name, as in LLVM's
// llvm/BinaryFormat/ELF.h. 0x40 (gfx940) and 0x4b (gfx941) are retired there (reserved now)
// but appear in code objects built before; R600 values are left out (not HSA targets).
var amdgpuMach = map[uint32]string{
	0x20: "gfx600", 0x21: "gfx601", 0x22: "gfx700", 0x23: "gfx701", 0x24: "gfx702", 0x25: "gfx703",
	0x26: "gfx704", 0x28: "gfx801", 0x29: "gfx802", 0x2a: "gfx803", 0x2b: "gfx810",
	0x2c: "gfx900", 0x2d: "gfx902", 0x2e: "gfx904", 0x2f: "gfx906", 0x30: "gfx908", 0x31: "gfx909",
	0x32: "gfx90c", 0x33: "gfx1010", 0x34: "gfx1011", 0x35: "gfx1012", 0x36: "gfx1030",
	0x37: "gfx1031", 0x38: "gfx1032", 0x39: "gfx1033", 0x3a: "gfx602", 0x3b: "gfx705", 0x3c: "gfx805",
	0x3d: "gfx1035", 0x3e: "gfx1034", 0x3f: "gfx90a", 0x40: "gfx940", 0x41: "gfx1100",
	0x42: "gfx1013", 0x43: "gfx1150", 0x44: "gfx1103", 0x45: "gfx1036", 0x46: "gfx1101",
	0x47: "gfx1102", 0x48: "gfx1200", 0x49: "gfx1250", 0x4a: "gfx1151", 0x4b: "gfx941",
	0x4c: "gfx942", 0x4e: "gfx1201", 0x4f: "gfx950", 0x51: "gfx9-generic", 0x52: "gfx10-1-generic",
	0x53: "gfx10-3-generic", 0x54: "gfx11-generic", 0x55: "gfx1152", 0x58: "gfx1153",
	0x59: "gfx12-generic", 0x5f: "gfx9-4-generic",
}

func amdgpuArch(flags uint32) string {
	if s, ok := amdgpuMach[flags&0xff]; ok {
		return s
	}
	return fmt.Sprintf("gfx(mach 0x%x)", flags&0xff)
}

// noteRegion is the raw bytes of one SHT_NOTE section or PT_NOTE segment.
type noteRegion struct {
	data  []byte
	align uint64 // sh_addralign or p_align
}

type hsacoNoteSet []noteRegion

// hsacoNotes reads every note section and note segment: the runtime's code object reader may
// take the metadata from either.
func hsacoNotes(f *elf.File) (hsacoNoteSet, error) {
	var out hsacoNoteSet
	budget := int64(maxNoteBytes)
	read := func(r io.Reader, what string) ([]byte, error) {
		b, err := io.ReadAll(io.LimitReader(r, budget+1))
		if err != nil {
			return nil, badLib("the code object's %s: %v", what, err)
		}
		if int64(len(b)) > budget {
			return nil, badLib("the code object's notes exceed %d MiB", maxNoteBytes>>20)
		}
		budget -= int64(len(b))
		return b, nil
	}
	for _, s := range f.Sections {
		if s.Type != elf.SHT_NOTE {
			continue
		}
		if s.Flags&elf.SHF_COMPRESSED != 0 {
			return nil, badLib("the code object has a compressed note section %q", s.Name)
		}
		if s.FileSize > uint64(maxNoteBytes) {
			return nil, badLib("the code object's note section %q claims %d bytes", s.Name, s.FileSize)
		}
		b, err := read(s.Open(), "note section "+s.Name)
		if err != nil {
			return nil, err
		}
		out = append(out, noteRegion{b, s.Addralign})
	}
	for _, p := range f.Progs {
		if p.Type != elf.PT_NOTE {
			continue
		}
		if p.Filesz > uint64(maxNoteBytes) {
			return nil, badLib("the code object's note segment claims %d bytes", p.Filesz)
		}
		b, err := read(p.Open(), "note segment")
		if err != nil {
			return nil, err
		}
		out = append(out, noteRegion{b, p.Align})
	}
	return out, nil
}

// check applies the heap rule to the raw notes, whatever their layout: no heap or host-call
// value kind anywhere, and no escape sequence in YAML metadata.
func (ns hsacoNoteSet) check() error {
	for _, r := range ns {
		for _, m := range amdHeapMarkers {
			if bytes.Contains(r.data, []byte(m)) {
				return badLib("the code object uses the device heap or may (its metadata names %s): %s", m, heapWhy)
			}
		}
		for _, align := range []uint64{4, 8} {
			for _, n := range parseNotes(r.data, align) {
				if n.name == "AMD" && n.typ == ntAMDHSAMetadata && bytes.IndexByte(n.desc, '\\') >= 0 {
					return badLib("the code object's YAML metadata (code object v2) has escape sequences, which gpufn does not read, so it cannot check the code for device heap use; rebuild with a current hipcc")
				}
			}
		}
	}
	return nil
}

// metadata returns the kernels of the first AMDGPU metadata note gpufn understands, or nil.
func (ns hsacoNoteSet) metadata() []amdKernelMeta {
	for _, r := range ns {
		align := uint64(4)
		if r.align == 8 {
			align = 8
		}
		other := uint64(8)
		if align == 8 {
			other = 4
		}
		for _, a := range []uint64{align, other} { // the declared alignment first
			for _, n := range parseNotes(r.data, a) {
				if n.name != "AMDGPU" || n.typ != ntAMDGPUMetadata {
					continue
				}
				if ks, err := parseAMDGPUMetadata(n.desc); err == nil {
					return ks
				}
			}
		}
	}
	return nil
}

type elfNote struct {
	name string
	typ  uint32
	desc []byte
}

// parseNotes splits a note region (little-endian Elf_Nhdr records, name and descriptor each
// padded to align) as LLVM's note iterator does, stopping at the first malformed record.
func parseNotes(b []byte, align uint64) []elfNote {
	var out []elfNote
	pad := func(n uint64) uint64 { return (n + align - 1) &^ (align - 1) }
	for off := uint64(0); off+12 <= uint64(len(b)); {
		namesz := uint64(binary.LittleEndian.Uint32(b[off:]))
		descsz := uint64(binary.LittleEndian.Uint32(b[off+4:]))
		typ := binary.LittleEndian.Uint32(b[off+8:])
		descOff := pad(off + 12 + namesz)
		end := descOff + descsz
		if descOff > uint64(len(b)) || end > uint64(len(b)) {
			break
		}
		name := ""
		if namesz > 0 {
			name = string(b[off+12 : off+12+namesz-1])
		}
		out = append(out, elfNote{name: name, typ: typ, desc: b[descOff:end]})
		off = pad(end)
	}
	return out
}

// amdKernelMeta is what gpufn reads of one kernel's metadata.
type amdKernelMeta struct {
	name   string // ".name"
	symbol string // ".symbol" without ".kd"
	params []int  // sizes of the explicit arguments, in order
	heap   string // "hidden_heap_v1" or "hidden_hostcall_buffer" when among its arguments
}

// parseAMDGPUMetadata reads "amdhsa.kernels" of an NT_AMDGPU_METADATA descriptor.
func parseAMDGPUMetadata(desc []byte) ([]amdKernelMeta, error) {
	r := &mpReader{b: desc}
	n, err := r.mapLen()
	if err != nil {
		return nil, err
	}
	var kernels []amdKernelMeta
	found := false
	for i := 0; i < n; i++ {
		key, err := r.str()
		if err != nil {
			return nil, err
		}
		if key != "amdhsa.kernels" {
			if err := r.skip(0); err != nil {
				return nil, err
			}
			continue
		}
		found = true
		nk, err := r.arrayLen()
		if err != nil {
			return nil, err
		}
		for j := 0; j < nk; j++ {
			k, err := r.kernel()
			if err != nil {
				return nil, err
			}
			kernels = append(kernels, k)
		}
	}
	if !found {
		return nil, errors.New("no amdhsa.kernels")
	}
	return kernels, nil
}

func (r *mpReader) kernel() (amdKernelMeta, error) {
	k := amdKernelMeta{params: []int{}}
	n, err := r.mapLen()
	if err != nil {
		return k, err
	}
	for i := 0; i < n; i++ {
		key, err := r.str()
		if err != nil {
			return k, err
		}
		switch key {
		case ".name":
			k.name, err = r.str()
		case ".symbol":
			k.symbol, err = r.str()
			k.symbol = strings.TrimSuffix(k.symbol, ".kd")
		case ".args":
			err = r.args(&k)
		default:
			err = r.skip(0)
		}
		if err != nil {
			return k, err
		}
	}
	return k, nil
}

func (r *mpReader) args(k *amdKernelMeta) error {
	n, err := r.arrayLen()
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		m, err := r.mapLen()
		if err != nil {
			return err
		}
		size, kind := int64(-1), ""
		for j := 0; j < m; j++ {
			key, err := r.str()
			if err != nil {
				return err
			}
			switch key {
			case ".size":
				size, err = r.integer()
			case ".value_kind":
				kind, err = r.str()
			default:
				err = r.skip(0)
			}
			if err != nil {
				return err
			}
		}
		if size < 0 || size > 1<<30 || kind == "" {
			return errors.New("an argument without a valid .size or .value_kind")
		}
		if kind == "hidden_heap_v1" || (kind == "hidden_hostcall_buffer" && k.heap == "") {
			k.heap = kind // the heap itself is the more telling of the two
		}
		if !strings.HasPrefix(kind, "hidden_") {
			k.params = append(k.params, int(size))
		}
	}
	return nil
}

// mpReader reads the few msgpack forms the metadata uses, and skips any other value. It never
// allocates more than it returns, checks every length against the bytes left, and nests at
// most maxMsgpackDepth deep, so hostile input costs time linear in its size.
type mpReader struct{ b []byte }

const maxMsgpackDepth = 32

var errMsgpack = errors.New("malformed or unexpected msgpack")

func (r *mpReader) take(n uint64) ([]byte, error) {
	if n > uint64(len(r.b)) {
		return nil, errMsgpack
	}
	s := r.b[:n]
	r.b = r.b[n:]
	return s, nil
}

func (r *mpReader) be(n uint64) (uint64, error) {
	s, err := r.take(n)
	if err != nil {
		return 0, err
	}
	var v uint64
	for _, c := range s {
		v = v<<8 | uint64(c)
	}
	return v, nil
}

func (r *mpReader) byte1() (byte, error) {
	s, err := r.take(1)
	if err != nil {
		return 0, err
	}
	return s[0], nil
}

// count returns a container's length after checking that the bytes left can hold it (every
// element takes at least one byte).
func (r *mpReader) count(n, per uint64) (int, error) {
	if n > uint64(len(r.b))/per {
		return 0, errMsgpack
	}
	return int(n), nil
}

func (r *mpReader) mapLen() (int, error) {
	c, err := r.byte1()
	if err != nil {
		return 0, err
	}
	var n uint64
	switch {
	case c >= 0x80 && c <= 0x8f:
		n = uint64(c & 0x0f)
	case c == 0xde:
		n, err = r.be(2)
	case c == 0xdf:
		n, err = r.be(4)
	default:
		return 0, errMsgpack
	}
	if err != nil {
		return 0, err
	}
	return r.count(n, 2)
}

func (r *mpReader) arrayLen() (int, error) {
	c, err := r.byte1()
	if err != nil {
		return 0, err
	}
	var n uint64
	switch {
	case c >= 0x90 && c <= 0x9f:
		n = uint64(c & 0x0f)
	case c == 0xdc:
		n, err = r.be(2)
	case c == 0xdd:
		n, err = r.be(4)
	default:
		return 0, errMsgpack
	}
	if err != nil {
		return 0, err
	}
	return r.count(n, 1)
}

func (r *mpReader) str() (string, error) {
	c, err := r.byte1()
	if err != nil {
		return "", err
	}
	var n uint64
	switch {
	case c >= 0xa0 && c <= 0xbf:
		n = uint64(c & 0x1f)
	case c == 0xd9:
		n, err = r.be(1)
	case c == 0xda:
		n, err = r.be(2)
	case c == 0xdb:
		n, err = r.be(4)
	default:
		return "", errMsgpack
	}
	if err != nil {
		return "", err
	}
	s, err := r.take(n)
	return string(s), err
}

func (r *mpReader) integer() (int64, error) {
	c, err := r.byte1()
	if err != nil {
		return 0, err
	}
	switch {
	case c <= 0x7f:
		return int64(c), nil
	case c >= 0xe0:
		return int64(int8(c)), nil
	case c >= 0xcc && c <= 0xcf: // uint 8, 16, 32, 64
		v, err := r.be(1 << (c - 0xcc))
		if err != nil || v > 1<<62 {
			return 0, errMsgpack
		}
		return int64(v), nil
	case c >= 0xd0 && c <= 0xd3: // int 8, 16, 32, 64
		size := uint64(1) << (c - 0xd0)
		v, err := r.be(size)
		if err != nil {
			return 0, err
		}
		shift := 64 - 8*size
		return int64(v<<shift) >> shift, nil
	}
	return 0, errMsgpack
}

// skip passes over one value of any type.
func (r *mpReader) skip(depth int) error {
	if depth > maxMsgpackDepth {
		return errMsgpack
	}
	c, err := r.byte1()
	if err != nil {
		return err
	}
	elems := func(n, per uint64) error { // n entries of per values each
		cnt, err := r.count(n, per)
		if err != nil {
			return err
		}
		for i := 0; i < cnt*int(per); i++ {
			if err := r.skip(depth + 1); err != nil {
				return err
			}
		}
		return nil
	}
	skipN := func(lenBytes, extra uint64) error {
		n, err := r.be(lenBytes)
		if err != nil {
			return err
		}
		_, err = r.take(n + extra)
		return err
	}
	switch {
	case c <= 0x7f, c >= 0xe0, c == 0xc0, c == 0xc2, c == 0xc3:
		return nil
	case c >= 0x80 && c <= 0x8f:
		return elems(uint64(c&0x0f), 2)
	case c >= 0x90 && c <= 0x9f:
		return elems(uint64(c&0x0f), 1)
	case c >= 0xa0 && c <= 0xbf:
		_, err := r.take(uint64(c & 0x1f))
		return err
	}
	switch c {
	case 0xc4, 0xd9: // bin 8, str 8
		return skipN(1, 0)
	case 0xc5, 0xda:
		return skipN(2, 0)
	case 0xc6, 0xdb:
		return skipN(4, 0)
	case 0xc7: // ext 8, 16, 32: length, type byte, data
		return skipN(1, 1)
	case 0xc8:
		return skipN(2, 1)
	case 0xc9:
		return skipN(4, 1)
	case 0xca, 0xd2, 0xce: // float 32, int 32, uint 32
		_, err := r.take(4)
		return err
	case 0xcb, 0xd3, 0xcf:
		_, err := r.take(8)
		return err
	case 0xcc, 0xd0:
		_, err := r.take(1)
		return err
	case 0xcd, 0xd1:
		_, err := r.take(2)
		return err
	case 0xd4, 0xd5, 0xd6, 0xd7, 0xd8: // fixext 1, 2, 4, 8, 16, plus the type byte
		_, err := r.take(1 + 1<<(c-0xd4))
		return err
	case 0xdc, 0xdd, 0xde, 0xdf:
		lenBytes := uint64(2)
		if c == 0xdd || c == 0xdf {
			lenBytes = 4
		}
		n, err := r.be(lenBytes)
		if err != nil {
			return err
		}
		per := uint64(1)
		if c >= 0xde {
			per = 2
		}
		return elems(n, per)
	}
	return errMsgpack // 0xc1, never used
}
