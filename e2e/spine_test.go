package e2e

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"gpufn/examples"
)

// The README's server: the examples registered at start; matmul (n=128) and inference (500
// repetitions) give the Go reference's outputs.
func TestExamplesMatchReference(t *testing.T) {
	s := start(t, "--examples")
	a := s.do("GET", "/v1/functions", "", nil)
	for _, fn := range []string{"matmul", "inference", "inference_batched", "basic_io"} {
		if !bytes.Contains(a.body, []byte(`"name":"`+fn+`"`)) {
			t.Fatalf("function %s not registered: %s", fn, a.body)
		}
	}
	for seed := int64(1); seed <= 3; seed++ {
		cfg, A := examples.MatmulInputs(128, seed)
		out := s.mustInvoke("matmul", map[string][]byte{"cfg": cfg, "A": A})
		if want := examples.MatmulReference(A); !bytes.Equal(out["B"], want) {
			t.Fatalf("matmul seed %d: output differs from the reference (%d vs %d bytes)", seed, len(out["B"]), len(want))
		}
	}
	cfg, A, B := examples.InferenceInputs(500, 1, 7)
	out := s.mustInvoke("inference", map[string][]byte{"cfg": cfg, "A": A, "B": B})
	if err := examples.CompareF32(out["D"], examples.InferenceReference(A, B, 1), 1e-4); err != nil {
		t.Fatalf("inference, 500 repetitions: %v", err)
	}
	cfg, A, B = examples.InferenceInputs(3, 4, 8)
	out = s.mustInvoke("inference_batched", map[string][]byte{"cfg": cfg, "A": A, "B": B})
	if err := examples.CompareF32(out["D"], examples.InferenceReference(A, B, 4), 1e-4); err != nil {
		t.Fatalf("inference, batch 4: %v", err)
	}
	// Raw bodies: one input in, one output out.
	in := binary.LittleEndian.AppendUint64(nil, 12345)
	r := s.do("POST", "/v1/functions/basic_io/invoke", "application/octet-stream", in, "Accept", "application/octet-stream")
	if r.status != 200 || binary.LittleEndian.Uint64(r.body) != 98765 {
		t.Fatalf("basic_io raw: %d %x", r.status, r.body)
	}
	if st := r.header.Get("Server-Timing"); !strings.Contains(st, "kernel;dur=") || !strings.Contains(st, "total;dur=") {
		t.Fatalf("Server-Timing %q", st)
	}
}

// Dandelion's v1 test configs run unchanged ("module_path": "mlops.hsaco" finds library mlops).
func TestDandelionConfigsUnchanged(t *testing.T) {
	s := start(t)
	s.uploadExamples("mlops", "module")
	for _, fn := range examples.DandelionConfigs() {
		s.mustPut("/v1/functions/"+fn.Name, fn.Config)
	}
	cfg, A := examples.MatmulInputs(64, 3)
	if out := s.mustInvoke("matmul", map[string][]byte{"cfg": cfg, "A": A}); !bytes.Equal(out["B"], examples.MatmulReference(A)) {
		t.Fatal("matmul (matmul_para) differs from the reference")
	}
	_, A = examples.MatmulInputs(16, 4)
	if out := s.mustInvoke("matmul_loop", map[string][]byte{"A": A}); !bytes.Equal(out["B"], examples.MatmulReference(A)) {
		t.Fatal("matmul_loop differs from the reference")
	}
	cfg, A, B := examples.InferenceInputs(2, 1, 5)
	if out := s.mustInvoke("inference", map[string][]byte{"cfg": cfg, "A": A, "B": B}); examples.CompareF32(out["D"], examples.InferenceReference(A, B, 1), 1e-4) != nil {
		t.Fatal("inference differs from the reference")
	}
	cfg, A, B = examples.InferenceInputs(2, 3, 6)
	if out := s.mustInvoke("inference_batched", map[string][]byte{"cfg": cfg, "A": A, "B": B}); examples.CompareF32(out["D"], examples.InferenceReference(A, B, 3), 1e-4) != nil {
		t.Fatal("inference_batched differs from the reference")
	}
	if out := s.mustInvoke("basic_io", map[string][]byte{"A": binary.LittleEndian.AppendUint64(nil, 12345)}); binary.LittleEndian.Uint64(out["A"]) != 98765 {
		t.Fatalf("basic_io: %x", out["A"])
	}
	if out := s.mustInvoke("minimal", nil); len(out) != 0 {
		t.Fatalf("minimal: %v", out)
	}
	s.mustInvoke("hello_world", nil)
}

// Every buffer an invocation gets is zero, though the invocation before wrote all over it.
func TestBuffersAreZeroed(t *testing.T) {
	s := start(t)
	s.uploadExamples("testkernels")
	for _, fn := range examples.TestFunctions() {
		s.mustPut("/v1/functions/"+fn.Name, fn.Config)
	}
	for i := 0; i < 5; i++ {
		s.mustInvoke("dirty", nil)
		out := s.mustInvoke("zero_check", nil)
		if n := binary.LittleEndian.Uint64(out["R"]); n != 0 {
			t.Fatalf("round %d: %d non-zero bytes in a fresh buffer after another invocation wrote there", i, n)
		}
	}
}

// A kernel with an illegal address gets kernel_fault; the worker is replaced and the next
// invocation of another function succeeds (how soon is logged: the goal is under a second, a
// speed that CI's loaded machines cannot be held to).
func TestFaultIsContained(t *testing.T) {
	s := start(t, "--examples")
	s.uploadExamples("testkernels")
	s.mustPut("/v1/functions/fault", config("fault", "", "", ""))
	cfg, A := examples.MatmulInputs(128, 1)
	want := examples.MatmulReference(A)
	for round := 0; round < 2; round++ {
		a := s.invoke("fault", nil)
		if a.status != 500 || a.code != "kernel_fault" {
			t.Fatalf("fault: %d %s %s", a.status, a.code, a.message)
		}
		faulted := time.Now()
		for {
			r := s.invoke("matmul", map[string][]byte{"cfg": cfg, "A": A})
			if r.status == 200 {
				if !bytes.Equal(r.outputs["B"], want) {
					t.Fatal("matmul after a fault differs from the reference")
				}
				break
			}
			if time.Since(faulted) > time.Minute { // a server that does not recover, not a slow one
				t.Fatalf("no success a minute after a fault: %d %s %s", r.status, r.code, r.message)
			}
			time.Sleep(10 * time.Millisecond)
		}
		took := time.Since(faulted)
		t.Logf("round %d: served again %v after the fault (the goal is under 1 s)", round, took.Round(time.Millisecond))
	}
	if e := s.engines(); e[0].Restarts < 2 {
		t.Fatalf("restarts %d", e[0].Restarts)
	}
}

// A kernel that prints protocol-looking bytes (device printf goes to fd 1) cannot disturb
// the protocol: its invocation and the next ones answer correctly.
func TestPrintfCannotInjectFrames(t *testing.T) {
	s := start(t)
	s.uploadExamples("testkernels")
	s.mustPut("/v1/functions/print_inject", config("print_inject", "", `"X"`, `{"Constant": 42}`, "X"))
	for i := 0; i < 20; i++ {
		payload := bytes.Repeat([]byte{byte(i)}, 100+i)
		out := s.mustInvoke("print_inject", map[string][]byte{"X": payload})
		if !bytes.Equal(out["X"], payload) {
			t.Fatalf("invocation %d: output changed", i)
		}
	}
	if e := s.engines(); e[0].Restarts != 0 {
		t.Fatalf("%d worker restarts: the printf disturbed the worker", e[0].Restarts)
	}
}

// Bad input of every kind gets a clear error with an honest status, and the server goes on
// serving good requests after each.
func TestBadRequests(t *testing.T) {
	s := start(t, "--examples", "--max-body-bytes", "1MiB")
	s.uploadExamples("testkernels")
	cfg, A := examples.MatmulInputs(8, 1)
	good := func() {
		t.Helper()
		if out := s.mustInvoke("matmul", map[string][]byte{"cfg": cfg, "A": A}); !bytes.Equal(out["B"], examples.MatmulReference(A)) {
			t.Fatal("good request after a bad one: wrong output")
		}
	}
	type req struct {
		method, path, ctype string
		body                []byte
		status              int
		code                string
	}
	mp := func(m map[string][]byte) []byte {
		b, _ := msgpackMarshal(m)
		return b
	}
	short := map[string][]byte{"cfg": {1, 2, 3}, "A": A} // cfg too short for FromInput idx 0
	cases := map[string]req{
		"unknown function":   {"POST", "/v1/functions/nope/invoke", "application/msgpack", mp(map[string][]byte{}), 404, "not_found"},
		"unknown route":      {"GET", "/v3/things", "", nil, 404, "not_found"},
		"wrong method":       {"GET", "/v1/functions/matmul/invoke", "", nil, 405, "method_not_allowed"},
		"not msgpack":        {"POST", "/v1/functions/matmul/invoke", "application/msgpack", []byte("{json}"), 400, "bad_request"},
		"missing input":      {"POST", "/v1/functions/matmul/invoke", "application/msgpack", mp(map[string][]byte{"cfg": cfg}), 400, "bad_request"},
		"extra input":        {"POST", "/v1/functions/matmul/invoke", "application/msgpack", mp(map[string][]byte{"cfg": cfg, "A": A, "Z": {1}}), 400, "bad_request"},
		"raw for two inputs": {"POST", "/v1/functions/matmul/invoke", "application/octet-stream", A, 400, "bad_request"},
		"short FromInput":    {"POST", "/v1/functions/matmul/invoke", "application/msgpack", mp(short), 400, "bad_input"},
		"oversized body":     {"POST", "/v1/functions/matmul/invoke", "application/msgpack", make([]byte, 2<<20), 413, "body_too_large"},
		"invalid config":     {"PUT", "/v1/functions/broken", "application/json", []byte(`{"module_path": "mlops", "kernels": [], "blueprint": {}}`), 422, "invalid_config"},
		"config bad json":    {"PUT", "/v1/functions/broken", "application/json", []byte(`{"module_path": `), 422, "invalid_config"},
		"unknown library":    {"PUT", "/v1/functions/broken", "application/json", bytes.Replace(examples.Functions()[0].Config, []byte(`"mlops"`), []byte(`"nolib"`), 1), 422, "invalid_config"},
		"junk library":       {"PUT", "/v1/libraries/junk", "application/octet-stream", []byte("not a library"), 422, "invalid_library"},
		"malloc library":     {"PUT", "/v1/libraries/sneaky", "application/octet-stream", examples.MallocPTX(), 422, "invalid_library"},
		"bad library name":   {"PUT", "/v1/libraries/bad%20name", "application/octet-stream", examples.MustPTX("module"), 400, "bad_name"},
		"bad tenant name":    {"PUT", "/v1/tenants/%FF/libraries/lib", "application/octet-stream", examples.MustPTX("module"), 400, "bad_name"},
		"library in use":     {"DELETE", "/v1/libraries/mlops", "", nil, 409, "library_in_use"},
		"unknown library rm": {"DELETE", "/v1/libraries/nope", "", nil, 404, "not_found"},
	}
	for name, c := range cases {
		a := s.do(c.method, c.path, c.ctype, c.body)
		if a.status != c.status || a.code != c.code {
			t.Errorf("%s: %d %s (%s), want %d %s", name, a.status, a.code, a.message, c.status, c.code)
		}
		good()
	}
	// An invalid config names the JSON path of the problem.
	a := s.do("PUT", "/v1/functions/broken", "application/json", []byte(`{"module_path": "mlops", "kernels": ["matmul_para"], "blueprint": {"inputs": [], "buffers": {}, "outputs": ["B"], "control_flow": []}}`))
	var e struct {
		Error struct {
			Problems []struct{ Path, Message string } `json:"problems"`
		} `json:"error"`
	}
	json.Unmarshal(a.body, &e)
	if a.status != 422 || len(e.Error.Problems) == 0 || e.Error.Problems[0].Path != "blueprint.outputs[0]" {
		t.Fatalf("problems: %d %s", a.status, a.body)
	}
}

// A full queue answers 429 with Retry-After; everything admitted is answered.
func TestQueueFull(t *testing.T) {
	s := start(t, "--queue-depth", "1")
	s.uploadExamples("testkernels")
	s.mustPut("/v1/functions/slow", config("spin_ns", "", "", `{"Constant": 300000000}`))
	// The worker stopped while the 6 come: the one it was sent cannot end and make room, so
	// the queue is full however slowly they arrive.
	cont := s.stopWorkers()
	var mu sync.Mutex
	statuses := map[int]int{}
	var wg sync.WaitGroup
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := s.invoke("slow", nil)
			mu.Lock()
			statuses[a.status]++
			mu.Unlock()
			if a.status == 429 && a.header.Get("Retry-After") == "" {
				t.Error("429 without Retry-After")
			}
		}()
	}
	// Every one has been admitted (running or queued) or answered (refused).
	waitFor(t, "the 6 to be admitted or refused", func() bool {
		e := s.engines()[0]
		mu.Lock()
		answered := 0
		for _, n := range statuses {
			answered += n
		}
		mu.Unlock()
		return e.Busy+e.Queued+answered >= 6
	})
	cont()
	wg.Wait()
	if statuses[429] == 0 || statuses[200] < 2 || statuses[200]+statuses[429] != 6 {
		t.Fatalf("statuses %v: want some 429s, at least 2 successes, nothing else", statuses)
	}
}

// Repeated invocations of one function with the same sizes replay a launch graph on CUDA (from
// the second one); every output must still be its own input's. Inference with 20 repetitions
// makes 60 launches. On the cpu device (no graphs) this checks the same outputs without graphs.
func TestRepeatedInvocationsReplayGraphs(t *testing.T) {
	s := start(t, "--examples")
	// Graphs are kept per worker, so every call must reach the same one: the most recently
	// idle. A worker that ends a preload of the examples goes back on top of the idle stack, so
	// let the preloads end first, as a deployment would (on the H100, under MPS with 4 workers,
	// the second call once went to another worker: "launches launches built replayed").
	waitFor(t, "the workers to finish preloading", func() bool { return s.engines()[0].PreloadsPending == 0 })
	var kinds []string
	for seed := int64(1); seed <= 4; seed++ {
		cfg, A, B := examples.InferenceInputs(20, 1, seed)
		r := s.invoke("inference", map[string][]byte{"cfg": cfg, "A": A, "B": B})
		if r.status != 200 {
			t.Fatalf("seed %d: %d %s: %s", seed, r.status, r.code, r.message)
		}
		out := r.outputs
		if err := examples.CompareF32(out["D"], examples.InferenceReference(A, B, 1), 1e-4); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		st := r.header.Get("Server-Timing")
		switch {
		case strings.Contains(st, `desc="graph built"`):
			kinds = append(kinds, "built")
		case strings.Contains(st, `desc="graph"`):
			kinds = append(kinds, "replayed")
		default:
			kinds = append(kinds, "launches")
		}
	}
	want := "launches launches launches launches"
	if device() == "cuda" {
		want = "launches built replayed replayed"
	}
	if got := strings.Join(kinds, " "); got != want {
		t.Fatalf("launch kinds %q; want %q", got, want)
	}
}
