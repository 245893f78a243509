package cpu_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"gpufn/cpu"
	"gpufn/examples"
	"gpufn/gpu"
)

// The Go kernels against the example references (examples/reference.go) and hand-made cases
// for what the references do not cover: shapes off the examples' path, and the cases where the
// CUDA code deliberately does nothing.

// dev is a cpu device with one library loaded.
type dev struct {
	t *testing.T
	d *cpu.Device
	m gpu.Module
}

func newDev(t *testing.T, lib string) *dev {
	d := open(t, cpu.Options{})
	return &dev{t: t, d: d, m: load(t, d, lib)}
}

// buf allocates len(b) bytes (at least 8) holding b.
func (x *dev) buf(b []byte) gpu.Ptr {
	x.t.Helper()
	p := alloc(x.t, x.d, uint64(max(len(b), 8)))
	if err := x.d.CopyToDevice(p, b); err != nil {
		x.t.Fatal(err)
	}
	return p
}

func (x *dev) read(p gpu.Ptr, n int) []byte {
	x.t.Helper()
	b := make([]byte, n)
	if err := x.d.CopyFromDevice(b, p); err != nil {
		x.t.Fatal(err)
	}
	return b
}

func (x *dev) launch(name string, grid, block gpu.Dim3, args ...uint64) {
	x.t.Helper()
	f, err := x.d.Function(x.m, name)
	if err != nil {
		x.t.Fatal(err)
	}
	if err := x.d.Launch(f, grid, block, 0, args); err != nil {
		x.t.Fatalf("%s: %v", name, err)
	}
}

func d3(x, y, z uint32) gpu.Dim3 { return gpu.Dim3{X: x, Y: y, Z: z} }

var block32 = d3(32, 32, 1)

func f32b(v ...float32) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

func i64b(v ...int64) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint64(b, uint64(x))
	}
	return b
}

// image makes count images of w x h with random pixels in [-1, 1), back to back.
func image(r *rand.Rand, w, h, count int) []byte {
	var v []float32
	for z := 0; z < count; z++ {
		v = append(v, float32(w), float32(h))
		for i := 0; i < w*h; i++ {
			v = append(v, 2*r.Float32()-1)
		}
	}
	return f32b(v...)
}

func TestMatmulKernels(t *testing.T) {
	x := newDev(t, "mlops")
	for _, n := range []int{1, 31, 32, 45} {
		cfg, a := examples.MatmulInputs(n, int64(n))
		g := uint32(binary.LittleEndian.Uint64(cfg))
		pa, pb, pl := x.buf(a), x.buf(make([]byte, len(a))), x.buf(make([]byte, len(a)))
		x.launch("matmul_para", d3(g, g, 1), block32, uint64(pa), uint64(len(a)), uint64(pb))
		x.launch("matmul_loop", d3(1, 1, 1), d3(1, 1, 1), uint64(pa), uint64(len(a)), uint64(pl))
		want := examples.MatmulReference(a)
		if err := examples.CompareI64(x.read(pb, len(a)), want); err != nil {
			t.Errorf("matmul_para n=%d: %v", n, err)
		}
		if err := examples.CompareI64(x.read(pl, len(a)), want); err != nil {
			t.Errorf("matmul_loop n=%d: %v", n, err)
		}
	}
	// Where the kernels compute nothing, B keeps what it held.
	for _, a := range [][]byte{i64b(0, 1), i64b(-2, 1, 2, 3, 4), i64b(3, 1, 2, 3), i64b(70000, 1)} {
		pa, pb := x.buf(a), x.buf(bytes.Repeat([]byte{7}, len(a)))
		x.launch("matmul_para", d3(1, 1, 1), block32, uint64(pa), uint64(len(a)), uint64(pb))
		x.launch("matmul_loop", d3(1, 1, 1), d3(1, 1, 1), uint64(pa), uint64(len(a)), uint64(pb))
		if got := x.read(pb, len(a)); !bytes.Equal(got, bytes.Repeat([]byte{7}, len(a))) {
			t.Errorf("matmul on %v wrote %v", a, got)
		}
	}
	// A size argument smaller than the matrix: nothing either.
	_, a := examples.MatmulInputs(4, 1)
	pa, pb := x.buf(a), x.buf(make([]byte, len(a)))
	x.launch("matmul_para", d3(1, 1, 1), block32, uint64(pa), uint64(len(a)-8), uint64(pb))
	if got := x.read(pb, len(a)); !bytes.Equal(got, make([]byte, len(a))) {
		t.Error("matmul_para ran with too small a size")
	}
}

func TestMatmulF(t *testing.T) {
	x := newDev(t, "mlops")
	r := rand.New(rand.NewPCG(1, 1))
	// Small integers: every product and sum is exact, so the result is too.
	const n = 37
	av, bv := []float32{n}, []float32{n}
	for i := 0; i < n*n; i++ {
		av = append(av, float32(r.IntN(9)-4))
		bv = append(bv, float32(r.IntN(9)-4))
	}
	want := []float32{n}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			var s float32
			for k := 0; k < n; k++ {
				s += av[1+i*n+k] * bv[1+k*n+j]
			}
			want = append(want, s)
		}
	}
	pa, pb, pc := x.buf(f32b(av...)), x.buf(f32b(bv...)), x.buf(make([]byte, 4*(1+n*n)))
	x.launch("matmul_f", d3(2, 2, 1), block32, uint64(pa), uint64(pb), uint64(pc))
	if err := examples.CompareF32(x.read(pc, 4*(1+n*n)), f32b(want...), 0); err != nil {
		t.Error(err)
	}
}

// Convolution, ReLU and max-pooling on shapes off the examples' path (w != h, odd sizes, a
// non-square filter), against the inference reference.
func TestInferenceKernels(t *testing.T) {
	x := newDev(t, "mlops")
	r := rand.New(rand.NewPCG(2, 2))
	for _, c := range []struct{ w, h, fw, fh int }{{37, 23, 3, 5}, {8, 8, 1, 1}, {5, 64, 7, 3}, {224, 224, 5, 5}} {
		a := image(r, c.w, c.h, 1)
		fv := []float32{float32(c.fw), float32(c.fh)}
		for i := 0; i < c.fw*c.fh; i++ {
			fv = append(fv, 2*r.Float32()-1)
		}
		f := f32b(fv...)
		ow, oh := c.w/2, c.h/2
		pa, pf, pc := x.buf(a), x.buf(f), x.buf(make([]byte, len(a)))
		pd := x.buf(make([]byte, 4*(2+ow*oh)))
		g := d3(uint32(c.w+31)/32, uint32(c.h+31)/32, 1)
		x.launch("convolution_f", g, block32, uint64(pc), uint64(pa), uint64(pf))
		x.launch("relu_2d_f", g, block32, uint64(pc))
		x.launch("maxpool_f", d3(uint32(ow+31)/32, uint32(oh+31)/32, 1), block32, uint64(pd), uint64(pc), 2)
		if err := examples.CompareF32(x.read(pd, 4*(2+ow*oh)), examples.InferenceReference(a, f, 1), 1e-5); err != nil {
			t.Errorf("%+v: %v", c, err)
		}
		// relu_1d_f on a 1-D grid gives relu_2d_f's result.
		x.launch("convolution_f", g, block32, uint64(pc), uint64(pa), uint64(pf))
		c2 := x.read(pc, len(a))
		x.launch("relu_2d_f", g, block32, uint64(pc))
		want := x.read(pc, len(a))
		pc1 := x.buf(c2)
		x.launch("relu_1d_f", d3(uint32(c.w*c.h+255)/256, 1, 1), d3(256, 1, 1), uint64(pc1))
		if !bytes.Equal(x.read(pc1, len(a)), want) {
			t.Errorf("%+v: relu_1d_f differs from relu_2d_f", c)
		}
	}
}

func TestMaxpool(t *testing.T) {
	x := newDev(t, "mlops")
	// A 7x4 image with pixel (x, y) = 10y + x, pooled 3x3: 2x1 outputs, the windows' maxima
	// 22 and 25; the last column and row are left out.
	v := []float32{7, 4}
	for y := 0; y < 4; y++ {
		for i := 0; i < 7; i++ {
			v = append(v, float32(10*y+i))
		}
	}
	v[2+3] = float32(math.NaN()) // a NaN loses to the numbers around it
	pc, pd := x.buf(f32b(v...)), x.buf(make([]byte, 16))
	x.launch("maxpool_f", d3(1, 1, 1), block32, uint64(pd), uint64(pc), 3)
	if err := examples.CompareF32(x.read(pd, 16), f32b(2, 1, 22, 25), 0); err != nil {
		t.Error(err)
	}
	// pool <= 0: nothing happens.
	pe := x.buf(bytes.Repeat([]byte{9}, 16))
	for _, pool := range []int64{0, -2} {
		x.launch("maxpool_f", d3(1, 1, 1), block32, uint64(pe), uint64(pc), uint64(pool))
	}
	if got := x.read(pe, 16); !bytes.Equal(got, bytes.Repeat([]byte{9}, 16)) {
		t.Errorf("maxpool with pool <= 0 wrote %v", got)
	}
}

// The batched kernels do images z < cfg[4] of a grid with more z blocks, each as the unbatched
// kernels do image 0.
func TestBatchedKernels(t *testing.T) {
	x := newDev(t, "mlops")
	r := rand.New(rand.NewPCG(3, 3))
	const w, h, batch = 40, 36, 3
	a := image(r, w, h, batch+1) // one image more than the batch: it must stay untouched
	_, _, f := examples.InferenceInputs(0, 1, 5)
	img := 4 * (2 + w*h)
	out := 4 * (2 + (w/2)*(h/2))
	cfg := x.buf(i64b(0, 0, 0, 0, batch))
	pa, pf := x.buf(a), x.buf(f)
	pc, pd := x.buf(make([]byte, len(a))), x.buf(make([]byte, (batch+1)*out))
	g := d3(2, 2, batch+1)
	x.launch("convolution_f_batched", g, block32, uint64(pc), uint64(pa), uint64(pf), uint64(cfg))
	x.launch("relu_2d_f_batched", g, block32, uint64(pc), uint64(cfg))
	x.launch("maxpool_f_batched", d3(1, 1, batch+1), block32, uint64(pd), uint64(pc), 2, uint64(cfg))
	got := x.read(pd, (batch+1)*out)
	if err := examples.CompareF32(got[:batch*out], examples.InferenceReference(a, f, batch), 1e-5); err != nil {
		t.Error(err)
	}
	if !bytes.Equal(got[batch*out:], make([]byte, out)) || !bytes.Equal(x.read(pc+gpu.Ptr(batch*img), img), make([]byte, img)) {
		t.Error("the batched kernels touched the image beyond cfg[4]")
	}
	// Image z of the batch equals the unbatched kernels on that image alone, bit for bit.
	for z := 0; z < batch; z++ {
		pa1, pc1, pd1 := x.buf(a[z*img:(z+1)*img]), x.buf(make([]byte, img)), x.buf(make([]byte, out))
		x.launch("convolution_f", d3(2, 2, 1), block32, uint64(pc1), uint64(pa1), uint64(pf))
		x.launch("relu_2d_f", d3(2, 2, 1), block32, uint64(pc1))
		x.launch("maxpool_f", d3(1, 1, 1), block32, uint64(pd1), uint64(pc1), 2)
		if !bytes.Equal(x.read(pd1, out), got[z*out:(z+1)*out]) {
			t.Errorf("batched image %d differs from the unbatched kernels", z)
		}
	}
}

func TestModuleKernels(t *testing.T) {
	x := newDev(t, "module")
	const n = 1000
	p := x.buf(make([]byte, n))
	x.launch("set_mem", d3(3, 1, 1), d3(7, 1, 1), uint64(p), n) // 21 threads, grid-stride
	if got := x.read(p, n); !bytes.Equal(got, examples.SetMemReference(n)) {
		t.Fatal("set_mem did not write the pattern")
	}
	if err := x.d.Memset(p+500, 0xee, 3); err != nil {
		t.Fatal(err)
	}
	x.launch("check_mem", d3(2, 1, 1), d3(64, 1, 1), uint64(p), n)
	want := bytes.Repeat([]byte{1}, n)
	want[500], want[501], want[502] = 0, 0, 0
	if got := x.read(p, n); !bytes.Equal(got, want) {
		t.Errorf("check_mem: %v", got)
	}
	for _, in := range [][]byte{i64b(12345, 12345), i64b(12344), i64b(-12345)} {
		q := x.buf(in)
		x.launch("check_then_write", d3(2, 1, 1), d3(32, 1, 1), uint64(q))
		if got := x.read(q, len(in)); !bytes.Equal(got, examples.BasicIOReference(in)) {
			t.Errorf("check_then_write(%v) = %v", in, got)
		}
	}
	x.launch("hello_world", d3(2, 2, 2), d3(8, 8, 8))
}

// count_u64 (library probe) counts the words equal to its value, over a 3-D launch of fewer
// threads than words, adding to what out held.
func TestCountU64(t *testing.T) {
	x := newDev(t, "probe")
	words := make([]byte, 8*1000)
	want := uint64(0)
	for i := 0; i < 1000; i++ {
		v := uint64(i)
		if i%7 == 3 {
			v, want = 0xfeedface, want+1
		}
		binary.LittleEndian.PutUint64(words[8*i:], v)
	}
	p, out := x.buf(words), x.buf(binary.LittleEndian.AppendUint64(nil, 5))
	x.launch("count_u64", d3(2, 2, 1), d3(8, 4, 2), uint64(p), 1000, 0xfeedface, uint64(out))
	if got := binary.LittleEndian.Uint64(x.read(out, 8)); got != want+5 {
		t.Fatalf("count_u64: %d, want %d", got, want+5)
	}
}
