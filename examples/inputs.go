package examples

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
)

// The shapes of the inference example: 224x224 images, a 5x5 filter, 2x2 max-pooling to 112x112.
const (
	InferenceSize   = 224 // width and height of an input image
	InferencePooled = 112 // width and height of an output image
	InferenceFilter = 5   // width and height of the filter
	// InferencePool is the max-pooling window (maxpool_f's Constant argument).
	InferencePool = 2
)

// InferenceOutputBytes is the size of the inference functions' output D for batch images: each
// is [w f32][h f32][112*112 f32].
func InferenceOutputBytes(batch int) int { return batch * (8 + InferencePooled*InferencePooled*4) }

// rng is the generator of every input maker: deterministic for a seed, on every platform and
// Go version (PCG is specified exactly).
func rng(seed int64) *rand.Rand { return rand.New(rand.NewPCG(uint64(seed), 0x6770_7566_6e00_0001)) }

// MatmulInputs makes the inputs of the matmul functions for an n x n int64 matrix:
// cfg = one little-endian u64, the grid side (n+31)/32 for 32x32 blocks; a = [n as i64][n*n
// i64, row-major], elements in [-8, 8]. It panics unless 1 <= n <= 65536 (mlops.cu's MAX_N).
func MatmulInputs(n int, seed int64) (cfg, a []byte) {
	if n < 1 || n > 65536 {
		panic(fmt.Sprintf("examples: MatmulInputs(%d): n must be in [1, 65536]", n))
	}
	r := rng(seed)
	cfg = binary.LittleEndian.AppendUint64(nil, uint64((n+31)/32))
	a = make([]byte, 0, 8*(1+n*n))
	a = binary.LittleEndian.AppendUint64(a, uint64(n))
	for i := 0; i < n*n; i++ {
		a = binary.LittleEndian.AppendUint64(a, uint64(int64(r.IntN(17))-8))
	}
	return cfg, a
}

// InferenceInputs makes the inputs of the inference functions: cfg = five little-endian u64
// [output bytes InferenceOutputBytes(batch), conv/relu grid side (224+31)/32, maxpool grid side
// (112+31)/32, reps, batch]; a = batch 224x224 images back to back, each [w f32][h f32][pixels
// f32, row-major] with pixels in [-1, 1); b = the 5x5 filter [5 f32][5 f32][25 f32] with values
// in [-1, 1). It panics unless reps >= 0 and batch >= 1.
func InferenceInputs(reps, batch int, seed int64) (cfg, a, b []byte) {
	if reps < 0 || batch < 1 {
		panic(fmt.Sprintf("examples: InferenceInputs(%d, %d): reps must be >= 0 and batch >= 1", reps, batch))
	}
	r := rng(seed)
	for _, v := range []uint64{uint64(InferenceOutputBytes(batch)), (InferenceSize + 31) / 32, (InferencePooled + 31) / 32, uint64(reps), uint64(batch)} {
		cfg = binary.LittleEndian.AppendUint64(cfg, v)
	}
	f32 := func(b []byte, v float32) []byte { return binary.LittleEndian.AppendUint32(b, math.Float32bits(v)) }
	a = make([]byte, 0, batch*4*(2+InferenceSize*InferenceSize))
	for z := 0; z < batch; z++ {
		a = f32(f32(a, InferenceSize), InferenceSize)
		for i := 0; i < InferenceSize*InferenceSize; i++ {
			a = f32(a, 2*r.Float32()-1)
		}
	}
	b = f32(f32(nil, InferenceFilter), InferenceFilter)
	for i := 0; i < InferenceFilter*InferenceFilter; i++ {
		b = f32(b, 2*r.Float32()-1)
	}
	return cfg, a, b
}
