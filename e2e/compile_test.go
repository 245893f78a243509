package e2e

import (
	"encoding/binary"
	"encoding/json"
	"strings"
	"testing"

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
