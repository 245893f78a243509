package frontend

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/vmihailenco/msgpack/v5"

	"gpufn/call"
	"gpufn/dispatcher"
	"gpufn/examples"
)

// A registration's answer carries the registry revision (header and JSON); an invocation that
// asks for a revision the server has seen runs, one it has not is 503 with Retry-After after
// the bounded wait, and a malformed one is 400.
func TestRevisionHeaders(t *testing.T) {
	s := newServer(t)
	s.cfg.MinRevisionWait = time.Millisecond
	var ctx fasthttp.RequestCtx
	var cfg []byte
	for _, f := range examples.Functions() {
		if f.Name == "matmul" {
			cfg = f.Config
		}
	}
	request(&ctx, "PUT", "/v1/functions/mm2", "application/json", cfg)
	s.handle(&ctx)
	var v dispatcher.FunctionView
	if ctx.Response.StatusCode() != 201 || json.Unmarshal(ctx.Response.Body(), &v) != nil {
		t.Fatalf("%d %s", ctx.Response.StatusCode(), ctx.Response.Body())
	}
	hdr := string(ctx.Response.Header.Peek("X-Gpufn-Revision"))
	if v.Revision == 0 || hdr != strconv.FormatUint(v.Revision, 10) {
		t.Fatalf("revision: header %q, JSON %d", hdr, v.Revision)
	}
	in, A := examples.MatmulInputs(8, 1)
	body, _ := msgpack.Marshal(map[string][]byte{"cfg": in, "A": A})
	for _, c := range []struct {
		min        string
		status     int
		retryAfter bool
	}{{hdr, 200, false}, {strconv.FormatUint(v.Revision+1000, 10), 503, true}, {"x", 400, false}} {
		request(&ctx, "POST", "/v1/functions/mm2/invoke", "application/msgpack", body)
		ctx.Request.Header.Set("X-Gpufn-Min-Revision", c.min)
		s.handle(&ctx)
		if got := ctx.Response.StatusCode(); got != c.status || (len(ctx.Response.Header.Peek("Retry-After")) > 0) != c.retryAfter {
			t.Errorf("min revision %s: %d (Retry-After %q) %s; want %d", c.min, got, ctx.Response.Header.Peek("Retry-After"), ctx.Response.Body(), c.status)
		}
	}
	request(&ctx, "DELETE", "/v1/functions/mm2", "", nil)
	s.handle(&ctx)
	if rev, _ := strconv.ParseUint(string(ctx.Response.Header.Peek("X-Gpufn-Revision")), 10, 64); ctx.Response.StatusCode() != 204 || rev <= v.Revision {
		t.Fatalf("delete: %d, revision %d (the put's %d)", ctx.Response.StatusCode(), rev, v.Revision)
	}
}

// Overflow gets only the server's own full queues, never a tenant over its share, and never a
// request already forwarded (that one is 503 with Retry-After, not 429).
func TestOverflowHook(t *testing.T) {
	var offered int
	s := &Server{cfg: Config{Overflow: func(ctx *fasthttp.RequestCtx) bool { offered++; return true }}}
	var ctx fasthttp.RequestCtx
	full := &dispatcher.Error{Code: call.CodeQueueFull, Full: true}
	share := &dispatcher.Error{Code: call.CodeQueueFull}
	if !s.overflow(&ctx, full) || offered != 1 {
		t.Fatalf("a full queue was not offered (%d)", offered)
	}
	if s.overflow(&ctx, share) || offered != 1 {
		t.Fatal("a tenant over its share was offered")
	}
	ctx.Request.Header.Set("X-Gpufn-Forwarded", "n1")
	if !s.overflow(&ctx, full) || offered != 1 || ctx.Response.StatusCode() != 503 || len(ctx.Response.Header.Peek("Retry-After")) == 0 {
		t.Fatalf("a forwarded request: offered %d, status %d", offered, ctx.Response.StatusCode())
	}
	if (&Server{}).overflow(&ctx, full) {
		t.Fatal("a server without Overflow answered")
	}
	ctx.Request.Header.Del("X-Gpufn-Forwarded")
	ctx.Response.Reset()
	none := &Server{cfg: Config{Overflow: func(*fasthttp.RequestCtx) bool { return false }}}
	if !none.overflow(&ctx, full) || ctx.Response.StatusCode() != 503 || len(ctx.Response.Header.Peek("Retry-After")) == 0 {
		t.Fatalf("no peer with room: status %d", ctx.Response.StatusCode())
	}
}
