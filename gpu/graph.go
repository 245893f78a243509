package gpu

// Graph is an opaque handle to an executable launch graph built by a GraphDevice. The zero
// Graph is invalid.
type Graph uint64

// GraphDevice is a Device that can record a sequence of launches once and replay it with one
// call (CUDA graphs). Replaying a long sequence costs the host one call instead of one per
// launch: a flow of 1,500 small kernels is bound by the 3.3 us each launch costs the host
// (docs/gpu-facts.md), not by the GPU.
//
// A graph's launches run in the order they were recorded, each after the one before, on the
// default stream: exactly what the same launches made one by one would do. The arguments are
// captured by value when the graph is built, so a graph replays the same device addresses.
type GraphDevice interface {
	Device
	// CanGraph reports whether BuildGraph can work at all (the driver has the graph API).
	CanGraph() bool
	// BuildGraph makes an executable graph of the launches in rec (see AppendLaunch). A launch
	// the device would refuse makes it fail with an error matching ErrInvalidLaunch, and an
	// empty or malformed rec with one matching ErrInvalidLaunch too; nothing is enqueued.
	BuildGraph(rec []uint64) (Graph, error)
	// LaunchGraph enqueues g on the default stream.
	LaunchGraph(g Graph) error
	// DestroyGraph releases g.
	DestroyGraph(g Graph) error
}

// launchHeader is the number of words before a launch's arguments in a record.
const launchHeader = 5

// AppendLaunch appends one launch to rec, a flat record of launches in uint64 words that both
// keys a graph cache and describes the graph to build. Each launch is
//
//	[function] [grid.X | grid.Y<<32] [grid.Z | block.X<<32] [block.Y | block.Z<<32]
//	[sharedMem | len(args)<<32] args...
func AppendLaunch(rec []uint64, f Function, grid, block Dim3, sharedMem uint32, args []uint64) []uint64 {
	rec = append(rec, uint64(f),
		uint64(grid.X)|uint64(grid.Y)<<32,
		uint64(grid.Z)|uint64(block.X)<<32,
		uint64(block.Y)|uint64(block.Z)<<32,
		uint64(sharedMem)|uint64(len(args))<<32)
	return append(rec, args...)
}

// Launch is one launch decoded from a record.
type Launch struct {
	F           Function
	Grid, Block Dim3
	SharedMem   uint32
	Args        []uint64 // a sub-slice of the record
}

// NextLaunch decodes the first launch of rec and returns the rest of rec after it. ok is false
// when rec is empty or too short for the launch its header announces.
func NextLaunch(rec []uint64) (l Launch, rest []uint64, ok bool) {
	if len(rec) < launchHeader {
		return Launch{}, rec, false
	}
	n := rec[4] >> 32
	if n > uint64(len(rec)-launchHeader) {
		return Launch{}, rec, false
	}
	l = Launch{
		F:         Function(rec[0]),
		Grid:      Dim3{uint32(rec[1]), uint32(rec[1] >> 32), uint32(rec[2])},
		Block:     Dim3{uint32(rec[2] >> 32), uint32(rec[3]), uint32(rec[3] >> 32)},
		SharedMem: uint32(rec[4]),
		Args:      rec[launchHeader : launchHeader+n : launchHeader+n],
	}
	return l, rec[launchHeader+n:], true
}
