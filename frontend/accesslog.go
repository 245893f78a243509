package frontend

import (
	"time"

	"github.com/valyala/fasthttp"
	"go.uber.org/zap"

	"gpufn/auth"
)

// The access log (Config.AccessLog, serve --access-log): one line per invocation, written
// after its answer is ready, with
//
//	tenant     the caller's tenant
//	owner      the tenant whose function it is (the caller's own, or another's by
//	           /v1/tenants/{owner}/...)
//	function   the function's name
//	status     the HTTP status of the answer
//	bytes_in   the request body's length
//	bytes_out  the answer body's length
//	latency    from the request's routing to its answer being ready (the body's writing to
//	           the connection not included)
//	worker     the ID of the worker that ran it; empty when it reached none (not found,
//	           refused, queued past its deadline)
//
// With no access log nothing of this is done: invoke checks one pointer and calls runInvoke.

// logAccess writes the access log's line for an answered invocation.
func (s *Server) logAccess(ctx *fasthttp.RequestCtx, caller auth.Identity, owner, name []byte, worker string, latency time.Duration) {
	// owner and name are copied: a core that keeps the fields (a buffered or sampling one)
	// would otherwise see the next request's bytes.
	s.cfg.AccessLog.Info("invocation",
		zap.String("tenant", caller.Tenant),
		zap.String("owner", string(owner)),
		zap.String("function", string(name)),
		zap.Int("status", ctx.Response.StatusCode()),
		zap.Int("bytes_in", bodyLen(ctx)),
		zap.Int("bytes_out", answerLen(ctx)),
		zap.Duration("latency", latency),
		zap.String("worker", worker))
}

// answerLen is the length of the answer's body: for a streamed one (an invocation's output
// buffer), as its header says: reading it to measure it would copy it.
func answerLen(ctx *fasthttp.RequestCtx) int {
	if ctx.Response.IsBodyStream() {
		return max(0, ctx.Response.Header.ContentLength())
	}
	return len(ctx.Response.Body())
}
