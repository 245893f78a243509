package function

import (
	"fmt"
	"math"

	"gpufn/libscan"
)

// CheckLibrary checks a plan against the library it names: every listed kernel exists, and
// where the library says how many parameters a kernel takes (PTX and cubin do), every launch
// passes exactly that many and none is wider than the 8 bytes an argument carries. The error is
// a *ValidationError.
func (p *Plan) CheckLibrary(lib *libscan.Info) error {
	return p.checkLibraries(func(int) (*libscan.Info, string) { return lib, p.ModulePath })
}

// CheckLibraries is CheckLibrary for a plan of the v2 form whose kernels come from several
// libraries: libs[i] is the scanned library of Libraries[i].
func (p *Plan) CheckLibraries(libs []*libscan.Info) error {
	if len(p.Libraries) == 0 || len(libs) != len(p.Libraries) || len(p.KernelLibrary) != len(p.Kernels) {
		return &ValidationError{Problems: []Problem{{Path: "modules", Message: "the plan's libraries and the libraries given differ"}}}
	}
	return p.checkLibraries(func(k int) (*libscan.Info, string) {
		i := p.KernelLibrary[k]
		return libs[i], p.Libraries[i]
	})
}

// checkLibraries checks every kernel k against the library libOf(k) says.
func (p *Plan) checkLibraries(libOf func(k int) (*libscan.Info, string)) error {
	var ps problems
	for i, k := range p.Kernels {
		if lib, name := libOf(i); lib.Kernel(k) == nil {
			ps.add(index("kernels", i), "kernel %q is not in library %q (it has: %s)", k, name, listNames(lib.KernelNames(), 20))
		}
	}
	p.walkAll(func(op *Op) {
		if op.Repeat || op.Kernel < 0 {
			return
		}
		lib, _ := libOf(int(op.Kernel))
		k := lib.Kernel(p.Kernels[op.Kernel])
		if k == nil || k.Params == nil {
			return
		}
		if len(op.Args) != len(k.Params) {
			ps.add(op.Path+".args", "kernel %q takes %d parameters; %d are given", k.Name, len(k.Params), len(op.Args))
			return
		}
		for j, size := range k.Params {
			if size > 8 {
				ps.add(index(op.Path+".args", j), "parameter %d of kernel %q is %d bytes; gpufn passes every argument in 8 bytes (pass structs by pointer)", j, k.Name, size)
			}
			// A scalar is passed at the width the kernel declares (the device reads that many
			// bytes of the little-endian value): a constant must fit it, signed or unsigned.
			if a := op.Args[j]; a.Kind == ArgConstant && size > 0 && size < 8 && !fitsWidth(a.Const, size) {
				ps.add(index(op.Path+".args", j)+".Constant", "%d does not fit parameter %d of kernel %q, which is %d bytes", a.Const, j, k.Name, size)
			}
		}
	})
	return ps.err()
}

// CheckLimits checks every launch field that is a constant against a device's limits, so that
// a config that can never run is refused at registration. Fields computed from inputs are
// checked by the worker before each launch.
func (p *Plan) CheckLimits(l Limits) error {
	var ps problems
	p.walkAll(func(op *Op) {
		if op.Repeat {
			return
		}
		lp := op.Path + ".launch"
		for i := 0; i < 3; i++ {
			if s := op.Launch[i]; s.Kind == SizeAbsolute && l.MaxGridDim[i] != 0 && s.Value > uint64(l.MaxGridDim[i]) {
				ps.add(join(lp, LaunchFields[i]), "%d exceeds the device's maximum of %d", s.Value, l.MaxGridDim[i])
			}
			if s := op.Launch[3+i]; s.Kind == SizeAbsolute && l.MaxBlockDim[i] != 0 && s.Value > uint64(l.MaxBlockDim[i]) {
				ps.add(join(lp, LaunchFields[3+i]), "%d exceeds the device's maximum of %d", s.Value, l.MaxBlockDim[i])
			}
		}
		threads := uint64(1)
		allConst := true
		for i := 3; i < 6; i++ {
			if op.Launch[i].Kind != SizeAbsolute {
				allConst = false
				break
			}
			if v := op.Launch[i].Value; v > 0 && threads <= math.MaxUint64/v {
				threads *= v
			}
		}
		if allConst && l.MaxThreadsPerBlock != 0 && threads > uint64(l.MaxThreadsPerBlock) {
			ps.add(lp, "a block of %d threads exceeds the device's maximum of %d", threads, l.MaxThreadsPerBlock)
		}
		if s := op.Launch[6]; s.Kind == SizeAbsolute && l.MaxSharedMemPerBlock != 0 && s.Value > uint64(l.MaxSharedMemPerBlock) {
			ps.add(join(lp, LaunchFields[6]), "%d bytes of shared memory exceed the device's maximum of %d", s.Value, l.MaxSharedMemPerBlock)
		}
	})
	return ps.err()
}

// LaunchShape evaluates an op's launch fields and checks them against a device's limits.
func (op *Op) LaunchShape(inputs [][]byte, sizes []uint64, l Limits) (grid, block Dim3, shared uint32, err error) {
	var v [7]uint64
	for i := range op.Launch {
		if v[i], err = op.Launch[i].Eval(inputs, sizes); err != nil {
			return
		}
	}
	lim := [7]uint64{uint64(l.MaxGridDim[0]), uint64(l.MaxGridDim[1]), uint64(l.MaxGridDim[2]),
		uint64(l.MaxBlockDim[0]), uint64(l.MaxBlockDim[1]), uint64(l.MaxBlockDim[2]), uint64(l.MaxSharedMemPerBlock)}
	for i := range v {
		if i < 6 && v[i] == 0 {
			return grid, block, 0, &EvalError{Path: op.Launch[i].Path, Msg: "evaluates to 0; a launch dimension is at least 1"}
		}
		if (lim[i] != 0 && v[i] > lim[i]) || v[i] > math.MaxUint32 {
			max := lim[i]
			if max == 0 {
				max = math.MaxUint32
			}
			return grid, block, 0, &EvalError{Path: op.Launch[i].Path, Msg: fmt.Sprintf("evaluates to %d; the device's maximum is %d", v[i], max)}
		}
	}
	grid = Dim3{X: uint32(v[0]), Y: uint32(v[1]), Z: uint32(v[2])}
	block = Dim3{X: uint32(v[3]), Y: uint32(v[4]), Z: uint32(v[5])}
	if l.MaxThreadsPerBlock != 0 && block.Count() > uint64(l.MaxThreadsPerBlock) {
		return grid, block, 0, &EvalError{Path: op.Path + ".launch", Msg: fmt.Sprintf("a block of %d threads exceeds the device's maximum of %d", block.Count(), l.MaxThreadsPerBlock)}
	}
	return grid, block, uint32(v[6]), nil
}

func walkOps(ops []Op, f func(*Op)) {
	for i := range ops {
		f(&ops[i])
		if ops[i].Repeat {
			walkOps(ops[i].Body, f)
		}
	}
}

func listNames(names []string, max int) string {
	if len(names) == 0 {
		return "no kernels"
	}
	s := ""
	for i, n := range names {
		if i == max {
			return s + fmt.Sprintf(", and %d more", len(names)-max)
		}
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}

// fitsWidth reports whether v fits size bytes as a signed or an unsigned integer.
func fitsWidth(v int64, size int) bool {
	bits := uint(8 * size)
	return v >= -(int64(1)<<(bits-1)) && v < int64(1)<<bits
}

// walkAll walks the control flow and the init flow.
func (p *Plan) walkAll(f func(*Op)) {
	walkOps(p.Body, f)
	walkOps(p.InitBody, f)
}
