package frontend

import (
	"bytes"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/auth"
	"gpufn/call"
	"gpufn/metrics"
)

var (
	ctOctet   = []byte("application/octet-stream")
	ctMsgpack = "application/msgpack"
	hdrTiming = []byte("X-Gpufn-Timeout")
	// hdrMinRevision asks for a registry revision (from X-Gpufn-Revision of a registration's
	// answer) before the request is served (cluster.go); hdrForwarded marks a request a server of the
	// cluster forwarded, which is never forwarded again.
	hdrMinRevision = []byte("X-Gpufn-Min-Revision")
	hdrForwarded   = []byte("X-Gpufn-Forwarded")
)

// invoke runs POST /v1/functions/{fn}/invoke.
func (s *Server) invoke(ctx *fasthttp.RequestCtx, caller auth.Identity, tenant, name []byte) {
	if s.cfg.AccessLog == nil {
		s.runInvoke(ctx, caller, tenant, name)
		return
	}
	start := time.Now()
	worker := s.runInvoke(ctx, caller, tenant, name)
	s.logAccess(ctx, caller, tenant, name, worker, time.Since(start))
}

// runInvoke answers an invocation; it returns the ID of the worker that ran it ("" if none).
func (s *Server) runInvoke(ctx *fasthttp.RequestCtx, caller auth.Identity, tenant, name []byte) (worker string) {
	start := time.Now()
	fn, err := s.d.Lookup(caller, tenant, name)
	if err != nil {
		s.metrics.Unknown().Failed(codeOf(err))
		s.dispatchError(ctx, err)
		return
	}
	series := s.metrics.Function(fn, tenant)
	inv := call.Acquire()
	defer func() { call.Release(inv) }() // inv is replaced when a streamed body came slowly
	inv.Fn = fn
	inv.Tenant = caller.Tenant
	if msg := s.readRequest(ctx, inv); msg != "" {
		series.Failed(call.CodeBadRequest)
		writeError(ctx, call.CodeBadRequest, msg, nil)
		return
	}
	var br *bodyReader
	if ctx.Request.IsBodyStream() { // left unread for the engine (body.go)
		br = s.streamBody(ctx, inv)
		defer br.release()
	}
	if !s.submit(ctx, inv, br, series) {
		return
	}
	<-inv.Done()
	if br != nil && inv.Err != nil && inv.Err.Code == call.CodeBodySlow {
		// The body came too slowly for the idle worker it went to: what came is in the
		// input; read the rest and submit it again, as any other.
		again := call.Acquire()
		again.Fn, again.Tenant, again.Headroom = inv.Fn, inv.Tenant, inv.Headroom
		again.Inputs = append(again.Inputs[:0], inv.Inputs[0])
		call.Release(inv)
		inv = again
		if !s.finishBody(ctx, inv, br, br.n) {
			series.Failed(call.CodeBadRequest)
			return
		}
		if !s.submit(ctx, inv, nil, series) {
			return
		}
		<-inv.Done()
	}
	if br != nil && inv.Body == nil && br.n == len(inv.Inputs[0]) && ctx.Request.IsBodyStream() {
		streamedBody(ctx, br.n) // body.go: read to its end, into the worker's context
	}
	worker = inv.Sched.Worker
	if inv.Err != nil {
		series.Failed(inv.Err.Code)
		writeTiming(ctx, &inv.Timing, time.Since(start))
		writeError(ctx, inv.Err.Code, inv.Err.Message, nil)
		return
	}
	series.Succeeded(&inv.Timing, time.Since(start))
	if len(inv.Outputs) == 1 { // Headroom was set for it before Submit
		writeOneOutput(ctx, inv, start)
		return
	}
	// Several outputs: a msgpack map, copied into the body.
	p := fn.Plan
	resp := &ctx.Response
	resp.Header.SetContentType(ctMsgpack)
	resp.ResetBody()
	var hdr [16]byte
	resp.AppendBody(appendMapHeader(hdr[:0], len(inv.Outputs)))
	for i, out := range inv.Outputs {
		resp.AppendBody(appendStr(hdr[:0], p.SlotName(int(p.Outputs[i]))))
		resp.AppendBody(appendBinHeader(hdr[:0], len(out)))
		resp.AppendBody(out)
	}
	writeTiming(ctx, &inv.Timing, time.Since(start))
	return worker
}

// submit submits inv; a streamed body (br) that no idle worker can take is read whole first
// (call.ErrNotLent). It answers the client and returns false when inv was not submitted (or a
// peer of the cluster answered it).
func (s *Server) submit(ctx *fasthttp.RequestCtx, inv *call.Invocation, br *bodyReader, series *metrics.Series) bool {
	err := s.d.Submit(inv)
	if err == call.ErrNotLent {
		if !s.finishBody(ctx, inv, br, 0) {
			series.Failed(call.CodeBadRequest)
			return false
		}
		err = s.d.Submit(inv)
	}
	if err == nil {
		return true
	}
	if ok, code := s.overflow(ctx, err); ok {
		if code != "" {
			series.Failed(code) // a peer's answer counts in the peer's metrics
		}
		return false
	}
	series.Failed(codeOf(err))
	s.dispatchError(ctx, err)
	return false
}

// readRequest fills inv's inputs from the body, its deadline from X-Gpufn-Timeout and its
// output headroom; it returns a message for the client when the request is bad.
func (s *Server) readRequest(ctx *fasthttp.RequestCtx, inv *call.Invocation) string {
	p := inv.Fn.Plan
	streamed := ctx.Request.IsBodyStream() // a raw body still to come (body.go): runInvoke takes it
	var body []byte
	if !streamed {
		body = ctx.PostBody()
	}
	switch {
	case bytes.HasPrefix(ctx.Request.Header.ContentType(), ctOctet):
		if len(p.Inputs) != 1 {
			return "function " + strconv.Quote(inv.Fn.Name) + " takes " + strconv.Itoa(len(p.Inputs)) + " inputs; a raw body carries exactly one: send a msgpack map of input names to bytes"
		}
		if !streamed {
			inv.Inputs = append(inv.Inputs[:0], body)
		}
	case len(p.Inputs) == 0 && (len(body) == 0 || (len(body) == 1 && (body[0] == 0xc0 || body[0] == 0x80))):
		inv.Inputs = inv.Inputs[:0] // no inputs: an empty body, msgpack nil or an empty map
	default:
		if msg := decodeInputs(inv, body, p.Inputs); msg != "" {
			return msg
		}
	}
	if v := ctx.Request.Header.PeekBytes(hdrTiming); len(v) > 0 {
		d, ok := parseTimeout(v)
		if !ok {
			return "X-Gpufn-Timeout must be a positive duration such as 250ms or 2s"
		}
		inv.Deadline = time.Now().Add(min(d, s.cfg.MaxTimeout))
	}
	if len(p.Outputs) == 1 {
		// Room for the msgpack framing of the one output (map header, its name, a bin header)
		// before it: the answer body is then the invocation's buffer itself, not a copy.
		inv.Headroom = 1 + len(appendStr(nil, p.SlotName(int(p.Outputs[0])))) + 5
	}
	return ""
}

// writeOneOutput answers a function's single output: raw bytes when the client accepts them,
// else a msgpack map of one entry whose header goes into the headroom before the output.
func writeOneOutput(ctx *fasthttp.RequestCtx, inv *call.Invocation, start time.Time) {
	p := inv.Fn.Plan
	resp := &ctx.Response
	buf, at := inv.OutputBuffer(), inv.Headroom
	if bytes.Contains(ctx.Request.Header.Peek("Accept"), ctOctet) {
		resp.Header.SetContentTypeBytes(ctOctet)
	} else {
		resp.Header.SetContentType(ctMsgpack)
		var hdr [64]byte
		h := appendMapHeader(hdr[:0], 1)
		h = appendStr(h, p.SlotName(int(p.Outputs[0])))
		h = appendBinHeader(h, len(inv.Outputs[0]))
		at -= len(h) // Headroom was sized for the longest header
		copy(buf[at:], h)
	}
	// The buffer itself becomes the body, written by fasthttp after the handler returns and
	// given back to the free lists when written (or dropped): not copied again, and the next
	// invocation copies into memory already mapped.
	writeTiming(ctx, &inv.Timing, time.Since(start))
	resp.SetBodyStream(newAnswerBody(inv.TakeOutputBuffer(), at), len(buf)-at)
}

// decodeInputs fills inv.Inputs in the function's input order from a msgpack map; it returns a
// message for the client on error.
func decodeInputs(inv *call.Invocation, body []byte, names []string) string {
	r, err := newMapReader(body)
	if err != nil {
		return err.Error() + " (send a msgpack map of input names to bytes, or a raw body with Content-Type: application/octet-stream for a function of one input)"
	}
	inv.Inputs = inv.Inputs[:0]
	for range names {
		inv.Inputs = append(inv.Inputs, nil)
	}
	// Bit i: input i given. On the stack for functions of up to 256 inputs (--max-buffers'
	// default); a function of more allocates it.
	var seenBuf [4]uint64
	seen := seenBuf[:]
	if n := (len(names) + 63) / 64; n > len(seenBuf) {
		seen = make([]uint64, n)
	}
	for {
		k, v, ok := r.next()
		if !ok {
			break
		}
		i := indexOf(names, k)
		if i < 0 {
			return "the function has no input " + strconv.Quote(string(k)) + "; its inputs are " + quoteList(names)
		}
		if seen[i/64]&(1<<(i%64)) != 0 {
			return "input " + strconv.Quote(names[i]) + " is given twice"
		}
		seen[i/64] |= 1 << (i % 64)
		inv.Inputs[i] = v
	}
	if r.err != nil {
		return r.err.Error()
	}
	for i, in := range inv.Inputs {
		if seen[i/64]&(1<<(i%64)) == 0 {
			return "missing input " + strconv.Quote(names[i]) + "; the function's inputs are " + quoteList(names)
		}
		if in == nil {
			inv.Inputs[i] = []byte{}
		}
	}
	return ""
}

func indexOf(names []string, k []byte) int {
	for i, n := range names {
		if n == string(k) {
			return i
		}
	}
	return -1
}

func quoteList(names []string) string {
	var b []byte
	for i, n := range names {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendQuote(b, n)
	}
	if len(b) == 0 {
		return "none"
	}
	return string(b)
}

// parseTimeout reads "250ms", "2s", "1.5s" or a bare number of milliseconds.
func parseTimeout(v []byte) (time.Duration, bool) {
	if n, err := strconv.ParseUint(string(v), 10, 32); err == nil {
		return time.Duration(n) * time.Millisecond, n > 0
	}
	d, err := time.ParseDuration(string(v))
	return d, err == nil && d > 0
}

var timingNames = [...]string{"queue", "copyin", "ipc", "load", "place", "wait", "h2d", "kernel", "d2h", "zero", "worker", "copyout", "total", "handler"}

// writeTiming sets the standard Server-Timing header: the per-stage breakdown in ms, in the
// order of an invocation's path. worker is the worker's own time (load to zero and its
// bookkeeping); total is from admission to the engine's answer; handler is the whole HTTP
// handler, decoding and encoding included.
func writeTiming(ctx *fasthttp.RequestCtx, t *call.Timing, handler time.Duration) {
	var buf [320]byte
	b := buf[:0]
	vals := [...]time.Duration{t.Queue, t.CopyIn, t.IPC, t.Load, t.Place, t.Wait, t.H2D, t.Kernel, t.D2H, t.Zero, t.Worker, t.CopyOut, t.Total, handler}
	for i, v := range vals {
		if (timingNames[i] == "load" || timingNames[i] == "place" || timingNames[i] == "wait") && v == 0 {
			continue // only when the module was loaded, the weight set placed, streamed inputs awaited
		}
		if len(b) > 0 {
			b = append(b, ", "...)
		}
		b = append(b, timingNames[i]...)
		b = append(b, ";dur="...)
		b = appendMillis(b, v)
		if timingNames[i] == "kernel" { // say when the launches went as a launch graph
			switch t.Graph {
			case call.GraphBuilt:
				b = append(b, `;desc="graph built"`...)
			case call.GraphReplayed:
				b = append(b, `;desc="graph"`...)
			}
		}
	}
	if t.Batch > 1 {
		b = append(b, `, batch;desc="`...)
		b = strconv.AppendInt(b, t.Batch, 10)
		b = append(b, '"')
	}
	ctx.Response.Header.SetBytesV("Server-Timing", b)
	writeBatch(ctx, t)
}

// appendMillis appends d in milliseconds with three decimals (d rounded to the nearest
// microsecond, halves up), as strconv.AppendFloat(b, ms, 'f', 3, 64) would but without
// floating point: a Server-Timing header has 14 of them per answer.
func appendMillis(b []byte, d time.Duration) []byte {
	ns := d.Nanoseconds()
	if ns < 0 {
		b = append(b, '-')
		ns = -ns
	}
	us := (ns + 500) / 1000
	b = strconv.AppendInt(b, us/1000, 10)
	frac := us % 1000
	return append(b, '.', byte('0'+frac/100), byte('0'+frac/10%10), byte('0'+frac%10))
}

var (
	// hdrBatchSize is the batch size of the run that answered (1: it ran alone), and
	// hdrQueueWait its wait for a worker in microseconds (docs/batching.md).
	hdrBatchSize = []byte("X-Gpufn-Batch-Size")
	hdrQueueWait = []byte("X-Gpufn-Queue-Wait-Us")
)

// writeBatch sets X-Gpufn-Batch-Size and X-Gpufn-Queue-Wait-Us.
func writeBatch(ctx *fasthttp.RequestCtx, t *call.Timing) {
	var buf [24]byte
	ctx.Response.Header.SetBytesKV(hdrBatchSize, strconv.AppendInt(buf[:0], max(1, t.Batch), 10))
	ctx.Response.Header.SetBytesKV(hdrQueueWait, strconv.AppendInt(buf[:0], t.Queue.Microseconds(), 10))
}

// answerBody is an invocation's output buffer as a response body stream: fasthttp writes it
// with one WriteTo and then closes it, which gives the buffer back to the engine's free lists.
type answerBody struct {
	buf []byte
	off int
}

var answerBodies = sync.Pool{New: func() any { return new(answerBody) }}

func newAnswerBody(buf []byte, off int) *answerBody {
	a := answerBodies.Get().(*answerBody)
	a.buf, a.off = buf, off
	return a
}

// Read serves readers that do not use WriteTo.
func (a *answerBody) Read(p []byte) (int, error) {
	if a.off >= len(a.buf) {
		return 0, io.EOF
	}
	n := copy(p, a.buf[a.off:])
	a.off += n
	return n, nil
}

// WriteTo writes what is left of the body in one call.
func (a *answerBody) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(a.buf[a.off:])
	a.off += n
	return int64(n), err
}

// Close gives the buffer back; fasthttp calls it once, after writing or when it drops the
// response.
func (a *answerBody) Close() error {
	if a.buf != nil {
		call.RecycleOutputBuffer(a.buf)
	}
	a.buf, a.off = nil, 0
	answerBodies.Put(a)
	return nil
}
