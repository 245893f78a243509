package frontend

import (
	"bytes"
	"strconv"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/call"
)

// The door: what the server decides on a request's header alone, before it reads the body.
//
// fasthttp reads a request's body before it calls the handler, so that a client without a
// token could make the server buffer up to twice --max-body-bytes per connection (12 such
// POSTs of 120 MiB raised the server's memory by more than a GiB). Server.HeaderReceived runs
// between the header and the body: a request that declares a body which the server will not
// take (no valid token, a route outside /v1/, which take no body, a body framed two ways or
// with another Transfer-Encoding than chunked, new work while draining, a declared length past
// twice --max-body-bytes) has its body length set to zero, its connection marked to close and
// the header X-Gpufn-Door set (to "too-large N" for the last). fasthttp then reads none of the
// body and calls the handler, which sees the mark, answers from the header alone (401, 400,
// 413, 503, or the system route's answer), and the connection closes with the body unread. A
// request that says Expect: 100-continue is answered the same way without a 100 Continue
// (expectContinue). X-Gpufn-Door and X-Gpufn-Body-Deadline that a client sends itself are
// dropped before the door looks.

// headerReceived is the server's HeaderReceived: it refuses the body of a request the server
// will not read (see above), and gives the body of one it reads Config.ReadTimeout.
func (s *Server) headerReceived(h *fasthttp.RequestHeader) fasthttp.RequestConfig {
	// The door's own headers come from here only: a client's are dropped (fasthttp calls
	// this for every request, with a body or not).
	h.DelBytes(hdrDoor)
	h.DelBytes(hdrBodyDeadline)
	cl := h.ContentLength()
	if cl == 0 || cl == -2 {
		return fasthttp.RequestConfig{} // no body
	}
	admit, invoke := s.admitsBody(h)
	if !admit {
		h.SetContentLength(0)
		h.SetConnectionClose()
		h.SetBytesKV(hdrDoor, doorRefused)
		return fasthttp.RequestConfig{}
	}
	if cl > 2*s.cfg.MaxBodyBytes {
		// Far past the limit: refused unread, 413, as bufferBody refuses it, but from here
		// (fasthttp waits for a body's first bytes before it calls the handler, so a client
		// that sent the header alone would get no answer until its read deadline).
		h.SetContentLength(0)
		h.SetConnectionClose()
		var b [40]byte
		h.SetBytesKV(hdrDoor, strconv.AppendInt(append(b[:0], doorTooLarge...), int64(cl), 10))
		return fasthttp.RequestConfig{}
	}
	if invoke {
		// An invocation is on its way: wake its worker while the body arrives
		// (engine/prewake.go). Its body may be streamed into the worker: tell the handler
		// when the body's read deadline, set from here, is (body.go).
		s.d.Prewake()
		var b [20]byte
		h.SetBytesKV(hdrBodyDeadline, strconv.AppendInt(b[:0], time.Now().Add(s.cfg.ReadTimeout).UnixNano(), 10))
	}
	// An admitted body may take ReadTimeout from here; the header had HeaderTimeout.
	return fasthttp.RequestConfig{ReadTimeout: s.cfg.ReadTimeout}
}

var (
	hdrDoor     = []byte("X-Gpufn-Door")
	doorRefused = []byte("refused")
	// doorTooLarge, then the declared length: a body far past --max-body-bytes.
	doorTooLarge = []byte("too-large ")
)

// admitsBody reports whether the server reads the body of a request with this header: one to
// a /v1/ or /v2/ route (takesBody), framed one way, with a valid token, and not new work while
// the server drains; and whether it asks for an invocation (invokeRoute).
func (s *Server) admitsBody(h *fasthttp.RequestHeader) (admit, invoke bool) {
	if code, _ := badFraming(h); code != "" {
		return false, false
	}
	u := fasthttp.AcquireURI()
	defer fasthttp.ReleaseURI(u)
	if u.Parse(h.Host(), h.RequestURI()) != nil || !takesBody(u.Path()) {
		return false, false
	}
	if _, err := s.tokens.Authenticate(h.PeekBytes(hdrAuth)); err != nil {
		return false, false
	}
	if s.draining.Load() && newWork(h) {
		return false, false
	}
	return true, invokeRoute(h.Method(), u.Path())
}

// newWork reports whether a request asks for work: anything but reading (GET, HEAD).
func newWork(h *fasthttp.RequestHeader) bool { return !h.IsGet() && !h.IsHead() }

// bodyRefused reports whether the door refused the body of this request.
func bodyRefused(h *fasthttp.RequestHeader) bool {
	return h.ContentLength() == 0 && len(h.PeekBytes(hdrDoor)) > 0
}

// declaredTooLarge returns the declared length of a body that the door refused as far past
// the limit.
func declaredTooLarge(h *fasthttp.RequestHeader) (int, bool) {
	v, ok := bytes.CutPrefix(h.PeekBytes(hdrDoor), doorTooLarge)
	if !ok || h.ContentLength() != 0 {
		return 0, false
	}
	n, err := strconv.Atoi(string(v))
	return n, err == nil
}

// expectContinue is the server's ExpectHandler, for a request that says Expect:
// 100-continue: one whose body the door refused is answered at once, without a 100 Continue
// (so that its client never sends the body), as the handler answers it; one whose declared
// body exceeds the limit is answered 413; the others get their 100 Continue.
func (s *Server) expectContinue(ctx *fasthttp.RequestCtx) int {
	h := &ctx.Request.Header
	if bodyRefused(h) {
		s.handle(ctx)
		return ctx.Response.StatusCode()
	}
	if n := h.ContentLength(); n > s.cfg.MaxBodyBytes {
		s.tooLarge(ctx, n)
		return ctx.Response.StatusCode()
	}
	return fasthttp.StatusContinue
}

// badFraming returns why a request's body cannot be delimited safely, or code "":
// Content-Length together with Transfer-Encoding (a proxy in front may delimit the body by the
// other one, and the rest would be read as a request of its own: 400, and the connection
// closes), a Transfer-Encoding other than chunked (400), or an HTTP/1.0 request that may carry
// a body but says neither how long it is (its body runs to the connection's end, which fasthttp
// does not read: it would run on an empty body; 411).
func badFraming(h *fasthttp.RequestHeader) (call.Code, string) {
	fr := scanFraming(h.RawHeaders())
	switch {
	case fr.length && fr.encoding:
		return call.CodeBadRequest, "the request has both Content-Length and Transfer-Encoding; send one"
	case fr.encoding && !fr.encodingChunks:
		return call.CodeBadRequest, "the request's Transfer-Encoding is not chunked; send chunked, or Content-Length"
	case !fr.length && !fr.encoding && !h.IsHTTP11() && (h.IsPost() || h.IsPut() || h.IsPatch()):
		return call.CodeLengthRequired, "an HTTP/1.0 request with a body needs Content-Length"
	}
	return "", ""
}

// framing is what a request's raw header says about the length of its body.
type framing struct {
	length         bool // a Content-Length field
	encoding       bool // a Transfer-Encoding field
	encodingChunks bool // ... that says chunked
}

var (
	rawContentLength    = []byte("Content-Length")
	rawTransferEncoding = []byte("Transfer-Encoding")
	rawChunked          = []byte("chunked")
)

// scanFraming reads the framing fields of a raw header block (lines of "Key: value"). fasthttp
// keeps only one of Content-Length and Transfer-Encoding when a request has both, and ignores
// Transfer-Encoding: identity; the raw header has them all.
func scanFraming(raw []byte) framing {
	var f framing
	for len(raw) > 0 {
		line := raw
		if i := bytes.IndexByte(raw, '\n'); i >= 0 {
			line, raw = raw[:i], raw[i+1:]
		} else {
			raw = nil
		}
		colon := bytes.IndexByte(line, ':')
		if colon != len(rawContentLength) && colon != len(rawTransferEncoding) {
			continue
		}
		switch key := line[:colon]; {
		case bytes.EqualFold(key, rawContentLength):
			f.length = true
		case bytes.EqualFold(key, rawTransferEncoding):
			f.encoding = true
			f.encodingChunks = bytes.EqualFold(bytes.TrimSpace(line[colon+1:]), rawChunked)
		}
	}
	return f
}
