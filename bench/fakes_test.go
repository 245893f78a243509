package bench

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

	"gpufn/examples"
)

// fakeServer is an in-process HTTP server with a scripted handler.
type fakeServer struct {
	URL string
	srv *fasthttp.Server
	wg  sync.WaitGroup
}

func startFake(t testing.TB, h fasthttp.RequestHandler) *fakeServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeServer{URL: "http://" + ln.Addr().String(), srv: &fasthttp.Server{Handler: h, MaxRequestBodySize: 1 << 30}}
	f.wg.Add(1)
	go func() { defer f.wg.Done(); _ = f.srv.Serve(ln) }()
	t.Cleanup(func() {
		_ = f.srv.ShutdownWithContext(timeoutCtx(5 * time.Second))
		f.wg.Wait()
	})
	return f
}

// timeoutCtx returns a context that ends after d (its cancel runs then by itself).
func timeoutCtx(d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	time.AfterFunc(d, cancel)
	return ctx
}

// fakeGpufn is a stand-in for a gpufn server (or the baseline): the management API, and
// invoke computing the answers with the Go references of package examples.
type fakeGpufn struct {
	mu       sync.Mutex
	libs     map[string][]byte
	fns      map[string]string // function -> library
	invoked  map[string]int
	deleted  []string
	examples bool // the example functions exist by their own names
}

func newFakeGpufn(examples bool) *fakeGpufn {
	return &fakeGpufn{libs: map[string][]byte{}, fns: map[string]string{}, invoked: map[string]int{}, examples: examples}
}

func (f *fakeGpufn) handle(c *fasthttp.RequestCtx) {
	path, method := string(c.Path()), string(c.Method())
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case path == "/readyz" || path == "/healthz":
		c.SetBodyString("ready")
	case method == "PUT" && strings.HasPrefix(path, "/v1/libraries/"):
		name := strings.TrimPrefix(path, "/v1/libraries/")
		f.libs[name] = append([]byte(nil), c.PostBody()...)
		c.SetStatusCode(201)
		c.SetBodyString(`{"name":"` + name + `"}`)
	case method == "PUT" && strings.HasPrefix(path, "/v1/functions/"):
		name := strings.TrimPrefix(path, "/v1/functions/")
		var cfg struct {
			ModulePath string `json:"module_path"`
		}
		if err := json.Unmarshal(c.PostBody(), &cfg); err != nil || f.libs[cfg.ModulePath] == nil {
			c.SetStatusCode(422)
			c.SetBodyString(`{"error":{"code":"invalid_config","message":"module_path"}}`)
			return
		}
		f.fns[name] = cfg.ModulePath
		c.SetStatusCode(201)
	case method == "DELETE":
		f.deleted = append(f.deleted, path)
		delete(f.fns, strings.TrimPrefix(path, "/v1/functions/"))
		c.SetStatusCode(204)
	case method == "POST" && strings.HasSuffix(path, "/invoke"):
		name := strings.TrimSuffix(strings.TrimPrefix(path, "/v1/functions/"), "/invoke")
		if _, ok := f.fns[name]; !ok && !(f.examples && (name == "matmul" || strings.HasPrefix(name, "inference"))) {
			c.SetStatusCode(404)
			return
		}
		f.invoked[name]++
		in := map[string][]byte{}
		if err := MsgpackEach(c.PostBody(), func(k, v []byte) error { in[string(k)] = v; return nil }); err != nil {
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
		c.SetBody(AppendMsgpackMap(nil, Field{key, out}))
	default:
		c.SetStatusCode(404)
	}
}

func fakeServerMain(args []string) int {
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
	f := newFakeGpufn(true)
	srv := &fasthttp.Server{Handler: f.handle, MaxRequestBodySize: 1 << 30}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM)
	go func() { <-sigs; _ = srv.Shutdown() }()
	if err := srv.Serve(ln); err != nil {
		return 1
	}
	fmt.Fprintln(os.Stderr, "fake server stopped")
	return 0
}
