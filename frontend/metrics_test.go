package frontend

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"github.com/valyala/fasthttp"
	"github.com/vmihailenco/msgpack/v5"

	"gpufn/auth"
	"gpufn/examples"
)

// /metrics needs an admin token under --tokens; its answer is the Prometheus text format, which
// the Prometheus parser reads, with the series of the invocations made.
func TestMetricsRoute(t *testing.T) {
	base := newServer(t)
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte("ops ops-token-0123456789 admin\nalice alice-token-0123456789\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tokens, err := auth.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{}, base.d, tokens)
	do := func(method, uri, token string, body []byte) *fasthttp.RequestCtx {
		ctx := new(fasthttp.RequestCtx)
		ctype := ""
		if body != nil {
			ctype = "application/msgpack"
		}
		request(ctx, method, uri, ctype, body)
		if token != "" {
			ctx.Request.Header.Set("Authorization", "Bearer "+token)
		}
		s.handle(ctx)
		return ctx
	}
	for _, c := range []struct {
		token string
		want  int
	}{{"", 401}, {"alice-token-0123456789", 403}} {
		if got := do("GET", "/metrics", c.token, nil).Response.StatusCode(); got != c.want {
			t.Fatalf("/metrics with token %q: %d, want %d", c.token, got, c.want)
		}
	}
	if got := do("POST", "/metrics", "ops-token-0123456789", nil).Response.StatusCode(); got != 405 {
		t.Fatalf("POST /metrics: %d, want 405", got)
	}

	cfg, A := examples.MatmulInputs(16, 1)
	body, _ := msgpack.Marshal(map[string][]byte{"cfg": cfg, "A": A})
	if ctx := do("POST", "/v1/tenants/default/functions/matmul/invoke", "ops-token-0123456789", body); ctx.Response.StatusCode() != 200 {
		t.Fatalf("invoke: %d %s", ctx.Response.StatusCode(), ctx.Response.Body())
	}
	ctx := do("GET", "/metrics", "ops-token-0123456789", nil)
	if ctx.Response.StatusCode() != 200 || !strings.HasPrefix(string(ctx.Response.Header.ContentType()), "text/plain") {
		t.Fatalf("/metrics: %d %s", ctx.Response.StatusCode(), ctx.Response.Header.ContentType())
	}
	p := expfmt.NewTextParser(model.LegacyValidation)
	mfs, err := p.TextToMetricFamilies(bytes.NewReader(ctx.Response.Body()))
	if err != nil {
		t.Fatalf("/metrics does not parse: %v\n%s", err, ctx.Response.Body())
	}
	found := false
	for _, m := range mfs["nv_inference_request_success"].GetMetric() {
		var tenant, fn string
		for _, l := range m.Label {
			switch l.GetName() {
			case "tenant":
				tenant = l.GetValue()
			case "function":
				fn = l.GetValue()
			}
		}
		found = found || (tenant == "default" && fn == "matmul" && m.Counter.GetValue() == 1)
	}
	if !found {
		t.Fatalf("no success counted for default/matmul:\n%s", ctx.Response.Body())
	}
	for _, name := range []string{"go_goroutines", "process_cpu_seconds_total", "nv_inference_pending_request_count", "gpufn_workers_up"} {
		if mfs[name] == nil {
			t.Errorf("%s missing", name)
		}
	}
}
