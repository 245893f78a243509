package frontend

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/pprofhandler"

	"gpufn/auth"
	"gpufn/call"
	"gpufn/function"
)

// Every route the server answers is one row of routeTable: its method, its path pattern, who
// may use it and its handler. The router (dispatch) serves exactly these rows, docs/openapi.json
// documents exactly these (TestOpenAPIRoutes compares the two), and docs/api.md describes them.

// access says who may use a route.
type access uint8

const (
	// public: no token (health, readiness, the API document).
	public access = iota
	// tenant: any valid token; while draining, new work (every method but GET and HEAD) is
	// refused with 503.
	tenant
	// admin: an admin token.
	admin
)

// routeReq is what the router hands a handler: the caller (zero for public routes), the
// tenant namespace (the caller's own, or {tenant} of a /v1/tenants/{tenant}/... path) and
// the segments that matched the pattern's {parameters}, in order.
type routeReq struct {
	caller auth.Identity
	tenant []byte
	params [4][]byte
}

// route is one row of the table.
type route struct {
	method  string
	pattern string
	access  access
	// what names the route in the 403 answer of an admin route.
	what string
	// ns: a route of a tenant's namespace under /v1/, served at the pattern (the caller's
	// own) and at /v1/tenants/{tenant} + the pattern's rest.
	ns bool
	// profiling: served only with Config.Profiling (404 otherwise).
	profiling bool
	// clustered: served only on a cluster's node, with Config.Status (404 otherwise).
	clustered bool
	// invokes: the route runs an invocation, so the door wakes a worker for it while its body
	// arrives (door.go, engine/prewake.go).
	invokes bool
	h       func(s *Server, ctx *fasthttp.RequestCtx, r *routeReq)

	segs [][]byte // pattern's segments; "{...}" matches any one segment
}

// routeTable lists every route. To add one: a row here, its operation in docs/openapi.json (the
// test fails until both agree), and a line in docs/api.md.
var routeTable = buildRoutes([]route{
	// The invocation first: the router tries rows in order.
	{method: "POST", pattern: "/v1/functions/{fn}/invoke", access: tenant, ns: true, invokes: true, h: hInvoke},
	{method: "GET", pattern: "/v1/functions", access: tenant, ns: true, h: hListFunctions},
	{method: "GET", pattern: "/v1/functions/{fn}", access: tenant, ns: true, h: hFunction},
	{method: "PUT", pattern: "/v1/functions/{fn}", access: tenant, ns: true, h: hFunction},
	{method: "DELETE", pattern: "/v1/functions/{fn}", access: tenant, ns: true, h: hFunction},
	{method: "GET", pattern: "/v1/functions/{fn}/access", access: tenant, ns: true, h: hAccess},
	{method: "PUT", pattern: "/v1/functions/{fn}/access", access: tenant, ns: true, h: hAccess},
	{method: "GET", pattern: "/v1/libraries", access: tenant, ns: true, h: hListLibraries},
	{method: "GET", pattern: "/v1/libraries/{lib}", access: tenant, ns: true, h: hLibrary},
	{method: "PUT", pattern: "/v1/libraries/{lib}", access: tenant, ns: true, h: hLibrary},
	{method: "DELETE", pattern: "/v1/libraries/{lib}", access: tenant, ns: true, h: hLibrary},
	// Weight sets (weights.go).
	{method: "GET", pattern: "/v1/weights", access: tenant, ns: true, h: hListWeights},
	{method: "GET", pattern: "/v1/weights/{set}", access: tenant, ns: true, h: hWeightSet},
	{method: "PUT", pattern: "/v1/weights/{set}", access: tenant, ns: true, h: hWeightSet},
	{method: "DELETE", pattern: "/v1/weights/{set}", access: tenant, ns: true, h: hWeightSet},
	// GPU-wide counters and worker PIDs: a live view of every tenant's traffic.
	{method: "GET", pattern: "/v1/engines", access: admin, what: "engine statistics", h: hEngines},
	// A cluster's node: its name, registry revision and leader, peers (cluster.go).
	{method: "GET", pattern: "/v1/cluster", access: admin, what: "the cluster's status", clustered: true, h: hCluster},
	{method: "GET", pattern: "/healthz", access: public, h: hHealthz},
	{method: "GET", pattern: "/readyz", access: public, h: hReadyz},
	{method: "GET", pattern: "/metrics", access: admin, what: "metrics", h: hMetrics},
	{method: "GET", pattern: "/openapi.json", access: public, h: hOpenAPI},
	{method: "GET", pattern: "/debug/pprof/{profile}", access: admin, what: "profiles", profiling: true, h: hPprof},
	// The Open Inference Protocol (oip.go).
	{method: "POST", pattern: "/v2/models/{model}/infer", access: tenant, invokes: true, h: hInfer},
	{method: "GET", pattern: "/v2/health/live", access: public, h: hLive},
	{method: "GET", pattern: "/v2/health/ready", access: public, h: hReady},
	{method: "GET", pattern: "/v2", access: tenant, h: hServerMetadata},
	{method: "GET", pattern: "/v2/", access: tenant, h: hServerMetadata}, // the spec's spelling
	{method: "GET", pattern: "/v2/models/{model}", access: tenant, h: hModelMetadata},
	{method: "GET", pattern: "/v2/models/{model}/ready", access: tenant, h: hModelReady},
	// The same with a version: a function has one, "1" (oip.go).
	{method: "POST", pattern: "/v2/models/{model}/versions/{version}/infer", access: tenant, invokes: true, h: versioned(hInfer)},
	{method: "GET", pattern: "/v2/models/{model}/versions/{version}", access: tenant, h: versioned(hModelMetadata)},
	{method: "GET", pattern: "/v2/models/{model}/versions/{version}/ready", access: tenant, h: versioned(hModelReady)},
})

// buildRoutes adds the /v1/tenants/{tenant}/ form of each namespace route and splits the
// patterns.
func buildRoutes(rows []route) []route {
	out := make([]route, 0, 2*len(rows))
	for _, r := range rows {
		out = append(out, r)
		if r.ns {
			t := r
			t.pattern = "/v1/tenants/{tenant}/" + strings.TrimPrefix(r.pattern, "/v1/")
			out = append(out, t)
		}
	}
	for i := range out {
		params := 0
		for _, seg := range strings.Split(strings.TrimPrefix(out[i].pattern, "/"), "/") {
			out[i].segs = append(out[i].segs, []byte(seg))
			if strings.HasPrefix(seg, "{") {
				params++
			}
		}
		if params > len(routeReq{}.params) || len(out[i].segs) > maxSegs {
			panic("frontend: route " + out[i].pattern + " has more parameters or segments than the router holds")
		}
	}
	return out
}

// match reports whether path's segments fit r's pattern, filling params.
func (r *route) match(segs [][]byte, params *[4][]byte) bool {
	if len(segs) != len(r.segs) {
		return false
	}
	n := 0
	for i, ps := range r.segs {
		if len(ps) > 0 && ps[0] == '{' {
			params[n] = segs[i]
			n++
			continue
		}
		if !bytes.Equal(ps, segs[i]) {
			return false
		}
	}
	return true
}

// maxSegs bounds the segments of a path that can match a route.
const maxSegs = 8

// dispatch routes a request: 404 when no row's pattern fits the path, 405 (with Allow) when
// none of those has its method, else the row's access check and handler. refused: the door
// left the body unread.
func (s *Server) dispatch(ctx *fasthttp.RequestCtx, path []byte, refused bool) {
	var segBuf [maxSegs][]byte
	n := split(bytes.TrimPrefix(path, slash), segBuf[:])
	var rr routeReq
	var hit *route
	var allow []byte
	needAuth := false // a row that fits the path is not public
	if n <= maxSegs {
		method := ctx.Method()
		for i := range routeTable {
			r := &routeTable[i]
			if (r.profiling && !s.cfg.Profiling) || (r.clustered && s.cfg.Status == nil) || !r.match(segBuf[:n], &rr.params) {
				continue
			}
			if string(method) == r.method {
				hit = r
				break
			}
			if len(allow) > 0 {
				allow = append(allow, ", "...)
			}
			needAuth = needAuth || r.access != public
			allow = append(allow, r.method...)
		}
	}
	switch {
	case hit == nil && allow == nil:
		writeError(ctx, call.CodeNotFound, "no route "+strconv.Quote(string(path)), nil)
	case hit == nil:
		if !needAuth {
			methodNotAllowed(ctx, string(allow))
		} else if _, ok := s.authenticate(ctx); ok {
			methodNotAllowed(ctx, string(allow))
		}
	default:
		s.serveRoute(ctx, hit, &rr, refused)
	}
}

var slash = []byte("/")

// invokeRoute reports whether method and path name a route that runs an invocation (its row's
// invokes), as dispatch would route them; it does not allocate (the door calls it).
func invokeRoute(method, path []byte) bool {
	var segBuf [maxSegs][]byte
	n := split(bytes.TrimPrefix(path, slash), segBuf[:])
	if n > maxSegs {
		return false
	}
	var params [4][]byte
	for i := range routeTable {
		if r := &routeTable[i]; r.invokes && string(method) == r.method && r.match(segBuf[:n], &params) {
			return true
		}
	}
	return false
}

// serveRoute checks the caller's access to r and runs its handler.
func (s *Server) serveRoute(ctx *fasthttp.RequestCtx, r *route, rr *routeReq, refused bool) {
	if r.access != public {
		caller, ok := s.authenticate(ctx)
		if !ok {
			return
		}
		if s.draining.Load() && newWork(&ctx.Request.Header) {
			writeError(ctx, call.CodeDraining, "the server is shutting down and takes no new work; send it to another", nil)
			return
		}
		if refused && takesBody(ctx.Path()) {
			// The door found no valid token in the header; the tokens were reloaded since.
			writeError(ctx, call.CodeUnauthorized, "the token was unknown when the request's header arrived; send the request again", nil)
			return
		}
		if r.access == admin && !caller.Admin {
			writeError(ctx, call.CodeForbidden, r.what+" need an admin token", nil)
			return
		}
		rr.caller, rr.tenant = caller, caller.TenantBytes
		if !s.awaitRevision(ctx) { // X-Gpufn-Min-Revision (cluster.go)
			return
		}
	}
	if r.ns && len(r.segs) > 1 && string(r.segs[1]) == "tenants" {
		// /v1/tenants/{tenant}/...: the first parameter names the namespace.
		rr.tenant = rr.params[0]
		copy(rr.params[:], rr.params[1:])
		if !validName(rr.tenant) {
			writeError(ctx, call.CodeBadName, "tenant name: "+function.CheckName(string(rr.tenant)).Error(), nil)
			return
		}
	}
	r.h(s, ctx, rr)
}

// takesBody reports whether the door reads the bodies of requests to path: those of the
// routes that take one, under /v1/ and /v2/.
func takesBody(path []byte) bool {
	return bytes.HasPrefix(path, prefixV1) || bytes.HasPrefix(path, prefixV2)
}

// routeList lists the routes as "METHOD /pattern" (the test compares it with docs/openapi.json).
func routeList() []string {
	out := make([]string, 0, len(routeTable))
	for _, r := range routeTable {
		out = append(out, r.method+" "+r.pattern)
	}
	return out
}

func hInvoke(s *Server, ctx *fasthttp.RequestCtx, r *routeReq) {
	s.invoke(ctx, r.caller, r.tenant, r.params[0])
}

func hListFunctions(s *Server, ctx *fasthttp.RequestCtx, r *routeReq) {
	s.listFunctions(ctx, r.caller, string(r.tenant))
}

func hFunction(s *Server, ctx *fasthttp.RequestCtx, r *routeReq) {
	s.function(ctx, r.caller, string(r.tenant), string(r.params[0]))
}

func hAccess(s *Server, ctx *fasthttp.RequestCtx, r *routeReq) {
	s.access(ctx, r.caller, string(r.tenant), string(r.params[0]))
}

func hListLibraries(s *Server, ctx *fasthttp.RequestCtx, r *routeReq) {
	s.listLibraries(ctx, r.caller, string(r.tenant))
}

func hLibrary(s *Server, ctx *fasthttp.RequestCtx, r *routeReq) {
	s.library(ctx, r.caller, string(r.tenant), string(r.params[0]))
}

func hEngines(s *Server, ctx *fasthttp.RequestCtx, _ *routeReq) {
	writeJSON(ctx, fasthttp.StatusOK, map[string]any{"engines": s.d.EngineStats()})
}

func hHealthz(s *Server, ctx *fasthttp.RequestCtx, _ *routeReq) {
	ctx.SetContentType("text/plain; charset=utf-8")
	ctx.SetBodyString("ok gpufn " + s.cfg.Version + "\n")
}

func hReadyz(s *Server, ctx *fasthttp.RequestCtx, _ *routeReq) {
	ctx.SetContentType("text/plain; charset=utf-8")
	switch {
	case s.draining.Load():
		ctx.SetStatusCode(fasthttp.StatusServiceUnavailable)
		ctx.SetBodyString("not ready: draining\n")
	case s.cfg.Ready != nil && s.cfg.Ready() != "":
		ctx.SetStatusCode(fasthttp.StatusServiceUnavailable)
		ctx.SetBodyString("not ready: " + s.cfg.Ready() + "\n")
	case s.d.Ready():
		ctx.SetBodyString("ready\n")
	default:
		ctx.SetStatusCode(fasthttp.StatusServiceUnavailable)
		ctx.SetBodyString("not ready: workers are starting\n")
	}
}

func hMetrics(s *Server, ctx *fasthttp.RequestCtx, _ *routeReq) { s.serveMetrics(ctx) }

func hPprof(_ *Server, ctx *fasthttp.RequestCtx, _ *routeReq) { pprofhandler.PprofHandler(ctx) }
