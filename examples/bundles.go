package examples

import (
	"os"
	"path/filepath"

	"gpufn/weights"
)

// Bundle is a model bundle's files by their path in it (docs/export.md): what the exporter
// would write for an example, for tests of gpufn deploy and the bench's bundle workloads.
type Bundle map[string][]byte

// Write writes the bundle's files under dir.
func (b Bundle) Write(dir string) error {
	for name, data := range b {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return err
		}
		if err := os.WriteFile(path, data, 0o600); err != nil {
			return err
		}
	}
	return nil
}

// F32Tensor is a safetensors file of one F32 tensor, name, of data's bytes.
func F32Tensor(name string, data []byte) []byte {
	st, err := weights.Encode([]weights.Tensor{{Name: name, DType: "F32", Shape: []uint64{uint64(len(data) / 4)}}}, [][]byte{data}, nil)
	if err != nil {
		panic(err) // a one-tensor header of a valid name cannot fail
	}
	return st
}

// MLPBundle is the MLP example as a bundle: its PTX as the one library "mlp", the weight set
// "mlp" of seed weightSeed, function "mlp", and the reference pair of input seed inputSeed
// from the Go reference.
func MLPBundle(weightSeed, inputSeed uint64) (Bundle, error) {
	file := MLPWeights(weightSeed)
	x := MLPInput(inputSeed)
	y, err := MLPReference(file, x)
	if err != nil {
		return nil, err
	}
	return Bundle{
		"gpufn-bundle.json": []byte(`{"version": 1, "function": "mlp", "config": "function.json",
			"libraries": {"mlp": "libraries/mlp.ptx"}, "weights": {"name": "mlp", "file": "weights.safetensors"},
			"reference": {"inputs": "reference/inputs.safetensors", "outputs": "reference/outputs.safetensors"}}`),
		"function.json":                 MLPConfig(),
		"libraries/mlp.ptx":             MustPTX("mlp"),
		"weights.safetensors":           file,
		"reference/inputs.safetensors":  F32Tensor("x", x),
		"reference/outputs.safetensors": F32Tensor("y", y),
	}, nil
}

// BatchingBundle is the batching example as a bundle: library "batch", variants m_b2 and m_b4
// registered before function "m" that declares them, and the reference pair of input seed
// inputSeed.
func BatchingBundle(inputSeed uint64) Bundle {
	x := BatchInput(inputSeed)
	return Bundle{
		"gpufn-bundle.json": []byte(`{"version": 1, "function": "m", "config": "function.json",
			"libraries": {"batch": "libraries/batch.ptx"},
			"variants": [{"batch": 2, "function": "m_b2", "config": "variants/m_b2.json"}, {"batch": 4, "function": "m_b4", "config": "variants/m_b4.json"}],
			"reference": {"inputs": "reference/inputs.safetensors", "outputs": "reference/outputs.safetensors"}}`),
		"function.json":                 BatchingConfig("m", []int{2, 4}, 0, "", nil),
		"variants/m_b2.json":            BatchConfig(2),
		"variants/m_b4.json":            BatchConfig(4),
		"libraries/batch.ptx":           MustPTX("batch"),
		"reference/inputs.safetensors":  F32Tensor("x", x),
		"reference/outputs.safetensors": F32Tensor("y", BatchReference(x)),
	}
}
