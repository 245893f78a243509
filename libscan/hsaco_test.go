package libscan_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"gpufn/libscan"
)

// No hipcc here: the AMD code objects of these tests are assembled by hsacoELF, a minimal but
// valid ELF64 with the parts gpufn reads (header with EM_AMDGPU and e_flags, .text, kernel
// descriptors in .rodata, .symtab/.strtab, a note section or segment).

const (
	machGfx90a = 0x3f
	machGfx942 = 0x4c
)

type hsacoSpec struct {
	mach        uint32   // EF_AMDGPU_MACH, possibly with feature bits
	kernels     []string // each gets NAME.kd (STT_OBJECT GLOBAL in .rodata) and NAME (STT_FUNC GLOBAL)
	extraSyms   []string // more STT_FUNC GLOBAL symbols in .text
	notes       []byte   // the note records (see amdNote)
	noteAlign   uint64   // sh_addralign of the note section; 4 when 0
	noteSegment bool     // put the notes in a PT_NOTE segment rather than an SHT_NOTE section
}

func amdNote(name string, typ uint32, desc []byte, align int) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, uint32(len(name)+1))
	binary.Write(&b, binary.LittleEndian, uint32(len(desc)))
	binary.Write(&b, binary.LittleEndian, typ)
	b.WriteString(name)
	b.WriteByte(0)
	for b.Len()%align != 0 {
		b.WriteByte(0)
	}
	b.Write(desc)
	for b.Len()%align != 0 {
		b.WriteByte(0)
	}
	return b.Bytes()
}

// amdMetadata is an NT_AMDGPU_METADATA note (code object v5 layout) for the given kernels,
// encoded by the msgpack module, an encoder independent of gpufn's reader.
func amdMetadata(t testing.TB, align int, kernels ...map[string]any) []byte {
	t.Helper()
	ks := make([]any, len(kernels))
	for i, k := range kernels {
		ks[i] = k
	}
	desc, err := msgpack.Marshal(map[string]any{
		"amdhsa.version": []int{1, 2},
		"amdhsa.target":  "amdgcn-amd-amdhsa--gfx90a",
		"amdhsa.kernels": ks,
	})
	if err != nil {
		t.Fatal(err)
	}
	return amdNote("AMDGPU", 32, desc, align)
}

func amdArg(size, offset int, kind string) map[string]any {
	a := map[string]any{".size": size, ".offset": offset, ".value_kind": kind}
	if kind == "global_buffer" {
		a[".address_space"] = "global"
		a[".name"] = fmt.Sprintf("p%d", offset)
		a[".is_const"] = false
	}
	return a
}

// amdKernel is a kernel's metadata: the explicit arguments, then the hidden ones hipcc adds
// (code object v5), plus extraHidden.
func amdKernel(name string, explicit []map[string]any, extraHidden ...string) map[string]any {
	args := []any{}
	off := 0
	for _, a := range explicit {
		args = append(args, a)
		off += 8
	}
	for _, h := range []string{"hidden_block_count_x", "hidden_block_count_y", "hidden_group_size_x"} {
		size := 4
		if strings.HasPrefix(h, "hidden_group") {
			size = 2
		}
		args = append(args, amdArg(size, off, h))
		off += 8
	}
	for _, h := range extraHidden {
		args = append(args, amdArg(8, off, h))
		off += 8
	}
	return map[string]any{
		".name": name, ".symbol": name + ".kd", ".args": args,
		".kernarg_segment_size": off, ".kernarg_segment_align": 8, ".wavefront_size": 64,
		".max_flat_workgroup_size": 1024, ".uses_dynamic_stack": false, ".sgpr_count": 12,
		".vgpr_count": 4, ".private_segment_fixed_size": 0, ".group_segment_fixed_size": 0,
	}
}

func hsacoELF(s hsacoSpec) []byte {
	type section struct {
		name                  string
		typ                   uint32
		flags, align, entsize uint64
		link, info            uint32
		data                  []byte
		off                   uint64
	}
	text := make([]byte, 256)
	rodata := make([]byte, 64*len(s.kernels)+64)
	strtab := []byte{0}
	var symtab bytes.Buffer
	symtab.Write(make([]byte, 24)) // the null symbol
	addSym := func(name string, info byte, shndx uint16, value, size uint64) {
		nameOff := uint32(len(strtab))
		strtab = append(append(strtab, name...), 0)
		binary.Write(&symtab, binary.LittleEndian, nameOff)
		symtab.WriteByte(info)
		symtab.WriteByte(0)
		binary.Write(&symtab, binary.LittleEndian, shndx)
		binary.Write(&symtab, binary.LittleEndian, value)
		binary.Write(&symtab, binary.LittleEndian, size)
	}
	const textIdx, rodataIdx = 1, 2
	addSym("local_helper", 0x02, textIdx, 0, 4) // STB_LOCAL, STT_FUNC
	for i, k := range s.kernels {
		addSym(k+".kd", 0x11, rodataIdx, uint64(64*i), 64) // STB_GLOBAL, STT_OBJECT
		addSym(k, 0x12, textIdx, uint64(16*i), 16)         // STB_GLOBAL, STT_FUNC
	}
	for _, e := range s.extraSyms {
		addSym(e, 0x12, textIdx, 200, 4)
	}
	noteType := uint32(7) // SHT_NOTE
	if s.noteSegment {
		noteType = 1 // SHT_PROGBITS: only the segment says these are notes
	}
	align := s.noteAlign
	if align == 0 {
		align = 4
	}
	secs := []section{
		{},
		{name: ".text", typ: 1, flags: 0x6, align: 256, data: text},
		{name: ".rodata", typ: 1, flags: 0x2, align: 64, data: rodata},
		{name: ".note", typ: noteType, flags: 0x2, align: align, data: s.notes},
		{name: ".symtab", typ: 2, align: 8, entsize: 24, link: 5, info: 2, data: symtab.Bytes()},
		{name: ".strtab", typ: 3, align: 1, data: strtab},
		{name: ".shstrtab", typ: 3, align: 1},
	}
	shstr := []byte{0}
	nameOff := make([]uint32, len(secs))
	for i := 1; i < len(secs); i++ {
		nameOff[i] = uint32(len(shstr))
		shstr = append(append(shstr, secs[i].name...), 0)
	}
	secs[len(secs)-1].data = shstr

	var out bytes.Buffer
	out.Write(make([]byte, 64)) // the ELF header, filled in below
	phnum := 0
	if s.noteSegment {
		phnum = 1
		out.Write(make([]byte, 56))
	}
	for i := 1; i < len(secs); i++ {
		for uint64(out.Len())%secs[i].align != 0 {
			out.WriteByte(0)
		}
		secs[i].off = uint64(out.Len())
		out.Write(secs[i].data)
	}
	for out.Len()%8 != 0 {
		out.WriteByte(0)
	}
	shoff := uint64(out.Len())
	for i, sc := range secs {
		w := func(v any) { binary.Write(&out, binary.LittleEndian, v) }
		w(nameOff[i])
		w(sc.typ)
		w(sc.flags)
		w(uint64(0)) // addr
		w(sc.off)
		w(uint64(len(sc.data)))
		w(sc.link)
		w(sc.info)
		w(sc.align)
		w(sc.entsize)
	}
	b := out.Bytes()
	copy(b, []byte{0x7f, 'E', 'L', 'F', 2, 1, 1, 64, 3}) // ELF64, LSB, v1, ELFOSABI_AMDGPU_HSA, ABI v5
	le := binary.LittleEndian
	le.PutUint16(b[16:], 3)   // ET_DYN
	le.PutUint16(b[18:], 224) // EM_AMDGPU
	le.PutUint32(b[20:], 1)
	if phnum > 0 {
		le.PutUint64(b[32:], 64) // e_phoff
	}
	le.PutUint64(b[40:], shoff)
	le.PutUint32(b[48:], s.mach)
	le.PutUint16(b[52:], 64)
	le.PutUint16(b[54:], 56)
	le.PutUint16(b[56:], uint16(phnum))
	le.PutUint16(b[58:], 64)
	le.PutUint16(b[60:], uint16(len(secs)))
	le.PutUint16(b[62:], uint16(len(secs)-1))
	if phnum > 0 {
		p := b[64:]
		le.PutUint32(p[0:], 4) // PT_NOTE
		le.PutUint32(p[4:], 4) // PF_R
		le.PutUint64(p[8:], secs[3].off)
		le.PutUint64(p[32:], uint64(len(s.notes)))
		le.PutUint64(p[40:], uint64(len(s.notes)))
		le.PutUint64(p[48:], align)
	}
	return b
}

// twoKernels is the code object of the task: k1(ptr, u64, ptr) and k2(ptr, i32), each with
// hidden arguments, and any extra hidden ones on k2.
func twoKernels(t testing.TB, mach uint32, k2Hidden ...string) hsacoSpec {
	k1 := amdKernel("k1", []map[string]any{amdArg(8, 0, "global_buffer"), amdArg(8, 8, "by_value"), amdArg(8, 16, "global_buffer")}, "hidden_printf_buffer")
	k2 := amdKernel("k2", []map[string]any{amdArg(8, 0, "global_buffer"), amdArg(4, 8, "by_value")}, k2Hidden...)
	return hsacoSpec{mach: mach, kernels: []string{"k1", "k2"}, notes: amdMetadata(t, 4, k1, k2)}
}

func kernelParams(info *libscan.Info) string {
	var parts []string
	for _, k := range info.Kernels {
		parts = append(parts, fmt.Sprintf("%s%v", k.Name, k.Params))
		if k.Params == nil {
			parts[len(parts)-1] += "(nil)"
		}
	}
	return strings.Join(parts, " ")
}

func TestScanHsaco(t *testing.T) {
	for name, spec := range map[string]hsacoSpec{
		"note section":           twoKernels(t, machGfx90a),
		"feature bits":           twoKernels(t, machGfx90a|0x400|0x200), // sramecc any, xnack off
		"note segment":           func() hsacoSpec { s := twoKernels(t, machGfx90a); s.noteSegment = true; return s }(),
		"note section aligned 8": func() hsacoSpec { s := twoKernels(t, machGfx90a); s.noteAlign = 8; return s }(),
	} {
		info, err := libscan.Scan(hsacoELF(spec))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if info.Kind != libscan.KindHsaco || info.Kind.Vendor() != "hip" || info.Arch != "gfx90a" {
			t.Errorf("%s: kind %s (%s), arch %q", name, info.Kind, info.Kind.Vendor(), info.Arch)
		}
		if got, want := kernelParams(info), "k1[8 8 8] k2[8 4]"; got != want {
			t.Errorf("%s: kernels %s; want %s", name, got, want)
		}
	}
	// An 8-aligned note whose section says 4: found with the other alignment.
	s := twoKernels(t, machGfx90a)
	k1 := amdKernel("k1", []map[string]any{amdArg(8, 0, "global_buffer")})
	s.notes = amdMetadata(t, 8, k1)
	info, err := libscan.Scan(hsacoELF(s))
	if err != nil || kernelParams(info) != "k1[8] k2[](nil)" {
		t.Errorf("8-aligned note: %v, %v", err, info)
	}
}

// Without metadata gpufn understands, the kernels are still listed, with parameters unknown.
func TestScanHsacoUnknownParams(t *testing.T) {
	deep := bytes.Repeat([]byte{0x91}, 100000) // arrays nested 100000 deep
	for name, notes := range map[string][]byte{
		"no note":          nil,
		"other note":       amdNote("GNU", 3, []byte("build-id"), 4),
		"garbage":          amdNote("AMDGPU", 32, []byte{0x81, 0xa1, 'x', 0xc1}, 4),
		"truncated":        amdNote("AMDGPU", 32, []byte{0xdf, 0xff, 0xff, 0xff, 0xff}, 4),
		"deep":             amdNote("AMDGPU", 32, append([]byte{0x81, 0xa1, 'x'}, append(deep, 0)...), 4),
		"no kernels":       amdNote("AMDGPU", 32, []byte{0x80}, 4),
		"arg without size": amdNote("AMDGPU", 32, mustMsgpack(t, map[string]any{"amdhsa.kernels": []any{map[string]any{".symbol": "k1.kd", ".args": []any{map[string]any{".value_kind": "by_value"}}}}}), 4),
		"truncated record": amdNote("AMDGPU", 32, []byte{0x80}, 4)[:14],
	} {
		info, err := libscan.Scan(hsacoELF(hsacoSpec{mach: machGfx942, kernels: []string{"k1", "k2"}, notes: notes}))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if info.Arch != "gfx942" || kernelParams(info) != "k1[](nil) k2[](nil)" {
			t.Errorf("%s: arch %q, kernels %s", name, info.Arch, kernelParams(info))
		}
	}
}

func mustMsgpack(t testing.TB, v any) []byte {
	t.Helper()
	b, err := msgpack.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Code that can reach the device heap is refused, whichever way it shows.
func TestScanHsacoHeap(t *testing.T) {
	withNotes := func(notes []byte) hsacoSpec {
		return hsacoSpec{mach: machGfx90a, kernels: []string{"k1", "k2"}, notes: notes}
	}
	heapSpec := twoKernels(t, machGfx90a, "hidden_heap_v1")
	heapSegment := twoKernels(t, machGfx90a, "hidden_heap_v1")
	heapSegment.noteSegment = true
	cases := map[string]struct {
		spec hsacoSpec
		want string
	}{
		"hidden_heap_v1":         {heapSpec, `kernel "k2" takes the hidden argument hidden_heap_v1`},
		"hidden_heap_v1 segment": {heapSegment, `hidden_heap_v1`},
		"hostcall":               {twoKernels(t, machGfx90a, "hidden_hostcall_buffer"), `kernel "k2" takes the hidden argument hidden_hostcall_buffer`},
		"allocator symbol": {
			func() hsacoSpec { s := twoKernels(t, machGfx90a); s.extraSyms = []string{"__ockl_dm_alloc"}; return s }(),
			`device allocator symbol "__ockl_dm_alloc"`},
		"v4 static heap": {
			func() hsacoSpec {
				s := twoKernels(t, machGfx90a)
				s.extraSyms = []string{"get_heap_ptr.heap"}
				return s
			}(),
			`"get_heap_ptr.heap"`},
		"marker in unreadable metadata": {
			withNotes(amdNote("AMDGPU", 32, []byte("\xc1 hidden_heap_v1"), 4)),
			`its metadata names hidden_heap_v1`},
		"marker in a misaligned note": {
			withNotes(append([]byte{0, 0}, amdMetadata(t, 4, amdKernel("k1", nil, "hidden_hostcall_buffer"))...)),
			`its metadata names hidden_hostcall_buffer`},
		"v2 hostcall": {
			withNotes(amdNote("AMD", 10, []byte("---\nKernels:\n  - Name: k1\n    Args:\n      - Size: 8\n        ValueKind: HiddenHostcallBuffer\n...\n"), 4)),
			`HiddenHostcallBuffer`},
		"v2 escapes": {
			withNotes(amdNote("AMD", 10, []byte("---\nKernels:\n  - Name: k1\n    Args:\n      - Size: 8\n        ValueKind: \"\\x48iddenHostcallBuffer\"\n...\n"), 4)),
			`escape sequences`},
	}
	for name, c := range cases {
		_, err := libscan.Scan(hsacoELF(c.spec))
		var le *libscan.LibraryError
		if !errors.As(err, &le) || !errors.Is(err, libscan.ErrBadLibrary) {
			t.Errorf("%s: err = %v; want a *LibraryError", name, err)
			continue
		}
		if !strings.Contains(err.Error(), "device heap") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want it to say %q", name, err, c.want)
		}
	}
	// Plain v2 YAML metadata, and printf through a buffer, are fine.
	for name, spec := range map[string]hsacoSpec{
		"v2 yaml":       withNotes(amdNote("AMD", 10, []byte("---\nKernels:\n  - Name: k1\n    Args:\n      - Size: 8\n        ValueKind: GlobalBuffer\n...\n"), 4)),
		"printf buffer": twoKernels(t, machGfx90a, "hidden_printf_buffer", "hidden_multigrid_sync_arg"),
	} {
		if _, err := libscan.Scan(hsacoELF(spec)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// amdBundle is a clang offload bundle of the given entries (id, bytes), in order.
func amdBundle(entries ...[2]string) []byte {
	var hdr bytes.Buffer
	hdr.WriteString("__CLANG_OFFLOAD_BUNDLE__")
	binary.Write(&hdr, binary.LittleEndian, uint64(len(entries)))
	size := hdr.Len()
	for _, e := range entries {
		size += 24 + len(e[0])
	}
	var data bytes.Buffer
	for _, e := range entries {
		for (size+data.Len())%8 != 0 {
			data.WriteByte(0)
		}
		binary.Write(&hdr, binary.LittleEndian, uint64(size+data.Len()))
		binary.Write(&hdr, binary.LittleEndian, uint64(len(e[1])))
		binary.Write(&hdr, binary.LittleEndian, uint64(len(e[0])))
		hdr.WriteString(e[0])
		data.WriteString(e[1])
	}
	return append(hdr.Bytes(), data.Bytes()...)
}

func TestScanHsacoBundle(t *testing.T) {
	co90a := hsacoELF(twoKernels(t, machGfx90a))
	co942 := hsacoELF(twoKernels(t, machGfx942))
	b := amdBundle(
		[2]string{"host-x86_64-unknown-linux-gnu", ""},
		[2]string{"hipv4-amdgcn-amd-amdhsa--gfx90a", string(co90a)},
		[2]string{"hipv4-amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-", string(co942)},
	)
	info, err := libscan.Scan(b)
	if err != nil {
		t.Fatal(err)
	}
	if info.Kind != libscan.KindBundle || info.Kind.Vendor() != "hip" || len(info.Entries) != 2 {
		t.Fatalf("kind %s, entries %+v", info.Kind, info.Entries)
	}
	if info.Entries[0].Arch != "gfx90a" || info.Entries[1].Arch != "gfx942:sramecc+:xnack-" || info.Arch != "gfx90a,gfx942:sramecc+:xnack-" {
		t.Errorf("entries %+v, arch %q", info.Entries, info.Arch)
	}
	if got := kernelParams(info); got != "k1[8 8 8] k2[8 4]" {
		t.Errorf("kernels %s", got)
	}
	if e, ok := libscan.BundleEntryFor(b, info, "gfx942"); !ok || !bytes.Equal(e, co942) {
		t.Errorf("gfx942: %v, %d bytes", ok, len(e))
	}
	if e, ok := libscan.BundleEntryFor(b, info, "gfx90a"); !ok || !bytes.Equal(e, co90a) {
		t.Errorf("gfx90a: %v, %d bytes", ok, len(e))
	}
	if e, ok := libscan.BundleEntryFor(b, info, "gfx1100"); ok || e != nil {
		t.Errorf("gfx1100: %v, %d bytes", ok, len(e))
	}
	if sub, err := libscan.Scan(mustEntry(t, b, info, "gfx942")); err != nil || sub.Arch != "gfx942" {
		t.Errorf("the gfx942 entry scans to %v, %v", sub, err)
	}
	// One entry that uses the device heap spoils the bundle.
	heap := hsacoELF(twoKernels(t, machGfx942, "hidden_heap_v1"))
	_, err = libscan.Scan(amdBundle(
		[2]string{"hipv4-amdgcn-amd-amdhsa--gfx90a", string(co90a)},
		[2]string{"hipv4-amdgcn-amd-amdhsa--gfx942", string(heap)},
	))
	if !errors.Is(err, libscan.ErrBadLibrary) || !strings.Contains(err.Error(), "device heap") || !strings.Contains(err.Error(), "gfx942") {
		t.Errorf("bundle with a heap entry: %v", err)
	}
}

func mustEntry(t *testing.T, b []byte, info *libscan.Info, arch string) []byte {
	t.Helper()
	e, ok := libscan.BundleEntryFor(b, info, arch)
	if !ok {
		t.Fatalf("no entry for %s", arch)
	}
	return e
}

func TestAMDGPUArch(t *testing.T) {
	for mach, want := range map[uint32]string{
		0x2c: "gfx900", 0x30: "gfx908", 0x3f: "gfx90a", 0x40: "gfx940", 0x4c: "gfx942", 0x4f: "gfx950",
		0x36: "gfx1030", 0x41: "gfx1100", 0x4a: "gfx1151", 0x48: "gfx1200", 0x4e: "gfx1201",
		0x51: "gfx9-generic", 0x4d: "gfx(mach 0x4d)",
	} {
		info, err := libscan.Scan(hsacoELF(hsacoSpec{mach: mach | 0x500, kernels: []string{"k"}}))
		if err != nil || info.Arch != want {
			t.Errorf("mach 0x%x: %v, %v; want %s", mach, info, err, want)
		}
	}
}

// Damaged code objects are refused or scanned, never a panic or a hang.
func TestScanHsacoDamaged(t *testing.T) {
	seeds := [][]byte{
		hsacoELF(twoKernels(t, machGfx90a)),
		hsacoELF(func() hsacoSpec { s := twoKernels(t, machGfx90a); s.noteSegment = true; return s }()),
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 3000; i++ {
		b := bytes.Clone(seeds[i%len(seeds)])
		for n := 1 + rng.Intn(8); n > 0; n-- {
			b[rng.Intn(len(b))] = byte(rng.Intn(256))
		}
		if rng.Intn(4) == 0 {
			b = b[:rng.Intn(len(b))]
		}
		libscan.Scan(b)
	}
}

func FuzzScanHsaco(f *testing.F) {
	f.Add(hsacoELF(twoKernels(f, machGfx90a)))
	f.Add(hsacoELF(twoKernels(f, machGfx942, "hidden_heap_v1")))
	f.Add(amdBundle([2]string{"hipv4-amdgcn-amd-amdhsa--gfx90a", string(hsacoELF(twoKernels(f, machGfx90a)))}))
	f.Fuzz(func(t *testing.T, b []byte) {
		info, err := libscan.Scan(b)
		if err == nil && len(info.Kernels) == 0 {
			t.Fatal("a library without kernels was accepted")
		}
		if err != nil && !errors.Is(err, libscan.ErrBadLibrary) {
			t.Fatalf("error %v is not a library error", err)
		}
	})
}

// Code objects made by a real compiler: Debian's hipcc 5.2.3 (clang 15) from the examples'
// .hip sources; testdata/amd/README.md says how. They are code object v4 (that hipcc's
// default) unless named -v5, and offload bundles unless named .co.
func readAMD(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/amd/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The HIP libraries have the kernels and argument lists of the CUDA ones (function's tests
// check the example configs against them).
func TestScanHsacoHipcc(t *testing.T) {
	libs := map[string]*libscan.Info{}
	for lib, file := range map[string]string{"mlops": "mlops.hsaco", "module": "module.hsaco", "testkernels": "testkernels-noprintf.co"} {
		info, err := libscan.Scan(readAMD(t, file))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		libs[lib] = info
		ptx, err := libscan.Scan(readFile(t, "../examples/"+lib+"/"+lib+".ptx"))
		if err != nil {
			t.Fatal(err)
		}
		var want, got []string
		for _, k := range ptx.Kernels {
			if k.Name != "print_inject" {
				want = append(want, fmt.Sprintf("%s%v", k.Name, k.Params))
			}
		}
		for _, k := range info.Kernels {
			got = append(got, fmt.Sprintf("%s%v", k.Name, k.Params))
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: hip kernels %v; the PTX has %v", file, got, want)
		}
	}
	if info := libs["testkernels"]; info.Kind != libscan.KindHsaco || info.Arch != "gfx90a" {
		t.Errorf("testkernels-noprintf.co: kind %s, arch %q", info.Kind, info.Arch)
	}
	if info := libs["module"]; info.Kind != libscan.KindBundle || info.Arch != "gfx908,gfx90a:xnack-" {
		t.Errorf("module.hsaco: kind %s, arch %q", info.Kind, info.Arch)
	}
	// The bundle yields the code object for a device of its architecture, ignoring features.
	b := readAMD(t, "module.hsaco")
	e, ok := libscan.BundleEntryFor(b, libs["module"], "gfx90a")
	if !ok {
		t.Fatal("module.hsaco: no code object for gfx90a")
	}
	if sub, err := libscan.Scan(e); err != nil || sub.Kind != libscan.KindHsaco || sub.Arch != "gfx90a" {
		t.Errorf("module.hsaco's gfx90a entry: %v, %v", sub, err)
	}
	if _, ok := libscan.BundleEntryFor(b, libs["module"], "gfx942"); ok {
		t.Error("module.hsaco: a code object for gfx942")
	}
}

func TestScanHsacoHipccHeap(t *testing.T) {
	for file, want := range map[string]string{
		"malloc.hsaco":      `"__ockl_dm_alloc"`,                                               // v4: the allocator's symbol, and host calls
		"malloc-v5.co":      `"__ockl_dm_alloc"`,                                               // v5: the same, and hidden_heap_v1
		"testkernels.hsaco": `"print_inject" takes the hidden argument hidden_hostcall_buffer`, // printf over host calls
	} {
		_, err := libscan.Scan(readAMD(t, file))
		if !errors.Is(err, libscan.ErrBadLibrary) || !strings.Contains(err.Error(), "device heap") || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want a refusal naming %s", file, err, want)
		}
	}
	// Without its symbols (renamed in place), the v5 allocator still shows in the metadata.
	b := readAMD(t, "malloc-v5.co")
	b = bytes.ReplaceAll(b, []byte("__ockl_dm_"), []byte("__ockl_xx_"))
	_, err := libscan.Scan(b)
	if err == nil || !strings.Contains(err.Error(), `kernel "uses_malloc" takes the hidden argument hidden_heap_v1`) {
		t.Errorf("malloc-v5.co without allocator symbols: %v", err)
	}
}
