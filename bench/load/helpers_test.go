package load

import (
	"net"
	"testing"

	"github.com/valyala/fasthttp"
)

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

// callSource is a Source of one request.
type callSource struct{ c Call }

func (s *callSource) Call(int64, bool) (*Call, error) { return &s.c, nil }

// echoHandler answers with ?n= bytes (at most maxBytes), as the HTTP floor's echo server does.
func echoHandler(maxBytes int) fasthttp.RequestHandler {
	reply := make([]byte, maxBytes)
	return func(c *fasthttp.RequestCtx) {
		_ = c.PostBody()
		n := min(c.QueryArgs().GetUintOrZero("n"), len(reply))
		c.SetContentType("application/octet-stream")
		c.SetBody(reply[:n])
	}
}

// closedAddr returns a loopback address nothing listens on (one that did a moment ago).
func closedAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}
