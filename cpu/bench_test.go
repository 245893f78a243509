package cpu_test

import (
	"testing"

	"gpufn/cpu"
	"gpufn/examples"
	"gpufn/gpu"
)

// BenchmarkInferenceRep is one repetition of the inference function (conv 5x5, ReLU, 2x2
// max-pool of a 224x224 image) on the cpu device, buffers in one allocation as a worker's pool
// lays them out.
func BenchmarkInferenceRep(b *testing.B) {
	d := cpu.New(cpu.Options{})
	defer d.Close()
	m, err := d.LoadModule(examples.MustPTX("mlops"))
	if err != nil {
		b.Fatal(err)
	}
	fn := func(name string) gpu.Function {
		f, err := d.Function(m, name)
		if err != nil {
			b.Fatal(err)
		}
		return f
	}
	conv, relu, pool := fn("convolution_f"), fn("relu_2d_f"), fn("maxpool_f")
	_, a, filter := examples.InferenceInputs(1, 1, 1)
	base, err := d.Alloc(1 << 20)
	if err != nil {
		b.Fatal(err)
	}
	pa, pb := base, base+gpu.Ptr(len(a)+255)&^255
	pc := pb + 256
	pd := pc + gpu.Ptr(len(a)+255)&^255
	d.CopyToDevice(pa, a)
	d.CopyToDevice(pb, filter)
	grid, block := gpu.Dim3{X: 7, Y: 7, Z: 1}, gpu.Dim3{X: 32, Y: 32, Z: 1}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := d.Launch(conv, grid, block, 0, []uint64{uint64(pc), uint64(pa), uint64(pb)}); err != nil {
			b.Fatal(err)
		}
		d.Launch(relu, grid, block, 0, []uint64{uint64(pc)})
		d.Launch(pool, gpu.Dim3{X: 4, Y: 4, Z: 1}, block, 0, []uint64{uint64(pd), uint64(pc), 2})
	}
}

// BenchmarkMatmul128 is the matmul function's kernel for n = 128 on the cpu device.
func BenchmarkMatmul128(b *testing.B) {
	d := cpu.New(cpu.Options{})
	defer d.Close()
	m, _ := d.LoadModule(examples.MustPTX("mlops"))
	f, _ := d.Function(m, "matmul_para")
	_, a := examples.MatmulInputs(128, 1)
	pa, _ := d.Alloc(uint64(len(a)))
	pb, _ := d.Alloc(uint64(len(a)))
	d.CopyToDevice(pa, a)
	grid, block := gpu.Dim3{X: 4, Y: 4, Z: 1}, gpu.Dim3{X: 32, Y: 32, Z: 1}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := d.Launch(f, grid, block, 0, []uint64{uint64(pa), uint64(len(a)), uint64(pb)}); err != nil {
			b.Fatal(err)
		}
	}
}
