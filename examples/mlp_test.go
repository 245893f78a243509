package examples_test

import (
	"bytes"
	"slices"
	"testing"

	"gpufn/examples"
	"gpufn/function"
	"gpufn/libscan"
	"gpufn/weights"
)

func TestMLPExample(t *testing.T) {
	info, err := libscan.Scan(examples.MustPTX("mlp"))
	if err != nil {
		t.Fatal(err)
	}
	k := info.Kernel("dense_f32")
	if k == nil || !slices.Equal(k.Params, []int{8, 8, 8, 8, 4, 4, 4}) {
		t.Fatalf("dense_f32 in the PTX: %+v", k)
	}
	p, err := function.Parse(examples.MLPConfig())
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckLibrary(info); err != nil {
		t.Fatal(err)
	}
	file := examples.MLPWeights(1)
	h, err := weights.Parse(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range p.Weights {
		if _, ok := h.Tensor(w); !ok {
			t.Errorf("the weight set lacks %q", w)
		}
	}
	if !bytes.Equal(file, examples.MLPWeights(1)) || bytes.Equal(file, examples.MLPWeights(2)) {
		t.Fatal("weights are not a function of the seed")
	}
	out, err := examples.MLPReference(file, examples.MLPInput(1))
	if err != nil || len(out) != 4*examples.MLPOut {
		t.Fatalf("reference: %d bytes, %v", len(out), err)
	}
	if _, err := examples.MLPReference(file, []byte{1}); err == nil {
		t.Fatal("a short input was taken")
	}
}
