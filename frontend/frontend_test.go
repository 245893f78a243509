package frontend

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/vmihailenco/msgpack/v5"

	"gpufn/auth"
	"gpufn/cpu"
	"gpufn/dispatcher"
	"gpufn/engine"
	"gpufn/examples"
	"gpufn/gpu"
	"gpufn/store"
	"gpufn/worker"
)

// The test binary doubles as the worker process on the cpu device.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(worker.Main(os.Args[2:], cpuDevices{}))
	}
	os.Exit(m.Run())
}

type cpuDevices struct{}

func (cpuDevices) Open(kind string, ordinal int) (gpu.Device, error) {
	return cpu.New(cpu.Options{Ordinal: ordinal, MemBytes: 256 << 20}), nil
}

func (cpuDevices) Probe(string) ([]gpu.Info, string, error) { return nil, "", nil }

// newServer builds frontend -> dispatcher -> engine -> worker processes on the cpu device,
// with the examples registered.
func newServer(tb testing.TB) *Server { return newServerWith(tb, nil) }

// newServerWith is newServer with a store for the dispatcher (weight sets need one; nil: none).
func newServerWith(tb testing.TB, st *store.Store) *Server {
	tb.Helper()
	e, err := engine.New(engine.Config{Device: "cpu", Mode: engine.Sequential, PoolBytes: 16 << 20, ContextBytes: 4 << 20,
		Binary: os.Args[0], Args: []string{"worker"}, StartTimeout: 20 * time.Second, Policy: engine.PolicyHybrid})
	if err != nil {
		tb.Fatal(err)
	}
	dev := cpu.New(cpu.Options{})
	d := dispatcher.New(dispatcher.Config{Device: "cpu", Info: dev.Info(), Kernels: cpu.KernelNames(), Store: st}, []dispatcher.Engine{e})
	dev.Close()
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		d.Shutdown(ctx)
	})
	tokens, _ := auth.Load("")
	admin, _ := tokens.Authenticate(nil)
	for _, lib := range []string{"mlops", "module"} {
		if _, _, err := d.PutLibrary(admin, admin.Tenant, lib, examples.MustPTX(lib)); err != nil {
			tb.Fatal(err)
		}
	}
	for _, f := range examples.Functions() {
		if _, _, err := d.PutFunction(admin, admin.Tenant, f.Name, f.Config); err != nil {
			tb.Fatal(err)
		}
	}
	for !d.Ready() {
		time.Sleep(5 * time.Millisecond)
	}
	return New(Config{}, d, tokens)
}

func request(ctx *fasthttp.RequestCtx, method, uri, ctype string, body []byte) {
	ctx.Request.Reset()
	ctx.Response.Reset()
	ctx.Request.Header.SetMethod(method)
	ctx.Request.SetRequestURI(uri)
	if ctype != "" {
		ctx.Request.Header.SetContentType(ctype)
	}
	ctx.Request.SetBody(body)
}

func TestInvokeThroughHandler(t *testing.T) {
	s := newServer(t)
	var ctx fasthttp.RequestCtx
	cfg, A := examples.MatmulInputs(32, 1)
	body, _ := msgpack.Marshal(map[string][]byte{"cfg": cfg, "A": A})
	request(&ctx, "POST", "/v1/functions/matmul/invoke", "application/msgpack", body)
	s.handle(&ctx)
	if ctx.Response.StatusCode() != 200 {
		t.Fatalf("%d %s", ctx.Response.StatusCode(), ctx.Response.Body())
	}
	var out map[string][]byte
	if err := msgpack.Unmarshal(ctx.Response.Body(), &out); err != nil || !bytes.Equal(out["B"], examples.MatmulReference(A)) {
		t.Fatalf("output wrong (%v)", err)
	}
	st := string(ctx.Response.Header.Peek("Server-Timing"))
	var names []string
	for _, m := range strings.Split(st, ", ") {
		name, _, _ := strings.Cut(m, ";")
		names = append(names, name)
	}
	// Every stage in path order; load only when the module was loaded (the first invocation).
	if got, want := strings.Join(names, " "), "queue copyin ipc load h2d kernel d2h zero worker copyout total handler"; got != want && got != strings.Replace(want, " load", "", 1) {
		t.Fatalf("Server-Timing %q: stages %q, want %q", st, got, want)
	}
	// Errors are JSON with a code.
	request(&ctx, "POST", "/v1/functions/none/invoke", "application/msgpack", body)
	s.handle(&ctx)
	var e errorBody
	if ctx.Response.StatusCode() != 404 || json.Unmarshal(ctx.Response.Body(), &e) != nil || e.Error.Code != "not_found" {
		t.Fatalf("%d %s", ctx.Response.StatusCode(), ctx.Response.Body())
	}
	request(&ctx, "GET", "/v1/engines", "", nil)
	s.handle(&ctx)
	if ctx.Response.StatusCode() != 200 || !bytes.Contains(ctx.Response.Body(), []byte(`"mode":"sequential"`)) {
		t.Fatalf("engines: %s", ctx.Response.Body())
	}
}

// BenchmarkInvokeMatmul measures the server side of an invocation (frontend handler,
// dispatcher, engine, pipe to a real worker process, cpu device) with allocations per
// invocation. The HTTP transport is left out: the handler is called directly.
func BenchmarkInvokeMatmul(b *testing.B) {
	s := newServer(b)
	cfg, A := examples.MatmulInputs(16, 1)
	body, _ := msgpack.Marshal(map[string][]byte{"cfg": cfg, "A": A})
	var ctx fasthttp.RequestCtx
	request(&ctx, "POST", "/v1/functions/matmul/invoke", "application/msgpack", body)
	for i := 0; i < 50; i++ { // warm: module loaded, pools filled
		ctx.Response.Reset()
		s.handle(&ctx)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ctx.Response.Reset()
		s.handle(&ctx)
		if ctx.Response.StatusCode() != 200 {
			b.Fatalf("%d %s", ctx.Response.StatusCode(), ctx.Response.Body())
		}
	}
}

// The server side of an invocation does not allocate in steady state.
func TestInvokeAllocations(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("starts a worker; the race detector allocates on its own")
	}
	s := newServer(t)
	cfg, A := examples.MatmulInputs(16, 1)
	body, _ := msgpack.Marshal(map[string][]byte{"cfg": cfg, "A": A})
	var ctx fasthttp.RequestCtx
	request(&ctx, "POST", "/v1/functions/matmul/invoke", "application/msgpack", body)
	run := func() {
		ctx.Response.Reset()
		s.handle(&ctx)
	}
	for i := 0; i < 50; i++ {
		run()
	}
	if n := testing.AllocsPerRun(200, run); n > 1 {
		t.Fatalf("%.1f allocations per invocation on the server side; the budget is 1", n)
	}
}

// Profiles are served only with Config.Profiling, and only to admin callers.
func TestProfilingRoute(t *testing.T) {
	s := newServer(t)
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte("ops ops-token-0123456789 admin\nalice alice-token-0123456789\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tokens, err := auth.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	get := func(s *Server, token string) (int, string) {
		var ctx fasthttp.RequestCtx
		request(&ctx, "GET", "/debug/pprof/goroutine?debug=1", "", nil)
		if token != "" {
			ctx.Request.Header.Set("Authorization", "Bearer "+token)
		}
		s.handle(&ctx)
		return ctx.Response.StatusCode(), string(ctx.Response.Body())
	}
	off := New(Config{}, s.d, tokens)
	if code, _ := get(off, "ops-token-0123456789"); code != fasthttp.StatusNotFound {
		t.Fatalf("without Profiling: %d, want 404", code)
	}
	on := New(Config{Profiling: true}, s.d, tokens)
	if code, _ := get(on, ""); code != fasthttp.StatusUnauthorized {
		t.Fatalf("no token: %d, want 401", code)
	}
	if code, _ := get(on, "alice-token-0123456789"); code != fasthttp.StatusForbidden {
		t.Fatalf("tenant token: %d, want 403", code)
	}
	if code, body := get(on, "ops-token-0123456789"); code != fasthttp.StatusOK || !strings.Contains(body, "goroutine") {
		t.Fatalf("admin token: %d %.200q, want 200 and the goroutine profile", code, body)
	}
}

// An answer's body is the invocation's own buffer (a body stream): answers held at the same time,
// raw and msgpack, must each keep their own output while later invocations run.
func TestAnswersDoNotShareBuffers(t *testing.T) {
	s := newServer(t)
	type held struct {
		ctx  *fasthttp.RequestCtx
		want []byte
		raw  bool
	}
	var all []held
	for seed := int64(1); seed <= 6; seed++ {
		cfg, A := examples.MatmulInputs(16, seed)
		body, _ := msgpack.Marshal(map[string][]byte{"cfg": cfg, "A": A})
		ctx := new(fasthttp.RequestCtx)
		request(ctx, "POST", "/v1/functions/matmul/invoke", "application/msgpack", body)
		raw := seed%2 == 0
		if raw {
			ctx.Request.Header.Set("Accept", "application/octet-stream")
		}
		s.handle(ctx)
		if ctx.Response.StatusCode() != 200 {
			t.Fatalf("seed %d: %d %s", seed, ctx.Response.StatusCode(), ctx.Response.Body())
		}
		all = append(all, held{ctx, examples.MatmulReference(A), raw})
	}
	for i, h := range all {
		got := h.ctx.Response.Body()
		if !h.raw {
			var out map[string][]byte
			if err := msgpack.Unmarshal(got, &out); err != nil || len(out) != 1 {
				t.Fatalf("answer %d: %v (%d outputs)", i, err, len(out))
			}
			got = out["B"]
		}
		if !bytes.Equal(got, h.want) {
			t.Fatalf("answer %d (raw %v) changed after later invocations", i, h.raw)
		}
	}
}

// Once an answer is written, its buffer goes back to the engine and the next invocation copies
// its output into it: memory already mapped, not fresh heap that page-faults.
func TestAnswerBufferReused(t *testing.T) {
	s := newServer(t)
	var first *byte
	for seed := int64(1); seed <= 3; seed++ {
		cfg, A := examples.MatmulInputs(16, seed)
		body, _ := msgpack.Marshal(map[string][]byte{"cfg": cfg, "A": A})
		ctx := new(fasthttp.RequestCtx)
		request(ctx, "POST", "/v1/functions/matmul/invoke", "application/msgpack", body)
		s.handle(ctx)
		a, ok := ctx.Response.BodyStream().(*answerBody)
		if !ok || ctx.Response.StatusCode() != 200 {
			t.Fatalf("seed %d: status %d, body stream %T", seed, ctx.Response.StatusCode(), ctx.Response.BodyStream())
		}
		at := &a.buf[:1][0]
		if first == nil {
			first = at
		} else if at != first {
			t.Fatalf("seed %d: the answer was copied into another buffer than the one written before", seed)
		}
		var out map[string][]byte
		if err := msgpack.Unmarshal(ctx.Response.Body(), &out); err != nil || !bytes.Equal(out["B"], examples.MatmulReference(A)) {
			t.Fatalf("seed %d: output wrong (%v)", seed, err)
		}
		ctx.Response.Reset()
	}
}

// A function of two outputs is answered as a msgpack map of both (the copying path; a single
// output takes the body-stream one).
func TestTwoOutputs(t *testing.T) {
	s := newServer(t)
	admin, _ := s.tokens.Authenticate(nil)
	if _, _, err := s.d.PutLibrary(admin, admin.Tenant, "testkernels", examples.MustPTX("testkernels")); err != nil {
		t.Fatal(err)
	}
	one := `{"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
	  "block_dim_x": {"Absolute": 32}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
	  "shared_mem_bytes": {"Absolute": 0}}`
	cfg := `{"module_path": "testkernels", "kernels": ["add_i64", "write_index"], "blueprint": {
	  "inputs": ["A", "B"], "buffers": {"Sum": {"Sizeof": "A"}, "Index": {"Absolute": 32}},
	  "outputs": ["Sum", "Index"], "control_flow": [
	    {"ExecKernel": ["add_i64", [{"Ptr": "A"}, {"Ptr": "B"}, {"Ptr": "Sum"}, {"Constant": 4}], ` + one + `]},
	    {"ExecKernel": ["write_index", [{"Ptr": "Index"}, {"Constant": 4}], ` + one + `]}]}}`
	if _, _, err := s.d.PutFunction(admin, admin.Tenant, "two", []byte(cfg)); err != nil {
		t.Fatal(err)
	}
	u64s := func(v ...uint64) []byte {
		var b []byte
		for _, x := range v {
			b = binary.LittleEndian.AppendUint64(b, x)
		}
		return b
	}
	body, _ := msgpack.Marshal(map[string][]byte{"A": u64s(1, 2, 3, 4), "B": u64s(10, 20, 30, 40)})
	for _, accept := range []string{"", "application/octet-stream"} { // raw needs one output: msgpack either way
		var ctx fasthttp.RequestCtx
		request(&ctx, "POST", "/v1/functions/two/invoke", "application/msgpack", body)
		if accept != "" {
			ctx.Request.Header.Set("Accept", accept)
		}
		s.handle(&ctx)
		if ctx.Response.StatusCode() != 200 {
			t.Fatalf("%d %s", ctx.Response.StatusCode(), ctx.Response.Body())
		}
		var out map[string][]byte
		if err := msgpack.Unmarshal(ctx.Response.Body(), &out); err != nil {
			t.Fatalf("Accept %q: %v", accept, err)
		}
		if !bytes.Equal(out["Sum"], u64s(11, 22, 33, 44)) || !bytes.Equal(out["Index"], u64s(0, 1, 2, 3)) || len(out) != 2 {
			t.Fatalf("Accept %q: outputs %v", accept, out)
		}
	}
}

// A tenant in /v1/tenants/{tenant}/ is a name like any other: one with byte 0xFF (answered 201
// and lost at restart), a space, a leading dot or 129 characters is 400 bad_name, for every
// route below it; a valid one reaches the route.
func TestTenantNameValidated(t *testing.T) {
	s := newServer(t)
	for _, tenant := range []string{"%FF", "a%20b", ".hidden", "-x", "a%00b", strings.Repeat("t", 129)} {
		for _, c := range []struct{ method, route string }{
			{"PUT", "/libraries/lib"}, {"PUT", "/functions/f"}, {"GET", "/functions"}, {"POST", "/functions/f/invoke"},
		} {
			var ctx fasthttp.RequestCtx
			request(&ctx, c.method, "/v1/tenants/"+tenant+c.route, "application/octet-stream", examples.MustPTX("module"))
			s.handle(&ctx)
			var e errorBody
			if ctx.Response.StatusCode() != 400 || json.Unmarshal(ctx.Response.Body(), &e) != nil || e.Error.Code != "bad_name" {
				t.Fatalf("%s tenant %q%s: %d %s, want 400 bad_name", c.method, tenant, c.route, ctx.Response.StatusCode(), ctx.Response.Body())
			}
		}
	}
	var ctx fasthttp.RequestCtx
	request(&ctx, "PUT", "/v1/tenants/alice_2.b-c/libraries/lib", "application/octet-stream", examples.MustPTX("module"))
	s.handle(&ctx)
	if ctx.Response.StatusCode() != 201 {
		t.Fatalf("a valid tenant name: %d %s", ctx.Response.StatusCode(), ctx.Response.Body())
	}
}

// appendMillis writes what AppendFloat writes for the duration in milliseconds with three
// decimals (away from exact halves of a microsecond, where float rounding may differ).
func TestAppendMillis(t *testing.T) {
	for _, d := range []time.Duration{0, 1, 499, 501, 999, 1000, 1001, 12_345, 999_499, 999_501, 1_000_000, 1_234_567,
		123_456_789_012, -2_345_678, time.Hour + 17} {
		want := strconv.AppendFloat(nil, float64(d.Nanoseconds())/1e6, 'f', 3, 64)
		if got := appendMillis(nil, d); string(got) != string(want) {
			t.Errorf("%d ns: %q, want %q", d.Nanoseconds(), got, want)
		}
	}
	if got := appendMillis([]byte("x="), 1500); string(got) != "x=0.002" {
		t.Errorf("a half microsecond: %q, want rounded up", got)
	}
}
