package worker

import (
	"fmt"
	"testing"
	"time"

	"gpufn/examples"
	"gpufn/shm"
)

// A wake is read and not answered: the requests around it are answered in order, each with
// its own result, whether the worker reads its pipe with plain blocking reads or spins (and
// then spins longer after the wake).
func TestWake(t *testing.T) {
	for _, spin := range []time.Duration{0, 20 * time.Microsecond} {
		t.Run(fmt.Sprintf("spin=%v", spin), func(t *testing.T) {
			opt := startOpts(t, "")
			opt.Spin = spin
			p, err := Start(opt)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Stop(5 * time.Second)
			cfg := []byte(`{"module_path": "testkernels", "kernels": ["print_inject"], "blueprint": {"inputs": ["X"], "buffers": {}, "outputs": ["X"],
			  "control_flow": [{"ExecKernel": ["print_inject", [{"Constant": 42}], {"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1}, "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1}, "shared_mem_bytes": {"Absolute": 0}}]}]}}`)
			ctx := p.Context(0)
			for i := range 4 {
				// Wakes before a request: one, two in a row, one after a pause, none.
				for range []int{1, 2, 1, 0}[i] {
					if err := p.Wake(); err != nil {
						t.Fatalf("wake before call %d: %v", i, err)
					}
				}
				if i == 2 {
					time.Sleep(20 * time.Millisecond) // the worker has read the wake and spins, or parks again
				}
				ctx.Begin()
				in, _ := ctx.PutInput([]byte(fmt.Sprintf("payload-%d", i)))
				inv := &Invoke{ID: p.NextID(), FuncID: 1, Inputs: []shm.Span{in}, Output: ctx.OutputArea()}
				inv.Lib.Hash[0], inv.Lib.Kind = 1, "ptx"
				if i == 0 {
					inv.Lib.Image, inv.Config = examples.MustPTX("testkernels"), cfg
				}
				var res Result
				if err := p.Call(MsgInvoke, inv, inv.ID, &res, time.Now().Add(10*time.Second)); err != nil {
					t.Fatalf("call %d: %v", i, err)
				}
				if res.Err != nil {
					t.Fatalf("call %d: %v", i, res.Err)
				}
				out, err := ctx.Slice(res.Outputs[0])
				if err != nil || string(out) != fmt.Sprintf("payload-%d", i) {
					t.Fatalf("call %d: output %q %v", i, out, err)
				}
				ctx.Written(res.Outputs[0].End())
			}
		})
	}
}
