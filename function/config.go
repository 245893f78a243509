package function

// The Dandelion v1 function config, as parsed. Field names follow the JSON exactly; see
// docs/config.md for the schema.

// SizingKind says how a size is computed.
type SizingKind uint8

// The sizing forms.
const (
	// SizeAbsolute is {"Absolute": u64}.
	SizeAbsolute SizingKind = iota + 1
	// SizeSizeof is {"Sizeof": name}: the byte size of an input or buffer.
	SizeSizeof
	// SizeFromInput is {"FromInput": {"bufname": input, "idx": k}}: the little-endian u64 at
	// byte 8k of an input.
	SizeFromInput
)

// Sizing is one size expression.
type Sizing struct {
	Kind     SizingKind
	Absolute uint64
	Buf      string // Sizeof: input or buffer; FromInput: input
	Idx      uint64 // FromInput
}

// ArgKind says what an 8-byte kernel argument holds.
type ArgKind uint8

// The argument forms.
const (
	ArgPtr      ArgKind = iota + 1 // {"Ptr": name}: the device address of an input or buffer
	ArgSizeof                      // {"Sizeof": name}: its byte size as u64
	ArgConstant                    // {"Constant": i64}
	// ArgWeightPtr and ArgWeightSizeof are Ptr and Sizeof naming a weight (blueprint.weights):
	// the device address of the tensor in the resident weight set, and its byte size. The
	// compiled argument's Slot is the weight's index in Plan.Weights.
	ArgWeightPtr
	ArgWeightSizeof
)

// Arg is one kernel argument.
type Arg struct {
	Kind     ArgKind
	Buf      string
	Constant int64
}

// LaunchFields are the JSON names of a launch's fields, in Launch order: grid x, y, z, block
// x, y, z, shared memory bytes.
var LaunchFields = [7]string{"grid_dim_x", "grid_dim_y", "grid_dim_z", "block_dim_x", "block_dim_y", "block_dim_z", "shared_mem_bytes"}

// Launch is a kernel launch's shape: Fields[i] is the sizing of LaunchFields[i].
type Launch struct {
	Fields [7]Sizing
}

// Action is one step of a control flow: exactly one of Exec and Repeat is set.
type Action struct {
	Exec   *Exec
	Repeat *Repeat
}

// Exec is {"ExecKernel": [kernel, [args], launch]}.
type Exec struct {
	Kernel string
	Args   []Arg
	Launch Launch
}

// Repeat is {"Repeat": [count, [actions]]}.
type Repeat struct {
	Count Sizing
	Body  []Action
}

// Buffer is one entry of blueprint.buffers, in declaration order.
type Buffer struct {
	Name string
	Size Sizing
}

// Blueprint is the data flow of a function.
type Blueprint struct {
	Inputs      []string
	Buffers     []Buffer
	Outputs     []string
	ControlFlow []Action
	// Weights are tensor names of the function's weight set, readable by kernels through Ptr
	// and Sizeof arguments (Dandelion v2's "weights"; docs/config-models.md).
	Weights []string
}

// Module is one entry of Dandelion v2's "modules": the name kernels refer to it by, and the
// path, whose last element names an uploaded library.
type Module struct {
	Name string
	Path string
	// Library is the library name the path gives: its last element.
	Library string
}

// Config is a whole function config.
type Config struct {
	// ModulePath names an uploaded library (see LibraryCandidates). In the v2 form (Modules
	// set) it is the library of the first module a kernel uses.
	ModulePath string
	Kernels    []string
	Blueprint  Blueprint
	// Modules is Dandelion v2's "modules" (nil in the v1 form), and KernelModules the
	// module_name of each kernel in Kernels' order (nil in the v1 form).
	Modules       []Module
	KernelModules []string
	// WeightSet names the tenant's weight set whose tensors blueprint.weights names ("" when
	// the function has no weights, or in Dandelion's form where the set comes with the
	// registration).
	WeightSet string
	// InitFlow runs once when the weight set is placed on a worker (nil: none).
	InitFlow *InitFlow
	// Tensors are the optional tensor declarations of the Open Inference Protocol view
	// (tensors.go), in document order; nil without "tensors".
	Tensors []TensorDecl
	// Batching is the optional "batching" declaration (batching.go, docs/batching.md); nil
	// without it.
	Batching *Batching
	// TimeoutMs is "timeout_ms", optional: the owner's bound on one invocation's run, in
	// milliseconds (0: none; at most MaxTimeoutMs). A server kills a worker that overruns it,
	// or its own --timeout if that is shorter, and counts it against the function.
	TimeoutMs uint64
}

// MaxTimeoutMs is the largest "timeout_ms": one hour.
const MaxTimeoutMs = 3_600_000

// InitFlow is "init_flow": kernels run once when a function's weight set is placed on a
// worker, before the set is sealed read-only. They read the weights and write Buffers, derived
// resident buffers (weight re-layouts) that live with the set and are read-only afterwards,
// named like weights by the blueprint's control flow.
type InitFlow struct {
	Buffers     []Buffer // Absolute sizes only
	ControlFlow []Action
}
