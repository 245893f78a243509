package frontend

// The Open Inference Protocol routes, tested with a client written from the protocol's
// published document (docs/openapi/oip-rest-v2.yaml), not from the server: the client takes
// the routes from the document's paths, builds requests with the document's field names,
// checks each request against the document's inference_request schema before sending it, and
// checks each answer against the schema the document gives for it.

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"github.com/valyala/fasthttp"

	"gpufn/auth"
	"gpufn/examples"
)

// oipSpec loads and validates the protocol's document.
func oipSpec(t *testing.T) *openapi3.T {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile("../docs/openapi/oip-rest-v2.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		t.Fatalf("the protocol's document: %v", err)
	}
	return doc
}

// specClient is the client: a base URL, a token, and the document.
type specClient struct {
	t     *testing.T
	url   string
	token string
	doc   *openapi3.T
	// paths maps an operation's summary ("Server Live", "Inference", ...) to its path in the
	// document.
	paths map[string]string
	// version, when set, is the MODEL_VERSION of the document's paths; else the version
	// segment is left out (the protocol makes it optional).
	version string
}

func newSpecClient(t *testing.T, url, token string) *specClient {
	c := &specClient{t: t, url: url, token: token, doc: oipSpec(t), paths: map[string]string{}}
	for path, item := range c.doc.Paths.Map() {
		for _, op := range item.Operations() {
			c.paths[op.Summary] = path
		}
	}
	return c
}

// path is the document's path of the operation summary for model.
func (c *specClient) path(summary, model string) string {
	p, ok := c.paths[summary]
	if !ok {
		c.t.Fatalf("the document has no operation %q", summary)
	}
	if c.version == "" {
		p = strings.Replace(p, "/versions/${MODEL_VERSION}", "", 1)
	}
	return strings.NewReplacer("${MODEL_NAME}", model, "${MODEL_VERSION}", c.version).Replace(p)
}

// withVersion is c asking for the document's paths with a version.
func (c *specClient) withVersion(v string) *specClient {
	d := *c
	d.version = v
	return &d
}

// schema returns a component schema of the document.
func (c *specClient) schema(name string) *openapi3.Schema {
	ref, ok := c.doc.Components.Schemas[name]
	if !ok {
		c.t.Fatalf("the document has no schema %q", name)
	}
	return ref.Value
}

// conforms checks a JSON body against a component schema.
func (c *specClient) conforms(what string, body []byte, schema string) map[string]any {
	c.t.Helper()
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		c.t.Fatalf("%s: the answer is not JSON: %v: %q", what, err, body)
	}
	if err := c.schema(schema).VisitJSON(v); err != nil {
		c.t.Fatalf("%s: the answer does not conform to %s: %v\n%s", what, schema, err, body)
	}
	m, _ := v.(map[string]any)
	return m
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

func (a answer) body2() string { return string(a.body) }

func (c *specClient) do(method, path string, header map[string]string, body []byte) answer {
	c.t.Helper()
	req, err := http.NewRequest(method, c.url+path, bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	return answer{resp.StatusCode, resp.Header, b}
}

// infer sends an inference request (checked against inference_request first); binary holds
// the binary data after the JSON, for the inputs with binary_data_size.
func (c *specClient) infer(model string, req map[string]any, binary []byte) answer {
	c.t.Helper()
	js, _ := json.Marshal(req)
	var v any
	json.Unmarshal(js, &v)
	if err := c.schema("inference_request").VisitJSON(v); err != nil && binary == nil {
		c.t.Fatalf("the test's request does not conform to inference_request: %v", err)
	}
	hdr := map[string]string{"Content-Type": "application/json"}
	if binary != nil {
		hdr["Inference-Header-Content-Length"] = strconv.Itoa(len(js))
		hdr["Content-Type"] = "application/octet-stream"
	}
	return c.do("POST", c.path("Inference", model), hdr, append(js, binary...))
}

// outputs reads a successful inference answer: each output's name, datatype, shape and bytes,
// from JSON data or from the binary data after the JSON header. The answer, its binary
// outputs put back as JSON data, conforms to inference_response.
type tensorOut struct {
	datatype string
	shape    []int64
	data     []any  // JSON
	raw      []byte // binary
}

func (c *specClient) outputs(what string, a answer) map[string]tensorOut {
	c.t.Helper()
	if a.status != 200 {
		c.t.Fatalf("%s: %d %s", what, a.status, a.body)
	}
	js, bin := a.body, []byte(nil)
	if h := a.header.Get("Inference-Header-Content-Length"); h != "" {
		n, err := strconv.Atoi(h)
		if err != nil || n > len(a.body) {
			c.t.Fatalf("%s: Inference-Header-Content-Length %q of a %d-byte body", what, h, len(a.body))
		}
		js, bin = a.body[:n], a.body[n:]
	}
	var resp struct {
		ModelName string `json:"model_name"`
		Outputs   []struct {
			Name       string         `json:"name"`
			Datatype   string         `json:"datatype"`
			Shape      []int64        `json:"shape"`
			Parameters map[string]any `json:"parameters"`
			Data       []any          `json:"data"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal(js, &resp); err != nil {
		c.t.Fatalf("%s: %v", what, err)
	}
	var full map[string]any
	json.Unmarshal(js, &full)
	outs := map[string]tensorOut{}
	for i, o := range resp.Outputs {
		t := tensorOut{datatype: o.Datatype, shape: o.Shape, data: o.Data}
		if size, ok := o.Parameters["binary_data_size"].(float64); ok {
			if o.Data != nil || int(size) > len(bin) {
				c.t.Fatalf("%s: output %s: binary_data_size %v with data %v and %d bytes left", what, o.Name, size, o.Data, len(bin))
			}
			t.raw, bin = bin[:int(size)], bin[int(size):]
			// The extension leaves out "data"; put it back to check the rest of the answer.
			full["outputs"].([]any)[i].(map[string]any)["data"] = []any{}
		}
		outs[o.Name] = t
	}
	if len(bin) != 0 {
		c.t.Fatalf("%s: %d bytes of binary data no output claims", what, len(bin))
	}
	back, _ := json.Marshal(full)
	c.conforms(what, back, "inference_response")
	return outs
}

// oipServer serves the cpu examples for tenants alice and bob and admin ops; alice registers
// basic (basic_io with its tensors declared), add (add_i64 on two INT64 [2,2]), add_raw (the
// same undeclared), matmul (the example, declared) and matmul_raw (no declaration).
func oipServer(t *testing.T) (*Server, string) {
	base := newServer(t)
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte("alice "+aliceToken+"\nbob bob-token-0123456789\nops "+opsToken+" admin\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tokens, err := auth.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	alice, _ := tokens.Authenticate([]byte("Bearer " + aliceToken))
	for _, lib := range []string{"module", "mlops", "testkernels"} {
		if _, _, err := base.d.PutLibrary(alice, alice.Tenant, lib, examples.MustPTX(lib)); err != nil {
			t.Fatal(err)
		}
	}
	cfgs := map[string]string{
		"basic": string(exampleConfig(t, "basic_io")), // its tensors declared: A is INT64 [1]
		"add": `{"module_path": "testkernels", "kernels": ["add_i64"],
		  "tensors": {"input0": {"datatype": "INT64", "shape": [2, 2]}, "input1": {"datatype": "INT64", "shape": [-1, 2]}, "output0": {"datatype": "INT64", "shape": [2, -1]}},
		  "blueprint": {"inputs": ["input0", "input1"], "buffers": {"output0": {"Sizeof": "input0"}}, "outputs": ["output0"],
		  "control_flow": [{"ExecKernel": ["add_i64", [{"Ptr": "input0"}, {"Ptr": "input1"}, {"Ptr": "output0"}, {"Constant": 4}],
		    {"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
		     "block_dim_x": {"Absolute": 32}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1}, "shared_mem_bytes": {"Absolute": 0}}]}]}}`,
		"matmul":     string(exampleConfig(t, "matmul")),
		"matmul_raw": withoutTensors(t, exampleConfig(t, "matmul")),
	}
	cfgs["add_raw"] = strings.Replace(cfgs["add"], `"tensors"`, `"_"`, 1)
	cfgs["add_raw"] = cfgs["add_raw"][:strings.Index(cfgs["add_raw"], `"_"`)] + cfgs["add_raw"][strings.Index(cfgs["add_raw"], `"blueprint"`):]
	for name, cfg := range cfgs {
		if _, _, err := base.d.PutFunction(alice, alice.Tenant, name, []byte(cfg)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	s := New(Config{}, base.d, tokens)
	return s, "http://" + serve(t, s).Addr().String()
}

// withoutTensors is a config without its "tensors" (a config of at most one buffer: the
// buffers' order is not kept).
func withoutTensors(t *testing.T, cfg []byte) string {
	var m map[string]any
	if err := json.Unmarshal(cfg, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "tensors")
	b, _ := json.Marshal(m)
	return string(b)
}

func exampleConfig(t *testing.T, name string) []byte {
	for _, f := range examples.Functions() {
		if f.Name == name {
			return f.Config
		}
	}
	t.Fatalf("no example %s", name)
	return nil
}

func i64s(v ...int64) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint64(b, uint64(x))
	}
	return b
}

func TestOIPHealthAndMetadata(t *testing.T) {
	s, url := oipServer(t)
	c := newSpecClient(t, url, aliceToken)
	for _, op := range []string{"Server Live", "Server Ready"} {
		if a := c.do("GET", c.path(op, ""), nil, nil); a.status != 200 {
			t.Fatalf("%s: %d %s", op, a.status, a.body)
		}
	}
	// The health routes need no token (probes); they answer one method.
	anon := newSpecClient(t, url, "")
	if a := anon.do("GET", c.path("Server Live", ""), nil, nil); a.status != 200 {
		t.Fatalf("live without a token: %d", a.status)
	}
	a := anon.do("POST", c.path("Server Live", ""), nil, nil)
	c.conforms("live, POST", a.body, "metadata_server_error_response")
	if a.status != 405 {
		t.Fatalf("live, POST: %d", a.status)
	}
	// Server metadata: with a token; without one 401 in the protocol's error shape.
	m := c.conforms("server metadata", c.do("GET", c.path("Server Metadata", ""), nil, nil).body, "metadata_server_response")
	if m["name"] != "gpufn" || !strings.Contains(strings.Join(anySlice(m["extensions"]), " "), "binary_tensor_data") {
		t.Fatalf("server metadata %v", m)
	}
	if a := anon.do("GET", c.path("Server Metadata", ""), nil, nil); a.status != 401 {
		t.Fatalf("server metadata without a token: %d %s", a.status, a.body)
	} else {
		c.conforms("server metadata without a token", a.body, "metadata_server_error_response")
	}
	// Model metadata: the declared tensors, and UINT8 [-1] for undeclared ones.
	m = c.conforms("model metadata", c.do("GET", c.path("Model Metadata", "add"), nil, nil).body, "metadata_model_response")
	js, _ := json.Marshal(m["inputs"])
	if string(js) != `[{"datatype":"INT64","name":"input0","shape":[2,2]},{"datatype":"INT64","name":"input1","shape":[-1,2]}]` {
		t.Fatalf("add's inputs %s", js)
	}
	m = c.conforms("model metadata", c.do("GET", c.path("Model Metadata", "matmul_raw"), nil, nil).body, "metadata_model_response")
	js, _ = json.Marshal(m["outputs"])
	if string(js) != `[{"datatype":"UINT8","name":"B","shape":[-1]}]` || m["name"] != "matmul_raw" {
		t.Fatalf("matmul's metadata %v", m)
	}
	// The document's versioned paths: version 1 is the model, another 404, for every route.
	v1, v2 := c.withVersion("1"), c.withVersion("2")
	m = c.conforms("model metadata, version 1", v1.do("GET", v1.path("Model Metadata", "add"), nil, nil).body, "metadata_model_response")
	if js, _ := json.Marshal(m["versions"]); string(js) != `["1"]` {
		t.Fatalf("versions %s", js)
	}
	if a := v1.do("GET", v1.path("Model Ready", "add"), nil, nil); a.status != 200 {
		t.Fatalf("model ready, version 1: %d %s", a.status, a.body)
	}
	for _, op := range []string{"Model Metadata", "Model Ready", "Inference"} {
		method := "GET"
		if op == "Inference" {
			method = "POST"
		}
		a := v2.do(method, v2.path(op, "add"), nil, []byte(`{"inputs": []}`))
		if c.conforms(op+", version 2", a.body, "metadata_model_error_response"); a.status != 404 || !strings.Contains(a.body2(), "no version") {
			t.Fatalf("%s, version 2: %d %s", op, a.status, a.body)
		}
	}
	a = c.do("GET", c.path("Model Metadata", "nope"), nil, nil)
	if c.conforms("unknown model's metadata", a.body, "metadata_model_error_response"); a.status != 404 {
		t.Fatalf("unknown model's metadata: %d", a.status)
	}
	// Model ready; an unknown model is 404; bob cannot see alice's model, nor with her name.
	if a := c.do("GET", c.path("Model Ready", "basic"), nil, nil); a.status != 200 {
		t.Fatalf("model ready: %d %s", a.status, a.body)
	}
	bob := newSpecClient(t, url, "bob-token-0123456789")
	for _, model := range []string{"nope", "basic", "alice:basic"} {
		cl := c
		if model != "nope" {
			cl = bob
		}
		a := cl.do("GET", c.path("Model Ready", model), nil, nil)
		if c.conforms("ready "+model, a.body, "metadata_model_error_response"); a.status != 404 {
			t.Fatalf("ready %s: %d %s", model, a.status, a.body)
		}
	}
	// The admin reaches alice's model by its tenant-qualified name; a bad tenant is 400.
	ops := newSpecClient(t, url, opsToken)
	if a := ops.do("GET", c.path("Model Ready", "alice:basic"), nil, nil); a.status != 200 {
		t.Fatalf("ops, alice:basic: %d %s", a.status, a.body)
	}
	if a := ops.do("GET", c.path("Model Ready", ".x:basic"), nil, nil); a.status != 400 {
		t.Fatalf("ops, .x:basic: %d %s", a.status, a.body)
	}
	// Draining: the server and its models are not ready (503), and inference is refused.
	s.Drain()
	for _, path := range []string{c.path("Server Ready", ""), c.path("Model Ready", "basic")} {
		var ctx fasthttp.RequestCtx
		request(&ctx, "GET", path, "", nil)
		ctx.Request.Header.Set("Authorization", "Bearer "+aliceToken)
		s.handle(&ctx)
		if ctx.Response.StatusCode() != 503 {
			t.Fatalf("%s while draining: %d %s", path, ctx.Response.StatusCode(), ctx.Response.Body())
		}
		c.conforms(path+" while draining", ctx.Response.Body(), "metadata_server_error_response")
	}
}

func anySlice(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// Inference with JSON tensors and with the binary-data extension gives the cpu device's known
// results: basic_io turns 12345 into 98765, add_i64 adds, matmul matches the Go reference.
func TestOIPInfer(t *testing.T) {
	_, url := oipServer(t)
	c := newSpecClient(t, url, aliceToken)
	// JSON in, JSON out, the request's id echoed; at the document's versioned path.
	v1 := c.withVersion("1")
	outs := v1.outputs("basic, JSON", v1.infer("basic", map[string]any{"id": "42",
		"inputs": []any{map[string]any{"name": "A", "shape": []int{1}, "datatype": "INT64", "data": []int64{12345}}}}, nil))
	if o := outs["A"]; o.datatype != "INT64" || len(o.data) != 1 || o.data[0] != float64(98765) || len(o.shape) != 1 || o.shape[0] != 1 {
		t.Fatalf("basic: %+v", outs)
	}
	// Binary in, binary out (asked for per output).
	outs = c.outputs("basic, binary", c.infer("basic", map[string]any{
		"inputs":  []any{map[string]any{"name": "A", "shape": []int{1}, "datatype": "INT64", "parameters": map[string]any{"binary_data_size": 8}}},
		"outputs": []any{map[string]any{"name": "A", "parameters": map[string]any{"binary_data": true}}}}, i64s(12345)))
	if !bytes.Equal(outs["A"].raw, i64s(98765)) {
		t.Fatalf("basic, binary: %+v", outs)
	}
	// Nested JSON data in row-major order; a variable dimension takes its size from the bytes.
	outs = c.outputs("add", c.infer("add", map[string]any{"inputs": []any{
		map[string]any{"name": "input0", "shape": []int{2, 2}, "datatype": "INT64", "data": [][]int64{{1, 2}, {3, -4}}},
		map[string]any{"name": "input1", "shape": []int{2, 2}, "datatype": "INT64", "data": []int64{10, 20, 30, 40}}}}, nil))
	if o := outs["output0"]; o.datatype != "INT64" || !sameJSON(o.shape, []int64{2, 2}) || !sameJSON(o.data, []int64{11, 22, 33, 36}) {
		t.Fatalf("add: %+v", outs)
	}
	// One input JSON, one binary; all outputs binary (binary_data_output).
	outs = c.outputs("add, mixed", c.infer("add", map[string]any{"parameters": map[string]any{"binary_data_output": true}, "inputs": []any{
		map[string]any{"name": "input0", "shape": []int{2, 2}, "datatype": "INT64", "data": []int64{1, 2, 3, 4}},
		map[string]any{"name": "input1", "shape": []int{2, 2}, "datatype": "INT64", "parameters": map[string]any{"binary_data_size": 32}}}}, i64s(5, 6, 7, 8)))
	if !bytes.Equal(outs["output0"].raw, i64s(6, 8, 10, 12)) {
		t.Fatalf("add, mixed: %+v", outs)
	}
	// An undeclared model: any datatype in (its bytes as they are), UINT8 of the byte length out.
	cfg, A := examples.MatmulInputs(32, 3)
	want := examples.MatmulReference(A)
	outs = c.outputs("matmul_raw, binary", c.infer("matmul_raw", map[string]any{"inputs": []any{
		map[string]any{"name": "cfg", "shape": []int{1}, "datatype": "UINT64", "data": []uint64{binary.LittleEndian.Uint64(cfg)}},
		map[string]any{"name": "A", "shape": []int{len(A)}, "datatype": "UINT8", "parameters": map[string]any{"binary_data_size": len(A)}}},
		"outputs": []any{map[string]any{"name": "B", "parameters": map[string]any{"binary_data": true}}}}, A))
	if o := outs["B"]; o.datatype != "UINT8" || !sameJSON(o.shape, []int{len(A)}) || !bytes.Equal(o.raw, want) {
		t.Fatalf("matmul_raw: %s %v, output right: %v", o.datatype, o.shape, bytes.Equal(o.raw, want))
	}
	// The declared example as JSON: INT64 elements in, INT64 out.
	a := make([]int64, len(A)/8)
	for i := range a {
		a[i] = int64(binary.LittleEndian.Uint64(A[8*i:]))
	}
	outs = c.outputs("matmul, JSON", c.infer("matmul", map[string]any{"inputs": []any{
		map[string]any{"name": "cfg", "shape": []int{1}, "datatype": "UINT64", "data": []uint64{binary.LittleEndian.Uint64(cfg)}},
		map[string]any{"name": "A", "shape": []int{len(a)}, "datatype": "INT64", "data": a}}}, nil))
	if o := outs["B"]; o.datatype != "INT64" || !sameJSON(o.shape, []int{len(a)}) || len(o.data) != len(a) {
		t.Fatalf("matmul, JSON: %s %v, %d elements", o.datatype, o.shape, len(o.data))
	}
	for i, v := range outs["B"].data {
		// JSON numbers as float64 are exact for these (|x| < 2^53).
		if w := int64(binary.LittleEndian.Uint64(want[8*i:])); v != float64(w) {
			t.Fatalf("matmul, JSON: element %d is %v, want %d", i, v, w)
		}
	}
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// Every malformed inference request is 400 in the protocol's error shape, an unknown model
// 404; the spec's own Example 1 (a BOOL tensor of shape [3] with one element) is refused.
func TestOIPInferErrors(t *testing.T) {
	_, url := oipServer(t)
	c := newSpecClient(t, url, aliceToken)
	in := func(name, dt string, shape []int, data any) map[string]any {
		return map[string]any{"name": name, "shape": shape, "datatype": dt, "data": data}
	}
	ok0, ok1 := in("input0", "INT64", []int{2, 2}, []int{1, 2, 3, 4}), in("input1", "INT64", []int{2, 2}, []int{1, 2, 3, 4})
	example1 := c.schema("inference_request").Extensions["x-examples"].(map[string]any)["Example 1"]
	for _, tc := range []struct {
		name, model string
		req         any
		bin         []byte
		status      int
		msg         string
	}{
		{"unknown model", "nope", map[string]any{"inputs": []any{}}, nil, 404, "no function"},
		{"spec's Example 1", "add_raw", example1, nil, 400, `input "input1": data has 1 elements; the shape has 3`},
		{"spec's Example 1, declared", "add", example1, nil, 400, `input "input0": datatype UINT32; the model declares INT64`},
		{"datatype", "add", map[string]any{"inputs": []any{in("input0", "FP32", []int{2, 2}, []float64{1, 2, 3, 4}), ok1}}, nil, 400, "the model declares INT64"},
		{"shape", "add", map[string]any{"inputs": []any{in("input0", "INT64", []int{4}, []int{1, 2, 3, 4}), ok1}}, nil, 400, "does not fit the declared [2, 2]"},
		{"count", "add", map[string]any{"inputs": []any{in("input0", "INT64", []int{2, 2}, []int{1, 2, 3}), ok1}}, nil, 400, "3 elements; the shape has 4"},
		{"range", "add", map[string]any{"inputs": []any{in("input0", "INT64", []int{2, 2}, []any{1, 2, 3, 1e30}), ok1}}, nil, 400, "is not an INT64"},
		{"missing input", "add", map[string]any{"inputs": []any{ok0}}, nil, 400, "missing input \"input1\""},
		{"twice", "add", map[string]any{"inputs": []any{ok0, ok0, ok1}}, nil, 400, "given twice"},
		{"unknown input", "add", map[string]any{"inputs": []any{ok0, ok1, in("x", "INT64", []int{1}, []int{1})}}, nil, 400, "no input \"x\""},
		{"unknown output", "add", map[string]any{"inputs": []any{ok0, ok1}, "outputs": []any{map[string]any{"name": "y"}}}, nil, 400, "no output \"y\""},
		{"binary size", "basic", map[string]any{"inputs": []any{map[string]any{"name": "A", "shape": []int{1}, "datatype": "INT64", "parameters": map[string]any{"binary_data_size": 4}}}}, []byte{1, 2, 3, 4}, 400, "binary_data_size is 4 bytes"},
		{"binary left over", "basic", map[string]any{"inputs": []any{in("A", "INT64", []int{1}, []int{12345})}}, []byte{1}, 400, "no input's binary_data_size claims"},
		{"not JSON", "basic", "{", nil, 400, "not valid JSON"},
	} {
		var a answer
		if s, ok := tc.req.(string); ok {
			a = c.do("POST", c.path("Inference", tc.model), nil, []byte(s))
		} else {
			js, _ := json.Marshal(tc.req)
			hdr := map[string]string{}
			if tc.bin != nil {
				hdr["Inference-Header-Content-Length"] = strconv.Itoa(len(js))
			}
			a = c.do("POST", c.path("Inference", tc.model), hdr, append(js, tc.bin...))
		}
		e := c.conforms(tc.name, a.body, "inference_error_response")
		if a.status != tc.status || !strings.Contains(e["error"].(string), tc.msg) {
			t.Errorf("%s: %d %s, want %d and %q", tc.name, a.status, a.body, tc.status, tc.msg)
		}
	}
	// Without a token: 401, the body unread.
	anon := newSpecClient(t, url, "")
	a := anon.infer("basic", map[string]any{"inputs": []any{in("A", "INT64", []int{1}, []int{12345})}}, nil)
	if c.conforms("no token", a.body, "inference_error_response"); a.status != 401 {
		t.Fatalf("no token: %d", a.status)
	}
}

// Half and bfloat16 conversions: every finite half round-trips through float32; rounding is
// to nearest even; bfloat16 keeps float32's top 16 bits.
func TestHalfFloats(t *testing.T) {
	for h := range 1 << 16 {
		f := halfToFloat32(uint16(h))
		if f != f {
			continue
		}
		if back := float32ToHalf(f); back != uint16(h) {
			t.Fatalf("half %#04x -> %v -> %#04x", h, f, back)
		}
	}
	for _, c := range []struct {
		f    float32
		half uint16
	}{{1, 0x3c00}, {-2, 0xc000}, {65504, 0x7bff}, {65520, 0x7c00}, {1 + 1.0/2048, 0x3c00}, {1 + 3.0/2048, 0x3c02}, {5.96e-8, 0x0001}, {1e-9, 0}, {float32(math.Inf(-1)), 0xfc00}} {
		if got := float32ToHalf(c.f); got != c.half {
			t.Errorf("half(%v) = %#04x, want %#04x", c.f, got, c.half)
		}
	}
	if got := float32ToBF16(1.00390625); got != 0x3f80 { // halfway: to even
		t.Errorf("bf16(1.00390625) = %#04x", got)
	}
	if got := float32ToBF16(-3); got != 0xc040 {
		t.Errorf("bf16(-3) = %#04x", got)
	}
}

// Every datatype goes through JSON and comes back as it went: basic_io's kernel leaves any 8
// bytes but the int64 12345 as they are, so the function echoes its input, declared as each
// datatype in turn. Binary data in, JSON out checks the conversion the other way; NaN cannot
// be JSON.
func TestOIPDatatypes(t *testing.T) {
	base := newServer(t)
	admin, _ := base.tokens.Authenticate(nil)
	for _, c := range []struct {
		datatype string
		shape    string
		data     string
	}{
		{"BOOL", "[2, 4]", "[true, false, true, true, false, false, false, true]"},
		{"UINT8", "[8]", "[0, 1, 2, 255, 4, 5, 6, 7]"},
		{"INT8", "[8]", "[-128, 1, -2, 127, 4, 5, 6, 7]"},
		{"UINT16", "[4]", "[65535, 1, 2, 3]"},
		{"INT16", "[2, 2]", "[-32768, 32767, -1, 0]"},
		{"UINT32", "[2]", "[4294967295, 1]"},
		{"INT32", "[2]", "[-2147483648, 7]"},
		{"UINT64", "[1]", "[18446744073709551615]"},
		{"INT64", "[1]", "[-9223372036854775808]"},
		{"FP16", "[4]", "[1.5, -2, 65504, 3.0517578125e-05]"}, // the last a subnormal
		{"BF16", "[4]", "[1.5, -2, 3.3895314e+38, 9.5367431640625e-07]"},
		{"FP32", "[2]", "[1.5, -3.4028235e+38]"},
		{"FP64", "[1]", "[-2.5e-300]"},
		{"BYTES", "[1]", `["héllo, world"]`},
	} {
		cfg := strings.Replace(string(exampleConfig(t, "basic_io")), `"datatype": "INT64", "shape": [1]`, `"datatype": "`+c.datatype+`", "shape": `+c.shape, 1)
		if _, _, err := base.d.PutFunction(admin, admin.Tenant, "echo", []byte(cfg)); err != nil {
			t.Fatalf("%s: %v", c.datatype, err)
		}
		var ctx fasthttp.RequestCtx
		request(&ctx, "POST", "/v2/models/echo/infer", "", []byte(`{"inputs": [{"name": "A", "datatype": "`+c.datatype+`", "shape": `+c.shape+`, "data": `+c.data+`}]}`))
		base.handle(&ctx)
		var resp struct {
			Outputs []struct {
				Datatype string
				Shape    json.RawMessage
				Data     json.RawMessage
			}
		}
		if err := json.Unmarshal(ctx.Response.Body(), &resp); err != nil || ctx.Response.StatusCode() != 200 || len(resp.Outputs) != 1 {
			t.Fatalf("%s: %d %s", c.datatype, ctx.Response.StatusCode(), ctx.Response.Body())
		}
		o := resp.Outputs[0]
		if o.Datatype != c.datatype || !sameJSONText(string(o.Data), c.data) || !sameJSONText(string(o.Shape), c.shape) {
			t.Errorf("%s: got %s %s %s, want %s %s", c.datatype, o.Datatype, o.Shape, o.Data, c.shape, c.data)
		}
	}
	// Binary in: FP32 NaN asked for as JSON is refused; as binary it comes back.
	cfg := strings.Replace(string(exampleConfig(t, "basic_io")), `"datatype": "INT64", "shape": [1]`, `"datatype": "FP32", "shape": [2]`, 1)
	if _, _, err := base.d.PutFunction(admin, admin.Tenant, "echo", []byte(cfg)); err != nil {
		t.Fatal(err)
	}
	nan := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, math.Float32bits(float32(math.NaN()))), math.Float32bits(1))
	js := `{"inputs": [{"name": "A", "datatype": "FP32", "shape": [2], "parameters": {"binary_data_size": 8}}]}`
	for _, binOut := range []bool{false, true} {
		body := js
		if binOut {
			body = strings.Replace(js, `]}`, `], "parameters": {"binary_data_output": true}}`, 1)
		}
		var ctx fasthttp.RequestCtx
		request(&ctx, "POST", "/v2/models/echo/infer", "", append([]byte(body), nan...))
		ctx.Request.Header.Set("Inference-Header-Content-Length", strconv.Itoa(len(body)))
		base.handle(&ctx)
		got := ctx.Response.Body()
		switch {
		case !binOut && (ctx.Response.StatusCode() != 400 || !strings.Contains(string(got), "NaN")):
			t.Fatalf("NaN as JSON: %d %s", ctx.Response.StatusCode(), got)
		case binOut && (ctx.Response.StatusCode() != 200 || !bytes.HasSuffix(got, nan)):
			t.Fatalf("NaN as binary: %d %q", ctx.Response.StatusCode(), got)
		}
	}
}

// sameJSONText compares two JSON texts as values (numbers as float64 where they are floats).
func sameJSONText(a, b string) bool {
	var x, y any
	da, db := json.NewDecoder(strings.NewReader(a)), json.NewDecoder(strings.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return false
	}
	return normJSON(x) == normJSON(y)
}

// normJSON prints a value with every number as the float32 nearest to it, so that 1.5 and
// 1.50 match and float32 results match their float64 spelling.
func normJSON(v any) string {
	switch v := v.(type) {
	case []any:
		var parts []string
		for _, e := range v {
			parts = append(parts, normJSON(e))
		}
		return "[" + strings.Join(parts, ",") + "]"
	case json.Number:
		if i, err := v.Int64(); err == nil {
			return strconv.FormatInt(i, 10)
		}
		if u, err := strconv.ParseUint(string(v), 10, 64); err == nil {
			return strconv.FormatUint(u, 10)
		}
		f, _ := v.Float64()
		return strconv.FormatFloat(float64(float32(f)), 'g', -1, 32)
	default:
		b, _ := json.Marshal(v)
		return string(b)
	}
}

// A function that faulted three times in a row is quarantined: not ready (503, without
// Retry-After: waiting does not lift it), and inference answers the quarantine.
func TestOIPQuarantinedNotReady(t *testing.T) {
	s := newServer(t)
	admin, _ := s.tokens.Authenticate(nil)
	if _, _, err := s.d.PutLibrary(admin, admin.Tenant, "testkernels", examples.MustPTX("testkernels")); err != nil {
		t.Fatal(err)
	}
	var fault []byte
	for _, f := range examples.TestFunctions() {
		if f.Name == "fault" {
			fault = f.Config
		}
	}
	if _, _, err := s.d.PutFunction(admin, admin.Tenant, "fault", fault); err != nil {
		t.Fatal(err)
	}
	do := func(method, path string, body []byte) *fasthttp.Response {
		var ctx fasthttp.RequestCtx
		request(&ctx, method, path, "", body)
		s.handle(&ctx)
		var r fasthttp.Response
		ctx.Response.CopyTo(&r)
		return &r
	}
	if r := do("GET", "/v2/models/fault/ready", nil); r.StatusCode() != 200 {
		t.Fatalf("before: %d %s", r.StatusCode(), r.Body())
	}
	var last *fasthttp.Response
	for i := 0; i < 3; i++ {
		last = do("POST", "/v2/models/fault/infer", []byte(`{"inputs": []}`))
		if last.StatusCode() != 500 || !strings.Contains(string(last.Body()), `"error"`) {
			t.Fatalf("fault %d: %d %s", i, last.StatusCode(), last.Body())
		}
	}
	r := do("GET", "/v2/models/fault/ready", nil)
	if r.StatusCode() != 503 || len(r.Header.Peek("Retry-After")) != 0 || !strings.Contains(string(r.Body()), "quarantined") {
		t.Fatalf("after 3 faults: %d %q %s", r.StatusCode(), r.Header.Peek("Retry-After"), r.Body())
	}
	if r := do("POST", "/v2/models/fault/infer", []byte(`{"inputs": []}`)); r.StatusCode() != 422 {
		t.Fatalf("quarantined inference: %d %s", r.StatusCode(), r.Body())
	}
}

// An inference through /v2 counts in the function's metrics as an invocation through /v1 does,
// its failures by reason.
func TestOIPInferMetrics(t *testing.T) {
	s, url := oipServer(t)
	c := newSpecClient(t, url, aliceToken)
	c.outputs("basic", c.infer("basic", map[string]any{
		"inputs": []any{map[string]any{"name": "A", "shape": []int{1}, "datatype": "INT64", "data": []int64{12345}}}}, nil))
	if a := c.infer("basic", map[string]any{"inputs": []any{}}, nil); a.status != 400 {
		t.Fatalf("no inputs: %d %s", a.status, a.body)
	}
	ctx := new(fasthttp.RequestCtx)
	request(ctx, "GET", "/metrics", "", nil)
	ctx.Request.Header.Set("Authorization", "Bearer "+opsToken)
	s.handle(ctx)
	parser := expfmt.NewTextParser(model.LegacyValidation)
	mfs, err := parser.TextToMetricFamilies(bytes.NewReader(ctx.Response.Body()))
	if err != nil {
		t.Fatalf("/metrics: %v", err)
	}
	value := func(family string, labels map[string]string) float64 {
		for _, m := range mfs[family].GetMetric() {
			match := 0
			for _, l := range m.Label {
				if want, ok := labels[l.GetName()]; ok && want == l.GetValue() {
					match++
				}
			}
			if match == len(labels) {
				return m.GetCounter().GetValue()
			}
		}
		return 0
	}
	if v := value("nv_inference_request_success", map[string]string{"tenant": "alice", "function": "basic"}); v != 1 {
		t.Errorf("successes of alice/basic: %v, want 1", v)
	}
	if v := value("nv_inference_request_failure", map[string]string{"tenant": "alice", "function": "basic", "reason": "bad_request"}); v != 1 {
		t.Errorf("bad requests of alice/basic: %v, want 1", v)
	}
}

// GET /v2 names the server's version as /healthz does (Config.Version, the build's), not the
// Go module's.
func TestOIPServerMetadataVersion(t *testing.T) {
	var ctx fasthttp.RequestCtx
	hServerMetadata(&Server{cfg: Config{Version: "v9.8.7-test"}}, &ctx, nil)
	var m map[string]any
	if err := json.Unmarshal(ctx.Response.Body(), &m); err != nil {
		t.Fatal(err)
	}
	if m["version"] != "v9.8.7-test" {
		t.Fatalf("version %v, want the configured v9.8.7-test", m["version"])
	}
}
