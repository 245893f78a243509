package function_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"gpufn/function"
)

// configSchema compiles docs/config.schema.json (JSON Schema 2020-12).
func configSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open("../docs/config.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("config.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("config.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validates(t *testing.T, s *jsonschema.Schema, config []byte) error {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(config))
	if err != nil {
		t.Fatal(err)
	}
	return s.Validate(v)
}

// Every example config (examples/configs, Dandelion's forms and the test kernels' included; the
// MLP of examples/mlp; Dandelion's v2 configs of testdata/dandelion-v2) validates against
// docs/config.schema.json, and parses.
func TestExampleConfigsValidateAgainstSchema(t *testing.T) {
	s := configSchema(t)
	n := 0
	for _, dir := range []string{"../examples/configs", "../examples/mlp", "testdata/dandelion-v2"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
				return err
			}
			n++
			b := readFile(t, path)
			if err := validates(t, s, b); err != nil {
				t.Errorf("%s: %v", path, err)
			}
			if _, err := function.ParseConfig(b); err != nil {
				t.Errorf("%s does not parse: %v", path, err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 35 {
		t.Fatalf("%d configs", n)
	}
}

// The schema and the parser agree on what is malformed: each config below breaks one rule of
// the schema, and both refuse it; the valid ones both accept.
func TestSchemaAgreesWithParser(t *testing.T) {
	s := configSchema(t)
	launch := `{"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1}, "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1}, "shared_mem_bytes": {"Absolute": 0}}`
	base := `{"module_path": "m", "kernels": ["k"], TENSORS "blueprint": {"inputs": ["A"], "buffers": {"B": SIZING}, "outputs": ["B"],
	  "control_flow": [{"Repeat": [{"Absolute": 2}, [{"ExecKernel": ["k", [ARG], LAUNCH]}]]}]}}`
	make := func(tensors, sizing, arg, launchJSON string) []byte {
		r := strings.NewReplacer("TENSORS", tensors, "SIZING", sizing, "ARG", arg, "LAUNCH", launchJSON)
		return []byte(r.Replace(base))
	}
	good := [][]byte{
		make("", `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch),
		make(`"tensors": {"A": {"datatype": "FP16", "shape": [-1, 3]}, "B": {"datatype": "BYTES"}},`, `{"FromInput": {"bufname": "A", "idx": 0}}`, `{"Constant": -5}`, launch),
		make("", `{"Absolute": 18446744073709551615}`, `{"Sizeof": "B"}`, launch),
	}
	bad := map[string][]byte{
		"two sizing kinds":  make("", `{"Sizeof": "A", "Absolute": 1}`, `{"Ptr": "A"}`, launch),
		"unknown sizing":    make("", `{"Bytes": 1}`, `{"Ptr": "A"}`, launch),
		"negative absolute": make("", `{"Absolute": -1}`, `{"Ptr": "A"}`, launch),
		"absolute too big":  make("", `{"Absolute": 18446744073709551616}`, `{"Ptr": "A"}`, launch),
		"FromInput no idx":  make("", `{"FromInput": {"bufname": "A"}}`, `{"Ptr": "A"}`, launch),
		"unknown arg":       make("", `{"Sizeof": "A"}`, `{"Pointer": "A"}`, launch),
		"constant string":   make("", `{"Sizeof": "A"}`, `{"Constant": "5"}`, launch),
		"launch field typo": make("", `{"Sizeof": "A"}`, `{"Ptr": "A"}`, strings.Replace(launch, "shared_mem_bytes", "shared_mem", 1)),
		"launch field gone": make("", `{"Sizeof": "A"}`, `{"Ptr": "A"}`, strings.Replace(launch, `"grid_dim_z": {"Absolute": 1}, `, "", 1)),
		"unknown top field": make(`"extra": 1,`, `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch),
		"tensor datatype":   make(`"tensors": {"A": {"datatype": "FLOAT"}},`, `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch),
		"tensor dim 0":      make(`"tensors": {"A": {"datatype": "FP32", "shape": [0]}},`, `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch),
		"tensor no type":    make(`"tensors": {"A": {"shape": [1]}},`, `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch),
		"ExecKernel of 2":   []byte(strings.Replace(string(make("", `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch)), `[{"Ptr": "A"}], `, "", 1)),
		"no blueprint":      []byte(`{"module_path": "m", "kernels": ["k"]}`),
		"module path":       []byte(strings.Replace(string(make("", `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch)), `"m"`, `"lib/m.ptx"`, 1)),
		"input name":        []byte(strings.Replace(string(make("", `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch)), `"inputs": ["A"]`, `"inputs": ["A", "a b"]`, 1)),
	}
	v2 := `{"modules": [{"module_name": "a", "path": "cuda/liba.cubin"}], "kernels": [KERNEL], WEIGHTS
	  "blueprint": {"inputs": ["x"], BPWEIGHTS "buffers": {"y": {"Sizeof": "x"}}, "outputs": ["y"],
	  "control_flow": [{"ExecKernel": ["k", [{"Ptr": "y"}, {"Ptr": ARG}], ` + launch + `]}]}}`
	models := func(kernel, weights, bpWeights, arg string) []byte {
		return []byte(strings.NewReplacer("KERNEL", kernel, "WEIGHTS", weights, "BPWEIGHTS", bpWeights, "ARG", arg).Replace(v2))
	}
	mk := `{"module_name": "a", "kernel_name": "k"}`
	w := `"weights": ["fc1.weight"],`
	good = append(good,
		models(mk, "", "", `"x"`),
		models(mk, `"weight_set": "mlp",`, w, `"fc1.weight"`),
		models(mk, `"weight_set": "mlp", "init_flow": {"buffers": {"p": {"Absolute": 64}}, "control_flow": [{"ExecKernel": ["k", [{"Ptr": "fc1.weight"}, {"Ptr": "p"}], `+launch+`]}]},`, w, `"p"`),
		[]byte(strings.Replace(string(make("", `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch)), `"kernels"`, `"weight_set": "w", "kernels"`, 1)),
		make(`"timeout_ms": 500,`, `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch),
		make(`"timeout_ms": 3600000,`, `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch),
	)
	bad["timeout_ms 0"] = make(`"timeout_ms": 0,`, `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch)
	bad["timeout_ms over an hour"] = make(`"timeout_ms": 3600001,`, `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch)
	bad["timeout_ms string"] = make(`"timeout_ms": "500",`, `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch)
	batching := func(decl string) []byte {
		return make(`"batching": {`+decl+`},`, `{"Absolute": 16}`, `{"Ptr": "A"}`, launch)
	}
	items := `"item_bytes": {"A": 8, "B": 16}`
	good = append(good,
		batching(`"variants": [{"batch": 2, "function": "f_b2"}], `+items),
		batching(`"variants": [{"batch": 2, "function": "f_b2"}, {"batch": 8, "function": "f_b8"}], `+items+`, "preferred_batch_sizes": [8], "max_batch_size": 8, "max_queue_delay_us": 500, "partial": "largest_fit"`),
	)
	bad["batching without variants"] = batching(items)
	bad["batching variant of 1"] = batching(`"variants": [{"batch": 1, "function": "f"}], ` + items)
	bad["batching partial"] = batching(`"variants": [{"batch": 2, "function": "f_b2"}], ` + items + `, "partial": "split"`)
	bad["batching delay"] = batching(`"variants": [{"batch": 2, "function": "f_b2"}], ` + items + `, "max_queue_delay_us": 1000001`)
	bad["batching item 0"] = batching(`"variants": [{"batch": 2, "function": "f_b2"}], "item_bytes": {"A": 0, "B": 16}`)
	bad["batching field"] = batching(`"variants": [{"batch": 2, "function": "f_b2"}], ` + items + `, "max_delay": 5`)
	bad["modules and module_path"] = models(mk, `"module_path": "m",`, "", `"x"`)
	bad["v2 kernel as a name"] = models(`"k"`, "", "", `"x"`)
	bad["v1 kernel as an object"] = []byte(strings.Replace(string(make("", `{"Sizeof": "A"}`, `{"Ptr": "A"}`, launch)), `["k"]`, `[`+mk+`]`, 1))
	bad["module without path"] = []byte(strings.Replace(string(models(mk, "", "", `"x"`)), `, "path": "cuda/liba.cubin"`, "", 1))
	bad["weight twice"] = models(mk, `"weight_set": "mlp",`, `"weights": ["w", "w"],`, `"w"`)
	bad["weight_set name"] = models(mk, `"weight_set": "a b",`, w, `"fc1.weight"`)
	bad["init_flow field"] = models(mk, `"weight_set": "mlp", "init_flow": {"control_flow": [], "inputs": []},`, w, `"x"`)
	bad["init_flow size"] = models(mk, `"weight_set": "mlp", "init_flow": {"buffers": {"p": {"Sizeof": "x"}}, "control_flow": []},`, w, `"x"`)
	for i, b := range good {
		if err := validates(t, s, b); err != nil {
			t.Errorf("good %d: schema: %v", i, err)
		}
		if _, err := function.ParseConfig(b); err != nil {
			t.Errorf("good %d: parser: %v", i, err)
		}
	}
	for name, b := range bad {
		if validates(t, s, b) == nil {
			t.Errorf("%s: the schema accepts it", name)
		}
		if _, err := function.ParseConfig(b); err == nil {
			t.Errorf("%s: the parser accepts it", name)
		}
	}
}

// The configs the docs show (docs/config.md, docs/kernels.md) parse and validate against the
// schema.
func TestDocConfigsValid(t *testing.T) {
	s := configSchema(t)
	n := 0
	for _, doc := range []string{"../docs/config.md", "../docs/kernels.md", "../docs/config-models.md", "../docs/batching.md"} {
		text := string(readFile(t, doc))
		for {
			i := strings.Index(text, "```json\n")
			if i < 0 {
				break
			}
			text = text[i+len("```json\n"):]
			j := strings.Index(text, "```")
			block := text[:j]
			text = text[j+3:]
			if !strings.Contains(block, `"blueprint"`) {
				continue // a fragment
			}
			n++
			if err := validates(t, s, []byte(block)); err != nil {
				t.Errorf("%s: a config the schema refuses: %v", doc, err)
			}
			if _, err := function.ParseConfig([]byte(block)); err != nil {
				t.Errorf("%s: a config the server refuses: %v", doc, err)
			}
		}
	}
	if n < 2 {
		t.Fatalf("%d configs in the docs", n)
	}
}
