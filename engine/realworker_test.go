package engine

import (
	"context"
	"crypto/sha256"
	"fmt"
	"gpufn/call"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"

	"gpufn/cpu"
	"gpufn/examples"
	"gpufn/function"
	"gpufn/gpu"
	"gpufn/libscan"
	"gpufn/worker"
)

// Helpers of the tests that run real worker processes (the test binary is the worker).

// The test binary doubles as the worker process (helper-process pattern) on the cpu device.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(worker.Main(os.Args[2:], cpuDevices{}))
	}
	// The one goroutine that starts every worker lives as long as the process (worker/spawn.go).
	goleak.VerifyTestMain(m, goleak.IgnoreTopFunction("gpufn/worker.spawner"))
}

type cpuDevices struct{}

func (cpuDevices) Open(kind string, ordinal int) (gpu.Device, error) {
	opts := cpu.Options{Ordinal: ordinal, MemBytes: 256 << 20}
	if dir := os.Getenv(gateEnv); dir != "" {
		// A worker of an engine started with a gate's env: spin_ns waits at the gate instead of
		// sleeping (see gate).
		opts.Kernels = []cpu.Kernel{{Name: "spin_ns", Params: 1, Fn: func(_ *cpu.Mem, th *cpu.Thread, _ []uint64) {
			if th.LinearID() == 0 {
				passGate(dir)
			}
		}}}
	}
	return cpu.New(opts), nil
}

func (cpuDevices) Probe(string) ([]gpu.Info, string, error) { return nil, "", nil }

// gateEnv, in a worker's environment, names the directory of a gate.
const gateEnv = "GPUFN_TEST_GATE"

// A gate holds invocations inside their kernel until the test lets them go, so that a test can
// act while an invocation is known to run (the worker has its request) and cannot end, instead
// of guessing with sleeps. An engine started with Env: []string{g.env()} runs the kernel
// spin_ns (functions made by gated or sleeper) as a gate: each run counts itself in (its
// number n: 1, 2, ...) and waits until the test has allowed n runs through (allow).
type gate struct{ dir string }

func newGate(t *testing.T) *gate { return &gate{dir: t.TempDir()} }

func (g *gate) env() string { return gateEnv + "=" + g.dir }

// entered is how many runs have reached the gate.
func (g *gate) entered() int64 {
	fi, err := os.Stat(filepath.Join(g.dir, "entered"))
	if err != nil {
		return 0
	}
	return fi.Size()
}

// waitEntered waits until n runs have reached the gate.
func (g *gate) waitEntered(t *testing.T, n int64) {
	t.Helper()
	waitFor(t, fmt.Sprintf("%d runs at the gate", n), func() bool { return g.entered() >= n })
}

// allow lets n more runs through the gate (those waiting, or the next ones to come).
func (g *gate) allow(t *testing.T, n int) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(g.dir, "allowed"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(make([]byte, n)); err != nil {
		t.Fatal(err)
	}
}

// passGate is the gate's kernel, in the worker: it counts itself in and waits to be allowed.
func passGate(dir string) {
	f, err := os.OpenFile(filepath.Join(dir, "entered"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		panic(err)
	}
	_, err = f.Write([]byte{1})
	n, serr := f.Seek(0, io.SeekCurrent) // just past the byte written: this run's number
	f.Close()
	if err != nil || serr != nil {
		panic(fmt.Sprint("gate: ", err, serr))
	}
	for {
		if fi, err := os.Stat(filepath.Join(dir, "allowed")); err == nil && fi.Size() >= n {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// gated is a function of one input X, returned as its output, whose kernel is spin_ns: in an
// engine with a gate, it waits at the gate.
func gated(t *testing.T) *call.Function { return sleeper(t, 0) }

// waitFor polls cond until it holds; it fails the test if it does not within a minute (a bound
// for a hung test only: every condition waited for comes in milliseconds).
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// drainTimedOut waits for e's drain to time out (e.quit closes: Shutdown's context ended).
func drainTimedOut(t *testing.T, e *Engine) {
	t.Helper()
	select {
	case <-e.quit:
	case <-time.After(time.Minute): // a hung test, not a slow one
		t.Fatal("the drain did not end")
	}
}

// shutdownTimedOut waits for Shutdown's error on shut, which must say that its drain timed out;
// what says when the test expects it to return.
func shutdownTimedOut(t *testing.T, shut <-chan error, what string) {
	t.Helper()
	select {
	case err := <-shut:
		if err == nil {
			t.Fatal("the drain did not time out")
		}
	case <-time.After(time.Minute): // a hung Shutdown, not a slow one
		t.Fatal("Shutdown hung", what)
	}
}

// stopWorkers stops (SIGSTOP) every worker of the engine; they are continued (SIGCONT) when
// the test ends, if still alive.
func stopWorkers(t *testing.T, e *Engine) {
	t.Helper()
	var pids []int
	for _, w := range e.Stats().Workers {
		if !w.Up || w.PID <= 0 {
			t.Fatalf("worker %s is not up", w.ID)
		}
		if err := syscall.Kill(w.PID, syscall.SIGSTOP); err != nil {
			t.Fatal(err)
		}
		pids = append(pids, w.PID)
	}
	t.Cleanup(func() {
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGCONT)
		}
	})
}

var testLib = func() *call.Library {
	img := examples.MustPTX("testkernels")
	info, err := libscan.Scan(img)
	if err != nil {
		panic(err)
	}
	return &call.Library{Name: "testkernels", Hash: sha256.Sum256(img), Kind: info.Kind, Image: img, Info: info}
}()

var nextFnID uint64

// launch1 is a launch of one thread.
const launch1 = `{"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
	   "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
	   "shared_mem_bytes": {"Absolute": 0}}`

// fn compiles a one-kernel function of the testkernels library.
func fn(t *testing.T, kernel, buffers, outputs, args string, inputs ...string) *call.Function {
	t.Helper()
	in := "[]"
	if len(inputs) > 0 {
		in = `["` + strings.Join(inputs, `", "`) + `"]`
	}
	return compileFn(t, kernel, `{"module_path": "testkernels", "kernels": ["`+kernel+`"], "blueprint": {"inputs": `+in+`,
	  "buffers": {`+buffers+`}, "outputs": [`+outputs+`], "control_flow": [{"ExecKernel": ["`+kernel+`", [`+args+`], `+launch1+`]}]}}`)
}

// repeatSleeper waits ms milliseconds on the device (spin_ns) as many times as the
// little-endian u64 its input X starts with says, and returns X.
func repeatSleeper(t *testing.T, ms int) *call.Function {
	return compileFn(t, "spin_ns", `{"module_path": "testkernels", "kernels": ["spin_ns"], "blueprint": {"inputs": ["X"],
	  "buffers": {}, "outputs": ["X"], "control_flow": [{"Repeat": [{"FromInput": {"bufname": "X", "idx": 0}},
	  [{"ExecKernel": ["spin_ns", [{"Constant": `+fmt.Sprint(ms*1_000_000)+`}], `+launch1+`]}]]}]}}`)
}

func compileFn(t *testing.T, name, config string) *call.Function {
	t.Helper()
	cfg := []byte(config)
	p, err := function.Parse(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckLibrary(testLib.Info); err != nil {
		t.Fatal(err)
	}
	nextFnID++
	return &call.Function{ID: nextFnID, Name: name, Plan: p, Config: cfg, Lib: testLib}
}

// echo returns its input X (through the print_inject kernel, which also writes to fd 1).
func echo(t *testing.T) *call.Function {
	return fn(t, "print_inject", "", `"X"`, `{"Constant": 1}`, "X")
}

// sleeper waits ms milliseconds on the device (spin_ns) and returns its input.
func sleeper(t *testing.T, ms int) *call.Function {
	return fn(t, "spin_ns", "", `"X"`, fmt.Sprintf(`{"Constant": %d}`, ms*1_000_000), "X")
}

func newEngine(t *testing.T, cfg Config) *Engine {
	t.Helper()
	cfg.Device = "cpu"
	cfg.Binary, cfg.Args = os.Args[0], []string{"worker"}
	if cfg.PoolBytes == 0 {
		cfg.PoolBytes = 8 << 20
	}
	cfg.ContextBytes = 1 << 20
	cfg.StartTimeout = 20 * time.Second
	cfg.StopGrace = 2 * time.Second
	e, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		if err := e.Shutdown(ctx); err != nil {
			t.Error(err)
		}
	})
	deadline := time.Now().Add(20 * time.Second)
	for !e.Ready() {
		if time.Now().After(deadline) {
			t.Fatalf("engine not ready: %+v", e.Stats())
		}
		time.Sleep(5 * time.Millisecond)
	}
	return e
}

// invokeSync submits (SubmitInline: the caller runs it when a worker is idle and nothing is queued)
// and waits; it returns the output or the error code.
func invokeSync(t *testing.T, e *Engine, f *call.Function, input []byte, timeout time.Duration) ([]byte, *call.Error) {
	t.Helper()
	inv := call.Acquire()
	defer call.Release(inv)
	inv.Fn = f
	for range f.Plan.Inputs {
		inv.Inputs = append(inv.Inputs, input)
	}
	if timeout > 0 {
		inv.Deadline = time.Now().Add(timeout)
	}
	if err := e.SubmitInline(inv); err != nil {
		return nil, &call.Error{Code: "submit", Message: err.Error()}
	}
	<-inv.Done()
	if inv.Err != nil {
		return nil, inv.Err
	}
	if len(inv.Outputs) == 0 {
		return nil, nil
	}
	return append([]byte(nil), inv.Outputs[0]...), nil
}

// waitIdle waits until n worker slots wait for work.
func waitIdle(t testing.TB, e *Engine, n int) {
	t.Helper()
	waitFor(t, fmt.Sprintf("%d slots idle", n), func() bool { return idleCount(e) == n })
}
