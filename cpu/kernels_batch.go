package cpu

// The kernel of library "batch" (examples/batch/batch.cu), statement for statement: the
// item's sum in the CUDA code's order, then fmaf, so results are bit-identical to the GPU's.

// batchItem is the number of float32 in an item of item_affine_f32.
const batchItem = 8

// batchPoison is the bit pattern that makes item_affine_f32 fault.
const batchPoison = 0x7fc0dead

func batchKernels() []Kernel {
	return []Kernel{{Name: "item_affine_f32", Params: 2, Fn: itemAffineF32}}
}

// itemAffineF32: y[item][j] = 2 x[item][j] + sum_k x[item][k], block y the item, thread x < 8
// the element; an element holding batchPoison writes to address 16 (a fault).
func itemAffineF32(m *Mem, t *Thread, a []uint64) {
	x, y := a[0], a[1]
	j := uint64(t.ThreadIdx.X)
	if j >= batchItem {
		return
	}
	item := uint64(t.BlockIdx.Y)
	xi := at(x, int64(item*batchItem), 4)
	if m.LoadU32(at(xi, int64(j), 4)) == batchPoison {
		m.StoreI64(16, 1)
	}
	s := float32(0)
	for k := range int64(batchItem) {
		s += m.LoadF32(at(xi, k, 4))
	}
	m.StoreF32(at(y, int64(item*batchItem+j), 4), fma32(m.LoadF32(at(xi, int64(j), 4)), 2, s))
}
