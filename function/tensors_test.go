package function_test

import (
	"errors"
	"strings"
	"testing"

	"gpufn/function"
)

func withTensors(t *testing.T, tensors string) (*function.Config, error) {
	t.Helper()
	cfg := strings.Replace(matmulConfig, `"module_path"`, `"tensors": `+tensors+`, "module_path"`, 1)
	return function.ParseConfig([]byte(cfg))
}

func TestTensorDeclarations(t *testing.T) {
	c, err := withTensors(t, `{"A": {"datatype": "FP32", "shape": [-1, 4]}, "cfg": {"datatype": "UINT64"}}`)
	if err != nil {
		t.Fatal(err)
	}
	a := c.Tensor("A")
	if a == nil || a.Datatype != "FP32" || len(a.Shape) != 2 || a.Shape[0] != -1 || a.Shape[1] != 4 {
		t.Fatalf("A = %+v", a)
	}
	if cf := c.Tensor("cfg"); cf == nil || len(cf.Shape) != 1 || cf.Shape[0] != -1 {
		t.Fatalf("cfg's shape defaults to [-1]: %+v", cf)
	}
	if c.Tensor("B") != nil {
		t.Fatal("B is not declared")
	}
	// A config without tensors is as before.
	plain, err := function.ParseConfig([]byte(matmulConfig))
	if err != nil || plain.Tensors != nil {
		t.Fatalf("%v %v", plain, err)
	}
	if n, ok := function.DatatypeSize("BF16"); !ok || n != 2 {
		t.Fatal(n, ok)
	}
}

func TestTensorDeclarationProblems(t *testing.T) {
	for _, tc := range []struct{ tensors, path, msg string }{
		{`[]`, "tensors", "must be an object"},
		{`{"Z": {"datatype": "FP32"}}`, "tensors.Z", "names no input or output"},
		{`{"A": {"datatype": "FP31"}}`, "tensors.A.datatype", `unknown datatype "FP31"`},
		{`{"A": {"shape": [1]}}`, "tensors.A.datatype", "missing"},
		{`{"A": {"datatype": "FP32", "shape": [-1, -1]}}`, "tensors.A.shape[1]", "at most one variable"},
		{`{"A": {"datatype": "FP32", "shape": [0]}}`, "tensors.A.shape[0]", "must be positive"},
		{`{"A": {"datatype": "FP32", "shape": [1.5]}}`, "tensors.A.shape[0]", "must be an integer"},
		{`{"A": {"datatype": "FP32", "shape": 4}}`, "tensors.A.shape", "must be an array"},
		{`{"A": {"datatype": "BYTES", "shape": [2]}}`, "tensors.A.shape", "exactly one element"},
		{`{"A": {"datatype": "FP32", "dims": [2]}}`, "tensors.A.dims", "unknown field"},
	} {
		_, err := withTensors(t, tc.tensors)
		var ve *function.ValidationError
		if !errors.As(err, &ve) {
			t.Fatalf("%s: %v", tc.tensors, err)
		}
		found := false
		for _, p := range ve.Problems {
			if p.Path == tc.path && strings.Contains(p.Message, tc.msg) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: want %s: %s, got %v", tc.tensors, tc.path, tc.msg, ve.Problems)
		}
	}
}
