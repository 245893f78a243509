package frontend

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

// chunked frames body as one chunk and the end.
func chunked(body string) string { return fmt.Sprintf("%x\r\n%s\r\n0\r\n\r\n", len(body), body) }

// The server reads request bodies itself (body.go) with the limits fasthttp applied: a chunked
// body longer than twice --max-body-bytes is refused once it passes that, without reading the
// rest, and the connection closes; a body longer than the limit but within twice it is read and
// answered 413 by the handler; a chunked body within the limit is read whole and served. The
// same with streamed bodies off, where fasthttp reads them.
func TestBodyLimits(t *testing.T) {
	for _, off := range []bool{false, true} {
		t.Run(fmt.Sprintf("NoStreamBody=%v", off), func(t *testing.T) {
			// A read deadline short enough that waiting it out fails the test soon.
			_, ln := tokenServer(t, Config{MaxBodyBytes: 1 << 20, NoStreamBody: off, ReadTimeout: 5 * time.Second})
			addr := ln.Addr().String()
			put := "PUT /v1/libraries/x HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + aliceToken + "\r\n"
			huge := strings.Repeat("y", 3<<20)
			for _, c := range []struct {
				name, send string
				status     int
				code       string
				closes     bool
			}{
				{"chunked past twice the limit", put + "Transfer-Encoding: chunked\r\n\r\n" + chunked(huge), 413, "body_too_large", true},
				{"chunked past the limit", put + "Transfer-Encoding: chunked\r\n\r\n" + chunked(huge[:3<<19]), 413, "body_too_large", false},
				{"declared past the limit", put + fmt.Sprintf("Content-Length: %d\r\n\r\n", 3<<19) + huge[:3<<19], 413, "body_too_large", false},
				// The header alone: answered from it, not after the read deadline
				// (fasthttp waits for a body's first bytes before the handler).
				{"declared past twice the limit, header only", put + fmt.Sprintf("Content-Length: %d\r\n\r\n", 3<<20), 413, "body_too_large", true},
				{"an invocation declared past twice the limit, header only", "POST /v1/functions/basic_io/invoke HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + aliceToken +
					"\r\nContent-Type: application/octet-stream\r\n" + fmt.Sprintf("Content-Length: %d\r\n\r\n", 3<<20), 413, "body_too_large", true},
				{"chunked within the limit", put + "Transfer-Encoding: chunked\r\n\r\n" + chunked("hello"), 422, "invalid_library", false},
				{"declared within the limit", put + "Content-Length: 5\r\n\r\nhello", 422, "invalid_library", false},
			} {
				before := ln.read.Load()
				resp, body, _ := rawExchange(t, addr, c.send)
				if resp.StatusCode != c.status || errorCode(body) != c.code {
					t.Fatalf("%s: %d %s, want %d %s", c.name, resp.StatusCode, body, c.status, c.code)
				}
				if c.closes && !resp.Close {
					t.Fatalf("%s: the connection stays open with the body unread", c.name)
				}
				if n := ln.read.Load() - before; c.closes && n > 5<<19 {
					t.Fatalf("%s: the server read %d bytes of a body it refused past %d", c.name, n, 2<<20)
				}
			}
		})
	}
}

// A multipart body is held to the same limits (fasthttp's parse of multipart bodies before the
// handler, off now, read a streamed one of any length): one declared at 40 MiB with a limit of
// 1 MiB is refused unread and its connection closes.
func TestMultipartBodyLimit(t *testing.T) {
	for _, off := range []bool{false, true} {
		t.Run(fmt.Sprintf("NoStreamBody=%v", off), func(t *testing.T) {
			_, ln := tokenServer(t, Config{MaxBodyBytes: 1 << 20, NoStreamBody: off})
			file := strings.Repeat("z", 40<<20)
			body := "--BB\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a\"\r\nContent-Type: application/octet-stream\r\n\r\n" + file + "\r\n--BB--\r\n"
			send := "PUT /v1/functions/f HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + aliceToken + "\r\nContent-Type: multipart/form-data; boundary=BB\r\n" + fmt.Sprintf("Content-Length: %d\r\n\r\n", len(body)) + body
			before := ln.read.Load()
			resp, answer, _ := rawExchange(t, ln.Addr().String(), send)
			if resp.StatusCode != 413 || errorCode(answer) != "body_too_large" || !resp.Close {
				t.Fatalf("%d %s (closes: %v), want 413 body_too_large and the connection closed", resp.StatusCode, answer, resp.Close)
			}
			if n := ln.read.Load() - before; n > 1<<20 {
				t.Fatalf("the server read %d bytes of a body declared at %d", n, len(body))
			}
		})
	}
}

// An invocation answered before its streamed body was needed (an unknown function, a bad
// header) has the rest of its body read and dropped: the client gets its answer, and the
// connection serves the next request.
func TestEarlyAnswerKeepsTheConnection(t *testing.T) {
	_, ln := tokenServer(t, Config{})
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Minute))
	br := bufio.NewReader(c)
	body := strings.Repeat("b", 200_000)
	head := func(path, extra string) string {
		return "POST " + path + " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + opsToken + "\r\nContent-Type: application/octet-stream\r\n" + extra +
			fmt.Sprintf("Content-Length: %d\r\n\r\n", len(body))
	}
	for _, c2 := range []struct {
		name, send string
		status     int
	}{
		{"unknown function", head("/v1/functions/nosuch/invoke", "") + body, 404},
		{"bad timeout", head("/v1/tenants/default/functions/basic_io/invoke", "X-Gpufn-Timeout: soon\r\n") + body, 400},
		{"after them", "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", 200},
	} {
		go io.WriteString(c, c2.send)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("%s: no answer: %v", c2.name, err)
		}
		io.Copy(io.Discard, resp.Body)
		if resp.StatusCode != c2.status || resp.Close {
			t.Fatalf("%s: %d (closes: %v), want %d on a connection that stays open", c2.name, resp.StatusCode, resp.Close, c2.status)
		}
	}
}

// A gzip-encoded multipart body is inflated within the body limit too: 64 MiB of zeros in a
// body of about 64 KiB, with a limit of 1 MiB, is refused as too large rather than inflated.
func TestMultipartGzipLimit(t *testing.T) {
	base := newServer(t)
	s := New(Config{MaxBodyBytes: 1 << 20}, base.d, base.tokens)
	var raw bytes.Buffer
	w := multipart.NewWriter(&raw)
	fw, _ := w.CreateFormFile("weights", "w.safetensors")
	fw.Write(make([]byte, 64<<20))
	w.Close()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(raw.Bytes())
	zw.Close()
	var ctx fasthttp.RequestCtx
	request(&ctx, "PUT", "/v1/functions/f", w.FormDataContentType(), gz.Bytes())
	ctx.Request.Header.Set("Content-Encoding", "gzip")
	s.handle(&ctx)
	if ctx.Response.StatusCode() != 400 || !strings.Contains(string(ctx.Response.Body()), "exceeds") {
		t.Fatalf("%d %s: want 400, the inflated body exceeding the limit", ctx.Response.StatusCode(), ctx.Response.Body())
	}
}
