package libscan

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// Kind is what an uploaded library is.
type Kind string

// The library kinds gpufn loads.
const (
	KindPTX    Kind = "ptx"    // NVIDIA PTX text, JIT-compiled by the driver
	KindCubin  Kind = "cubin"  // NVIDIA ELF (EM_CUDA)
	KindFatbin Kind = "fatbin" // NVIDIA fat binary (several cubins and/or PTX)
	KindHsaco  Kind = "hsaco"  // AMD code object, ELF (EM_AMDGPU)
	KindBundle Kind = "bundle" // clang offload bundle of AMD code objects
)

// Vendor returns "cuda" or "hip": the device kind that runs this library.
func (k Kind) Vendor() string {
	switch k {
	case KindHsaco, KindBundle:
		return "hip"
	}
	return "cuda"
}

// KernelInfo is one kernel entry point of a library.
type KernelInfo struct {
	Name string `json:"name" msgpack:"n"`
	// Params are the byte sizes of the kernel's parameters in order, or nil when the library
	// kind does not say.
	Params []int `json:"params,omitempty" msgpack:"p"`
}

// BundleEntry is one code object of a clang offload bundle.
type BundleEntry struct {
	ID     string `json:"id"`     // e.g. "hipv4-amdgcn-amd-amdhsa--gfx90a"
	Arch   string `json:"arch"`   // e.g. "gfx90a"
	Offset uint64 `json:"offset"` // of the code object in the bundle
	Size   uint64 `json:"size"`
}

// Info is what scanning a library found.
type Info struct {
	Kind    Kind          `json:"kind"`
	Arch    string        `json:"arch,omitempty"` // target: "sm_90", "gfx90a"; PTX: its .target
	Kernels []KernelInfo  `json:"kernels"`
	Entries []BundleEntry `json:"entries,omitempty"` // bundles only
	// Warnings are things the uploader should know that do not stop the upload.
	Warnings []string `json:"warnings,omitempty"`
}

// Kernel returns the kernel named name, or nil.
func (l *Info) Kernel(name string) *KernelInfo {
	i := sort.Search(len(l.Kernels), func(i int) bool { return l.Kernels[i].Name >= name })
	if i < len(l.Kernels) && l.Kernels[i].Name == name {
		return &l.Kernels[i]
	}
	return nil
}

// KernelNames lists the kernels' names, sorted.
func (l *Info) KernelNames() []string {
	out := make([]string, len(l.Kernels))
	for i, k := range l.Kernels {
		out[i] = k.Name
	}
	return out
}

// heapFuncs are device functions that use the device heap. The CUDA heap cannot be switched
// off and is not cleared between kernels of one context, so a kernel that calls malloc could
// read what an earlier tenant left there (docs/gpu-facts.md): such libraries are refused.
var heapFuncs = map[string]bool{
	"malloc": true, "free": true, "__nv_aligned_device_malloc": true,
	"cudaMalloc": true, "cudaFree": true, "__cudaCDP2Malloc": true, "__cudaCDP2Free": true,
}

const (
	emCUDA   = 190
	emAMDGPU = 224
)

var fatbinMagic = []byte{0x50, 0xed, 0x55, 0xba}

const bundleMagic = "__CLANG_OFFLOAD_BUNDLE__"

// Scan detects the kind of a library, lists its kernels and refuses what gpufn must not
// load: anything that is not PTX, cubin, fatbin, hsaco or an offload bundle, and NVIDIA code
// that calls device malloc. The error is a *LibraryError.
func Scan(b []byte) (*Info, error) {
	switch {
	case len(b) == 0:
		return nil, badLib("the library is empty")
	case bytes.HasPrefix(b, []byte(elf.ELFMAG)):
		return scanELF(b)
	case bytes.HasPrefix(b, fatbinMagic):
		return scanFatbin(b)
	case bytes.HasPrefix(b, []byte(bundleMagic)):
		return scanBundle(b)
	case bytes.HasPrefix(b, []byte("CCOB")):
		return nil, badLib("a compressed clang offload bundle; rebuild without --offload-compress, or upload the .hsaco code object")
	}
	if code, ok, err := ptxText(b); ok {
		return scanPTXCode(code, err)
	}
	return nil, badLib("not a kernel library: expected PTX text, a cubin or fatbin (NVIDIA), or an hsaco code object or offload bundle (AMD)")
}

// ptxText reads b as PTX text: ok when it is one (no NUL but a C string's terminator, valid
// UTF-8, .version and .target directives in its code), with its code and the first problem
// tokenizing it (ptxCode; a PTX it cannot tokenize is still PTX: scanPTXCode refuses it with
// the reason). The text is tokenized once, however large.
func ptxText(b []byte) (code string, ok bool, err error) {
	b = bytes.TrimRight(b, "\x00") // a C string image may carry its terminator
	if bytes.IndexByte(b, 0) >= 0 || !utf8.Valid(b) {
		return "", false, nil
	}
	code, err = ptxCode(string(b))
	return code, ptxVersionRE.MatchString(code) && ptxTargetRE.MatchString(code), err
}

var (
	ptxVersionRE = regexp.MustCompile(`(?m)^\s*\.version\s+\d+\.\d+`)
	ptxTargetRE  = regexp.MustCompile(`(?m)^\s*\.target\s+([A-Za-z0-9_,\s]+)$`)
	ptxEntryRE   = regexp.MustCompile(`\.entry\s+([A-Za-z_$][A-Za-z0-9_$.]*)\s*\(`)
	ptxEntryNoPR = regexp.MustCompile(`\.entry\s+([A-Za-z_$][A-Za-z0-9_$.]*)\s*(\{|$)`)
	ptxExternRE  = regexp.MustCompile(`\.extern\s+\.func\s*(?:\([^)]*\))?\s*([A-Za-z_$][A-Za-z0-9_$.]*)`)
)

func scanPTX(b []byte) (*Info, error) {
	return scanPTXCode(ptxCode(string(bytes.TrimRight(b, "\x00"))))
}

// scanPTXCode scans the code of a PTX text (ptxCode), refused if it could not be tokenized
// (err).
func scanPTXCode(s string, err error) (*Info, error) {
	if err != nil {
		return nil, err
	}
	if err := ptxWhole(s); err != nil {
		return nil, err
	}
	info := &Info{Kind: KindPTX}
	if m := ptxTargetRE.FindStringSubmatch(s); m != nil {
		info.Arch = strings.TrimSpace(strings.Split(m[1], ",")[0])
	}
	for _, m := range ptxExternRE.FindAllStringSubmatch(s, -1) {
		if heapFuncs[m[1]] {
			return nil, badLib("the PTX declares the device heap function %q (device malloc): gpufn refuses kernels that allocate device memory, because the device heap is shared and never cleared between tenants", m[1])
		}
	}
	// Any other mention of a heap function in the code: a declaration without .extern, a
	// function pointer taken, a spelling the declaration pattern above does not know.
	if name := heapName(s); name != "" {
		return nil, badLib("the PTX names the device heap function %q (device malloc): gpufn refuses kernels that allocate device memory, because the device heap is shared and never cleared between tenants", name)
	}
	for _, loc := range ptxEntryRE.FindAllStringSubmatchIndex(s, -1) {
		name := s[loc[2]:loc[3]]
		params, err := ptxParams(s[loc[1]:])
		if err != nil {
			return nil, badLib("PTX entry %q: %v", name, err)
		}
		info.Kernels = append(info.Kernels, KernelInfo{Name: name, Params: params})
	}
	for _, m := range ptxEntryNoPR.FindAllStringSubmatch(s, -1) {
		info.Kernels = append(info.Kernels, KernelInfo{Name: m[1], Params: []int{}})
	}
	return finish(info)
}

// ptxParams parses the parameter list after "(" up to the matching ")".
func ptxParams(s string) ([]int, error) {
	end := strings.IndexByte(s, ')')
	if end < 0 {
		return nil, errors.New("unterminated parameter list")
	}
	list := strings.TrimSpace(s[:end])
	params := []int{}
	if list == "" {
		return params, nil
	}
	for _, p := range strings.Split(list, ",") {
		size, err := ptxParamSize(strings.Fields(p))
		if err != nil {
			return nil, fmt.Errorf("parameter %q: %v", strings.TrimSpace(p), err)
		}
		params = append(params, size)
	}
	return params, nil
}

var ptxTypeSize = map[string]int{
	".u8": 1, ".s8": 1, ".b8": 1,
	".u16": 2, ".s16": 2, ".b16": 2, ".f16": 2, ".bf16": 2,
	".u32": 4, ".s32": 4, ".b32": 4, ".f32": 4, ".f16x2": 4, ".bf16x2": 4,
	".u64": 8, ".s64": 8, ".b64": 8, ".f64": 8,
}

// ptxParamSize reads ".param .u64 [.ptr .global .align 1] name" or ".param .align 8 .b8
// name[16]".
func ptxParamSize(tok []string) (int, error) {
	if len(tok) < 2 || tok[0] != ".param" {
		return 0, errors.New("not a .param declaration")
	}
	elem := 0
	for i := 1; i < len(tok); i++ {
		t := tok[i]
		if sz, ok := ptxTypeSize[t]; ok {
			elem = sz
			continue
		}
		if t == ".align" || t == ".ptr" || t == ".global" || t == ".const" || t == ".local" || t == ".shared" {
			if t == ".align" {
				i++
			}
			continue
		}
		if strings.HasPrefix(t, ".") {
			continue // other qualifiers
		}
		// The name, perhaps with [count].
		if elem == 0 {
			return 0, errors.New("no type")
		}
		n := 1
		if lb := strings.IndexByte(t, '['); lb >= 0 {
			if _, err := fmt.Sscanf(t[lb:], "[%d]", &n); err != nil || n <= 0 {
				return 0, errors.New("bad array size")
			}
		}
		return elem * n, nil
	}
	return 0, errors.New("no name")
}

func finish(info *Info) (*Info, error) {
	sort.Slice(info.Kernels, func(i, j int) bool { return info.Kernels[i].Name < info.Kernels[j].Name })
	out := info.Kernels[:0]
	for i, k := range info.Kernels {
		if i > 0 && k.Name == info.Kernels[i-1].Name {
			continue
		}
		out = append(out, k)
	}
	info.Kernels = out
	if len(info.Kernels) == 0 {
		return nil, badLib("the %s library has no kernel entry points", info.Kind)
	}
	return info, nil
}

func scanELF(b []byte) (*Info, error) {
	f, err := elf.NewFile(versionAgnostic(b))
	if err != nil {
		return nil, badLib("a malformed ELF file: %v", err)
	}
	defer f.Close()
	if err := elfWithin(f, uint64(len(b))); err != nil {
		return nil, err
	}
	switch f.Machine {
	case emCUDA:
		return scanCubin(f, elfFlags(b))
	case emAMDGPU:
		return scanHsaco(f, elfFlags(b))
	}
	return nil, badLib("an ELF file for %v, not a GPU code object (cubin: EM_CUDA; hsaco: EM_AMDGPU)", f.Machine)
}

// versionAgnostic reads b with the header's e_version field made equal to e_ident's version
// byte. CUDA's tools write their own ABI version there (nvcc and ptxas: 126 with OSABI 51, the
// CUDA OSABI, for sm_86 among others), which debug/elf refuses as "mismatched ELF version";
// the field says nothing about the layout, which e_ident's class and data bytes do.
func versionAgnostic(b []byte) io.ReaderAt {
	const eVersion = 20 // offset of e_version in both ELF classes
	if len(b) < eVersion+4 || len(b) <= elf.EI_VERSION {
		return bytes.NewReader(b)
	}
	r := &patchedReader{b: b, off: eVersion}
	if b[elf.EI_DATA] == byte(elf.ELFDATA2MSB) {
		binary.BigEndian.PutUint32(r.patch[:], uint32(b[elf.EI_VERSION]))
	} else {
		binary.LittleEndian.PutUint32(r.patch[:], uint32(b[elf.EI_VERSION]))
	}
	return r
}

// patchedReader reads b with the 4 bytes at off replaced by patch.
type patchedReader struct {
	b     []byte
	off   int64
	patch [4]byte
}

func (r *patchedReader) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("libscan: negative offset")
	}
	if off >= int64(len(r.b)) {
		return 0, io.EOF
	}
	n := copy(p, r.b[off:])
	for i := range r.patch {
		if at := r.off + int64(i) - off; at >= 0 && at < int64(n) {
			p[at] = r.patch[i]
		}
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// elfWithin checks that every section's and segment's bytes lie within the file's size: a
// truncated upload is refused at upload, whatever part of it the scanner reads.
func elfWithin(f *elf.File, size uint64) error {
	for _, sec := range f.Sections {
		if sec.Type == elf.SHT_NOBITS || sec.Type == elf.SHT_NULL {
			continue
		}
		if end := sec.Offset + sec.FileSize; end < sec.Offset || end > size {
			return badLib("the ELF file is truncated: section %q ends at byte %d of a file of %d bytes", sec.Name, end, size)
		}
	}
	for i, p := range f.Progs {
		if end := p.Off + p.Filesz; end < p.Off || end > size {
			return badLib("the ELF file is truncated: segment %d ends at byte %d of a file of %d bytes", i, end, size)
		}
	}
	return nil
}

// elfFlags reads e_flags, which debug/elf does not expose.
func elfFlags(b []byte) uint32 {
	off := 48 // ELF64
	if len(b) > 4 && b[4] == byte(elf.ELFCLASS32) {
		off = 36
	}
	if len(b) < off+4 {
		return 0
	}
	if len(b) > 5 && b[5] == byte(elf.ELFDATA2MSB) {
		return binary.BigEndian.Uint32(b[off:])
	}
	return binary.LittleEndian.Uint32(b[off:])
}

func elfSymbols(f *elf.File) ([]elf.Symbol, error) {
	syms, err := f.Symbols()
	if err != nil && !errors.Is(err, elf.ErrNoSymbols) {
		return nil, badLib("ELF symbol table: %v", err)
	}
	return syms, nil
}

func scanCubin(f *elf.File, flags uint32) (*Info, error) {
	info := &Info{Kind: KindCubin, Arch: cubinArch(flags)}
	syms, err := elfSymbols(f)
	if err != nil {
		return nil, err
	}
	for _, s := range syms {
		if s.Section == elf.SHN_UNDEF && heapFuncs[s.Name] {
			return nil, badLib("the cubin calls the device heap function %q (device malloc): gpufn refuses kernels that allocate device memory, because the device heap is shared and never cleared between tenants", s.Name)
		}
	}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) != elf.STT_FUNC || elf.ST_BIND(s.Info) != elf.STB_GLOBAL || s.Section == elf.SHN_UNDEF {
			continue
		}
		sec := f.Section(".nv.info." + s.Name)
		if sec == nil && s.Other&0x10 == 0 {
			continue // a device function, not an entry point
		}
		info.Kernels = append(info.Kernels, KernelInfo{Name: s.Name, Params: cubinParams(sec)})
	}
	return finish(info)
}

// cubinArch reads the SM version from e_flags: the low byte in the classic layout, the second
// byte in the layout of recent toolkits.
func cubinArch(flags uint32) string {
	for _, sm := range []uint32{flags & 0xff, (flags >> 8) & 0xff} {
		if sm >= 20 && sm <= 200 {
			return fmt.Sprintf("sm_%d", sm)
		}
	}
	return ""
}

// cubinParams reads the parameter sizes from a kernel's .nv.info section (EIATTR_KPARAM_INFO
// records), or returns nil when the section is missing or not understood.
func cubinParams(sec *elf.Section) []int {
	if sec == nil {
		return nil
	}
	data, err := sec.Data()
	if err != nil {
		return nil
	}
	const (
		eifmtSVAL       = 0x04
		eiattrKparamInf = 0x17
	)
	byOrdinal := map[int]int{}
	for len(data) >= 4 {
		fmtb, attr := data[0], data[1]
		val := int(binary.LittleEndian.Uint16(data[2:]))
		data = data[4:]
		if fmtb != eifmtSVAL {
			continue
		}
		if val > len(data) {
			return nil
		}
		payload := data[:val]
		data = data[val:]
		if attr != eiattrKparamInf || len(payload) < 12 {
			continue
		}
		ordinal := int(binary.LittleEndian.Uint16(payload[4:]))
		size := int(binary.LittleEndian.Uint32(payload[8:])>>18) & 0x3fff
		byOrdinal[ordinal] = size
	}
	out := make([]int, len(byOrdinal))
	for i := range out {
		s, ok := byOrdinal[i]
		if !ok {
			return nil
		}
		out[i] = s
	}
	return out
}

// maxInflated bounds a decompressed fatbin entry.
const maxInflated = 256 << 20

func scanFatbin(b []byte) (*Info, error) {
	info := &Info{Kind: KindFatbin}
	archs := map[string]bool{}
	seen := map[string]int{}
	err := walkFatbin(b, func(kind uint16, arch uint32, data []byte) error {
		var sub *Info
		var err error
		switch kind {
		case 1:
			sub, err = scanPTX(data)
		case 2, 0x10:
			sub, err = scanELF(data)
		default:
			return nil
		}
		if err != nil {
			return badLib("fatbin entry for sm_%d: %v", arch, err)
		}
		archs[fmt.Sprintf("sm_%d", arch)] = true
		for _, k := range sub.Kernels {
			if i, ok := seen[k.Name]; ok {
				if info.Kernels[i].Params == nil {
					info.Kernels[i].Params = k.Params
				}
				continue
			}
			seen[k.Name] = len(info.Kernels)
			info.Kernels = append(info.Kernels, k)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	list := make([]string, 0, len(archs))
	for a := range archs {
		list = append(list, a)
	}
	sort.Strings(list)
	info.Arch = strings.Join(list, ",")
	return finish(info)
}

// walkFatbin calls fn for every non-empty entry of a fatbin (every container of it), with the
// entry's kind (1 PTX, 2 or 0x10 ELF), its SM version and its payload, inflated.
func walkFatbin(b []byte, fn func(kind uint16, arch uint32, data []byte) error) error {
	for off := 0; off < len(b); {
		if len(b)-off < 16 || !bytes.Equal(b[off:off+4], fatbinMagic) {
			if off == 0 {
				return badLib("a truncated fatbin header")
			}
			break // trailing padding after the last container
		}
		hdrSize := int(binary.LittleEndian.Uint16(b[off+6:]))
		fatSize := binary.LittleEndian.Uint64(b[off+8:])
		if hdrSize < 16 || hdrSize > len(b)-off || fatSize > uint64(len(b)-off-hdrSize) {
			return badLib("a fatbin container at byte %d claims %d bytes; the file has %d", off, fatSize, len(b)-off)
		}
		end := off + hdrSize + int(fatSize)
		for e := off + hdrSize; e+64 <= end; {
			kind := binary.LittleEndian.Uint16(b[e:])
			ehdr := int(binary.LittleEndian.Uint32(b[e+4:]))
			payload := binary.LittleEndian.Uint64(b[e+8:])
			arch := binary.LittleEndian.Uint32(b[e+28:])
			flags := binary.LittleEndian.Uint64(b[e+40:])
			packed := binary.LittleEndian.Uint32(b[e+16:]) // compressed size, when compressed
			if ehdr < 64 || ehdr > end-e || uint64(end-e-ehdr) < payload {
				return badLib("a malformed fatbin entry at byte %d", e)
			}
			data := b[e+ehdr : e+ehdr+int(payload)]
			e += ehdr + int(payload)
			if len(data) == 0 {
				continue
			}
			if packed > 0 && uint64(packed) <= payload {
				data = data[:packed] // drop the padding after a compressed stream
			}
			data, err := inflateFatbinEntry(data, flags)
			if err != nil {
				return err
			}
			if err := fn(kind, arch, data); err != nil {
				return err
			}
		}
		off = end
	}
	return nil
}

// FatbinEntry is one code entry of a fatbin: PTX (which the driver JIT-compiles for a GPU the
// fatbin has no cubin for) or a cubin.
type FatbinEntry struct {
	Kind Kind   // KindPTX or KindCubin
	Arch string // "sm_90": the entry's SM version
	Code []byte // inflated
}

// FatbinEntries returns the PTX and cubin entries of a fatbin (a library Scan accepted as
// KindFatbin), so that a server with a compiler can decide on the compiled code of its PTX as
// on an uploaded PTX's.
func FatbinEntries(b []byte) ([]FatbinEntry, error) {
	var out []FatbinEntry
	err := walkFatbin(b, func(kind uint16, arch uint32, data []byte) error {
		switch kind {
		case 1:
			out = append(out, FatbinEntry{Kind: KindPTX, Arch: fmt.Sprintf("sm_%d", arch), Code: bytes.TrimRight(data, "\x00")})
		case 2, 0x10:
			out = append(out, FatbinEntry{Kind: KindCubin, Arch: fmt.Sprintf("sm_%d", arch), Code: data})
		}
		return nil
	})
	return out, err
}

var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

func inflateFatbinEntry(data []byte, flags uint64) ([]byte, error) {
	const lz4Flag, zstdFlag = 0x2000, 0x8000
	switch {
	case bytes.HasPrefix(data, zstdMagic):
		return inflateZstd(data)
	case flags&zstdFlag != 0 && !bytes.HasPrefix(data, []byte(elf.ELFMAG)):
		return nil, badLib("a fatbin entry compressed in a form gpufn cannot read; rebuild with nvcc -Xfatbin=-compress-all=false (or --no-compress), or upload the cubin")
	case flags&lz4Flag != 0 && !bytes.HasPrefix(data, []byte(elf.ELFMAG)):
		return nil, badLib("an LZ4-compressed fatbin entry, which gpufn cannot inspect for device malloc; rebuild with nvcc -Xfatbin=-compress-all=false (or --no-compress), or upload the cubin")
	}
	return data, nil
}

func scanBundle(b []byte) (*Info, error) {
	r := b[len(bundleMagic):]
	if len(r) < 8 {
		return nil, badLib("a truncated offload bundle")
	}
	n := binary.LittleEndian.Uint64(r)
	r = r[8:]
	if n == 0 || n > 1024 {
		return nil, badLib("an offload bundle with %d entries", n)
	}
	info := &Info{Kind: KindBundle}
	seen := map[string]bool{}
	var archs []string
	for i := uint64(0); i < n; i++ {
		if len(r) < 24 {
			return nil, badLib("a truncated offload bundle entry table")
		}
		off, size, idLen := binary.LittleEndian.Uint64(r), binary.LittleEndian.Uint64(r[8:]), binary.LittleEndian.Uint64(r[16:])
		r = r[24:]
		if idLen > uint64(len(r)) || off > uint64(len(b)) || size > uint64(len(b))-off {
			return nil, badLib("a malformed offload bundle entry %d", i)
		}
		id := string(r[:idLen])
		r = r[idLen:]
		if !strings.HasPrefix(id, "hip") && !strings.HasPrefix(id, "openmp") || !strings.Contains(id, "amdgcn") {
			continue // the host entry and others
		}
		arch := id
		if j := strings.LastIndex(id, "--"); j >= 0 {
			arch = id[j+2:]
		}
		entry := BundleEntry{ID: id, Arch: arch, Offset: off, Size: size}
		info.Entries = append(info.Entries, entry)
		archs = append(archs, arch)
		if size == 0 {
			continue
		}
		sub, err := scanELF(b[off : off+size])
		if err != nil {
			return nil, badLib("offload bundle entry %q: %v", id, err)
		}
		for _, k := range sub.Kernels {
			if !seen[k.Name] {
				seen[k.Name] = true
				info.Kernels = append(info.Kernels, k)
			}
		}
	}
	if len(info.Entries) == 0 {
		return nil, badLib("an offload bundle with no AMD GPU code object")
	}
	info.Arch = strings.Join(archs, ",")
	return finish(info)
}

// BundleEntryFor returns the code object of a bundle for a device architecture ("gfx90a"),
// ignoring target features such as ":xnack-".
func BundleEntryFor(b []byte, info *Info, arch string) ([]byte, bool) {
	for _, e := range info.Entries {
		if processor(e.Arch) == arch && e.Size > 0 {
			return b[e.Offset : e.Offset+e.Size], true
		}
	}
	return nil, false
}

// processor drops the target features of an AMD target ID: "gfx90a:xnack-" is "gfx90a".
func processor(target string) string {
	p, _, _ := strings.Cut(target, ":")
	return p
}
