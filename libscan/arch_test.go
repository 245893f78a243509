package libscan_test

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"gpufn/libscan"
)

func TestCheckArch(t *testing.T) {
	bundle := func(archs ...string) *libscan.Info {
		info := &libscan.Info{Kind: libscan.KindBundle, Arch: strings.Join(archs, ",")}
		for _, a := range archs {
			info.Entries = append(info.Entries, libscan.BundleEntry{ID: "hipv4-amdgcn-amd-amdhsa--" + a, Arch: a, Size: 1})
		}
		return info
	}
	lib := func(kind libscan.Kind, arch string) *libscan.Info { return &libscan.Info{Kind: kind, Arch: arch} }
	cases := []struct {
		name   string
		info   *libscan.Info
		device string
		want   string // "" when the library fits; else what the error says
	}{
		{"cubin for the device", lib(libscan.KindCubin, "sm_90"), "sm_90", ""},
		{"cubin of an older minor", lib(libscan.KindCubin, "sm_86"), "sm_89", ""},
		{"cubin of a newer minor", lib(libscan.KindCubin, "sm_89"), "sm_86", "the cubin is for sm_89 and cannot run on this server's sm_86; build for sm_86, or upload PTX"},
		{"cubin of an older major", lib(libscan.KindCubin, "sm_80"), "sm_90", "the cubin is for sm_80 and cannot run on this server's sm_90"},
		{"cubin of a newer major", lib(libscan.KindCubin, "sm_90"), "sm_100", "the cubin is for sm_90 and cannot run on this server's sm_100"},
		{"arch-specific cubin", lib(libscan.KindCubin, "sm_90a"), "sm_90", ""},
		{"family cubin", lib(libscan.KindCubin, "sm_100f"), "sm_100", ""},
		{"cubin without an arch", lib(libscan.KindCubin, ""), "sm_90", ""},
		{"cubin, device arch unknown", lib(libscan.KindCubin, "sm_90"), "", ""},
		{"cubin, device arch not sm_", lib(libscan.KindCubin, "sm_90"), "go", ""},
		{"PTX for the device", lib(libscan.KindPTX, "sm_90"), "sm_90", ""},
		{"PTX for an older SM", lib(libscan.KindPTX, "sm_52"), "sm_90", ""},
		{"PTX for an older major", lib(libscan.KindPTX, "sm_90"), "sm_100", ""},
		{"PTX for a newer SM", lib(libscan.KindPTX, "sm_90"), "sm_80", "the PTX targets sm_90, newer than this server's sm_80"},
		{"arch-specific PTX", lib(libscan.KindPTX, "sm_90a"), "sm_90", ""},
		{"PTX, device arch unknown", lib(libscan.KindPTX, "sm_90"), "", ""},
		{"fatbin of a newer SM", lib(libscan.KindFatbin, "sm_90"), "sm_80", ""},
		{"hsaco of another processor", lib(libscan.KindHsaco, "gfx90a"), "gfx942", ""},
		{"bundle with the device's processor", bundle("gfx908", "gfx90a"), "gfx90a", ""},
		{"bundle entry with target features", bundle("gfx908", "gfx90a:xnack-"), "gfx90a", ""},
		{"bundle without the device's processor", bundle("gfx908", "gfx90a:xnack-"), "gfx942", "the offload bundle has code for gfx908,gfx90a:xnack- but not for this server's gfx942"},
		{"bundle, processor only a prefix", bundle("gfx90"), "gfx90a", "the offload bundle has code for gfx90 but not for this server's gfx90a"},
		{"bundle, device arch unknown", bundle("gfx908"), "", ""},
	}
	for _, c := range cases {
		err := libscan.CheckArch(c.info, c.device)
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		var ae *libscan.ArchError
		if !errors.As(err, &ae) || !errors.Is(err, libscan.ErrIncompatibleArch) || errors.Is(err, libscan.ErrBadLibrary) {
			t.Errorf("%s: err = %v (%T); want an *ArchError", c.name, err, err)
			continue
		}
		if ae.Kind != c.info.Kind || ae.Arch != c.info.Arch || ae.Device != c.device {
			t.Errorf("%s: %+v", c.name, *ae)
		}
		if !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %q; want it to begin %q", c.name, err, c.want)
		}
	}
}

// The architectures scanned from real libraries are what CheckArch compares.
func TestCheckArchScanned(t *testing.T) {
	cubin, err := libscan.Scan(readFile(t, "testdata/mlops.cubin")) // sm_90
	if err != nil {
		t.Fatal(err)
	}
	if err := libscan.CheckArch(cubin, "sm_90"); err != nil {
		t.Errorf("mlops.cubin on sm_90: %v", err)
	}
	if err := libscan.CheckArch(cubin, "sm_80"); !errors.Is(err, libscan.ErrIncompatibleArch) {
		t.Errorf("mlops.cubin on sm_80: %v", err)
	}
	bundle, err := libscan.Scan(readAMD(t, "module.hsaco")) // gfx908, gfx90a:xnack-
	if err != nil {
		t.Fatal(err)
	}
	for dev, fits := range map[string]bool{"gfx908": true, "gfx90a": true, "gfx942": false} {
		if err := libscan.CheckArch(bundle, dev); (err == nil) != fits {
			t.Errorf("module.hsaco on %s: %v", dev, err)
		}
	}
}

// A cubin whose header's e_version is CUDA's ABI version (126 with OSABI 51, as nvcc writes
// for sm_86 among others) scans like any other: debug/elf alone refuses it.
func TestCubinWithCUDAELFVersion(t *testing.T) {
	b := readFile(t, "testdata/mlops.cubin")
	want, err := libscan.Scan(b)
	if err != nil {
		t.Fatal(err)
	}
	odd := append([]byte(nil), b...)
	odd[7] = 51                                  // EI_OSABI: CUDA
	binary.LittleEndian.PutUint32(odd[20:], 126) // e_version
	got, err := libscan.Scan(odd)
	if err != nil {
		t.Fatalf("e_version 126: %v", err)
	}
	if got.Arch != want.Arch || len(got.Kernels) != len(want.Kernels) || got.Kernel("matmul_para") == nil {
		t.Fatalf("scanned %+v, want %+v", got, want)
	}
}
