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
	globals := map[string]bool{}
	for name, lib := range fake.Libs {
		if !strings.HasPrefix(name, "bench-cold-") {
			continue
		}
		coldLibs++
		// The copy is the library with two lines added after its header: a comment and a
		// global variable of its own (so that the code compiled from it is new too).
		extra := lib
		if i := bytes.Index(ptx, []byte(".address_size")); i < 0 || !bytes.HasPrefix(lib, ptx[:i]) {
			t.Errorf("cold library %s does not start with the library's header", name)
		}
		lines := strings.Split(string(extra), "\n")
		var added []string
		var rest []string
		for _, l := range lines {
			if strings.HasPrefix(l, "// bench copy ") || strings.HasPrefix(l, ".global .align 8 .u64 bench_copy_") {
				added = append(added, l)
				continue
			}
			rest = append(rest, l)
		}
		if len(added) != 2 || strings.Join(rest, "\n") != string(ptx) {
			t.Errorf("cold library %s: added lines %q; the rest is the library: %v", name, added, strings.Join(rest, "\n") == string(ptx))
		} else if globals[added[1]] {
			t.Errorf("cold library %s: global %q used twice", name, added[1])
		} else {
			globals[added[1]] = true
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
	// Cleanup deletes every function and library registered, the hot ones included, each
	// function before its library.
	fake.Mu.Lock()
	defer fake.Mu.Unlock()
	at := map[string]int{}
	for i, p := range fake.Deleted {
		at[p] = i + 1
	}
	if len(fake.Deleted) != 10 || len(at) != 10 {
		t.Errorf("cleanup deleted %v; want 5 functions and 5 libraries, once each", fake.Deleted)
	}
	for fn, lib := range map[string]string{"bench-matmul": "bench-mlops"} {
		if at["/v1/functions/"+fn] == 0 || at["/v1/functions/"+fn] > at["/v1/libraries/"+lib] {
			t.Errorf("%s and %s deleted at %d and %d", fn, lib, at["/v1/functions/"+fn], at["/v1/libraries/"+lib])
		}
	}
	for name := range fake.Libs {
		if strings.HasPrefix(name, "bench-cold-") && (at["/v1/functions/"+name] == 0 || at["/v1/functions/"+name] > at["/v1/libraries/"+name]) {
			t.Errorf("cold copy %s: function deleted at %d, library at %d", name, at["/v1/functions/"+name], at["/v1/libraries/"+name])
		}
	}
}

// With Keep, Cleanup leaves everything registered.
func TestWorkloadKeep(t *testing.T) {
	t.Parallel()
	fake := benchtest.NewFakeGpufn(false)
	f := benchtest.StartFake(t, fake.Handle)
	c := newTestClient(t, f.URL)
	spec, _ := ParseWorkload("matmul-n8")
	w, err := PrepareWorkload(c, spec, WorkloadOptions{Register: true, Distinct: 1, Keep: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.PrepareCold(3); err != nil {
		t.Fatal(err)
	}
	if err := w.Cleanup(); err != nil {
		t.Fatal(err)
	}
	fake.Mu.Lock()
	defer fake.Mu.Unlock()
	if len(fake.Deleted) != 0 || len(fake.Fns) != 4 {
		t.Errorf("kept: deleted %v, %d functions left", fake.Deleted, len(fake.Fns))
	}
}

// CopyPTX puts the copy's global after the header's .address_size (a PTX module's
// directives must come first), and at the end of a text without one.
func TestCopyPTX(t *testing.T) {
	got := string(CopyPTX([]byte(".version 8.0\n.target sm_90\n.address_size 64\n\n.visible .entry k()\n{\n}\n"), "ab-12"))
	want := ".version 8.0\n.target sm_90\n.address_size 64\n// bench copy ab-12\n.global .align 8 .u64 bench_copy_ab_12 = 1;\n\n.visible .entry k()\n{\n}\n"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if got := string(CopyPTX([]byte("x"), "t")); got != "x\n// bench copy t\n.global .align 8 .u64 bench_copy_t = 1;\n" {
		t.Errorf("without a header: %q", got)
	}
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
