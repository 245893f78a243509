package worker

import (
	"testing"
	"time"

	"gpufn/examples"
)

// BenchmarkCall is the pipe round trip of one small invocation to a real worker process on
// the cpu device (the worker's own time included; see Stages for it).
func BenchmarkCall(b *testing.B) {
	opt := StartOptions{Binary: osArgs0(), Args: []string{"worker"}, ID: "b", Device: "cpu", PoolBytes: 16 << 20, ContextBytes: 1 << 20, StartTimeout: 10 * time.Second}
	p, err := Start(opt)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Stop(5 * time.Second)
	cfg := []byte(`{"module_path": "module", "kernels": ["check_then_write"], "blueprint": {"inputs": ["A"], "buffers": {}, "outputs": ["A"],
	  "control_flow": [{"ExecKernel": ["check_then_write", [{"Ptr": "A"}], {"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1}, "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1}, "shared_mem_bytes": {"Absolute": 0}}]}]}}`)
	ctx := p.Context(0)
	inv := &Invoke{FuncID: 1}
	inv.Lib.Hash[0], inv.Lib.Kind = 2, "ptx"
	inv.Lib.Image, inv.Config = examples.MustPTX("module"), cfg
	var res Result
	var worker time.Duration
	for i := 0; i < b.N+100; i++ {
		if i == 100 {
			b.ResetTimer()
			worker = 0
		}
		ctx.Begin()
		in, _ := ctx.PutInput(make([]byte, 8))
		inv.Inputs = append(inv.Inputs[:0], in)
		inv.Output = ctx.OutputArea()
		inv.ID = p.NextID()
		if err := p.Call(MsgInvoke, inv, inv.ID, &res, time.Now().Add(5*time.Second)); err != nil || res.Err != nil {
			b.Fatal(err, res.Err)
		}
		inv.Lib.Image, inv.Config = nil, nil
		worker += time.Duration(res.Stages.Total)
	}
	b.ReportMetric(float64(worker.Nanoseconds())/float64(b.N), "worker-ns/op")
}
