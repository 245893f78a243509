package e2e

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"gpufn/examples"
)

// Every hostile PTX (the device-malloc bypass confirmed on the H100, and its variants) is
// refused at upload over HTTP: 422, and nothing registered. On the cpu device the text scanner
// refuses them; on CUDA the upload is also compiled and the cubin decides (a variant the
// compiler refuses is compile_failed, also 422).
func TestHostilePTXRefusedAtUpload(t *testing.T) {
	s := start(t)
	for _, h := range examples.HostilePTX() {
		a := s.do("PUT", "/v1/libraries/h-"+strings.ReplaceAll(h.Name, "_", "-"), "application/octet-stream", h.PTX)
		if a.status != 422 || (a.code != "invalid_library" && a.code != "compile_failed") {
			t.Errorf("%s: %d %s: %s; want 422 invalid_library or compile_failed", h.Name, a.status, a.code, a.message)
			continue
		}
		t.Logf("%s: %d %s: %s", h.Name, a.status, a.code, a.message)
	}
	a := s.do("GET", "/v1/libraries", "", nil)
	if strings.Contains(string(a.body), `"h-`) {
		t.Fatalf("a hostile library was registered: %s", a.body)
	}
}

// libraryAnswer is the part of an upload's answer this file reads.
type libraryAnswer struct {
	Kind     string `json:"kind"`
	Compiled []struct {
		Arch       string  `json:"arch"`
		Compiler   string  `json:"compiler"`
		CubinBytes int     `json:"cubin_bytes"`
		CompileMS  float64 `json:"compile_ms"`
		Source     string  `json:"source"`
	} `json:"compiled"`
	CompilePending bool `json:"compile_pending"`
}

// On CUDA a PTX is compiled at upload: the answer says for which architecture, by which
// compiler, how large the cubin and how long the compile; its functions run (from the cubin);
// a PTX that does not compile is 422 compile_failed with the compiler's log; after a restart
// the stored cubin is used, not compiled again.
func TestCompileAtUpload(t *testing.T) {
	if !onGPU() {
		t.Skip("the cpu device compiles nothing (GPUFN_E2E_DEVICE=cuda runs this)")
	}
	dir := t.TempDir()
	s := start(t, "--data-dir", dir)
	a := s.do("PUT", "/v1/libraries/tk", "application/octet-stream", examples.MustPTX("testkernels"))
	if a.status != 201 {
		t.Fatalf("upload: %d %s %s", a.status, a.code, a.message)
	}
	var v libraryAnswer
	if err := json.Unmarshal(a.body, &v); err != nil {
		t.Fatal(err)
	}
	if v.Kind != "ptx" || len(v.Compiled) != 1 || !strings.HasPrefix(v.Compiled[0].Arch, "sm_") || v.Compiled[0].CubinBytes == 0 ||
		v.Compiled[0].CompileMS <= 0 || v.Compiled[0].Source != "compiled" || !strings.HasPrefix(v.Compiled[0].Compiler, "CUDA ") {
		t.Fatalf("upload answer %s", a.body)
	}
	t.Logf("compiled: %+v", v.Compiled[0])
	s.mustPut("/v1/functions/args", args8Function)
	checkArgs8(t, s)

	bad := []byte(".version 8.0\n.target sm_90\n.address_size 64\n\n.visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n\tnot_an_instruction;\n\tret;\n}\n")
	a = s.do("PUT", "/v1/libraries/bad", "application/octet-stream", bad)
	if a.status != 422 || a.code != "compile_failed" || !strings.Contains(a.message, "does not compile for sm_") || !strings.Contains(a.message, "not_an_instruction") {
		t.Fatalf("a PTX that does not compile: %d %s: %s", a.status, a.code, a.message)
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	s = start(t, "--data-dir", dir)
	a = s.do("GET", "/v1/libraries/tk", "", nil)
	v = libraryAnswer{}
	if err := json.Unmarshal(a.body, &v); err != nil || len(v.Compiled) != 1 || v.Compiled[0].Source != "stored" || v.CompilePending {
		t.Fatalf("after a restart: %s", a.body)
	}
	checkArgs8(t, s)
}

var args8Function = []byte(`{"module_path": "tk", "kernels": ["args8"], "blueprint": {
  "inputs": [], "buffers": {"OUT": {"Absolute": 40}}, "outputs": ["OUT"],
  "control_flow": [{"ExecKernel": ["args8", [{"Ptr": "OUT"}, {"Constant": 1}, {"Constant": -2}, {"Constant": 3}, {"Sizeof": "OUT"}, {"Constant": 5}],
    {"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
     "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
     "shared_mem_bytes": {"Absolute": 0}}]}]}}`)

// checkArgs8 invokes args and checks its five words: 1 -2 3 40 5.
func checkArgs8(t *testing.T, s *server) {
	t.Helper()
	out := s.mustInvoke("args", nil)["OUT"]
	if len(out) != 40 {
		t.Fatalf("args: %d bytes", len(out))
	}
	for i, want := range []int64{1, -2, 3, 40, 5} {
		if got := int64(binary.LittleEndian.Uint64(out[8*i:])); got != want {
			t.Fatalf("args word %d = %d, want %d", i, got, want)
		}
	}
}

// Uploads that come at once are compiled at once, by up to --compile-workers compile workers
// of the GPU's architecture: 16 distinct PTX libraries uploaded 16 at a time with 4 compile
// workers all compile, and more than one worker compiled them (a worker that finds no room on
// the GPU for its context makes its compiles wait for the others: then the log says so).
func TestCompileWorkersAtOnce(t *testing.T) {
	if !onGPU() {
		t.Skip("the cpu device compiles nothing (GPUFN_E2E_DEVICE=cuda runs this)")
	}
	s := start(t, "--compile-workers", "4", "--log-format", "json")
	ptx := examples.MustPTX("testkernels")
	const n = 16
	var wg sync.WaitGroup
	answers := make([]answer, n)
	begin := time.Now()
	for i := range n {
		wg.Go(func() {
			answers[i] = s.do("PUT", fmt.Sprintf("/v1/libraries/tk%d", i), "application/octet-stream", uniquePTX(ptx, i))
		})
	}
	wg.Wait()
	took := time.Since(begin)
	var compileMS float64
	for i, a := range answers {
		var v libraryAnswer
		if a.status != 201 || json.Unmarshal(a.body, &v) != nil || len(v.Compiled) != 1 || v.Compiled[0].Source != "compiled" {
			t.Fatalf("upload %d: %d %s %s", i, a.status, a.code, a.body)
		}
		compileMS += v.Compiled[0].CompileMS
	}
	workers := map[string]bool{}
	noRoom := 0
	for _, line := range strings.Split(s.logs.String(), "\n") {
		if strings.Contains(line, `"msg":"compile worker started"`) {
			if m := regexp.MustCompile(`"worker":(\d+)`).FindStringSubmatch(line); m != nil {
				workers[m[1]] = true
			}
		}
		if strings.Contains(line, "could not start beside the running ones") {
			noRoom++
		}
	}
	t.Logf("%d uploads at once: %v in all, compile_ms summed %.0f (waits included); compile workers used %d; starts without room %d",
		n, took.Round(time.Millisecond), compileMS, len(workers), noRoom)
	if len(workers) < 2 || len(workers) > 4 {
		t.Errorf("%d compile workers compiled %d uploads at once; want 2 to 4 (--compile-workers 4)", len(workers), n)
	}
}

// uniquePTX is ptx with a global variable of its own after the header (.address_size), so
// that it compiles to a cubin of its own (a comment alone would not change the cubin).
func uniquePTX(ptx []byte, k int) []byte {
	head, rest, ok := strings.Cut(string(ptx), ".address_size 64\n")
	if !ok {
		panic("no .address_size 64 line in the PTX")
	}
	return fmt.Appendf(nil, "%s.address_size 64\n.global .align 8 .u64 e2e_copy_%d = 1;\n%s", head, k, rest)
}
