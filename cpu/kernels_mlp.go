package cpu

// The kernel of library "mlp" (examples/mlp/mlp.cu), statement for statement: fmaf with fma32
// in the CUDA code's order, so results are bit-identical to the GPU's.

func mlpKernels() []Kernel {
	return []Kernel{{Name: "dense_f32", Params: 7, Fn: denseF32}}
}

// denseF32: y[j] = act(b[j] + sum_i W[j*in+i] * x[i]); the int parameters are 4 bytes, so
// only the low 32 bits of their arguments count.
func denseF32(m *Mem, t *Thread, a []uint64) {
	x, w, b, y := a[0], a[1], a[2], a[3]
	in, out, relu := int32(a[4]), int32(a[5]), int32(a[6])
	j, _ := xy32(t)
	if j >= out {
		return
	}
	acc := m.LoadF32(at(b, int64(j), 4))
	row := at(w, int64(j)*int64(in), 4)
	for i := int32(0); i < in; i++ {
		acc = fma32(m.LoadF32(at(row, int64(i), 4)), m.LoadF32(at(x, int64(i), 4)), acc)
	}
	if relu != 0 && !(acc > 0) { // fmaxf(acc, 0): a NaN gives 0 too
		acc = 0
	}
	m.StoreF32(at(y, int64(j), 4), acc)
}
