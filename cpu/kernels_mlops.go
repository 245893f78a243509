package cpu

import (
	"encoding/binary"
	"math"
)

// The kernels of library "mlops" (examples/mlops/mlops.cu), statement for statement. C's int
// arithmetic is done in int32 (wrapping as the GPU does), long long in int64, and float sums
// with fma32 in the CUDA code's order, so results are bit-identical to the GPU's.

// maxN is mlops.cu's MAX_N.
const maxN = 65536

// at is the address of element i of size bytes from p (C's p + i, wrapping).
func at(p uint64, i int64, size uint64) uint64 { return p + uint64(i)*size }

// xy32 is C's "int x = blockIdx.x * blockDim.x + threadIdx.x" and its y twin: unsigned 32-bit
// arithmetic converted to int.
func xy32(t *Thread) (x, y int32) {
	return int32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X), int32(t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y)
}

func mlopsKernels() []Kernel {
	return []Kernel{
		{Name: "matmul_para", Params: 3, Fn: matmulPara},
		{Name: "matmul_loop", Params: 3, Fn: matmulLoop},
		{Name: "matmul_f", Params: 3, Fn: matmulF},
		{Name: "convolution_f", Params: 3, Fn: func(m *Mem, t *Thread, a []uint64) { convImage(m, t, a[0], a[1], a[2], 0) }},
		{Name: "convolution_f_batched", Params: 4, Fn: func(m *Mem, t *Thread, a []uint64) {
			if uint64(t.BlockIdx.Z) >= m.LoadU64(at(a[3], 4, 8)) {
				return
			}
			convImage(m, t, a[0], a[1], a[2], int32(t.BlockIdx.Z))
		}},
		{Name: "relu_2d_f", Params: 1, Fn: func(m *Mem, t *Thread, a []uint64) { reluImage(m, t, a[0], 0) }},
		{Name: "relu_1d_f", Params: 1, Fn: relu1D},
		{Name: "relu_2d_f_batched", Params: 2, Fn: func(m *Mem, t *Thread, a []uint64) {
			if uint64(t.BlockIdx.Z) >= m.LoadU64(at(a[1], 4, 8)) {
				return
			}
			reluImage(m, t, a[0], int32(t.BlockIdx.Z))
		}},
		{Name: "maxpool_f", Params: 3, Fn: func(m *Mem, t *Thread, a []uint64) { maxpoolImage(m, t, a[0], a[1], int64(a[2]), 0) }},
		{Name: "maxpool_f_batched", Params: 4, Fn: func(m *Mem, t *Thread, a []uint64) {
			if uint64(t.BlockIdx.Z) >= m.LoadU64(at(a[3], 4, 8)) {
				return
			}
			maxpoolImage(m, t, a[0], a[1], int64(a[2]), int32(t.BlockIdx.Z))
		}},
	}
}

// matmulPara: B = [n][A x A^T] for A = [n][n*n] int64, one thread per element.
func matmulPara(m *Mem, t *Thread, args []uint64) {
	A, sizeA, B := args[0], args[1], args[2]
	n := m.LoadI64(A)
	if n <= 0 || n > maxN || uint64(n*n+1) > sizeA/8 {
		return
	}
	row := int64(t.BlockIdx.Y)*int64(t.BlockDim.Y) + int64(t.ThreadIdx.Y)
	col := int64(t.BlockIdx.X)*int64(t.BlockDim.X) + int64(t.ThreadIdx.X)
	if row == 0 && col == 0 {
		m.StoreI64(B, n)
	}
	if row >= n || col >= n {
		return
	}
	a, b := at(A, 1+row*n, 8), at(A, 1+col*n, 8)
	var s int64
	if av, ok := m.view(a, 8*uint64(n), 7); ok {
		if bv, ok := m.view(b, 8*uint64(n), 7); ok { // both rows in memory: no access can fault
			m.StoreI64(at(B, 1+row*n+col, 8), dotI64(av, bv))
			return
		}
	}
	for k := int64(0); k < n; k++ {
		s += m.LoadI64(at(a, k, 8)) * m.LoadI64(at(b, k, 8))
	}
	m.StoreI64(at(B, 1+row*n+col, 8), s)
}

// matmulLoop: matmul_para's result computed by one thread.
func matmulLoop(m *Mem, t *Thread, args []uint64) {
	if t.BlockIdx.X != 0 || t.ThreadIdx.X != 0 || t.BlockIdx.Y != 0 || t.ThreadIdx.Y != 0 {
		return
	}
	A, sizeA, B := args[0], args[1], args[2]
	n := m.LoadI64(A)
	if n <= 0 || n > maxN || uint64(n*n+1) > sizeA/8 {
		return
	}
	m.StoreI64(B, n)
	for r := int64(0); r < n; r++ {
		for c := int64(0); c < n; c++ {
			var s int64
			for k := int64(0); k < n; k++ {
				s += m.LoadI64(at(A, 1+r*n+k, 8)) * m.LoadI64(at(A, 1+c*n+k, 8))
			}
			m.StoreI64(at(B, 1+r*n+c, 8), s)
		}
	}
}

// matmulF: C = A x B for f32 matrices [n as f32][n*n].
func matmulF(m *Mem, t *Thread, args []uint64) {
	A, B, C := args[0], args[1], args[2]
	n := f2i32(m.LoadF32(A))
	col, row := xy32(t)
	if row == 0 && col == 0 {
		m.StoreF32(C, m.LoadF32(A))
	}
	if row >= n || col >= n {
		return
	}
	var s float32
	for k := int32(0); k < n; k++ {
		s = fma32(m.LoadF32(at(A, int64(1+row*n+k), 4)), m.LoadF32(at(B, int64(1+k*n+col), 4)), s)
	}
	m.StoreF32(at(C, int64(1+row*n+col), 4), s)
}

// convImage is conv_image: out = in (*) f for image z, zero-padded, the filter centred.
func convImage(m *Mem, t *Thread, out, in, f uint64, z int32) {
	w, h := f2i32(m.LoadF32(in)), f2i32(m.LoadF32(at(in, 1, 4)))
	fw, fh := f2i32(m.LoadF32(f)), f2i32(m.LoadF32(at(f, 1, 4)))
	stride := 2 + int64(w)*int64(h)
	in = at(in, int64(z)*stride, 4)
	out = at(out, int64(z)*stride, 4)
	x, y := xy32(t)
	if x == 0 && y == 0 {
		m.StoreF32(out, m.LoadF32(in))
		m.StoreF32(at(out, 1, 4), m.LoadF32(at(in, 1, 4)))
	}
	if x >= w || y >= h {
		return
	}
	img, flt := at(in, 2, 4), at(f, 2, 4)
	if w > 0 && h > 0 && fw > 0 && fh > 0 && int64(w)*int64(h) <= math.MaxInt32 && int64(fw)*int64(fh) <= math.MaxInt32 {
		// Every pixel read is inside [0, w*h) and every filter value inside [0, fw*fh): when
		// both arrays are in memory no access can fault, and they are read without checks.
		iv, ok1 := m.view(img, 4*uint64(w)*uint64(h), 3)
		fv, ok2 := m.view(flt, 4*uint64(fw)*uint64(fh), 3)
		if ok1 && ok2 {
			m.StoreF32(at(out, int64(2+y*w+x), 4), convSum(iv, fv, x, y, w, h, fw, fh))
			return
		}
	}
	var s float32
	for dy := int32(0); dy < fh; dy++ {
		yy := y + dy - fh/2
		if yy < 0 || yy >= h {
			continue
		}
		for dx := int32(0); dx < fw; dx++ {
			xx := x + dx - fw/2
			if xx < 0 || xx >= w {
				continue
			}
			s = fma32(m.LoadF32(at(img, int64(yy*w+xx), 4)), m.LoadF32(at(flt, int64(dy*fw+dx), 4)), s)
		}
	}
	m.StoreF32(at(out, int64(2+y*w+x), 4), s)
}

// dotI64 is the int64 dot product of two equally long checked arrays, in order.
//
//go:norace
func dotI64(a, b []byte) int64 {
	var s int64
	for k := 0; k+8 <= len(a); k += 8 {
		s += int64(binary.LittleEndian.Uint64(a[k:])) * int64(binary.LittleEndian.Uint64(b[k:]))
	}
	return s
}

// convSum is conv_image's sum for pixel (x, y) over the checked arrays img and flt.
//
// The hot loops over device memory are excluded from the race detector (go:norace): device
// memory is host mappings outside the Go heap, which it does not track, a Device is used by
// one goroutine, and the instrumentation made these loops 10 times slower under go test -race.
// go:nocheckptr drops the pointer checks -race turns on, which math.Float32frombits's
// conversion would otherwise pay per value.
//
//go:norace
//go:nocheckptr
func convSum(img, flt []byte, x, y, w, h, fw, fh int32) float32 {
	var s float32
	for dy := int32(0); dy < fh; dy++ {
		yy := y + dy - fh/2
		if yy < 0 || yy >= h {
			continue
		}
		for dx := int32(0); dx < fw; dx++ {
			xx := x + dx - fw/2
			if xx < 0 || xx >= w {
				continue
			}
			s = fma32(f32at(img, int(yy*w+xx)), f32at(flt, int(dy*fw+dx)), s)
		}
	}
	return s
}

// reluImage is relu_image: image z of C in place, negative pixels to 0, header kept.
func reluImage(m *Mem, t *Thread, C uint64, z int32) {
	w, h := f2i32(m.LoadF32(C)), f2i32(m.LoadF32(at(C, 1, 4)))
	C = at(C, int64(z)*(2+int64(w)*int64(h)), 4)
	x, y := xy32(t)
	if x >= w || y >= h {
		return
	}
	p := at(at(at(C, 2, 4), int64(y*w), 4), int64(x), 4) // C + 2 + y * w + x
	if m.LoadF32(p) < 0 {
		m.StoreF32(p, 0)
	}
}

// relu1D is relu_1d_f: one thread per pixel on a 1-D grid.
func relu1D(m *Mem, t *Thread, args []uint64) {
	C := args[0]
	n := f2i64(m.LoadF32(C)) * f2i64(m.LoadF32(at(C, 1, 4)))
	i := int64(t.BlockIdx.X)*int64(t.BlockDim.X) + int64(t.ThreadIdx.X)
	if i >= n {
		return
	}
	if p := at(C, 2+i, 4); m.LoadF32(p) < 0 {
		m.StoreF32(p, 0)
	}
}

// maxpoolImage is maxpool_image: D = pool x pool max-pooling of image z of C.
func maxpoolImage(m *Mem, t *Thread, D, C uint64, pool int64, z int32) {
	if pool <= 0 {
		return
	}
	w, h := f2i32(m.LoadF32(C)), f2i32(m.LoadF32(at(C, 1, 4)))
	ow, oh := div32(w, int32(pool)), div32(h, int32(pool))
	C = at(C, int64(z)*(2+int64(w)*int64(h)), 4)
	D = at(D, int64(z)*(2+int64(ow)*int64(oh)), 4)
	x, y := xy32(t)
	if x == 0 && y == 0 {
		m.StoreF32(D, float32(ow))
		m.StoreF32(at(D, 1, 4), float32(oh))
	}
	if x >= ow || y >= oh {
		return
	}
	img := at(C, 2, 4)
	x64, y64, w64 := int64(x), int64(y), int64(w)
	mx := m.LoadF32(at(img, (y64*pool)*w64+x64*pool, 4))
	for dy := int64(0); dy < pool; dy++ {
		for dx := int64(0); dx < pool; dx++ {
			mx = fmaxf(mx, m.LoadF32(at(img, (y64*pool+dy)*w64+x64*pool+dx, 4)))
		}
	}
	m.StoreF32(at(D, int64(2+y*ow+x), 4), mx)
}
