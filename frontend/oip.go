package frontend

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"strconv"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/auth"
	"gpufn/call"
	"gpufn/function"
)

// The Open Inference Protocol (KServe v2) REST routes beside /v1 (docs/api.md, "Open
// Inference Protocol"): a function is a model, its inputs and outputs are tensors (their
// datatype and shape declared in the config's "tensors", else UINT8 of their byte length,
// oiptensor.go). A model name is a function of the caller's namespace, or "tenant:function"
// for another's (the same access rules as /v1/tenants/{tenant}/...). Every error under /v2 is
// {"error": "message"} with the status of its code (writeError).

var (
	hdrInferHeaderLength = []byte("Inference-Header-Content-Length")
	pathV2               = []byte("/v2")
)

// modelVersion is the one version of every model: a function is replaced in place, so the
// protocol's versions have nothing to tell apart.
const modelVersion = "1"

// versioned serves a /versions/{version} route with h: version 1 is the model, another 404.
func versioned(h func(*Server, *fasthttp.RequestCtx, *routeReq)) func(*Server, *fasthttp.RequestCtx, *routeReq) {
	return func(s *Server, ctx *fasthttp.RequestCtx, r *routeReq) {
		if string(r.params[1]) != modelVersion {
			writeError(ctx, call.CodeNotFound, "model "+strconv.Quote(string(r.params[0]))+" has no version "+strconv.Quote(string(r.params[1]))+"; its one version is "+modelVersion, nil)
			return
		}
		h(s, ctx, r)
	}
}

// oipPath reports whether path is under /v2, whose errors take the protocol's shape.
func oipPath(path []byte) bool {
	return bytes.HasPrefix(path, prefixV2) || bytes.Equal(path, pathV2)
}

// oipError is the protocol's error body.
type oipError struct {
	Error string `json:"error"`
}

func hLive(_ *Server, ctx *fasthttp.RequestCtx, _ *routeReq) { ctx.SetStatusCode(fasthttp.StatusOK) }

func hReady(s *Server, ctx *fasthttp.RequestCtx, _ *routeReq) {
	switch {
	case s.draining.Load():
		writeError(ctx, call.CodeDraining, "not ready: draining", nil)
	case s.cfg.Ready != nil && s.cfg.Ready() != "":
		writeError(ctx, call.CodeUnavailable, "not ready: "+s.cfg.Ready(), nil)
	case !s.d.Ready():
		writeError(ctx, call.CodeUnavailable, "not ready: workers are starting", nil)
	}
}

// hServerMetadata answers GET /v2: the server's name and version (Config.Version, as /healthz
// says it) and the protocol extensions it supports.
func hServerMetadata(s *Server, ctx *fasthttp.RequestCtx, _ *routeReq) {
	writeJSON(ctx, fasthttp.StatusOK, map[string]any{"name": "gpufn", "version": s.cfg.Version, "extensions": []string{"binary_tensor_data"}})
}

// model resolves a model name: "function" in the caller's namespace, "tenant:function" in
// another's.
func (s *Server) model(ctx *fasthttp.RequestCtx, caller auth.Identity, model []byte) (*call.Function, bool) {
	tenant, name := caller.TenantBytes, model
	if i := bytes.IndexByte(model, ':'); i >= 0 {
		tenant, name = model[:i], model[i+1:]
		if !validName(tenant) {
			writeError(ctx, call.CodeBadName, "tenant name: "+function.CheckName(string(tenant)).Error()+" (a model name is a function, or tenant:function)", nil)
			return nil, false
		}
	}
	fn, err := s.d.Lookup(caller, tenant, name)
	if err != nil {
		s.dispatchError(ctx, err)
		return nil, false
	}
	return fn, true
}

// metadataTensor is the protocol's metadata_tensor.
type metadataTensor struct {
	Name     string  `json:"name"`
	Datatype string  `json:"datatype"`
	Shape    []int64 `json:"shape"`
}

func hModelMetadata(s *Server, ctx *fasthttp.RequestCtx, r *routeReq) {
	fn, ok := s.model(ctx, r.caller, r.params[0])
	if !ok {
		return
	}
	p := fn.Plan
	tensors := func(names []string) []metadataTensor {
		out := make([]metadataTensor, 0, len(names))
		for _, n := range names {
			dt, shape := tensorView(p.Config, n)
			out = append(out, metadataTensor{Name: n, Datatype: dt, Shape: shape})
		}
		return out
	}
	outs := make([]string, 0, len(p.Outputs))
	for _, o := range p.Outputs {
		outs = append(outs, p.SlotName(int(o)))
	}
	writeJSON(ctx, fasthttp.StatusOK, map[string]any{
		"name": string(r.params[0]), "versions": []string{modelVersion}, "platform": "gpufn",
		"inputs": tensors(p.Inputs), "outputs": tensors(outs),
	})
}

func hModelReady(s *Server, ctx *fasthttp.RequestCtx, r *routeReq) {
	fn, ok := s.model(ctx, r.caller, r.params[0])
	switch {
	case !ok:
	case fn.Quarantined():
		// 503 without Retry-After: waiting does not lift a quarantine.
		writeJSON(ctx, fasthttp.StatusServiceUnavailable, oipError{Error: "not ready: the function is quarantined (it faulted or overran too often in a row); register it again"})
	default:
		hReady(s, ctx, r)
	}
}

// inferRequest is the protocol's inference_request (fields it does not use are ignored).
type inferRequest struct {
	ID         string          `json:"id,omitempty"`
	Parameters tensorParams    `json:"parameters"`
	Inputs     []inferInput    `json:"inputs"`
	Outputs    []requestOutput `json:"outputs"`
}

type inferInput struct {
	Name       string          `json:"name"`
	Shape      []int64         `json:"shape"`
	Datatype   string          `json:"datatype"`
	Parameters tensorParams    `json:"parameters"`
	Data       json.RawMessage `json:"data"`
}

type requestOutput struct {
	Name       string       `json:"name"`
	Parameters tensorParams `json:"parameters"`
}

// tensorParams are the parameters of the binary-data extension.
type tensorParams struct {
	BinaryDataSize   *int64 `json:"binary_data_size,omitempty"`
	BinaryData       *bool  `json:"binary_data,omitempty"`
	BinaryDataOutput *bool  `json:"binary_data_output,omitempty"`
}

func hInfer(s *Server, ctx *fasthttp.RequestCtx, r *routeReq) {
	if s.cfg.AccessLog == nil {
		s.infer(ctx, r)
		return
	}
	start := time.Now()
	worker := s.infer(ctx, r)
	tenant, name := r.caller.TenantBytes, r.params[0]
	if i := bytes.IndexByte(name, ':'); i >= 0 {
		tenant, name = name[:i], name[i+1:]
	}
	s.logAccess(ctx, r.caller, tenant, name, worker, time.Since(start))
}

// infer answers an inference request as runInvoke answers an invocation, with the same
// metrics; it returns the ID of the worker that ran it ("" if none).
func (s *Server) infer(ctx *fasthttp.RequestCtx, r *routeReq) (worker string) {
	start := time.Now()
	fn, ok := s.model(ctx, r.caller, r.params[0])
	if !ok {
		s.metrics.Unknown().Failed(call.CodeNotFound)
		return ""
	}
	tenant := r.caller.TenantBytes
	if i := bytes.IndexByte(r.params[0], ':'); i >= 0 {
		tenant = r.params[0][:i]
	}
	series := s.metrics.Function(fn, tenant)
	var req inferRequest
	inv := call.Acquire()
	defer call.Release(inv)
	inv.Fn, inv.Tenant = fn, r.caller.Tenant
	outs, msg := s.readInfer(ctx, inv, &req)
	if msg != "" {
		series.Failed(call.CodeBadRequest)
		writeError(ctx, call.CodeBadRequest, msg, nil)
		return ""
	}
	if err := s.d.Submit(inv); err != nil {
		if ok, code := s.overflow(ctx, err); ok { // as an invocation's (cluster.go)
			if code != "" {
				series.Failed(code)
			}
			return ""
		}
		series.Failed(codeOf(err))
		s.dispatchError(ctx, err)
		return ""
	}
	<-inv.Done()
	worker = inv.Sched.Worker
	writeTiming(ctx, &inv.Timing, time.Since(start))
	if inv.Err != nil {
		series.Failed(inv.Err.Code)
		writeError(ctx, inv.Err.Code, inv.Err.Message, nil)
		return worker
	}
	series.Succeeded(&inv.Timing, time.Since(start))
	writeInferResponse(ctx, inv, string(r.params[0]), req.ID, outs)
	return worker
}

// wantOutput is an output the response carries: its index in the plan's outputs, and whether
// as binary data.
type wantOutput struct {
	index  int
	binary bool
}

// readInfer decodes an inference request into inv's inputs and its deadline, and returns the
// outputs asked for; or a message for the client.
func (s *Server) readInfer(ctx *fasthttp.RequestCtx, inv *call.Invocation, req *inferRequest) ([]wantOutput, string) {
	body := ctx.PostBody()
	var bin []byte
	if v := ctx.Request.Header.PeekBytes(hdrInferHeaderLength); len(v) > 0 {
		n, err := strconv.Atoi(string(v))
		if err != nil || n < 0 || n > len(body) {
			return nil, "Inference-Header-Content-Length must be the JSON header's length, at most the body's " + strconv.Itoa(len(body)) + " bytes"
		}
		body, bin = body[:n], body[n:]
	}
	if err := json.Unmarshal(body, req); err != nil {
		return nil, "the inference request is not valid JSON: " + err.Error()
	}
	if msg := readInputs(inv, req.Inputs, bin); msg != "" {
		return nil, msg
	}
	if v := ctx.Request.Header.PeekBytes(hdrTiming); len(v) > 0 {
		d, ok := parseTimeout(v)
		if !ok {
			return nil, "X-Gpufn-Timeout must be a positive duration such as 250ms or 2s"
		}
		inv.Deadline = time.Now().Add(min(d, s.cfg.MaxTimeout))
	}
	return wantOutputs(inv.Fn.Plan, req)
}

// readInputs fills inv.Inputs, in the function's order, from the request's tensors; bin is the
// body after the JSON header, consumed in order by the inputs with binary_data_size.
func readInputs(inv *call.Invocation, in []inferInput, bin []byte) string {
	p := inv.Fn.Plan
	inv.Inputs = inv.Inputs[:0]
	for range p.Inputs {
		inv.Inputs = append(inv.Inputs, nil)
	}
	for i := range in {
		t := &in[i]
		k := p.InputIndex(t.Name)
		switch {
		case k < 0:
			return "the model has no input " + strconv.Quote(t.Name) + "; its inputs are " + quoteList(p.Inputs)
		case inv.Inputs[k] != nil:
			return "input " + strconv.Quote(t.Name) + " is given twice"
		}
		b, rest, msg := readTensor(p.Config, t, bin)
		if msg != "" {
			return "input " + strconv.Quote(t.Name) + ": " + msg
		}
		inv.Inputs[k], bin = b, rest
	}
	for k, b := range inv.Inputs {
		if b == nil {
			return "missing input " + strconv.Quote(p.Inputs[k]) + "; the model's inputs are " + quoteList(p.Inputs)
		}
	}
	if len(bin) > 0 {
		return strconv.Itoa(len(bin)) + " bytes of binary data follow the JSON header that no input's binary_data_size claims"
	}
	return ""
}

// readTensor checks one input tensor against its declaration and returns its bytes and what
// is left of bin.
func readTensor(cfg *function.Config, t *inferInput, bin []byte) ([]byte, []byte, string) {
	size, ok := function.DatatypeSize(t.Datatype)
	if !ok {
		return nil, nil, "unknown datatype " + strconv.Quote(t.Datatype)
	}
	if d := cfg.Tensor(t.Name); d != nil {
		if t.Datatype != d.Datatype {
			return nil, nil, "datatype " + t.Datatype + "; the model declares " + d.Datatype
		}
		if !fitsShape(t.Shape, d.Shape) {
			return nil, nil, "shape " + shapeString(t.Shape) + " does not fit the declared " + shapeString(d.Shape) + " (-1: any size)"
		}
	}
	n, err := elements(t.Shape, int64(len(t.Data))+int64(len(bin))+1)
	if err != nil {
		return nil, nil, err.Error()
	}
	if t.Datatype == "BYTES" && n != 1 {
		return nil, nil, "a BYTES input has exactly one element, whose bytes are the function's input; the shape has " + strconv.FormatInt(n, 10)
	}
	if t.Parameters.BinaryDataSize == nil {
		if t.Data == nil {
			return nil, nil, "no data: send \"data\", or binary data with parameters.binary_data_size"
		}
		b, err := decodeJSONData(t.Data, t.Datatype, n)
		if err != nil {
			return nil, nil, err.Error()
		}
		return b, bin, ""
	}
	m := *t.Parameters.BinaryDataSize
	switch {
	case t.Data != nil:
		return nil, nil, "both data and binary_data_size: send one"
	case m < 0 || m > int64(len(bin)):
		return nil, nil, "binary_data_size " + strconv.FormatInt(m, 10) + " is beyond the " + strconv.Itoa(len(bin)) + " bytes of binary data left"
	case size > 0 && m != n*int64(size):
		return nil, nil, "binary_data_size is " + strconv.FormatInt(m, 10) + " bytes; shape " + shapeString(t.Shape) + " of " + t.Datatype + " is " + strconv.FormatInt(n*int64(size), 10)
	case size == 0 && (m < 4 || int64(binary.LittleEndian.Uint32(bin)) != m-4):
		return nil, nil, "a BYTES tensor's binary data is its element's 4-byte little-endian length and then its bytes"
	}
	b := bin[:m:m]
	if size == 0 {
		b = b[4:]
	}
	return b, bin[m:], ""
}

// wantOutputs returns the outputs a request asks for: all of them when it names none.
func wantOutputs(p *function.Plan, req *inferRequest) ([]wantOutput, string) {
	all := req.Parameters.BinaryDataOutput != nil && *req.Parameters.BinaryDataOutput
	outs := make([]wantOutput, 0, len(p.Outputs))
	if len(req.Outputs) == 0 {
		for i := range p.Outputs {
			outs = append(outs, wantOutput{index: i, binary: all})
		}
		return outs, ""
	}
	names := make([]string, len(p.Outputs))
	for i, o := range p.Outputs {
		names[i] = p.SlotName(int(o))
	}
	for _, o := range req.Outputs {
		i := indexOf(names, []byte(o.Name))
		if i < 0 {
			return nil, "the model has no output " + strconv.Quote(o.Name) + "; its outputs are " + quoteList(names)
		}
		for _, w := range outs {
			if w.index == i {
				return nil, "output " + strconv.Quote(o.Name) + " is asked for twice"
			}
		}
		bin := all
		if o.Parameters.BinaryData != nil {
			bin = *o.Parameters.BinaryData
		}
		outs = append(outs, wantOutput{index: i, binary: bin})
	}
	return outs, ""
}

func shapeString(shape []int64) string {
	b := []byte{'['}
	for i, d := range shape {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, d, 10)
	}
	return string(append(b, ']'))
}

// responseOutput is the protocol's response_output; Data is absent for a binary output.
type responseOutput struct {
	Name       string          `json:"name"`
	Datatype   string          `json:"datatype"`
	Shape      []int64         `json:"shape"`
	Parameters *tensorParams   `json:"parameters,omitempty"`
	Data       json.RawMessage `json:"data,omitempty"`
}

// writeInferResponse answers the outputs asked for: JSON, or a JSON header and the binary
// outputs after it (Inference-Header-Content-Length) when any is binary.
func writeInferResponse(ctx *fasthttp.RequestCtx, inv *call.Invocation, model, id string, want []wantOutput) {
	p := inv.Fn.Plan
	resp := struct {
		ModelName    string           `json:"model_name"`
		ModelVersion string           `json:"model_version"`
		ID           string           `json:"id,omitempty"`
		Outputs      []responseOutput `json:"outputs"`
	}{ModelName: model, ModelVersion: modelVersion, ID: id, Outputs: make([]responseOutput, 0, len(want))}
	var bins [][]byte
	for _, w := range want {
		name := p.SlotName(int(p.Outputs[w.index]))
		data := inv.Outputs[w.index]
		dt, shape, msg := outputShape(p.Config, name, len(data))
		if msg != "" {
			writeError(ctx, call.CodeInternal, "output "+strconv.Quote(name)+": "+msg, nil)
			return
		}
		o := responseOutput{Name: name, Datatype: dt, Shape: shape}
		if w.binary {
			if dt == "BYTES" {
				data = append(append(make([]byte, 0, 4+len(data)), byte(len(data)), byte(len(data)>>8), byte(len(data)>>16), byte(len(data)>>24)), data...)
			}
			n := int64(len(data))
			o.Parameters = &tensorParams{BinaryDataSize: &n}
			bins = append(bins, data)
		} else {
			js, err := appendJSONData(nil, dt, data)
			if err != nil {
				writeError(ctx, call.CodeBadRequest, "output "+strconv.Quote(name)+": "+err.Error(), nil)
				return
			}
			o.Data = js
		}
		resp.Outputs = append(resp.Outputs, o)
	}
	if len(bins) == 0 {
		writeJSON(ctx, fasthttp.StatusOK, resp)
		return
	}
	hdr, _ := json.Marshal(resp)
	ctx.SetStatusCode(fasthttp.StatusOK)
	ctx.SetContentType("application/octet-stream")
	ctx.Response.Header.SetBytesKV(hdrInferHeaderLength, strconv.AppendInt(nil, int64(len(hdr)), 10))
	ctx.Response.SetBodyRaw(nil)
	ctx.Response.AppendBody(hdr)
	for _, b := range bins {
		ctx.Response.AppendBody(b)
	}
}

// outputShape returns an output's datatype and shape for its byte length: the declared shape,
// its variable dimension computed; or a message when the bytes do not fit the declaration.
func outputShape(cfg *function.Config, name string, n int) (string, []int64, string) {
	dt, declared := tensorView(cfg, name)
	if dt == "BYTES" {
		shape := make([]int64, len(declared))
		for i := range shape {
			shape[i] = 1
		}
		return dt, shape, ""
	}
	size, _ := function.DatatypeSize(dt)
	fixed, variable := int64(size), -1
	for i, d := range declared {
		if d == -1 {
			variable = i
		} else {
			fixed *= d
		}
	}
	shape := append([]int64(nil), declared...)
	switch {
	case variable >= 0 && int64(n)%fixed == 0:
		shape[variable] = int64(n) / fixed
	case variable < 0 && int64(n) == fixed:
	default:
		return "", nil, "the function answered " + strconv.Itoa(n) + " bytes, which do not fit its declared shape " + shapeString(declared) + " of " + dt
	}
	return dt, shape, ""
}
