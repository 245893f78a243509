package frontend

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/auth"
	"gpufn/examples"
)

// countingListener counts the bytes the server reads from its connections.
type countingListener struct {
	net.Listener
	read atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countingConn{Conn: c, read: &l.read}, nil
}

type countingConn struct {
	net.Conn
	read *atomic.Int64
}

func (c *countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.read.Add(int64(n))
	return n, err
}

const (
	aliceToken = "alice-token-0123456789"
	opsToken   = "ops-token-0123456789"
)

// tokenServer is a server in front of newServer's dispatcher with tokens for alice and ops
// (admin), serving on a loopback listener that counts what it reads.
func tokenServer(t *testing.T, cfg Config) (*Server, *countingListener) {
	t.Helper()
	base := newServer(t)
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte("alice "+aliceToken+"\nops "+opsToken+" admin\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tokens, err := auth.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	s := New(cfg, base.d, tokens)
	return s, serve(t, s)
}

// serve serves s on a loopback listener that counts what it reads, until the test ends.
func serve(t *testing.T, s *Server) *countingListener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cl := &countingListener{Listener: ln}
	done := make(chan error, 1)
	go func() { done <- s.Serve(cl) }()
	t.Cleanup(func() {
		// Drain closes the listener, also when Serve has not started yet; the context bounds
		// the wait for a connection that a failed test left open.
		s.Drain()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		s.ShutdownWithContext(ctx)
		<-done
	})
	return cl
}

// rawExchange sends raw bytes on a new connection and reads one answer (after any 100
// Continue, which it reports). The deadline only bounds a hung test.
func rawExchange(t *testing.T, addr, send string) (resp *http.Response, body string, continued bool) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Minute))
	go io.WriteString(c, send) // the server may close before it is all sent
	br := bufio.NewReader(c)
	for {
		resp, err = http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("no answer: %v", err)
		}
		if resp.StatusCode != http.StatusContinue {
			break
		}
		continued = true
	}
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b), continued
}

func errorCode(body string) string {
	var e errorBody
	json.Unmarshal([]byte(body), &e)
	return string(e.Error.Code)
}

// A request without a valid token is answered 401 on its header: its body is not read, even
// when it declares 120 MiB (12 such POSTs raised the server's memory by more than a GiB). The
// client sends only 64 KiB of the body and then waits: the answer comes although the body
// never ends, the server has read no more than its first buffer, and the connection closes.
// The same for a route outside /v1/ (which takes no body), a chunked body, and Expect:
// 100-continue (answered without a 100 Continue).
func TestBodyNotReadBeforeAuthentication(t *testing.T) {
	_, ln := tokenServer(t, Config{MaxBodyBytes: 64 << 20})
	addr := ln.Addr().String()
	part := strings.Repeat("x", 64<<10)
	const huge = "Content-Length: 125829120\r\n"
	for _, c := range []struct {
		name, send string
		status     int
		code       string
	}{
		{"no token", "POST /v1/functions/matmul/invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/msgpack\r\n" + huge + "\r\n" + part, 401, "unauthorized"},
		{"wrong token", "PUT /v1/libraries/big HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer wrong-token-0123456789\r\n" + huge + "\r\n" + part, 401, "unauthorized"},
		{"chunked", "POST /v1/functions/matmul/invoke HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n7800000\r\n" + part, 401, "unauthorized"},
		{"expect", "PUT /v1/libraries/big HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n" + huge + "\r\n" + part, 401, "unauthorized"},
		{"system route", "POST /healthz HTTP/1.1\r\nHost: x\r\n" + huge + "\r\n" + part, 405, "method_not_allowed"},
		// With a token, a declared length beyond twice the limit is refused unread too.
		{"too large with a token", "PUT /v1/libraries/big HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + aliceToken + "\r\nContent-Length: 209715200\r\n\r\n" + part, 413, "body_too_large"},
		{"too large, expect", "PUT /v1/libraries/big HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nAuthorization: Bearer " + aliceToken + "\r\nContent-Length: 70000000\r\n\r\n", 413, "body_too_large"},
	} {
		before := ln.read.Load()
		resp, body, continued := rawExchange(t, addr, c.send)
		if resp.StatusCode != c.status || (c.code != "" && errorCode(body) != c.code) || continued {
			t.Fatalf("%s: %d %s (100 Continue first: %v), want %d %s", c.name, resp.StatusCode, body, continued, c.status, c.code)
		}
		if !resp.Close {
			t.Fatalf("%s: the connection stays open with the body unread", c.name)
		}
		if c.status == 401 && resp.Header.Get("WWW-Authenticate") == "" {
			t.Fatalf("%s: 401 without WWW-Authenticate", c.name)
		}
		if n := ln.read.Load() - before; n > 32<<10 {
			t.Fatalf("%s: the server read %d bytes of a request whose header is %d", c.name, n, len(c.send)-len(part))
		}
	}
	// With a token, a body within the limit is read and the request served.
	resp, body, _ := rawExchange(t, addr, "PUT /v1/libraries/small HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "+aliceToken+"\r\nContent-Length: 5\r\n\r\nhello")
	if resp.StatusCode != 422 || errorCode(body) != "invalid_library" {
		t.Fatalf("a small body with a token: %d %s, want 422 invalid_library (it was read)", resp.StatusCode, body)
	}
}

// A client that never reads its answers loses its connection after the write timeout, and
// with it the answers held for it (it held them and the connection indefinitely). The client
// asks for 32 answers of 1 MiB each, more than the sockets' buffers hold, and reads none.
func TestWriteTimeout(t *testing.T) {
	base := newServer(t)
	admin, _ := base.tokens.Authenticate(nil)
	cfg := matmulExample(t)
	padded := append(append([]byte(nil), cfg...), bytes.Repeat([]byte(" "), 1<<20-1-len(cfg))...)
	if _, _, err := base.d.PutFunction(admin, admin.Tenant, "padded", padded); err != nil {
		t.Fatal(err)
	}
	s := New(Config{WriteTimeout: 50 * time.Millisecond, ReadTimeout: time.Hour, IdleTimeout: time.Hour}, base.d, base.tokens)
	ln := serve(t, s)
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	go io.WriteString(c, strings.Repeat("GET /v1/functions/padded HTTP/1.1\r\nHost: x\r\n\r\n", 32))
	waitUntil(t, "the server to open the connection", func() bool { return s.OpenConnections() == 1 })
	waitUntil(t, "the server to close the connection of a client that does not read", func() bool { return s.OpenConnections() == 0 })
}

// waitUntil polls cond; the minute bounds a hung test only.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func matmulExample(t *testing.T) []byte {
	t.Helper()
	for _, f := range examples.Functions() {
		if f.Name == "matmul" {
			return f.Config
		}
	}
	t.Fatal("no matmul example")
	return nil
}

// A body framed two ways (Content-Length and Transfer-Encoding: a proxy in front may read the
// other one, and the rest would be a request of its own) is 400 and closes the connection, so
// that what follows is never served; so is a Transfer-Encoding other than chunked. An HTTP/1.0
// POST without Content-Length is 411, not an invocation on an empty input (fasthttp reads no
// body then); an HTTP/1.1 one has an empty body by definition and is served.
func TestAmbiguousFraming(t *testing.T) {
	_, ln := tokenServer(t, Config{})
	addr := ln.Addr().String()
	auth := "Authorization: Bearer " + opsToken + "\r\n"
	smuggled := "GET /v1/tenants/default/functions HTTP/1.1\r\nHost: x\r\n" + auth + "\r\n"
	for _, c := range []struct {
		name, send string
		status     int
		code       string
	}{
		{"length and chunked", "POST /v1/tenants/default/functions/basic_io/invoke HTTP/1.1\r\nHost: x\r\n" + auth +
			"Content-Type: application/octet-stream\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled, 400, "bad_request"},
		{"chunked and length", "POST /v1/tenants/default/functions/basic_io/invoke HTTP/1.1\r\nHost: x\r\n" + auth +
			"Transfer-Encoding: chunked\r\ncontent-length: 0\r\n\r\n8\r\n12345678\r\n0\r\n\r\n" + smuggled, 400, "bad_request"},
		{"identity and length", "POST /v1/tenants/default/functions/basic_io/invoke HTTP/1.1\r\nHost: x\r\n" + auth +
			"Transfer-Encoding: identity\r\nContent-Length: 8\r\n\r\n12345678" + smuggled, 400, "bad_request"},
		{"HTTP/1.0 without length", "POST /v1/tenants/default/functions/hello_world/invoke HTTP/1.0\r\nHost: x\r\n" + auth +
			"Connection: keep-alive\r\n\r\nsome body", 411, "length_required"},
		{"HTTP/1.1 without length", "POST /v1/tenants/default/functions/hello_world/invoke HTTP/1.1\r\nHost: x\r\n" + auth + "Connection: close\r\n\r\n", 200, ""},
	} {
		c2, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c2.Close() })
		c2.SetDeadline(time.Now().Add(time.Minute))
		io.WriteString(c2, c.send)
		br := bufio.NewReader(c2)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != c.status || (c.code != "" && errorCode(string(body)) != c.code) || !resp.Close {
			t.Fatalf("%s: %d %s (close %v), want %d %s and close", c.name, resp.StatusCode, body, resp.Close, c.status, c.code)
		}
		if rest, _ := io.ReadAll(br); len(rest) != 0 {
			t.Fatalf("%s: after the answer the server sent %q: the smuggled request was served", c.name, rest)
		}
	}
}

// /v1/engines (GPU-wide counters and worker PIDs: a live view of every tenant's traffic) is for
// admins.
func TestEnginesAdminOnly(t *testing.T) {
	s, _ := tokenServer(t, Config{})
	for tok, want := range map[string]int{aliceToken: 403, opsToken: 200} {
		var ctx fasthttp.RequestCtx
		request(&ctx, "GET", "/v1/engines", "", nil)
		ctx.Request.Header.Set("Authorization", "Bearer "+tok)
		s.handle(&ctx)
		if ctx.Response.StatusCode() != want || (want == 403 && errorCode(string(ctx.Response.Body())) != "forbidden") {
			t.Fatalf("engines with %s: %d %s, want %d", tok, ctx.Response.StatusCode(), ctx.Response.Body(), want)
		}
	}
}

// The door is on every request's path: judging an admitted invocation's header does not
// allocate.
func TestDoorDoesNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	s, _ := tokenServer(t, Config{})
	var h fasthttp.RequestHeader
	raw := "POST /v1/functions/matmul/invoke HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + aliceToken + "\r\nContent-Type: application/msgpack\r\nContent-Length: 100\r\n\r\n"
	if err := h.Read(bufio.NewReader(strings.NewReader(raw))); err != nil {
		t.Fatal(err)
	}
	judge := func() {
		if s.headerReceived(&h).ReadTimeout == 0 || bodyRefused(&h) {
			t.Fatal("an invocation with a valid token was refused")
		}
		if code, _ := badFraming(&h); code != "" {
			t.Fatal(code)
		}
	}
	judge()
	if n := testing.AllocsPerRun(100, judge); n > 0 {
		t.Fatalf("%.1f allocations per request at the door", n)
	}
}

// The door's headers sent by a client are dropped before the door looks: a forged
// "X-Gpufn-Door: too-large N" neither skips authentication nor refuses a valid request.
func TestForgedDoorHeaders(t *testing.T) {
	_, ln := tokenServer(t, Config{})
	addr := ln.Addr().String()
	forged := "X-Gpufn-Door: too-large 5\r\nX-Gpufn-Body-Deadline: 1\r\n"
	resp, body, _ := rawExchange(t, addr, "PUT /v1/libraries/x HTTP/1.1\r\nHost: x\r\n"+forged+"Content-Length: 0\r\n\r\n")
	if resp.StatusCode != 401 {
		t.Fatalf("no token, a forged door header: %d %s, want 401", resp.StatusCode, body)
	}
	resp, body, _ = rawExchange(t, addr, "GET /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "+aliceToken+"\r\n"+forged+"\r\n")
	if resp.StatusCode != 200 {
		t.Fatalf("a valid token, a forged door header: %d %s, want 200", resp.StatusCode, body)
	}
}
