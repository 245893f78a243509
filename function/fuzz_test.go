package function_test

import (
	"os"
	"testing"

	"gpufn/function"
)

// FuzzParse: any bytes either parse to a plan that evaluates safely or give a ValidationError;
// no panic, no hang.
func FuzzParse(f *testing.F) {
	f.Add([]byte(matmulConfig))
	for _, p := range []string{"../examples/configs/inference.json", "../examples/configs/inference_batched.json", "../examples/configs/minimal.json"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"module_path": "a", "kernels": [], "blueprint": {"inputs": [], "buffers": {"a": {"Sizeof": "b"}, "b": {"Sizeof": "a"}}, "outputs": [], "control_flow": []}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := function.Parse(data)
		if err != nil {
			return
		}
		// Evaluating against arbitrary inputs must not panic.
		inputs := make([][]byte, len(p.Inputs))
		for i := range inputs {
			inputs[i] = data[:min(len(data), 24)]
		}
		sizes := make([]uint64, p.NumSlots())
		if p.Sizes(inputs, sizes) == nil {
			function.Footprint(sizes)
			p.OutputBytes(sizes)
			p.Launches(inputs, sizes, 1000)
		}
	})
}
