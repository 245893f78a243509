package main

import (
	"testing"

	"go.uber.org/zap"

	"gpufn/cmd/gpufn/internal/serveplan"
	"gpufn/compiler"
	"gpufn/gpu"
)

// --compile-workers sizes the pool of each architecture (0: compiler.DefaultWorkers()); a
// device other than CUDA gets no compiler. Nothing is started: workers start at a compile.
func TestCompileWorkersFlag(t *testing.T) {
	gpus := []gpu.Info{{Ordinal: 0, Arch: "sm_90"}, {Ordinal: 1, Arch: "sm_90"}}
	plan := serveplan.Plan{Engines: []serveplan.Engine{{Ordinal: 0}, {Ordinal: 1}}}
	for _, tc := range []struct {
		args []string
		want int
	}{
		{nil, compiler.DefaultWorkers()},
		{[]string{"--compile-workers", "3"}, 3},
	} {
		f := parseServe(t, tc.args...)
		set, err := validateServeFlags(f)
		if err != nil {
			t.Fatal(err)
		}
		cc := newCompiler("cuda", "/nonexistent", gpus, plan, set, f, zap.NewNop())
		if got := cc.MaxWorkers(); got != tc.want {
			t.Errorf("%q: %d compile workers per architecture; want %d", tc.args, got, tc.want)
		}
		if cc.Running("sm_90") {
			t.Errorf("%q: a compile worker before any compile", tc.args)
		}
		cc.Close()
		if newCompiler("cpu", "/nonexistent", gpus, plan, set, f, zap.NewNop()) != nil {
			t.Error("a compiler on the cpu device")
		}
	}
}
