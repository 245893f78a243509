package worker

import (
	"encoding/binary"
	"fmt"
	"testing"
	"time"

	"gpufn/examples"
	"gpufn/shm"
)

// words builds n int64 values f(i), little-endian.
func words(n int, f func(i int) int64) []byte {
	b := make([]byte, 0, 8*n)
	for i := range n {
		b = binary.LittleEndian.AppendUint64(b, uint64(f(i)))
	}
	return b
}

// A streamed request reaches the worker before its inputs: the worker answers nothing until the
// server has written them, then answers with outputs computed from them, not from what the
// context held before. With a plan that sizes a buffer from an input's bytes, the sizing waits
// for the inputs too.
func TestStreamedInputs(t *testing.T) {
	const n = 12 << 10 // int64 per input: 96 KiB, two chunks and a half
	launch := `{"grid_dim_x": {"Absolute": 16}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1}, "block_dim_x": {"Absolute": 64}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1}, "shared_mem_bytes": {"Absolute": 0}}`
	for _, c := range []struct {
		name, inputs, size, args string
		head                     bool // a first input holding C's size in bytes
	}{
		{"lengths", `["A", "B"]`, `{"Sizeof": "A"}`, `[{"Ptr": "A"}, {"Ptr": "B"}, {"Ptr": "C"}, {"Constant": %d}]`, false},
		{"sized from an input", `["size", "A", "B"]`, `{"FromInput": {"bufname": "size", "idx": 0}}`, `[{"Ptr": "A"}, {"Ptr": "B"}, {"Ptr": "C"}, {"Constant": %d}]`, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := Start(startOpts(t, ""))
			if err != nil {
				t.Fatal(err)
			}
			defer p.Stop(5 * time.Second)
			cfg := []byte(`{"module_path": "testkernels", "kernels": ["add_i64"], "blueprint": {"inputs": ` + c.inputs +
				`, "buffers": {"C": ` + c.size + `}, "outputs": ["C"], "control_flow": [{"ExecKernel": ["add_i64", ` +
				fmt.Sprintf(c.args, n) + `, ` + launch + `]}]}}`)
			ctx := p.Context(0)
			call := func(round int, streamed bool) (*Result, []byte) {
				a := words(n, func(i int) int64 { return int64(i) * int64(round+1) })
				b := words(n, func(i int) int64 { return 1000 * int64(round+1) })
				ins := [][]byte{a, b}
				if c.head {
					ins = append([][]byte{binary.LittleEndian.AppendUint64(nil, 8*n)}, ins...)
				}
				ctx.Begin()
				var spans []shm.Span
				for _, in := range ins {
					var sp shm.Span
					var err error
					if streamed {
						sp, err = ctx.Reserve(uint64(len(in)))
					} else {
						sp, err = ctx.PutInput(in)
					}
					if err != nil {
						t.Fatal(err)
					}
					spans = append(spans, sp)
				}
				inv := &Invoke{ID: p.NextID(), FuncID: 1, Inputs: spans, Output: ctx.OutputArea(), Streamed: streamed}
				inv.Lib.Hash[0], inv.Lib.Kind = 1, "ptx"
				if round == 0 {
					inv.Lib.Image, inv.Config = examples.MustPTX("testkernels"), cfg
				}
				deadline := time.Now().Add(10 * time.Second)
				if err := p.Send(MsgInvoke, inv, inv.ID, deadline); err != nil {
					t.Fatal(err)
				}
				var res Result
				if streamed {
					time.Sleep(50 * time.Millisecond)
					if got, err := p.Poll(inv.ID, &res, deadline); got || err != nil {
						t.Fatalf("round %d: the worker answered before its inputs were written: %v %+v", round, err, res)
					}
					for i, in := range ins {
						ctx.Stream(spans[i], in)
					}
				}
				if err := p.Receive(inv.ID, &res, deadline); err != nil {
					t.Fatal(err)
				}
				if res.Err != nil {
					t.Fatalf("round %d: %v", round, res.Err)
				}
				out, err := ctx.Slice(res.Outputs[0])
				if err != nil {
					t.Fatal(err)
				}
				ctx.Written(res.Outputs[0].End())
				return &res, out
			}
			for round := range 3 {
				streamed := round > 0
				res, out := call(round, streamed)
				want := words(n, func(i int) int64 { return int64(i)*int64(round+1) + 1000*int64(round+1) })
				if len(out) != len(want) {
					t.Fatalf("round %d (streamed %v): output of %d bytes, want %d", round, streamed, len(out), len(want))
				}
				for i := 0; i < len(out); i += 8 {
					if got, w := binary.LittleEndian.Uint64(out[i:]), binary.LittleEndian.Uint64(want[i:]); got != w {
						t.Fatalf("round %d (streamed %v): C[%d] = %d, want %d", round, streamed, i/8, got, w)
					}
				}
				t.Logf("round %d streamed %v: waited %v", round, streamed, time.Duration(res.Stages.Wait))
			}
		})
	}
}
