package frontend

import (
	"github.com/valyala/fasthttp"

	"gpufn/docs"
)

// hOpenAPI serves docs/openapi.json, the OpenAPI 3 document of every route (routes.go).
func hOpenAPI(_ *Server, ctx *fasthttp.RequestCtx, _ *routeReq) {
	ctx.SetContentType("application/json")
	ctx.SetBody(docs.OpenAPI)
}
