package frontend

import (
	"github.com/valyala/fasthttp"

	"gpufn/auth"
)

// Weight sets: /v1/weights and /v1/weights/{set} (and under /v1/tenants/{t}/), as libraries.

var segWeights = []byte("weights")

func (s *Server) listWeights(ctx *fasthttp.RequestCtx, caller auth.Identity, tenant string) {
	if !ctx.IsGet() {
		methodNotAllowed(ctx, "GET")
		return
	}
	sets, err := s.d.WeightSets(caller, tenant)
	if err != nil {
		s.dispatchError(ctx, err)
		return
	}
	writeJSON(ctx, fasthttp.StatusOK, map[string]any{"weights": sets})
}

// weightSet answers PUT (a safetensors file as the body), GET (the set's description, its
// tensors included) and DELETE of one weight set.
func (s *Server) weightSet(ctx *fasthttp.RequestCtx, caller auth.Identity, tenant, name string) {
	switch {
	case ctx.IsPut():
		v, created, err := s.d.PutWeights(caller, tenant, name, ctx.PostBody())
		s.writePut(ctx, v, created, err)
	case ctx.IsGet():
		v, err := s.d.Weights(caller, tenant, name)
		if err != nil {
			s.dispatchError(ctx, err)
			return
		}
		writeJSON(ctx, fasthttp.StatusOK, v)
	case ctx.IsDelete():
		if err := s.d.DeleteWeights(caller, tenant, name); err != nil {
			s.dispatchError(ctx, err)
			return
		}
		ctx.SetStatusCode(fasthttp.StatusNoContent)
	default:
		methodNotAllowed(ctx, "GET, PUT, DELETE")
	}
}
