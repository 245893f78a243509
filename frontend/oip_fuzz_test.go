package frontend

import (
	"strconv"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/call"
	"gpufn/function"
)

// FuzzInferRequest decodes arbitrary inference requests, with and without binary data, for a
// function of declared (fixed, variable, BYTES) and undeclared inputs: errors are fine, panics
// are not; an accepted input has the byte length its declaration allows, binary inputs lie
// inside the body, and the outputs asked for exist.
func FuzzInferRequest(f *testing.F) {
	plan, err := function.Parse([]byte(`{"module_path": "m", "kernels": ["k"],
	  "tensors": {"x": {"datatype": "FP16", "shape": [2, 2]}, "y": {"datatype": "INT32", "shape": [-1, 3]}, "s": {"datatype": "BYTES"}},
	  "blueprint": {"inputs": ["x", "y", "s", "raw"], "buffers": {}, "outputs": ["y", "raw"], "control_flow": []}}`))
	if err != nil {
		f.Fatal(err)
	}
	fn := &call.Function{Name: "f", Plan: plan}
	f.Add([]byte(`{"inputs": [{"name": "x", "datatype": "FP16", "shape": [2, 2], "data": [[1, 2], [3, 4.5]]},
	  {"name": "y", "datatype": "INT32", "shape": [1, 3], "data": [1, -2, 3]}, {"name": "s", "datatype": "BYTES", "shape": [1], "data": ["hi"]},
	  {"name": "raw", "datatype": "BOOL", "shape": [2], "data": [true, false]}], "outputs": [{"name": "raw", "parameters": {"binary_data": true}}]}`), -1)
	js := `{"inputs": [{"name": "x", "datatype": "FP16", "shape": [2, 2], "parameters": {"binary_data_size": 8}},
	  {"name": "y", "datatype": "INT32", "shape": [0, 3], "data": []}, {"name": "s", "datatype": "BYTES", "shape": [1], "parameters": {"binary_data_size": 6}},
	  {"name": "raw", "datatype": "UINT8", "shape": [0], "data": []}], "parameters": {"binary_data_output": true}}`
	f.Add(append([]byte(js), "01234567\x02\x00\x00\x00ok"...), len(js))
	s := &Server{cfg: Config{MaxTimeout: time.Second}}
	f.Fuzz(func(t *testing.T, body []byte, headerLen int) {
		var ctx fasthttp.RequestCtx
		ctx.Request.SetBody(body)
		if headerLen >= 0 {
			ctx.Request.Header.Set("Inference-Header-Content-Length", strconv.Itoa(headerLen))
		}
		inv := call.Acquire()
		defer call.Release(inv)
		inv.Fn = fn
		var req inferRequest
		outs, msg := s.readInfer(&ctx, inv, &req)
		if msg != "" {
			return
		}
		if len(inv.Inputs) != 4 {
			t.Fatalf("%d inputs", len(inv.Inputs))
		}
		if n := len(inv.Inputs[0]); n != 8 {
			t.Fatalf("x (FP16 [2, 2]) of %d bytes", n)
		}
		if n := len(inv.Inputs[1]); n%12 != 0 {
			t.Fatalf("y (INT32 [-1, 3]) of %d bytes", n)
		}
		for _, o := range outs {
			if o.index < 0 || o.index >= len(plan.Outputs) {
				t.Fatalf("output %d", o.index)
			}
		}
	})
}
