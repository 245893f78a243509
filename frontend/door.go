package frontend

import (
	"bytes"
	"strconv"

	"github.com/valyala/fasthttp"

	"gpufn/call"
)

// The door: what the server decides on a request's header alone, before it reads the body.
//
// fasthttp reads a request's body before it calls the handler, so that a client without a
// token could make the server buffer up to twice --max-body-bytes per connection (12 such
// POSTs of 120 MiB raised the server's memory by more than a GiB). Server.HeaderReceived runs
// between the header and the body: a request that declares a body which the server will not
// take (no valid token, a route outside /v1/, which take no body, a body framed two ways, new
// work while draining) has its body length set to zero, its connection marked to close and the
// header X-Gpufn-Door set. fasthttp then reads none of the body and calls the handler, which
// sees the mark, answers from the header alone (401, 400, 503, or the system route's answer),
// and the connection closes with the body unread. A request that says Expect: 100-continue is
// answered the same way without a 100 Continue (expectContinue). A client that sends
// X-Gpufn-Door itself only gets its own request refused.

// headerReceived is the server's HeaderReceived: it refuses the body of a request the server
// will not read (see above), and gives the body of one it reads Config.ReadTimeout.
func (s *Server) headerReceived(h *fasthttp.RequestHeader) fasthttp.RequestConfig {
	cl := h.ContentLength()
	if cl == 0 || cl == -2 {
		return fasthttp.RequestConfig{} // no body
	}
	if !s.admitsBody(h) {
		h.SetContentLength(0)
		h.SetConnectionClose()
		h.SetBytesKV(hdrDoor, doorRefused)
		return fasthttp.RequestConfig{}
	}
	// An admitted body may take ReadTimeout from here; the header had HeaderTimeout.
	return fasthttp.RequestConfig{ReadTimeout: s.cfg.ReadTimeout}
}

var (
	hdrDoor     = []byte("X-Gpufn-Door")
	doorRefused = []byte("refused")
)

// admitsBody reports whether the server reads the body of a request with this header: one to
// a /v1/ route with a valid token, and not new work while the server drains.
func (s *Server) admitsBody(h *fasthttp.RequestHeader) bool {
	u := fasthttp.AcquireURI()
	defer fasthttp.ReleaseURI(u)
	if u.Parse(h.Host(), h.RequestURI()) != nil || !bytes.HasPrefix(u.Path(), prefixV1) {
		return false
	}
	if _, err := s.tokens.Authenticate(h.PeekBytes(hdrAuth)); err != nil {
		return false
	}
	return !(s.draining.Load() && newWork(h))
}

// newWork reports whether a request asks for work: anything but reading (GET, HEAD).
func newWork(h *fasthttp.RequestHeader) bool { return !h.IsGet() && !h.IsHead() }

// bodyRefused reports whether the door refused the body of this request.
func bodyRefused(h *fasthttp.RequestHeader) bool {
	return h.ContentLength() == 0 && len(h.PeekBytes(hdrDoor)) > 0
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
		writeError(ctx, call.CodeBodyTooLarge, "the request body is "+strconv.Itoa(n)+" bytes; the limit is "+strconv.Itoa(s.cfg.MaxBodyBytes)+" (--max-body-bytes)", nil)
		return ctx.Response.StatusCode()
	}
	return fasthttp.StatusContinue
}
