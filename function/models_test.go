package function

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpufn/libscan"
)

// Dandelion's own v2 test configs (dev/gpu, machine_interface/tests/data; MIT, see
// testdata/dandelion-v2/LICENSE), those that need no batching: each parses unchanged.
func TestDandelionV2ConfigsParse(t *testing.T) {
	files, err := filepath.Glob("testdata/dandelion-v2/*.json")
	if err != nil || len(files) < 10 {
		t.Fatalf("fixtures: %v %v", files, err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Parse(data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		c := p.Config
		if len(c.Modules) == 0 || len(c.KernelModules) != len(c.Kernels) || p.ModulePath == "" || len(p.Libraries) == 0 || len(p.KernelLibrary) != len(p.Kernels) {
			t.Errorf("%s: modules %v kernel modules %v libraries %v", f, c.Modules, c.KernelModules, p.Libraries)
		}
	}
}

func TestV2ModulesAndWeights(t *testing.T) {
	cfg := `{"modules":[{"module_name":"a.cubin","path":"cuda/liba.cubin"},{"module_name":"b","path":"libb"}],
	 "kernels":[{"module_name":"b","kernel_name":"kb"},{"module_name":"a.cubin","kernel_name":"ka"}],
	 "weight_set":"mlp",
	 "blueprint":{"inputs":["x"],"weights":["fc1.weight","fc1.bias"],"buffers":{"y":{"Sizeof":"x"}},"outputs":["y"],
	  "control_flow":[{"ExecKernel":["ka",[{"Ptr":"y"},{"Ptr":"x"},{"Ptr":"fc1.bias"},{"Sizeof":"fc1.weight"}],` + launch1 + `]}]}}`
	p, err := Parse([]byte(cfg))
	if err != nil {
		t.Fatal(err)
	}
	if p.ModulePath != "libb" || strings.Join(p.Libraries, ",") != "libb,liba.cubin" || p.KernelLibrary[0] != 0 || p.KernelLibrary[1] != 1 {
		t.Fatalf("modules: %q %v %v", p.ModulePath, p.Libraries, p.KernelLibrary)
	}
	if p.WeightSet != "mlp" || strings.Join(p.Weights, ",") != "fc1.weight,fc1.bias" {
		t.Fatalf("weights %q %v", p.WeightSet, p.Weights)
	}
	args := p.Body[0].Args
	if args[2].Kind != ArgWeightPtr || args[2].Slot != 1 || args[3].Kind != ArgWeightSizeof || args[3].Slot != 0 || args[0].Kind != ArgPtr {
		t.Fatalf("args %+v", args)
	}
}

const launch1 = `{"grid_dim_x":{"Absolute":1},"grid_dim_y":{"Absolute":1},"grid_dim_z":{"Absolute":1},"block_dim_x":{"Absolute":1},"block_dim_y":{"Absolute":1},"block_dim_z":{"Absolute":1},"shared_mem_bytes":{"Absolute":0}}`

func TestV2Invalid(t *testing.T) {
	exec := `[{"ExecKernel":["k",[],` + launch1 + `]}]`
	bp := func(extra string) string {
		return `"blueprint":{"inputs":["x"],` + extra + `"buffers":{"b":{"Absolute":8}},"outputs":["b"],"control_flow":` + exec + `}`
	}
	cases := []struct{ cfg, path, want string }{
		{`{"module_path":"l","modules":[{"module_name":"m","path":"l"}],"kernels":["k"],` + bp("") + `}`, "modules", "not both"},
		{`{"modules":[{"module_name":"m","path":"l"}],"kernels":["k"],` + bp("") + `}`, "kernels[0]", "not a bare name"},
		{`{"modules":[{"module_name":"m","path":"l"}],"kernels":[{"module_name":"z","kernel_name":"k"}],` + bp("") + `}`, "kernels[0].module_name", "not a module_name"},
		{`{"modules":[{"module_name":"m","path":"l"},{"module_name":"m","path":"l2"}],"kernels":[{"module_name":"m","kernel_name":"k"}],` + bp("") + `}`, "modules[1].module_name", "distinct"},
		{`{"modules":[{"module_name":"m","path":"dir/"}],"kernels":[{"module_name":"m","kernel_name":"k"}],` + bp("") + `}`, "modules[0].path", "last element"},
		{`{"modules":[],"kernels":[],` + bp("") + `}`, "modules", "non-empty"},
		{`{"module_path":"l","kernels":["k"],` + bp(`"weights":["x"],`) + `}`, "blueprint.weights[0]", "already an input"},
		{`{"module_path":"l","kernels":["k"],` + bp(`"weights":["w","w"],`) + `}`, "blueprint.weights[1]", "twice"},
		{`{"module_path":"l","kernels":["k"],` + bp(`"weights":[""],`) + `}`, "blueprint.weights[0]", "1 to"},
		{`{"module_path":"l","kernels":["k"],"weight_set":"../x",` + bp(`"weights":["w"],`) + `}`, "weight_set", "name"},
		{`{"module_path":"l","kernels":["k"],"blueprint":{"inputs":[],"weights":["w"],"buffers":{},"outputs":["w"],"control_flow":` + exec + `}}`, "blueprint.outputs[0]", "read-only"},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.cfg))
		ve, ok := err.(*ValidationError)
		if !ok {
			t.Errorf("%s: got %v, want a ValidationError", c.cfg, err)
			continue
		}
		found := false
		for _, p := range ve.Problems {
			if p.Path == c.path && strings.Contains(p.Message, c.want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s:\n got %v\n want %s: ...%s...", c.cfg, ve.Problems, c.path, c.want)
		}
	}
}

// A constant passed to a 4-byte parameter (Triton's i32 scalars) must fit 32 bits.
func TestConstantFitsTheDeclaredWidth(t *testing.T) {
	cfg := func(c string) []byte {
		return []byte(`{"module_path":"l","kernels":["k"],"blueprint":{"inputs":[],"buffers":{},"outputs":[],"control_flow":[{"ExecKernel":["k",[{"Constant":` + c + `}],` + launch1 + `]}]}}`)
	}
	lib := &libscan.Info{Kernels: []libscan.KernelInfo{{Name: "k", Params: []int{4}}}}
	for c, ok := range map[string]bool{"-2147483648": true, "4294967295": true, "7": true, "4294967296": false, "-2147483649": false} {
		p, err := Parse(cfg(c))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.CheckLibrary(lib); (err == nil) != ok {
			t.Errorf("constant %s to an i32: %v", c, err)
		}
	}
}

func TestInitFlow(t *testing.T) {
	exec := func(args string) string { return `{"ExecKernel":["k",[` + args + `],` + launch1 + `]}` }
	cfg := func(init, flow string) []byte {
		return []byte(`{"module_path":"l","kernels":["k"],"weight_set":"s",` + init +
			`"blueprint":{"inputs":["x"],"weights":["w"],"buffers":{"y":{"Absolute":8}},"outputs":["y"],"control_flow":[` + flow + `]}}`)
	}
	p, err := Parse(cfg(`"init_flow":{"buffers":{"wt":{"Absolute":64}},"control_flow":[`+exec(`{"Ptr":"w"},{"Ptr":"wt"},{"Sizeof":"wt"}`)+`]},`,
		exec(`{"Ptr":"x"},{"Ptr":"wt"},{"Ptr":"y"}`)))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Derived) != 1 || p.Derived[0].Name != "wt" || p.Derived[0].Size.Value != 64 || len(p.InitBody) != 1 {
		t.Fatalf("derived %+v init %+v", p.Derived, p.InitBody)
	}
	ia := p.InitBody[0].Args
	if ia[0].Kind != ArgWeightPtr || ia[0].Slot != 0 || ia[1].Kind != ArgWeightPtr || ia[1].Slot != 1 || ia[2].Kind != ArgWeightSizeof {
		t.Fatalf("init args %+v", ia)
	}
	if a := p.Body[0].Args[1]; a.Kind != ArgWeightPtr || a.Slot != 1 {
		t.Fatalf("the blueprint's use of the derived buffer: %+v", a)
	}
	for _, c := range []struct{ cfg, path, want string }{
		{`"init_flow":{"buffers":{"x":{"Absolute":8}},"control_flow":[]},`, "init_flow.buffers.x", "already"},
		{`"init_flow":{"buffers":{"wt":{"Sizeof":"w"}},"control_flow":[]},`, "init_flow.buffers.wt", "Absolute"},
		{`"init_flow":{"buffers":{"wt":{"Absolute":0}},"control_flow":[]},`, "init_flow.buffers.wt.Absolute", "1 byte"},
		{`"init_flow":{"control_flow":[` + exec(`{"Ptr":"x"}`) + `]},`, "init_flow.control_flow[0].ExecKernel.args[0].Ptr", "neither"},
		{`"init_flow":{"buffers":{}},`, "init_flow.control_flow", "missing"},
	} {
		_, err := Parse(cfg(c.cfg, exec(`{"Ptr":"x"},{"Ptr":"w"},{"Ptr":"y"}`)))
		ve, ok := err.(*ValidationError)
		found := false
		for _, pr := range func() []Problem {
			if ok {
				return ve.Problems
			}
			return nil
		}() {
			found = found || (pr.Path == c.path && strings.Contains(pr.Message, c.want))
		}
		if !found {
			t.Errorf("%s: got %v, want %s: ...%s...", c.cfg, err, c.path, c.want)
		}
	}
}
