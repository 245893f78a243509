package frontend

import (
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/valyala/fasthttp"

	"gpufn/docs"
	"gpufn/examples"
	"gpufn/store"
)

func ourSpec(t *testing.T) *openapi3.T {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(docs.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("docs/openapi.json is not a valid OpenAPI 3 document: %v", err)
	}
	return doc
}

// Every route of the router's table is in docs/openapi.json, and every operation there is a
// route; GET /openapi.json serves the document.
func TestOpenAPIRoutes(t *testing.T) {
	doc := ourSpec(t)
	var documented []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented = append(documented, method+" "+path)
		}
	}
	served := routeList()
	slices.Sort(documented)
	slices.Sort(served)
	for _, r := range served {
		if !slices.Contains(documented, r) {
			t.Errorf("route %s is not in docs/openapi.json", r)
		}
	}
	for _, r := range documented {
		if !slices.Contains(served, r) {
			t.Errorf("docs/openapi.json documents %s, which the server does not serve", r)
		}
	}
	if len(served) < 20 {
		t.Fatalf("only %d routes: %v", len(served), served)
	}
	s := newServer(t)
	var ctx fasthttp.RequestCtx
	request(&ctx, "GET", "/openapi.json", "", nil)
	s.handle(&ctx)
	if ctx.Response.StatusCode() != 200 || !bytes.Equal(ctx.Response.Body(), docs.OpenAPI) {
		t.Fatalf("GET /openapi.json: %d, %d bytes", ctx.Response.StatusCode(), len(ctx.Response.Body()))
	}
}

// conformance checks the server's answers against docs/openapi.json.
type conformance struct {
	t   *testing.T
	doc *openapi3.T
	s   *Server
}

// check sends a request (a JSON body) and checks its status and that the answer conforms to
// the schema the document gives for pattern, method and status.
func (c *conformance) check(method, uri, pattern string, body []byte, status int) {
	c.t.Helper()
	c.checkType(method, uri, pattern, "application/json", body, status)
}

func (c *conformance) checkType(method, uri, pattern, ctype string, body []byte, status int) {
	t, doc, s := c.t, c.doc, c.s
	t.Helper()
	var ctx fasthttp.RequestCtx
	request(&ctx, method, uri, ctype, body)
	s.handle(&ctx)
	if ctx.Response.StatusCode() != status {
		t.Fatalf("%s %s: %d %s, want %d", method, uri, ctx.Response.StatusCode(), ctx.Response.Body(), status)
	}
	op := doc.Paths.Find(pattern).GetOperation(method)
	r := op.Responses.Status(status)
	if r == nil {
		t.Fatalf("%s %s: docs/openapi.json gives no %d answer", method, pattern, status)
	}
	mt := r.Value.Content.Get("application/json")
	if mt == nil {
		if strings.HasPrefix(string(ctx.Response.Header.ContentType()), "application/json") && len(ctx.Response.Body()) > 0 {
			t.Fatalf("%s %s: a JSON answer the document does not describe", method, uri)
		}
		return
	}
	var v any
	if err := json.Unmarshal(ctx.Response.Body(), &v); err != nil {
		t.Fatalf("%s %s: %v", method, uri, err)
	}
	if err := mt.Schema.Value.VisitJSON(v); err != nil {
		t.Fatalf("%s %s %d: the answer does not conform: %v\n%s", method, uri, status, err, ctx.Response.Body())
	}
}

// The server's JSON answers conform to the schemas docs/openapi.json gives for their route,
// method and status.
func TestOpenAPIAnswers(t *testing.T) {
	c := &conformance{t: t, doc: ourSpec(t), s: newServer(t)}
	check := c.check
	cfg := exampleConfig(t, "basic_io")
	check("GET", "/v1/functions", "/v1/functions", nil, 200)
	check("PUT", "/v1/functions/copy", "/v1/functions/{fn}", cfg, 201)
	check("PUT", "/v1/functions/copy", "/v1/functions/{fn}", cfg, 200)
	check("GET", "/v1/functions/copy", "/v1/functions/{fn}", nil, 200)
	check("PUT", "/v1/functions/bad", "/v1/functions/{fn}", []byte(`{"module_path": "module"}`), 422)
	check("GET", "/v1/functions/copy/access", "/v1/functions/{fn}/access", nil, 200)
	check("PUT", "/v1/functions/copy/access", "/v1/functions/{fn}/access", []byte(`{"tenants": ["bob"]}`), 200)
	check("GET", "/v1/tenants/default/functions/copy", "/v1/tenants/{tenant}/functions/{fn}", nil, 200)
	check("DELETE", "/v1/functions/copy", "/v1/functions/{fn}", nil, 204)
	check("DELETE", "/v1/functions/copy", "/v1/functions/{fn}", nil, 404)
	check("GET", "/v1/libraries", "/v1/libraries", nil, 200)
	check("GET", "/v1/libraries/module", "/v1/libraries/{lib}", nil, 200)
	check("DELETE", "/v1/libraries/module", "/v1/libraries/{lib}", nil, 409)
	check("GET", "/v1/engines", "/v1/engines", nil, 200)
	check("GET", "/readyz", "/readyz", nil, 200)
	check("GET", "/v2/models/matmul", "/v2/models/{model}", nil, 200)
	check("GET", "/v2/models/none/ready", "/v2/models/{model}/ready", nil, 404)
	check("POST", "/v2/models/basic_io/infer", "/v2/models/{model}/infer",
		[]byte(`{"inputs": [{"name": "A", "datatype": "INT64", "shape": [1], "data": [12345]}]}`), 200)
	check("POST", "/v2/models/basic_io/infer", "/v2/models/{model}/infer", []byte(`{"inputs": []}`), 400)
	check("GET", "/v2", "/v2", nil, 200)
	check("GET", "/v1/cluster", "/v1/cluster", nil, 404) // a single server
	// A cluster's node (its Status of the shape cluster.Status has).
	c.s.cfg.Status = func() any {
		return struct {
			Node     string         `json:"node"`
			Ready    bool           `json:"ready"`
			Revision uint64         `json:"revision"`
			Leader   string         `json:"leader"`
			Peers    map[string]int `json:"peers"`
		}{"n1", true, 7, "n2", map[string]int{"n2": 12}}
	}
	check("GET", "/v1/cluster", "/v1/cluster", nil, 200)
}

// The weight-set routes and the multipart form of PUT /v1/functions/{fn} answer as the
// document says.
func TestOpenAPIWeightAnswers(t *testing.T) {
	st, err := store.Open(t.TempDir(), store.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	c := &conformance{t: t, doc: ourSpec(t), s: newServerWith(t, st)}
	file := examples.MLPWeights(1)
	c.checkType("PUT", "/v1/weights/w", "/v1/weights/{set}", "application/octet-stream", file, 201)
	c.checkType("PUT", "/v1/weights/w", "/v1/weights/{set}", "application/octet-stream", file, 200)
	c.checkType("PUT", "/v1/weights/bad", "/v1/weights/{set}", "application/octet-stream", []byte("not safetensors"), 422)
	c.check("GET", "/v1/weights", "/v1/weights", nil, 200)
	c.check("GET", "/v1/weights/w", "/v1/weights/{set}", nil, 200)
	c.check("GET", "/v1/tenants/default/weights/w", "/v1/tenants/{tenant}/weights/{set}", nil, 200)
	c.check("GET", "/v1/weights/none", "/v1/weights/{set}", nil, 404)
	c.checkType("PUT", "/v1/libraries/mlp", "/v1/libraries/{lib}", "application/octet-stream", examples.MustPTX("mlp"), 201)
	c.checkType("PUT", "/v1/weights/mlp", "/v1/weights/{set}", "application/octet-stream", file, 201)
	c.check("PUT", "/v1/functions/mlp", "/v1/functions/{fn}", examples.MLPConfig(), 201) // weight_set "mlp"
	c.check("DELETE", "/v1/weights/mlp", "/v1/weights/{set}", nil, 409)                  // bound to the function
	c.check("DELETE", "/v1/weights/w", "/v1/weights/{set}", nil, 204)
	// The function with its own weights, in one multipart request.
	config := bytes.Replace(examples.MLPConfig(), []byte(`"weight_set": "mlp",`), nil, 1)
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("config", string(config))
	fw, _ := w.CreateFormFile("weights", "mlp.safetensors")
	fw.Write(file)
	w.Close()
	c.checkType("PUT", "/v1/functions/own", "/v1/functions/{fn}", w.FormDataContentType(), body.Bytes(), 201)
	c.checkType("PUT", "/v1/functions/own2", "/v1/functions/{fn}", w.FormDataContentType(), []byte("--x--"), 400)
	c.check("GET", "/v1/weights/@own", "/v1/weights/{set}", nil, 200)
}
