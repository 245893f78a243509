package cpu_test

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"gpufn/cpu"
	"gpufn/cuda"
	"gpufn/examples"
	"gpufn/gpu"
)

// matchArg is a launch argument: the address of buffer buf, or v when buf < 0.
type matchArg struct {
	buf int
	v   uint64
}

func mb(i int) matchArg    { return matchArg{buf: i} }
func mv(x uint64) matchArg { return matchArg{buf: -1, v: x} }

type matchLaunch struct {
	kernel      string
	grid, block gpu.Dim3
	args        []matchArg
}

type matchCase struct {
	name, lib string
	bufs      [][]byte
	launches  []matchLaunch
}

// runMatch runs c on d and returns every buffer's bytes afterwards.
func runMatch(t *testing.T, d gpu.Device, c matchCase) [][]byte {
	t.Helper()
	m, err := d.LoadModule(examples.MustPTX(c.lib))
	if err != nil {
		t.Fatal(err)
	}
	defer d.UnloadModule(m)
	ptrs := make([]gpu.Ptr, len(c.bufs))
	for i, b := range c.bufs {
		if ptrs[i], err = d.Alloc(uint64(len(b))); err != nil {
			t.Fatal(err)
		}
		defer d.Free(ptrs[i])
		if err := d.CopyToDevice(ptrs[i], b); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range c.launches {
		f, err := d.Function(m, l.kernel)
		if err != nil {
			t.Fatal(err)
		}
		args := make([]uint64, len(l.args))
		for i, a := range l.args {
			if args[i] = a.v; a.buf >= 0 {
				args[i] = uint64(ptrs[a.buf])
			}
		}
		if err := d.Launch(f, l.grid, l.block, 0, args); err != nil {
			t.Fatalf("%s: %s: %v", c.name, l.kernel, err)
		}
	}
	if err := d.Synchronize(); err != nil {
		t.Fatal(err)
	}
	out := make([][]byte, len(c.bufs))
	for i, b := range c.bufs {
		out[i] = make([]byte, len(b))
		if err := d.CopyFromDevice(out[i], ptrs[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestMatchesCUDA runs the example kernels on an NVIDIA GPU and on the cpu device with the
// same inputs and wants the same bytes back: integer results and float results alike, bit for
// bit (the cpu device rounds as the GPU's fma.rn.f32 does, in the same order). Without a GPU
// (CI) it skips. On the GPU machine: go test -c -o bin/cpu.test ./cpu here, then
// bin/cpu.test -test.run MatchesCUDA -test.v there.
func TestMatchesCUDA(t *testing.T) {
	if n, err := cuda.Count(); err != nil || n == 0 {
		t.Skipf("no CUDA device (%v)", err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	gd, err := cuda.Open(0)
	if err != nil {
		t.Fatal(err)
	}
	defer gd.Close()
	cd := cpu.New(cpu.Options{})
	defer cd.Close()

	r := rand.New(rand.NewPCG(42, 42))
	wild := func(n int) []float32 { // floats of many magnitudes and both signs
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(math.Ldexp(r.NormFloat64(), r.IntN(30)-15))
		}
		return v
	}
	var cases []matchCase
	{
		cfg, a := examples.MatmulInputs(128, 1)
		g := uint32(binary.LittleEndian.Uint64(cfg))
		cases = append(cases, matchCase{"matmul 128", "mlops", [][]byte{a, make([]byte, len(a)), make([]byte, len(a))}, []matchLaunch{
			{"matmul_para", d3(g, g, 1), block32, []matchArg{mb(0), mv(uint64(len(a))), mb(1)}},
			{"matmul_loop", d3(1, 1, 1), d3(1, 1, 1), []matchArg{mb(0), mv(uint64(len(a))), mb(2)}},
		}})
	}
	{
		const n = 100
		av := append([]float32{n}, wild(n*n)...)
		bv := append([]float32{n}, wild(n*n)...)
		cases = append(cases, matchCase{"matmul_f 100", "mlops", [][]byte{f32b(av...), f32b(bv...), make([]byte, 4*(1+n*n))}, []matchLaunch{
			{"matmul_f", d3(4, 4, 1), block32, []matchArg{mb(0), mb(1), mb(2)}},
		}})
	}
	{
		// Library "batch" (hand-written PTX until make kernels regenerates it): 16 items of
		// wild values, block y the item.
		x := f32b(wild(16 * 8)...)
		cases = append(cases, matchCase{"item_affine_f32 16", "batch", [][]byte{x, make([]byte, len(x))}, []matchLaunch{
			{"item_affine_f32", d3(1, 16, 1), block32, []matchArg{mb(0), mb(1)}},
		}})
	}
	for _, name := range []string{"inference", "inference, wild values"} {
		cfg, a, f := examples.InferenceInputs(1, 3, 7)
		img := 4 * (2 + 224*224)
		if name != "inference" {
			for z := 0; z < 3; z++ {
				copy(a[z*img+8:], f32b(wild(224*224)...))
			}
			copy(f[8:], f32b(wild(25)...))
		}
		out := examples.InferenceOutputBytes(1)
		cases = append(cases, matchCase{name, "mlops", [][]byte{a, f, make([]byte, len(a)), make([]byte, 3*out), cfg, make([]byte, img), make([]byte, out)}, []matchLaunch{
			{"convolution_f_batched", d3(7, 7, 3), block32, []matchArg{mb(2), mb(0), mb(1), mb(4)}},
			{"relu_2d_f_batched", d3(7, 7, 3), block32, []matchArg{mb(2), mb(4)}},
			{"maxpool_f_batched", d3(4, 4, 3), block32, []matchArg{mb(3), mb(2), mv(2), mb(4)}},
			{"convolution_f", d3(7, 7, 1), block32, []matchArg{mb(5), mb(0), mb(1)}},
			{"relu_1d_f", d3(196, 1, 1), d3(256, 1, 1), []matchArg{mb(5)}},
			{"maxpool_f", d3(4, 4, 1), block32, []matchArg{mb(6), mb(5), mv(2)}},
		}})
	}
	cases = append(cases, matchCase{"module", "module", [][]byte{make([]byte, 5000), i64b(12345)}, []matchLaunch{
		{"set_mem", d3(3, 1, 1), d3(100, 1, 1), []matchArg{mb(0), mv(4000)}},
		{"check_mem", d3(2, 1, 1), d3(64, 1, 1), []matchArg{mb(0), mv(4500)}},
		{"check_then_write", d3(1, 1, 1), d3(1, 1, 1), []matchArg{mb(1)}},
	}})

	for _, c := range cases {
		got, want := runMatch(t, cd, c), runMatch(t, gd, c)
		for i := range want {
			if err := examples.CompareBytes(got[i], want[i]); err != nil {
				t.Errorf("%s: buffer %d, cpu vs cuda: %v", c.name, i, err)
				if len(got[i])%4 == 0 {
					t.Logf("as float32: %v", examples.CompareF32(got[i], want[i], 0))
				}
				continue
			}
			t.Logf("%s: buffer %d: %d bytes identical", c.name, i, len(got[i]))
		}
	}
}
