package e2e

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gpufn/examples"
)

// rawConn is a client connection the test writes requests on by hand.
type rawConn struct {
	t  *testing.T
	c  net.Conn
	br *bufio.Reader
}

func (s *server) dial() *rawConn {
	s.t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
	if err != nil {
		s.t.Fatal(err)
	}
	c.SetDeadline(time.Now().Add(2 * time.Minute)) // a hung test only
	s.t.Cleanup(func() { c.Close() })
	return &rawConn{t: s.t, c: c, br: bufio.NewReader(c)}
}

// exchange sends raw request bytes and reads one answer.
func (r *rawConn) exchange(send string) (*http.Response, string) {
	r.t.Helper()
	go io.WriteString(r.c, send) // the server may answer before it is all sent
	resp, err := http.ReadResponse(r.br, nil)
	if err != nil {
		r.t.Fatalf("no answer to %.60q: %v", send, err)
	}
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// During a drain (SIGTERM while an invocation is in flight) the server is not ready and takes
// no new work: new connections are refused, and on connections already open /readyz answers
// 503 and registrations and invocations 503 draining; the invocation in flight is answered
// and the server exits 0. (The listener stayed open, /readyz said ready and registrations got
// 201.)
func TestDrainRefusesNewWork(t *testing.T) {
	s := start(t, "--drain-timeout", "60s")
	s.uploadExamples("module")
	s.mustPut("/v1/functions/basic_io", example(t, "basic_io"))
	in := map[string][]byte{"A": binary.LittleEndian.AppendUint64(nil, 12345)}
	s.mustInvoke("basic_io", in)
	var open []*rawConn
	for i := 0; i < 3; i++ {
		c := s.dial()
		if resp, _ := c.exchange("GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n"); resp.StatusCode != 200 {
			t.Fatalf("readyz: %d", resp.StatusCode)
		}
		open = append(open, c)
	}
	cont := s.stopWorkers()
	inFlight := make(chan answer, 1)
	go func() { inFlight <- s.invoke("basic_io", in) }()
	waitFor(t, "the invocation to be in flight", func() bool { e := s.engines()[0]; return e.Busy+e.Queued > 0 })
	s.cmd.Process.Signal(syscall.SIGTERM)
	waitFor(t, "the listener to close", func() bool {
		c, err := net.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
		if err == nil {
			c.Close()
		}
		return err != nil
	})
	if resp, body := open[0].exchange("GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n"); resp.StatusCode != 503 || !strings.Contains(body, "draining") {
		t.Fatalf("readyz while draining: %d %s", resp.StatusCode, body)
	}
	lib := string(examples.MustPTX("module"))
	if resp, body := open[1].exchange("PUT /v1/libraries/late HTTP/1.1\r\nHost: x\r\nContent-Length: " + strconv.Itoa(len(lib)) + "\r\n\r\n" + lib); resp.StatusCode != 503 || !strings.Contains(body, `"draining"`) {
		t.Fatalf("a registration while draining: %d %s", resp.StatusCode, body)
	}
	if resp, body := open[2].exchange("POST /v1/functions/basic_io/invoke HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 8\r\n\r\n12345678"); resp.StatusCode != 503 || !strings.Contains(body, `"draining"`) {
		t.Fatalf("an invocation while draining: %d %s", resp.StatusCode, body)
	}
	cont()
	drained(t, s, inFlight)
}

// example returns the config of an example function.
func example(t *testing.T, name string) []byte {
	t.Helper()
	for _, f := range examples.Functions() {
		if f.Name == name {
			return f.Config
		}
	}
	t.Fatalf("no example %s", name)
	return nil
}

// --examples with --data-dir: what tenant default did to the examples stands across a restart
// (a replaced library, a deleted function, a private one), and the restart serves. (It exited
// 1 after the library was replaced; a deleted example came back, a private one turned public.)
func TestExamplesNeverOverrideStored(t *testing.T) {
	dir := t.TempDir()
	s := start(t, "--examples", "--data-dir", dir)
	for _, f := range []string{"matmul", "matmul_loop", "inference", "inference_batched"} { // the users of mlops
		if a := s.do("DELETE", "/v1/functions/"+f, "", nil); a.status != 204 {
			t.Fatalf("delete %s: %d %s", f, a.status, a.message)
		}
	}
	s.mustPut("/v1/libraries/mlops", examples.MustPTX("testkernels"))
	mine := config("args8", `"OUT": {"Absolute": 40}`, `"OUT"`, `{"Ptr": "OUT"}, {"Constant": 1}, {"Constant": -2}, {"Constant": 3}, {"Sizeof": "OUT"}, {"Constant": 5}`)
	s.mustPut("/v1/functions/mine", bytes.Replace(mine, []byte(`"testkernels"`), []byte(`"mlops"`), 1))
	if a := s.do("PUT", "/v1/functions/basic_io/access", "application/json", []byte(`{"public": false}`)); a.status != 200 {
		t.Fatalf("access: %d %s", a.status, a.message)
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}

	s = start(t, "--examples", "--data-dir", dir)
	if a := s.invoke("matmul", nil); a.status != 404 {
		t.Fatalf("a deleted example after a restart: %d", a.status)
	}
	if a := s.do("GET", "/v1/functions/basic_io/access", "", nil); !bytes.Contains(a.body, []byte(`"public":false`)) {
		t.Fatalf("a private example after a restart: %s", a.body)
	}
	if out := s.mustInvoke("mine", nil); len(out["OUT"]) != 40 || binary.LittleEndian.Uint64(out["OUT"][24:]) != 40 {
		t.Fatalf("the tenant's own function on its library: %v", out["OUT"])
	}
	if strings.Contains(s.logs.String(), "an example is not registered") {
		t.Fatalf("a restart re-offered the examples:\n%s", s.logs.String())
	}
}

// Hostile and careless clients against a server with tokens (the flags as an operator sets
// them): a request without a token that declares 120 MiB is answered 401 before any of its
// body is sent; malformed requests carrying a token leave it in neither the answers nor the
// log (at debug level, fasthttp's lines included); one client's silent connections beyond
// --max-connections-per-ip are answered 429 while another client is served.
func TestHostileClients(t *testing.T) {
	s := start(t, "--tokens", writeTokens(t, ""), "--log-level", "debug", "--max-connections-per-ip", "3", "--header-timeout", "1h")
	addr := strings.TrimPrefix(s.url, "http://")

	resp, body := s.dial().exchange("POST /v1/functions/matmul/invoke HTTP/1.1\r\nHost: x\r\nContent-Length: 125829120\r\n\r\n")
	if resp.StatusCode != 401 || !resp.Close {
		t.Fatalf("a 120 MiB POST without a token, its body not sent: %d %s (close %v), want 401 and close", resp.StatusCode, body, resp.Close)
	}

	for _, send := range []string{
		"GET /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + aliceTok + "\x01\r\n\r\n",
		"GET /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization Bearer " + aliceTok + "\r\n\r\n",
		"GET /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + aliceTok + "\r\nX-Pad: " + strings.Repeat("p", 20<<10) + "\r\n\r\n",
		"POST /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + aliceTok + "\r\nContent-Length: " + aliceTok + "\r\n\r\n",
	} {
		c := s.dial()
		io.WriteString(c.c, send)
		c.c.(*net.TCPConn).CloseWrite()
		answer, _ := io.ReadAll(c.c)
		if strings.Contains(string(answer), aliceTok) || !strings.HasPrefix(string(answer), "HTTP/1.1 4") {
			t.Fatalf("a malformed request's answer: %q", answer)
		}
	}

	var silent []*rawConn
	for i := 0; i < 3; i++ {
		silent = append(silent, s.dial())
	}
	over := s.dial()
	if resp, err := http.ReadResponse(over.br, nil); err != nil || resp.StatusCode != 429 {
		t.Fatalf("a fourth connection of one client: %v %v, want 429", resp, err)
	}
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}
	other, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	o := &rawConn{t: t, c: other, br: bufio.NewReader(other)}
	if resp, body := o.exchange("GET /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + bobTok + "\r\n\r\n"); resp.StatusCode != 200 {
		t.Fatalf("another client: %d %s", resp.StatusCode, body)
	}

	// The log, read after the server stopped (everything it wrote is in); the silent
	// connections close first (a shutdown waits up to 5 s for connections that never spoke).
	for _, c := range silent {
		c.c.Close()
	}
	other.Close()
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	if logs := s.logs.String(); strings.Contains(logs, aliceTok) || !strings.Contains(logs, "error when serving connection") {
		t.Fatalf("the server's log shows the token, or lacks fasthttp's lines:\n%s", logs)
	}
}

// A silent connection is closed after --header-timeout (408), a kept-alive one after
// --idle-timeout.
func TestSilentConnectionsClosed(t *testing.T) {
	s := start(t, "--header-timeout", "300ms", "--idle-timeout", "300ms")
	c := s.dial()
	if answer, _ := io.ReadAll(c.c); !strings.HasPrefix(string(answer), "HTTP/1.1 408") {
		t.Fatalf("a silent connection: %q, want 408 and close", answer)
	}
	c = s.dial()
	if resp, _ := c.exchange("GET /v1/functions HTTP/1.1\r\nHost: x\r\n\r\n"); resp.StatusCode != 200 {
		t.Fatalf("%d", resp.StatusCode)
	}
	if rest, err := io.ReadAll(c.br); err != nil || len(rest) != 0 {
		t.Fatalf("an idle kept-alive connection: %q %v, want it closed", rest, err)
	}
}

// Ctrl-C on a terminal signals the server's whole process group, and systemd's
// KillMode=control-group sends SIGTERM to every process of the unit: either way the server
// drains as on a SIGTERM to it alone. The invocation in flight is answered 200 with its
// output, no worker is restarted, and the server exits 0. (The workers shared the server's
// group, died of the SIGINT, the invocation got 500 worker_exited and the engine restarted
// workers during the shutdown.)
func TestGroupSignalDrains(t *testing.T) {
	t.Run("SIGINT to the process group", func(t *testing.T) {
		groupSignal(t, func(s *server, workers []int) error { return syscall.Kill(-s.cmd.Process.Pid, syscall.SIGINT) })
	})
	t.Run("SIGTERM to every process", func(t *testing.T) {
		groupSignal(t, func(s *server, workers []int) error {
			for _, pid := range append([]int{s.cmd.Process.Pid}, workers...) {
				if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

// groupSignal signals a server (with send) while an invocation is in flight and checks that it
// drains.
func groupSignal(t *testing.T, send func(s *server, workers []int) error) {
	s := startInGroup(t, "--drain-timeout", "60s", "--engine", "concurrent", "--workers", "2")
	s.uploadExamples("module")
	s.mustPut("/v1/functions/basic_io", example(t, "basic_io"))
	in := map[string][]byte{"A": binary.LittleEndian.AppendUint64(nil, 12345)}
	s.mustInvoke("basic_io", in)
	var pids []int
	for _, w := range s.engines()[0].Workers {
		pids = append(pids, w.PID)
		if pgid, err := syscall.Getpgid(w.PID); err != nil || pgid == s.cmd.Process.Pid {
			t.Fatalf("worker %s (pid %d) is in process group %d (err %v): the server's", w.ID, w.PID, pgid, err)
		}
	}
	cont := s.stopWorkers() // holds the invocation in flight
	inFlight := make(chan answer, 1)
	go func() { inFlight <- s.invoke("basic_io", in) }()
	waitFor(t, "the invocation to be in flight", func() bool { e := s.engines()[0]; return e.Busy+e.Queued > 0 })
	if err := send(s, pids); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the server to start its drain", func() bool { return strings.Contains(s.logs.String(), "shutting down") })
	cont()
	drained(t, s, inFlight)
	logs := s.logs.String()
	for _, bad := range []string{"restarting", "worker lost", "drain incomplete", "signal: "} {
		if strings.Contains(logs, bad) {
			t.Errorf("the log says %q:\n%s", bad, logs)
		}
	}
	for _, pid := range pids {
		waitFor(t, "the workers to be gone", func() bool { return syscall.Kill(pid, 0) != nil })
	}
}

// Validation at the door: a truncated PTX is refused at upload (422 invalid_library), and a
// function whose constant buffers alone need more than the largest pool (the cpu device's
// 256 MiB) at registration (422 invalid_config, with the sizing's JSON path and both sizes).
// (Both were accepted and failed only at invocation.)
func TestValidationAtTheDoor(t *testing.T) {
	s := start(t)
	ptx := examples.MustPTX("testkernels")
	cut := ptx[:bytes.LastIndex(ptx, []byte("ret;"))]
	if a := s.do("PUT", "/v1/libraries/cut", "application/octet-stream", cut); a.status != 422 || a.code != "invalid_library" || !strings.Contains(a.message, "never closed") {
		t.Fatalf("a truncated PTX: %d %s %s", a.status, a.code, a.message)
	}
	s.uploadExamples("testkernels")
	a := s.do("PUT", "/v1/functions/huge", "application/json", config("args8", `"OUT": {"Absolute": 400000000000}`, `"OUT"`, `{"Ptr": "OUT"}, {"Constant": 1}, {"Constant": -2}, {"Constant": 3}, {"Sizeof": "OUT"}, {"Constant": 5}`))
	if a.status != 422 || a.code != "invalid_config" || !strings.Contains(string(a.body), `"path":"blueprint.buffers.OUT.Absolute"`) ||
		!strings.Contains(string(a.body), "need 400000000000 bytes") || !strings.Contains(string(a.body), "largest device pool of this server holds") {
		t.Fatalf("a 400 GB buffer: %d %s", a.status, a.body)
	}
	s.mustPut("/v1/functions/fits", config("args8", `"OUT": {"Absolute": 40}`, `"OUT"`, `{"Ptr": "OUT"}, {"Constant": 1}, {"Constant": -2}, {"Constant": 3}, {"Sizeof": "OUT"}, {"Constant": 5}`))
}

// drained checks the end of a drain: the basic_io invocation that was in flight is answered
// correctly, and the server exits cleanly (the wait bounds a hung server only).
func drained(t *testing.T, s *server, inFlight <-chan answer) {
	t.Helper()
	if a := <-inFlight; a.status != 200 || binary.LittleEndian.Uint64(a.outputs["A"]) != 98765 {
		t.Fatalf("the invocation in flight: %d %s %s", a.status, a.code, a.message)
	}
	select {
	case err := <-s.done:
		s.done <- err
		if err != nil {
			t.Fatalf("exit: %v", err)
		}
	case <-time.After(2 * time.Minute): // a hung server only
		t.Fatal("no exit after the drain")
	}
}
