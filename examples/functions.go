package examples

import (
	"embed"
	"fmt"
)

//go:embed configs/*.json configs/dandelion/*.json configs/testkernels/*.json
var configs embed.FS

// Function is an example function: the name it is registered under, the example library its
// config's module_path resolves to (see function.LibraryCandidates), and its config JSON.
type Function struct {
	Name, Library string
	Config        []byte
}

// The example functions, in registration order: [name, library].
var (
	serveSet = [][2]string{
		{"matmul", "mlops"},            // B = [n][A x A^T], int64; inputs cfg (grid side), A; 32x32 blocks
		{"matmul_loop", "mlops"},       // the same result from one thread; input A only
		{"inference", "mlops"},         // (conv 5x5 -> ReLU -> 2x2 max-pool) x cfg[3]; inputs cfg, A, B
		{"inference_batched", "mlops"}, // the same on cfg[4] images at once (grid z)
		{"minimal", "module"},          // set_mem on a 1 KiB buffer, returned
		{"basic_io", "module"},         // input A back, its int64 12345 turned into 98765
		{"hello_world", "module"},      // no inputs, no outputs
	}
	dandelionSet = [][2]string{
		{"matmul", "mlops"}, {"matmul_loop", "mlops"}, {"inference", "mlops"}, {"inference_batched", "mlops"},
		{"minimal", "module"}, {"basic_io", "module"}, {"hello_world", "module"},
	}
	testSet = [][2]string{
		{"dirty", "testkernels"},        // fills a 1 MiB buffer with 0xAB; no outputs
		{"zero_check", "testkernels"},   // output R: the count of non-zero bytes of a fresh 1 MiB buffer (8 zero bytes when buffers are zeroed)
		{"fault", "testkernels"},        // writes to address 0x10: an illegal address
		{"spin", "testkernels"},         // never ends (spins on a zero flag)
		{"print_inject", "testkernels"}, // input X back; device printf of protocol-like bytes to fd 1
		{"args8", "testkernels"},        // output OUT: its five constants 1, -1, 2^40, MinInt64, 42
		{"write_index", "testkernels"},  // output OUT: 288 u64 0..287 from a 3x2x2 grid of 4x3x2 blocks
	}
)

func load(dir string, set [][2]string) []Function {
	out := make([]Function, len(set))
	for i, f := range set {
		b, err := configs.ReadFile(dir + f[0] + ".json")
		if err != nil {
			panic(fmt.Sprintf("examples: config %s%s.json is not embedded: %v", dir, f[0], err))
		}
		out[i] = Function{Name: f[0], Library: f[1], Config: b}
	}
	return out
}

// Functions returns the example functions that `gpufn serve --examples` registers (libraries
// mlops and module): matmul, matmul_loop, inference, inference_batched, minimal, basic_io,
// hello_world. Each call returns fresh copies.
//
// Inputs and outputs: matmul {cfg, A} -> {B} and matmul_loop {A} -> {B} (MatmulInputs,
// MatmulReference); inference and inference_batched {cfg, A, B} -> {D} (InferenceInputs,
// InferenceReference); minimal {} -> {}; basic_io {A} -> {A} (BasicIOReference);
// hello_world {} -> {}.
func Functions() []Function { return load("configs/", serveSet) }

// DandelionConfigs returns the example functions in Dandelion's own v1 form, module_path
// "mlops.hsaco" or "module.hsaco" as Dandelion's test configs name their modules: they prove
// that such configs run unchanged (the library is found by LibraryCandidates).
func DandelionConfigs() []Function { return load("configs/dandelion/", dandelionSet) }

// TestFunctions returns functions of the library testkernels for gpufn's own tests: dirty,
// zero_check, fault, spin, print_inject, args8, write_index (see the comments in functions.go).
func TestFunctions() []Function { return load("configs/testkernels/", testSet) }
