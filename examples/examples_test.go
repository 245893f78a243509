package examples_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gpufn/examples"
	"gpufn/function"
	"gpufn/libscan"
)

// h100Limits are the launch limits every example must fit.
var h100Limits = function.Limits{
	MaxThreadsPerBlock:   1024,
	MaxBlockDim:          [3]uint32{1024, 1024, 64},
	MaxGridDim:           [3]uint32{2147483647, 65535, 65535},
	MaxSharedMemPerBlock: 48 << 10,
}

func parse(t *testing.T, f examples.Function) *function.Plan {
	t.Helper()
	p, err := function.Parse(f.Config)
	if err != nil {
		t.Fatalf("%s: %v", f.Name, err)
	}
	return p
}

// Every config parses, names a library it resolves to, and checks against the scanned PTX of
// that library.
func TestConfigsCheck(t *testing.T) {
	libs := map[string]*libscan.Info{}
	for _, lib := range examples.Libraries() {
		info, err := libscan.Scan(examples.MustPTX(lib))
		if err != nil {
			t.Fatalf("libscan.Scan(%s): %v", lib, err)
		}
		libs[lib] = info
	}
	for set, fns := range map[string][]examples.Function{
		"Functions":        examples.Functions(),
		"DandelionConfigs": examples.DandelionConfigs(),
		"TestFunctions":    examples.TestFunctions(),
	} {
		seen := map[string]bool{}
		for _, f := range fns {
			if err := function.CheckName(f.Name); err != nil || seen[f.Name] {
				t.Errorf("%s: bad or repeated name %q (%v)", set, f.Name, err)
			}
			seen[f.Name] = true
			p := parse(t, f)
			if !slices.Contains(function.LibraryCandidates(p.ModulePath), f.Library) {
				t.Errorf("%s/%s: module_path %q does not resolve to library %q", set, f.Name, p.ModulePath, f.Library)
			}
			if err := p.CheckLibrary(libs[f.Library]); err != nil {
				t.Errorf("%s/%s against library %s: %v", set, f.Name, f.Library, err)
			}
		}
	}
	want := "matmul matmul_loop inference inference_batched minimal basic_io hello_world"
	var got []string
	for _, f := range examples.Functions() {
		got = append(got, f.Name)
	}
	if strings.Join(got, " ") != want {
		t.Errorf("Functions() = %v; want %s", got, want)
	}
}

// Dandelion's form differs from the served one in module_path only.
func TestDandelionConfigsMatch(t *testing.T) {
	served := map[string]examples.Function{}
	for _, f := range examples.Functions() {
		served[f.Name] = f
	}
	for _, d := range examples.DandelionConfigs() {
		pd := parse(t, d)
		if !strings.HasSuffix(pd.ModulePath, ".hsaco") {
			t.Errorf("%s: module_path %q is not Dandelion's", d.Name, pd.ModulePath)
		}
		s, ok := served[d.Name]
		if !ok {
			t.Errorf("%s: no served function of that name", d.Name)
			continue
		}
		ps := parse(t, s)
		pd.ModulePath, pd.Config, ps.Config = ps.ModulePath, nil, nil
		if !reflect.DeepEqual(pd, ps) {
			t.Errorf("%s: the Dandelion config compiles to another plan than the served one", d.Name)
		}
	}
}

func TestConfigsFitLimits(t *testing.T) {
	for _, f := range slices.Concat(examples.Functions(), examples.TestFunctions()) {
		if err := parse(t, f).CheckLimits(h100Limits); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
}

func i64s(v ...int64) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint64(b, uint64(x))
	}
	return b
}

func f32b(v ...float32) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

func TestMatmulReference(t *testing.T) {
	// [[1 2] [3 4]] x its transpose = [[5 11] [11 25]].
	got := examples.MatmulReference(i64s(2, 1, 2, 3, 4))
	if err := examples.CompareI64(got, i64s(2, 5, 11, 11, 25)); err != nil {
		t.Error(err)
	}
	// Negative values, and room beyond the matrix stays zero.
	got = examples.MatmulReference(i64s(1, -3, 99))
	if err := examples.CompareI64(got, i64s(1, 9, 0)); err != nil {
		t.Error(err)
	}
	// Where the kernel computes nothing, the output stays zero.
	for _, a := range [][]byte{i64s(3, 1, 2), i64s(0, 5), i64s(-1, 5), {1, 2, 3}} {
		if got := examples.MatmulReference(a); !bytes.Equal(got, make([]byte, len(a))) {
			t.Errorf("MatmulReference(%v) = %v; want zeros", a, got)
		}
	}
}

// image4 is a 4x4 image with pixel (x, y) = 4y + x - 8.
func image4() []float32 {
	img := []float32{4, 4}
	for i := 0; i < 16; i++ {
		img = append(img, float32(i-8))
	}
	return img
}

func TestInferenceReference(t *testing.T) {
	// The identity filter: ReLU, then 2x2 max-pooling of the image itself.
	ident := f32b(3, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0)
	got := examples.InferenceReference(f32b(image4()...), ident, 1)
	if err := examples.CompareF32(got, f32b(2, 2, 0, 0, 5, 7), 0); err != nil {
		t.Errorf("identity filter: %v", err)
	}
	// A filter with its 1 at the top left corner shifts the image by one pixel right and down
	// (the filter is centred, zero padded).
	shift := f32b(3, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0)
	got = examples.InferenceReference(f32b(image4()...), shift, 1)
	if err := examples.CompareF32(got, f32b(2, 2, 0, 0, 0, 2), 0); err != nil {
		t.Errorf("shift filter: %v", err)
	}
	// A 3x3 box filter on an image of ones counts the pixels inside; a batch of two images.
	ones := []float32{4, 4}
	for i := 0; i < 16; i++ {
		ones = append(ones, 1)
	}
	box := f32b(3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	got = examples.InferenceReference(f32b(slices.Concat(image4(), ones)...), box, 2)
	// Image 1's box sums are negative in its top half (ReLU makes them 0); the largest in its
	// bottom quadrants are 18 at (1, 3) and 24 at (2, 3). The ones image gives 9 at its inner
	// pixels, one in each quadrant.
	want := f32b(2, 2, 0, 0, 18, 24, 2, 2, 9, 9, 9, 9)
	if err := examples.CompareF32(got, want, 0); err != nil {
		t.Errorf("box filter, batch of 2: %v", err)
	}
}

func TestBasicIOReference(t *testing.T) {
	for _, c := range []struct{ in, want []byte }{
		{i64s(12345, 7), i64s(98765, 7)},
		{i64s(12346), i64s(12346)},
		{[]byte{1, 2, 3}, []byte{1, 2, 3}},
		{nil, nil},
	} {
		if got := examples.BasicIOReference(c.in); !bytes.Equal(got, c.want) {
			t.Errorf("BasicIOReference(%v) = %v; want %v", c.in, got, c.want)
		}
	}
	in := i64s(12345)
	examples.BasicIOReference(in)
	if !bytes.Equal(in, i64s(12345)) {
		t.Error("BasicIOReference changed its input")
	}
	if got := examples.SetMemReference(300); got[0] != 0 || got[255] != 255 || got[256] != 0 || got[299] != 43 {
		t.Errorf("SetMemReference: %v", got)
	}
}

func TestCompare(t *testing.T) {
	if err := examples.CompareBytes([]byte{1, 2, 3}, []byte{1, 2, 3}); err != nil {
		t.Error(err)
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{examples.CompareBytes([]byte{1, 2}, []byte{1, 2, 3}), "got 2 bytes; want 3"},
		{examples.CompareBytes([]byte{1, 9, 8}, []byte{1, 2, 3}), "2 of 3 bytes differ; the first at byte 1: got 0x09, want 0x02"},
		{examples.CompareI64(i64s(1, -5, 3), i64s(1, 2, 3)), "1 of 3 int64 elements differ; the first is element 1: got -5, want 2"},
		{examples.CompareF32(f32b(1, 2.5, 100), f32b(1, 2, 100.5), 1e-3), "2 of 3 float32 elements differ beyond a tolerance of 0.001; the first is element 1: got 2.5, want 2; the largest difference 0.5 at element 1"},
		{examples.CompareF32(f32b(float32(math.NaN())), f32b(1), 1), "element 0: got NaN, want 1"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("error %v; want it to contain %q", c.err, c.want)
		}
	}
	for _, c := range [][2][]float32{
		{{1, 1000.001}, {1, 1000}}, // relative above 1
		{{1e-6}, {0}},              // absolute below 1
		{{float32(math.NaN())}, {float32(math.NaN())}},
		{{float32(math.Copysign(0, -1))}, {0}},
	} {
		if err := examples.CompareF32(f32b(c[0]...), f32b(c[1]...), 1e-5); err != nil {
			t.Errorf("CompareF32(%v, %v): %v", c[0], c[1], err)
		}
	}
	// The load generator checks every inference answer with it: a match allocates nothing.
	got, want := make([]float32, 4096), make([]float32, 4096)
	for i := range want {
		want[i] = float32(i) * 0.37
		got[i] = want[i] * (1 + 1e-7)
	}
	gb, wb := f32b(got...), f32b(want...)
	if n := testing.AllocsPerRun(20, func() {
		if examples.CompareF32(gb, wb, 1e-5) != nil {
			t.Fatal("a match within the tolerance was refused")
		}
	}); n != 0 {
		t.Errorf("CompareF32 of matching arrays: %v allocations; want 0", n)
	}
}

func TestInputs(t *testing.T) {
	cfg, a := examples.MatmulInputs(70, 1)
	if binary.LittleEndian.Uint64(cfg) != 3 || len(cfg) != 8 || len(a) != 8*(1+70*70) || binary.LittleEndian.Uint64(a) != 70 {
		t.Fatalf("MatmulInputs(70): cfg %v, %d bytes of A", cfg, len(a))
	}
	for i := 8; i < len(a); i += 8 {
		if v := int64(binary.LittleEndian.Uint64(a[i:])); v < -8 || v > 8 {
			t.Fatalf("element %d = %d; want [-8, 8]", i/8-1, v)
		}
	}
	if _, a2 := examples.MatmulInputs(70, 1); !bytes.Equal(a, a2) {
		t.Error("MatmulInputs is not deterministic")
	}
	if _, a3 := examples.MatmulInputs(70, 2); bytes.Equal(a, a3) {
		t.Error("MatmulInputs ignores its seed")
	}

	cfg, a, b := examples.InferenceInputs(5, 3, 9)
	var c [5]uint64
	for i := range c {
		c[i] = binary.LittleEndian.Uint64(cfg[8*i:])
	}
	if len(cfg) != 40 || c != [5]uint64{3 * 50184, 7, 4, 5, 3} || examples.InferenceOutputBytes(3) != 3*50184 {
		t.Errorf("InferenceInputs cfg = %v", c)
	}
	if len(a) != 3*4*(2+224*224) || len(b) != 4*27 {
		t.Fatalf("InferenceInputs: %d bytes of A, %d of B", len(a), len(b))
	}
	for z := 0; z < 3; z++ {
		img := a[z*4*(2+224*224):]
		if w, h := math.Float32frombits(binary.LittleEndian.Uint32(img)), math.Float32frombits(binary.LittleEndian.Uint32(img[4:])); w != 224 || h != 224 {
			t.Errorf("image %d header %v x %v", z, w, h)
		}
	}
	for i := 2; i < 27; i++ {
		if v := math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])); v < -1 || v >= 1 {
			t.Errorf("filter value %d = %v", i, v)
		}
	}
	if _, a2, b2 := examples.InferenceInputs(5, 3, 9); !bytes.Equal(a, a2) || !bytes.Equal(b, b2) {
		t.Error("InferenceInputs is not deterministic")
	}
}
