package compiler

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/worker"
)

// Target is a GPU architecture to compile for, and the GPU whose compile workers do it.
type Target struct {
	Arch    string   // e.g. "sm_90": what Compile's arch names
	Ordinal int      // the device ordinal the compile workers open
	Env     []string // added to the compile workers' environment: under MPS outside the daemon
	// Fallback, when not nil, replaces Env for this start and the next ones (of every worker
	// of the target) if a compile worker cannot start with Env (under MPS: a client of the
	// daemon, where the GPU's compute mode lets no process open it outside: EXCLUSIVE_PROCESS).
	Fallback []string
}

// Options configure a Pool. Zero values take the defaults written beside each field.
type Options struct {
	// Worker is the template of the compile workers: Binary, Args, Device, LogLevel, Log and
	// StartTimeout are taken from it; the rest is set here.
	Worker worker.StartOptions
	// Targets lists the architectures, each with compile workers of its own.
	Targets []Target
	// Workers is how many compile workers each architecture may run at once (default
	// DefaultWorkers(): min(4, max(1, CPUs/4))).
	Workers int
	// Timeout bounds one compile, the compile worker's start not included (default 2 min).
	Timeout time.Duration
	// Idle is how long a compile worker waits for the next compile before it is stopped
	// (default 1 min).
	Idle time.Duration
}

// DefaultWorkers is Options.Workers' default: min(4, max(1, CPUs/4)), CPUs being those the
// process may run on (runtime.NumCPU: its affinity, as taskset sets it). A compile keeps a CPU
// core busy (the driver's compiler runs on the host) and each compile worker holds a CUDA
// context's device memory while it runs: a few are enough, and they get one CPU in four at
// most.
func DefaultWorkers() int { return min(4, max(1, runtime.NumCPU()/4)) }

// Pool compiles PTX in compile workers, a few per architecture. See the package documentation.
type Pool struct {
	opt     Options
	log     *zap.Logger
	targets map[string]*target
}

// New makes a Pool. It starts nothing: a compile worker starts when a compile needs it.
func New(opt Options) *Pool {
	if opt.Timeout <= 0 {
		opt.Timeout = 2 * time.Minute
	}
	if opt.Idle <= 0 {
		opt.Idle = time.Minute
	}
	if opt.Workers <= 0 {
		opt.Workers = DefaultWorkers()
	}
	if opt.Worker.Log == nil {
		opt.Worker.Log = zap.NewNop()
	}
	p := &Pool{opt: opt, log: opt.Worker.Log, targets: map[string]*target{}}
	for _, t := range opt.Targets {
		if _, dup := p.targets[t.Arch]; !dup {
			p.targets[t.Arch] = newTarget(t, opt.Workers)
		}
	}
	return p
}

// Compile compiles ptx for arch into a cubin of at most maxCubin bytes (0: no bound beyond the
// protocol's), and returns it with the version of the compiler that made it and the compiler's
// log (its warnings). Errors are *call.Error: compile_failed for a PTX that does not compile
// (Message and log say why), that crashed the compiler twice or overran the timeout;
// unavailable when no compile worker can be started or ctx ends while waiting for one;
// internal otherwise.
func (p *Pool) Compile(ctx context.Context, arch string, ptx []byte, maxCubin int) (cubin []byte, version, log string, err error) {
	t := p.targets[arch]
	if t == nil {
		return nil, "", "", call.Errorf(call.CodeInternal, "no compile target for architecture %q", arch)
	}
	for first := false; ; first = true {
		s, err := p.acquire(ctx, t, first)
		if err != nil {
			return nil, "", "", err
		}
		cubin, version, log, err = p.compileHeld(ctx, s, ptx, maxCubin)
		if errors.Is(err, errNoRoom) && s.t.noRoom() {
			// This slot's worker could not start while others run (under MPS, say, no room
			// for one more context): the compile waits, first, for a worker that runs.
			p.log.Warn("a compile worker could not start beside the running ones; waiting for one of them", zap.String("arch", arch), zap.Int("worker", s.index), zap.Error(err))
			p.release(s)
			continue
		}
		p.release(s)
		var start *startError
		if errors.As(err, &start) {
			err = call.Errorf(call.CodeUnavailable, "starting the %s compiler: %v", arch, start.err)
		}
		return cubin, version, log, err
	}
}

// errNoRoom matches a *startError.
var errNoRoom = errors.New("no compile worker could start")

// startError is a compile worker that could not start.
type startError struct{ err error }

func (e *startError) Error() string        { return e.err.Error() }
func (e *startError) Is(target error) bool { return target == errNoRoom }

// compileHeld compiles on held slot s, once more on a new worker if the worker dies under the
// compile. A *startError is a worker that could not start; other errors are *call.Error.
func (p *Pool) compileHeld(ctx context.Context, s *slot, ptx []byte, maxCubin int) (cubin []byte, version, log string, err error) {
	for attempt := 1; ; attempt++ {
		out, err := p.compileOnce(ctx, s, ptx, maxCubin)
		if err == nil {
			return out.Cubin, out.Compiler, out.Log, nil
		}
		var ce *call.Error
		var se *startError
		if errors.As(err, &ce) || errors.As(err, &se) {
			return nil, "", logOf(out), err
		}
		if attempt == 2 {
			return nil, "", logOf(out), call.Errorf(call.CodeCompileFailed, "the compiler died twice on this PTX (%v)", err)
		}
		// The worker died (or lost its device) under this compile: once more on a new one.
		p.log.Warn("compile worker lost during a compile; trying once more", zap.String("arch", s.t.Arch), zap.Int("worker", s.index), zap.Error(err))
	}
}

// compileOnce runs one compile on s's worker, starting it if needed. A *call.Error or a
// *startError is final; another error means the worker died under the compile (it is cleared
// away). s is held.
func (p *Pool) compileOnce(ctx context.Context, s *slot, ptx []byte, maxCubin int) (*worker.Compiled, error) {
	arch := s.t.Arch
	if s.proc != nil {
		select {
		case <-s.proc.Done():
			s.drop() // reaped already: releases its pipes and context
		default:
		}
	}
	if s.proc == nil {
		proc, err := p.start(s)
		if err != nil {
			return nil, &startError{err}
		}
		s.set(proc)
		p.log.Info("compile worker started", zap.String("arch", arch), zap.Int("worker", s.index), zap.Int("pid", proc.PID()), zap.String("compiler", proc.Hello().Device.Compiler))
	}
	deadline := time.Now().Add(p.opt.Timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	req := &worker.Compile{ID: s.proc.NextID(), PTX: ptx, MaxCubin: uint64(max(maxCubin, 0))}
	out, err := s.proc.Compile(req, deadline)
	switch {
	case errors.Is(err, worker.ErrDeadline):
		s.drop() // this compile's worker only: the others' compiles go on
		if ctx.Err() != nil {
			return nil, call.Errorf(call.CodeUnavailable, "compiling for %s: %v", arch, ctx.Err())
		}
		return nil, call.Errorf(call.CodeCompileFailed, "the compiler did not finish within %v", p.opt.Timeout)
	case errors.Is(err, worker.ErrWorkerExited):
		s.drop()
		return nil, err
	case err != nil: // a protocol violation or a broken pipe
		s.drop()
		return nil, call.Errorf(call.CodeInternal, "compiling for %s: %v", arch, err)
	}
	if w := out.Err; w != nil {
		if w.Fatal { // the worker exits after this answer
			s.drop()
			return out, fmt.Errorf("the compile worker lost its device: %s", w.Message)
		}
		return out, &call.Error{Code: w.Code, Message: w.Message}
	}
	return out, nil
}

// start starts a compile worker for s with its target's Env, or with the target's Fallback
// (from then on, for all its workers) when it cannot.
func (p *Pool) start(s *slot) (*worker.Process, error) {
	t := s.t
	opt := p.opt.Worker
	opt.ID = fmt.Sprintf("compile-%s-%d", t.Arch, s.index)
	opt.Ordinal = t.Ordinal
	opt.PoolBytes, opt.NoPool, opt.Contexts, opt.ContextBytes = 0, true, 1, 64<<10-worker.DoorbellBytes
	opt.Probe, opt.Spin, opt.ReplySpin = false, 0, 0
	env, hasFallback := t.env()
	opt.Env = append(append([]string(nil), p.opt.Worker.Env...), env...)
	proc, err := worker.Start(opt)
	if err != nil && hasFallback {
		if t.useFallback() {
			p.log.Warn("the compile worker could not start with its environment; starting it with its fallback from now on (under MPS: as a client of the daemon)", zap.String("arch", t.Arch), zap.Error(err))
		}
		env, _ = t.env()
		opt.Env = append(append([]string(nil), p.opt.Worker.Env...), env...)
		proc, err = worker.Start(opt)
	}
	return proc, err
}

func logOf(out *worker.Compiled) string {
	if out == nil {
		return ""
	}
	return out.Log
}
