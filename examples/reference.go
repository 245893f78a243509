package examples

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
)

// Go reference implementations of the example functions, written straight from what each
// function computes (not from the kernels' code), and the comparisons tests use on outputs.

// MatmulReference is the output B of the matmul functions for input a = [n][n*n int64]: B has
// a's size and holds [n][A x A^T] (int64, wrapping), zero beyond that. Where the kernels
// compute nothing (n <= 0, n > 65536 or a too short for n) B stays all zero, as there.
func MatmulReference(a []byte) []byte {
	out := make([]byte, len(a))
	if len(a) < 8 {
		return out
	}
	n := int64(binary.LittleEndian.Uint64(a))
	if n <= 0 || n > 65536 || uint64(n*n+1) > uint64(len(a))/8 {
		return out
	}
	el := func(i int64) int64 { return int64(binary.LittleEndian.Uint64(a[8*(1+i):])) }
	binary.LittleEndian.PutUint64(out, uint64(n))
	for r := int64(0); r < n; r++ {
		for c := int64(0); c < n; c++ {
			var s int64
			for k := int64(0); k < n; k++ {
				s += el(r*n+k) * el(c*n+k)
			}
			binary.LittleEndian.PutUint64(out[8*(1+r*n+c):], uint64(s))
		}
	}
	return out
}

// InferenceReference is the output D of the inference functions for batch images a (each
// [w f32][h f32][w*h f32]) and filter b ([fw f32][fh f32][fw*fh f32]): per image, the
// cross-correlation with the filter (zero padded, the filter centred, same size), then ReLU,
// then 2x2 max-pooling, each output [w/2 f32][h/2 f32][pixels]. Sums are taken in float64 and
// rounded once, so the GPU's float32 results differ in the last bits: compare with CompareF32.
// Repetitions do not change the result (each recomputes from A). It panics on inputs that do
// not hold batch images of the size their first header gives, or a malformed filter.
func InferenceReference(a, b []byte, batch int) []byte {
	f := f32s(a)
	flt := f32s(b)
	if len(f) < 2 || len(flt) < 2 {
		panic("examples: InferenceReference: missing image or filter header")
	}
	w, h := int(f[0]), int(f[1])
	fw, fh := int(flt[0]), int(flt[1])
	if w <= 0 || h <= 0 || fw <= 0 || fh <= 0 || len(flt) != 2+fw*fh || len(f) < batch*(2+w*h) {
		panic(fmt.Sprintf("examples: InferenceReference: %d floats of images for %d of %dx%d, filter %dx%d in %d floats",
			len(f), batch, w, h, fw, fh, len(flt)))
	}
	ow, oh := w/InferencePool, h/InferencePool
	out := make([]float32, 0, batch*(2+ow*oh))
	conv := make([]float32, w*h)
	for z := 0; z < batch; z++ {
		img := f[z*(2+w*h)+2 : (z+1)*(2+w*h)]
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				var s float64
				for j := 0; j < fh; j++ {
					for i := 0; i < fw; i++ {
						yy, xx := y+j-fh/2, x+i-fw/2
						if yy >= 0 && yy < h && xx >= 0 && xx < w {
							s += float64(img[yy*w+xx]) * float64(flt[2+j*fw+i])
						}
					}
				}
				conv[y*w+x] = float32(max(s, 0)) // ReLU
			}
		}
		out = append(out, float32(ow), float32(oh))
		for y := 0; y < oh; y++ {
			for x := 0; x < ow; x++ {
				m := float32(math.Inf(-1))
				for j := 0; j < InferencePool; j++ {
					for i := 0; i < InferencePool; i++ {
						m = max(m, conv[(y*InferencePool+j)*w+x*InferencePool+i])
					}
				}
				out = append(out, m)
			}
		}
	}
	return f32Bytes(out)
}

// BasicIOReference is the output of basic_io: a unchanged, except that an int64 12345 in its
// first 8 bytes becomes 98765.
func BasicIOReference(a []byte) []byte {
	out := bytes.Clone(a)
	if len(out) >= 8 && int64(binary.LittleEndian.Uint64(out)) == 12345 {
		binary.LittleEndian.PutUint64(out, 98765)
	}
	return out
}

// SetMemReference is n bytes of set_mem's pattern (byte i holds i & 0xff): what "minimal"
// leaves in its buffer A.
func SetMemReference(n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = byte(i)
	}
	return out
}

func f32s(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func f32Bytes(v []float32) []byte {
	out := make([]byte, 0, 4*len(v))
	for _, x := range v {
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(x))
	}
	return out
}

// CompareBytes reports how got differs from want: the lengths, or the first differing byte
// and how many differ; nil when equal.
func CompareBytes(got, want []byte) error {
	if len(got) != len(want) {
		return fmt.Errorf("got %d bytes; want %d", len(got), len(want))
	}
	first, n := -1, 0
	for i := range got {
		if got[i] != want[i] {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return fmt.Errorf("%d of %d bytes differ; the first at byte %d: got %#02x, want %#02x", n, len(got), first, got[first], want[first])
}

// CompareI64 is CompareBytes for arrays of little-endian int64, naming the element.
func CompareI64(got, want []byte) error {
	if len(got) != len(want) || len(got)%8 != 0 {
		return fmt.Errorf("got %d bytes; want %d (int64 elements)", len(got), len(want))
	}
	first, n := -1, 0
	for i := 0; i < len(got); i += 8 {
		if !bytes.Equal(got[i:i+8], want[i:i+8]) {
			if first < 0 {
				first = i / 8
			}
			n++
		}
	}
	if n == 0 {
		return nil
	}
	g, w := int64(binary.LittleEndian.Uint64(got[8*first:])), int64(binary.LittleEndian.Uint64(want[8*first:]))
	return fmt.Errorf("%d of %d int64 elements differ; the first is element %d: got %d, want %d", n, len(got)/8, first, g, w)
}

// CompareF32 compares arrays of little-endian float32: element i matches when
// |got-want| <= relTol * max(|want|, 1) (relative for large values, absolute below 1, where
// sums that cancel lose their relative precision), or when both are NaN, or equal infinities.
// relTol 0 asks for exact equality (-0 equals +0). The error names the first mismatch, the
// largest difference and how many differ.
func CompareF32(got, want []byte, relTol float64) error {
	if len(got) != len(want) || len(got)%4 != 0 {
		return fmt.Errorf("got %d bytes; want %d (float32 elements)", len(got), len(want))
	}
	// The load generator checks every answer with this, so it must cost little next to a
	// request: the elements are read in place, and most are accepted by an integer test on
	// their bits (see ulpsWithin) before the exact test in float64.
	k := ulpsWithin(relTol)
	first, n, worst, worstAt := -1, 0, 0.0, 0
	for i := 0; i+4 <= len(got); i += 4 {
		gb, wb := binary.LittleEndian.Uint32(got[i:]), binary.LittleEndian.Uint32(want[i:])
		if d := int64(gb) - int64(wb); (gb^wb)&signBit32 == 0 && gb&expBits32 != expBits32 && wb&expBits32 != expBits32 && d <= k && -d <= k {
			continue
		}
		gv, wv := float64(math.Float32frombits(gb)), float64(math.Float32frombits(wb))
		if gv == wv || (gv != gv && wv != wv) {
			continue
		}
		d := math.Abs(gv - wv)
		if d <= relTol*max(math.Abs(wv), 1) {
			continue
		}
		if first < 0 {
			first = i / 4
		}
		if n++; d > worst || d != d {
			worst, worstAt = d, i/4
		}
	}
	if n == 0 {
		return nil
	}
	at := func(b []byte, k int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b[4*k:])) }
	return fmt.Errorf("%d of %d float32 elements differ beyond a tolerance of %g; the first is element %d: got %g, want %g; the largest difference %g at element %d (got %g, want %g)",
		n, len(got)/4, relTol, first, at(got, first), at(want, first), worst, worstAt, at(got, worstAt), at(want, worstAt))
}

const (
	signBit32 = 1 << 31
	expBits32 = 0xff << 23
)

// ulpsWithin is how many float32 steps apart two finite floats of the same sign may be and
// still be within relTol of each other in CompareF32's sense. Between such floats g and w the
// bit patterns, read as integers, differ by the number of steps from one to the other, and
// each step is at most max(2^-23 max(|g|, |w|), 2^-149) (the last for subnormals). So k steps
// keep |g - w| <= k 2^-23 (|w| + |g - w|), that is |g - w| <= relTol |w|, when
// k <= relTol / (2^-23 (1 + relTol)); and k 2^-149 is far below relTol (the absolute part of
// the tolerance is at least relTol). The test accepts only what the exact one accepts.
func ulpsWithin(relTol float64) int64 {
	if !(relTol > 0) {
		return 0
	}
	k := math.Floor(relTol / (0x1p-23 * (1 + relTol)))
	return int64(min(k, 1<<30))
}
