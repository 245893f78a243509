package cpu

import "math"

// float32 arithmetic as the GPU does it, for bit-identical results.

// fma32 is a*b+c rounded once to float32 (round to nearest even, subnormals kept): PTX's
// fma.rn.f32, which nvcc emits for "s += x * y" on floats. Go has no float32 FMA, and the
// float64 FMA rounded again to float32 would round twice; so the sum is computed in float64
// with its exact error (the product of two float32 is exact in float64), and the one case
// where rounding that sum to float32 can go wrong, a float64 sum exactly halfway between two
// float32 values, is settled by the error's sign.
//
// It touches no memory: go:norace and go:nocheckptr keep go test -race from slowing it down.
//
//go:norace
//go:nocheckptr
func fma32(a, b, c float32) float32 {
	r := float64(float64(a)*float64(b)) + float64(c)
	// Rounding r to float32 rounds a*b+c correctly unless r is exactly halfway between two
	// float32 (its 29 low mantissa bits 1000...0) or lies in float32's subnormal range, where
	// fewer bits are kept: fma32Slow settles those.
	bits := math.Float64bits(r)
	if bits&(1<<29-1) != 1<<28 && (bits>>52)&0x7ff >= 1023-126 {
		return float32(r)
	}
	return fma32Slow(a, b, c)
}

// fma32Slow is fma32 for any operands.
func fma32Slow(a, b, c float32) float32 {
	p := float64(float64(a) * float64(b)) // exact; the conversion forbids fusing
	r := float64(p + float64(c))
	f := float32(r)
	if float64(f) == r || r != r { // exact, infinite or NaN
		return f
	}
	// TwoSum: r + e == p + c exactly.
	bb := float64(r - p)
	e := float64(p-float64(r-bb)) + float64(float64(c)-bb)
	if e == 0 {
		return f
	}
	lo, hi := f, f
	if float64(f) < r {
		hi = math.Nextafter32(f, float32(math.Inf(1)))
	} else {
		lo = math.Nextafter32(f, float32(math.Inf(-1)))
	}
	var mid float64
	switch {
	case math.IsInf(float64(hi), 1):
		mid = overflowEdge
	case math.IsInf(float64(lo), -1):
		mid = -overflowEdge
	default:
		mid = (float64(lo) + float64(hi)) / 2 // exact
	}
	if r != mid {
		return f
	}
	if e > 0 {
		return hi
	}
	return lo
}

// overflowEdge is where rounding to float32 overflows: MaxFloat32 plus half its ulp.
var overflowEdge = math.MaxFloat32 + math.Ldexp(1, 103)

// fmaxf is CUDA's fmaxf (PTX max.f32): the larger operand; a NaN operand loses to a number;
// +0 is taken as larger than -0.
func fmaxf(a, b float32) float32 {
	switch {
	case a != a:
		return b
	case b != b, a > b:
		return a
	case b > a:
		return b
	case math.Signbit(float64(a)):
		return b // equal: prefer +0 over -0
	}
	return a
}

// f2i32 is C's (int)f on the GPU (PTX cvt.rzi.s32.f32): truncation toward zero, saturating
// at the int32 range, NaN to 0. Go leaves out-of-range conversions implementation-defined.
func f2i32(f float32) int32 {
	switch {
	case f != f:
		return 0
	case f >= 2147483648:
		return math.MaxInt32
	case f <= -2147483648:
		return math.MinInt32
	}
	return int32(f)
}

// f2i64 is C's (long long)f on the GPU (PTX cvt.rzi.s64.f32), saturating like f2i32.
func f2i64(f float32) int64 {
	switch {
	case f != f:
		return 0
	case f >= 9223372036854775808:
		return math.MaxInt64
	case f <= -9223372036854775808:
		return math.MinInt64
	}
	return int64(f)
}

// div32 is C's int division a / b without Go's panic on b == 0: CUDA leaves that undefined and
// the cpu device returns -1; MinInt32 / -1 wraps to MinInt32 (Go's rule).
func div32(a, b int32) int32 {
	if b == 0 {
		return -1
	}
	return a / b
}
