package benchtest

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/bench/msgpack"
	"gpufn/examples"
)

// FakeServer is an in-process HTTP server with a scripted handler.
type FakeServer struct {
	URL string
	srv *fasthttp.Server
	wg  sync.WaitGroup
}

// StartFake serves h on a loopback port until the test ends.
func StartFake(t testing.TB, h fasthttp.RequestHandler) *FakeServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &FakeServer{URL: "http://" + ln.Addr().String(), srv: &fasthttp.Server{Handler: h, MaxRequestBodySize: 1 << 30}}
	f.wg.Add(1)
	go func() { defer f.wg.Done(); _ = f.srv.Serve(ln) }()
	t.Cleanup(func() {
		_ = f.srv.ShutdownWithContext(TimeoutCtx(5 * time.Second))
		f.wg.Wait()
	})
	return f
}

// TimeoutCtx returns a context that ends after d (its cancel runs then by itself).
func TimeoutCtx(d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	time.AfterFunc(d, cancel)
	return ctx
}

// FakeGpufn is a stand-in for a gpufn server (or the baseline): the management API, and
// invoke computing the answers with the Go references of package examples.
// Its fields are the registrations and counts it has seen, for tests to read under Mu.
type FakeGpufn struct {
	Mu       sync.Mutex
	Libs     map[string][]byte
	Fns      map[string]string // function -> library
	Invoked  map[string]int
	Deleted  []string
	Examples bool // the example functions exist by their own names
	// LogDeletes writes a line per DELETE to stderr ("fake server: DELETE PATH"), so that a
	// test can read them in a fake server process's log.
	LogDeletes bool
}

// NewFakeGpufn returns a fake with nothing registered; with examples, the example functions
// exist by their own names (as in a server started with --examples, or the baseline).
func NewFakeGpufn(examples bool) *FakeGpufn {
	return &FakeGpufn{Libs: map[string][]byte{}, Fns: map[string]string{}, Invoked: map[string]int{}, Examples: examples}
}

// Handle is the fake's fasthttp handler.
func (f *FakeGpufn) Handle(c *fasthttp.RequestCtx) {
	path, method := string(c.Path()), string(c.Method())
	f.Mu.Lock()
	defer f.Mu.Unlock()
	switch {
	case path == "/readyz" || path == "/healthz":
		c.SetBodyString("ready")
	case path == "/echo": // the HTTP floor's echo server: an answer of ?n= bytes
		c.SetContentType("application/octet-stream")
		c.SetBody(make([]byte, c.QueryArgs().GetUintOrZero("n")))
	case method == "PUT" && strings.HasPrefix(path, "/v1/libraries/"):
		name := strings.TrimPrefix(path, "/v1/libraries/")
		f.Libs[name] = append([]byte(nil), c.PostBody()...)
		c.SetStatusCode(201)
		c.SetBodyString(`{"name":"` + name + `"}`)
	case method == "PUT" && strings.HasPrefix(path, "/v1/functions/"):
		name := strings.TrimPrefix(path, "/v1/functions/")
		var cfg struct {
			ModulePath string `json:"module_path"`
		}
		if err := json.Unmarshal(c.PostBody(), &cfg); err != nil || f.Libs[cfg.ModulePath] == nil {
			c.SetStatusCode(422)
			c.SetBodyString(`{"error":{"code":"invalid_config","message":"module_path"}}`)
			return
		}
		f.Fns[name] = cfg.ModulePath
		c.SetStatusCode(201)
	case method == "DELETE":
		f.Deleted = append(f.Deleted, path)
		if f.LogDeletes {
			fmt.Fprintln(os.Stderr, "fake server: DELETE", path)
		}
		delete(f.Fns, strings.TrimPrefix(path, "/v1/functions/"))
		c.SetStatusCode(204)
	case method == "POST" && strings.HasSuffix(path, "/invoke"):
		name := strings.TrimSuffix(strings.TrimPrefix(path, "/v1/functions/"), "/invoke")
		if _, ok := f.Fns[name]; !ok && !(f.Examples && (name == "matmul" || strings.HasPrefix(name, "inference"))) {
			c.SetStatusCode(404)
			return
		}
		f.Invoked[name]++
		in := map[string][]byte{}
		if err := msgpack.Each(c.PostBody(), func(k, v []byte) error { in[string(k)] = v; return nil }); err != nil {
			c.SetStatusCode(400)
			return
		}
		var out []byte
		matmul := in["B"] == nil // inference takes cfg, A, B; matmul cfg, A
		if matmul {
			out = examples.MatmulReference(in["A"])
		} else {
			batch := int(binary.LittleEndian.Uint64(in["cfg"][32:]))
			out = examples.InferenceReference(in["A"], in["B"], batch)
		}
		c.Response.Header.Set("Server-Timing", "queue;dur=0.001, ipc;dur=0.020, kernel;dur=0.100, total;dur=0.130")
		if bytes.Contains(c.Request.Header.Peek("Accept"), []byte("octet-stream")) {
			c.SetContentType("application/octet-stream")
			c.SetBody(out)
			return
		}
		key := "B"
		if !matmul {
			key = "D"
		}
		c.SetContentType("application/msgpack")
		c.SetBody(msgpack.AppendMap(nil, msgpack.Field{Name: key, Value: out}))
	default:
		c.SetStatusCode(404)
	}
}

// FakeServerMain is the main of a test binary run as a fake gpufn server process: it serves a
// FakeGpufn with the examples on --listen ADDR until SIGTERM and returns the exit status.
func FakeServerMain(args []string) int {
	listen := ""
	for i, a := range args {
		if a == "--listen" && i+1 < len(args) {
			listen = args[i+1]
		}
	}
	fmt.Fprintf(os.Stderr, "fake server args: %s\n", strings.Join(args, " "))
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	f := NewFakeGpufn(true)
	f.LogDeletes = true
	srv := &fasthttp.Server{Handler: f.Handle, MaxRequestBodySize: 1 << 30}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM)
	go func() { <-sigs; _ = srv.Shutdown() }()
	if err := srv.Serve(ln); err != nil {
		return 1
	}
	fmt.Fprintln(os.Stderr, "fake server stopped")
	return 0
}
