package frontend

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/call"
	"gpufn/dispatcher"
)

// hdrRevision is the registry revision a registration's answer carries.
const hdrRevision = "X-Gpufn-Revision"

// setRevision sets X-Gpufn-Revision (a revision of 0, not known, is left out).
func setRevision(ctx *fasthttp.RequestCtx, rev uint64) {
	if rev > 0 {
		ctx.Response.Header.Set(hdrRevision, strconv.FormatUint(rev, 10))
	}
}

// awaitRevision honours X-Gpufn-Min-Revision: it waits (at most Config.MinRevisionWait) until
// the dispatcher has seen that registry revision. It answers and returns false when the header
// is malformed (400) or the revision was not reached (503, Retry-After).
func (s *Server) awaitRevision(ctx *fasthttp.RequestCtx) bool {
	h := ctx.Request.Header.PeekBytes(hdrMinRevision)
	if len(h) == 0 {
		return true
	}
	want, err := strconv.ParseUint(string(h), 10, 64)
	if err != nil {
		writeError(ctx, call.CodeBadRequest, "X-Gpufn-Min-Revision: want a registry revision (a decimal number from X-Gpufn-Revision)", nil)
		return false
	}
	if s.d.Revision() >= want {
		return true
	}
	wait := s.cfg.MinRevisionWait
	if wait <= 0 {
		wait = 2 * time.Second
	}
	c, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if s.d.WaitRevision(c, want) {
		return true
	}
	writeError(ctx, call.CodeUnavailable, "this server has seen registry revision "+strconv.FormatUint(s.d.Revision(), 10)+
		"; the request asks for "+strconv.FormatUint(want, 10)+" (X-Gpufn-Min-Revision): retry, here or on another server", nil)
	return false
}

// overflow offers a refused invocation (of /v1 or /v2) to Config.Overflow: only a refusal for
// the server's own full queues (a tenant over its share stays 429). A request another server
// forwarded is not forwarded again, and one that Overflow did not answer, is answered 503 with
// Retry-After. It reports whether it answered, and the code of its own answer ("" when a peer
// answered: that invocation counts in the peer's metrics, not in this server's).
func (s *Server) overflow(ctx *fasthttp.RequestCtx, err error) (bool, call.Code) {
	var de *dispatcher.Error
	if s.cfg.Overflow == nil || !errors.As(err, &de) || !de.Full {
		return false, ""
	}
	if len(ctx.Request.Header.PeekBytes(hdrForwarded)) > 0 {
		writeError(ctx, call.CodeUnavailable, "the queues of this server are full and the request was forwarded here already: retry later", nil)
		return true, call.CodeUnavailable
	}
	if !s.cfg.Overflow(ctx) {
		writeError(ctx, call.CodeUnavailable, "the queues of this server are full and no other server has room: retry later", nil)
		return true, call.CodeUnavailable
	}
	return true, ""
}

// hCluster answers GET /v1/cluster (admins only; a row of routes.go served only with
// Config.Status).
func hCluster(s *Server, ctx *fasthttp.RequestCtx, _ *routeReq) {
	writeJSON(ctx, fasthttp.StatusOK, s.cfg.Status())
}
