package frontend

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
)

// A bearer token is never logged nor echoed: malformed requests carrying one (a bad byte in
// the Authorization value, a line without a colon, a header too large, bad framing, a bad
// request line) are answered with the class of their fault, and the server's log (fasthttp's
// lines included, at debug level) shows no byte of the request.
func TestTokenNeverLoggedOrEchoed(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	_, ln := tokenServer(t, Config{Log: zap.New(core)})
	addr := ln.Addr().String()
	tok := aliceToken
	cases := map[string]string{
		"control byte in the value":  "GET /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + tok + "\x01\r\n\r\n",
		"no colon":                   "GET /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization Bearer " + tok + "\r\n\r\n",
		"space before the colon":     "GET /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization : Bearer " + tok + "\r\n\r\n",
		"token as a key":             "GET /v1/functions HTTP/1.1\r\nHost: x\r\nBearer\x01" + tok + ": x\r\n\r\n",
		"header too large":           "GET /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + tok + "\r\nX-Pad: " + strings.Repeat("p", 20<<10) + "\r\n\r\n",
		"bad transfer-encoding":      "POST /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + tok + "\r\nTransfer-Encoding: " + tok + "\r\n\r\n",
		"non-numeric content-length": "POST /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + tok + "\r\nContent-Length: " + tok + "\r\n\r\n",
		"two content-lengths":        "POST /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + tok + "\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nx",
		"broken chunk":               "POST /v1/functions/matmul/invoke HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + tok + "\r\nTransfer-Encoding: chunked\r\n\r\n" + tok + "\r\n",
		"bad request line":           "GET /v1/functions " + tok + " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + tok + "\r\n\r\n",
		"token in the method":        tok + "\x01 /v1/functions HTTP/1.1\r\nHost: x\r\n\r\n",
		"unknown token":              "GET /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer x" + tok + "\r\n\r\n",
		"truncated after the header": "POST /v1/functions/matmul/invoke HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + tok + "\r\nContent-Length: 100\r\n\r\n" + tok,
		"HTTP/1.0 with chunked":      "POST /v1/functions/matmul/invoke HTTP/1.0\r\nHost: x\r\nAuthorization: Bearer " + tok + "\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
		"header cut short, then EOF": "GET /v1/functions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + tok,
	}
	for name, send := range cases {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(time.Minute)) // a hung test only
		io.WriteString(c, send)
		c.(*net.TCPConn).CloseWrite() // the request ends here
		// Everything the server sends until it closes (fasthttp logs a connection's error
		// before it closes the connection).
		answer, _ := io.ReadAll(c)
		c.Close()
		if strings.Contains(string(answer), tok) {
			t.Errorf("%s: the answer shows the token:\n%s", name, answer)
		}
		if resp, err := http.ReadResponse(bufio.NewReader(strings.NewReader(string(answer))), nil); err == nil {
			if dump, _ := httputil.DumpResponse(resp, true); resp.StatusCode < 400 {
				t.Errorf("%s: answered %s", name, dump)
			}
		}
	}
	served := 0
	for _, e := range logs.All() {
		line := e.Message
		for k, v := range e.ContextMap() {
			line += " " + k + "=" + strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(toString(v), "\n", " "), "\r", " "))
		}
		if strings.Contains(line, tok) {
			t.Errorf("a log line shows the token: %s", line)
		}
		if strings.Contains(line, "error when serving connection") {
			served++
		}
	}
	if served == 0 {
		t.Fatalf("none of fasthttp's connection errors reached the server's log (%d lines): its own logger would print them with the request's bytes", logs.Len())
	}
}

func toString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}
