package cpu

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// exactFMA32 is a*b+c computed exactly with big.Float and rounded once to float32.
func exactFMA32(a, b, c float32) float32 {
	if math.IsInf(float64(a), 0) || math.IsInf(float64(b), 0) || math.IsInf(float64(c), 0) ||
		a != a || b != b || c != c {
		return float32(float64(a)*float64(b) + float64(c))
	}
	x := new(big.Float).SetPrec(2000).SetFloat64(float64(a))
	x.Mul(x, new(big.Float).SetFloat64(float64(b)))
	x.Add(x, new(big.Float).SetFloat64(float64(c)))
	if x.Sign() == 0 {
		// IEEE: the sign of an exact zero sum is + unless both addends are -0.
		return float32(float64(a)*float64(b) + float64(c))
	}
	f, _ := x.Float32()
	return f
}

func sameF32(a, b float32) bool {
	return math.Float32bits(a) == math.Float32bits(b) || (a != a && b != b)
}

func TestFMA32(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	check := func(a, b, c float32) {
		t.Helper()
		if got, want := fma32(a, b, c), exactFMA32(a, b, c); !sameF32(got, want) {
			t.Fatalf("fma32(%g, %g, %g) = %g (%#x); want %g (%#x)", a, b, c, got, math.Float32bits(got), want, math.Float32bits(want))
		}
	}
	// Double rounding: float64(a*b+c) is halfway between two float32, the exact value not.
	// 1+2^-24 is halfway between 1 and 1+2^-23; the product adds a tiny tail below or above.
	one := float32(1)
	tiny := math.Float32frombits(1) // the smallest subnormal
	check(1+1.0/(1<<23), 1.0/(1<<24)*(1-1.0/(1<<23)), one)
	check(3, 1.0/(1<<25), 1)
	check(tiny, tiny, 1)
	check(tiny, -tiny, 1)
	check(-tiny, tiny, -1)
	// a*b = 2^-24 * (1 + 2^-3k) exactly, so float64(a*b + 1) is 1 + 2^-24, halfway between 1
	// and 1 + 2^-23, while the exact sum lies above: round to nearest gives 1 + 2^-23, where
	// rounding the float64 FMA again gives 1.
	naiveWrong := 0
	for k := 1; k <= 11; k++ {
		for _, s := range []int{-100, -20, 0, 30, 100} {
			for _, sign := range []float32{1, -1} {
				u := math.Ldexp(1, -k)
				a := float32(1 + u)
				b := sign * float32(math.Ldexp(1-u+u*u, -24+s))
				c := sign * float32(math.Ldexp(1, s))
				check(a, b, c)
				if float32(math.FMA(float64(a), float64(b), float64(c))) != exactFMA32(a, b, c) {
					naiveWrong++
				}
			}
		}
	}
	if naiveWrong == 0 {
		t.Error("no double-rounding case was tried")
	}
	check(math.MaxFloat32, 1, math.MaxFloat32)
	check(math.MaxFloat32, 1.0000001, -math.MaxFloat32)
	check(float32(math.Inf(1)), 0, 1)
	check(float32(math.NaN()), 1, 1)
	check(0, 0, float32(math.Copysign(0, -1)))
	check(float32(math.Copysign(0, -1)), 1, float32(math.Copysign(0, -1)))
	// The overflow edge: MaxFloat32 + half its ulp, just above and just below.
	half := float32(math.Ldexp(1, 103))
	check(half, 1+1.0/(1<<23), math.MaxFloat32)
	check(half, 1-1.0/(1<<24), math.MaxFloat32)
	check(-half, 1-1.0/(1<<24), -math.MaxFloat32)
	// Random operands of every magnitude, and sums that nearly cancel.
	rnd := func() float32 {
		switch r.IntN(4) {
		case 0:
			return math.Float32frombits(r.Uint32())
		case 1:
			return float32(r.NormFloat64())
		case 2:
			return math.Float32frombits(r.Uint32() & 0x807fffff) // subnormal
		}
		return float32(math.Ldexp(r.Float64(), r.IntN(40)-20))
	}
	for i := 0; i < 100000; i++ {
		a, b := rnd(), rnd()
		c := rnd()
		if i%3 == 0 {
			c = -float32(float64(a) * float64(b)) // near-cancellation
		}
		if i%5 == 0 { // construct a midpoint-ish sum: c with a tail at bit 24 of a*b
			c = float32(math.Ldexp(float64(r.IntN(1<<24)), r.IntN(20)-10))
			a = float32(math.Ldexp(1+float64(r.IntN(1<<10))/(1<<10), r.IntN(10)-40))
		}
		check(a, b, c)
	}
}

func TestFloatHelpers(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	negz := float32(math.Copysign(0, -1))
	for _, c := range []struct{ a, b, want float32 }{
		{1, 2, 2}, {2, 1, 2}, {nan, 1, 1}, {1, nan, 1}, {-inf, -3, -3},
	} {
		if got := fmaxf(c.a, c.b); !sameF32(got, c.want) {
			t.Errorf("fmaxf(%v, %v) = %v", c.a, c.b, got)
		}
	}
	if got := fmaxf(negz, 0); math.Signbit(float64(got)) {
		t.Error("fmaxf(-0, +0) = -0")
	}
	if got := fmaxf(0, negz); math.Signbit(float64(got)) {
		t.Error("fmaxf(+0, -0) = -0")
	}
	if got := fmaxf(nan, nan); got == got {
		t.Error("fmaxf(NaN, NaN) is a number")
	}
	for _, c := range []struct {
		f    float32
		want int32
	}{{224.9, 224}, {-3.7, -3}, {nan, 0}, {3e9, math.MaxInt32}, {-3e9, math.MinInt32}, {inf, math.MaxInt32}} {
		if got := f2i32(c.f); got != c.want {
			t.Errorf("f2i32(%v) = %d; want %d", c.f, got, c.want)
		}
	}
	if f2i64(1e19) != math.MaxInt64 || f2i64(-1e19) != math.MinInt64 || f2i64(nan) != 0 || f2i64(-2.5) != -2 {
		t.Error("f2i64 does not saturate or truncate")
	}
	if div32(7, 0) != -1 || div32(-7, 2) != -3 || div32(math.MinInt32, -1) != math.MinInt32 {
		t.Error("div32")
	}
}
