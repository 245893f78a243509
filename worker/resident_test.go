package worker

import (
	"bytes"
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpufn/bufpool"
	"gpufn/call"
	"gpufn/cpu"
	"gpufn/examples"
	"gpufn/gpu"
	"gpufn/libscan"
	"gpufn/shm"
	"gpufn/weights"
)

// weightedMatmul is matmul whose matrix A is a weight: B = A x A for n = 4 (B is 136 bytes).
const weightedMatmul = `{"module_path":"mlops","kernels":["matmul_para"],"weight_set":"w",
 "blueprint":{"inputs":["cfg"],"weights":["pad","A"],"buffers":{"B":{"Absolute":136}},"outputs":["B"],
  "control_flow":[{"ExecKernel":["matmul_para",[{"Ptr":"A"},{"Sizeof":"A"},{"Ptr":"B"}],
   {"grid_dim_x":{"FromInput":{"bufname":"cfg","idx":0}},"grid_dim_y":{"FromInput":{"bufname":"cfg","idx":0}},"grid_dim_z":{"Absolute":1},
    "block_dim_x":{"Absolute":32},"block_dim_y":{"Absolute":32},"block_dim_z":{"Absolute":1},"shared_mem_bytes":{"Absolute":0}}]}]}}`

type residentRig struct {
	t   *testing.T
	ex  *Executor
	mem []byte
	id  uint64
	lib LibRef
}

func newResidentRig(t *testing.T, budget uint64) *residentRig {
	dev := cpu.New(cpu.Options{MemBytes: 64 << 20})
	t.Cleanup(func() { dev.Close() })
	pool, err := bufpool.New(dev, 1<<20, bufpool.Options{})
	if err != nil {
		t.Fatal(err)
	}
	img := examples.MustPTX("mlops")
	return &residentRig{t: t, ex: NewExecutor(dev, pool, ExecutorOptions{ResidentBytes: budget}), mem: make([]byte, 8192),
		lib: LibRef{Hash: sha256.Sum256(img), Kind: libscan.KindPTX, Image: img}}
}

// set writes a weight set file whose tensor A is matrix a (after a 24-byte tensor "pad") and
// returns its reference as the dispatcher would bind weightedMatmul to it.
func (r *residentRig) set(a []byte) *WeightsRef {
	r.t.Helper()
	file, err := weights.Encode([]weights.Tensor{{Name: "pad", DType: "U8", Shape: []uint64{24}}, {Name: "A", DType: "I64", Shape: []uint64{uint64(len(a) / 8)}}},
		[][]byte{bytes.Repeat([]byte{0xAA}, 24), a}, nil)
	if err != nil {
		r.t.Fatal(err)
	}
	h, _ := weights.Parse(file)
	path := filepath.Join(r.t.TempDir(), "set")
	if err := os.WriteFile(path, file, 0o600); err != nil {
		r.t.Fatal(err)
	}
	ta, _ := h.Tensor("A")
	tp, _ := h.Tensor("pad")
	return &WeightsRef{SHA256: sha256.Sum256(file), Path: path, DataOffset: h.DataOffset, DataBytes: h.DataBytes,
		Ranges: [][2]uint64{{tp.Begin, tp.End}, {ta.Begin, ta.End}}}
}

func (r *residentRig) invoke(funcID uint64, config string, ref *WeightsRef, cfg []byte) *Result {
	r.t.Helper()
	r.id++
	copy(r.mem, cfg)
	req := &Invoke{ID: r.id, FuncID: funcID, Config: []byte(config), Lib: r.lib, Weights: ref,
		Inputs: []shm.Span{{Off: 0, Len: uint64(len(cfg))}}, Output: shm.Span{Off: 1024, Len: 4096}}
	var res Result
	r.ex.Run(req, r.mem, &res)
	return &res
}

func (r *residentRig) output(res *Result) []byte {
	if res.Err != nil || len(res.Outputs) != 1 {
		r.t.Fatalf("invocation: %+v %v", res.Outputs, res.Err)
	}
	return r.mem[res.Outputs[0].Off:res.Outputs[0].End()]
}

func TestResidentWeights(t *testing.T) {
	r := newResidentRig(t, 200) // room for one set of 24+136 bytes, not two
	cfg, a := examples.MatmulInputs(4, 1)
	_, b := examples.MatmulInputs(4, 2)
	refA, refB := r.set(a), r.set(b)

	res := r.invoke(1, weightedMatmul, refA, cfg)
	if !bytes.Equal(r.output(res), examples.MatmulReference(a)) {
		t.Fatal("wrong product from set A")
	}
	if got := res.Resident; got.Misses != 1 || got.Hits != 0 || got.Sets != 1 || got.Bytes != 160 {
		t.Fatalf("after the first placement: %+v", got)
	}
	// Again: the set is resident (and the ranges were kept with the function).
	res = r.invoke(1, weightedMatmul, &WeightsRef{SHA256: refA.SHA256, Path: "/nonexistent", DataOffset: refA.DataOffset, DataBytes: refA.DataBytes}, cfg)
	if !bytes.Equal(r.output(res), examples.MatmulReference(a)) || res.Resident.Hits != 1 || res.Stages.Place != 0 {
		t.Fatalf("a hit: %+v %+v", res.Resident, res.Stages)
	}
	// Another function on set B: A is evicted to make room.
	res = r.invoke(2, weightedMatmul, refB, cfg)
	if !bytes.Equal(r.output(res), examples.MatmulReference(b)) || res.Resident.Evictions != 1 || res.Resident.Sets != 1 {
		t.Fatalf("set B: %+v", res.Resident)
	}
	res = r.invoke(1, weightedMatmul, refA, cfg)
	if !bytes.Equal(r.output(res), examples.MatmulReference(a)) || res.Resident.Misses != 3 || res.Resident.Evictions != 2 {
		t.Fatalf("set A again: %+v", res.Resident)
	}
	if err := r.ex.DropResident(); err != nil || r.ex.Resident().Sets != 0 || r.ex.Resident().Bytes != 0 {
		t.Fatalf("drop: %v %+v", err, r.ex.Resident())
	}
}

func TestResidentWeightsLimits(t *testing.T) {
	r := newResidentRig(t, 100)
	cfg, a := examples.MatmulInputs(4, 1)
	res := r.invoke(1, weightedMatmul, r.set(a), cfg)
	if res.Err == nil || res.Err.Code != call.CodeOutOfMemory {
		t.Fatalf("a set over the budget: %+v", res.Err)
	}
	// A kernel that writes into its weights faults, as any illegal address.
	r = newResidentRig(t, 1<<20)
	writer := strings.Replace(weightedMatmul, `{"Ptr":"B"}]`, `{"Ptr":"pad"}]`, 1)
	res = r.invoke(3, writer, r.set(a), cfg)
	if res.Err == nil || res.Err.Code != call.CodeKernelFault || !res.Err.Fatal || !strings.Contains(res.Err.Message, "read-only") {
		t.Fatalf("a kernel writing its weights: %+v", res.Err)
	}
}

func TestInvokeWeightsRoundTrip(t *testing.T) {
	in := sampleInvoke()
	in.Weights = &WeightsRef{SHA256: [32]byte{1, 2, 3}, Path: "/data/blobs/sha256/x.safetensors", DataOffset: 80, DataBytes: 4096, Owner: 77, Ranges: [][2]uint64{{0, 8}, {8, 4096}}}
	var out Invoke
	roundTrip(t, MsgInvoke, in, &out)
	if out.Weights == nil || out.Weights.SHA256 != in.Weights.SHA256 || out.Weights.Path != in.Weights.Path ||
		out.Weights.DataOffset != 80 || out.Weights.DataBytes != 4096 || out.Weights.Owner != 77 || len(out.Weights.Ranges) != 2 || out.Weights.Ranges[1] != [2]uint64{8, 4096} {
		t.Fatalf("weights %+v", out.Weights)
	}
	// Decoding into the same Invoke a request without weights clears them.
	in.Weights = nil
	roundTrip(t, MsgInvoke, in, &out)
	if out.Weights != nil {
		t.Fatalf("weights left over: %+v", out.Weights)
	}
}

// A tenant over its share of the budget evicts its own sets first, even when another tenant's
// set is the least recently used.
func TestResidentShareByOwner(t *testing.T) {
	r := newResidentRig(t, 400) // two sets of 160 bytes fit, not three
	cfg, _ := examples.MatmulInputs(4, 1)
	sets := map[string]*WeightsRef{}
	mats := map[string][]byte{}
	for i, name := range []string{"A1", "B1", "C2", "D1"} {
		_, m := examples.MatmulInputs(4, int64(10+i))
		sets[name], mats[name] = r.set(m), m
		sets[name].Owner = uint64(name[1] - '0')
	}
	ids := map[string]uint64{"A1": 1, "B1": 2, "C2": 3, "D1": 4}
	run := func(name string) ResidentStats {
		t.Helper()
		res := r.invoke(ids[name], weightedMatmul, sets[name], cfg)
		if !bytes.Equal(r.output(res), examples.MatmulReference(mats[name])) {
			t.Fatalf("%s: wrong product", name)
		}
		return res.Resident
	}
	run("A1")
	run("B1")
	if st := run("C2"); st.Evictions != 1 { // tenant 2 is within its share: the LRU (A1) goes
		t.Fatalf("C2: %+v", st)
	}
	run("B1") // C2 is now the least recently used
	if st := run("D1"); st.Evictions != 2 || st.Misses != 4 {
		t.Fatalf("D1: %+v", st)
	}
	// Tenant 1 was over its share (B1 + D1 > 400/2): B1 went, C2 stayed.
	if st := run("C2"); st.Misses != 4 {
		t.Fatalf("C2 was evicted for tenant 1's set: %+v", st)
	}
	if st := run("B1"); st.Misses != 5 {
		t.Fatalf("B1 was still resident: %+v", st)
	}
}

// An init flow runs once when the set is placed and writes a derived buffer that the control
// flow reads: here AA = A x A at placement, and every invocation computes AA x AA.
func TestInitFlowDerivesAResidentBuffer(t *testing.T) {
	config := strings.Replace(weightedMatmul, `"weight_set":"w",`, `"weight_set":"w",
	 "init_flow":{"buffers":{"AA":{"Absolute":136}},"control_flow":[{"ExecKernel":["matmul_para",[{"Ptr":"A"},{"Sizeof":"A"},{"Ptr":"AA"}],
	  {"grid_dim_x":{"Absolute":1},"grid_dim_y":{"Absolute":1},"grid_dim_z":{"Absolute":1},
	   "block_dim_x":{"Absolute":32},"block_dim_y":{"Absolute":32},"block_dim_z":{"Absolute":1},"shared_mem_bytes":{"Absolute":0}}]}]},`, 1)
	config = strings.Replace(config, `[{"Ptr":"A"},{"Sizeof":"A"},{"Ptr":"B"}]`, `[{"Ptr":"AA"},{"Sizeof":"AA"},{"Ptr":"B"}]`, 1)
	r := newResidentRig(t, 1<<20)
	cfg, a := examples.MatmulInputs(4, 1)
	ref := r.set(a)
	want := examples.MatmulReference(examples.MatmulReference(a))
	for i := range 3 {
		res := r.invoke(7, config, ref, cfg)
		if !bytes.Equal(r.output(res), want) {
			t.Fatalf("invocation %d: not (A x A) x (A x A)", i)
		}
		if res.Resident.Misses != 1 || res.Resident.Hits != uint64(i) {
			t.Fatalf("invocation %d: %+v (the init flow runs once)", i, res.Resident)
		}
	}
	// Another function on the same set without an init flow gets the set itself, apart.
	res := r.invoke(8, weightedMatmul, ref, cfg)
	if !bytes.Equal(r.output(res), examples.MatmulReference(a)) || res.Resident.Sets != 2 {
		t.Fatalf("the plain function beside it: %+v", res.Resident)
	}
}

// DropAll leaves nothing of a tenant in the worker: no resident set, no module, no plan.
func TestDropAll(t *testing.T) {
	r := newResidentRig(t, 1<<20)
	cfg, a := examples.MatmulInputs(4, 1)
	ref := r.set(a)
	r.output(r.invoke(1, weightedMatmul, ref, cfg))
	if mods, fns := r.ex.Cached(); mods != 1 || fns != 1 || r.ex.Resident().Sets != 1 {
		t.Fatalf("before: %d modules, %d plans, %+v", mods, fns, r.ex.Resident())
	}
	if err := r.ex.DropAll(); err != nil {
		t.Fatal(err)
	}
	if mods, fns := r.ex.Cached(); mods != 0 || fns != 0 || r.ex.Resident().Sets != 0 || r.ex.Resident().Bytes != 0 {
		t.Fatalf("after: %d modules, %d plans, %+v", mods, fns, r.ex.Resident())
	}
	if mc := r.ex.ModuleCache(); mc.Bytes != 0 || mc.Modules != 0 || mc.Evictions != 0 { // a drop makes no room: no eviction
		t.Fatalf("module cache after a drop: %+v", mc)
	}
	// The next request must carry the code again.
	r.id++
	req := &Invoke{ID: r.id, FuncID: 1, Lib: LibRef{Hash: r.lib.Hash, Kind: r.lib.Kind}, Weights: ref,
		Inputs: []shm.Span{{Off: 0, Len: uint64(len(cfg))}}, Output: shm.Span{Off: 1024, Len: 4096}}
	var res Result
	r.ex.Run(req, r.mem, &res)
	if res.Err == nil || res.Err.Code != call.CodeFunctionMissing {
		t.Fatalf("after a drop, a request without the config: %+v", res.Err)
	}
}

// plainDevice hides the cpu device's resident allocations: the worker falls back to a plain,
// zeroed allocation (as on hip).
type plainDevice struct{ gpu.Device }

func TestResidentWithoutResidentMemory(t *testing.T) {
	dev := cpu.New(cpu.Options{MemBytes: 64 << 20})
	t.Cleanup(func() { dev.Close() })
	pool, err := bufpool.New(dev, 1<<20, bufpool.Options{})
	if err != nil {
		t.Fatal(err)
	}
	img := examples.MustPTX("mlops")
	r := &residentRig{t: t, ex: NewExecutor(plainDevice{dev}, pool, ExecutorOptions{ResidentBytes: 200}), mem: make([]byte, 8192),
		lib: LibRef{Hash: sha256.Sum256(img), Kind: libscan.KindPTX, Image: img}}
	cfg, a := examples.MatmulInputs(4, 1)
	_, b := examples.MatmulInputs(4, 2)
	for _, m := range [][]byte{a, b, a} { // each evicts the other: placed, freed, placed again
		res := r.invoke(1+uint64(m[8]), weightedMatmul, r.set(m), cfg)
		if !bytes.Equal(r.output(res), examples.MatmulReference(m)) {
			t.Fatalf("wrong product: %+v", res.Resident)
		}
	}
	if st := r.ex.Resident(); st.Misses != 3 || st.Evictions != 2 {
		t.Fatalf("%+v", st)
	}
}

// DropWeights drops what was deleted and nothing else: a set by its content (with the
// functions' own copies of it), a function's own copy by the function; the other sets stay
// resident and answer hits; nothing counts as an eviction.
func TestDropWeights(t *testing.T) {
	config := strings.Replace(weightedMatmul, `"weight_set":"w",`, `"weight_set":"w",
	 "init_flow":{"buffers":{"AA":{"Absolute":136}},"control_flow":[{"ExecKernel":["matmul_para",[{"Ptr":"A"},{"Sizeof":"A"},{"Ptr":"AA"}],
	  {"grid_dim_x":{"Absolute":1},"grid_dim_y":{"Absolute":1},"grid_dim_z":{"Absolute":1},
	   "block_dim_x":{"Absolute":32},"block_dim_y":{"Absolute":32},"block_dim_z":{"Absolute":1},"shared_mem_bytes":{"Absolute":0}}]}]},`, 1)
	r := newResidentRig(t, 1<<20)
	cfg, a := examples.MatmulInputs(4, 1)
	_, b := examples.MatmulInputs(4, 2)
	refA, refB := r.set(a), r.set(b)
	r.output(r.invoke(1, weightedMatmul, refA, cfg)) // set A
	r.output(r.invoke(2, config, refA, cfg))         // function 2's own copy of A
	r.output(r.invoke(3, weightedMatmul, refB, cfg)) // set B
	r.output(r.invoke(4, config, refB, cfg))         // function 4's own copy of B
	if st := r.ex.Resident(); st.Sets != 4 {
		t.Fatalf("before: %+v", st)
	}
	if err := r.ex.DropWeights(nil, []uint64{4, 3}); err != nil { // functions 4 and 3 deleted
		t.Fatal(err)
	}
	if st := r.ex.Resident(); st.Sets != 3 || st.Evictions != 0 {
		t.Fatalf("after function 4's copy (function 3 had none: set B stays): %+v", st)
	}
	if err := r.ex.DropWeights([][32]byte{refA.SHA256}, nil); err != nil { // set A deleted
		t.Fatal(err)
	}
	st := r.ex.Resident()
	if st.Sets != 1 || st.Evictions != 0 {
		t.Fatalf("after set A: %+v", st)
	}
	// Set B is still there: a hit.
	res := r.invoke(3, weightedMatmul, &WeightsRef{SHA256: refB.SHA256, Path: "/nonexistent", DataOffset: refB.DataOffset, DataBytes: refB.DataBytes}, cfg)
	if !bytes.Equal(r.output(res), examples.MatmulReference(b)) || res.Resident.Hits != st.Hits+1 {
		t.Fatalf("set B after the drops: %+v", res.Resident)
	}
	// Set A must be placed again (its bytes are read from the file).
	res = r.invoke(1, weightedMatmul, refA, cfg)
	if !bytes.Equal(r.output(res), examples.MatmulReference(a)) || res.Resident.Misses != st.Misses+1 {
		t.Fatalf("set A after its drop: %+v", res.Resident)
	}
}
