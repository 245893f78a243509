package baseline

import (
	"bytes"
	"fmt"
	"time"

	"golang.org/x/sys/unix"

	"gpufn/bench/load"
	"gpufn/examples"
	"gpufn/function"
	"gpufn/gpu"
)

// launch is one kernel launch of the compiled control flow.
type launch struct {
	f           gpu.Function
	grid, block gpu.Dim3
	shared      uint32
	args        []uint64
	kernel      string
}

// program is a workload loaded on a device: its buffers, its staging area and its launches.
// It is used only from the goroutine that owns the device.
type program struct {
	spec    load.WorkloadSpec
	dev     gpu.Device
	plan    *function.Plan
	mod     gpu.Module
	names   []string  // input names, in the function's order
	cfg     []byte    // the expected cfg input: the launches were compiled for it
	sizes   []uint64  // every slot's size
	ptrs    []gpu.Ptr // every slot's device address
	stage   []byte    // pinned: the inputs, then the outputs
	inOff   []int     // offsets of the inputs in stage
	outSlot []int     // the output slots
	outOff  []int     // offsets of the outputs in stage
	outName []string
	launch  []launch
	inputs  [][]byte // the example inputs (seed 1000) for the floor
	want    []byte   // their expected output
}

// loadProgram prepares spec on dev: parse the example config, evaluate every size for the
// workload's configuration, allocate, pin the staging area, and compile the launches.
func loadProgram(dev gpu.Device, spec load.WorkloadSpec) (*program, error) {
	var cfgJSON []byte
	for _, f := range examples.Functions() {
		if f.Name == spec.ExampleFunction() {
			cfgJSON = f.Config
		}
	}
	if cfgJSON == nil {
		return nil, fmt.Errorf("baseline: no example function %q", spec.ExampleFunction())
	}
	plan, err := function.Parse(cfgJSON)
	if err != nil {
		return nil, fmt.Errorf("baseline: example config %s: %w", spec.ExampleFunction(), err)
	}
	p := &program{spec: spec, dev: dev, plan: plan, names: plan.Inputs}
	fields, want := spec.Inputs(1000)
	if len(fields) != len(plan.Inputs) {
		return nil, fmt.Errorf("baseline: %d inputs made for a function of %d", len(fields), len(plan.Inputs))
	}
	p.inputs = make([][]byte, len(fields))
	for i, f := range fields {
		if f.Name != plan.Inputs[i] {
			return nil, fmt.Errorf("baseline: input %d is %q; the function's is %q", i, f.Name, plan.Inputs[i])
		}
		p.inputs[i] = f.Value
	}
	p.want = want
	p.cfg = p.inputs[plan.InputIndex("cfg")]
	p.sizes = make([]uint64, plan.NumSlots())
	if err := plan.Sizes(p.inputs, p.sizes); err != nil {
		return nil, err
	}
	if p.mod, err = dev.LoadModule(examples.MustPTX(plan.ModulePath)); err != nil {
		return nil, fmt.Errorf("baseline: loading %s: %w", plan.ModulePath, err)
	}
	p.ptrs = make([]gpu.Ptr, len(p.sizes))
	for i, n := range p.sizes {
		if n == 0 {
			n = 1
		}
		if p.ptrs[i], err = dev.Alloc(n); err != nil {
			p.close()
			return nil, fmt.Errorf("baseline: allocating %s (%d bytes): %w", plan.SlotName(i), n, err)
		}
	}
	total := 0
	for i := range plan.Inputs {
		p.inOff = append(p.inOff, total)
		total += int(p.sizes[i])
	}
	for _, s := range plan.Outputs {
		p.outSlot = append(p.outSlot, int(s))
		p.outOff = append(p.outOff, total)
		p.outName = append(p.outName, plan.SlotName(int(s)))
		total += int(p.sizes[s])
	}
	// The staging area is an anonymous mapping (page-aligned, outside the Go heap), pinned
	// once: cuMemHostRegister costs about 150 us per MiB, so never per request.
	if p.stage, err = unix.Mmap(-1, 0, roundPage(total), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE); err != nil {
		p.close()
		return nil, fmt.Errorf("baseline: staging area: %w", err)
	}
	if err := dev.HostRegister(p.stage); err != nil {
		p.close()
		return nil, fmt.Errorf("baseline: pinning the staging area: %w", err)
	}
	if err := p.compile(plan.Body); err != nil {
		p.close()
		return nil, err
	}
	return p, nil
}

func roundPage(n int) int {
	pg := unix.Getpagesize()
	if n < pg {
		return pg
	}
	return (n + pg - 1) / pg * pg
}

// compile flattens the control flow for the workload's inputs (Repeat counts and launch shapes
// are fixed by its cfg).
func (p *program) compile(ops []function.Op) error {
	limits := function.Limits(p.dev.Info().Limits)
	for i := range ops {
		op := &ops[i]
		if op.Repeat {
			n, err := op.Count.Eval(p.inputs, p.sizes)
			if err != nil {
				return err
			}
			if n > 10_000_000 {
				return fmt.Errorf("baseline: %s repeats %d times", op.Path, n)
			}
			for k := uint64(0); k < n; k++ {
				if err := p.compile(op.Body); err != nil {
					return err
				}
			}
			continue
		}
		name := p.plan.Kernels[op.Kernel]
		f, err := p.dev.Function(p.mod, name)
		if err != nil {
			return fmt.Errorf("baseline: kernel %s: %w", name, err)
		}
		grid, block, shared, err := op.LaunchShape(p.inputs, p.sizes, limits)
		if err != nil {
			return err
		}
		args := make([]uint64, len(op.Args))
		for j, a := range op.Args {
			switch a.Kind {
			case function.ArgPtr:
				args[j] = uint64(p.ptrs[a.Slot])
			case function.ArgSizeof:
				args[j] = p.sizes[a.Slot]
			case function.ArgConstant:
				args[j] = uint64(a.Const)
			}
		}
		p.launch = append(p.launch, launch{f: f, grid: gpu.Dim3(grid), block: gpu.Dim3(block), shared: shared, args: args, kernel: name})
	}
	return nil
}

// Timing is the breakdown of one execution.
type Timing struct {
	H2D, Kernel, D2H, Zero time.Duration
}

// execute runs the workload on the inputs already in the staging area: host to device, the
// launches, synchronize, device to host (into the staging area's output part). With zero it
// also clears every buffer afterwards (the floor measures that; the server does not zero).
func (p *program) execute(zero bool) (Timing, error) {
	var t Timing
	t0 := time.Now()
	for i := range p.names {
		if err := p.dev.CopyToDevice(p.ptrs[i], p.stage[p.inOff[i]:p.inOff[i]+int(p.sizes[i])]); err != nil {
			return t, err
		}
	}
	t1 := time.Now()
	for i := range p.launch {
		l := &p.launch[i]
		if err := p.dev.Launch(l.f, l.grid, l.block, l.shared, l.args); err != nil {
			return t, fmt.Errorf("launch %s: %w", l.kernel, err)
		}
	}
	if err := p.dev.Synchronize(); err != nil {
		return t, err
	}
	t2 := time.Now()
	for k, s := range p.outSlot {
		if err := p.dev.CopyFromDevice(p.stage[p.outOff[k]:p.outOff[k]+int(p.sizes[s])], p.ptrs[s]); err != nil {
			return t, err
		}
	}
	t3 := time.Now()
	t.H2D, t.Kernel, t.D2H = t1.Sub(t0), t2.Sub(t1), t3.Sub(t2)
	if zero {
		for i, ptr := range p.ptrs {
			if err := p.dev.Memset(ptr, 0, p.sizes[i]); err != nil {
				return t, err
			}
		}
		if err := p.dev.Synchronize(); err != nil {
			return t, err
		}
		t.Zero = time.Since(t3)
	}
	return t, nil
}

// stageInputs copies inputs (in the function's order) into the staging area.
func (p *program) stageInputs(inputs [][]byte) {
	for i, in := range inputs {
		copy(p.stage[p.inOff[i]:], in)
	}
}

// output returns output k in the staging area (valid until the next execute).
func (p *program) output(k int) []byte {
	return p.stage[p.outOff[k] : p.outOff[k]+int(p.sizes[p.outSlot[k]])]
}

// checkInputs says why inputs cannot be run by this program ("" if they can): every input's
// size is fixed, and cfg must be the workload's (the launches were compiled for it).
func (p *program) checkInputs(inputs [][]byte) string {
	for i, in := range inputs {
		if in == nil {
			return "missing input " + p.names[i]
		}
		if uint64(len(in)) != p.sizes[i] {
			return fmt.Sprintf("input %s has %d bytes; this server's one workload (%s) takes %d", p.names[i], len(in), p.spec.Name(), p.sizes[i])
		}
	}
	if !bytes.Equal(inputs[p.plan.InputIndex("cfg")], p.cfg) {
		return "input cfg differs from this server's one workload (" + p.spec.Name() + ")"
	}
	return ""
}

func (p *program) close() {
	if p.stage != nil {
		_ = p.dev.HostUnregister(p.stage)
		_ = unix.Munmap(p.stage)
		p.stage = nil
	}
	for _, ptr := range p.ptrs {
		if ptr != 0 {
			_ = p.dev.Free(ptr)
		}
	}
	p.ptrs = nil
	if p.mod != 0 {
		_ = p.dev.UnloadModule(p.mod)
		p.mod = 0
	}
}
