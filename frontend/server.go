package frontend

import (
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/valyala/fasthttp"
	"go.uber.org/zap"

	"gpufn/dispatcher"
	"gpufn/engine"
	"gpufn/function"
	"gpufn/worker"
)

// Config configures a Server. Zero values take the defaults written beside each field.
type Config struct {
	// MaxBodyBytes bounds a request body (default 64 MiB).
	MaxBodyBytes int
	// MaxTimeout bounds the deadline a request may ask for with X-Gpufn-Timeout (default: the
	// engines' timeout, 30 s); requests may only lower it.
	MaxTimeout time.Duration
	// Concurrency bounds the requests served at once (default 16384); MaxConnsPerIP bounds one
	// client's connections (default 0: no bound).
	Concurrency   int
	MaxConnsPerIP int
	// ReadTimeout bounds reading a request (default 60 s); IdleTimeout closes idle keep-alive
	// connections (default 120 s).
	ReadTimeout time.Duration
	IdleTimeout time.Duration
	Log         *zap.Logger
}

// Server is the HTTP frontend.
type Server struct {
	cfg Config
	d   *dispatcher.Dispatcher
	srv *fasthttp.Server
	log *zap.Logger
}

// New makes a Server in front of d.
func New(cfg Config, d *dispatcher.Dispatcher) *Server {
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = 64 << 20
	}
	if cfg.MaxTimeout <= 0 {
		cfg.MaxTimeout = 30 * time.Second
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 16384
	}
	if cfg.ReadTimeout <= 0 {
		cfg.ReadTimeout = 60 * time.Second
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 120 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = zap.NewNop()
	}
	s := &Server{cfg: cfg, d: d, log: cfg.Log}
	s.srv = &fasthttp.Server{
		Handler:      s.handle,
		ErrorHandler: s.transportError,
		Name:         "gpufn",
		// fasthttp reads up to twice the limit, so that a body a little too large gets a proper
		// 413 from the handler (and the client reads it); beyond that it closes the connection.
		MaxRequestBodySize:    2 * cfg.MaxBodyBytes,
		Concurrency:           cfg.Concurrency,
		MaxConnsPerIP:         cfg.MaxConnsPerIP,
		ReadTimeout:           cfg.ReadTimeout,
		IdleTimeout:           cfg.IdleTimeout,
		ReadBufferSize:        16 << 10,
		NoDefaultServerHeader: false,
		NoDefaultDate:         true,
		CloseOnShutdown:       true,
		StreamRequestBody:     false,
	}
	return s
}

// Serve serves on ln until Shutdown.
func (s *Server) Serve(ln net.Listener) error { return s.srv.Serve(ln) }

// Shutdown stops accepting connections and waits for the requests in progress (whose
// invocations the engines finish or answer while they drain).
func (s *Server) Shutdown() error { return s.srv.Shutdown() }

// Handler is the request handler (for tests and benchmarks).
func (s *Server) Handler() fasthttp.RequestHandler { return s.handle }

var (
	pathHealthz   = []byte("/healthz")
	pathReadyz    = []byte("/readyz")
	pathEngines   = []byte("/v1/engines")
	pathLibraries = []byte("/v1/libraries")
	pathFunctions = []byte("/v1/functions")
	suffixInvoke  = []byte("/invoke")
)

func (s *Server) handle(ctx *fasthttp.RequestCtx) {
	if n := len(ctx.Request.Body()); n > s.cfg.MaxBodyBytes {
		writeError(ctx, fasthttp.StatusRequestEntityTooLarge, "body_too_large", "the request body is "+strconv.Itoa(n)+" bytes; the limit is "+strconv.Itoa(s.cfg.MaxBodyBytes)+" (--max-body-bytes)", nil)
		return
	}
	path := ctx.Path()
	switch {
	case bytes.HasPrefix(path, pathFunctions):
		rest := path[len(pathFunctions):]
		if len(rest) == 0 {
			s.listFunctions(ctx)
			return
		}
		if rest[0] != '/' {
			break
		}
		rest = rest[1:]
		if name, ok := bytes.CutSuffix(rest, suffixInvoke); ok && bytes.IndexByte(name, '/') < 0 {
			if !ctx.IsPost() {
				methodNotAllowed(ctx, "POST")
				return
			}
			s.invoke(ctx, name)
			return
		}
		if bytes.IndexByte(rest, '/') >= 0 {
			break
		}
		s.function(ctx, string(rest))
		return
	case bytes.HasPrefix(path, pathLibraries):
		rest := path[len(pathLibraries):]
		if len(rest) == 0 {
			s.listLibraries(ctx)
			return
		}
		if rest[0] != '/' || bytes.IndexByte(rest[1:], '/') >= 0 {
			break
		}
		s.library(ctx, string(rest[1:]))
		return
	case bytes.Equal(path, pathHealthz):
		ctx.SetContentType("text/plain; charset=utf-8")
		ctx.SetBodyString("ok\n")
		return
	case bytes.Equal(path, pathReadyz):
		ctx.SetContentType("text/plain; charset=utf-8")
		if s.d.Ready() {
			ctx.SetBodyString("ready\n")
		} else {
			ctx.SetStatusCode(fasthttp.StatusServiceUnavailable)
			ctx.SetBodyString("not ready: workers are starting\n")
		}
		return
	case bytes.Equal(path, pathEngines):
		if !ctx.IsGet() {
			methodNotAllowed(ctx, "GET")
			return
		}
		stats := []engine.Stats{}
		for _, e := range s.d.Engines() {
			stats = append(stats, e.Stats())
		}
		writeJSON(ctx, fasthttp.StatusOK, map[string]any{"engines": stats})
		return
	}
	writeError(ctx, fasthttp.StatusNotFound, "not_found", "no route "+strconv.Quote(string(path)), nil)
}

// transportError answers what fasthttp rejects before the handler: oversized or malformed
// requests.
func (s *Server) transportError(ctx *fasthttp.RequestCtx, err error) {
	if errors.Is(err, fasthttp.ErrBodyTooLarge) {
		writeError(ctx, fasthttp.StatusRequestEntityTooLarge, "body_too_large", "the request body exceeds the limit of "+strconv.Itoa(s.cfg.MaxBodyBytes)+" bytes (--max-body-bytes)", nil)
		return
	}
	if errors.Is(err, fasthttp.ErrTimeout) || strings.Contains(err.Error(), "timeout") {
		writeError(ctx, fasthttp.StatusRequestTimeout, "timeout", "reading the request timed out", nil)
		return
	}
	writeError(ctx, fasthttp.StatusBadRequest, "bad_request", "malformed request: "+err.Error(), nil)
}

func methodNotAllowed(ctx *fasthttp.RequestCtx, allow string) {
	ctx.Response.Header.Set("Allow", allow)
	writeError(ctx, fasthttp.StatusMethodNotAllowed, "method_not_allowed", "use "+allow, nil)
}

func (s *Server) listLibraries(ctx *fasthttp.RequestCtx) {
	if !ctx.IsGet() {
		methodNotAllowed(ctx, "GET")
		return
	}
	writeJSON(ctx, fasthttp.StatusOK, map[string]any{"libraries": s.d.Libraries()})
}

func (s *Server) library(ctx *fasthttp.RequestCtx, name string) {
	switch {
	case ctx.IsPut():
		v, created, err := s.d.PutLibrary(name, ctx.PostBody())
		if err != nil {
			s.dispatchError(ctx, err)
			return
		}
		status := fasthttp.StatusOK
		if created {
			status = fasthttp.StatusCreated
		}
		writeJSON(ctx, status, v)
	case ctx.IsGet():
		v, err := s.d.Library(name)
		if err != nil {
			s.dispatchError(ctx, err)
			return
		}
		writeJSON(ctx, fasthttp.StatusOK, v)
	case ctx.IsDelete():
		if err := s.d.DeleteLibrary(name); err != nil {
			s.dispatchError(ctx, err)
			return
		}
		ctx.SetStatusCode(fasthttp.StatusNoContent)
	default:
		methodNotAllowed(ctx, "GET, PUT, DELETE")
	}
}

func (s *Server) listFunctions(ctx *fasthttp.RequestCtx) {
	if !ctx.IsGet() {
		methodNotAllowed(ctx, "GET")
		return
	}
	writeJSON(ctx, fasthttp.StatusOK, map[string]any{"functions": s.d.Functions()})
}

func (s *Server) function(ctx *fasthttp.RequestCtx, name string) {
	switch {
	case ctx.IsPut():
		v, created, err := s.d.PutFunction(name, ctx.PostBody())
		if err != nil {
			s.dispatchError(ctx, err)
			return
		}
		status := fasthttp.StatusOK
		if created {
			status = fasthttp.StatusCreated
		}
		writeJSON(ctx, status, v)
	case ctx.IsGet():
		_, config, err := s.d.Function(name)
		if err != nil {
			s.dispatchError(ctx, err)
			return
		}
		ctx.SetContentType("application/json")
		ctx.SetBody(config)
	case ctx.IsDelete():
		if err := s.d.DeleteFunction(name); err != nil {
			s.dispatchError(ctx, err)
			return
		}
		ctx.SetStatusCode(fasthttp.StatusNoContent)
	default:
		methodNotAllowed(ctx, "GET, PUT, DELETE")
	}
}

// dispatchError answers a dispatcher error with its status.
func (s *Server) dispatchError(ctx *fasthttp.RequestCtx, err error) {
	var de *dispatcher.Error
	if !errors.As(err, &de) {
		s.log.Error("unexpected error", zap.Error(err))
		writeError(ctx, fasthttp.StatusInternalServerError, "internal", err.Error(), nil)
		return
	}
	status := fasthttp.StatusInternalServerError
	switch de.Kind {
	case dispatcher.ErrNotFound:
		status = fasthttp.StatusNotFound
	case dispatcher.ErrConflict:
		status = fasthttp.StatusConflict
	case dispatcher.ErrInvalid:
		status = fasthttp.StatusUnprocessableEntity
	case dispatcher.ErrBadRequest:
		status = fasthttp.StatusBadRequest
	case dispatcher.ErrTooLarge:
		status = fasthttp.StatusRequestEntityTooLarge
	case dispatcher.ErrQueueFull:
		status = fasthttp.StatusTooManyRequests
		ctx.Response.Header.Set("Retry-After", "1")
	case dispatcher.ErrUnavailable:
		status = fasthttp.StatusServiceUnavailable
		ctx.Response.Header.Set("Retry-After", "1")
	}
	writeError(ctx, status, de.Code, de.Message, de.Problems)
}

// StatusOf maps an invocation error code to its HTTP status.
func StatusOf(code string) int {
	switch code {
	case worker.CodeBadInput, worker.CodeInvalidLaunch:
		return fasthttp.StatusBadRequest
	case worker.CodeOutOfMemory, worker.CodeOutputTooLarge, engine.CodeTooLarge:
		return fasthttp.StatusRequestEntityTooLarge
	case worker.CodeLibraryInvalid, worker.CodeKernelNotFound, engine.CodeQuarantined:
		return fasthttp.StatusUnprocessableEntity
	case engine.CodeDeadline:
		return fasthttp.StatusGatewayTimeout
	case engine.CodeDraining, engine.CodeUnavailable:
		return fasthttp.StatusServiceUnavailable
	}
	return fasthttp.StatusInternalServerError // kernel_fault, worker_exited, internal
}

type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code     string             `json:"code"`
	Message  string             `json:"message"`
	Problems []function.Problem `json:"problems,omitempty"`
}

func writeError(ctx *fasthttp.RequestCtx, status int, code, msg string, problems []function.Problem) {
	writeJSON(ctx, status, errorBody{Error: errorDetail{Code: code, Message: msg, Problems: problems}})
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
