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
}

// Config is a whole function config.
type Config struct {
	// ModulePath names an uploaded library (see LibraryCandidates).
	ModulePath string
	Kernels    []string
	Blueprint  Blueprint
	// Tensors are the optional tensor declarations of the Open Inference Protocol view
	// (tensors.go), in document order; nil without "tensors".
	Tensors []TensorDecl
	// TimeoutMs is "timeout_ms", optional: the owner's bound on one invocation's run, in
	// milliseconds (0: none; at most MaxTimeoutMs). A server kills a worker that overruns it,
	// or its own --timeout if that is shorter, and counts it against the function.
	TimeoutMs uint64
}

// MaxTimeoutMs is the largest "timeout_ms": one hour.
const MaxTimeoutMs = 3_600_000
