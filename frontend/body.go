package frontend

import (
	"bytes"
	"errors"
	"io"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/call"
)

// Request bodies. fasthttp hands the handler a request once its header is read, with the body
// still to come (Server.StreamRequestBody). Every request's body is then read here, whole, with
// the limits fasthttp would apply (bufferBody), before its route's handler runs, except the
// body of an invocation that may be streamed (mayStreamBody): a raw body of at least
// call.StreamMinBytes for /v1/functions/{fn}/invoke. Its handler gives the connection to the
// engine as the invocation's input (call.Invocation.Body, bodyReader): an engine with an idle
// worker sends the request and reads the body from the connection straight into the worker's
// context while the worker prepares (docs/engines.md, "Streamed request bodies"). Where that
// cannot be (the function reads its inputs to size itself, no worker is idle), the handler
// reads the body whole and submits the invocation as any other. A body that is not read to its
// end by the time the handler returns is read and dropped (skipBody), or its connection closes
// (what follows on it cannot be told from the rest of the body).

// streamBodyWaitDefault is Config.StreamBodyWait's default; streamBodyRate (bytes a second)
// gives a body that keeps coming that much longer (a 6 MB body over 1 Gb/s takes 50 ms on the
// wire): what came, not what the client declared, so that a stalled client gets no more.
const (
	streamBodyWaitDefault = 50 * time.Millisecond
	streamBodyRate        = 100 << 20
)

// hdrBodyDeadline carries, from the door to the handler, the read deadline the door gave an
// admitted body (Unix nanoseconds): fasthttp sets it on the connection when the header has
// come, and a handler that shortens it for a streamed body (bodyReader) puts it back.
var hdrBodyDeadline = []byte("X-Gpufn-Body-Deadline")

// bodyDeadline is the request's body read deadline as the door set it (ReadTimeout from the
// arrival of its header); from the handler's start when the door left none.
func (s *Server) bodyDeadline(ctx *fasthttp.RequestCtx) time.Time {
	if v, err := strconv.ParseInt(string(ctx.Request.Header.PeekBytes(hdrBodyDeadline)), 10, 64); err == nil {
		return time.Unix(0, v)
	}
	return ctx.Time().Add(s.cfg.ReadTimeout)
}

// userBody is the request's user value that holds a pooled body buffer, given back when
// fasthttp resets the request (after the answer is written): it closes io.Closer values.
var userBody = []byte("gpufn.body")

// pooledBody is a body buffer from bodyPool.
type pooledBody struct {
	b        []byte
	streamed int // the body's length, when it went into a worker's context (bodyLen)
}

// Close gives the buffer back (fasthttp calls it when it resets the request).
func (p *pooledBody) Close() error {
	if cap(p.b) <= maxPooledBody {
		p.b, p.streamed = p.b[:0], 0
		bodyPool.Put(p)
	}
	return nil
}

// maxPooledBody is the largest buffer kept for reuse: larger ones are left to the collector.
const maxPooledBody = 16 << 20

var bodyPool = sync.Pool{New: func() any { return new(pooledBody) }}

// bodyBuffer returns a buffer of n bytes that lives until the request is reset.
func bodyBuffer(ctx *fasthttp.RequestCtx, n int) []byte {
	p := bodyPool.Get().(*pooledBody)
	if cap(p.b) < n {
		p.b = make([]byte, n)
	}
	p.b, p.streamed = p.b[:n], 0
	ctx.Request.SetUserValueBytes(userBody, p)
	return p.b
}

// streamedBody records that the request's body, n bytes, went into a worker's context, and
// closes the body's stream: it was read to its end, and the connection stays open.
func streamedBody(ctx *fasthttp.RequestCtx, n int) {
	if p, ok := ctx.Request.UserValueBytes(userBody).(*pooledBody); ok {
		p.streamed = n
	}
	ctx.Request.CloseBodyStream()
}

// mayStreamBody reports whether the body of this request is left unread for its handler to
// stream into a worker (see above).
func (s *Server) mayStreamBody(ctx *fasthttp.RequestCtx) bool {
	h := &ctx.Request.Header
	n := h.ContentLength()
	return !s.cfg.NoStreamBody && n >= call.StreamMinBytes && n <= s.cfg.MaxBodyBytes && h.IsPost() &&
		bytes.HasPrefix(h.ContentType(), ctOctet) && bytes.HasPrefix(ctx.Path(), prefixV1) && invokeRoute(h.Method(), ctx.Path())
}

// bufferBody reads the request's body whole, if it is still to come, and makes it the
// request's body (PostBody). As fasthttp would: a chunked body is refused once it passes twice
// --max-body-bytes (one declared longer never comes here: the door refused it unread), and a
// shorter one is read whole, so that the handler answers it 413 with a message of its own. On
// an error it answers (the connection closes) and returns false.
func (s *Server) bufferBody(ctx *fasthttp.RequestCtx) bool {
	r := ctx.RequestBodyStream()
	if r == nil {
		return true
	}
	limit := 2 * s.cfg.MaxBodyBytes
	n := ctx.Request.Header.ContentLength()
	var b []byte
	var err error
	if n >= 0 {
		b = bodyBuffer(ctx, n)
		_, err = io.ReadFull(r, b)
	} else { // chunked: up to the limit
		b, err = readUpTo(r, bodyBuffer(ctx, 64<<10)[:0], limit)
		if err == nil && len(b) > limit {
			ctx.SetConnectionClose()
			writeError(ctx, call.CodeBodyTooLarge, "the request body exceeds the limit of "+strconv.Itoa(s.cfg.MaxBodyBytes)+" bytes (--max-body-bytes)", nil)
			return false
		}
		if v, ok := ctx.Request.UserValueBytes(userBody).(*pooledBody); ok {
			v.b = b // grown: the pool keeps the larger buffer
		}
	}
	if err != nil {
		s.readFailed(ctx, err)
		return false
	}
	ctx.Request.SetBodyRaw(b) // closes the stream: the body was read to its end
	return true
}

// tooLarge answers a body of n bytes past --max-body-bytes.
func (s *Server) tooLarge(ctx *fasthttp.RequestCtx, n int) {
	writeError(ctx, call.CodeBodyTooLarge, "the request body is "+strconv.Itoa(n)+" bytes; the limit is "+strconv.Itoa(s.cfg.MaxBodyBytes)+" (--max-body-bytes)", nil)
}

// readFailed answers a request whose body could not be read (in words of its own: classify),
// and closes its connection.
func (s *Server) readFailed(ctx *fasthttp.RequestCtx, err error) {
	ctx.SetConnectionClose()
	code, msg := s.classify(err)
	writeError(ctx, code, msg, nil)
}

// readUpTo appends r's bytes to b until r ends or b holds more than limit bytes.
func readUpTo(r io.Reader, b []byte, limit int) ([]byte, error) {
	for len(b) <= limit {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):min(cap(b), limit+1)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
	return b, nil
}

// bodyReader is an invocation's input read from the request's connection as it comes
// (call.Invocation.Body). Its first Read gives the rest of the body Config.StreamBodyWait,
// plus what has come at streamBodyRate: a read past that returns call.ErrBodySlow, and the engine,
// which holds an idle worker for it, gives it back (the handler then reads the rest under the
// request's own deadline, which the door set: bodyDeadline).
type bodyReader struct {
	r       io.Reader
	conn    net.Conn
	wait    time.Duration
	restore time.Time // the request's read deadline, to go back to
	start   time.Time // the first Read
	n       int       // bytes read
}

func (b *bodyReader) Read(p []byte) (int, error) {
	if b.start.IsZero() {
		b.start = time.Now()
	}
	// The rest has wait from the first read, and longer by what came at streamBodyRate: a
	// client that declares a long body and stalls gets no more than wait.
	until := b.start.Add(b.wait + time.Duration(b.n)*time.Second/streamBodyRate)
	b.conn.SetReadDeadline(minTime(until, b.restore))
	n, err := b.r.Read(p)
	b.n += n
	var ne net.Error
	if err != nil && errors.As(err, &ne) && ne.Timeout() && time.Now().Before(b.restore) {
		err = call.ErrBodySlow
	}
	return n, err
}

var bodyReaders = sync.Pool{New: func() any { return new(bodyReader) }}

// done puts the request's read deadline back.
func (b *bodyReader) done() {
	if !b.start.IsZero() {
		b.conn.SetReadDeadline(b.restore)
	}
}

// release puts the request's read deadline back and gives the reader back, once the
// invocation whose Body it was is answered (or was never submitted).
func (b *bodyReader) release() {
	b.done()
	*b = bodyReader{}
	bodyReaders.Put(b)
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// streamBody makes inv's one input the request's body, still to come (inv.Body); it returns
// the reader (release must be called once the invocation is answered).
func (s *Server) streamBody(ctx *fasthttp.RequestCtx, inv *call.Invocation) *bodyReader {
	n := ctx.Request.Header.ContentLength()
	br := bodyReaders.Get().(*bodyReader)
	*br = bodyReader{r: ctx.RequestBodyStream(), conn: ctx.Conn(), wait: s.cfg.StreamBodyWait, restore: s.bodyDeadline(ctx)}
	inv.Inputs = append(inv.Inputs[:0], bodyBuffer(ctx, n))
	inv.Body = br
	return br
}

// finishBody reads what is left of a streamed body (bytes [from, len) of inv's input; the
// engine kept what came before) under the request's own deadline, makes the input the
// request's body, and drops inv.Body. On an error it answers and returns false (the connection
// closes).
func (s *Server) finishBody(ctx *fasthttp.RequestCtx, inv *call.Invocation, br *bodyReader, from int) bool {
	br.done()
	inv.Body = nil
	in := inv.Inputs[0]
	if _, err := io.ReadFull(br.r, in[from:]); err != nil {
		s.readFailed(ctx, err)
		return false
	}
	ctx.Request.SetBodyRaw(in)
	return true
}

// bodyLen is the length of the request's body: as declared while it is still to come, as
// streamed into a worker (it is not in the request then), else as read.
func bodyLen(ctx *fasthttp.RequestCtx) int {
	if p, ok := ctx.Request.UserValueBytes(userBody).(*pooledBody); ok && p.streamed > 0 {
		return p.streamed
	}
	if ctx.Request.IsBodyStream() {
		return max(0, ctx.Request.Header.ContentLength())
	}
	return len(ctx.Request.Body())
}

// skipBody reads the rest of a body its handler left unread (the request's own read deadline
// applies) and drops it; the connection closes when that fails.
func skipBody(ctx *fasthttp.RequestCtx) {
	r := ctx.RequestBodyStream()
	if _, err := io.Copy(io.Discard, r); err != nil {
		ctx.SetConnectionClose()
		return
	}
	ctx.Request.CloseBodyStream()
}
