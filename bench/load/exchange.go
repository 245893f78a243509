package load

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/bench/msgpack"
)

// exchanger is the HTTP client of the load generator: it sends one request and reads its
// answer. The scheduling, the send-time bookkeeping, the deadline (counted from the intended
// send time), the classification of the answer and the recorder are the phase's, the same for
// every exchanger; an exchanger only builds the request from the Call and the run's headers,
// sends it, reads the whole answer, and reports through the phase:
//
//	sent := p.sending(j)                  // just before the request goes out
//	... send, read until p.deadline(j) ...
//	p.finish(j, sent, time.Now(), kind, err, timings)
//
// with kind from transportErrKind (no answer) or classifyAnswer (an answer). Reporting
// through the phase, rather than returning the answer, keeps the Server-Timing buffer on the
// exchanger's stack: the fasthttp path allocates nothing per answer for it.
type exchanger interface {
	exchange(p *phase, j job)
}

// Headers of the load generator's requests besides Content-Type and Accept.
const (
	hdrServerTimeout = "X-Gpufn-Timeout"
	hdrBenchRate     = "X-Bench-Rate"
	hdrBenchSeq      = "X-Bench-Seq"
	userAgent        = "gpufn-bench"
	// maxAnswerBytes bounds an answer's body (fasthttp's MaxResponseBodySize in NewClient).
	maxAnswerBytes = 1 << 30
)

var (
	ctMsgpack = []byte("application/msgpack")
	hdrTiming = []byte("Server-Timing")
)

// fastExchanger sends through fasthttp's HostClient (the default): one attempt per request,
// the connection's reads spin-waiting when the client's spin budget says so.
type fastExchanger struct{ hc *fasthttp.HostClient }

func (x fastExchanger) exchange(p *phase, j job) {
	call := j.call
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI(call.URI)
	req.Header.SetMethod(fasthttp.MethodPost)
	if call.ContentType != "" {
		req.Header.SetContentType(call.ContentType)
	}
	if call.Accept != "" {
		req.Header.Set("Accept", call.Accept)
	}
	if p.cfg.ServerTimeout > 0 {
		req.Header.Set(hdrServerTimeout, p.cfg.ServerTimeout.String())
	}
	if p.cfg.TagRequests {
		req.Header.Set(hdrBenchRate, p.rateStr)
		req.Header.Set(hdrBenchSeq, strconv.FormatInt(j.i, 10))
	}
	req.SetBodyRaw(call.Body)

	sent := p.sending(j)
	err := x.hc.DoDeadline(req, resp, p.deadline(j))
	end := time.Now()
	var kind string
	if err != nil {
		kind = transportErrKind(err, false)
	} else {
		kind, err = classifyAnswer(resp.StatusCode(), bytes.HasPrefix(resp.Header.ContentType(), ctMsgpack), resp.Body(), call)
	}
	var buf [16]ServerTiming
	var timings []ServerTiming
	if kind == "" {
		if v := resp.Header.PeekBytes(hdrTiming); len(v) > 0 {
			timings = ParseServerTiming(buf[:0], v)
		}
	}
	p.finish(j, sent, end, kind, err, timings)
}

// netExchanger sends through Go's net/http Transport, the HTTP stack vegeta uses: HTTP/1.1,
// keep-alive, no limit on connections and as many idle ones kept per host as the client may
// have in flight, no compression, no proxy. Each answer's body is read to its end into a
// pooled buffer (so that it can be checked like the fasthttp path's) and the request is never
// sent twice.
type netExchanger struct {
	tr   *http.Transport
	bufs sync.Pool // *bytes.Buffer: answer bodies
}

func newNetExchanger(o ClientOptions) *netExchanger {
	var protos http.Protocols
	protos.SetHTTP1(true)
	return &netExchanger{tr: &http.Transport{
		Proxy:               nil, // loopback measurements: never through a proxy
		DialContext:         (&net.Dialer{Timeout: o.Timeout, KeepAlive: 30 * time.Second}).DialContext,
		Protocols:           &protos,
		MaxIdleConns:        0, // no limit
		MaxIdleConnsPerHost: o.MaxConns,
		MaxConnsPerHost:     0, // no limit: a request never waits for a connection
		IdleConnTimeout:     time.Minute,
		DisableCompression:  true, // the same headers as the fasthttp path: no Accept-Encoding
		ReadBufferSize:      o.BufferSize,
		WriteBufferSize:     o.BufferSize,
	}}
}

// Header values shared by every request (net/http only reads them).
var (
	hvUserAgent = []string{userAgent}
	hvMsgpack   = []string{"application/msgpack"}
	hvOctets    = []string{"application/octet-stream"}
)

func headerValue(v string) []string {
	switch v {
	case hvMsgpack[0]:
		return hvMsgpack
	case hvOctets[0]:
		return hvOctets
	}
	return []string{v}
}

func (x *netExchanger) exchange(p *phase, j job) {
	call := j.call
	ctx, cancel := context.WithDeadline(context.Background(), p.deadline(j))
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, call.URI, bytes.NewReader(call.Body))
	if err != nil {
		p.finish(j, time.Time{}, time.Now(), ErrKindTransport, err, nil)
		return
	}
	// One attempt, as with fasthttp: without GetBody, net/http cannot rewind the body and so
	// never sends the request again on another connection.
	req.GetBody = nil
	h := req.Header
	h["User-Agent"] = hvUserAgent
	if call.ContentType != "" {
		h["Content-Type"] = headerValue(call.ContentType)
	}
	if call.Accept != "" {
		h["Accept"] = headerValue(call.Accept)
	}
	if p.cfg.ServerTimeout > 0 {
		h[hdrServerTimeout] = []string{p.cfg.ServerTimeout.String()}
	}
	if p.cfg.TagRequests {
		h[hdrBenchRate] = []string{p.rateStr}
		h[hdrBenchSeq] = []string{strconv.FormatInt(j.i, 10)}
	}

	sent := p.sending(j)
	resp, err := x.tr.RoundTrip(req)
	if err != nil {
		p.finish(j, sent, time.Now(), transportErrKind(err, ctx.Err() != nil), err, nil)
		return
	}
	buf := x.buffer(resp.ContentLength)
	defer x.bufs.Put(buf)
	_, err = buf.ReadFrom(io.LimitReader(resp.Body, maxAnswerBytes+1))
	resp.Body.Close()
	end := time.Now()
	switch {
	case err != nil:
		p.finish(j, sent, end, transportErrKind(err, ctx.Err() != nil), fmt.Errorf("reading the answer: %w", err), nil)
		return
	case buf.Len() > maxAnswerBytes:
		p.finish(j, sent, end, ErrKindTransport, fmt.Errorf("answer body larger than %d bytes", maxAnswerBytes), nil)
		return
	}
	kind, err := classifyAnswer(resp.StatusCode, strings.HasPrefix(resp.Header.Get("Content-Type"), string(ctMsgpack)), buf.Bytes(), call)
	var tbuf [16]ServerTiming
	var timings []ServerTiming
	if kind == "" {
		if v := resp.Header.Get(string(hdrTiming)); v != "" {
			timings = ParseServerTiming(tbuf[:0], []byte(v))
		}
	}
	p.finish(j, sent, end, kind, err, timings)
}

// buffer returns an empty pooled buffer with room for an answer of n bytes (n < 0: unknown)
// and bytes.Buffer.ReadFrom's end-of-file read, so that reading the answer does not grow it.
func (x *netExchanger) buffer(n int64) *bytes.Buffer {
	buf, _ := x.bufs.Get().(*bytes.Buffer)
	if buf == nil {
		buf = new(bytes.Buffer)
	}
	buf.Reset()
	if n > 0 && n <= maxAnswerBytes {
		buf.Grow(int(n) + bytes.MinRead)
	}
	return buf
}

// transportErrKind sorts a request that got no (whole) answer: a timeout when the deadline
// passed (expired: the request's context ended) or the error says so, else a transport error.
func transportErrKind(err error, expired bool) string {
	var ne net.Error
	if expired || errors.Is(err, fasthttp.ErrTimeout) || errors.Is(err, os.ErrDeadlineExceeded) ||
		errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return ErrKindTimeout
	}
	return ErrKindTransport
}

// classifyAnswer sorts an answer into an error kind ("" for success): a non-2xx status, a
// msgpack map that cannot be read, or an output that fails the call's check. isMsgpack says the
// answer's content type is application/msgpack: the output is then call.Output's field.
func classifyAnswer(status int, isMsgpack bool, body []byte, call *Call) (string, error) {
	if status < 200 || status > 299 {
		if len(body) > 200 {
			body = body[:200]
		}
		return "http_" + strconv.Itoa(status), fmt.Errorf("HTTP %d: %s", status, bytes.TrimSpace(body))
	}
	out := body
	if call.Output != "" && isMsgpack {
		v, err := msgpack.Lookup(out, call.Output)
		if err != nil {
			return ErrKindBadResponse, err
		}
		out = v
	}
	if call.Check != nil {
		if err := call.Check(out); err != nil {
			return ErrKindWrongOutput, err
		}
	}
	return "", nil
}
