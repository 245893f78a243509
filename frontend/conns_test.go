package frontend

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The defaults keep idle and silent connections short: a header within 10 s, a kept-alive
// connection idle for at most 30 s, an answer written within 30 s, a body read within 60 s
// of its header, and at most 4096 connections from one client (a quarter of the 16384).
func TestConnectionDefaults(t *testing.T) {
	s := New(Config{}, nil, nil)
	if s.srv.ReadTimeout != 10*time.Second || s.srv.IdleTimeout != 30*time.Second || s.srv.WriteTimeout != 30*time.Second ||
		s.cfg.ReadTimeout != 60*time.Second || s.cfg.MaxConnsPerIP != 4096 || s.srv.Concurrency != 16384 {
		t.Fatalf("header %v, idle %v, write %v, body %v, per client %d, connections %d", s.srv.ReadTimeout, s.srv.IdleTimeout,
			s.srv.WriteTimeout, s.cfg.ReadTimeout, s.cfg.MaxConnsPerIP, s.srv.Concurrency)
	}
	if s := New(Config{MaxConnsPerIP: -1}, nil, nil); s.cfg.MaxConnsPerIP > 0 {
		t.Fatalf("a negative MaxConnsPerIP is no bound, not %d", s.cfg.MaxConnsPerIP)
	}
}

// dialFrom connects from a local address of the loopback network (127.0.0.0/8: each address
// is another client).
func dialFrom(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c.SetDeadline(time.Now().Add(time.Minute)) // a hung test only
	t.Cleanup(func() { c.Close() })
	return c
}

// get sends a GET on c and reads its answer.
func get(t *testing.T, c net.Conn, br *bufio.Reader, path string) *http.Response {
	t.Helper()
	if _, err := io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	return resp
}

// One client's silent connections cannot lock the others out: beyond its cap, its next
// connection is answered 429 and closed, while another client is served; once it closes one,
// it may open another.
func TestPerClientCap(t *testing.T) {
	base := newServer(t)
	s := New(Config{MaxConnsPerIP: 3, HeaderTimeout: time.Hour}, base.d, base.tokens)
	addr := serve(t, s).Addr().String()
	var silent []net.Conn
	for i := 0; i < 3; i++ {
		silent = append(silent, dialFrom(t, "127.0.0.1", addr))
	}
	waitUntil(t, "three connections", func() bool { return s.OpenConnections() == 3 })
	over := dialFrom(t, "127.0.0.1", addr)
	resp, err := http.ReadResponse(bufio.NewReader(over), nil)
	if err != nil || resp.StatusCode != 429 || !resp.Close {
		t.Fatalf("a fourth connection of one client: %v %v, want 429 and close", resp, err)
	}
	if b, _ := io.ReadAll(resp.Body); errorCode(string(b)) != "too_many_connections" {
		t.Fatalf("429 body %s", b)
	}
	other := dialFrom(t, "127.0.0.2", addr)
	if resp := get(t, other, bufio.NewReader(other), "/v1/functions"); resp.StatusCode != 200 {
		t.Fatalf("another client: %d", resp.StatusCode)
	}
	silent[0].Close()
	waitUntil(t, "the first client to be served again after closing a connection", func() bool {
		c := dialFrom(t, "127.0.0.1", addr)
		defer c.Close()
		io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n") // refused: may fail
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		return err == nil && resp.StatusCode == 200
	})
}

// readToEOF reads what the server sends until it closes the connection.
func readToEOF(t *testing.T, c net.Conn, what string) string {
	t.Helper()
	b, err := io.ReadAll(c)
	if err != nil && !strings.Contains(err.Error(), "reset") {
		t.Fatalf("%s: %v (the server did not close the connection)", what, err)
	}
	return string(b)
}

// A silent connection, a header that never ends and an idle kept-alive connection are closed
// after the header and idle timeouts; a body may take longer than the header timeout; a
// client without a token has its connection closed after its 401.
func TestShortTimeouts(t *testing.T) {
	base := newServer(t)
	s := New(Config{HeaderTimeout: 50 * time.Millisecond, IdleTimeout: 50 * time.Millisecond, ReadTimeout: time.Hour}, base.d, base.tokens)
	addr := serve(t, s).Addr().String()

	if got := readToEOF(t, dialFrom(t, "127.0.0.1", addr), "silent"); !strings.HasPrefix(got, "HTTP/1.1 408") {
		t.Fatalf("a silent connection got %q, want 408 and close", got)
	}
	c := dialFrom(t, "127.0.0.1", addr)
	io.WriteString(c, "GET /v1/functions HTTP/1.1\r\nHost: x\r\nX-Slow: ")
	if got := readToEOF(t, c, "trickling"); !strings.HasPrefix(got, "HTTP/1.1 408") {
		t.Fatalf("a header that never ends got %q, want 408 and close", got)
	}
	c = dialFrom(t, "127.0.0.1", addr)
	br := bufio.NewReader(c)
	if resp := get(t, c, br, "/v1/functions"); resp.StatusCode != 200 {
		t.Fatalf("%d", resp.StatusCode)
	}
	if rest, err := io.ReadAll(br); err != nil || len(rest) != 0 {
		t.Fatalf("an idle kept-alive connection: %q %v, want it closed", rest, err)
	}

	// The body's time starts after the header: waiting past the header timeout between the two
	// is fine (the library is junk: 422 shows its body was read).
	c = dialFrom(t, "127.0.0.1", addr)
	io.WriteString(c, "PUT /v1/libraries/slow HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n")
	time.Sleep(4 * 50 * time.Millisecond) // past the header timeout
	io.WriteString(c, "hello")
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != 422 {
		t.Fatalf("a body sent after the header timeout: %v %v, want 422 (read and judged)", resp, err)
	}

	_, ln := tokenServer(t, Config{})
	c = dialFrom(t, "127.0.0.1", ln.Addr().String())
	br = bufio.NewReader(c)
	if resp := get(t, c, br, "/v1/functions"); resp.StatusCode != 401 || !resp.Close {
		t.Fatalf("without a token: %d (close %v), want 401 and close", resp.StatusCode, resp.Close)
	}
	if rest, err := io.ReadAll(br); err != nil || len(rest) != 0 {
		t.Fatalf("after a 401: %q %v, want the connection closed", rest, err)
	}
}

// A draining server is not ready and takes no new work: its listener is closed (a new
// connection is refused), /readyz answers 503, and on connections already open registrations
// and invocations are answered 503 draining (without waiting for their bodies) while reads
// are served;
// every answer closes its connection.
func TestDrain(t *testing.T) {
	base := newServer(t)
	s := New(Config{}, base.d, base.tokens)
	ln := serve(t, s)
	addr := ln.Addr().String()
	conns := map[string]net.Conn{}
	for _, name := range []string{"readyz", "register", "invoke", "read"} {
		c := dialFrom(t, "127.0.0.1", addr)
		if resp := get(t, c, bufio.NewReader(c), "/readyz"); resp.StatusCode != 200 {
			t.Fatalf("readyz before the drain: %d", resp.StatusCode)
		}
		conns[name] = c
	}
	s.Drain()
	if c, err := net.Dial("tcp", addr); err == nil {
		c.Close()
		t.Fatal("a new connection was accepted while draining")
	}
	for name, c := range conns {
		send := map[string]string{
			"readyz":   "GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n",
			"register": "PUT /v1/libraries/late HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n" + strings.Repeat("x", 1024),
			"invoke":   "POST /v1/functions/basic_io/invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 8\r\n\r\n12345678",
			"read":     "GET /v1/functions HTTP/1.1\r\nHost: x\r\n\r\n",
		}[name]
		io.WriteString(c, send) // a registration sends 1 KiB of its 1 MiB: answered all the same
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		body, _ := io.ReadAll(resp.Body)
		want, code := 503, "draining"
		switch name {
		case "readyz":
			code = ""
		case "read":
			want, code = 200, ""
		}
		if resp.StatusCode != want || (code != "" && (errorCode(string(body)) != code || resp.Header.Get("Retry-After") == "")) || !resp.Close {
			t.Fatalf("%s while draining: %d %s (close %v), want %d %s and close", name, resp.StatusCode, body, resp.Close, want, code)
		}
	}
}

// A client is an IPv4 address (also when it comes IPv4-mapped) or an IPv6 /64: one IPv6 client
// holds a /64, and would otherwise be 2^64 clients.
func TestClientOf(t *testing.T) {
	for addr, want := range map[string]string{
		"192.0.2.7":                 "192.0.2.7",
		"::ffff:192.0.2.7":          "192.0.2.7",
		"2001:db8:1:2:3:4:5:6":      "2001:db8:1:2::",
		"2001:db8:1:2:ffff::1":      "2001:db8:1:2::",
		"2001:db8:1:3::1":           "2001:db8:1:3::",
		"::1":                       "::",
		"fe80::1234:5678:9abc:def0": "fe80::",
	} {
		got, ok := clientOf(&net.TCPAddr{IP: net.ParseIP(addr), Port: 1})
		if !ok || got.String() != want {
			t.Errorf("%s: %v %v, want %s", addr, got, ok, want)
		}
	}
	if _, ok := clientOf(&net.UnixAddr{Name: "x"}); ok {
		t.Error("a unix socket has no client address")
	}
}
