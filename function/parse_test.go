package function_test

import (
	"encoding/binary"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"gpufn/function"
	"gpufn/libscan"
)

// matmulConfig is the structure of Dandelion's matmul test config.
const matmulConfig = `{
  "module_path": "mlops.hsaco",
  "kernels": ["matmul_para"],
  "blueprint": {
    "inputs": ["cfg", "A"],
    "buffers": {"B": {"Sizeof": "A"}},
    "outputs": ["B"],
    "control_flow": [
      {"ExecKernel": ["matmul_para", [{"Ptr": "A"}, {"Sizeof": "A"}, {"Ptr": "B"}], {
        "grid_dim_x": {"FromInput": {"bufname": "cfg", "idx": 0}},
        "grid_dim_y": {"FromInput": {"bufname": "cfg", "idx": 0}},
        "grid_dim_z": {"Absolute": 1},
        "block_dim_x": {"Absolute": 32}, "block_dim_y": {"Absolute": 32}, "block_dim_z": {"Absolute": 1},
        "shared_mem_bytes": {"Absolute": 0}}]}
    ]
  }
}`

const launch1 = `{"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
 "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
 "shared_mem_bytes": {"Absolute": 0}}`

func TestParseMatmul(t *testing.T) {
	p, err := function.Parse([]byte(matmulConfig))
	if err != nil {
		t.Fatal(err)
	}
	if p.ModulePath != "mlops.hsaco" || len(p.Kernels) != 1 || p.Kernels[0] != "matmul_para" {
		t.Fatalf("module/kernels: %+v", p)
	}
	if got := strings.Join(p.Inputs, ","); got != "cfg,A" {
		t.Fatalf("inputs %s", got)
	}
	if len(p.Buffers) != 1 || p.Buffers[0].Name != "B" || p.Buffers[0].Size.Kind != function.SizeSizeof || p.Buffers[0].Size.Slot != 1 {
		t.Fatalf("buffers %+v", p.Buffers)
	}
	if len(p.Outputs) != 1 || p.Outputs[0] != 2 {
		t.Fatalf("outputs %v", p.Outputs)
	}
	op := p.Body[0]
	if op.Repeat || op.Kernel != 0 || len(op.Args) != 3 {
		t.Fatalf("op %+v", op)
	}
	if op.Args[0].Kind != function.ArgPtr || op.Args[0].Slot != 1 || op.Args[1].Kind != function.ArgSizeof || op.Args[2].Slot != 2 {
		t.Fatalf("args %+v", op.Args)
	}
	if op.Launch[0].Kind != function.SizeFromInput || op.Launch[0].Slot != 0 || op.Launch[0].Value != 0 || op.Launch[3].Value != 32 {
		t.Fatalf("launch %+v", op.Launch)
	}
	// Sizes for n = 4: cfg = [1], A = 8*(1+16) bytes.
	cfg := binary.LittleEndian.AppendUint64(nil, 1)
	a := make([]byte, 8*17)
	sizes := make([]uint64, p.NumSlots())
	if err := p.Sizes([][]byte{cfg, a}, sizes); err != nil {
		t.Fatal(err)
	}
	if sizes[0] != 8 || sizes[1] != 136 || sizes[2] != 136 {
		t.Fatalf("sizes %v", sizes)
	}
	fp, _ := function.Footprint(sizes)
	if fp != 3*256 {
		t.Fatalf("footprint %d", fp)
	}
}

// Every sizing, argument and action form parses.
func TestParseAllForms(t *testing.T) {
	cfg := `{"module_path": "lib", "kernels": ["k", "j"], "blueprint": {
	  "inputs": ["in"],
	  "buffers": {"a": {"Absolute": 64}, "b": {"Sizeof": "in"}, "c": {"FromInput": {"bufname": "in", "idx": 1}}},
	  "outputs": ["c", "in"],
	  "control_flow": [
	    {"ExecKernel": ["k", [{"Ptr": "a"}, {"Sizeof": "b"}, {"Constant": -7}], ` + launch1 + `]},
	    {"Repeat": [{"FromInput": {"bufname": "in", "idx": 0}}, [
	       {"Repeat": [{"Absolute": 2}, [{"ExecKernel": ["j", [], ` + launch1 + `]}]]},
	       {"ExecKernel": ["k", [{"Ptr": "c"}, {"Constant": 9223372036854775807}, {"Constant": -9223372036854775808}], ` + launch1 + `]}]]}
	  ]}}`
	p, err := function.Parse([]byte(cfg))
	if err != nil {
		t.Fatal(err)
	}
	if p.Body[0].Args[2].Const != -7 || p.Body[1].Body[1].Args[2].Const != -1<<63 {
		t.Fatalf("constants: %+v", p.Body)
	}
	if !p.Body[1].Repeat || !p.Body[1].Body[0].Repeat || p.Body[1].Body[0].Count.Value != 2 {
		t.Fatalf("repeat: %+v", p.Body[1])
	}
	in := binary.LittleEndian.AppendUint64(nil, 3)
	in = binary.LittleEndian.AppendUint64(in, 100)
	sizes := make([]uint64, p.NumSlots())
	if err := p.Sizes([][]byte{in}, sizes); err != nil {
		t.Fatal(err)
	}
	if sizes[1] != 64 || sizes[2] != 16 || sizes[3] != 100 {
		t.Fatalf("sizes %v", sizes)
	}
	n, err := p.Launches([][]byte{in}, sizes, 1000)
	if err != nil || n != 1+3*(2+1) {
		t.Fatalf("launches %d %v", n, err)
	}
	if _, err := p.Launches([][]byte{in}, sizes, 5); err == nil || !errors.Is(err, function.ErrBadInput) {
		t.Fatalf("launch limit: %v", err)
	}
}

// Buffers are allocated in dependency order, ties in declaration order.
func TestBufferOrder(t *testing.T) {
	cfg := `{"module_path": "lib", "kernels": [], "blueprint": {"inputs": ["x"],
	  "buffers": {"d": {"Sizeof": "c"}, "a": {"Absolute": 8}, "c": {"Sizeof": "b"}, "b": {"Sizeof": "x"}},
	  "outputs": [], "control_flow": []}}`
	p, err := function.Parse([]byte(cfg))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, b := range p.Buffers {
		names = append(names, b.Name)
	}
	if got := strings.Join(names, ","); got != "b,c,d,a" {
		t.Fatalf("order %s, want b,c,d,a", got)
	}
}

func TestValidationErrors(t *testing.T) {
	base := func(bp string) string {
		return `{"module_path": "lib", "kernels": ["k"], "blueprint": ` + bp + `}`
	}
	flow := func(actions string) string {
		return base(`{"inputs": ["in"], "buffers": {"b": {"Absolute": 8}}, "outputs": ["b"], "control_flow": [` + actions + `]}`)
	}
	exec := func(kernel, args, launch string) string {
		return `{"ExecKernel": ["` + kernel + `", [` + args + `], ` + launch + `]}`
	}
	zeroGrid := strings.Replace(launch1, `"grid_dim_x": {"Absolute": 1}`, `"grid_dim_x": {"Absolute": 0}`, 1)
	hugeBlock := strings.Replace(launch1, `"block_dim_y": {"Absolute": 1}`, `"block_dim_y": {"Absolute": 4294967296}`, 1)
	missingField := strings.Replace(launch1, `"block_dim_z": {"Absolute": 1},`, ``, 1)
	typo := strings.Replace(launch1, `"shared_mem_bytes"`, `"shared_mem_byte"`, 1)
	cases := []struct {
		name, config, path, msg string
	}{
		{"malformed json", `{"module_path": `, "", "malformed JSON"},
		{"trailing data", base(`{}`) + `{}`, "", "malformed JSON"},
		{"not an object", `[1]`, "", "must be a JSON object"},
		{"duplicate key", `{"module_path": "a", "module_path": "b"}`, "", "duplicate key"},
		{"missing module_path", `{"kernels": [], "blueprint": {"inputs": [], "buffers": {}, "outputs": [], "control_flow": []}}`, "module_path", "missing"},
		{"module path is a path", `{"module_path": "/home/x/mlops.hsaco", "kernels": [], "blueprint": {"inputs": [], "buffers": {}, "outputs": [], "control_flow": []}}`, "module_path", "file path"},
		{"module path dotdot", `{"module_path": "..", "kernels": [], "blueprint": {"inputs": [], "buffers": {}, "outputs": [], "control_flow": []}}`, "module_path", "name"},
		{"unknown top field", `{"module_path": "a", "kernels": [], "blueprint": {"inputs": [], "buffers": {}, "outputs": [], "control_flow": []}, "extra": 1}`, "extra", "unknown field"},
		{"v2 form without modules", `{"modules": [], "kernels": []}`, "modules", "non-empty array"},
		{"kernels not strings", `{"module_path": "a", "kernels": [1], "blueprint": {"inputs": [], "buffers": {}, "outputs": [], "control_flow": []}}`, "kernels[0]", "must be a string"},
		{"kernel listed twice", `{"module_path": "a", "kernels": ["k", "k"], "blueprint": {"inputs": [], "buffers": {}, "outputs": [], "control_flow": []}}`, "kernels[1]", "listed twice"},
		{"bad kernel name", `{"module_path": "a", "kernels": ["1k"], "blueprint": {"inputs": [], "buffers": {}, "outputs": [], "control_flow": []}}`, "kernels[0]", "starts with"},
		{"missing control_flow", base(`{"inputs": [], "buffers": {}, "outputs": []}`), "blueprint.control_flow", "missing"},
		{"unknown blueprint field", base(`{"inputs": [], "buffers": {}, "outputs": [], "control_flow": [], "weight": []}`), "blueprint.weight", "did you mean \"weights\""},
		{"input twice", base(`{"inputs": ["a", "a"], "buffers": {}, "outputs": [], "control_flow": []}`), "blueprint.inputs[1]", "declared twice"},
		{"bad input name", base(`{"inputs": ["a/b"], "buffers": {}, "outputs": [], "control_flow": []}`), "blueprint.inputs[0]", "letters"},
		{"buffer shadows input", base(`{"inputs": ["a"], "buffers": {"a": {"Absolute": 1}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.a", "already an input"},
		{"buffer zero bytes", base(`{"inputs": [], "buffers": {"a": {"Absolute": 0}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.a.Absolute", "0 bytes"},
		{"buffer negative", base(`{"inputs": [], "buffers": {"a": {"Absolute": -1}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.a.Absolute", "negative"},
		{"buffer overflow", base(`{"inputs": [], "buffers": {"a": {"Absolute": 18446744073709551616}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.a.Absolute", "64 bits"},
		{"buffer float", base(`{"inputs": [], "buffers": {"a": {"Absolute": 1.5}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.a.Absolute", "integer"},
		{"sizeof unknown", base(`{"inputs": [], "buffers": {"a": {"Sizeof": "zz"}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.a.Sizeof", "neither an input nor a buffer"},
		{"fromInput of a buffer", base(`{"inputs": [], "buffers": {"a": {"Absolute": 8}, "b": {"FromInput": {"bufname": "a", "idx": 0}}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.b.FromInput.bufname", "is a buffer"},
		{"fromInput unknown", base(`{"inputs": [], "buffers": {"b": {"FromInput": {"bufname": "q", "idx": 0}}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.b.FromInput.bufname", "not an input"},
		{"fromInput idx overflow", base(`{"inputs": ["q"], "buffers": {"b": {"FromInput": {"bufname": "q", "idx": 2305843009213693951}}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.b.FromInput.idx", "overflows"},
		{"fromInput missing idx", base(`{"inputs": ["q"], "buffers": {"b": {"FromInput": {"bufname": "q"}}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.b.FromInput.idx", "missing"},
		{"sizing two tags", base(`{"inputs": [], "buffers": {"b": {"Absolute": 1, "Sizeof": "b"}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.b", "exactly one"},
		{"sizing unknown tag", base(`{"inputs": [], "buffers": {"b": {"Relative": 1}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.b.Relative", "unknown sizing kind"},
		{"cycle", base(`{"inputs": [], "buffers": {"a": {"Sizeof": "b"}, "b": {"Sizeof": "a"}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.a.Sizeof", "cycle: a -> b -> a"},
		{"self cycle", base(`{"inputs": [], "buffers": {"a": {"Sizeof": "a"}}, "outputs": [], "control_flow": []}`), "blueprint.buffers.a.Sizeof", "cycle: a -> a"},
		{"output unknown", base(`{"inputs": [], "buffers": {}, "outputs": ["x"], "control_flow": []}`), "blueprint.outputs[0]", "neither"},
		{"output twice", base(`{"inputs": ["x"], "buffers": {}, "outputs": ["x", "x"], "control_flow": []}`), "blueprint.outputs[1]", "twice"},
		{"action two tags", flow(`{"ExecKernel": [], "Repeat": []}`), "blueprint.control_flow[0]", "exactly one"},
		{"action unknown", flow(`{"Launch": []}`), "blueprint.control_flow[0].Launch", "unknown action kind"},
		{"exec wrong arity", flow(`{"ExecKernel": ["k", []]}`), "blueprint.control_flow[0].ExecKernel", "[kernel, [args], launch]"},
		{"exec unknown kernel", flow(exec("nope", "", launch1)), "blueprint.control_flow[0].ExecKernel.kernel", "not listed"},
		{"arg unknown buffer", flow(exec("k", `{"Ptr": "b"}, {"Ptr": "zz"}`, launch1)), "blueprint.control_flow[0].ExecKernel.args[1].Ptr", "neither"},
		{"arg sizeof unknown", flow(exec("k", `{"Sizeof": "zz"}`, launch1)), "blueprint.control_flow[0].ExecKernel.args[0].Sizeof", "neither"},
		{"arg constant string", flow(exec("k", `{"Constant": "1"}`, launch1)), "blueprint.control_flow[0].ExecKernel.args[0].Constant", "integer"},
		{"arg constant overflow", flow(exec("k", `{"Constant": 9223372036854775808}`, launch1)), "blueprint.control_flow[0].ExecKernel.args[0].Constant", "signed 64-bit"},
		{"arg unknown tag", flow(exec("k", `{"Value": 1}`, launch1)), "blueprint.control_flow[0].ExecKernel.args[0].Value", "unknown argument kind"},
		{"zero grid", flow(exec("k", "", zeroGrid)), "blueprint.control_flow[0].ExecKernel.launch.grid_dim_x.Absolute", "launch dimension of 0"},
		{"block too wide", flow(exec("k", "", hugeBlock)), "blueprint.control_flow[0].ExecKernel.launch.block_dim_y.Absolute", "32-bit"},
		{"launch field missing", flow(exec("k", "", missingField)), "blueprint.control_flow[0].ExecKernel.launch.block_dim_z", "missing"},
		{"launch typo", flow(exec("k", "", typo)), "blueprint.control_flow[0].ExecKernel.launch.shared_mem_byte", `did you mean "shared_mem_bytes"`},
		{"blueprint typo", base(`{"inputs": [], "bufers": {}, "outputs": [], "control_flow": []}`), "blueprint.bufers", `did you mean "buffers"`},
		{"repeat arity", flow(`{"Repeat": [{"Absolute": 2}]}`), "blueprint.control_flow[0].Repeat", "[count, [actions]]"},
		{"nested path", flow(`{"Repeat": [{"Absolute": 2}, [` + exec("k", "", launch1) + `, ` + exec("k", `{"Ptr": "q"}`, launch1) + `]]}`), "blueprint.control_flow[0].Repeat.actions[1].ExecKernel.args[0].Ptr", "neither"},
		{"repeat count fromInput buffer", flow(`{"Repeat": [{"FromInput": {"bufname": "b", "idx": 0}}, []]}`), "blueprint.control_flow[0].Repeat.count.FromInput.bufname", "is a buffer"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := function.Parse([]byte(c.config))
			var ve *function.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("err = %v, want a ValidationError", err)
			}
			for _, p := range ve.Problems {
				if p.Path == c.path && strings.Contains(p.Message, c.msg) {
					return
				}
			}
			t.Fatalf("no problem at %q containing %q; got %+v", c.path, c.msg, ve.Problems)
		})
	}
}

// Many problems are reported at once, not just the first.
func TestValidationListsEveryProblem(t *testing.T) {
	cfg := `{"module_path": "a", "kernels": ["k"], "blueprint": {"inputs": ["x", "x"], "buffers": {"b": {"Sizeof": "zz"}},
	  "outputs": ["nope"], "control_flow": [{"ExecKernel": ["j", [], ` + launch1 + `]}]}}`
	_, err := function.Parse([]byte(cfg))
	var ve *function.ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) < 4 {
		t.Fatalf("want at least 4 problems, got %v", err)
	}
}

func TestDeepNestingRefused(t *testing.T) {
	inner := `[]`
	for i := 0; i < 100; i++ {
		inner = `[{"Repeat": [{"Absolute": 1}, ` + inner + `]}]`
	}
	cfg := `{"module_path": "a", "kernels": [], "blueprint": {"inputs": [], "buffers": {}, "outputs": [], "control_flow": ` + inner + `}}`
	if _, err := function.Parse([]byte(cfg)); err == nil || !strings.Contains(err.Error(), "nested deeper") {
		t.Fatalf("err = %v", err)
	}
}

func TestFromInputBounds(t *testing.T) {
	cfg := `{"module_path": "a", "kernels": [], "blueprint": {"inputs": ["cfg"],
	  "buffers": {"d": {"FromInput": {"bufname": "cfg", "idx": 2}}}, "outputs": [], "control_flow": []}}`
	p, err := function.Parse([]byte(cfg))
	if err != nil {
		t.Fatal(err)
	}
	sizes := make([]uint64, p.NumSlots())
	for _, n := range []int{0, 8, 16, 23} {
		err := p.Sizes([][]byte{make([]byte, n)}, sizes)
		if !errors.Is(err, function.ErrBadInput) || !strings.Contains(err.Error(), "blueprint.buffers.d") {
			t.Fatalf("input of %d bytes: err = %v", n, err)
		}
	}
	in := make([]byte, 24)
	binary.LittleEndian.PutUint64(in[16:], 777)
	if err := p.Sizes([][]byte{in}, sizes); err != nil || sizes[1] != 777 {
		t.Fatalf("24 bytes: %v %v", sizes, err)
	}
	if err := p.Sizes(nil, sizes); err == nil {
		t.Fatal("missing inputs accepted")
	}
}

func TestLibraryCandidates(t *testing.T) {
	got := function.LibraryCandidates("mlops.hsaco")
	if len(got) != 2 || got[0] != "mlops.hsaco" || got[1] != "mlops" {
		t.Fatalf("%v", got)
	}
	if got := function.LibraryCandidates("mlops"); len(got) != 1 {
		t.Fatalf("%v", got)
	}
}

func TestCheckName(t *testing.T) {
	for _, ok := range []string{"a", "mlops", "lib.v2", "A_b-c.9", strings.Repeat("x", 128)} {
		if err := function.CheckName(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", ".", "..", "a/b", "/etc", "a\x00b", "-a", ".hidden", strings.Repeat("x", 129), "a b", "é"} {
		if err := function.CheckName(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestCheckLibraryAndLimits(t *testing.T) {
	ptx, err := os.ReadFile("../examples/mlops/mlops.ptx")
	if err != nil {
		t.Fatal(err)
	}
	lib, err := libscan.Scan(ptx)
	if err != nil {
		t.Fatal(err)
	}
	checkArgCounts(t, lib)
	missing := strings.Replace(matmulConfig, `"kernels": ["matmul_para"]`, `"kernels": ["matmul_para", "nope"]`, 1)
	p3, _ := function.Parse([]byte(missing))
	if err := p3.CheckLibrary(lib); err == nil || !strings.Contains(err.Error(), `kernels[1]: kernel "nope" is not in library`) {
		t.Fatalf("missing kernel: %v", err)
	}
}

// "timeout_ms", the owner's bound on a run: optional, 1 ms to an hour.
func TestTimeoutMs(t *testing.T) {
	cfg := func(v string) []byte {
		return []byte(`{"timeout_ms": ` + v + `, "module_path": "a", "kernels": [], "blueprint": {"inputs": [], "buffers": {}, "outputs": [], "control_flow": []}}`)
	}
	p, err := function.Parse(cfg("500"))
	if err != nil || p.Timeout != 500*time.Millisecond {
		t.Fatalf("timeout_ms 500: %v, %v", p, err)
	}
	for _, bad := range []string{"0", "-1", "1.5", `"1s"`, "3600001"} {
		if _, err := function.Parse(cfg(bad)); err == nil || !strings.Contains(err.Error(), "timeout_ms") {
			t.Errorf("timeout_ms %s: %v", bad, err)
		}
	}
}
