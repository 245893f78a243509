package frontend

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/vmihailenco/msgpack/v5"

	"gpufn/auth"
	"gpufn/call"
	"gpufn/cpu"
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
	if ok, code := s.overflow(&ctx, full); !ok || code != "" || offered != 1 {
		t.Fatalf("a full queue was not offered (%d), or its peer's answer counted here (%q)", offered, code)
	}
	if ok, _ := s.overflow(&ctx, share); ok || offered != 1 {
		t.Fatal("a tenant over its share was offered")
	}
	ctx.Request.Header.Set("X-Gpufn-Forwarded", "n1")
	if ok, code := s.overflow(&ctx, full); !ok || code != call.CodeUnavailable || offered != 1 || ctx.Response.StatusCode() != 503 || len(ctx.Response.Header.Peek("Retry-After")) == 0 {
		t.Fatalf("a forwarded request: offered %d, status %d, code %q", offered, ctx.Response.StatusCode(), code)
	}
	if ok, _ := (&Server{}).overflow(&ctx, full); ok {
		t.Fatal("a server without Overflow answered")
	}
	ctx.Request.Header.Del("X-Gpufn-Forwarded")
	ctx.Response.Reset()
	none := &Server{cfg: Config{Overflow: func(*fasthttp.RequestCtx) bool { return false }}}
	if ok, code := none.overflow(&ctx, full); !ok || code != call.CodeUnavailable || ctx.Response.StatusCode() != 503 || len(ctx.Response.Header.Peek("Retry-After")) == 0 {
		t.Fatalf("no peer with room: status %d", ctx.Response.StatusCode())
	}
}

// fullEngine refuses every invocation as its queue's being full; it runs nothing.
type fullEngine struct{}

func (fullEngine) SubmitInline(*call.Invocation) error { return call.ErrQueueFull }
func (fullEngine) Name() string                        { return "full" }
func (fullEngine) Load() int                           { return 0 }
func (fullEngine) Ready() bool                         { return true }
func (fullEngine) MaxNeed() uint64                     { return 0 }
func (fullEngine) ContextBytes() int                   { return 4 << 20 }
func (fullEngine) IOCapacity(int) uint64               { return 4 << 20 }
func (fullEngine) Stats() call.EngineStats             { return call.EngineStats{} }
func (fullEngine) Shutdown(context.Context) error      { return nil }

// An invocation refused for full queues is offered to Overflow by both protocols, /v1 invoke
// and the Open Inference Protocol's /v2 infer, and both honour X-Gpufn-Min-Revision; GET
// /v1/cluster is a route only where Status is set.
func TestOverflowBothProtocols(t *testing.T) {
	dev := cpu.New(cpu.Options{})
	d := dispatcher.New(dispatcher.Config{Device: "cpu", Info: dev.Info(), Kernels: cpu.KernelNames()}, []dispatcher.Engine{fullEngine{}})
	dev.Close()
	tokens, _ := auth.Load("")
	admin, _ := tokens.Authenticate(nil)
	if _, _, err := d.PutLibrary(admin, admin.Tenant, "module", examples.MustPTX("module")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.PutFunction(admin, admin.Tenant, "basic", exampleConfig(t, "basic_io")); err != nil {
		t.Fatal(err)
	}
	var forwarded []string
	s := New(Config{MinRevisionWait: time.Millisecond, Status: func() any { return map[string]string{"node": "n1"} },
		Overflow: func(ctx *fasthttp.RequestCtx) bool {
			forwarded = append(forwarded, string(ctx.Path()))
			ctx.SetStatusCode(200)
			ctx.SetBodyString("from a peer")
			return true
		}}, d, tokens)
	infer := []byte(`{"inputs": [{"name": "A", "shape": [1], "datatype": "INT64", "data": [12345]}]}`)
	var ctx fasthttp.RequestCtx
	for _, c := range []struct {
		path, ctype string
		body        []byte
	}{
		{"/v1/functions/basic/invoke", "application/octet-stream", make([]byte, 8)},
		{"/v2/models/basic/infer", "application/json", infer},
	} {
		request(&ctx, "POST", c.path, c.ctype, c.body)
		s.handle(&ctx)
		if ctx.Response.StatusCode() != 200 || string(ctx.Response.Body()) != "from a peer" {
			t.Errorf("%s: %d %s; want the peer's answer", c.path, ctx.Response.StatusCode(), ctx.Response.Body())
		}
		request(&ctx, "POST", c.path, c.ctype, c.body)
		ctx.Request.Header.Set("X-Gpufn-Min-Revision", strconv.FormatUint(d.Revision()+1000, 10))
		s.handle(&ctx)
		if ctx.Response.StatusCode() != 503 || len(ctx.Response.Header.Peek("Retry-After")) == 0 {
			t.Errorf("%s with a revision not seen: %d %s; want 503 with Retry-After", c.path, ctx.Response.StatusCode(), ctx.Response.Body())
		}
	}
	if len(forwarded) != 2 || forwarded[0] != "/v1/functions/basic/invoke" || forwarded[1] != "/v2/models/basic/infer" {
		t.Fatalf("forwarded %q", forwarded)
	}
	request(&ctx, "GET", "/v1/cluster", "", nil)
	s.handle(&ctx)
	if ctx.Response.StatusCode() != 200 || !strings.Contains(string(ctx.Response.Body()), `"n1"`) {
		t.Fatalf("GET /v1/cluster: %d %s", ctx.Response.StatusCode(), ctx.Response.Body())
	}
	single := New(Config{}, d, tokens)
	request(&ctx, "GET", "/v1/cluster", "", nil)
	single.handle(&ctx)
	if ctx.Response.StatusCode() != 404 {
		t.Fatalf("GET /v1/cluster on a single server: %d %s; want 404", ctx.Response.StatusCode(), ctx.Response.Body())
	}
}
