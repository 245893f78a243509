package gpufake

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"gpufn/gpu"
)

// KernelFunc is a fake kernel, run once per Launch (not per thread) with the launch's shape
// and arguments. It reaches device memory through d.Mem. An error it returns is what Launch
// returns; a fatal one (gpu.IsFatal) loses the device.
type KernelFunc func(d *Device, grid, block gpu.Dim3, args []uint64) error

// Options configure a Device. The zero value is a 1 GiB device with H100 launch limits and no
// kernels.
type Options struct {
	// MemBytes is the device memory (default 1 GiB): Alloc beyond it is gpu.ErrOutOfMemory.
	MemBytes uint64
	// Limits are the launch limits (default an H100's when MaxThreadsPerBlock is 0).
	Limits gpu.Limits
	// Kernels are the kernels Function finds, by name.
	Kernels map[string]KernelFunc
	// OnLaunch, when set, makes every kernel name resolve, and runs for launches of names not
	// in Kernels.
	OnLaunch func(name string, grid, block gpu.Dim3, args []uint64) error
	// NoGraphs makes CanGraph report false (a device without launch graphs).
	NoGraphs bool
	// OnLoad, when set, runs for every LoadModule of a non-empty image; its error fails the load.
	OnLoad func(image []byte) error
	// Clock, when set, is what Mark reads (default time.Now): a test that wants known
	// Elapsed times gives one that advances as it likes.
	Clock func() time.Time
	// QueryBusy is how many times Query reports the default stream busy before it reports it
	// done, each time (a test's worker then looks at its pipe that often while it waits).
	QueryBusy int
}

// Call is one logged call. Args hold the call's numeric arguments, by op:
//
//	Alloc [n]                 Free [ptr]              Memset [dst, v, n]
//	CopyToDevice [dst, len]   CopyFromDevice [src, len]
//	LoadModule [len(image)]   UnloadModule [module]   Function [module] (Name: the kernel)
//	Launch: the kernel's args (Name, Grid, Block, Shared describe the launch)
//	HostRegister, HostUnregister [len]                Synchronize, Close []
//	CopyToDeviceAsync [dst, len]   CopyFromDeviceAsync [src, len]
//	Mark [i]                  Elapsed [i, j]
//	AheadZero [dst, n]        AheadCopy [dst, len]    AheadFence, AheadJoin, Query []
//
// Ret is what the call handed out (Alloc's Ptr, LoadModule's Module, Function's Function), and
// Err what it returned. Info is not logged.
type Call struct {
	Op          string
	Args        []uint64
	Name        string
	Grid, Block gpu.Dim3
	Shared      uint32
	Ret         uint64
	Err         error
}

func (c Call) String() string {
	var b strings.Builder
	b.WriteString(c.Op)
	b.WriteByte('(')
	if c.Op == "Function" || c.Op == "Launch" {
		b.WriteString(c.Name)
		if c.Op == "Launch" {
			fmt.Fprintf(&b, ", grid %dx%dx%d, block %dx%dx%d, shared %d, args", c.Grid.X, c.Grid.Y, c.Grid.Z, c.Block.X, c.Block.Y, c.Block.Z, c.Shared)
		}
	}
	for i, a := range c.Args {
		if i > 0 || c.Op == "Function" || c.Op == "Launch" {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%#x", a)
	}
	b.WriteByte(')')
	if c.Ret != 0 {
		fmt.Fprintf(&b, " = %#x", c.Ret)
	}
	if c.Err != nil {
		fmt.Fprintf(&b, ": %v", c.Err)
	}
	return b.String()
}

type injection struct {
	op  string
	n   int // calls of op still to pass before this one fails
	err error
}

// Device is the fake. It must not be copied.
type Device struct {
	mu      sync.Mutex
	opts    Options
	allocs  map[gpu.Ptr][]byte
	used    uint64
	next    uint64 // the next device address (and handle) to hand out
	modules map[gpu.Module]bool
	funcs   map[gpu.Function]fn
	graphs  map[gpu.Graph][]uint64 // each graph's launch record
	calls   []Call
	inject  []injection
	lost    error
	closed  bool
	// pending are the CopyFromDeviceAsync copies not yet delivered, syncs the Synchronize
	// calls that succeeded, marks the timing marks.
	pending []pendingCopy
	syncs   uint64
	marks   [gpu.MaxMarks]mark
	// ahead are the copy stream's zeroings and copies not yet run (AheadJoin or Synchronize
	// runs them); busy counts Query's not-done answers of the current wait.
	ahead []aheadOp
	busy  int
	// unfenced are the spans Memset wrote on the default stream since the last AheadFence (or
	// the last wait for the stream's end, deliver):
	// on a GPU the copy stream may overtake them, so AheadZero and AheadCopy refuse to touch
	// them (a test's race made visible).
	unfenced [][2]uint64
}

// aheadOp is a zeroing (data nil) or a copy enqueued on the copy stream.
type aheadOp struct {
	dst  gpu.Ptr
	n    uint64
	data []byte
}

// pendingCopy is a device-to-host copy enqueued: the bytes as they were at the call, for dst.
type pendingCopy struct {
	dst  []byte
	data []byte
}

// mark is one timing mark: when it was recorded, and how many Synchronize calls had succeeded
// then (it is reached once one more has).
type mark struct {
	at    time.Time
	syncs uint64
	set   bool
}

type fn struct {
	mod  gpu.Module
	name string
}

var _ gpu.Device = (*Device)(nil)

// New returns a fresh fake device.
func New(opts Options) *Device {
	if opts.MemBytes == 0 {
		opts.MemBytes = 1 << 30
	}
	if opts.Limits.MaxThreadsPerBlock == 0 {
		opts.Limits = gpu.Limits{
			MaxThreadsPerBlock:   1024,
			MaxBlockDim:          [3]uint32{1024, 1024, 64},
			MaxGridDim:           [3]uint32{2147483647, 65535, 65535},
			MaxSharedMemPerBlock: 48 << 10,
		}
	}
	return &Device{
		opts:    opts,
		allocs:  make(map[gpu.Ptr][]byte),
		next:    0x7f00_0000_0000,
		modules: make(map[gpu.Module]bool),
		funcs:   make(map[gpu.Function]fn),
		graphs:  make(map[gpu.Graph][]uint64),
	}
}

// Fatal is a fatal error for injection: an illegal address reported by op, as CUDA reports a
// kernel's fault.
func Fatal(op string) *gpu.Error {
	return &gpu.Error{Op: op, Code: 700, Name: "CUDA_ERROR_ILLEGAL_ADDRESS", Msg: "injected by gpufake", Fatal: true}
}

// OutOfMemory is an out-of-memory error for injection.
func OutOfMemory(op string) *gpu.Error {
	return &gpu.Error{Op: op, Code: 2, Name: "CUDA_ERROR_OUT_OF_MEMORY", Msg: "injected by gpufake", Kind: gpu.ErrOutOfMemory}
}

// Fail makes the nth call of op from now on (1: the next one) return err without doing
// anything else; a fatal err loses the device. op is a method name ("Alloc", "Launch", ...).
// Several injections may be pending at once. Close and Info cannot be made to fail.
func (d *Device) Fail(op string, nth int, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.inject = append(d.inject, injection{op: op, n: nth - 1, err: err})
}

// Calls returns a copy of the log, oldest first.
func (d *Device) Calls() []Call {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.calls)
}

// CallsOf returns the logged calls of op.
func (d *Device) CallsOf(op string) []Call {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []Call
	for _, c := range d.calls {
		if c.Op == op {
			out = append(out, c)
		}
	}
	return out
}

// Called reports whether op was called with Args starting with args.
func (d *Device) Called(op string, args ...uint64) bool {
	for _, c := range d.CallsOf(op) {
		if len(c.Args) >= len(args) && slices.Equal(c.Args[:len(args)], args) {
			return true
		}
	}
	return false
}

// ResetCalls empties the log.
func (d *Device) ResetCalls() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.calls = nil
}

// Allocated returns how many allocations are live and their bytes: what a test checks for
// leaks.
func (d *Device) Allocated() (count int, bytes uint64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.allocs), d.used
}

// Mem returns the n bytes at p, which must lie inside one allocation; the slice aliases the
// fake's device memory. Kernel functions and tests use it; it is not logged.
func (d *Device) Mem(p gpu.Ptr, n uint64) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.span("Mem", p, n)
}

func (d *Device) span(op string, p gpu.Ptr, n uint64) ([]byte, error) {
	for base, b := range d.allocs {
		if p >= base && uint64(p-base) < uint64(len(b)) {
			off := uint64(p - base)
			if uint64(len(b))-off < n {
				break
			}
			return b[off : off+n], nil
		}
	}
	return nil, &gpu.Error{Op: op, Code: 1, Name: "CUDA_ERROR_INVALID_VALUE",
		Msg: fmt.Sprintf("the %d bytes at %#x do not lie inside one allocation", n, uint64(p))}
}

// begin logs a call and returns its index and the error it must fail with before doing
// anything: an injected one, or the device's closed or lost state. d.mu is held.
func (d *Device) begin(c Call) (int, error) {
	d.calls = append(d.calls, c)
	i := len(d.calls) - 1
	if d.closed {
		return i, d.end(i, fmt.Errorf("gpufake: %s: %w", c.Op, gpu.ErrClosed))
	}
	if d.lost != nil {
		return i, d.end(i, fmt.Errorf("gpufake: %s: device lost by an earlier error: %w", c.Op, d.lost))
	}
	for j := range d.inject {
		in := &d.inject[j]
		if in.op != c.Op {
			continue
		}
		if in.n > 0 {
			in.n--
			continue
		}
		err := in.err
		d.inject = slices.Delete(d.inject, j, j+1)
		return i, d.end(i, err)
	}
	return i, nil
}

// end records the result of call i (losing the device on a fatal error) and returns err.
func (d *Device) end(i int, err error) error {
	d.calls[i].Err = err
	if err != nil && gpu.IsFatal(err) && d.lost == nil {
		d.lost = err
	}
	return err
}

// Info describes the fake: Kind "fake", the configured memory and limits.
func (d *Device) Info() gpu.Info {
	d.mu.Lock()
	defer d.mu.Unlock()
	return gpu.Info{Kind: "fake", Name: "gpufake", Arch: "fake", Driver: "gpufake",
		TotalMem: d.opts.MemBytes, FreeMem: d.opts.MemBytes - d.used, Limits: d.opts.Limits}
}

// Alloc hands out n zeroed bytes at a 256-byte aligned address.
func (d *Device) Alloc(n uint64) (gpu.Ptr, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	i, err := d.begin(Call{Op: "Alloc", Args: []uint64{n}})
	if err != nil {
		return 0, err
	}
	switch {
	case n == 0:
		return 0, d.end(i, &gpu.Error{Op: "Alloc", Code: 1, Name: "CUDA_ERROR_INVALID_VALUE", Msg: "zero-byte allocation"})
	case n > d.opts.MemBytes-d.used:
		return 0, d.end(i, OutOfMemory("Alloc"))
	}
	p := gpu.Ptr(d.next)
	d.next += (n + 255) &^ 255
	d.allocs[p] = make([]byte, n)
	d.used += n
	d.calls[i].Ret = uint64(p)
	return p, nil
}

// Free releases an allocation.
func (d *Device) Free(p gpu.Ptr) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	i, err := d.begin(Call{Op: "Free", Args: []uint64{uint64(p)}})
	if err != nil {
		return err
	}
	b, ok := d.allocs[p]
	if !ok {
		return d.end(i, &gpu.Error{Op: "Free", Code: 1, Name: "CUDA_ERROR_INVALID_VALUE", Msg: fmt.Sprintf("%#x is not an allocation", uint64(p))})
	}
	delete(d.allocs, p)
	d.used -= uint64(len(b))
	return nil
}

// copySpan logs copy op of n bytes at device address p and returns the device bytes it
// copies (nil for nothing to copy, or with the call's error). d.mu is held.
func (d *Device) copySpan(op string, p gpu.Ptr, n int) ([]byte, error) {
	i, err := d.begin(Call{Op: op, Args: []uint64{uint64(p), uint64(n)}})
	if err != nil || n == 0 {
		return nil, err
	}
	b, err := d.span(op, p, uint64(n))
	if err != nil {
		return nil, d.end(i, err)
	}
	return b, nil
}

// CopyToDevice copies src to dst, inside one allocation.
func (d *Device) CopyToDevice(dst gpu.Ptr, src []byte) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	b, err := d.copySpan("CopyToDevice", dst, len(src))
	copy(b, src)
	return err
}

// CopyFromDevice copies len(dst) bytes at src to dst, inside one allocation.
func (d *Device) CopyFromDevice(dst []byte, src gpu.Ptr) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	b, err := d.copySpan("CopyFromDevice", src, len(dst))
	copy(dst, b)
	return err
}

// Memset sets n bytes at dst to v, inside one allocation.
func (d *Device) Memset(dst gpu.Ptr, v byte, n uint64) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	i, err := d.begin(Call{Op: "Memset", Args: []uint64{uint64(dst), uint64(v), n}})
	if err != nil || n == 0 {
		return err
	}
	b, err := d.span("Memset", dst, n)
	if err != nil {
		return d.end(i, err)
	}
	for j := range b {
		b[j] = v
	}
	d.unfenced = append(d.unfenced, [2]uint64{uint64(dst), uint64(dst) + n})
	return nil
}

// LoadModule accepts any non-empty image.
func (d *Device) LoadModule(image []byte) (gpu.Module, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	i, err := d.begin(Call{Op: "LoadModule", Args: []uint64{uint64(len(image))}})
	if err != nil {
		return 0, err
	}
	if len(image) == 0 {
		return 0, d.end(i, &gpu.Error{Op: "LoadModule", Code: 200, Name: "CUDA_ERROR_INVALID_IMAGE", Msg: "empty image", Kind: gpu.ErrInvalidImage})
	}
	if d.opts.OnLoad != nil {
		if err := d.opts.OnLoad(image); err != nil {
			return 0, d.end(i, err)
		}
	}
	d.next += 256
	m := gpu.Module(d.next)
	d.modules[m] = true
	d.calls[i].Ret = uint64(m)
	return m, nil
}

// UnloadModule forgets a module and its functions.
func (d *Device) UnloadModule(m gpu.Module) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	i, err := d.begin(Call{Op: "UnloadModule", Args: []uint64{uint64(m)}})
	if err != nil {
		return err
	}
	if !d.modules[m] {
		return d.end(i, &gpu.Error{Op: "UnloadModule", Code: 400, Name: "CUDA_ERROR_INVALID_HANDLE", Kind: gpu.ErrNotFound})
	}
	delete(d.modules, m)
	for f, x := range d.funcs {
		if x.mod == m {
			delete(d.funcs, f)
		}
	}
	return nil
}

// Function finds a kernel of Options.Kernels (any name when Options.OnLaunch is set).
func (d *Device) Function(m gpu.Module, name string) (gpu.Function, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	i, err := d.begin(Call{Op: "Function", Args: []uint64{uint64(m)}, Name: name})
	if err != nil {
		return 0, err
	}
	_, ok := d.opts.Kernels[name]
	if !d.modules[m] || (!ok && d.opts.OnLaunch == nil) {
		return 0, d.end(i, &gpu.Error{Op: "Function", Code: 500, Name: "CUDA_ERROR_NOT_FOUND", Msg: fmt.Sprintf("no kernel %q", name), Kind: gpu.ErrNotFound})
	}
	for f, x := range d.funcs {
		if x.mod == m && x.name == name {
			d.calls[i].Ret = uint64(f)
			return f, nil
		}
	}
	d.next += 256
	f := gpu.Function(d.next)
	d.funcs[f] = fn{mod: m, name: name}
	d.calls[i].Ret = uint64(f)
	return f, nil
}

// Launch checks the shape against the limits and runs the kernel's function.
func (d *Device) Launch(f gpu.Function, grid, block gpu.Dim3, sharedMem uint32, args []uint64) error {
	d.mu.Lock()
	x := d.funcs[f]
	i, err := d.begin(Call{Op: "Launch", Args: slices.Clone(args), Name: x.name, Grid: grid, Block: block, Shared: sharedMem})
	if err == nil {
		if err = d.checkLaunch(f, grid, block, sharedMem); err != nil {
			err = d.end(i, err)
		}
	}
	d.mu.Unlock()
	if err != nil {
		return err
	}
	err = d.run(x.name, grid, block, args)
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.end(i, err)
}

// checkLaunch refuses a launch of an unknown function or outside the limits. d.mu is held.
func (d *Device) checkLaunch(f gpu.Function, grid, block gpu.Dim3, sharedMem uint32) error {
	x, known := d.funcs[f]
	switch l := &d.opts.Limits; {
	case !known:
		return fmt.Errorf("gpufake: launch of unknown function %#x: %w", uint64(f), gpu.ErrInvalidLaunch)
	case grid.X == 0 || grid.Y == 0 || grid.Z == 0 || block.X == 0 || block.Y == 0 || block.Z == 0,
		grid.X > l.MaxGridDim[0] || grid.Y > l.MaxGridDim[1] || grid.Z > l.MaxGridDim[2],
		block.X > l.MaxBlockDim[0] || block.Y > l.MaxBlockDim[1] || block.Z > l.MaxBlockDim[2],
		block.Count() > uint64(l.MaxThreadsPerBlock), sharedMem > l.MaxSharedMemPerBlock:
		return fmt.Errorf("gpufake: launch of %s refused: grid %v, block %v, shared %d outside the limits: %w",
			x.name, grid, block, sharedMem, gpu.ErrInvalidLaunch)
	}
	return nil
}

// run runs the kernel called name, if the fake has one. d.mu is not held.
func (d *Device) run(name string, grid, block gpu.Dim3, args []uint64) error {
	d.mu.Lock()
	k, onLaunch := d.opts.Kernels[name], d.opts.OnLaunch
	d.mu.Unlock()
	switch {
	case k != nil:
		return k(d, grid, block, args)
	case onLaunch != nil:
		return onLaunch(name, grid, block, args)
	}
	return nil
}

var _ gpu.GraphDevice = (*Device)(nil)

// CanGraph reports true unless Options.NoGraphs is set.
func (d *Device) CanGraph() bool { return !d.opts.NoGraphs }

// BuildGraph checks every launch of rec as Launch does and keeps a copy of rec as the graph.
// It is logged as BuildGraph [number of launches] with Ret the graph.
func (d *Device) BuildGraph(rec []uint64) (gpu.Graph, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	i, err := d.begin(Call{Op: "BuildGraph"})
	if err != nil {
		return 0, err
	}
	if d.opts.NoGraphs {
		return 0, d.end(i, fmt.Errorf("gpufake: no graphs: %w", gpu.ErrInvalidLaunch))
	}
	n := uint64(0)
	for rest := rec; len(rest) > 0; n++ {
		l, next, ok := gpu.NextLaunch(rest)
		if !ok {
			return 0, d.end(i, fmt.Errorf("gpufake: graph launch %d: malformed record: %w", n, gpu.ErrInvalidLaunch))
		}
		if err := d.checkLaunch(l.F, l.Grid, l.Block, l.SharedMem); err != nil {
			return 0, d.end(i, fmt.Errorf("graph launch %d: %w", n, err))
		}
		rest = next
	}
	if n == 0 {
		return 0, d.end(i, fmt.Errorf("gpufake: a graph of no launches: %w", gpu.ErrInvalidLaunch))
	}
	d.next += 256
	g := gpu.Graph(d.next)
	d.graphs[g] = slices.Clone(rec)
	d.calls[i].Args = []uint64{n}
	d.calls[i].Ret = uint64(g)
	return g, nil
}

// LaunchGraph runs the kernels of g's launches in order. It is logged as LaunchGraph [g]; the
// launches in it are not logged one by one.
func (d *Device) LaunchGraph(g gpu.Graph) error {
	d.mu.Lock()
	i, err := d.begin(Call{Op: "LaunchGraph", Args: []uint64{uint64(g)}})
	rec, ok := d.graphs[g]
	if err == nil && !ok {
		err = d.end(i, fmt.Errorf("gpufake: unknown graph %#x: %w", uint64(g), gpu.ErrInvalidLaunch))
	}
	d.mu.Unlock()
	if err != nil {
		return err
	}
	for rest := rec; len(rest) > 0; {
		l, next, _ := gpu.NextLaunch(rest)
		rest = next
		d.mu.Lock()
		name := d.funcs[l.F].name
		d.mu.Unlock()
		if err = d.run(name, l.Grid, l.Block, l.Args); err != nil {
			break
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.end(i, err)
}

// DestroyGraph forgets g; it is logged as DestroyGraph [g].
func (d *Device) DestroyGraph(g gpu.Graph) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	i, err := d.begin(Call{Op: "DestroyGraph", Args: []uint64{uint64(g)}})
	if err != nil {
		return err
	}
	if _, ok := d.graphs[g]; !ok {
		return d.end(i, fmt.Errorf("gpufake: unknown graph %#x: %w", uint64(g), gpu.ErrNotFound))
	}
	delete(d.graphs, g)
	return nil
}

// Graphs returns how many graphs are live (for leak checks).
func (d *Device) Graphs() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.graphs)
}

// Synchronize delivers the pending CopyFromDeviceAsync copies and returns nil; once the
// device is lost, or when it is made to fail (Fail), it drops them undelivered and returns the
// error.
func (d *Device) Synchronize() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, err := d.begin(Call{Op: "Synchronize"}); err != nil {
		clear(d.pending)
		d.pending = d.pending[:0]
		return err
	}
	d.deliver()
	return d.runAhead()
}

// deliver is the end of the default stream's work: the pending CopyFromDeviceAsync copies
// land, the marks are reached, and no zeroing of it is left for the copy stream to overtake
// (checkFenced). d.mu is held.
func (d *Device) deliver() {
	for _, c := range d.pending {
		copy(c.dst, c.data)
	}
	clear(d.pending)
	d.pending = d.pending[:0]
	d.syncs++
	d.unfenced = d.unfenced[:0]
}

var (
	_ gpu.AsyncCopier = (*Device)(nil)
	_ gpu.StreamTimer = (*Device)(nil)
)

// CopyToDeviceAsync copies src to dst at the call, as CopyToDevice does (the fake has no
// stream: work before it has run, work after it will see its bytes).
func (d *Device) CopyToDeviceAsync(dst gpu.Ptr, src []byte) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	b, err := d.copySpan("CopyToDeviceAsync", dst, len(src))
	copy(b, src)
	return err
}

// CopyFromDeviceAsync takes the len(dst) bytes at src as they are at the call (what a stream
// copy sees: the work before it, none after it), and writes them to dst at the next
// Synchronize that succeeds, not before: a caller that reads dst without waiting reads what
// was there.
func (d *Device) CopyFromDeviceAsync(dst []byte, src gpu.Ptr) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	b, err := d.copySpan("CopyFromDeviceAsync", src, len(dst))
	if b != nil {
		d.pending = append(d.pending, pendingCopy{dst: dst, data: slices.Clone(b)})
	}
	return err
}

// Mark records timing mark i at Options.Clock's time (default time.Now).
func (d *Device) Mark(i int) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	c, err := d.begin(Call{Op: "Mark", Args: []uint64{uint64(i)}})
	if err != nil {
		return err
	}
	if i < 0 || i >= gpu.MaxMarks {
		return d.end(c, &gpu.Error{Op: "Mark", Code: 1, Name: "CUDA_ERROR_INVALID_VALUE", Msg: fmt.Sprintf("mark %d out of range", i)})
	}
	now := time.Now
	if d.opts.Clock != nil {
		now = d.opts.Clock
	}
	d.marks[i] = mark{at: now(), syncs: d.syncs, set: true}
	return nil
}

// Elapsed is the time from mark i to mark j. As on a GPU it is an error for a mark never
// recorded (CUDA_ERROR_INVALID_HANDLE) and for one no Synchronize has succeeded since
// (CUDA_ERROR_NOT_READY).
func (d *Device) Elapsed(i, j int) (time.Duration, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	c, err := d.begin(Call{Op: "Elapsed", Args: []uint64{uint64(i), uint64(j)}})
	if err != nil {
		return 0, err
	}
	for _, k := range [2]int{i, j} {
		switch {
		case k < 0 || k >= gpu.MaxMarks:
			return 0, d.end(c, &gpu.Error{Op: "Elapsed", Code: 1, Name: "CUDA_ERROR_INVALID_VALUE", Msg: fmt.Sprintf("mark %d out of range", k)})
		case !d.marks[k].set:
			return 0, d.end(c, &gpu.Error{Op: "Elapsed", Code: 400, Name: "CUDA_ERROR_INVALID_HANDLE", Msg: fmt.Sprintf("mark %d never recorded", k)})
		}
	}
	for _, k := range [2]int{i, j} {
		if d.marks[k].syncs == d.syncs {
			return 0, d.end(c, &gpu.Error{Op: "Elapsed", Code: 600, Name: "CUDA_ERROR_NOT_READY", Msg: fmt.Sprintf("mark %d not reached: no Synchronize since it", k)})
		}
	}
	return d.marks[j].at.Sub(d.marks[i].at), nil
}

var _ gpu.AheadCopier = (*Device)(nil)

// AheadFence logs the fence: the copy stream's work after it may touch what Memset wrote
// before it (checkFenced).
func (d *Device) AheadFence() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, err := d.begin(Call{Op: "AheadFence"})
	if err == nil {
		d.unfenced = d.unfenced[:0]
	}
	return err
}

// checkFenced fails work of the copy stream on [dst, dst+n) that a Memset of the default stream
// since the last fence overlaps: on a GPU nothing orders the two. d.mu is held.
func (d *Device) checkFenced(op string, dst gpu.Ptr, n uint64) error {
	for _, s := range d.unfenced {
		if uint64(dst) < s[1] && s[0] < uint64(dst)+n {
			return &gpu.Error{Op: op, Code: 1, Name: "CUDA_ERROR_INVALID_VALUE",
				Msg: fmt.Sprintf("gpufake: [%#x,+%d) overlaps a zeroing of the default stream not fenced: on a GPU the copy stream could overtake it", uint64(dst), n)}
		}
	}
	return nil
}

// AheadZero enqueues a zeroing on the copy stream: it happens at the next AheadJoin or
// Synchronize, not before (work on the default stream in between does not see it). Touching
// a span that Memset zeroed after the last fence is an error (checkFenced).
func (d *Device) AheadZero(dst gpu.Ptr, n uint64) error {
	return d.enqueueAhead("AheadZero", aheadOp{dst: dst, n: n})
}

// AheadCopy enqueues a copy on the copy stream of src as it is at the call: it lands at the
// next AheadJoin or Synchronize, not before.
func (d *Device) AheadCopy(dst gpu.Ptr, src []byte) error {
	return d.enqueueAhead("AheadCopy", aheadOp{dst: dst, n: uint64(len(src)), data: slices.Clone(src)})
}

// enqueueAhead logs op and puts it on the copy stream, inside one allocation and clear of
// unfenced zeroings (checkFenced).
func (d *Device) enqueueAhead(name string, op aheadOp) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	i, err := d.begin(Call{Op: name, Args: []uint64{uint64(op.dst), op.n}})
	if err != nil {
		return err
	}
	if _, err := d.span(name, op.dst, op.n); err != nil {
		return d.end(i, err)
	}
	if err := d.checkFenced(name, op.dst, op.n); err != nil {
		return d.end(i, err)
	}
	d.ahead = append(d.ahead, op)
	return nil
}

// AheadJoin runs the copy stream's pending work (the default stream's work after it sees it).
func (d *Device) AheadJoin() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, err := d.begin(Call{Op: "AheadJoin"}); err != nil {
		return err
	}
	return d.runAhead()
}

// runAhead runs the copy stream's pending zeroings and copies, in order. d.mu is held.
func (d *Device) runAhead() error {
	for _, op := range d.ahead {
		b, err := d.span("AheadJoin", op.dst, op.n)
		if err != nil {
			return err
		}
		if op.data == nil {
			clear(b)
		} else {
			copy(b, op.data)
		}
	}
	d.ahead = d.ahead[:0]
	return nil
}

// Query reports the default stream busy Options.QueryBusy times, then done: as Synchronize, it
// then delivers the pending CopyFromDeviceAsync copies and reaches the marks, but it leaves the
// copy stream's work pending.
func (d *Device) Query() (bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, err := d.begin(Call{Op: "Query"}); err != nil {
		return false, err
	}
	if d.busy < d.opts.QueryBusy {
		d.busy++
		return false, nil
	}
	d.busy = 0
	d.deliver()
	return true, nil
}

// HostRegister logs the registration and succeeds.
func (d *Device) HostRegister(b []byte) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, err := d.begin(Call{Op: "HostRegister", Args: []uint64{uint64(len(b))}})
	return err
}

// HostUnregister logs the call and succeeds.
func (d *Device) HostUnregister(b []byte) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, err := d.begin(Call{Op: "HostUnregister", Args: []uint64{uint64(len(b))}})
	return err
}

// Close frees everything; later calls fail with gpu.ErrClosed. A second Close returns nil.
func (d *Device) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil
	}
	d.calls = append(d.calls, Call{Op: "Close"})
	d.closed = true
	d.pending = nil
	clear(d.allocs)
	d.used = 0
	return nil
}
