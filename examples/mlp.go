package examples

import (
	_ "embed"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"

	"gpufn/weights"
)

// The MLP example: a two-layer perceptron (8 inputs, 16 hidden units with ReLU, 4 outputs,
// float32) whose weights are a weight set, resident on the device: library "mlp" (kernel
// dense_f32, examples/mlp/mlp.cu), config MLPConfig (weight set "mlp"), weights MLPWeights, the
// input an 8-float32 vector of 32 bytes (MLPInput), the output 4 float32 (MLPReference).

// The MLP's shape.
const (
	MLPIn     = 8
	MLPHidden = 16
	MLPOut    = 4
)

//go:embed mlp/mlp.json
var mlpConfig []byte

// MLPConfig is the MLP's function config.
func MLPConfig() []byte { return append([]byte(nil), mlpConfig...) }

// MLPWeights is the MLP's weight set, a safetensors file of random weights from seed:
// fc1.weight [16][8], fc1.bias [16], fc2.weight [4][16], fc2.bias [4], float32, as
// torch.nn.Linear names and lays them out.
func MLPWeights(seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 0x6d6c70))
	randF32s := func(n int) []byte {
		b := make([]byte, 0, 4*n)
		for range n {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(r.Float64()*2-1)))
		}
		return b
	}
	ts := []weights.Tensor{
		{Name: "fc1.weight", DType: "F32", Shape: []uint64{MLPHidden, MLPIn}},
		{Name: "fc1.bias", DType: "F32", Shape: []uint64{MLPHidden}},
		{Name: "fc2.weight", DType: "F32", Shape: []uint64{MLPOut, MLPHidden}},
		{Name: "fc2.bias", DType: "F32", Shape: []uint64{MLPOut}},
	}
	data := [][]byte{randF32s(MLPHidden * MLPIn), randF32s(MLPHidden), randF32s(MLPOut * MLPHidden), randF32s(MLPOut)}
	file, err := weights.Encode(ts, data, map[string]string{"format": "pt", "example": "mlp"})
	if err != nil {
		panic(err)
	}
	return file
}

// MLPInput is an input vector of random float32 in [-1, 1) from seed.
func MLPInput(seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 0x78))
	b := make([]byte, 0, 4*MLPIn)
	for range MLPIn {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(r.Float64()*2-1)))
	}
	return b
}

// MLPReference computes the MLP's output for input x with the weights of file (a weight set
// as MLPWeights makes), in float64: compare with CompareF32.
func MLPReference(file, x []byte) ([]byte, error) {
	h, err := weights.Parse(file)
	if err != nil {
		return nil, err
	}
	tensor := func(name string) ([]float64, error) {
		t, ok := h.Tensor(name)
		if !ok || t.DType != "F32" {
			return nil, fmt.Errorf("examples: the MLP's weight set has no float32 tensor %q", name)
		}
		return mlpF32s(file[h.DataOffset+t.Begin : h.DataOffset+t.End]), nil
	}
	var ws [4][]float64
	for i, n := range []string{"fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"} {
		if ws[i], err = tensor(n); err != nil {
			return nil, err
		}
	}
	if len(x) != 4*MLPIn {
		return nil, fmt.Errorf("examples: the MLP's input is %d bytes, not %d", len(x), 4*MLPIn)
	}
	hid := dense(mlpF32s(x), ws[0], ws[1], true)
	out := dense(hid, ws[2], ws[3], false)
	b := make([]byte, 0, 4*len(out))
	for _, v := range out {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(v)))
	}
	return b, nil
}

func dense(x, w, bias []float64, relu bool) []float64 {
	y := make([]float64, len(bias))
	for j := range y {
		acc := bias[j]
		for i, v := range x {
			acc += w[j*len(x)+i] * v
		}
		if relu && !(acc > 0) {
			acc = 0
		}
		y[j] = acc
	}
	return y
}

func mlpF32s(b []byte) []float64 {
	out := make([]float64, len(b)/4)
	for i := range out {
		out[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
	}
	return out
}
