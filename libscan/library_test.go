package libscan_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"strings"
	"testing"

	"gpufn/libscan"
)

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The committed PTX, and cubins and fatbins made from the same sources by nvcc 13 on the GPU
// machine (testdata), are recognized with their kernels and parameter sizes.
func TestScanLibraryKinds(t *testing.T) {
	mlopsKernels := "convolution_f,convolution_f_batched,matmul_f,matmul_loop,matmul_para,maxpool_f,maxpool_f_batched,relu_1d_f,relu_2d_f,relu_2d_f_batched"
	cases := []struct {
		file    string
		kind    libscan.Kind
		arch    string
		kernels string
	}{
		{"../examples/mlops/mlops.ptx", libscan.KindPTX, "sm_90", mlopsKernels},
		{"testdata/mlops.cubin", libscan.KindCubin, "sm_90", mlopsKernels},
		{"testdata/mlops.fatbin", libscan.KindFatbin, "sm_90", mlopsKernels},
		{"../examples/module/module.ptx", libscan.KindPTX, "sm_90", "check_mem,check_then_write,hello_world,set_mem"},
		{"testdata/module.cubin", libscan.KindCubin, "sm_90", "check_mem,check_then_write,hello_world,set_mem"},
		{"testdata/testkernels.fatbin", libscan.KindFatbin, "sm_90", "add_i64,args8,check_zero,fault,fill_u8,print_inject,spin,spin_ns,write_index"},
	}
	for _, c := range cases {
		info, err := libscan.Scan(readFile(t, c.file))
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if info.Kind != c.kind || info.Arch != c.arch || strings.Join(info.KernelNames(), ",") != c.kernels {
			t.Errorf("%s: got %s %s %v", c.file, info.Kind, info.Arch, info.KernelNames())
		}
		k := info.Kernel("matmul_para")
		if k == nil {
			k = info.Kernel("check_mem")
		}
		if k == nil {
			k = info.Kernel("args8")
		}
		if k == nil || len(k.Params) == 0 {
			t.Errorf("%s: no parameter sizes: %+v", c.file, k)
			continue
		}
		for _, s := range k.Params {
			if s != 8 {
				t.Errorf("%s: %s params %v, want all 8 bytes", c.file, k.Name, k.Params)
			}
		}
	}
	// hello_world takes no parameters; args8 takes six.
	info, _ := libscan.Scan(readFile(t, "testdata/module.cubin"))
	if k := info.Kernel("hello_world"); k == nil || k.Params == nil || len(k.Params) != 0 {
		t.Errorf("hello_world params: %+v", k)
	}
	info, _ = libscan.Scan(readFile(t, "testdata/testkernels.cubin"))
	if k := info.Kernel("args8"); k == nil || len(k.Params) != 6 {
		t.Errorf("args8 params: %+v", k)
	}
}

// Code that calls device malloc is refused in every form it can arrive in.
func TestScanLibraryRefusesDeviceMalloc(t *testing.T) {
	for _, f := range []string{"../examples/testkernels/malloc.ptx", "testdata/malloc.cubin", "testdata/malloc.fatbin"} {
		_, err := libscan.Scan(readFile(t, f))
		if !errors.Is(err, libscan.ErrBadLibrary) || !strings.Contains(err.Error(), "malloc") {
			t.Errorf("%s: err = %v, want a refusal naming malloc", f, err)
		}
	}
	// Device printf (vprintf) is allowed: testkernels uses it.
	if _, err := libscan.Scan(readFile(t, "../examples/testkernels/testkernels.ptx")); err != nil {
		t.Errorf("printf library refused: %v", err)
	}
}

func TestScanLibraryRejectsJunk(t *testing.T) {
	elf := readFile(t, "testdata/mlops.cubin")
	notGPU := append([]byte(nil), elf...)
	binary.LittleEndian.PutUint16(notGPU[18:], 62) // EM_X86_64
	truncatedFat := readFile(t, "testdata/mlops.fatbin")[:100]
	for name, b := range map[string][]byte{
		"empty":         {},
		"text":          []byte("hello world"),
		"json":          []byte(`{"module_path": "x"}`),
		"ptx no target": []byte(".version 8.0\n.entry k() { ret; }"),
		"random":        bytes.Repeat([]byte{0x13, 0x37}, 100),
		"x86 elf":       notGPU,
		"truncated elf": elf[:64],
		"truncated fat": truncatedFat,
		"bundle header": []byte("__CLANG_OFFLOAD_BUNDLE__\x05"),
		"no entries":    []byte(".version 8.0\n.target sm_90\n.address_size 64\n"),
	} {
		if _, err := libscan.Scan(b); !errors.Is(err, libscan.ErrBadLibrary) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}

// A clang offload bundle lists its AMD code objects and yields the one for a device.
func TestScanBundle(t *testing.T) {
	// A minimal hsaco-shaped ELF: take the cubin and relabel the machine as EM_AMDGPU with a
	// gfx90a mach; its "kernels" are then found through .kd symbols, of which it has none, so
	// build the bundle around a host entry and check the error instead.
	var b bytes.Buffer
	b.WriteString("__CLANG_OFFLOAD_BUNDLE__")
	binary.Write(&b, binary.LittleEndian, uint64(1))
	id := "host-x86_64-unknown-linux-gnu"
	binary.Write(&b, binary.LittleEndian, uint64(0))
	binary.Write(&b, binary.LittleEndian, uint64(0))
	binary.Write(&b, binary.LittleEndian, uint64(len(id)))
	b.WriteString(id)
	_, err := libscan.Scan(b.Bytes())
	if err == nil || !strings.Contains(err.Error(), "no AMD GPU code object") {
		t.Fatalf("host-only bundle: %v", err)
	}
}

// The entries of a fatbin come out inflated: its cubin, and its PTX, which the scanner reads
// with the kernels of the fatbin.
func TestFatbinEntries(t *testing.T) {
	for _, c := range []struct{ file, kernel string }{{"testdata/testkernels.fatbin", "args8"}, {"testdata/malloc.fatbin", "uses_malloc"}} {
		entries, err := libscan.FatbinEntries(readFile(t, c.file))
		if err != nil || len(entries) != 2 || entries[0].Kind != libscan.KindCubin || entries[1].Kind != libscan.KindPTX || entries[1].Arch != "sm_90" {
			t.Fatalf("%s: %v", c.file, err)
		}
		info, err := libscan.Scan(entries[1].Code)
		if c.kernel == "uses_malloc" {
			if !errors.Is(err, libscan.ErrBadLibrary) {
				t.Errorf("%s: the PTX entry is accepted: %v", c.file, err)
			}
			continue
		}
		if err != nil || info.Kind != libscan.KindPTX || info.Kernel(c.kernel) == nil {
			t.Errorf("%s: %+v %v", c.file, info, err)
		}
		if cub, err := libscan.Scan(entries[0].Code); err != nil || cub.Kind != libscan.KindCubin || cub.Kernel(c.kernel) == nil {
			t.Errorf("%s: cubin entry %+v %v", c.file, cub, err)
		}
	}
	if entries, err := libscan.FatbinEntries(readFile(t, "testdata/mlops.cubin")); err == nil || entries != nil {
		t.Errorf("a cubin: %v %v", entries, err)
	}
}
