package bench

import (
	"net"
	"sync"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
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

func newTestClient(t testing.TB, url string) *Client {
	t.Helper()
	return newTestClientOf(t, url, HTTPClientFast)
}

// httpClients are the load generator's HTTP clients: the tests of its method run with each.
var httpClients = []string{HTTPClientFast, HTTPClientNet}

// newTestClientOf returns a client of url whose load goes through the HTTP client kind.
func newTestClientOf(t testing.TB, url, kind string) *Client {
	t.Helper()
	c, err := NewClient(url, ClientOptions{MaxConns: 1000, HTTPClient: kind})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.CloseIdle)
	return c
}

// forEachClient runs f as a subtest per HTTP client, in parallel when parallel is set.
func forEachClient(t *testing.T, parallel bool, f func(t *testing.T, kind string)) {
	for _, kind := range httpClients {
		t.Run(kind, func(t *testing.T) {
			if parallel {
				t.Parallel()
			}
			f(t, kind)
		})
	}
}

// fixedSource sends the same body to one URI and checks the answer against want (nil: no
// check).
type fixedSource struct {
	call Call
}

func newFixedSource(c *Client, want []byte) *fixedSource {
	s := &fixedSource{call: Call{URI: c.URL("/v1/functions/f/invoke"), Body: []byte("in"), ContentType: "application/octet-stream"}}
	if want != nil {
		s.call.Check = func(out []byte) error {
			if string(out) != string(want) {
				return errWrong
			}
			return nil
		}
	}
	return s
}

func (s *fixedSource) Call(int64, bool) (*Call, error) { return &s.call, nil }

type wrongErr struct{}

func (wrongErr) Error() string { return "wrong output" }

var errWrong = wrongErr{}
