package cpu

// The kernel of library "probe" (examples/probe/probe.cu): the tenant isolation probe.

func probeKernels() []Kernel {
	return []Kernel{{Name: "count_u64", Params: 4, Fn: countU64}}
}

// countU64 adds to the uint64 at out the number of 8-byte words equal to value among the n
// words at p (grid-stride); a thread that found none does not touch out (as atomicAdd is
// skipped).
func countU64(m *Mem, t *Thread, args []uint64) {
	p, n, value, out := args[0], args[1], args[2], args[3]
	var c uint64
	for i, step := t.LinearID(), t.Threads(); i < n; i += step {
		if m.LoadU64(p+8*i) == value {
			c++
		}
	}
	if c != 0 {
		m.StoreU64(out, m.LoadU64(out)+c)
	}
}
