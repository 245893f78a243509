package bundle

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// Bound is the relative bound CompareTensor allows for a dtype (0: exact): F32 2e-3, F16
// 1e-2, BF16 3e-2. A tensor passes when every element's |got - want| <= bound x max(1,
// max |want|): relative to the tensor's largest reference value, as the exporter's checker
// (tools/export/check.py) compares. Elementwise relative errors would fail outputs near zero
// or a few low-precision ulps apart on values below the tensor's scale (BERT's hidden states
// in bf16 differ from eager PyTorch by up to 4 ulps: 0.031 at 1.02, against a scale of 4.5).
func Bound(dtype string) float64 {
	switch dtype {
	case "F32":
		return 2e-3
	case "F16":
		return 1e-2
	case "BF16":
		return 3e-2
	}
	return 0
}

// CompareTensor compares got with want, elementwise within the dtype's Bound; dtypes without
// a bound must be equal byte for byte.
func CompareTensor(dtype string, got, want []byte) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d bytes, want %d", len(got), len(want))
	}
	size, conv := 1, func([]byte) float64 { return 0 }
	switch dtype {
	case "F32":
		size, conv = 4, func(b []byte) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(b))) }
	case "BF16":
		size, conv = 2, func(b []byte) float64 {
			return float64(math.Float32frombits(uint32(binary.LittleEndian.Uint16(b)) << 16))
		}
	case "F16":
		size, conv = 2, func(b []byte) float64 { return f16(binary.LittleEndian.Uint16(b)) }
	default:
		if string(got) != string(want) {
			return errors.New("differs")
		}
		return nil
	}
	scale := 1.0
	for i := 0; i+size <= len(want); i += size {
		if v := math.Abs(conv(want[i:])); v > scale && !math.IsInf(v, 0) {
			scale = v
		}
	}
	tol := Bound(dtype) * scale
	for i := 0; i+size <= len(got); i += size {
		g, wv := conv(got[i:]), conv(want[i:])
		if d := math.Abs(g - wv); d > tol || math.IsNaN(g) != math.IsNaN(wv) {
			return fmt.Errorf("element %d is %g, want %g (bound %g: %g x the largest reference value %g)", i/size, g, wv, tol, Bound(dtype), scale)
		}
	}
	return nil
}

// f16 converts an IEEE half to float64.
func f16(h uint16) float64 {
	sign, exp, frac := float64(1), int(h>>10)&0x1f, float64(h&0x3ff)
	if h&0x8000 != 0 {
		sign = -1
	}
	switch exp {
	case 0:
		return sign * math.Ldexp(frac, -24)
	case 31:
		if frac == 0 {
			return sign * math.Inf(1)
		}
		return math.NaN()
	}
	return sign * math.Ldexp(1+frac/1024, exp-15)
}
