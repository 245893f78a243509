package engine

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"gpufn/call"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
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

// The test binary doubles as the worker process (helper-process pattern) on the cpu device.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(worker.Main(os.Args[2:], cpuDevices{}))
	}
	goleak.VerifyTestMain(m)
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
func waitFor(t *testing.T, what string, cond func() bool) {
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

// fn compiles a one-kernel function of the testkernels library.
func fn(t *testing.T, kernel, buffers, outputs, args string, inputs ...string) *call.Function {
	t.Helper()
	in := "[]"
	if len(inputs) > 0 {
		in = `["` + strings.Join(inputs, `", "`) + `"]`
	}
	cfg := []byte(`{"module_path": "testkernels", "kernels": ["` + kernel + `"], "blueprint": {"inputs": ` + in + `,
	  "buffers": {` + buffers + `}, "outputs": [` + outputs + `], "control_flow": [{"ExecKernel": ["` + kernel + `", [` + args + `],
	  {"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
	   "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
	   "shared_mem_bytes": {"Absolute": 0}}]}]}}`)
	p, err := function.Parse(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckLibrary(testLib.Info); err != nil {
		t.Fatal(err)
	}
	nextFnID++
	return &call.Function{ID: nextFnID, Name: kernel, Plan: p, Config: cfg, Lib: testLib}
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

func TestSequentialRunsInvocations(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	f := echo(t)
	for i := 0; i < 20; i++ {
		in := []byte(fmt.Sprintf("input %d", i))
		out, err := invokeSync(t, e, f, in, 0)
		if err != nil || string(out) != string(in) {
			t.Fatalf("call %d: %q %v", i, out, err)
		}
	}
	st := e.Stats()
	if st.Completed != 20 || st.Restarts != 0 || !st.Ready || st.Workers[0].Invocations != 20 {
		t.Fatalf("stats %+v", st)
	}
}

// Zeroing end to end: a fresh buffer is all zero though the invocation before filled it.
func TestBuffersZeroedBetweenInvocations(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	dirty := fn(t, "fill_u8", `"A": {"Absolute": 65536}`, "", `{"Ptr": "A"}, {"Sizeof": "A"}, {"Constant": 171}`)
	check := fn(t, "check_zero", `"A": {"Absolute": 65536}, "R": {"Absolute": 8}`, `"R"`, `{"Ptr": "A"}, {"Sizeof": "A"}, {"Ptr": "R"}`)
	for i := 0; i < 3; i++ {
		if _, err := invokeSync(t, e, dirty, nil, 0); err != nil {
			t.Fatal(err)
		}
		out, err := invokeSync(t, e, check, nil, 0)
		if err != nil || binary.LittleEndian.Uint64(out) != 0 {
			t.Fatalf("round %d: %d non-zero bytes (%v)", i, binary.LittleEndian.Uint64(out), err)
		}
	}
}

// A worker killed while invocations stream in: every invocation is answered, with its own
// output or a clean worker_exited for the one that was running; the rest run on a new worker.
func TestKilledWorkerUnderLoad(t *testing.T) {
	for _, mode := range []Mode{Sequential, Concurrent} {
		t.Run(string(mode), func(t *testing.T) {
			e := newEngine(t, Config{Mode: mode, Workers: 2})
			f := sleeper(t, 2)
			var wg sync.WaitGroup
			var mu sync.Mutex
			codes := map[call.Code]int{}
			for g := 0; g < 4; g++ {
				wg.Add(1)
				go func(g int) {
					defer wg.Done()
					for i := 0; i < 25; i++ {
						in := []byte(fmt.Sprintf("g%d-%d", g, i))
						out, err := invokeSync(t, e, f, in, 10*time.Second)
						mu.Lock()
						switch {
						case err != nil:
							codes[err.Code]++
						case string(out) != string(in):
							codes["wrong output"]++
						default:
							codes["ok"]++
						}
						mu.Unlock()
					}
				}(g)
			}
			loaded := make(chan struct{})
			go func() { wg.Wait(); close(loaded) }()
			// Kill the first worker up to 3 times while the invocations stream in: once 15, 30
			// and 45 of the 100 have completed (progress, not the clock, says when), each time a
			// worker that is up (a new one after the kill before).
			killed, last := 0, 0
			for k := 1; k <= 3; k++ {
				var pid int
				waitFor(t, "progress or the end of the load", func() bool {
					select {
					case <-loaded:
						return true
					default:
					}
					st := e.Stats()
					w := st.Workers[0]
					if st.Completed >= uint64(15*k) && w.Up && w.PID > 0 && w.PID != last {
						pid = w.PID
						return true
					}
					return false
				})
				if pid == 0 {
					break // the load ended first
				}
				if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
					t.Fatal(err)
				}
				killed, last = killed+1, pid
			}
			<-loaded
			if killed == 0 {
				t.Fatal("no worker was killed during the load")
			}
			if codes["ok"]+codes[call.CodeExited] != 100 || codes[call.CodeExited] > killed || codes["wrong output"] > 0 {
				t.Fatalf("answers %v: want 100 answered, only the running ones (at most one per kill, %d) failing, as worker_exited", codes, killed)
			}
			// A worker killed while idle is replaced once its slot sees it die.
			waitFor(t, fmt.Sprintf("%d restarts", killed), func() bool { return e.Stats().Restarts >= uint64(killed) })
			if r := e.Stats().Restarts; r != uint64(killed) {
				t.Fatalf("%d restarts for %d workers killed", r, killed)
			}
		})
	}
}

// An invocation that overruns its deadline gets deadline_exceeded; its worker is killed and
// replaced, and the next invocation runs.
func TestDeadlineKillsOverrunningWorker(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	// spin never returns (its flag stays 0): any answer comes from the deadline's kill.
	spin := fn(t, "spin", `"F": {"Absolute": 256}`, "", `{"Ptr": "F"}`)
	start := time.Now()
	answered := make(chan *call.Error, 1)
	go func() {
		_, err := invokeSync(t, e, spin, nil, 300*time.Millisecond)
		answered <- err
	}()
	var err *call.Error
	select {
	case err = <-answered:
	case <-time.After(time.Minute): // a hung test, not a slow one
		t.Fatal("the overrun was not answered")
	}
	if err == nil || err.Code != call.CodeDeadline {
		t.Fatalf("err = %v", err)
	}
	if took := time.Since(start); took < 300*time.Millisecond {
		t.Fatalf("the overrun was answered after %v, before its deadline", took)
	}
	out, err := invokeSync(t, e, echo(t), []byte("after"), 0)
	if err != nil || string(out) != "after" {
		t.Fatalf("after the kill: %q %v", out, err)
	}
	if e.Stats().Restarts != 1 {
		t.Fatalf("restarts %d", e.Stats().Restarts)
	}
}

// A function that faults 3 times in a row is quarantined until registered again.
func TestQuarantine(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	fault := fn(t, "fault", "", "", "")
	for i := 0; i < 3; i++ {
		if _, err := invokeSync(t, e, fault, nil, 0); err == nil || err.Code != call.CodeKernelFault {
			t.Fatalf("fault %d: %v", i, err)
		}
	}
	if !fault.Quarantined() {
		t.Fatal("not quarantined after 3 faults")
	}
	if _, err := invokeSync(t, e, fault, nil, 0); err == nil || err.Code != call.CodeQuarantined {
		t.Fatalf("4th call: %v", err)
	}
	if restarts := e.Stats().Restarts; restarts != 3 {
		t.Fatalf("restarts %d: the quarantined call must not reach a worker", restarts)
	}
	// Successes reset the count: a function that faults now and then is not quarantined.
	other := echo(t)
	if _, err := invokeSync(t, e, other, []byte("x"), 0); err != nil {
		t.Fatal(err)
	}
}

func TestQueueFullAndDeadlineInQueue(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, QueueDepth: 2})
	slow := sleeper(t, 300)
	var invs []*call.Invocation
	full := 0
	// The slot idle (the first is handed to it, not queued) and its worker stopped (the first
	// cannot end and make room while the others are submitted).
	waitIdle(e, 1)
	stopped(t, e, func() {
		for i := 0; i < 6; i++ {
			inv := call.Acquire()
			inv.Fn = slow
			inv.Inputs = [][]byte{{byte(i)}}
			if i == 2 {
				inv.Deadline = time.Now().Add(100 * time.Millisecond) // expires while queued
			}
			if err := e.Submit(inv); err == call.ErrQueueFull {
				full++
				call.Release(inv)
				continue
			} else if err != nil {
				t.Fatal(err)
			}
			invs = append(invs, inv)
		}
	})
	if full == 0 || len(invs) != 3 {
		t.Fatalf("%d refused, %d admitted: want 1 running + 2 queued admitted", full, len(invs))
	}
	deadlines := 0
	for _, inv := range invs {
		<-inv.Done()
		if inv.Err != nil {
			if inv.Err.Code != call.CodeDeadline || !strings.Contains(inv.Err.Message, "queued") {
				t.Fatalf("err %v", inv.Err)
			}
			deadlines++
		}
		call.Release(inv)
	}
	if deadlines != 1 {
		t.Fatalf("%d deadlines in the queue, want 1", deadlines)
	}
}

// Idle workers are taken last-in-first-out: invocations one at a time all go to the warmest.
func TestIdleWorkersLIFO(t *testing.T) {
	e := newEngine(t, Config{Mode: Concurrent, Workers: 3})
	f := echo(t)
	for i := 0; i < 30; i++ {
		// Once every worker is idle, the one that went idle last must run the next invocation.
		waitIdle(e, 3)
		if _, err := invokeSync(t, e, f, []byte("x"), 0); err != nil {
			t.Fatal(err)
		}
	}
	var counts []uint64
	for _, w := range e.Stats().Workers {
		counts = append(counts, w.Invocations)
	}
	most := uint64(0)
	for _, c := range counts {
		most = max(c, most)
	}
	if most != 30 {
		t.Fatalf("per-worker invocations %v: serial invocations should stay on the warmest worker", counts)
	}
}

// Under a shared fault domain (MPS, emulated here), one worker's fault takes down the others:
// the innocent invocations in flight run again, alone, and return their outputs; only the
// culprit gets kernel_fault.
func TestSharedFaultDomainReruns(t *testing.T) {
	e := newEngine(t, Config{Mode: Concurrent, Workers: 3, SharedFaultDomain: true})
	slow := sleeper(t, 400)
	fault := fn(t, "fault", "", "", "")
	// Every worker stopped: the innocents are sent and cannot end before the culprit's fault
	// (the teardown kills stopped workers all the same).
	waitIdle(e, 3)
	stopWorkers(t, e)
	var wg sync.WaitGroup
	results := make([]string, 2)
	for i := range results {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			in := []byte(fmt.Sprintf("innocent %d", i))
			out, err := invokeSync(t, e, slow, in, 10*time.Second)
			if err != nil {
				results[i] = string(err.Code)
			} else if string(out) == string(in) {
				results[i] = "ok"
			}
		}(i)
	}
	waitFor(t, "the innocents to be taken", func() bool { return e.Stats().Busy >= 2 })
	// The slot left idle runs the culprit: its worker goes on.
	e.sched.mu.Lock()
	if len(e.sched.idle) != 1 {
		e.sched.mu.Unlock()
		t.Fatalf("%d idle slots with the innocents running, want 1", len(e.sched.idle))
	}
	free := e.sched.idle[0]
	e.sched.mu.Unlock()
	if err := syscall.Kill(free.life.stats().PID, syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	_, ferr := invokeSync(t, e, fault, nil, 10*time.Second)
	wg.Wait()
	if ferr == nil || ferr.Code != call.CodeKernelFault {
		t.Fatalf("culprit: %v", ferr)
	}
	if results[0] != "ok" || results[1] != "ok" {
		t.Fatalf("innocents: %v", results)
	}
	st := e.Stats()
	if st.Reruns < 3 || st.Teardowns < 1 {
		t.Fatalf("stats: reruns %d teardowns %d (want the 2 innocents and the culprit re-run)", st.Reruns, st.Teardowns)
	}
	if fault.Strikes() != 1 {
		t.Fatalf("strikes %d: only the culprit's failure alone counts", fault.Strikes())
	}
}

// Auto mode: an invocation too big for one worker's share gets the whole GPU; the others are
// served by the concurrent workers as usual, and the shares come back afterwards.
func TestAutoRoutesBigInvocationsToWholeGPU(t *testing.T) {
	e := newEngine(t, Config{Mode: Auto, Workers: 2, PoolBytes: 1 << 20, UsableBytes: 64 << 20})
	big := fn(t, "fill_u8", `"A": {"Absolute": 8388608}`, "", `{"Ptr": "A"}, {"Sizeof": "A"}, {"Constant": 1}`)
	small := echo(t)
	for i := 0; i < 2; i++ {
		inv := call.Acquire()
		inv.Fn, inv.Need = big, 8<<20
		if err := e.Submit(inv); err != nil {
			t.Fatal(err)
		}
		<-inv.Done()
		if inv.Err != nil {
			t.Fatalf("big %d: %v", i, inv.Err)
		}
		call.Release(inv)
		if out, err := invokeSync(t, e, small, []byte("small"), 0); err != nil || string(out) != "small" {
			t.Fatalf("small after big: %q %v", out, err)
		}
	}
	st := e.Stats()
	if st.Whole != 2 {
		t.Fatalf("whole-GPU invocations %d", st.Whole)
	}
	for _, w := range st.Workers[:2] {
		if w.PoolBytes != 1<<20 {
			t.Fatalf("worker %s has a pool of %d after the whole-GPU run, want its share back", w.ID, w.PoolBytes)
		}
	}
}

func TestShutdownDrains(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	slow := sleeper(t, 50)
	var invs []*call.Invocation
	for i := 0; i < 4; i++ {
		inv := call.Acquire()
		inv.Fn, inv.Inputs = slow, [][]byte{{byte(i)}}
		if err := e.Submit(inv); err != nil {
			t.Fatal(err)
		}
		invs = append(invs, inv)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := e.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	for i, inv := range invs {
		select {
		case <-inv.Done():
		default:
			t.Fatalf("invocation %d unanswered after Shutdown", i)
		}
		if inv.Err != nil {
			t.Fatalf("invocation %d: %v (drain should finish it)", i, inv.Err)
		}
	}
	inv := call.Acquire()
	inv.Fn = slow
	if err := e.Submit(inv); err != call.ErrDraining {
		t.Fatalf("submit after shutdown: %v", err)
	}
	e.Shutdown(ctx) // twice is fine
}

// One tenant cannot fill the queue for everyone: beyond its share it is refused, while
// another tenant is still admitted.
func TestTenantShare(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential, QueueDepth: 4, TenantShare: 0.5})
	slow := sleeper(t, 200)
	var invs []*call.Invocation
	submit := func(tenant string) error {
		inv := call.Acquire()
		inv.Fn, inv.Inputs, inv.Tenant = slow, [][]byte{{1}}, tenant
		err := e.Submit(inv)
		if err != nil {
			call.Release(inv)
			return err
		}
		invs = append(invs, inv)
		return nil
	}
	// The first runs at once (not queued); then alice may queue 2 (half of 4). The worker is
	// stopped meanwhile: the first cannot end and take one of alice's off the queue.
	waitIdle(e, 1)
	stopped(t, e, func() {
		for i := 0; i < 3; i++ {
			if err := submit("alice"); err != nil {
				t.Fatalf("alice %d: %v", i, err)
			}
		}
		if err := submit("alice"); err != call.ErrTenantShare {
			t.Fatalf("alice beyond her share: %v", err)
		}
		if err := submit("bob"); err != nil {
			t.Fatalf("bob: %v", err)
		}
	})
	for _, inv := range invs {
		<-inv.Done()
		if inv.Err != nil {
			t.Fatal(inv.Err)
		}
		call.Release(inv)
	}
}

// waitIdle waits until n worker slots wait for work.
func waitIdle(e *Engine, n int) {
	for {
		e.sched.mu.Lock()
		idle := len(e.sched.idle)
		e.sched.mu.Unlock()
		if idle == n {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// A drain that times out while a whole-GPU invocation runs (Auto mode): the idle slots'
// goroutines end on the quit, and giving their pools back afterwards must not wait for them
// forever (it did: Shutdown then hung in its wait for the slot goroutines).
func TestAutoWholeDuringTimedOutDrain(t *testing.T) {
	g := newGate(t)
	e := newEngine(t, Config{Mode: Auto, Workers: 2, PoolBytes: 1 << 20, UsableBytes: 64 << 20, Env: []string{g.env()}})
	big := fn(t, "spin_ns", `"A": {"Absolute": 8388608}`, `"X"`, `{"Constant": 0}`, "X") // waits at the gate
	inv := call.Acquire()
	defer call.Release(inv)
	inv.Fn, inv.Need, inv.Inputs = big, 8<<20, [][]byte{[]byte("whole")}
	if err := e.Submit(inv); err != nil {
		t.Fatal(err)
	}
	g.waitEntered(t, 1) // the whole-GPU worker runs it, and it cannot end
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	stopped := make(chan error, 1)
	go func() { stopped <- e.Shutdown(ctx) }()
	// The drain times out (the quit): the idle slots' goroutines end; only then does the
	// whole-GPU invocation end and the workers take their pools back.
	drainTimedOut(t, e)
	g.allow(t, 1)
	shutdownTimedOut(t, stopped, "after a drain that timed out during a whole-GPU invocation")
	<-inv.Done()
	if inv.Err != nil || string(inv.Outputs[0]) != "whole" {
		t.Fatalf("whole-GPU invocation: %q %v", inv.Outputs, inv.Err)
	}
}
