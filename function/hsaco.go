package function

import (
	"debug/elf"
	"fmt"
	"strings"
)

// AMD code objects (hsaco): kernels, architecture.

func scanHsaco(f *elf.File, flags uint32) (*LibraryInfo, error) {
	info := &LibraryInfo{Kind: KindHsaco, Arch: amdgpuArch(flags)}
	syms, err := elfSymbols(f)
	if err != nil {
		return nil, err
	}
	for _, s := range syms {
		if s.Section == elf.SHN_UNDEF || elf.ST_BIND(s.Info) != elf.STB_GLOBAL {
			continue
		}
		if name, ok := strings.CutSuffix(s.Name, ".kd"); ok && elf.ST_TYPE(s.Info) == elf.STT_OBJECT {
			info.Kernels = append(info.Kernels, KernelInfo{Name: name})
		} else if elf.ST_TYPE(s.Info) == 10 { // STT_AMDGPU_HSA_KERNEL, code object v2
			info.Kernels = append(info.Kernels, KernelInfo{Name: s.Name})
		}
	}
	return finish(info)
}

// amdgpuMach maps EF_AMDGPU_MACH (the low byte of e_flags) to the gfx name.
var amdgpuMach = map[uint32]string{
	0x2c: "gfx900", 0x2d: "gfx902", 0x2e: "gfx904", 0x2f: "gfx906", 0x30: "gfx908", 0x31: "gfx909",
	0x32: "gfx90c", 0x33: "gfx1010", 0x34: "gfx1011", 0x35: "gfx1012", 0x36: "gfx1030",
	0x37: "gfx1031", 0x38: "gfx1032", 0x39: "gfx1033", 0x3d: "gfx1035", 0x3e: "gfx1034",
	0x3f: "gfx90a", 0x40: "gfx940", 0x41: "gfx1100", 0x42: "gfx1013", 0x43: "gfx1150",
	0x44: "gfx1103", 0x45: "gfx1036", 0x46: "gfx1101", 0x47: "gfx1102", 0x48: "gfx1200",
	0x4b: "gfx941", 0x4c: "gfx942", 0x4e: "gfx1201", 0x4f: "gfx950",
}

func amdgpuArch(flags uint32) string {
	if s, ok := amdgpuMach[flags&0xff]; ok {
		return s
	}
	return fmt.Sprintf("gfx(mach 0x%x)", flags&0xff)
}
