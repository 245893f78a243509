package frontend

import (
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/vmihailenco/msgpack/v5"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"gpufn/auth"
	"gpufn/examples"
)

// With an access log, every invocation writes one line with its tenant, function, status,
// bytes, latency and the worker that ran it (none for one that reached no worker).
func TestAccessLog(t *testing.T) {
	base := newServer(t)
	core, logs := observer.New(zapcore.InfoLevel)
	tokens, _ := auth.Load("")
	s := New(Config{AccessLog: zap.New(core)}, base.d, tokens)
	cfg, A := examples.MatmulInputs(2, 1)
	body, _ := msgpack.Marshal(map[string][]byte{"cfg": cfg, "A": A})
	var ctx fasthttp.RequestCtx
	request(&ctx, "POST", "/v1/functions/matmul/invoke", "application/msgpack", body)
	s.handle(&ctx)
	if ctx.Response.StatusCode() != 200 {
		t.Fatalf("%d %s", ctx.Response.StatusCode(), ctx.Response.Body())
	}
	out := len(ctx.Response.Body())
	request(&ctx, "POST", "/v1/functions/none/invoke", "application/msgpack", body)
	s.handle(&ctx)
	notFound := len(ctx.Response.Body())
	request(&ctx, "GET", "/v1/functions", "", nil) // not an invocation: no line
	s.handle(&ctx)
	entries := logs.AllUntimed()
	if len(entries) != 2 {
		t.Fatalf("%d access log lines, want 2: %v", len(entries), entries)
	}
	for i, want := range []map[string]any{
		{"tenant": "default", "owner": "default", "function": "matmul", "status": int64(200), "bytes_in": int64(len(body)), "bytes_out": int64(out), "worker": "cpu0-w0"},
		{"tenant": "default", "owner": "default", "function": "none", "status": int64(404), "bytes_in": int64(len(body)), "bytes_out": int64(notFound), "worker": ""},
	} {
		got := entries[i].ContextMap()
		if entries[i].Message != "invocation" || got["latency"].(time.Duration) <= 0 {
			t.Errorf("line %d: %v", i, entries[i])
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("line %d: %s = %#v, want %#v (%v)", i, k, got[k], v, got)
			}
		}
	}
}
