package frontend

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/valyala/fasthttp"
	"go.uber.org/zap"

	"gpufn/auth"
	"gpufn/call"
	"gpufn/dispatcher"
	"gpufn/function"
	"gpufn/metrics"
)

// Config configures a Server. Zero values take the defaults written beside each field.
type Config struct {
	// MaxBodyBytes bounds a request body (default 64 MiB).
	MaxBodyBytes int
	// NoStreamBody reads every request body whole before its handler runs: by default the
	// raw body of an invocation (at least call.StreamMinBytes) is read from the connection
	// straight into an idle worker's context while the worker prepares (body.go).
	NoStreamBody bool
	// StreamBodyWait is how long an idle worker waits for the rest of a body streamed into it
	// (default 50 ms): a body slower than that is read whole, under ReadTimeout, and its
	// invocation queued as any other.
	StreamBodyWait time.Duration
	// MaxTimeout bounds the wait a request may ask for with X-Gpufn-Timeout (default: the
	// engines' timeout, 30 s); requests may only lower it. That deadline is the caller's own: it
	// ends the caller's wait (504) and kills nothing (package engine).
	MaxTimeout time.Duration
	// Concurrency bounds the client connections open at once (default 16384), idle keep-alive
	// connections included: fasthttp answers a connection beyond it with 503 and closes it. An
	// open-loop client opens a connection per request in flight and keeps it, so a burst of
	// 4,096 requests in flight (20,000/s during a 0.2 s stall) filled the old default of 4,096
	// on the H100 and left even /debug/pprof unreachable.
	Concurrency int
	// MaxConnsPerIP bounds one client's connections (an IPv4 address, or an IPv6 /64; default
	// 4096, a quarter of the default Concurrency; negative: no bound): one beyond is answered
	// 429 and closed, so that no one client's connections fill the server's. Behind a reverse
	// proxy every connection comes from the proxy: set no bound there.
	MaxConnsPerIP int
	// ConnSpinFor is how long a read of a client connection that finds the socket empty tries
	// again before its goroutine parks (0: it parks at once, as net.Conn's Read does; see
	// spinconn.go). At most a quarter of GOMAXPROCS reads spin at once.
	ConnSpinFor time.Duration
	// ConnSpinWhile, when set, lets reads spin only while it returns true (engine.Waiters.Quiet
	// under the hybrid policy: spinning only while the server is quiet).
	ConnSpinWhile func() bool
	// HeaderTimeout bounds reading a request's line and header, from the connection's start or
	// from a kept-alive connection's first byte of the next request (default 10 s): a silent
	// or trickling client loses its connection then.
	HeaderTimeout time.Duration
	// ReadTimeout bounds reading a request's body, from the end of its header (default 60 s).
	ReadTimeout time.Duration
	// IdleTimeout closes a kept-alive connection that sends no next request (default 30 s).
	IdleTimeout time.Duration
	// WriteTimeout bounds writing an answer (default 30 s): a client that does not read its
	// answer loses its connection then, and the answer's memory is freed.
	WriteTimeout time.Duration
	// Profiling serves Go's profiles (net/http/pprof's /debug/pprof/...) to admin callers
	// (default off: a CPU profile costs the server while it runs).
	Profiling bool
	// MetricsMaxSeries bounds the (tenant, function) pairs with metric series of their own
	// (default metrics.DefaultMaxSeries, 256; negative: none); the rest count under "_other".
	MetricsMaxSeries int
	Log              *zap.Logger
	// Version is the server's version, in /healthz's answer (default "dev").
	Version string
	// AccessLog, when set, gets one line per invocation (accesslog.go; default none: nothing
	// is done for it on the hot path).
	AccessLog *zap.Logger

	// Cluster settings (gpufn serve --cluster; zero on a single server).

	// MinRevisionWait bounds how long a request that asks for a registry revision this server
	// has not seen yet (X-Gpufn-Min-Revision: an invocation, or a registration that needs a
	// library registered on another server) waits for it before the answer is 503 with
	// Retry-After (default 2 s).
	MinRevisionWait time.Duration
	// Overflow, when set, is offered an invocation that this server's queues refused as full
	// (not a tenant over its share, which stays 429) and that no other server forwarded here
	// (X-Gpufn-Forwarded): it forwards the request to a peer and answers ctx with the peer's
	// answer, reporting true; false (no peer has room) makes the answer 503 with Retry-After,
	// as is a full queue's for a request that was forwarded already.
	Overflow func(ctx *fasthttp.RequestCtx) bool
	// Status, when set, is served at GET /v1/cluster to admin callers (a cluster's node: its
	// name, registry revision, registry leader and peers); without it the route is not found.
	Status func() any
	// Ready, when set, is one more condition of /readyz: it returns "" when ready, else why
	// not (a cluster's node: "catching up with the registry").
	Ready func() string
}

// readBufferSize bounds a request's line and header.
const readBufferSize = 16 << 10

// Server is the HTTP frontend.
type Server struct {
	cfg      Config
	d        *dispatcher.Dispatcher
	tokens   *auth.Tokens
	srv      *fasthttp.Server
	log      *zap.Logger
	draining atomic.Bool

	metrics        *metrics.Metrics
	metricsHandler fasthttp.RequestHandler

	lnMu sync.Mutex
	lns  []*drainListener // closed by Drain
}

// New makes a Server in front of d; tokens authenticate requests (auth.Load("") for the
// single-tenant open mode).
func New(cfg Config, d *dispatcher.Dispatcher, tokens *auth.Tokens) *Server {
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = 64 << 20
	}
	if cfg.MaxTimeout <= 0 {
		cfg.MaxTimeout = 30 * time.Second
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 16384
	}
	if cfg.MaxConnsPerIP == 0 {
		cfg.MaxConnsPerIP = 4096
	}
	if cfg.HeaderTimeout <= 0 {
		cfg.HeaderTimeout = 10 * time.Second
	}
	if cfg.ReadTimeout <= 0 {
		cfg.ReadTimeout = 60 * time.Second
	}
	if cfg.StreamBodyWait <= 0 {
		cfg.StreamBodyWait = streamBodyWaitDefault
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 30 * time.Second
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = 30 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = zap.NewNop()
	}
	if cfg.Version == "" {
		cfg.Version = "dev"
	}
	s := &Server{cfg: cfg, d: d, tokens: tokens, log: cfg.Log}
	s.newMetrics()
	s.srv = &fasthttp.Server{
		Handler:      s.handle,
		ErrorHandler: s.transportError,
		// The door (door.go): no body is read before the header has been judged.
		HeaderReceived: s.headerReceived,
		ExpectHandler:  s.expectContinue,
		Name:           "gpufn",
		// fasthttp reads up to twice the limit, so that a body a little too large gets a proper
		// 413 from the handler (and the client reads it); beyond that it closes the connection.
		MaxRequestBodySize: 2 * cfg.MaxBodyBytes,
		Concurrency:        cfg.Concurrency,
		// Reading a header; headerReceived gives an admitted request's body ReadTimeout.
		ReadTimeout:    cfg.HeaderTimeout,
		IdleTimeout:    cfg.IdleTimeout,
		WriteTimeout:   cfg.WriteTimeout,
		ReadBufferSize: readBufferSize,
		// Neither an answer nor a log line shows the request's bytes (transport.go).
		SecureErrorLogMessage: true,
		Logger:                fasthttpLogger{s},
		NoDefaultServerHeader: false,
		NoDefaultDate:         true,
		CloseOnShutdown:       true,
		// The handler reads bodies itself (body.go): an invocation's may go straight from
		// the connection into a worker's context.
		StreamRequestBody: !cfg.NoStreamBody,
		// A multipart body is parsed when a handler asks (Request.MultipartForm), from the
		// body read within the limits: fasthttp's own parse before the handler would read a
		// streamed multipart body of any length.
		DisablePreParseMultipartForm: true,
	}
	return s
}

// Serve serves on ln until Shutdown (or Drain, which closes ln: Serve returns nil then, and
// the connections open are served until Shutdown).
func (s *Server) Serve(ln net.Listener) error {
	if s.cfg.ConnSpinFor > 0 {
		ln = newSpinListener(ln, s.cfg.ConnSpinFor, s.cfg.ConnSpinWhile)
	}
	if s.cfg.MaxConnsPerIP > 0 {
		ln = newPerIPListener(ln, s.cfg.MaxConnsPerIP, s.log)
	}
	dl := &drainListener{Listener: ln}
	s.lnMu.Lock()
	s.lns = append(s.lns, dl)
	if s.draining.Load() {
		dl.Close()
	}
	s.lnMu.Unlock()
	return s.srv.Serve(dl)
}

// Drain starts the server's shutdown: it closes the listeners, so that new connections are
// refused at once (and a balancer sends them elsewhere); /readyz answers 503; new work
// (every /v1/ request but GET and HEAD: registrations, deletions, invocations) is answered 503
// draining, its body unread; and every answer closes its connection, so that clients open new
// connections rather than send on one the server is about to close. Requests already admitted
// go on.
func (s *Server) Drain() {
	s.draining.Store(true)
	s.lnMu.Lock()
	defer s.lnMu.Unlock()
	for _, dl := range s.lns {
		if err := dl.Close(); err != nil {
			s.log.Warn("closing the listener", zap.Error(err))
		}
	}
}

// drainListener is a listener that Drain closes before Shutdown does: it is closed once, and
// a second Close is no error.
type drainListener struct {
	net.Listener
	once sync.Once
	err  error
}

func (l *drainListener) Close() error {
	l.once.Do(func() { l.err = l.Listener.Close() })
	return l.err
}

// OpenConnections is the number of client connections open.
func (s *Server) OpenConnections() int32 { return s.srv.GetOpenConnectionsCount() }

// Shutdown stops accepting connections, closes idle ones and waits for the requests in
// progress (whose invocations the engines finish or answer while they drain).
func (s *Server) Shutdown() error { return s.srv.Shutdown() }

// ShutdownWithContext is Shutdown, giving up when ctx is done.
func (s *Server) ShutdownWithContext(ctx context.Context) error {
	return s.srv.ShutdownWithContext(ctx)
}

// Handler is the request handler (for tests and benchmarks).
func (s *Server) Handler() fasthttp.RequestHandler { return s.handle }

var (
	prefixV1 = []byte("/v1/")
	prefixV2 = []byte("/v2/")
	hdrAuth  = []byte("Authorization")
)

func (s *Server) handle(ctx *fasthttp.RequestCtx) {
	if s.draining.Load() {
		ctx.SetConnectionClose()
	}
	if code, msg := badFraming(&ctx.Request.Header); code != "" {
		ctx.SetConnectionClose() // what follows on the connection cannot be told from the body
		writeError(ctx, code, msg, nil)
		return
	}
	if n, ok := declaredTooLarge(&ctx.Request.Header); ok { // door.go
		ctx.SetConnectionClose()
		s.tooLarge(ctx, n)
		return
	}
	refused := bodyRefused(&ctx.Request.Header) // its body was left unread, its connection closes
	// Read the body now (body.go), unless it is an invocation's that may be streamed.
	if ctx.Request.IsBodyStream() && !s.mayStreamBody(ctx) && !s.bufferBody(ctx) {
		return
	}
	if !ctx.Request.IsBodyStream() {
		if n := len(ctx.Request.Body()); n > s.cfg.MaxBodyBytes {
			s.tooLarge(ctx, n)
			return
		}
	}
	s.dispatch(ctx, ctx.Path(), refused) // routes.go
	if ctx.Request.IsBodyStream() {
		// A body left for its handler to stream, not read to its end: the request was
		// answered before it was needed (an unknown function, a bad header), or its body
		// broke off. The rest is read and dropped, so that the client gets its answer on a
		// connection that stays open; one that fails closes. (One that closes anyway, as the
		// answer or the request says, is not read.)
		if !ctx.Response.ConnectionClose() && !ctx.Request.Header.ConnectionClose() {
			skipBody(ctx)
		}
	}
}

// validName reports whether function.CheckName accepts b, without allocating.
func validName(b []byte) bool {
	if len(b) == 0 || len(b) > function.MaxNameLen {
		return false
	}
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case (c == '_' || c == '.' || c == '-') && i > 0:
		default:
			return false
		}
	}
	return true
}

// split cuts p at '/' into at most len(out) segments; it returns how many, or len(out)+1 when
// there are more (so that no route matches). Empty segments count.
func split(p []byte, out [][]byte) int {
	n := 0
	for {
		if n == len(out) {
			return n + 1
		}
		i := bytes.IndexByte(p, '/')
		if i < 0 {
			out[n] = p
			return n + 1
		}
		out[n] = p[:i]
		n++
		p = p[i+1:]
	}
}

// authenticate answers 401 and returns false when the request carries no valid token; the
// connection closes then, so that a client without a token holds no idle connection.
func (s *Server) authenticate(ctx *fasthttp.RequestCtx) (auth.Identity, bool) {
	id, err := s.tokens.Authenticate(ctx.Request.Header.PeekBytes(hdrAuth))
	if err != nil {
		ctx.SetConnectionClose()
		ctx.Response.Header.Set("WWW-Authenticate", `Bearer realm="gpufn"`)
		writeError(ctx, call.CodeUnauthorized, err.Error()+": send Authorization: Bearer <token>", nil)
		return auth.Identity{}, false
	}
	return id, true
}

func methodNotAllowed(ctx *fasthttp.RequestCtx, allow string) {
	ctx.Response.Header.Set("Allow", allow)
	writeError(ctx, call.CodeMethodNotAllowed, "use "+allow, nil)
}

// writePut answers a PUT of a library or function: 201 with its view when it was created, 200
// when it replaced one, the dispatcher's error otherwise.
func (s *Server) writePut(ctx *fasthttp.RequestCtx, view any, created bool, err error) {
	switch v := view.(type) {
	case dispatcher.LibraryView:
		setRevision(ctx, v.Revision)
	case dispatcher.FunctionView:
		setRevision(ctx, v.Revision)
	}
	switch {
	case err != nil:
		s.dispatchError(ctx, err)
	case created:
		writeJSON(ctx, fasthttp.StatusCreated, view)
	default:
		writeJSON(ctx, fasthttp.StatusOK, view)
	}
}

func (s *Server) listLibraries(ctx *fasthttp.RequestCtx, caller auth.Identity, tenant string) {
	if !ctx.IsGet() {
		methodNotAllowed(ctx, "GET")
		return
	}
	libs, err := s.d.Libraries(caller, tenant)
	if err != nil {
		s.dispatchError(ctx, err)
		return
	}
	writeJSON(ctx, fasthttp.StatusOK, map[string]any{"libraries": libs})
}

func (s *Server) library(ctx *fasthttp.RequestCtx, caller auth.Identity, tenant, name string) {
	switch {
	case ctx.IsPut():
		v, created, err := s.d.PutLibrary(caller, tenant, name, ctx.PostBody())
		s.writePut(ctx, v, created, err)
	case ctx.IsGet():
		v, err := s.d.Library(caller, tenant, name)
		if err != nil {
			s.dispatchError(ctx, err)
			return
		}
		writeJSON(ctx, fasthttp.StatusOK, v)
	case ctx.IsDelete():
		if err := s.d.DeleteLibrary(caller, tenant, name); err != nil {
			s.dispatchError(ctx, err)
			return
		}
		setRevision(ctx, s.d.WriteRevision())
		ctx.SetStatusCode(fasthttp.StatusNoContent)
	default:
		methodNotAllowed(ctx, "GET, PUT, DELETE")
	}
}

func (s *Server) listFunctions(ctx *fasthttp.RequestCtx, caller auth.Identity, tenant string) {
	if !ctx.IsGet() {
		methodNotAllowed(ctx, "GET")
		return
	}
	fns, err := s.d.Functions(caller, tenant)
	if err != nil {
		s.dispatchError(ctx, err)
		return
	}
	writeJSON(ctx, fasthttp.StatusOK, map[string]any{"functions": fns})
}

func (s *Server) function(ctx *fasthttp.RequestCtx, caller auth.Identity, tenant, name string) {
	switch {
	case ctx.IsPut() && isMultipart(ctx):
		s.putFunctionWithWeights(ctx, caller, tenant, name) // frontend/weights.go
	case ctx.IsPut():
		v, created, err := s.d.PutFunction(caller, tenant, name, ctx.PostBody())
		s.writePut(ctx, v, created, err)
	case ctx.IsGet():
		_, config, err := s.d.Function(caller, tenant, name)
		if err != nil {
			s.dispatchError(ctx, err)
			return
		}
		ctx.SetContentType("application/json")
		ctx.SetBody(config)
	case ctx.IsDelete():
		if err := s.d.DeleteFunction(caller, tenant, name); err != nil {
			s.dispatchError(ctx, err)
			return
		}
		setRevision(ctx, s.d.WriteRevision())
		ctx.SetStatusCode(fasthttp.StatusNoContent)
	default:
		methodNotAllowed(ctx, "GET, PUT, DELETE")
	}
}

// access reads or sets who may invoke a function: GET, or PUT of a JSON body
// {"public": bool, "tenants": [...], "tokens": [...]}.
func (s *Server) access(ctx *fasthttp.RequestCtx, caller auth.Identity, tenant, name string) {
	switch {
	case ctx.IsGet():
		v, _, err := s.d.Function(caller, tenant, name)
		if err != nil {
			s.dispatchError(ctx, err)
			return
		}
		writeJSON(ctx, fasthttp.StatusOK, v.Access)
	case ctx.IsPut():
		var a dispatcher.Access
		dec := json.NewDecoder(bytes.NewReader(ctx.PostBody()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&a); err != nil {
			writeError(ctx, call.CodeBadRequest, "access settings: "+err.Error()+` (send {"public": false, "tenants": ["..."], "tokens": ["..."]})`, nil)
			return
		}
		v, err := s.d.SetAccess(caller, tenant, name, a)
		if err != nil {
			s.dispatchError(ctx, err)
			return
		}
		setRevision(ctx, v.Revision)
		writeJSON(ctx, fasthttp.StatusOK, v.Access)
	default:
		methodNotAllowed(ctx, "GET, PUT")
	}
}

// dispatchError answers a dispatcher error with its code's status.
func (s *Server) dispatchError(ctx *fasthttp.RequestCtx, err error) {
	var de *dispatcher.Error
	if !errors.As(err, &de) {
		s.log.Error("unexpected error", zap.Error(err))
		writeError(ctx, call.CodeInternal, err.Error(), nil)
		return
	}
	writeError(ctx, de.Code, de.Message, de.Problems)
}

type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code     call.Code          `json:"code"`
	Message  string             `json:"message"`
	Problems []function.Problem `json:"problems,omitempty"`
}

// writeError answers an error: the status of its code (package call's catalogue), Retry-After
// where the code says the request may succeed later, and the JSON error body.
// Under /v2 the body is the Open Inference Protocol's {"error": "message"} (oip.go).
func writeError(ctx *fasthttp.RequestCtx, code call.Code, msg string, problems []function.Problem) {
	if code.RetryAfter() {
		ctx.Response.Header.Set("Retry-After", "1")
	}
	if oipPath(ctx.Path()) {
		writeJSON(ctx, code.Status(), oipError{Error: msg})
		return
	}
	writeJSON(ctx, code.Status(), errorBody{Error: errorDetail{Code: code, Message: msg, Problems: problems}})
}

func writeJSON(ctx *fasthttp.RequestCtx, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = fasthttp.StatusInternalServerError, []byte(`{"error":{"code":"internal","message":"encoding the answer failed"}}`)
	}
	ctx.SetStatusCode(status)
	ctx.SetContentType("application/json")
	ctx.SetBody(append(b, '\n'))
}
