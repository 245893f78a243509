package compiler

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/worker"
)

// Target is a GPU architecture to compile for, and the GPU whose compile worker does it.
type Target struct {
	Arch    string   // e.g. "sm_90": what Compile's arch names
	Ordinal int      // the device ordinal the compile worker opens
	Env     []string // added to the compile worker's environment: under MPS outside the daemon
	// Fallback, when not nil, replaces Env for this start and the next ones if the compile
	// worker cannot start with Env (under MPS: a client of the daemon, where the GPU's compute
	// mode lets no process open it outside: EXCLUSIVE_PROCESS).
	Fallback []string
}

// Options configure a Pool. Zero values take the defaults written beside each field.
type Options struct {
	// Worker is the template of the compile workers: Binary, Args, Device, LogLevel, Log and
	// StartTimeout are taken from it; the rest is set here.
	Worker worker.StartOptions
	// Targets lists the architectures, one compile worker each.
	Targets []Target
	// Timeout bounds one compile, the compile worker's start not included (default 2 min).
	Timeout time.Duration
	// Idle is how long a compile worker waits for the next compile before it is stopped
	// (default 1 min).
	Idle time.Duration
}

// Pool compiles PTX in compile workers, one per architecture. See the package documentation.
type Pool struct {
	opt     Options
	log     *zap.Logger
	targets map[string]*target
}

// target is one architecture's compile worker. sem (one slot) is held by whoever uses or
// changes proc; closed and the timer are read and written with it held.
type target struct {
	Target
	sem    chan struct{}
	proc   *worker.Process
	idle   *time.Timer
	last   time.Time
	closed bool
}

// New makes a Pool. It starts nothing: a compile worker starts at its first compile.
func New(opt Options) *Pool {
	if opt.Timeout <= 0 {
		opt.Timeout = 2 * time.Minute
	}
	if opt.Idle <= 0 {
		opt.Idle = time.Minute
	}
	if opt.Worker.Log == nil {
		opt.Worker.Log = zap.NewNop()
	}
	p := &Pool{opt: opt, log: opt.Worker.Log, targets: map[string]*target{}}
	for _, t := range opt.Targets {
		if _, dup := p.targets[t.Arch]; !dup {
			p.targets[t.Arch] = &target{Target: t, sem: make(chan struct{}, 1)}
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
	select {
	case t.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, "", "", call.Errorf(call.CodeUnavailable, "waiting for the %s compiler: %v", arch, ctx.Err())
	}
	defer func() { <-t.sem }()
	if t.closed {
		return nil, "", "", call.Errorf(call.CodeUnavailable, "the compiler is shut down")
	}
	defer p.touch(t)
	for attempt := 1; ; attempt++ {
		out, err := p.compileOnce(ctx, t, ptx, maxCubin)
		if err == nil {
			return out.Cubin, out.Compiler, out.Log, nil
		}
		var ce *call.Error
		if errors.As(err, &ce) {
			return nil, "", logOf(out), err
		}
		if attempt == 2 {
			return nil, "", logOf(out), call.Errorf(call.CodeCompileFailed, "the compiler died twice on this PTX (%v)", err)
		}
		// The worker died (or lost its device) under this compile: once more on a new one.
		p.log.Warn("compile worker lost during a compile; trying once more", zap.String("arch", arch), zap.Error(err))
	}
}

// compileOnce runs one compile on t's worker, starting it if needed. A *call.Error is final;
// another error means the worker died under the compile (it is cleared away).
func (p *Pool) compileOnce(ctx context.Context, t *target, ptx []byte, maxCubin int) (*worker.Compiled, error) {
	if t.proc != nil {
		select {
		case <-t.proc.Done():
			t.proc.Kill() // reaped already: releases its pipes and context
			t.proc = nil
		default:
		}
	}
	if t.proc == nil {
		proc, err := p.start(t)
		if err != nil {
			return nil, call.Errorf(call.CodeUnavailable, "starting the %s compiler: %v", t.Arch, err)
		}
		t.proc = proc
		p.log.Info("compile worker started", zap.String("arch", t.Arch), zap.Int("pid", proc.PID()), zap.String("compiler", proc.Hello().Device.Compiler))
	}
	deadline := time.Now().Add(p.opt.Timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	req := &worker.Compile{ID: t.proc.NextID(), PTX: ptx, MaxCubin: uint64(max(maxCubin, 0))}
	out, err := t.proc.Compile(req, deadline)
	switch {
	case errors.Is(err, worker.ErrDeadline):
		t.proc.Kill()
		t.proc = nil
		if ctx.Err() != nil {
			return nil, call.Errorf(call.CodeUnavailable, "compiling for %s: %v", t.Arch, ctx.Err())
		}
		return nil, call.Errorf(call.CodeCompileFailed, "the compiler did not finish within %v", p.opt.Timeout)
	case errors.Is(err, worker.ErrWorkerExited):
		t.proc.Kill()
		t.proc = nil
		return nil, err
	case err != nil: // a protocol violation or a broken pipe
		t.proc.Kill()
		t.proc = nil
		return nil, call.Errorf(call.CodeInternal, "compiling for %s: %v", t.Arch, err)
	}
	if w := out.Err; w != nil {
		if w.Fatal { // the worker exits after this answer
			t.proc.Kill()
			t.proc = nil
			return out, fmt.Errorf("the compile worker lost its device: %s", w.Message)
		}
		return out, &call.Error{Code: w.Code, Message: w.Message}
	}
	return out, nil
}

// start starts t's compile worker with t.Env, or with t.Fallback (from then on) when it cannot.
func (p *Pool) start(t *target) (*worker.Process, error) {
	opt := p.opt.Worker
	opt.ID = "compile-" + t.Arch
	opt.Ordinal, opt.Env = t.Ordinal, append(append([]string(nil), opt.Env...), t.Env...)
	opt.PoolBytes, opt.NoPool, opt.Contexts, opt.ContextBytes = 0, true, 1, 64<<10-worker.DoorbellBytes
	opt.Probe, opt.Spin, opt.ReplySpin = false, 0, 0
	proc, err := worker.Start(opt)
	if err != nil && t.Fallback != nil {
		p.log.Warn("the compile worker could not start with its environment; starting it with its fallback from now on (under MPS: as a client of the daemon)", zap.String("arch", t.Arch), zap.Error(err))
		t.Env, t.Fallback = t.Fallback, nil
		opt.Env = append(append([]string(nil), p.opt.Worker.Env...), t.Env...)
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

// touch notes t's last use and arms its idle stop. t.sem is held.
func (p *Pool) touch(t *target) {
	t.last = time.Now()
	if t.idle == nil {
		t.idle = time.AfterFunc(p.opt.Idle, func() { p.idleStop(t) })
		return
	}
	t.idle.Reset(p.opt.Idle)
}

// idleStop stops t's worker when it has not compiled for Options.Idle. A compile running now
// re-arms the timer when it ends, so a busy target is left alone.
func (p *Pool) idleStop(t *target) {
	select {
	case t.sem <- struct{}{}:
	default:
		return
	}
	defer func() { <-t.sem }()
	if t.closed || t.proc == nil {
		return
	}
	if wait := p.opt.Idle - time.Since(t.last); wait > 0 {
		t.idle.Reset(wait)
		return
	}
	t.proc.Stop(5 * time.Second)
	t.proc = nil
	p.log.Info("compile worker stopped after idling", zap.String("arch", t.Arch), zap.Duration("idle", p.opt.Idle))
}

// Close stops every compile worker and idle timer; later compiles are unavailable. It waits
// for compiles in progress.
func (p *Pool) Close() {
	var wg sync.WaitGroup
	for _, t := range p.targets {
		t.sem <- struct{}{}
		t.closed = true
		if t.idle != nil {
			t.idle.Stop()
		}
		if t.proc != nil {
			wg.Add(1)
			go func(proc *worker.Process) {
				defer wg.Done()
				proc.Stop(5 * time.Second)
			}(t.proc)
			t.proc = nil
		}
		<-t.sem
	}
	wg.Wait()
}

// Running reports whether arch's compile worker is up (for tests and stats).
func (p *Pool) Running(arch string) bool {
	t := p.targets[arch]
	if t == nil {
		return false
	}
	t.sem <- struct{}{}
	defer func() { <-t.sem }()
	return t.proc != nil
}
