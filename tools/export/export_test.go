// Package export_test runs the exporter's Python tests (tools/export/tests.py, no torch) and
// checks what the exporter writes against the server's own parsers: the config with package
// function, the weight set with package weights. It skips where python3 is missing.
package export_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"gpufn/function"
)

// python3 runs python3 with args in the repository root, or skips the test without one.
func python3(t *testing.T, args ...string) []byte {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 here")
	}
	cmd := exec.Command(py, args...)
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("python3 %v: %v\n%s", args, err, out)
	}
	return out
}

func TestPythonTests(t *testing.T) {
	python3(t, "-m", "unittest", "tools.export.tests")
}

// The bundle checker's tests (tools/export/check_test.py): no GPU, cuda-python or numpy needed.
func TestPythonCheckTests(t *testing.T) {
	python3(t, "-m", "unittest", "tools.export.check_test")
}

// The committed model bundles (examples/resnet18, examples/bert: made by the exporter from real
// AOTInductor output) parse with the server's config parser, name a library for every module,
// and name only weights of the model (export.json lists the state_dict's tensors).
func TestBundlesParseInGo(t *testing.T) {
	for _, dir := range []string{"../../examples/resnet18/b1", "../../examples/resnet18/b4", "../../examples/resnet18/b16", "../../examples/resnet18/b32", "../../examples/bert/b1", "../../examples/bert/b8", "../../examples/bert/b16", "../../examples/bert/b32"} {
		t.Run(filepath.Base(filepath.Dir(dir))+"/"+filepath.Base(dir), func(t *testing.T) {
			var m struct {
				Function  string            `json:"function"`
				Config    string            `json:"config"`
				Libraries map[string]string `json:"libraries"`
				Weights   struct{ Name, File string }
			}
			readJSON(t, filepath.Join(dir, "gpufn-bundle.json"), &m)
			config, err := os.ReadFile(filepath.Join(dir, m.Config))
			if err != nil {
				t.Fatal(err)
			}
			p, err := function.Parse(config)
			if err != nil {
				t.Fatalf("the exported config: %v", err)
			}
			if p.WeightSet != m.Weights.Name || len(p.Weights) == 0 || len(p.Libraries) != len(m.Libraries) {
				t.Fatalf("plan: set %q, %d weights, %d libraries; manifest %q, %d libraries",
					p.WeightSet, len(p.Weights), len(p.Libraries), m.Weights.Name, len(m.Libraries))
			}
			for lib, file := range m.Libraries {
				b, err := os.ReadFile(filepath.Join(dir, file))
				if err != nil || len(b) < 4 || string(b[1:4]) != "ELF" {
					t.Errorf("library %s: %v (not a cubin)", lib, err)
				}
			}
			var info struct {
				StateDict map[string]struct {
					Dtype string
					Shape []int
				} `json:"state_dict"`
			}
			readJSON(t, filepath.Join(dir, "export.json"), &info)
			missing := 0
			for _, w := range p.Weights {
				if _, ok := info.StateDict[w]; !ok {
					missing++ // a non-persistent buffer (BERT's position_ids) is not in the state_dict
				}
			}
			if missing > 2 {
				t.Errorf("%d of the config's weights are not in the model's state_dict", missing)
			}
		})
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// The exporter's batched BERT bundle (b1 with its b8, b16 and b32 variants, whose compiles named
// the output otherwise: the exporter renames it) passes the server's own variant check.
func TestBatchedBERTVariantChecks(t *testing.T) {
	dir := t.TempDir()
	python3(t, "-m", "tools.export", "batch", "--out", dir, "examples/bert/b1", "examples/bert/b8", "examples/bert/b16", "examples/bert/b32")
	parse := func(path string) *function.Plan {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		p, err := function.Parse(b)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return p
	}
	p := parse(filepath.Join(dir, "function.json"))
	if p.Config == nil || p.Config.Batching == nil {
		t.Fatal("the batched function declares no batching")
	}
	for i, n := range []int{8, 16, 32} {
		v := parse(filepath.Join(dir, "variants", "bert-b"+strconv.Itoa(n)+".json"))
		if ps := p.Config.Batching.CheckVariant(p, v, i, n); len(ps) != 0 {
			t.Fatalf("the b%d variant: %v", n, ps)
		}
	}
}
