package function_test

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpufn/function"
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

func TestCheckLimits(t *testing.T) {
	cfg := strings.Replace(matmulConfig, `"block_dim_x": {"Absolute": 32}, "block_dim_y": {"Absolute": 32}`, `"block_dim_x": {"Absolute": 64}, "block_dim_y": {"Absolute": 32}`, 1)
	p, err := function.Parse([]byte(cfg))
	if err != nil {
		t.Fatal(err)
	}
	h100 := function.Limits{MaxThreadsPerBlock: 1024, MaxBlockDim: [3]uint32{1024, 1024, 64}, MaxGridDim: [3]uint32{1<<31 - 1, 65535, 65535}, MaxSharedMemPerBlock: 232448}
	err = p.CheckLimits(h100)
	if err == nil || !strings.Contains(err.Error(), "a block of 2048 threads exceeds the device's maximum of 1024") {
		t.Fatalf("err = %v", err)
	}
	ok, _ := function.Parse([]byte(matmulConfig))
	if err := ok.CheckLimits(h100); err != nil {
		t.Fatal(err)
	}
	// Launch fields from inputs are checked when evaluated.
	in := binary.LittleEndian.AppendUint64(nil, 70000) // grid y above 65535
	sizes := make([]uint64, ok.NumSlots())
	a := make([]byte, 16)
	if err := ok.Sizes([][]byte{in, a}, sizes); err != nil {
		t.Fatal(err)
	}
	_, _, _, err = ok.Body[0].LaunchShape([][]byte{in, a}, sizes, h100)
	if !errors.Is(err, function.ErrBadInput) || !strings.Contains(err.Error(), "grid_dim_y") {
		t.Fatalf("LaunchShape: %v", err)
	}
}

// The parameter sizes of an AMD code object reach CheckLibrary, which then checks argument
// counts as for PTX. (libscan/testdata/amd/README.md says how the code objects were made.)
func TestCheckLibraryHsaco(t *testing.T) {
	lib, err := libscan.Scan(readFile(t, "../libscan/testdata/amd/mlops.hsaco"))
	if err != nil {
		t.Fatal(err)
	}
	checkArgCounts(t, lib)
}

// checkArgCounts checks matmul's config against lib, which has matmul_para with three
// parameters: accepted as it is, refused with two arguments, naming the kernel and the path.
func checkArgCounts(t *testing.T, lib *libscan.Info) {
	t.Helper()
	p, err := function.Parse([]byte(matmulConfig))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckLibrary(lib); err != nil {
		t.Fatalf("three arguments: %v", err)
	}
	bad := strings.Replace(matmulConfig, `[{"Ptr": "A"}, {"Sizeof": "A"}, {"Ptr": "B"}]`, `[{"Ptr": "A"}, {"Ptr": "B"}]`, 1)
	p2, err := function.Parse([]byte(bad))
	if err != nil {
		t.Fatal(err)
	}
	err = p2.CheckLibrary(lib)
	if err == nil || !strings.Contains(err.Error(), `kernel "matmul_para" takes 3 parameters; 2 are given`) || !strings.Contains(err.Error(), "blueprint.control_flow[0].ExecKernel.args") {
		t.Fatalf("two arguments: %v", err)
	}
}

// The example configs check against the HIP builds of their libraries, made by a real
// compiler (hipcc 5.2.3) from the examples' .hip sources.
func TestExampleConfigsCheckAgainstHIPLibraries(t *testing.T) {
	libs := map[string]*libscan.Info{}
	for lib, file := range map[string]string{"mlops": "mlops.hsaco", "module": "module.hsaco", "testkernels": "testkernels-noprintf.co"} {
		info, err := libscan.Scan(readFile(t, "../libscan/testdata/amd/"+file))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		libs[lib] = info
	}
	configs, _ := filepath.Glob("../examples/configs/*.json")
	more, _ := filepath.Glob("../examples/configs/testkernels/*.json")
	for _, c := range append(configs, more...) {
		if strings.HasSuffix(c, "print_inject.json") {
			continue
		}
		p, err := function.Parse(readFile(t, c))
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		lib := libs[p.ModulePath]
		if lib == nil {
			t.Errorf("%s: module_path %q", c, p.ModulePath)
			continue
		}
		if err := p.CheckLibrary(lib); err != nil {
			t.Errorf("%s against the HIP library: %v", c, err)
		}
	}
}
