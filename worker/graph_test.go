package worker

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"gpufn/call"
	"strings"
	"testing"

	"gpufn/bufpool"
	"gpufn/gpu"
	"gpufn/gpu/gpufake"
	"gpufn/libscan"
	"gpufn/shm"
)

// chainConfig repeats two kernels cfg[0] times: B = 2*B, then B = B+1, on the one word of B
// (B starts as a copy of A's second word). The result depends on every launch running once,
// in order.
const chainConfig = `{
  "module_path": "chain",
  "kernels": ["copy", "mul2", "add1"],
  "blueprint": {
    "inputs": ["A"],
    "buffers": {"B": {"Absolute": 8}},
    "outputs": ["B"],
    "control_flow": [
      {"ExecKernel": ["copy", [{"Ptr": "B"}, {"Ptr": "A"}], ` + oneThread + `]},
      {"Repeat": [{"FromInput": {"bufname": "A", "idx": 0}}, [
        {"ExecKernel": ["mul2", [{"Ptr": "B"}], ` + oneThread + `]},
        {"ExecKernel": ["add1", [{"Ptr": "B"}, {"Constant": 1}], ` + oneThread + `]}
      ]]}
    ]
  }
}`

const oneThread = `{"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
  "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
  "shared_mem_bytes": {"Absolute": 0}}`

// chainKernels are the fake kernels of chainConfig.
func chainKernels() map[string]gpufake.KernelFunc {
	word := func(d *gpufake.Device, p uint64) ([]byte, error) { return d.Mem(gpu.Ptr(p), 8) }
	return map[string]gpufake.KernelFunc{
		"copy": func(d *gpufake.Device, _, _ gpu.Dim3, args []uint64) error {
			dst, err := word(d, args[0])
			if err != nil {
				return err
			}
			src, err := d.Mem(gpu.Ptr(args[1]), 16)
			if err != nil {
				return err
			}
			copy(dst, src[8:])
			return nil
		},
		"mul2": func(d *gpufake.Device, _, _ gpu.Dim3, args []uint64) error {
			b, err := word(d, args[0])
			if err == nil {
				binary.LittleEndian.PutUint64(b, 2*binary.LittleEndian.Uint64(b))
			}
			return err
		},
		"add1": func(d *gpufake.Device, _, _ gpu.Dim3, args []uint64) error {
			b, err := word(d, args[0])
			if err == nil {
				binary.LittleEndian.PutUint64(b, binary.LittleEndian.Uint64(b)+args[1])
			}
			return err
		},
	}
}

// chainWant is what chainConfig computes.
func chainWant(reps, x uint64) uint64 {
	for i := uint64(0); i < reps; i++ {
		x = 2*x + 1
	}
	return x
}

type graphRig struct {
	t    *testing.T
	dev  *gpufake.Device
	pool *bufpool.Pool
	ex   *Executor
	mem  []byte
	id   uint64
}

func newGraphRig(t *testing.T, fake gpufake.Options, opt ExecutorOptions) *graphRig {
	t.Helper()
	fake.Kernels = chainKernels()
	dev := gpufake.New(fake)
	pool, err := bufpool.New(dev, 1<<20, bufpool.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return &graphRig{t: t, dev: dev, pool: pool, ex: NewExecutor(dev, pool, opt), mem: make([]byte, 4096)}
}

// invoke runs chainConfig (function funcID, library lib) with reps repetitions from x and
// checks the output.
func (r *graphRig) invoke(funcID uint64, lib string, reps, x uint64) *Result {
	r.t.Helper()
	r.id++
	binary.LittleEndian.PutUint64(r.mem[0:], reps)
	binary.LittleEndian.PutUint64(r.mem[8:], x)
	req := &Invoke{ID: r.id, FuncID: funcID, Config: []byte(chainConfig),
		Lib:    LibRef{Hash: sha256.Sum256([]byte(lib)), Kind: libscan.KindPTX, Image: []byte(lib)},
		Inputs: []shm.Span{{Off: 0, Len: 16}}, Output: shm.Span{Off: 1024, Len: 1024}}
	var res Result
	r.ex.Run(req, r.mem, &res)
	r.zeroOwed()
	if res.Err != nil {
		return &res
	}
	if len(res.Outputs) != 1 || res.Outputs[0].Len != 8 {
		r.t.Fatalf("invocation %d: outputs %v", r.id, res.Outputs)
	}
	got := binary.LittleEndian.Uint64(r.mem[res.Outputs[0].Off:])
	if want := chainWant(reps, x); got != want {
		r.t.Fatalf("invocation %d (reps %d, x %d): output %d, want %d", r.id, reps, x, got, want)
	}
	return &res
}

// zeroOwed pays the zeroing an invocation left for after its reply (Executor.ZeroOwed), as the
// worker's loop does once the reply is written.
func (r *graphRig) zeroOwed() {
	r.t.Helper()
	if err := r.ex.ZeroOwed(); err != nil {
		r.t.Fatalf("the zeroing after the reply: %v", err)
	}
}

// counts returns how many launches, graph builds and graph launches the device saw since the
// last call.
func (r *graphRig) counts() (launches, builds, replays, destroys int) {
	for _, c := range r.dev.Calls() {
		switch c.Op {
		case "Launch":
			launches++
		case "BuildGraph":
			builds++
		case "LaunchGraph":
			replays++
		case "DestroyGraph":
			destroys++
		}
	}
	r.dev.ResetCalls()
	return
}

func (r *graphRig) expect(what string, launches, builds, replays int) {
	r.t.Helper()
	l, b, g, _ := r.counts()
	if l != launches || b != builds || g != replays {
		r.t.Fatalf("%s: %d launches, %d graph builds, %d graph launches; want %d, %d, %d", what, l, b, g, launches, builds, replays)
	}
}

func TestGraphsBuiltOnSecondSightingAndReplayed(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{})
	if res := r.invoke(1, "lib", 10, 3); res.Stages.Graph != call.GraphNone {
		t.Fatalf("first invocation: graph stage %d", res.Stages.Graph)
	}
	r.expect("first invocation", 21, 0, 0)
	if res := r.invoke(1, "lib", 10, 5); res.Stages.Graph != call.GraphBuilt {
		t.Fatalf("second invocation: graph stage %d", res.Stages.Graph)
	}
	r.expect("second invocation", 0, 1, 1)
	for x := uint64(0); x < 5; x++ { // other data, same launches: the same graph
		if res := r.invoke(1, "lib", 10, x); res.Stages.Graph != call.GraphReplayed {
			t.Fatalf("later invocation: graph stage %d", res.Stages.Graph)
		}
	}
	r.expect("later invocations", 0, 0, 5)
	// Another repetition count is another sequence: launched one by one the first time.
	r.invoke(1, "lib", 11, 7)
	r.expect("a new sequence", 23, 0, 0)
	r.invoke(1, "lib", 11, 8)
	r.expect("the new sequence again", 0, 1, 1)
	r.invoke(1, "lib", 10, 9)
	r.expect("the first sequence still cached", 0, 0, 1)
	st, ok := r.ex.Graphs()
	if !ok || st.Built != 2 || st.Live != 2 || st.Replayed != 8 {
		t.Fatalf("stats %+v (on %v)", st, ok)
	}
}

func TestGraphsSkipShortFlowsAndDevicesWithout(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{})
	for i := 0; i < 3; i++ {
		r.invoke(1, "lib", 3, uint64(i)) // 7 launches: under the 8 of GraphMinLaunches
	}
	r.expect("short flow", 21, 0, 0)

	for name, rig := range map[string]*graphRig{
		"NoGraphs":       newGraphRig(t, gpufake.Options{}, ExecutorOptions{NoGraphs: true}),
		"device without": newGraphRig(t, gpufake.Options{NoGraphs: true}, ExecutorOptions{}),
	} {
		for i := 0; i < 3; i++ {
			rig.invoke(1, "lib", 10, uint64(i))
		}
		rig.expect(name, 63, 0, 0)
		if _, ok := rig.ex.Graphs(); ok {
			t.Errorf("%s: the executor says it uses graphs", name)
		}
	}
}

func TestGraphsTooManyLaunchesGoOneByOne(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{GraphMaxLaunches: 16})
	for i := 0; i < 3; i++ {
		r.invoke(1, "lib", 10, uint64(i)) // 21 launches > 16
	}
	r.expect("over GraphMaxLaunches", 63, 0, 0)
}

func TestGraphBuildFailureFallsBack(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{})
	r.dev.Fail("BuildGraph", 1, fmt.Errorf("refused: %w", gpu.ErrInvalidLaunch))
	r.invoke(1, "lib", 10, 1)
	r.invoke(1, "lib", 10, 2)
	r.expect("refused build", 42, 1, 0)
	if st, _ := r.ex.Graphs(); st.Failed != 1 || st.Live != 0 {
		t.Fatalf("stats %+v", st)
	}
	r.invoke(1, "lib", 10, 3) // seen again: built this time
	r.invoke(1, "lib", 10, 4)
	r.expect("after the refusal", 21, 1, 1)
}

func TestGraphFaultIsFatal(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{})
	r.invoke(1, "lib", 10, 1)
	r.invoke(1, "lib", 10, 2)
	r.dev.Fail("LaunchGraph", 1, gpufake.Fatal("LaunchGraph"))
	res := r.invoke(1, "lib", 10, 3)
	if res.Err == nil || !res.Err.Fatal || res.Err.Code != call.CodeKernelFault {
		t.Fatalf("a faulting graph: %+v; want a fatal kernel_fault", res.Err)
	}
}

func TestGraphsDroppedWithTheirModuleAndPool(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{MaxModuleBytes: 1})
	r.invoke(1, "lib-a", 10, 1)
	r.invoke(1, "lib-a", 10, 2)
	if r.dev.Graphs() != 1 {
		t.Fatalf("%d graphs live; want 1", r.dev.Graphs())
	}
	r.dev.ResetCalls()
	// Another library evicts lib-a's module (MaxModuleBytes 1): its graph must go before it.
	r.invoke(2, "lib-b", 10, 3)
	destroyed, unloaded := -1, -1
	for i, c := range r.dev.Calls() {
		switch {
		case c.Op == "DestroyGraph" && destroyed < 0:
			destroyed = i
		case c.Op == "UnloadModule" && unloaded < 0:
			unloaded = i
		}
	}
	if destroyed < 0 || unloaded < 0 || destroyed > unloaded {
		t.Fatalf("graph destroyed at call %d, module unloaded at %d: the graph must go first\n%v", destroyed, unloaded, r.dev.Calls())
	}
	r.invoke(2, "lib-b", 10, 4)
	if r.dev.Graphs() != 1 {
		t.Fatalf("%d graphs live after lib-b twice; want 1", r.dev.Graphs())
	}
	// A new pool has other addresses: every graph goes.
	r.ex.SetPool(r.pool)
	if r.dev.Graphs() != 0 {
		t.Fatalf("%d graphs live after SetPool; want 0", r.dev.Graphs())
	}
	r.counts()
	r.invoke(2, "lib-b", 10, 5)
	r.expect("after SetPool", 21, 0, 0)
}

func TestGraphCacheBounded(t *testing.T) {
	r := newGraphRig(t, gpufake.Options{}, ExecutorOptions{MaxGraphs: 2})
	for reps := uint64(10); reps < 15; reps++ {
		r.invoke(1, "lib", reps, 1)
		r.invoke(1, "lib", reps, 2)
	}
	st, _ := r.ex.Graphs()
	if st.Built != 5 || st.Evicted != 3 || st.Live != 2 || r.dev.Graphs() != 2 {
		t.Fatalf("stats %+v, %d live on the device; want 5 built, 3 evicted, 2 live", st, r.dev.Graphs())
	}
	r.counts()
	r.invoke(1, "lib", 14, 3) // the most recent: still cached
	r.expect("most recent", 0, 0, 1)
	r.invoke(1, "lib", 10, 3) // evicted: seen again from scratch
	r.expect("evicted", 21, 0, 0)
}

func TestGraphRecordErrorsAreThoseOfLaunches(t *testing.T) {
	// A launch the device refuses is reported with its path whether or not graphs are on.
	for _, opt := range []ExecutorOptions{{}, {NoGraphs: true}} {
		r := newGraphRig(t, gpufake.Options{}, opt)
		r.dev.Fail("Launch", 4, fmt.Errorf("refused: %w", gpu.ErrInvalidLaunch))
		res := r.invoke(1, "lib", 10, 1)
		if res.Err == nil || res.Err.Code != call.CodeInvalidLaunch || res.Err.Fatal {
			t.Fatalf("NoGraphs=%v: %+v; want invalid_launch", opt.NoGraphs, res.Err)
		}
		if want := "launching mul2"; !strings.Contains(res.Err.Message, want) {
			t.Fatalf("NoGraphs=%v: message %q lacks %q", opt.NoGraphs, res.Err.Message, want)
		}
	}
}
