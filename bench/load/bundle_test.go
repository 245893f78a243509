package load

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpufn/bundle"
)

func TestBundleWorkloadNames(t *testing.T) {
	for _, c := range []struct{ in, name, dir string }{
		{"resnet18", "resnet18-b1", "examples/resnet18/b1"},
		{"bert", "bert-b1", "examples/bert/b1"},
		{"resnet18-b8", "resnet18-b8", "examples/resnet18/b8"},
		{"bundle:out/resnet18/b1", "bundle-resnet18-b1", "out/resnet18/b1"},
		{"bundle:/tmp/my model/b2/", "bundle-my_model-b2", "/tmp/my model/b2/"},
	} {
		w, err := ParseWorkload(c.in)
		if err != nil || w.Kind != KindBundle || w.Name() != c.name || w.Dir != c.dir {
			t.Errorf("%q: %+v (name %q) %v", c.in, w, w.Name(), err)
		}
	}
	for _, bad := range []string{"bundle:", "resnet18-x", "bert-b0", "resnet18-b"} {
		if _, err := ParseWorkload(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if w, err := ParseWorkload("matmul-n64"); err != nil || w.Kind != "matmul" {
		t.Fatalf("matmul: %+v %v", w, err)
	}
}

// A bundle without its weights file is refused before anything is sent, and the error says
// how to get the weights.
func TestBundleWithoutWeightsIsAClearError(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "gpufn-bundle.json"), []byte(`{"version": 1, "function": "f", "config": "function.json",
		"libraries": {}, "weights": {"name": "w", "file": "weights.safetensors"}}`), 0o600)
	os.WriteFile(filepath.Join(dir, "function.json"), []byte(`{}`), 0o600)
	c, err := NewClient("http://127.0.0.1:1", ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := ParseWorkload("bundle:" + dir)
	_, err = PrepareWorkload(c, spec, WorkloadOptions{Register: true})
	if !errors.Is(err, bundle.ErrNoWeights) || !strings.Contains(err.Error(), "weight script") {
		t.Fatalf("no weights: %v", err)
	}
}
