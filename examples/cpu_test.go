package examples_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"testing"

	"gpufn/cpu"
	"gpufn/examples"
	"gpufn/function"
	"gpufn/gpu"
)

// These tests run the example functions on the cpu device, driven directly per the plan (the
// worker's executor does the same with a pool), and check them against the references.

// invoke runs plan p of library lib on d with inputs and returns its outputs in order.
func invoke(d gpu.Device, lib string, p *function.Plan, inputs ...[]byte) ([][]byte, error) {
	m, err := d.LoadModule(examples.MustPTX(lib))
	if err != nil {
		return nil, err
	}
	defer d.UnloadModule(m)
	fns := make([]gpu.Function, len(p.Kernels))
	for i, k := range p.Kernels {
		if fns[i], err = d.Function(m, k); err != nil {
			return nil, err
		}
	}
	sizes := make([]uint64, p.NumSlots())
	if err := p.Sizes(inputs, sizes); err != nil {
		return nil, err
	}
	ptrs := make([]gpu.Ptr, len(sizes))
	for i, n := range sizes {
		if ptrs[i], err = d.Alloc(max(n, 1)); err != nil {
			return nil, err
		}
		defer d.Free(ptrs[i])
		if err := d.Memset(ptrs[i], 0, max(n, 1)); err != nil {
			return nil, err
		}
		if i < len(inputs) {
			if err := d.CopyToDevice(ptrs[i], inputs[i]); err != nil {
				return nil, err
			}
		}
	}
	info := d.Info()
	var run func(ops []function.Op) error
	run = func(ops []function.Op) error {
		for i := range ops {
			op := &ops[i]
			if op.Repeat {
				n, err := op.Count.Eval(inputs, sizes)
				if err != nil {
					return err
				}
				for ; n > 0; n-- {
					if err := run(op.Body); err != nil {
						return err
					}
				}
				continue
			}
			grid, block, shared, err := op.LaunchShape(inputs, sizes, function.Limits(info.Limits))
			if err != nil {
				return err
			}
			args := make([]uint64, len(op.Args))
			for j, a := range op.Args {
				switch a.Kind {
				case function.ArgPtr:
					args[j] = uint64(ptrs[a.Slot])
				case function.ArgSizeof:
					args[j] = sizes[a.Slot]
				case function.ArgConstant:
					args[j] = uint64(a.Const)
				}
			}
			if err := d.Launch(fns[op.Kernel], gpu.Dim3(grid), gpu.Dim3(block), shared, args); err != nil {
				return fmt.Errorf("%s: %w", op.Path, err)
			}
		}
		return nil
	}
	if err := run(p.Body); err != nil {
		return nil, err
	}
	if err := d.Synchronize(); err != nil {
		return nil, err
	}
	var outs [][]byte
	for _, s := range p.Outputs {
		b := make([]byte, sizes[s])
		if err := d.CopyFromDevice(b, ptrs[s]); err != nil {
			return nil, err
		}
		outs = append(outs, b)
	}
	return outs, nil
}

func find(t *testing.T, fns []examples.Function, name string) (string, *function.Plan) {
	t.Helper()
	for _, f := range fns {
		if f.Name == name {
			return f.Library, parse(t, f)
		}
	}
	t.Fatalf("no example function %q", name)
	return "", nil
}

// run invokes function name of set on a fresh cpu device and wants one output.
func run(t *testing.T, set []examples.Function, name string, inputs ...[]byte) []byte {
	t.Helper()
	lib, p := find(t, set, name)
	d := cpu.New(cpu.Options{MemBytes: 1 << 30})
	defer d.Close()
	outs, err := invoke(d, lib, p, inputs...)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(outs) != 1 {
		t.Fatalf("%s: %d outputs", name, len(outs))
	}
	return outs[0]
}

func TestExamplesOnCPU(t *testing.T) {
	for setName, set := range map[string][]examples.Function{"served": examples.Functions(), "dandelion": examples.DandelionConfigs()} {
		t.Run(setName, func(t *testing.T) {
			for _, n := range []int{1, 33, 70} {
				cfg, a := examples.MatmulInputs(n, int64(n))
				if err := examples.CompareI64(run(t, set, "matmul", cfg, a), examples.MatmulReference(a)); err != nil {
					t.Errorf("matmul n=%d: %v", n, err)
				}
			}
			_, a := examples.MatmulInputs(20, 5)
			if err := examples.CompareI64(run(t, set, "matmul_loop", a), examples.MatmulReference(a)); err != nil {
				t.Errorf("matmul_loop: %v", err)
			}
			cfg, a, b := examples.InferenceInputs(2, 1, 7)
			if err := examples.CompareF32(run(t, set, "inference", cfg, a, b), examples.InferenceReference(a, b, 1), 1e-5); err != nil {
				t.Errorf("inference: %v", err)
			}
			lib, p := find(t, set, "minimal")
			d := cpu.New(cpu.Options{})
			defer d.Close()
			if outs, err := invoke(d, lib, p); err != nil || len(outs) != 0 {
				t.Errorf("minimal: %v, %d outputs", err, len(outs))
			}
			for _, in := range [][]byte{i64s(12345, 1), i64s(1, 2), []byte("abcdefghij")} {
				if err := examples.CompareBytes(run(t, set, "basic_io", in), examples.BasicIOReference(in)); err != nil {
					t.Errorf("basic_io(%q): %v", in, err)
				}
			}
			lib, p = find(t, set, "hello_world")
			if outs, err := invoke(d, lib, p); err != nil || len(outs) != 0 {
				t.Errorf("hello_world: %v, %d outputs", err, len(outs))
			}
		})
	}
	t.Run("inference_batched", func(t *testing.T) {
		cfg, a, b := examples.InferenceInputs(1, 3, 11)
		want := examples.InferenceReference(a, b, 3)
		for _, set := range [][]examples.Function{examples.Functions(), examples.DandelionConfigs()} {
			if err := examples.CompareF32(run(t, set, "inference_batched", cfg, a, b), want, 1e-5); err != nil {
				t.Errorf("inference_batched: %v", err)
			}
		}
		// The unbatched function on the first image gives the same first image, bit for bit.
		cfg1, _, _ := examples.InferenceInputs(1, 1, 11)
		one := run(t, examples.Functions(), "inference", cfg1, a[:4*(2+224*224)], b)
		batched := run(t, examples.Functions(), "inference_batched", cfg, a, b)
		if err := examples.CompareBytes(batched[:len(one)], one); err != nil {
			t.Errorf("batched image 0 vs unbatched: %v", err)
		}
	})
}

func TestTestFunctionsOnCPU(t *testing.T) {
	set := examples.TestFunctions()
	if got := run(t, set, "zero_check"); !bytes.Equal(got, make([]byte, 8)) {
		t.Errorf("zero_check on fresh memory = %v; want 8 zero bytes", got)
	}
	lib, p := find(t, set, "dirty")
	d := cpu.New(cpu.Options{})
	defer d.Close()
	if outs, err := invoke(d, lib, p); err != nil || len(outs) != 0 {
		t.Errorf("dirty: %v, %d outputs", err, len(outs))
	}
	out := run(t, set, "args8")
	for i, want := range []int64{1, -1, 1 << 40, -1 << 63, 42} {
		if v := int64(binary.LittleEndian.Uint64(out[8*i:])); v != want {
			t.Errorf("args8 out[%d] = %d; want %d", i, v, want)
		}
	}
	out = run(t, set, "write_index")
	for i := 0; i < 288; i++ {
		if v := binary.LittleEndian.Uint64(out[8*i:]); v != uint64(i) {
			t.Fatalf("write_index out[%d] = %d", i, v)
		}
	}
	lib, p = find(t, set, "fault")
	if _, err := invoke(cpu.New(cpu.Options{}), lib, p); !gpu.IsFatal(err) {
		t.Errorf("fault: %v; want a fatal error", err)
	}
}
