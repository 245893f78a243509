package load

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gpufn/bench/msgpack"
	"gpufn/bundle"
	"gpufn/examples"
)

// WorkloadSpec names a workload: the example matmul on an n x n int64 matrix, or the example
// inference (conv 5x5, ReLU, 2x2 max-pool on 224x224 images) with a number of repetitions and
// a batch of images.
type WorkloadSpec struct {
	Kind  string // "matmul" or "inference"
	N     int    // matmul: the matrix side (default 128)
	Reps  int    // inference: repetitions (default 1)
	Batch int    // inference: images per invocation (default 1); a named bundle: its batch
	Dir   string // bundle: the bundle directory (bundle.go)
	Label string // bundle: the workload's name
}

// ParseWorkload reads a workload name: "matmul", "matmul-n64", "inference", "inference-r500",
// "inference-r1-b8" (r: repetitions, b: batch; omitted parts take the defaults).
// A model bundle is "bundle:DIR", or "resnet18", "bert" (examples/NAME/b1; NAME-bB for
// examples/NAME/bB): see bundle.go.
func ParseWorkload(s string) (WorkloadSpec, error) {
	if w, ok, err := parseBundleWorkload(strings.TrimSpace(s)); ok {
		return w, err
	}
	parts := strings.Split(strings.TrimSpace(s), "-")
	w := WorkloadSpec{Kind: parts[0]}
	switch w.Kind {
	case "matmul":
		w.N = 128
	case "inference":
		w.Reps, w.Batch = 1, 1
	default:
		return w, fmt.Errorf("bench: workload %q: want matmul[-nN], inference[-rR][-bB], resnet18, bert or bundle:DIR", s)
	}
	for _, p := range parts[1:] {
		if len(p) < 2 {
			return w, fmt.Errorf("bench: workload %q: bad part %q", s, p)
		}
		v, err := strconv.Atoi(p[1:])
		if err != nil || v < 1 {
			return w, fmt.Errorf("bench: workload %q: bad number in %q", s, p)
		}
		switch {
		case w.Kind == "matmul" && p[0] == 'n' && v <= 65536:
			w.N = v
		case w.Kind == "inference" && p[0] == 'r':
			w.Reps = v
		case w.Kind == "inference" && p[0] == 'b' && v <= 65535:
			w.Batch = v
		default:
			return w, fmt.Errorf("bench: workload %q: bad part %q", s, p)
		}
	}
	return w, nil
}

// Name is the workload's canonical name: "matmul-n128", "inference-r500-b1".
func (w WorkloadSpec) Name() string {
	if w.Kind == KindBundle {
		return w.Label
	}
	if w.Kind == "matmul" {
		return "matmul-n" + strconv.Itoa(w.N)
	}
	return "inference-r" + strconv.Itoa(w.Reps) + "-b" + strconv.Itoa(w.Batch)
}

// ExampleFunction is the example function the workload invokes: "matmul", "inference", or
// "inference_batched" for a batch above 1.
func (w WorkloadSpec) ExampleFunction() string {
	if w.Kind == "inference" && w.Batch > 1 {
		return "inference_batched"
	}
	return w.Kind
}

// OutputName is the name of the function's one output.
func (w WorkloadSpec) OutputName() string {
	if w.Kind == "matmul" {
		return "B"
	}
	return "D"
}

// Inputs makes the workload's inputs for a seed, as named fields in the function's input
// order, and the expected output (from the Go reference in package examples).
func (w WorkloadSpec) Inputs(seed int64) ([]msgpack.Field, []byte) {
	if w.Kind == "matmul" {
		cfg, a := examples.MatmulInputs(w.N, seed)
		return []msgpack.Field{{Name: "cfg", Value: cfg}, {Name: "A", Value: a}}, examples.MatmulReference(a)
	}
	cfg, a, b := examples.InferenceInputs(w.Reps, w.Batch, seed)
	return []msgpack.Field{{Name: "cfg", Value: cfg}, {Name: "A", Value: a}, {Name: "B", Value: b}}, examples.InferenceReference(a, b, w.Batch)
}

// Check compares an output with the expected one: exactly for matmul (int64), within a
// relative 1e-4 for inference (float32 sums on the GPU round differently from the reference).
func (w WorkloadSpec) Check(got, want []byte) error {
	if w.Kind == "matmul" {
		if bytes.Equal(got, want) {
			return nil
		}
		return examples.CompareI64(got, want)
	}
	return examples.CompareF32(got, want, 1e-4)
}

// WorkloadOptions configure PrepareWorkload. Zero values take the defaults written beside them.
type WorkloadOptions struct {
	// Register uploads the example library and registers the function under the bench's own
	// names (Prefix + library, Prefix + function). When false the workload invokes the
	// example function by its own name, which a server started with --examples (or the
	// dedicated baseline) already has.
	Register bool
	// Prefix of the names the bench registers (default "bench-").
	Prefix string
	// Distinct is the number of distinct inputs rotated through (default 8): every answer is
	// checked against its input's reference output, computed once.
	Distinct int
	// Msgpack asks for msgpack answers; by default the bench sends
	// Accept: application/octet-stream and gets the one output raw.
	Msgpack bool
	// Keep leaves what the bench registered on the server after Cleanup (by default Cleanup
	// deletes every function and library the workload registered, the hot one included).
	Keep bool
	// Parallel is how many uploads and registrations of copies (cold copies, the dandelion
	// workload's functions) are in flight at once (default 16): a CUDA server compiles each
	// PTX at its upload, and 10,000 uploads one after the other would take minutes.
	Parallel int
	// Placements is how many placements of a copy of a bundle workload's weight set are
	// measured when it is prepared (ModelInfo; default 3, negative: none).
	Placements int
}

// Workload is a prepared workload on one server: request bodies, expected outputs, and the
// registered function (and its cold copies). It is a Source; its Call is safe for concurrent
// use.
type Workload struct {
	Spec     WorkloadSpec
	Function string // the function invoked by hot requests
	Library  string // the library it uses ("" when not registered by the bench)
	// Model is what a bundle workload measured when it was prepared (nil for the others, and
	// for a bundle the bench did not deploy).
	Model *ModelInfo

	c        *Client
	opts     WorkloadOptions
	inputs   []workloadInput
	hot      []Call // one per distinct input
	mu       sync.Mutex
	cold     []Call // one per cold function, each used once
	coldNext atomic.Int64
	coldFns  []string // registered cold functions and libraries, for Cleanup
	coldLibs []string
	hotReg   bool // the hot function and library were registered by the workload
	copies   int  // copies registered so far (RegisterCopies numbers them)
	runID    string
	ptx      []byte
	bundle   *bundle.Bundle // a bundle workload's bundle
}

type workloadInput struct {
	body  []byte
	want  []byte
	check *acceptedChecker // shared by the hot call and the cold calls of this input
}

// PrepareWorkload makes the workload's inputs and expected outputs and, with opts.Register,
// uploads the library and registers the function on the server of c.
func PrepareWorkload(c *Client, spec WorkloadSpec, opts WorkloadOptions) (*Workload, error) {
	if opts.Prefix == "" {
		opts.Prefix = "bench-"
	}
	if opts.Distinct <= 0 {
		opts.Distinct = 8
	}
	if opts.Parallel <= 0 {
		opts.Parallel = 16
	}
	if spec.Kind == KindBundle {
		return prepareBundle(c, spec, opts)
	}
	w := &Workload{Spec: spec, Function: spec.ExampleFunction(), c: c, opts: opts}
	var id [6]byte
	_, _ = rand.Read(id[:])
	w.runID = hex.EncodeToString(id[:])
	for i := 0; i < opts.Distinct; i++ {
		fields, want := spec.Inputs(int64(1000 + i))
		w.inputs = append(w.inputs, workloadInput{body: msgpack.AppendMap(nil, fields...), want: want,
			check: newAcceptedChecker(func(out []byte) error { return spec.Check(out, want) })})
	}
	if opts.Register {
		fn, err := exampleFunction(spec.ExampleFunction())
		if err != nil {
			return nil, err
		}
		w.ptx = examples.MustPTX(fn.Library)
		w.Library = opts.Prefix + fn.Library
		w.Function = opts.Prefix + fn.Name
		if err := w.register(w.Library, w.ptx, w.Function, fn.Config); err != nil {
			return nil, err
		}
		w.hotReg = true
	}
	for i := range w.inputs {
		w.hot = append(w.hot, w.call(w.Function, i))
	}
	return w, nil
}

func (w *Workload) call(function string, input int) Call {
	in := &w.inputs[input]
	c := Call{
		URI:         w.c.URL("/v1/functions/" + function + "/invoke"),
		Body:        in.body,
		ContentType: "application/msgpack",
		Output:      w.Spec.OutputName(),
		Check:       in.check.Check,
	}
	if !w.opts.Msgpack {
		c.Accept = "application/octet-stream"
	}
	return c
}

// RequestBytes and ResponseBytes are the sizes of the workload's request and answer bodies
// (raw answers; a msgpack answer adds a few bytes of framing).
func (w *Workload) RequestBytes() int  { return len(w.inputs[0].body) }
func (w *Workload) ResponseBytes() int { return len(w.inputs[0].want) }

// Bodies returns the distinct request bodies (for other load generators); they must not be
// modified.
func (w *Workload) Bodies() [][]byte {
	out := make([][]byte, len(w.inputs))
	for i := range w.inputs {
		out[i] = w.inputs[i].body
	}
	return out
}

// HotURI is the URL hot requests are sent to.
func (w *Workload) HotURI() string { return w.hot[0].URI }

// HotHeaders are the Content-Type and Accept headers of hot requests (accept "": none).
func (w *Workload) HotHeaders() (contentType, accept string) {
	return w.hot[0].ContentType, w.hot[0].Accept
}

// Call implements Source: hot requests rotate through the distinct inputs; each cold request
// goes to a cold function never invoked before (ErrColdExhausted when none is left).
func (w *Workload) Call(i int64, cold bool) (*Call, error) {
	if !cold {
		return &w.hot[i%int64(len(w.hot))], nil
	}
	j := w.coldNext.Add(1) - 1
	w.mu.Lock()
	defer w.mu.Unlock()
	if j >= int64(len(w.cold)) {
		return nil, ErrColdExhausted
	}
	return &w.cold[j], nil
}

// PrepareCold makes sure at least n unused cold functions exist, registering new ones (see
// RegisterCopies): the server has never seen their code, so the worker that runs a cold
// request must load a module nobody loaded before. It needs Register.
func (w *Workload) PrepareCold(n int) error {
	if n <= 0 {
		return nil
	}
	w.mu.Lock()
	have := len(w.cold) - int(w.coldNext.Load())
	w.mu.Unlock()
	if have >= n {
		return nil
	}
	calls, err := w.RegisterCopies("cold", n-have)
	if err != nil {
		return err
	}
	w.mu.Lock()
	w.cold = append(w.cold, calls...)
	w.mu.Unlock()
	return nil
}

// RegisterCopies uploads n copies of the workload's library, each under a library name of
// its own with one function using it ("PREFIX" + kind + "-RUN-K"), opts.Parallel at a time,
// and returns a call of each (copy K gets input K modulo the distinct inputs, and ColdID 0).
// Each copy is made unique where it counts: a PTX global variable of its own
// (CopyPTX), so that even the code compiled from it differs from every other copy's (a
// server that compiles PTX at upload, as gpufn on CUDA does, caches the compiled module by
// its hash: a copy that differed by a comment alone would compile to the same code and hit
// that cache). The copies are deleted by Cleanup. It needs Register.
func (w *Workload) RegisterCopies(kind string, n int) ([]Call, error) {
	if !w.opts.Register {
		return nil, fmt.Errorf("bench: copies of the function need a workload the bench registers itself (the server must accept uploads)")
	}
	if w.bundle != nil {
		return nil, fmt.Errorf("bench: workload %s: a bundle has no cold copies", w.Spec.Name())
	}
	fn, err := exampleFunction(w.Spec.ExampleFunction())
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	k0 := w.copies
	w.copies += n
	w.mu.Unlock()
	calls := make([]Call, n)
	errs := make([]error, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for g := 0; g < min(w.opts.Parallel, n); g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				k := k0 + i
				tag := fmt.Sprintf("%s-%d", w.runID, k)
				lib := fmt.Sprintf("%s%s-%s", w.opts.Prefix, kind, tag)
				if errs[i] = w.register(lib, CopyPTX(w.ptx, tag), lib, fn.Config); errs[i] != nil {
					continue
				}
				w.mu.Lock()
				w.coldFns = append(w.coldFns, lib)
				w.coldLibs = append(w.coldLibs, lib)
				w.mu.Unlock()
				calls[i] = w.call(lib, k%len(w.inputs))
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("copy %d: %w", k0+i, err)
		}
	}
	return calls, nil
}

// CopyPTX returns a copy of a PTX module made unique by tag: a global variable of its own,
// "bench_copy_TAG" (tag's characters other than letters and digits become '_'), declared
// after the header's .address_size directive (else at the end), and a comment line. A
// global variable is part of the compiled module (its symbol table and data), so the code
// compiled from the copy differs from the original's, not only the text.
func CopyPTX(ptx []byte, tag string) []byte {
	id := []byte(tag)
	for i, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			id[i] = '_'
		}
	}
	decl := "\n// bench copy " + tag + "\n.global .align 8 .u64 bench_copy_" + string(id) + " = 1;\n"
	out := make([]byte, 0, len(ptx)+len(decl))
	if i := bytes.Index(ptx, []byte(".address_size")); i >= 0 {
		if nl := bytes.IndexByte(ptx[i:], '\n'); nl >= 0 {
			cut := i + nl + 1
			out = append(append(append(out, ptx[:cut]...), decl[1:]...), ptx[cut:]...)
			return out
		}
	}
	return append(append(out, ptx...), decl...)
}

// register uploads a library and registers a function of config whose module_path names it.
func (w *Workload) register(lib string, ptx []byte, function string, config []byte) error {
	path := "/v1/libraries/" + lib
	st, body, err := w.c.Do("PUT", path, "application/octet-stream", ptx, time.Minute)
	if err := mustOK("PUT", path, st, body, err); err != nil {
		return fmt.Errorf("bench: uploading library %s: %w", lib, err)
	}
	cfg, err := withModulePath(config, lib)
	if err != nil {
		return err
	}
	path = "/v1/functions/" + function
	st, body, err = w.c.Do("PUT", path, "application/json", cfg, time.Minute)
	if err := mustOK("PUT", path, st, body, err); err != nil {
		return fmt.Errorf("bench: registering function %s: %w", function, err)
	}
	return nil
}

// Cleanup deletes every function and library the workload registered, its copies and the
// hot function (each function before its library), opts.Parallel at a time (best effort:
// the first error is returned, the rest still deleted). With opts.Keep it deletes nothing.
// The calls made before must not be sent again after it.
func (w *Workload) Cleanup() error {
	if w.opts.Keep {
		return nil
	}
	if w.bundle != nil {
		w.mu.Lock()
		reg := w.hotReg
		w.hotReg = false
		w.mu.Unlock()
		if !reg {
			return nil
		}
		return w.cleanupBundle()
	}
	w.mu.Lock()
	fns, libs := w.coldFns, w.coldLibs
	w.coldFns, w.coldLibs = nil, nil
	if w.hotReg {
		fns, libs = append(fns, w.Function), append(libs, w.Library)
		w.hotReg = false
	}
	w.mu.Unlock()
	var mu sync.Mutex
	var first error
	var next atomic.Int64
	var wg sync.WaitGroup
	for g := 0; g < min(w.opts.Parallel, len(fns)); g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(fns); i = int(next.Add(1) - 1) {
				for _, path := range []string{"/v1/functions/" + fns[i], "/v1/libraries/" + libs[i]} {
					st, body, err := w.c.Do("DELETE", path, "", nil, 30*time.Second)
					if err := mustOK("DELETE", path, st, body, err); err != nil {
						mu.Lock()
						if first == nil {
							first = err
						}
						mu.Unlock()
					}
				}
			}
		}()
	}
	wg.Wait()
	return first
}

func exampleFunction(name string) (examples.Function, error) {
	for _, f := range examples.Functions() {
		if f.Name == name {
			return f, nil
		}
	}
	return examples.Function{}, fmt.Errorf("bench: package examples has no function %q", name)
}

// withModulePath returns config with its module_path set to lib (other fields untouched).
func withModulePath(config []byte, lib string) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(config, &m); err != nil {
		return nil, fmt.Errorf("bench: example config: %w", err)
	}
	v, _ := json.Marshal(lib)
	m["module_path"] = v
	return json.Marshal(m)
}
