package dispatcher

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gpufn/call"
	"gpufn/cpu"
	"gpufn/examples"
	"gpufn/store"
	"gpufn/weights"
)

// weightedMatmul is matmul with its matrix A a weight of set "w" instead of an input.
const weightedMatmul = `{"module_path":"mlops","kernels":["matmul_para"],"weight_set":"w",
 "blueprint":{"inputs":["cfg"],"weights":["A"],"buffers":{"B":{"Absolute":16}},"outputs":["B"],
  "control_flow":[{"ExecKernel":["matmul_para",[{"Ptr":"A"},{"Sizeof":"A"},{"Ptr":"B"}],
   {"grid_dim_x":{"Absolute":1},"grid_dim_y":{"Absolute":1},"grid_dim_z":{"Absolute":1},
    "block_dim_x":{"Absolute":32},"block_dim_y":{"Absolute":32},"block_dim_z":{"Absolute":1},"shared_mem_bytes":{"Absolute":0}}]}]}}`

// safetensors makes a file of U8 tensors of the given sizes, named in order.
func safetensors(t *testing.T, names []string, sizes []int) []byte {
	t.Helper()
	var ts []weights.Tensor
	var data [][]byte
	for i, n := range names {
		ts = append(ts, weights.Tensor{Name: n, DType: "U8", Shape: []uint64{uint64(sizes[i])}})
		data = append(data, []byte(strings.Repeat(string(rune('a'+i)), sizes[i])))
	}
	f, err := weights.Encode(ts, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func weightsRegistry(t *testing.T, cfg Config) (*Dispatcher, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "data")
	st, err := store.Open(dir, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg.Store = st
	return newRegistry(t, cfg), dir
}

func TestWeightSetsRegistry(t *testing.T) {
	d, _ := weightsRegistry(t, Config{})
	alice, bob := tenant("alice"), tenant("bob")
	file := safetensors(t, []string{"B0", "A"}, []int{8, 16})
	v, created, err := d.PutWeights(alice, "alice", "w", file)
	sum := sha256.Sum256(file)
	if err != nil || !created || v.SHA256 != hex.EncodeToString(sum[:]) || v.Bytes != int64(len(file)) || v.ResidentBytes != 24 || len(v.Tensors) != 2 {
		t.Fatalf("put: %+v %v %v", v, created, err)
	}
	if _, err := d.Weights(bob, "alice", "w"); CodeOf(err) != call.CodeNotFound {
		t.Fatalf("bob reading alice's set: %v", err)
	}
	if _, _, err := d.PutWeights(alice, "alice", "bad", file[:len(file)-1]); CodeOf(err) != call.CodeInvalidWeights {
		t.Fatalf("a truncated file: %v", err)
	}
	if _, _, err := d.PutWeights(alice, "alice", "../x", file); CodeOf(err) != call.CodeBadName {
		t.Fatalf("a bad name: %v", err)
	}
	// A function binds its weights to the set: where A lies in the set's data.
	if _, _, err := d.PutLibrary(alice, "alice", "mlops", examples.MustPTX("mlops")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.PutFunction(alice, "alice", "mm", []byte(weightedMatmul)); err != nil {
		t.Fatal(err)
	}
	fn, err := d.Lookup(alice, []byte("alice"), []byte("mm"))
	if err != nil || fn.Weights == nil || fn.Weights.SHA256 != sum || fn.Weights.Ranges[0] != [2]uint64{8, 24} || fn.Weights.DataBytes != 24 {
		t.Fatalf("binding: %+v %v", fn.Weights, err)
	}
	got, err := d.Weights(alice, "alice", "w")
	if err != nil || strings.Join(got.UsedBy, ",") != "mm" {
		t.Fatalf("used by: %+v %v", got, err)
	}
	// In use: no delete, no replace that drops A; a replace that keeps A re-binds.
	if err := d.DeleteWeights(alice, "alice", "w"); CodeOf(err) != call.CodeWeightsInUse || CodeOf(err).Status() != 409 {
		t.Fatalf("deleting a set in use: %v", err)
	}
	if _, _, err := d.PutWeights(alice, "alice", "w", safetensors(t, []string{"X"}, []int{16})); CodeOf(err) != call.CodeWeightsInUse {
		t.Fatalf("a replace dropping A: %v", err)
	}
	if _, _, err := d.PutWeights(alice, "alice", "w", safetensors(t, []string{"A"}, []int{16})); err != nil {
		t.Fatal(err)
	}
	fn2, _ := d.Lookup(alice, []byte("alice"), []byte("mm"))
	if fn2 == fn || fn2.Weights.Ranges[0] != [2]uint64{0, 16} {
		t.Fatalf("not re-bound: %+v", fn2.Weights)
	}
	// A function naming a tensor the set lacks, or a set that is not there.
	bad := strings.Replace(weightedMatmul, `"weights":["A"]`, `"weights":["A","Z"]`, 1)
	if _, _, err := d.PutFunction(alice, "alice", "bad", []byte(bad)); CodeOf(err) != call.CodeInvalidWeights || !strings.Contains(err.Error(), `"Z"`) {
		t.Fatalf("a missing tensor: %v", err)
	}
	bad = strings.Replace(weightedMatmul, `"weight_set":"w"`, `"weight_set":"nope"`, 1)
	if _, _, err := d.PutFunction(alice, "alice", "bad", []byte(bad)); CodeOf(err) != call.CodeInvalidConfig {
		t.Fatalf("a missing set: %v", err)
	}
	if err := d.DeleteFunction(alice, "alice", "mm"); err != nil {
		t.Fatal(err)
	}
	if err := d.DeleteWeights(alice, "alice", "w"); err != nil {
		t.Fatalf("deleting an unused set: %v", err)
	}
	if list, _ := d.WeightSets(alice, "alice"); len(list) != 0 {
		t.Fatalf("left: %+v", list)
	}
}

func TestWeightQuotaAndStoreless(t *testing.T) {
	d, _ := weightsRegistry(t, Config{WeightQuotaBytes: 100, MaxWeightSets: 3})
	alice := tenant("alice")
	if _, _, err := d.PutWeights(alice, "alice", "a", safetensors(t, []string{"x"}, []int{60})); err != nil {
		t.Fatal(err)
	}
	// The same content under another name counts once.
	if _, _, err := d.PutWeights(alice, "alice", "a2", safetensors(t, []string{"x"}, []int{60})); err != nil {
		t.Fatalf("same content again: %v", err)
	}
	if _, _, err := d.PutWeights(alice, "alice", "b", safetensors(t, []string{"y"}, []int{41})); CodeOf(err) != call.CodeLimitReached || !strings.Contains(err.Error(), "quota") {
		t.Fatalf("over the quota: %v", err)
	}
	// Replacing a set counts the new one instead of the old.
	if _, _, err := d.PutWeights(alice, "alice", "a", safetensors(t, []string{"x"}, []int{39})); err != nil {
		t.Fatalf("a replace within the quota: %v", err)
	}
	if _, _, err := d.PutWeights(alice, "alice", "c", safetensors(t, []string{"z"}, []int{1})); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.PutWeights(alice, "alice", "d", safetensors(t, []string{"z"}, []int{1})); CodeOf(err) != call.CodeLimitReached {
		t.Fatalf("a fourth set: %v", err)
	}
	nostore := newRegistry(t, Config{})
	if _, _, err := nostore.PutWeights(alice, "alice", "a", safetensors(t, []string{"x"}, []int{1})); CodeOf(err) != call.CodeBadRequest {
		t.Fatalf("without a store: %v", err)
	}
}

// A restart restores the sets, then the functions bound to them.
func TestWeightSetsRestore(t *testing.T) {
	d, dir := weightsRegistry(t, Config{})
	alice := tenant("alice")
	file := safetensors(t, []string{"A"}, []int{16})
	if _, _, err := d.PutWeights(alice, "alice", "w", file); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.PutLibrary(alice, "alice", "mlops", examples.MustPTX("mlops")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.PutFunction(alice, "alice", "mm", []byte(weightedMatmul)); err != nil {
		t.Fatal(err)
	}
	d.cfg.Store.Close()
	st, err := store.Open(dir, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	libs, fns, _, err := st.Load()
	sets, problems, err2 := st.LoadWeights()
	if err != nil || err2 != nil || len(problems) != 0 || len(sets) != 1 {
		t.Fatalf("load: %v %v %v %v", err, err2, problems, sets)
	}
	d2 := newRegistry(t, Config{Store: st})
	if errs := d2.RestoreWeights(sets); len(errs) != 0 {
		t.Fatal(errs)
	}
	if errs := d2.Restore(libs, fns); len(errs) != 0 {
		t.Fatal(errs)
	}
	fn, err := d2.Lookup(alice, []byte("alice"), []byte("mm"))
	if err != nil || fn.Weights == nil || fn.Weights.Path != st.BlobPath(sha256.Sum256(file)) || fn.Weights.Ranges[0] != [2]uint64{0, 16} {
		t.Fatalf("restored binding: %+v %v", fn, err)
	}
}

// Dandelion's way: a function sent with its own weights gets an anonymous set, "@" + its
// name, listed with the tenant's sets, replaced with the function, deleted with it, restored.
func TestAnonymousWeightSet(t *testing.T) {
	d, dir := weightsRegistry(t, Config{})
	alice := tenant("alice")
	if _, _, err := d.PutLibrary(alice, "alice", "mlops", examples.MustPTX("mlops")); err != nil {
		t.Fatal(err)
	}
	own := strings.Replace(weightedMatmul, `"weight_set":"w",`, "", 1)
	if _, _, err := d.PutFunction(alice, "alice", "mm", []byte(own)); CodeOf(err) != call.CodeInvalidConfig {
		t.Fatalf("weights and no set: %v", err)
	}
	if _, _, err := d.PutFunctionWithWeights(alice, "alice", "mm", []byte(own), safetensors(t, []string{"B"}, []int{16})); CodeOf(err) != call.CodeInvalidWeights {
		t.Fatalf("a set without A: %v", err)
	}
	if list, _ := d.WeightSets(alice, "alice"); len(list) != 0 {
		t.Fatalf("a refused registration left a set: %+v", list)
	}
	if _, _, err := d.PutFunctionWithWeights(alice, "alice", "mm", []byte(weightedMatmul), safetensors(t, []string{"A"}, []int{16})); CodeOf(err) != call.CodeInvalidConfig {
		t.Fatalf("weights sent with a config naming a set: %v", err)
	}
	file := safetensors(t, []string{"x", "A"}, []int{8, 16})
	if _, created, err := d.PutFunctionWithWeights(alice, "alice", "mm", []byte(own), file); err != nil || !created {
		t.Fatalf("register with weights: %v %v", created, err)
	}
	fn, _ := d.Lookup(alice, []byte("alice"), []byte("mm"))
	if fn.Weights == nil || fn.Weights.SHA256 != sha256.Sum256(file) || fn.Weights.Ranges[0] != [2]uint64{8, 24} {
		t.Fatalf("binding %+v", fn.Weights)
	}
	list, _ := d.WeightSets(alice, "alice")
	if len(list) != 1 || list[0].Name != "@mm" || strings.Join(list[0].UsedBy, ",") != "mm" {
		t.Fatalf("sets %+v", list)
	}
	// A restart restores the set before the function.
	d.cfg.Store.Close()
	st, err := store.Open(dir, store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	libs, fns, _, _ := st.Load()
	sets, _, _ := st.LoadWeights()
	d2 := newRegistry(t, Config{Store: st})
	d2.RestoreWeights(sets)
	if errs := d2.Restore(libs, fns); len(errs) != 0 {
		t.Fatal(errs)
	}
	if fn, _ := d2.Lookup(alice, []byte("alice"), []byte("mm")); fn == nil || fn.Weights == nil || fn.Weights.Ranges[0] != [2]uint64{8, 24} {
		t.Fatalf("restored %+v", fn)
	}
	// Replaced by a function without weights, or deleted: the set goes.
	if _, _, err := d2.PutFunction(alice, "alice", "mm", matmulConfig(t)); err != nil {
		t.Fatal(err)
	}
	if list, _ := d2.WeightSets(alice, "alice"); len(list) != 0 {
		t.Fatalf("left after a replace: %+v", list)
	}
	if _, _, err := d2.PutFunctionWithWeights(alice, "alice", "mm", []byte(own), file); err != nil {
		t.Fatal(err)
	}
	if err := d2.DeleteFunction(alice, "alice", "mm"); err != nil {
		t.Fatal(err)
	}
	if list, _ := d2.WeightSets(alice, "alice"); len(list) != 0 {
		t.Fatalf("left after a delete: %+v", list)
	}
	if left, _ := os.ReadDir(filepath.Join(dir, "blobs", "sha256")); len(left) != 0 {
		t.Fatalf("blobs left: %v", left)
	}
}

// An init flow's launches count against the launch limit at registration.
func TestInitFlowLaunchLimit(t *testing.T) {
	d, _ := weightsRegistry(t, Config{LaunchLimit: 100})
	alice := tenant("alice")
	if _, _, err := d.PutLibrary(alice, "alice", "mlops", examples.MustPTX("mlops")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.PutWeights(alice, "alice", "w", safetensors(t, []string{"A"}, []int{16})); err != nil {
		t.Fatal(err)
	}
	init := func(reps int) []byte {
		return []byte(strings.Replace(weightedMatmul, `"weight_set":"w",`, `"weight_set":"w",
		 "init_flow":{"buffers":{"AA":{"Absolute":16}},"control_flow":[{"Repeat":[{"Absolute":`+strconv.Itoa(reps)+`},[{"ExecKernel":["matmul_para",[{"Ptr":"A"},{"Sizeof":"A"},{"Ptr":"AA"}],
		  {"grid_dim_x":{"Absolute":1},"grid_dim_y":{"Absolute":1},"grid_dim_z":{"Absolute":1},
		   "block_dim_x":{"Absolute":32},"block_dim_y":{"Absolute":32},"block_dim_z":{"Absolute":1},"shared_mem_bytes":{"Absolute":0}}]}]]}]},`, 1))
	}
	if _, _, err := d.PutFunction(alice, "alice", "ok", init(100)); err != nil {
		t.Fatalf("100 init launches: %v", err)
	}
	if _, _, err := d.PutFunction(alice, "alice", "big", init(101)); CodeOf(err) != call.CodeInvalidConfig || !strings.Contains(err.Error(), "launch") {
		t.Fatalf("101 init launches: %v", err)
	}
}

// dropEngine records what the dispatcher asks its workers to drop.
type dropEngine struct {
	preloadEngine
	sets  [][32]byte
	funcs []uint64
}

func (e *dropEngine) DropWeights(sets [][32]byte, funcs []uint64) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.sets, e.funcs = append(e.sets, sets...), append(e.funcs, funcs...)
}

func (e *dropEngine) dropped() ([][32]byte, []uint64) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([][32]byte(nil), e.sets...), append([]uint64(nil), e.funcs...)
}

// Deleted weights are dropped from the workers: a function with a weight set, deleted or
// replaced, by its ID (its own copy of the set); a weight set's content once no set of any
// name has it any more (deleted, or replaced by other content).
func TestDeletedWeightsDropped(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "data"), store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	dev := cpu.New(cpu.Options{})
	defer dev.Close()
	e := &dropEngine{}
	d := New(Config{Device: "cpu", Info: dev.Info(), Kernels: cpu.KernelNames(), Store: st}, []Engine{e})
	alice := tenant("alice")
	file := safetensors(t, []string{"A"}, []int{16})
	sum := sha256.Sum256(file)
	for _, name := range []string{"w", "w2"} { // one content under two names
		if _, _, err := d.PutWeights(alice, "alice", name, file); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := d.PutLibrary(alice, "alice", "mlops", examples.MustPTX("mlops")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.PutFunction(alice, "alice", "mm", []byte(weightedMatmul)); err != nil {
		t.Fatal(err)
	}
	v1, _ := d.Lookup(alice, []byte("alice"), []byte("mm"))
	if _, _, err := d.PutFunction(alice, "alice", "mm", []byte(weightedMatmul)); err != nil { // replaced
		t.Fatal(err)
	}
	v2, _ := d.Lookup(alice, []byte("alice"), []byte("mm"))
	if sets, funcs := e.dropped(); len(sets) != 0 || !slices.Equal(funcs, []uint64{v1.ID}) {
		t.Fatalf("after a replace: dropped %x %v; want function %d", sets, funcs, v1.ID)
	}
	if err := d.DeleteFunction(alice, "alice", "mm"); err != nil {
		t.Fatal(err)
	}
	if err := d.DeleteWeights(alice, "alice", "w"); err != nil {
		t.Fatal(err)
	}
	if sets, funcs := e.dropped(); len(sets) != 0 || !slices.Equal(funcs, []uint64{v1.ID, v2.ID}) {
		t.Fatalf("after deleting the function and one name: dropped %x %v; want no content (w2 has it)", sets, funcs)
	}
	bob := tenant("bob")
	if _, _, err := d.PutWeights(bob, "bob", "same", file); err != nil { // the content in another tenant
		t.Fatal(err)
	}
	other := safetensors(t, []string{"A"}, []int{24})
	if _, _, err := d.PutWeights(alice, "alice", "w2", other); err != nil { // replaced by other content
		t.Fatal(err)
	}
	if sets, _ := e.dropped(); len(sets) != 0 {
		t.Fatalf("alice's last name of the content replaced while bob's set has it: dropped %x", sets)
	}
	if err := d.DeleteWeights(bob, "bob", "same"); err != nil {
		t.Fatal(err)
	}
	if sets, _ := e.dropped(); !slices.Equal(sets, [][32]byte{sum}) {
		t.Fatalf("after the last set of the content went: dropped %x; want %x", sets, sum)
	}
	if err := d.DeleteWeights(alice, "alice", "w2"); err != nil {
		t.Fatal(err)
	}
	if sets, _ := e.dropped(); !slices.Equal(sets, [][32]byte{sum, sha256.Sum256(other)}) {
		t.Fatalf("after deleting the other content: dropped %x", sets)
	}
}
