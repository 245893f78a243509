package examples_test

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"gpufn/examples"
)

// slowMatch is CompareF32's rule for one element, written plainly.
func slowMatch(g, w float32, relTol float64) bool {
	gv, wv := float64(g), float64(w)
	if gv == wv || (math.IsNaN(gv) && math.IsNaN(wv)) {
		return true
	}
	return math.Abs(gv-wv) <= relTol*math.Max(math.Abs(wv), 1)
}

// CompareF32 accepts each element by a test on its bits before the float one: it must agree
// with the plain rule on every element, at the edges of the tolerance included.
func TestCompareF32AgreesWithPlainRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	specials := []float32{0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)),
		float32(math.NaN()), math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, math.MaxFloat32, 1, -1, 0.5, 1e-30, 3e38}
	for _, tol := range []float64{0, 1e-7, 1e-5, 1e-4, 1e-2, 0.5} {
		const n = 20000
		g, w := make([]float32, n), make([]float32, n)
		for i := range w {
			switch rng.IntN(4) {
			case 0: // near each other in steps of the float32 grid, around the tolerance's edge
				w[i] = math.Float32frombits(rng.Uint32())
				steps := int64(rng.IntN(4000)) - 2000
				g[i] = math.Float32frombits(uint32(int64(math.Float32bits(w[i])) + steps))
			case 1: // near each other relatively
				w[i] = float32(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(12)-6)))
				g[i] = w[i] * float32(1+tol*(rng.Float64()*2.2-1.1))
			case 2: // absolute differences around 1
				w[i] = float32(rng.Float64()*2 - 1)
				g[i] = w[i] + float32(tol*(rng.Float64()*2.2-1.1))
			default:
				w[i], g[i] = specials[rng.IntN(len(specials))], specials[rng.IntN(len(specials))]
			}
		}
		want := 0
		for i := range g {
			if !slowMatch(g[i], w[i], tol) {
				want++
			}
			// element by element, so that a disagreement names the pair
			err := examples.CompareF32(f32b(g[i]), f32b(w[i]), tol)
			if (err == nil) != slowMatch(g[i], w[i], tol) {
				t.Fatalf("tolerance %g: got %g (%#08x), want %g (%#08x): CompareF32 says %v, the plain rule %v",
					tol, g[i], math.Float32bits(g[i]), w[i], math.Float32bits(w[i]), err, slowMatch(g[i], w[i], tol))
			}
		}
		err := examples.CompareF32(f32b(g...), f32b(w...), tol)
		if (err == nil) != (want == 0) {
			t.Fatalf("tolerance %g: whole array: %v; %d elements differ by the plain rule", tol, err, want)
		}
	}
}

// BenchmarkCompareF32 compares an inference answer (224x224 images pooled: 12,544 floats plus
// the 2-float header) whose every element differs from the reference in its last bits, as the
// GPU's do.
func BenchmarkCompareF32(b *testing.B) {
	want := make([]byte, 4*12546)
	got := make([]byte, len(want))
	for i := 0; i < len(want); i += 4 {
		v := math.Float32bits(float32(i) * 0.731)
		binary.LittleEndian.PutUint32(want[i:], v)
		binary.LittleEndian.PutUint32(got[i:], v+uint32(i/4%3)+1)
	}
	b.SetBytes(int64(len(got)))
	for b.Loop() {
		if err := examples.CompareF32(got, want, 1e-4); err != nil {
			b.Fatal(err)
		}
	}
}
