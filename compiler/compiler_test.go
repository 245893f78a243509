package compiler

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"gpufn/call"
	"gpufn/cpu"
	"gpufn/gpu"
	"gpufn/gpu/gpufake"
	"gpufn/worker"
)

// The test binary doubles as a compile worker (the helper-process pattern): its "cuda" device
// is a cpu device that compiles by gpufake.CompileScript.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(worker.Main(os.Args[2:], scriptedDevices{}))
	}
	// The one goroutine that starts every worker lives as long as the process (worker/spawn.go).
	goleak.VerifyTestMain(m, goleak.IgnoreTopFunction("gpufn/worker.spawner"))
}

type scriptedDevices struct{}

func (scriptedDevices) Open(kind string, ordinal int) (gpu.Device, error) {
	if kind != "cuda" || os.Getenv("TEST_CC_NO_DEVICE") == "1" {
		return nil, fmt.Errorf("%w: no %s device here", gpu.ErrNoDevice, kind)
	}
	if full := os.Getenv("TEST_CC_FULL"); full != "" { // while this file exists, no device opens
		if _, err := os.Stat(full); err == nil {
			return nil, fmt.Errorf("%w: no room for another context (%s)", gpu.ErrNoDevice, full)
		}
	}
	return &gpufake.Compiler{Device: cpu.New(cpu.Options{Ordinal: ordinal, MemBytes: 16 << 20}), Compile: gpufake.CompileScript,
		Arch: "sm_90", Version: "test-cc " + os.Getenv("TEST_CC_VERSION")}, nil
}

func (scriptedDevices) Probe(kind string) ([]gpu.Info, string, error) { return nil, "", nil }

func newPool(t *testing.T, opt Options) (*Pool, *observer.ObservedLogs) {
	t.Helper()
	core, logs := observer.New(zap.InfoLevel)
	// GORACE: a worker built with -race would sleep a second at its exit (the race runtime's
	// default atexit_sleep_ms), which every test's Close waits for.
	opt.Worker = worker.StartOptions{Binary: os.Args[0], Args: []string{"worker"}, Device: "cuda", Log: zap.New(core), StartTimeout: 30 * time.Second,
		Env: []string{"GORACE=" + strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0")}}
	if opt.Targets == nil {
		opt.Targets = []Target{{Arch: "sm_90", Ordinal: 0, Env: []string{"TEST_CC_VERSION=7"}}}
	}
	p := New(opt)
	t.Cleanup(p.Close)
	return p, logs
}

func codeOf(err error) call.Code {
	var ce *call.Error
	if errors.As(err, &ce) {
		return ce.Code
	}
	return ""
}

// The compile worker starts at the first compile, with its target's environment, and serves
// the next ones; a PTX that does not compile is compile_failed with the compiler's log.
func TestCompile(t *testing.T) {
	p, logs := newPool(t, Options{})
	if p.Running("sm_90") {
		t.Fatal("a compile worker before any compile")
	}
	ctx := context.Background()
	cubin, version, log, err := p.Compile(ctx, "sm_90", []byte(".version 8.0\n"), 1<<20)
	if err != nil || string(cubin) != "cubin:.version 8.0\n" || version != "test-cc 7" || log != "compiled" {
		t.Fatalf("Compile: %q %q %q %v", cubin, version, log, err)
	}
	if !p.Running("sm_90") {
		t.Fatal("no compile worker after a compile")
	}
	_, _, log, err = p.Compile(ctx, "sm_90", []byte("fail line 2: bad token"), 1<<20)
	if codeOf(err) != call.CodeCompileFailed || log != "line 2: bad token" || !strings.Contains(err.Error(), "bad token") {
		t.Fatalf("failing compile: %q %v", log, err)
	}
	if _, _, _, err := p.Compile(ctx, "sm_90", []byte("size 5000"), 1000); codeOf(err) != call.CodeCompileFailed {
		t.Fatalf("cubin over the bound: %v", err)
	}
	if n := logs.FilterMessage("compile worker started").Len(); n != 1 {
		t.Errorf("%d compile workers started for 3 compiles", n)
	}
	if _, _, _, err := p.Compile(ctx, "sm_80", []byte("x"), 0); codeOf(err) != call.CodeInternal {
		t.Errorf("unknown architecture: %v", err)
	}
}

// Compiles from many goroutines all succeed, on no more workers than Options.Workers.
func TestCompileConcurrent(t *testing.T) {
	p, logs := newPool(t, Options{Workers: 2})
	compileMany(t, p, "ptx", 8)
	if n := logs.FilterMessage("compile worker started").Len(); n < 1 || n > 2 {
		t.Errorf("%d compile workers started for 2 slots", n)
	}
}

// A worker that dies is replaced: between compiles (at the next one), and during one (the
// compile is tried once more on a new worker; a PTX that kills it twice is compile_failed).
func TestCompileWorkerReplaced(t *testing.T) {
	p, logs := newPool(t, Options{})
	ctx := context.Background()
	if _, _, _, err := p.Compile(ctx, "sm_90", []byte("a"), 0); err != nil {
		t.Fatal(err)
	}
	proc := procOf(p, "sm_90", 0)
	proc.Terminate()
	<-proc.Done()
	if _, _, _, err := p.Compile(ctx, "sm_90", []byte("b"), 0); err != nil {
		t.Fatalf("after the worker died between compiles: %v", err)
	}
	_, _, _, err := p.Compile(ctx, "sm_90", []byte("exit 3"), 0)
	if codeOf(err) != call.CodeCompileFailed || !strings.Contains(err.Error(), "died twice") {
		t.Fatalf("a PTX that kills the compiler: %v", err)
	}
	_, _, _, err = p.Compile(ctx, "sm_90", []byte("fatal"), 0)
	if codeOf(err) != call.CodeCompileFailed {
		t.Fatalf("a PTX on which the compiler loses its device: %v", err)
	}
	if _, _, _, err := p.Compile(ctx, "sm_90", []byte("c"), 0); err != nil {
		t.Fatalf("after crashes: %v", err)
	}
	// a, b (after the kill), exit twice, fatal twice, c.
	if n := logs.FilterMessage("compile worker started").Len(); n != 6 {
		t.Errorf("%d compile workers started, want 6", n)
	}
}

// A compile that overruns the timeout has its worker killed and is compile_failed; the next
// compile gets a new worker.
func TestCompileTimeout(t *testing.T) {
	p, _ := newPool(t, Options{Timeout: 300 * time.Millisecond})
	_, _, _, err := p.Compile(context.Background(), "sm_90", []byte("sleep 1m"), 0)
	if codeOf(err) != call.CodeCompileFailed || !strings.Contains(err.Error(), "did not finish within 300ms") {
		t.Fatalf("overrun: %v", err)
	}
	if p.Running("sm_90") {
		t.Fatal("the overrunning worker was kept")
	}
	if _, _, _, err := p.Compile(context.Background(), "sm_90", []byte("x"), 0); err != nil {
		t.Fatal(err)
	}
}

// The caller's context bounds the wait for the compiler; a caller gone while it waits gets
// unavailable, and a closed pool answers unavailable, to a compile waiting too.
func TestCompileWaitAndClose(t *testing.T) {
	p, _ := newPool(t, Options{Workers: 1})
	gate := filepath.Join(t.TempDir(), "gate")
	first := make(chan error, 1)
	go func() {
		_, _, _, err := p.Compile(context.Background(), "sm_90", []byte("gate "+gate), 0)
		first <- err
	}()
	waitFile(t, gate+".started") // the compiler is busy
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, _, err := p.Compile(ctx, "sm_90", []byte("x"), 0); codeOf(err) != call.CodeUnavailable {
		t.Errorf("waiting with a cancelled context: %v", err)
	}
	if n := waiting(p, "sm_90"); n != 0 {
		t.Errorf("%d compiles waiting after the only one waiting left", n)
	}
	if err := os.WriteFile(gate, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := p.Compile(context.Background(), "sm_90", []byte("x"), 0); err != nil {
		t.Fatal(err)
	}
	// A compile waiting when the pool closes is unavailable; Close waits for the one running.
	gate2 := filepath.Join(t.TempDir(), "gate")
	go func() {
		_, _, _, err := p.Compile(context.Background(), "sm_90", []byte("gate "+gate2), 0)
		first <- err
	}()
	waitFile(t, gate2+".started")
	queued := make(chan error, 1)
	go func() { _, _, _, err := p.Compile(context.Background(), "sm_90", []byte("y"), 0); queued <- err }()
	waitFor(t, func() bool { return waiting(p, "sm_90") == 1 })
	closed := make(chan struct{})
	go func() { p.Close(); close(closed) }()
	if err := <-queued; codeOf(err) != call.CodeUnavailable {
		t.Errorf("a compile waiting at Close: %v", err)
	}
	if err := os.WriteFile(gate2, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := <-first; err != nil {
		t.Errorf("the compile running at Close: %v", err)
	}
	<-closed
	if p.Running("sm_90") {
		t.Error("a worker after Close")
	}
	if _, _, _, err := p.Compile(context.Background(), "sm_90", []byte("x"), 0); codeOf(err) != call.CodeUnavailable {
		t.Errorf("after Close: %v", err)
	}
}

// A compile worker that cannot start is unavailable, not a compile failure.
func TestCompileWorkerCannotStart(t *testing.T) {
	p, _ := newPool(t, Options{})
	p.opt.Worker.Device = "hip" // the helper has no such device
	if _, _, _, err := p.Compile(context.Background(), "sm_90", []byte("x"), 0); codeOf(err) != call.CodeUnavailable {
		t.Fatalf("%v", err)
	}
}

// A compile worker that cannot start with its target's environment (under MPS: outside the
// daemon, on a GPU in EXCLUSIVE_PROCESS mode) starts with its fallback, from then on.
func TestCompileWorkerFallback(t *testing.T) {
	p, logs := newPool(t, Options{Targets: []Target{{Arch: "sm_90", Env: []string{"TEST_CC_NO_DEVICE=1"}, Fallback: []string{"TEST_CC_VERSION=8"}}}})
	if _, version, _, err := p.Compile(context.Background(), "sm_90", []byte("x"), 0); err != nil || version != "test-cc 8" {
		t.Fatalf("%q %v", version, err)
	}
	if n := logs.FilterMessageSnippet("fallback").Len(); n != 1 {
		t.Fatalf("%d fallback warnings; want 1", n)
	}
}

// An idle compile worker is stopped (its context holds device memory) and started again at
// the next compile.
func TestCompileWorkerStoppedWhenIdle(t *testing.T) {
	p, logs := newPool(t, Options{Idle: 20 * time.Millisecond})
	if _, _, _, err := p.Compile(context.Background(), "sm_90", []byte("x"), 0); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for p.Running("sm_90") {
		if time.Now().After(deadline) {
			t.Fatal("the idle compile worker was not stopped")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if logs.FilterMessage("compile worker stopped after idling").Len() != 1 {
		t.Errorf("logs: %v", logs.All())
	}
	if _, _, _, err := p.Compile(context.Background(), "sm_90", []byte("y"), 0); err != nil {
		t.Fatal(err)
	}
}
