package cpu

// The kernels of library "module" (examples/module/module.cu), statement for statement.

func moduleKernels() []Kernel {
	return []Kernel{
		{Name: "set_mem", Params: 2, Fn: setMem},
		{Name: "check_mem", Params: 2, Fn: checkMem},
		{Name: "hello_world", Params: 0, Fn: func(*Mem, *Thread, []uint64) {}},
		{Name: "check_then_write", Params: 1, Fn: checkThenWrite},
	}
}

// strideX is the x-only grid-stride loop of set_mem and check_mem: the first index and the step.
func strideX(t *Thread) (first, step uint64) {
	return uint64(t.BlockIdx.X)*uint64(t.BlockDim.X) + uint64(t.ThreadIdx.X), uint64(t.GridDim.X) * uint64(t.BlockDim.X)
}

// setMem fills A (size bytes) with the pattern byte i = i & 0xff.
func setMem(m *Mem, t *Thread, args []uint64) {
	A, size := args[0], args[1]
	for i, step := strideX(t); i < size; i += step {
		m.StoreU8(A+i, uint8(i))
	}
}

// checkMem turns byte i of A into 1 where it held the pattern, 0 where not.
func checkMem(m *Mem, t *Thread, args []uint64) {
	A, size := args[0], args[1]
	for i, step := strideX(t); i < size; i += step {
		var v uint8
		if m.LoadU8(A+i) == uint8(i) {
			v = 1
		}
		m.StoreU8(A+i, v)
	}
}

// checkThenWrite turns the int64 12345 at A[0] into 98765.
func checkThenWrite(m *Mem, t *Thread, args []uint64) {
	if t.BlockIdx.X == 0 && t.ThreadIdx.X == 0 && m.LoadI64(args[0]) == 12345 {
		m.StoreI64(args[0], 98765)
	}
}
