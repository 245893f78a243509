package function

import (
	"math"
	"strings"
	"time"
	"unicode/utf8"
)

// Plan is a validated config compiled for execution: every name resolved to a slot. Slots
// 0..len(Inputs)-1 are the inputs in order; the next len(Buffers) slots are the buffers in
// allocation order. A Plan is immutable and travels to workers (msgpack).
type Plan struct {
	ModulePath string       `msgpack:"mod"`
	Kernels    []string     `msgpack:"kern"`
	Inputs     []string     `msgpack:"in"`
	Buffers    []PlanBuffer `msgpack:"buf"`
	Outputs    []int32      `msgpack:"out"`
	Body       []Op         `msgpack:"ops"`
	// Weights are the tensor names of blueprint.weights, in order: ArgWeightPtr and
	// ArgWeightSizeof arguments index them. WeightSet is the config's weight_set.
	Weights   []string `msgpack:"w,omitempty"`
	WeightSet string   `msgpack:"-"`
	// Derived are init_flow's buffers, weights after Weights (their ArgWeight* index is
	// len(Weights)+i), and InitBody its control flow; both empty without an init flow.
	Derived  []PlanBuffer `msgpack:"-"`
	InitBody []Op         `msgpack:"-"`
	// Libraries are the libraries of the v2 form's modules that kernels use, in first use
	// order, and KernelLibrary[k] the index of kernel k's (both nil in the v1 form, where
	// every kernel is ModulePath's).
	Libraries     []string `msgpack:"-"`
	KernelLibrary []int32  `msgpack:"-"`

	// Config is the parsed config the plan came from (not sent to workers).
	Config *Config `msgpack:"-"`
	// Timeout is the config's "timeout_ms" (0: none).
	Timeout time.Duration `msgpack:"-"`
}

// PlanBuffer is a buffer in allocation order.
type PlanBuffer struct {
	Name string `msgpack:"n"`
	Size Size   `msgpack:"s"`
}

// Size is a compiled sizing. Path is its place in the config, for error messages.
type Size struct {
	Kind  SizingKind `msgpack:"k"`
	Value uint64     `msgpack:"v"` // Absolute: the value; FromInput: idx
	Slot  int32      `msgpack:"i"` // Sizeof: slot; FromInput: input slot
	Path  string     `msgpack:"p"`
}

// Op is a compiled action: a repeat of Body Count times when Repeat is set, else a launch of
// kernel Kernel.
type Op struct {
	Repeat bool      `msgpack:"r"`
	Kernel int32     `msgpack:"k"`
	Args   []PlanArg `msgpack:"a,omitempty"`
	Launch [7]Size   `msgpack:"l"`
	Count  Size      `msgpack:"c"`
	Body   []Op      `msgpack:"b,omitempty"`
	Path   string    `msgpack:"p"`
}

// PlanArg is a compiled 8-byte kernel argument.
type PlanArg struct {
	Kind  ArgKind `msgpack:"k"`
	Slot  int32   `msgpack:"i"`
	Const int64   `msgpack:"c"`
}

// NumSlots is the number of inputs plus buffers.
func (p *Plan) NumSlots() int { return len(p.Inputs) + len(p.Buffers) }

// SlotName names a slot.
func (p *Plan) SlotName(slot int) string {
	if slot < len(p.Inputs) {
		return p.Inputs[slot]
	}
	return p.Buffers[slot-len(p.Inputs)].Name
}

// InputIndex returns the slot of the input named name, or -1.
func (p *Plan) InputIndex(name string) int {
	for i, n := range p.Inputs {
		if n == name {
			return i
		}
	}
	return -1
}

// maxActions bounds the number of actions in a config (nested ones included).
const maxActions = 4096

// compile resolves names, orders buffers and reports every remaining problem.
func compile(c *Config, ps *problems) *Plan {
	p := &Plan{ModulePath: c.ModulePath, Config: c, WeightSet: c.WeightSet, Timeout: time.Duration(c.TimeoutMs) * time.Millisecond}
	bp := &c.Blueprint

	kernels := compileKernels(c, p, ps)
	weights := compileWeights(bp, p, ps)

	// Names: inputs first, then buffers; one namespace.
	declared := map[string]int{} // name -> index into inputs, or len(inputs)+buffer declaration index
	for i, in := range bp.Inputs {
		path := index("blueprint.inputs", i)
		if err := checkBufName(in); err != nil {
			ps.add(path, "%v", err)
			continue
		}
		if _, dup := declared[in]; dup {
			ps.add(path, "input %q is declared twice", in)
			continue
		}
		declared[in] = i
	}
	p.Inputs = append([]string(nil), bp.Inputs...)
	isInput := func(name string) bool { i, ok := declared[name]; return ok && i < len(bp.Inputs) }
	for j, b := range bp.Buffers {
		path := join("blueprint.buffers", b.Name)
		if err := checkBufName(b.Name); err != nil {
			ps.add(path, "%v", err)
			continue
		}
		if isInput(b.Name) {
			ps.add(path, "%q is already an input; a buffer needs a name of its own", b.Name)
			continue
		}
		declared[b.Name] = len(bp.Inputs) + j
	}

	// Buffer sizes: check references, then order by dependency (stable in declaration order).
	order := orderBuffers(bp, declared, isInput, ps)
	slot := map[string]int32{}
	for i, in := range bp.Inputs {
		slot[in] = int32(i)
	}
	for k, j := range order {
		slot[bp.Buffers[j].Name] = int32(len(bp.Inputs) + k)
	}
	for _, j := range order {
		b := bp.Buffers[j]
		path := join("blueprint.buffers", b.Name)
		s := compileSize(b.Size, path, slot, isInput, ps)
		if b.Size.Kind == SizeAbsolute && b.Size.Absolute == 0 {
			ps.add(join(path, "Absolute"), "a buffer of 0 bytes is useless; give it a size")
		}
		p.Buffers = append(p.Buffers, PlanBuffer{Name: b.Name, Size: s})
	}

	p.Outputs = compileOutputs(bp.Outputs, slot, declared, ps)
	for i, o := range bp.Outputs {
		if _, ok := weights[o]; ok {
			ps.add(index("blueprint.outputs", i), "%q is a weight; weights are read-only and cannot be outputs", o)
		}
	}

	count := 0
	p.Body = compileActions(bp.ControlFlow, "blueprint.control_flow", kernels, weightSlots{slot, weights}, declared, isInput, &count, ps)
	if c.InitFlow != nil {
		p.InitBody = compileActions(c.InitFlow.ControlFlow, "init_flow.control_flow", kernels, weightSlots{map[string]int32{}, weights},
			map[string]int{}, func(string) bool { return false }, &count, ps)
	}
	if count > maxActions {
		ps.add("blueprint.control_flow", "%d actions; the limit is %d", count, maxActions)
	}
	return p
}

// compileKernels checks the kernel list and numbers its kernels, in p.Kernels' order.
func compileKernels(c *Config, p *Plan, ps *problems) map[string]int32 {
	kernels := map[string]int32{}
	for i, k := range c.Kernels {
		path := index("kernels", i)
		if err := CheckKernelName(k); err != nil {
			ps.add(path, "%v", err)
			continue
		}
		if _, dup := kernels[k]; dup {
			ps.add(path, "kernel %q is listed twice", k)
			continue
		}
		kernels[k] = int32(len(p.Kernels))
		p.Kernels = append(p.Kernels, k)
	}
	return kernels
}

// compileWeights checks blueprint.weights (names of their own, none twice, none an input or a
// buffer) and numbers them in p.Weights' order. The v2 form's modules are resolved too.
func compileWeights(bp *Blueprint, p *Plan, ps *problems) map[string]int32 {
	taken := map[string]bool{}
	for _, n := range bp.Inputs {
		taken[n] = true
	}
	for _, b := range bp.Buffers {
		taken[b.Name] = true
	}
	weights := map[string]int32{}
	for i, w := range bp.Weights {
		path := index("blueprint.weights", i)
		switch {
		case len(w) > maxKernelNameLen || w == "" || strings.IndexByte(w, 0) >= 0 || !utf8.ValidString(w):
			ps.add(path, "a weight's name (a tensor's name in the set) is 1 to %d bytes of UTF-8 without NUL", maxKernelNameLen)
		case taken[w]:
			ps.add(path, "%q is already an input or a buffer", w)
		default:
			if _, dup := weights[w]; dup {
				ps.add(path, "weight %q is listed twice", w)
				continue
			}
			weights[w] = int32(len(p.Weights))
			p.Weights = append(p.Weights, w)
		}
	}
	c := p.Config
	if f := c.InitFlow; f != nil {
		if len(bp.Weights) == 0 {
			ps.add("init_flow", "an init flow runs when a weight set is placed: the function needs weights")
		}
		for _, b := range f.Buffers {
			path := join("init_flow.buffers", b.Name)
			_, w := weights[b.Name]
			switch {
			case checkBufName(b.Name) != nil:
				ps.add(path, "%v", checkBufName(b.Name))
			case taken[b.Name] || w:
				ps.add(path, "%q is already an input, a buffer or a weight", b.Name)
			case b.Size.Kind == SizeAbsolute && (b.Size.Absolute == 0 || b.Size.Absolute > 1<<40):
				ps.add(join(path, "Absolute"), "an init flow's buffer is 1 byte to 1 TiB")
			default:
				weights[b.Name] = int32(len(p.Weights) + len(p.Derived))
				p.Derived = append(p.Derived, PlanBuffer{Name: b.Name, Size: Size{Kind: SizeAbsolute, Value: b.Size.Absolute, Path: path}})
			}
		}
	}
	if c.Modules != nil {
		lib := map[string]int32{}
		for _, mod := range c.KernelModules {
			for _, m := range c.Modules {
				if m.Name != mod {
					continue
				}
				if _, ok := lib[m.Library]; !ok {
					lib[m.Library] = int32(len(p.Libraries))
					p.Libraries = append(p.Libraries, m.Library)
				}
				p.KernelLibrary = append(p.KernelLibrary, lib[m.Library])
			}
		}
	}
	return weights
}

// compileOutputs resolves the outputs to slots; each must be a declared input or buffer,
// listed once.
func compileOutputs(outputs []string, slot map[string]int32, declared map[string]int, ps *problems) []int32 {
	var out []int32
	seen := map[string]bool{}
	for i, o := range outputs {
		path := index("blueprint.outputs", i)
		s, ok := slot[o]
		switch {
		case !ok:
			if _, d := declared[o]; !d {
				ps.add(path, "output %q is neither an input nor a buffer", o)
			}
		case seen[o]:
			ps.add(path, "output %q is listed twice", o)
		default:
			seen[o] = true
			out = append(out, s)
		}
	}
	return out
}

// orderBuffers returns buffer declaration indices in allocation order: a buffer comes after
// every buffer its Sizeof names; ties keep declaration order. A cycle is a problem.
func orderBuffers(bp *Blueprint, declared map[string]int, isInput func(string) bool, ps *problems) []int {
	n := len(bp.Buffers)
	dep := make([]int, n) // the buffer this one's size depends on, or -1
	for j, b := range bp.Buffers {
		dep[j] = -1
		if b.Size.Kind != SizeSizeof || isInput(b.Size.Buf) {
			continue
		}
		if k, ok := declared[b.Size.Buf]; ok && k >= len(bp.Inputs) {
			dep[j] = k - len(bp.Inputs)
		}
	}
	state := make([]uint8, n) // 0 new, 1 on stack, 2 placed
	order := make([]int, 0, n)
	var visit func(j int, chain []string) bool
	visit = func(j int, chain []string) bool {
		switch state[j] {
		case 2:
			return true
		case 1:
			// Report the cycle from where it closes.
			start := 0
			for i, name := range chain {
				if name == bp.Buffers[j].Name {
					start = i
				}
			}
			cyc := append(append([]string(nil), chain[start:]...), bp.Buffers[j].Name)
			ps.add(join(join("blueprint.buffers", bp.Buffers[j].Name), "Sizeof"), "buffer sizes form a cycle: %s", strings.Join(cyc, " -> "))
			return false
		}
		state[j] = 1
		ok := true
		if d := dep[j]; d >= 0 {
			ok = visit(d, append(chain, bp.Buffers[j].Name))
		}
		state[j] = 2
		if ok {
			order = append(order, j)
		}
		return ok
	}
	for j := range bp.Buffers {
		if state[j] == 0 {
			visit(j, nil)
		}
	}
	return order
}

func compileSize(s Sizing, path string, slot map[string]int32, isInput func(string) bool, ps *problems) Size {
	out := Size{Kind: s.Kind, Path: path, Slot: -1}
	switch s.Kind {
	case SizeAbsolute:
		out.Value = s.Absolute
	case SizeSizeof:
		if i, ok := slot[s.Buf]; ok {
			out.Slot = i
		} else {
			ps.add(join(path, "Sizeof"), "%q is neither an input nor a buffer", s.Buf)
		}
	case SizeFromInput:
		out.Value = s.Idx
		if !isInput(s.Buf) {
			if _, ok := slot[s.Buf]; ok {
				ps.add(join(join(path, "FromInput"), "bufname"), "%q is a buffer; FromInput reads host-side inputs only", s.Buf)
			} else {
				ps.add(join(join(path, "FromInput"), "bufname"), "%q is not an input", s.Buf)
			}
		} else {
			out.Slot = slot[s.Buf]
		}
	}
	return out
}

// weightSlots are the slots of inputs and buffers, and the indices of weights.
type weightSlots struct {
	slot    map[string]int32
	weights map[string]int32
}

func compileActions(actions []Action, path string, kernels map[string]int32, ws weightSlots, declared map[string]int, isInput func(string) bool, count *int, ps *problems) []Op {
	slot := ws.slot
	ops := make([]Op, 0, len(actions))
	for i, a := range actions {
		*count++
		ap := index(path, i)
		switch {
		case a.Exec != nil:
			e := a.Exec
			ep := join(ap, "ExecKernel")
			op := Op{Kernel: -1, Path: ep}
			if k, ok := kernels[e.Kernel]; ok {
				op.Kernel = k
			} else if e.Kernel != "" {
				ps.add(join(ep, "kernel"), "kernel %q is not listed in \"kernels\"", e.Kernel)
			}
			for j, arg := range e.Args {
				argp := index(join(ep, "args"), j)
				pa := PlanArg{Kind: arg.Kind, Slot: -1, Const: arg.Constant}
				if arg.Kind == ArgPtr || arg.Kind == ArgSizeof {
					tag := "Ptr"
					if arg.Kind == ArgSizeof {
						tag = "Sizeof"
					}
					if s, ok := slot[arg.Buf]; ok {
						pa.Slot = s
					} else if w, ok := ws.weights[arg.Buf]; ok {
						pa.Slot, pa.Kind = w, ArgWeightPtr
						if arg.Kind == ArgSizeof {
							pa.Kind = ArgWeightSizeof
						}
					} else if _, d := declared[arg.Buf]; !d {
						ps.add(join(argp, tag), "%q is neither an input nor a buffer", arg.Buf)
					}
				}
				op.Args = append(op.Args, pa)
			}
			lp := join(ep, "launch")
			for f, sz := range e.Launch.Fields {
				fp := join(lp, LaunchFields[f])
				op.Launch[f] = compileSize(sz, fp, slot, isInput, ps)
				if sz.Kind == SizeAbsolute {
					switch {
					case sz.Absolute == 0 && f < 6:
						ps.add(join(fp, "Absolute"), "a launch dimension of 0 launches nothing; the least is 1")
					case sz.Absolute > math.MaxUint32:
						ps.add(join(fp, "Absolute"), "%d does not fit the device's 32-bit field", sz.Absolute)
					}
				}
			}
			ops = append(ops, op)
		case a.Repeat != nil:
			rp := join(ap, "Repeat")
			op := Op{Repeat: true, Kernel: -1, Path: rp}
			op.Count = compileSize(a.Repeat.Count, join(rp, "count"), slot, isInput, ps)
			op.Body = compileActions(a.Repeat.Body, join(rp, "actions"), kernels, ws, declared, isInput, count, ps)
			ops = append(ops, op)
		}
	}
	return ops
}

// ReadsInputs says whether evaluating the plan reads the contents of an input (a FromInput
// sizing of a buffer, a launch dimension or a repeat count), not only input lengths. A worker
// that receives an invocation before its inputs are written (worker.Invoke.Streamed) must wait
// for all of them before it sizes anything when this is true.
func (p *Plan) ReadsInputs() bool {
	for i := range p.Buffers {
		if p.Buffers[i].Size.Kind == SizeFromInput {
			return true
		}
	}
	return opsReadInputs(p.Body)
}

func opsReadInputs(ops []Op) bool {
	for i := range ops {
		op := &ops[i]
		if op.Count.Kind == SizeFromInput {
			return true
		}
		for j := range op.Launch {
			if op.Launch[j].Kind == SizeFromInput {
				return true
			}
		}
		if opsReadInputs(op.Body) {
			return true
		}
	}
	return false
}
