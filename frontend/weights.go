package frontend

import (
	"bytes"
	"io"
	"mime/multipart"

	"github.com/valyala/fasthttp"

	"gpufn/auth"
	"gpufn/call"
)

// Weight sets: /v1/weights and /v1/weights/{set} (and under /v1/tenants/{t}/), as libraries.

func hListWeights(s *Server, ctx *fasthttp.RequestCtx, r *routeReq) {
	s.listWeights(ctx, r.caller, string(r.tenant))
}

func hWeightSet(s *Server, ctx *fasthttp.RequestCtx, r *routeReq) {
	s.weightSet(ctx, r.caller, string(r.tenant), string(r.params[0]))
}

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

var mimeMultipart = []byte("multipart/form-data")

func isMultipart(ctx *fasthttp.RequestCtx) bool {
	return bytes.HasPrefix(ctx.Request.Header.ContentType(), mimeMultipart)
}

// putFunctionWithWeights answers PUT /v1/functions/{name} with a multipart/form-data body: a
// part "config" (the config JSON) and a part "weights" (a safetensors file), each a form value
// or a file (Dandelion's way: the function's weights come with it; docs/config-models.md).
func (s *Server) putFunctionWithWeights(ctx *fasthttp.RequestCtx, caller auth.Identity, tenant, name string) {
	// Within the body limit: an encoded (gzip) body is inflated, and its inflated size counts.
	form, err := ctx.Request.MultipartFormWithLimit(s.cfg.MaxBodyBytes)
	if err != nil {
		writeError(ctx, call.CodeBadRequest, "a multipart/form-data body that does not parse: "+err.Error(), nil)
		return
	}
	defer ctx.Request.RemoveMultipartFormFiles()
	config, err := formPart(form, "config")
	if err != nil {
		writeError(ctx, call.CodeBadRequest, err.Error(), nil)
		return
	}
	file, err := formPart(form, "weights")
	if err != nil {
		writeError(ctx, call.CodeBadRequest, err.Error(), nil)
		return
	}
	v, created, err := s.d.PutFunctionWithWeights(caller, tenant, name, config, file)
	s.writePut(ctx, v, created, err)
}

// formPart is the one value or file named name of a multipart form.
func formPart(form *multipart.Form, name string) ([]byte, error) {
	vals, files := form.Value[name], form.File[name]
	switch {
	case len(vals)+len(files) != 1:
		return nil, errPart(name)
	case len(vals) == 1:
		return []byte(vals[0]), nil
	}
	f, err := files[0].Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

type errPart string

func (e errPart) Error() string {
	return "a function sent with its weights is multipart/form-data with exactly one part " + string(e) + " (and one of config and weights)"
}
