package load

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gpufn/bench/internal/benchtest"
	"gpufn/examples"
)

func TestParseWorkload(t *testing.T) {
	for in, want := range map[string]string{
		"matmul": "matmul-n128", "matmul-n64": "matmul-n64", "inference": "inference-r1-b1",
		"inference-r500": "inference-r500-b1", "inference-r1-b8": "inference-r1-b8", "inference-b4": "inference-r1-b4",
	} {
		w, err := ParseWorkload(in)
		if err != nil || w.Name() != want {
			t.Errorf("%q: %q, %v; want %q", in, w.Name(), err, want)
		}
	}
	for _, bad := range []string{"", "conv", "matmul-r5", "inference-n3", "matmul-n0", "inference-rx", "matmul-"} {
		if _, err := ParseWorkload(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	w, _ := ParseWorkload("inference-r3-b2")
	if w.ExampleFunction() != "inference_batched" || w.OutputName() != "D" {
		t.Errorf("batched inference: %s %s", w.ExampleFunction(), w.OutputName())
	}
}

func TestWorkloadRegistersAndChecks(t *testing.T) {
	t.Parallel()
	fake := benchtest.NewFakeGpufn(false)
	f := benchtest.StartFake(t, fake.Handle)
	c := newTestClient(t, f.URL)
	spec, _ := ParseWorkload("matmul-n16")
	w, err := PrepareWorkload(c, spec, WorkloadOptions{Register: true, Distinct: 3})
	if err != nil {
		t.Fatal(err)
	}
	if w.Function != "bench-matmul" || w.Library != "bench-mlops" {
		t.Fatalf("registered %s / %s", w.Function, w.Library)
	}
	fake.Mu.Lock()
	if !bytes.Equal(fake.Libs["bench-mlops"], examples.MustPTX("mlops")) || fake.Fns["bench-matmul"] != "bench-mlops" {
		t.Fatalf("the server got library %d bytes, function -> %q", len(fake.Libs["bench-mlops"]), fake.Fns["bench-matmul"])
	}
	fake.Mu.Unlock()

	if err := w.PrepareCold(4); err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), c, w, RunConfig{Rate: 100, Duration: 80 * time.Millisecond, ColdPercent: 50})
	if err != nil {
		t.Fatal(err)
	}
	if r.OK != 8 || r.Errors != 0 || r.ColdSent != 4 || r.Cold == nil || r.Cold.Count != 4 || r.Hot.Count != 4 {
		t.Fatalf("ok %d errors %d %v cold %d", r.OK, r.Errors, r.ErrorSamples, r.ColdSent)
	}
	fake.Mu.Lock()
	coldLibs := 0
	ptx := examples.MustPTX("mlops")
	for name, lib := range fake.Libs {
		if !strings.HasPrefix(name, "bench-cold-") {
			continue
		}
		coldLibs++
		// The copy differs from the library by one comment line only.
		if !bytes.HasPrefix(lib, ptx) || !bytes.HasPrefix(lib[len(ptx):], []byte("\n// bench-cold ")) || bytes.Count(lib[len(ptx):], []byte("\n")) != 2 {
			t.Errorf("cold library %s: %q after the PTX", name, lib[len(ptx):])
		}
		if fake.Invoked[name] != 1 {
			t.Errorf("cold function %s invoked %d times; want once", name, fake.Invoked[name])
		}
	}
	if coldLibs != 4 || fake.Invoked["bench-matmul"] != 4 {
		t.Errorf("%d cold libraries; hot function invoked %d times", coldLibs, fake.Invoked["bench-matmul"])
	}
	fake.Mu.Unlock()

	// The pool is used up: another cold request is an error, not a silent hot one.
	r, _ = Run(context.Background(), c, w, RunConfig{Rate: 100, Duration: 20 * time.Millisecond, ColdPercent: 100})
	if r.ErrorKinds[ErrKindColdExhausted] != 2 {
		t.Fatalf("exhausted cold pool: %v", r.ErrorKinds)
	}
	if err := w.Cleanup(); err != nil {
		t.Fatal(err)
	}
	fake.Mu.Lock()
	if len(fake.Deleted) != 8 {
		t.Errorf("cleanup deleted %v", fake.Deleted)
	}
	fake.Mu.Unlock()
}

// A wrong answer from a server is caught by the reference check (matmul exactly, inference
// within a relative 1e-4).
func TestWorkloadCheck(t *testing.T) {
	for _, name := range []string{"matmul-n8", "inference-r1-b2"} {
		spec, _ := ParseWorkload(name)
		_, want := spec.Inputs(5)
		if err := spec.Check(want, want); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		bad := append([]byte(nil), want...)
		bad[len(bad)-1] ^= 0x40
		if err := spec.Check(bad, want); err == nil {
			t.Errorf("%s: a changed output passed", name)
		}
		if err := spec.Check(want[:8], want); err == nil {
			t.Errorf("%s: a short output passed", name)
		}
	}
}

func TestWorkloadExamplesByName(t *testing.T) {
	t.Parallel()
	fake := benchtest.NewFakeGpufn(true)
	f := benchtest.StartFake(t, fake.Handle)
	c := newTestClient(t, f.URL)
	spec, _ := ParseWorkload("inference-r2-b2")
	w, err := PrepareWorkload(c, spec, WorkloadOptions{Distinct: 2, Msgpack: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.PrepareCold(1); err == nil {
		t.Error("cold copies without registration")
	}
	r, err := Run(context.Background(), c, w, RunConfig{Rate: 50, Duration: 80 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if r.OK != 4 || fake.Invoked["inference_batched"] != 4 || len(fake.Libs) != 0 {
		t.Fatalf("ok %d %v; invoked %v", r.OK, r.ErrorSamples, fake.Invoked)
	}
	if r.Stages["ipc"].Count != 4 {
		t.Errorf("stages %v", r.Stages)
	}
}

func TestWithModulePath(t *testing.T) {
	for _, f := range examples.Functions() {
		b, err := withModulePath(f.Config, "x-lib")
		if err != nil {
			t.Fatal(err)
		}
		var orig, got map[string]any
		_ = json.Unmarshal(f.Config, &orig)
		_ = json.Unmarshal(b, &got)
		orig["module_path"] = "x-lib"
		if !jsonEqual(orig, got) {
			t.Errorf("%s: config changed beyond module_path", f.Name)
		}
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
