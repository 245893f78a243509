// Package export_test runs the exporter's Python tests (tools/export/tests.py, no torch) and
// checks what the exporter writes against the server's own parsers: the config with package
// function, the weight set with package weights. It skips where python3 is missing.
package export_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"gpufn/examples"
	"gpufn/function"
	"gpufn/weights"
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

// A bundle made from the fixture of AOTInductor's output, with the MLP example's weights (its
// tensors have the fixture's names and shapes): the server's parsers take its config and its
// weight set.
func TestBundleParsesInGo(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state.safetensors")
	if err := os.WriteFile(state, examples.MLPWeights(1), 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "bundle")
	abs := func(p string) string { a, _ := filepath.Abs(p); return a }
	python3(t, "-m", "tools.export", "bundle", "--wrapper", abs("testdata/mlp_aoti_new/wrapper.cpp"),
		"--cubins", abs("testdata/mlp_aoti_new"), "--weights", state, "--out", out, "--name", "mlp", "--weight-set", "mlp")
	var m struct {
		Function  string            `json:"function"`
		Config    string            `json:"config"`
		Libraries map[string]string `json:"libraries"`
		Weights   struct{ Name, File string }
	}
	b, err := os.ReadFile(filepath.Join(out, "gpufn-bundle.json"))
	if err != nil || json.Unmarshal(b, &m) != nil {
		t.Fatalf("manifest: %v %s", err, b)
	}
	config, err := os.ReadFile(filepath.Join(out, m.Config))
	if err != nil {
		t.Fatal(err)
	}
	p, err := function.Parse(config)
	if err != nil {
		t.Fatalf("the exported config: %v", err)
	}
	if p.WeightSet != "mlp" || len(p.Weights) != 4 || len(p.Libraries) != 2 || len(m.Libraries) != 2 {
		t.Fatalf("plan: set %q weights %v libraries %v; manifest %+v", p.WeightSet, p.Weights, p.Libraries, m)
	}
	file, err := os.ReadFile(filepath.Join(out, m.Weights.File))
	if err != nil {
		t.Fatal(err)
	}
	h, err := weights.Parse(file)
	if err != nil {
		t.Fatalf("the exported weight set: %v", err)
	}
	for _, w := range p.Weights {
		if _, ok := h.Tensor(w); !ok {
			t.Errorf("the weight set lacks %q", w)
		}
	}
}
