package frontend

import (
	"fmt"
	"strings"
	"testing"
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
			_, ln := tokenServer(t, Config{MaxBodyBytes: 1 << 20, NoStreamBody: off})
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
