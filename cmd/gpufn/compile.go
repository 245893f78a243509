package main

import (
	"context"
	"time"

	"go.uber.org/zap"

	"gpufn/cmd/gpufn/internal/serveplan"
	"gpufn/compiler"
	"gpufn/dispatcher"
	"gpufn/gpu"
	"gpufn/worker"
)

// newCompiler makes the compile workers' pool of a CUDA server: one target per architecture
// of the selected GPUs, on the first GPU of that architecture, with that GPU's workers'
// environment (under MPS outside the daemon, below), and up to --compile-workers workers per
// target (0: compiler.DefaultWorkers()). Other devices compile nothing
// (nil): hsaco is compiled code already, and the cpu device runs Go kernels by name.
func newCompiler(kind, exe string, selected []gpu.Info, plan serveplan.Plan, set serveSettings, f *serveFlags, log *zap.Logger) *compiler.Pool {
	if kind != "cuda" {
		return nil
	}
	var targets []compiler.Target
	seen := map[string]bool{}
	for _, g := range selected {
		if seen[g.Arch] {
			continue
		}
		seen[g.Arch] = true
		t := compiler.Target{Arch: g.Arch, Ordinal: g.Ordinal}
		for _, e := range plan.Engines {
			if e.Ordinal == g.Ordinal {
				t.Env, t.Ordinal = e.Env, e.WorkerOrdinal
				if e.OutsideEnv != nil {
					t.Env, t.Fallback = e.OutsideEnv, e.Env // under MPS: outside the daemon (below)
				}
			}
		}
		targets = append(targets, t)
	}
	// Under MPS a compile worker opens the GPU outside the daemon (serveplan.Engine.OutsideEnv),
	// not as its client: after a fault the daemon tears down every client and takes new ones
	// only once all have exited, and an idle compile worker notices nothing until its next call,
	// so as a client it held the whole GPU's recovery until it stopped (measured on the H100: a
	// minute, the idle stop then; on an H200, a second: 36 refused starts of the engine's workers
	// and, with their back-off then, a recovery of 13.7 s). Outside the daemon a fault of a
	// client does not touch it. It still stops a second after its last compile (its context
	// holds device memory); where no directory outside MPS could be made, or it cannot start
	// outside the daemon (the GPU's compute mode EXCLUSIVE_PROCESS), it is a client as before.
	return compiler.New(compiler.Options{
		Worker:  worker.StartOptions{Binary: exe, Args: []string{"worker"}, Device: kind, LogLevel: set.workerLevel, Log: log, StartTimeout: f.startTimeout},
		Targets: targets,
		Workers: f.compileWorkers,
		Idle:    time.Second,
	})
}

// compilePending compiles, in the background, the stored PTX libraries whose cubin was
// missing or stale at start; they run from their PTX meanwhile.
func compilePending(ctx context.Context, d *dispatcher.Dispatcher, log *zap.Logger) {
	for _, err := range d.CompilePending(ctx) {
		log.Warn("compiling a stored PTX library", zap.Error(err))
	}
}
