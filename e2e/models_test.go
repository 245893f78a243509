package e2e

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"mime/multipart"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"gpufn/examples"
)

// mlpCheck invokes the MLP example n times with inputs from seeds 1..n and compares each
// output with the Go reference for the weights in file; it returns the first answer's
// Server-Timing.
func mlpCheck(t *testing.T, s *server, file []byte, n int) string {
	t.Helper()
	var timing string
	for seed := uint64(1); seed <= uint64(n); seed++ {
		x := examples.MLPInput(seed)
		a := s.invoke("mlp", map[string][]byte{"x": x})
		if a.status != 200 {
			t.Fatalf("invoke mlp: %d %s: %s", a.status, a.code, a.message)
		}
		want, err := examples.MLPReference(file, x)
		if err != nil {
			t.Fatal(err)
		}
		if err := examples.CompareF32(a.outputs["y"], want, 1e-5); err != nil {
			t.Fatalf("mlp, input %d: %v", seed, err)
		}
		if seed == 1 {
			timing = a.header.Get("Server-Timing")
		}
	}
	return timing
}

// weightStats sums the workers' weight-set counts in /v1/engines.
func weightStats(t *testing.T, s *server) (hits, misses uint64) {
	hits, misses, _ = residentStats(t, s)
	return hits, misses
}

// residentStats sums the workers' weight-set counts in /v1/engines: hits, placements, and the
// sets resident now.
func residentStats(t *testing.T, s *server) (hits, misses, sets uint64) {
	t.Helper()
	var v struct {
		Engines []struct {
			Workers []struct {
				Weights struct{ Hits, Misses, Sets uint64 } `json:"weights"`
			} `json:"workers"`
		} `json:"engines"`
	}
	if a := s.do("GET", "/v1/engines", "", nil); json.Unmarshal(a.body, &v) != nil {
		t.Fatalf("engines: %s", a.body)
	}
	for _, e := range v.Engines {
		for _, w := range e.Workers {
			hits, misses, sets = hits+w.Weights.Hits, misses+w.Weights.Misses, sets+w.Weights.Sets
		}
	}
	return hits, misses, sets
}

// A model whose weights are a weight set: the MLP example over HTTP on the test device, its set
// placed once per worker and then resident, protected while in use, replaced in place, and all
// of it standing after a SIGKILL restart.
func TestModelWeightSets(t *testing.T) {
	dir := t.TempDir()
	s := start(t, "--data-dir", dir)
	s.mustPut("/v1/libraries/mlp", examples.MustPTX("mlp"))
	file := examples.MLPWeights(1)
	a := s.do("PUT", "/v1/weights/mlp", "application/octet-stream", file)
	sum := sha256.Sum256(file)
	var v struct {
		Name    string `json:"name"`
		SHA256  string `json:"sha256"`
		Bytes   int    `json:"bytes"`
		Tensors []struct {
			Name string `json:"name"`
		} `json:"tensors"`
	}
	if a.status != 201 || json.Unmarshal(a.body, &v) != nil || v.Name != "mlp" || v.SHA256 != hex.EncodeToString(sum[:]) || v.Bytes != len(file) || len(v.Tensors) != 4 {
		t.Fatalf("PUT /v1/weights/mlp: %d %s", a.status, a.body)
	}
	if a := s.do("PUT", "/v1/weights/bad", "application/octet-stream", file[:len(file)-4]); a.status != 422 || a.code != "invalid_weights" {
		t.Fatalf("a truncated weight set: %d %s", a.status, a.body)
	}
	s.mustPut("/v1/functions/mlp", examples.MLPConfig())

	const n = 12 // more invocations than workers: some find the set resident
	if timing := mlpCheck(t, s, file, n); !strings.Contains(timing, "place;dur=") {
		t.Fatalf("the first invocation's Server-Timing has no place stage: %q", timing)
	}
	hits, misses := weightStats(t, s)
	if misses == 0 || hits+misses != n || hits == 0 {
		t.Fatalf("weight sets: %d hits, %d placements for %d invocations", hits, misses, n)
	}
	// /metrics says the same (docs/metrics.md), and the sets resident now.
	mfs := s.scrape()
	if h, m, sets := mfs.sum("gpufn_weights_hits_total"), mfs.sum("gpufn_weights_misses_total"), mfs.sum("gpufn_weights_resident_sets"); h != float64(hits) || m != float64(misses) || sets < 1 {
		t.Fatalf("/metrics: %v hits, %v placements, %v sets resident; /v1/engines: %d, %d", h, m, sets, hits, misses)
	}
	if a := s.do("GET", "/v1/weights/mlp", "", nil); a.status != 200 || !bytes.Contains(a.body, []byte(`"used_by":["mlp"]`)) {
		t.Fatalf("GET /v1/weights/mlp: %d %s", a.status, a.body)
	}
	if a := s.do("DELETE", "/v1/weights/mlp", "", nil); a.status != 409 || a.code != "weights_in_use" {
		t.Fatalf("deleting a set in use: %d %s", a.status, a.body)
	}
	// New weights under the same name: the function answers with them.
	file = examples.MLPWeights(2)
	if a := s.do("PUT", "/v1/weights/mlp", "application/octet-stream", file); a.status != 200 {
		t.Fatalf("replacing the set: %d %s", a.status, a.body)
	}
	mlpCheck(t, s, file, 3)

	// SIGKILL and start again: the set, the library and the function are back.
	s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
	s.done <- nil
	s = start(t, "--data-dir", dir)
	mlpCheck(t, s, file, 3)
	if a := s.do("GET", "/v1/weights", "", nil); a.status != 200 || !bytes.Contains(a.body, []byte(`"name":"mlp"`)) {
		t.Fatalf("GET /v1/weights after a restart: %d %s", a.status, a.body)
	}
	// Deleting the function frees the set; deleting the set removes its file, and the workers
	// drop their resident copies of it (zeroed, freed).
	if _, _, sets := residentStats(t, s); sets == 0 {
		t.Fatal("no set resident before the deletes")
	}
	if a := s.do("DELETE", "/v1/functions/mlp", "", nil); a.status != 204 {
		t.Fatalf("delete function: %d %s", a.status, a.body)
	}
	if a := s.do("DELETE", "/v1/weights/mlp", "", nil); a.status != 204 {
		t.Fatalf("delete weights: %d %s", a.status, a.body)
	}
	if left, _ := os.ReadDir(filepath.Join(dir, "blobs", "sha256")); len(left) != 0 {
		t.Fatalf("blobs left after the last set went: %v", left)
	}
	waitFor(t, "the workers to drop the deleted set", func() bool { _, _, sets := residentStats(t, s); return sets == 0 })
}

// Dandelion's way: the MLP registered with its weights in the same request (multipart), no
// named set; the set is listed as "@mlp" and goes with the function.
func TestModelWeightsWithTheFunction(t *testing.T) {
	s := start(t, "--data-dir", t.TempDir())
	s.mustPut("/v1/libraries/mlp", examples.MustPTX("mlp"))
	config := bytes.Replace(examples.MLPConfig(), []byte(`"weight_set": "mlp",`), nil, 1)
	file := examples.MLPWeights(3)
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("config", string(config))
	fw, _ := w.CreateFormFile("weights", "mlp.safetensors")
	fw.Write(file)
	w.Close()
	if a := s.do("PUT", "/v1/functions/mlp", w.FormDataContentType(), body.Bytes()); a.status != 201 {
		t.Fatalf("PUT multipart: %d %s", a.status, a.body)
	}
	mlpCheck(t, s, file, 2)
	if a := s.do("GET", "/v1/weights", "", nil); !bytes.Contains(a.body, []byte(`"name":"@mlp"`)) {
		t.Fatalf("the function's set is not listed: %s", a.body)
	}
	if a := s.do("DELETE", "/v1/functions/mlp", "", nil); a.status != 204 {
		t.Fatalf("delete: %d %s", a.status, a.body)
	}
	if a := s.do("GET", "/v1/weights", "", nil); bytes.Contains(a.body, []byte(`"@mlp"`)) {
		t.Fatalf("the function's set outlived it: %s", a.body)
	}
}

// gpufn deploy --check uploads a bundle (the layout python -m tools.export writes: here the MLP
// example's) and checks the answer to its reference inputs.
func TestDeployBundle(t *testing.T) {
	data := t.TempDir()
	s := start(t, "--data-dir", data)
	dir := t.TempDir()
	b, err := examples.MLPBundle(4, 4)
	if err == nil {
		err = b.Write(dir)
	}
	if err != nil {
		t.Fatal(err)
	}
	// --check-only uploads nothing: before the deploy the function is missing.
	if out, err := exec.Command(gpufnBin, "deploy", "--url", s.url, "--check-only", dir).CombinedOutput(); err == nil || !strings.Contains(string(out), "not_found") {
		t.Fatalf("gpufn deploy --check-only of a bundle never deployed: %v\n%s", err, out)
	}
	out, err := exec.Command(gpufnBin, "deploy", "--url", s.url, "--check", dir).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "output y matches the reference") {
		t.Fatalf("gpufn deploy: %v\n%s", err, out)
	}
	// The deployed model survives a SIGKILL restart and still answers the reference
	// (scripts/gpu-models.sh does the same with ResNet-18 and BERT on the GPU).
	s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
	s.done <- nil
	s = start(t, "--data-dir", data)
	out, err = exec.Command(gpufnBin, "deploy", "--url", s.url, "--check-only", dir).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "output y matches the reference") || strings.Contains(string(out), "PUT ") {
		t.Fatalf("gpufn deploy --check-only after a SIGKILL restart: %v\n%s", err, out)
	}
	// A reference that the function does not produce fails the check.
	y, err := examples.MLPReference(examples.MLPWeights(4), examples.MLPInput(4))
	if err != nil {
		t.Fatal(err)
	}
	bad := append([]byte(nil), y...)
	bad[3] ^= 0x40 // the exponent of the first element
	os.WriteFile(filepath.Join(dir, "reference/outputs.safetensors"), examples.F32Tensor("y", bad), 0o600)
	if out, err := exec.Command(gpufnBin, "deploy", "--url", s.url, "--check", dir).CombinedOutput(); err == nil {
		t.Fatalf("gpufn deploy --check passed a wrong reference:\n%s", out)
	}
	// The client verbs for weight sets.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"upload-weights", "other", filepath.Join(dir, "weights.safetensors")}, `"name": "other"`},
		{[]string{"ls", "weights"}, "\nmlp "},
		{[]string{"ls", "-o", "json", "weights"}, `"name": "mlp"`},
		{[]string{"rm", "weights", "other"}, "deleted weights other"},
		{[]string{"rm", "function", "mlp"}, "deleted function mlp"},
		{[]string{"rm", "weights", "mlp"}, "deleted weights mlp"},
	} {
		out, err := exec.Command(gpufnBin, append(c.args, "--url", s.url)...).CombinedOutput()
		if err != nil || !strings.Contains(string(out), c.want) {
			t.Fatalf("gpufn %v: %v\n%s", c.args, err, out)
		}
	}
}

// Dandelion v2's own configs (function/testdata/dandelion-v2, its dev/gpu branch) that use the
// example kernels run unchanged, hip_inference among them: its kernels come from two modules
// (mlops and module), each a library of its own in the worker.
func TestDandelionV2ConfigsRun(t *testing.T) {
	s := start(t)
	s.uploadExamples("mlops", "module")
	for _, name := range []string{"inference", "matmul_para", "matmul_loop", "basic_io", "hello_world", "minimal"} {
		config, err := os.ReadFile(repoFile(t, filepath.Join("function", "testdata", "dandelion-v2", "hip_"+name+".json")))
		if err != nil {
			t.Fatal(err)
		}
		s.mustPut("/v1/functions/"+name, config)
	}
	a := s.do("GET", "/v1/functions/inference", "", nil)
	if a.status != 200 {
		t.Fatalf("GET inference: %d %s", a.status, a.body)
	}
	if a := s.do("GET", "/v1/functions", "", nil); !bytes.Contains(a.body, []byte(`"libraries":["mlops","module"]`)) {
		t.Fatalf("the two-module function does not list its libraries: %s", a.body)
	}
	for i := 0; i < 3; i++ { // the second and third find both modules loaded
		cfg, A, B := examples.InferenceInputs(2, 1, int64(5+i))
		out := s.mustInvoke("inference", map[string][]byte{"cfg": cfg, "A": A, "B": B})
		if err := examples.CompareF32(out["D"], examples.InferenceReference(A, B, 1), 1e-4); err != nil {
			t.Fatalf("inference (two modules), invocation %d: %v", i, err)
		}
	}
	cfg, A := examples.MatmulInputs(64, 3)
	if out := s.mustInvoke("matmul_para", map[string][]byte{"cfg": cfg, "A": A}); !bytes.Equal(out["B"], examples.MatmulReference(A)) {
		t.Fatal("matmul_para differs from the reference")
	}
	if out := s.mustInvoke("basic_io", map[string][]byte{"A": binary.LittleEndian.AppendUint64(nil, 12345)}); binary.LittleEndian.Uint64(out["A"]) != 98765 {
		t.Fatalf("basic_io: %x", out["A"])
	}
	s.mustInvoke("minimal", nil)
	// A kernel named in the module that lacks it is refused at registration.
	bad := bytes.Replace(must(os.ReadFile(repoFile(t, filepath.Join("function", "testdata", "dandelion-v2", "hip_inference.json")))),
		[]byte(`{ "module_name": "module.hsaco", "kernel_name": "hello_world" }`), []byte(`{ "module_name": "mlops.hsaco", "kernel_name": "hello_world" }`), 1)
	if a := s.do("PUT", "/v1/functions/bad", "application/json", bad); a.status != 422 || !strings.Contains(a.message, "hello_world") {
		t.Fatalf("hello_world in mlops: %d %s", a.status, a.body)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// A kernel that writes into its weights faults like any illegal address: kernel_fault, the
// worker replaced, and the weights unchanged for the next invocation.
func TestKernelWritingItsWeightsFaults(t *testing.T) {
	s := start(t, "--data-dir", t.TempDir())
	s.mustPut("/v1/libraries/mlp", examples.MustPTX("mlp"))
	file := examples.MLPWeights(5)
	s.mustPut("/v1/weights/mlp", file)
	s.mustPut("/v1/functions/mlp", examples.MLPConfig())
	// The second layer's output goes into fc1.bias instead of y.
	writer := bytes.Replace(examples.MLPConfig(), []byte(`{"Ptr": "y"}`), []byte(`{"Ptr": "fc1.bias"}`), 1)
	s.mustPut("/v1/functions/writer", writer)
	a := s.invoke("writer", map[string][]byte{"x": examples.MLPInput(1)})
	if a.status != 500 || a.code != "kernel_fault" {
		t.Fatalf("a kernel writing its weights: %d %s %s", a.status, a.code, a.message)
	}
	mlpCheck(t, s, file, 3)
}

// engineTotals sums the engines' tenant switches and the workers' resident sets.
func engineTotals(t *testing.T, s *server, tok string) (switches uint64, sets int) {
	t.Helper()
	var v struct {
		Engines []struct {
			TenantSwitches uint64 `json:"tenant_switches"`
			Workers        []struct {
				Weights struct{ Sets int } `json:"weights"`
			} `json:"workers"`
		} `json:"engines"`
	}
	if a := s.as(tok).do("GET", "/v1/engines", "", nil); json.Unmarshal(a.body, &v) != nil {
		t.Fatalf("engines: %s", a.body)
	}
	for _, e := range v.Engines {
		switches += e.TenantSwitches
		for _, w := range e.Workers {
			sets += w.Weights.Sets
		}
	}
	return switches, sets
}

// Tenant-affine workers: with one worker, alice's model leaves its weights resident; bob's
// function runs only after the worker dropped them (a switch, and no set resident after it);
// alice's model then places its set again and answers correctly.
func TestWorkerDropsATenantBeforeAnother(t *testing.T) {
	s := start(t, "--data-dir", t.TempDir(), "--tokens", writeTokens(t, ""), "--engine", "sequential")
	alice, bob := s.as(aliceTok), s.as(bobTok)
	for _, c := range []struct {
		who        *client
		path, kind string
		body       []byte
	}{
		{alice, "/v1/libraries/mlp", "application/octet-stream", examples.MustPTX("mlp")},
		{alice, "/v1/weights/mlp", "application/octet-stream", examples.MLPWeights(6)},
		{alice, "/v1/functions/mlp", "application/json", examples.MLPConfig()},
		{bob, "/v1/libraries/mlops", "application/octet-stream", examples.MustPTX("mlops")},
		{bob, "/v1/functions/matmul", "application/json", examples.Functions()[0].Config},
	} {
		if a := c.who.do("PUT", c.path, c.kind, c.body); a.status != 201 {
			t.Fatalf("PUT %s: %d %s", c.path, a.status, a.body)
		}
	}
	invokeAs := func(who *client, fn string, in map[string][]byte) map[string][]byte {
		t.Helper()
		body, _ := msgpackMarshal(in)
		a := who.do("POST", "/v1/functions/"+fn+"/invoke", "application/msgpack", body)
		if a.status != 200 {
			t.Fatalf("invoke %s: %d %s", fn, a.status, a.body)
		}
		return a.outputs
	}
	file, x := examples.MLPWeights(6), examples.MLPInput(1)
	want, _ := examples.MLPReference(file, x)
	check := func() {
		t.Helper()
		if err := examples.CompareF32(invokeAs(alice, "mlp", map[string][]byte{"x": x})["y"], want, 1e-5); err != nil {
			t.Fatal(err)
		}
	}
	check()
	check()
	if sw, sets := engineTotals(t, s, opsTok); sw != 0 || sets != 1 {
		t.Fatalf("after alice's model: %d switches, %d sets resident", sw, sets)
	}
	cfg, A := examples.MatmulInputs(16, 1)
	if out := invokeAs(bob, "matmul", map[string][]byte{"cfg": cfg, "A": A}); !bytes.Equal(out["B"], examples.MatmulReference(A)) {
		t.Fatal("bob's matmul: wrong output")
	}
	if sw, sets := engineTotals(t, s, opsTok); sw != 1 || sets != 0 {
		t.Fatalf("after bob's function: %d switches, %d sets resident (alice's must be gone)", sw, sets)
	}
	check()
	if sw, sets := engineTotals(t, s, opsTok); sw != 2 || sets != 1 {
		t.Fatalf("after alice's model again: %d switches, %d sets resident", sw, sets)
	}
	mfs := parseMetrics(t, s.as(opsTok).do("GET", "/metrics", "", nil))
	if sw, sets := mfs.sum("gpufn_tenant_switches_total"), mfs.sum("gpufn_weights_resident_sets"); sw != 2 || sets != 1 {
		t.Fatalf("/metrics: %v switches, %v sets resident", sw, sets)
	}
}
