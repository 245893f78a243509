package worker

import (
	"errors"
	"fmt"
	"gpufn/call"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"gpufn/cpu"
	"gpufn/examples"
	"gpufn/gpu"
	"gpufn/gpu/gpufake"
	"gpufn/shm"
)

// The test binary doubles as a worker process (the helper-process pattern): run with the
// first argument "worker", it becomes one. GPUFN_TEST_WORKER selects a misbehaviour.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(helperWorker(os.Args[2:]))
	}
	// The one goroutine that starts every worker lives as long as the process (worker/spawn.go).
	goleak.VerifyTestMain(m, goleak.IgnoreTopFunction("gpufn/worker.spawner"))
}

type cpuDevices struct{}

func (cpuDevices) Open(kind string, ordinal int) (gpu.Device, error) {
	if kind == "cc" { // a cpu device that compiles PTX by gpufake.CompileScript
		return &gpufake.Compiler{Device: cpu.New(cpu.Options{Ordinal: ordinal, MemBytes: 16 << 20}), Compile: gpufake.CompileScript, Arch: "sm_90", Version: "test-cc 7"}, nil
	}
	if kind != "cpu" {
		return nil, fmt.Errorf("%w: test workers have only the cpu device", gpu.ErrNoDevice)
	}
	return cpu.New(cpu.Options{Ordinal: ordinal, MemBytes: 64 << 20}), nil
}

func (d cpuDevices) Probe(kind string) ([]gpu.Info, string, error) {
	dev, _ := d.Open("cpu", 0)
	defer dev.Close()
	return []gpu.Info{dev.Info()}, "test probe", nil
}

func helperWorker(args []string) int {
	mode := os.Getenv("GPUFN_TEST_WORKER")
	if mode == "" {
		return Main(args, cpuDevices{})
	}
	rep := os.NewFile(ReplyFD, "replies")
	req := os.NewFile(RequestFD, "requests")
	fw := NewFrameWriter(rep)
	hello := &Hello{Version: Version, PID: os.Getpid(), Contexts: []uint64{1 << 20}, PoolBytes: 1 << 20}
	switch mode {
	case "no-hello":
		time.Sleep(time.Minute)
		return 0
	case "wrong-version":
		hello.Version = Version + 1
		fw.Write(MsgHello, hello)
		return 0
	case "exit-at-start":
		fmt.Fprintln(os.Stderr, `{"level":"error","msg":"cannot open the device"}`)
		return 3
	case "stdout-hello":
		// A worker that (wrongly) speaks on fd 1 reaches nobody: fd 1 is /dev/null.
		os.Stdout.Write([]byte("\x10\x00\x00\x00\x01garbage"))
		time.Sleep(time.Minute)
		return 0
	}
	if mode == "hold-pipe" || mode == "answer-hold" {
		// A child that keeps the reply pipe open after this process is killed, as a killed
		// CUDA process does while the driver tears its context down. It shares the worker's
		// process group (the test kills the group).
		c := exec.Command("sleep", "300")
		c.ExtraFiles = []*os.File{rep}
		if err := c.Start(); err != nil {
			return 5
		}
	}
	fw.Write(MsgHello, hello)
	fr := NewFrameReader(req, MaxRequestFrame)
	if _, err := fr.Next(); err != nil {
		return 0
	}
	var inv Invoke
	fr.Decode(&inv)
	switch mode {
	case "crash":
		os.Exit(7)
	case "garbage":
		rep.Write([]byte("\x05\x00\x00\x00\x03\xff\xff\xff\xff garbage garbage"))
	case "wrong-id":
		fw.Write(MsgResult, &Result{ID: inv.ID + 1})
	case "hang":
		time.Sleep(time.Minute)
	case "answer-hold":
		fw.Write(MsgResult, &Result{ID: inv.ID})
	}
	time.Sleep(time.Minute)
	return 0
}

// startOpts starts a worker of the given misbehaviour. Its StartTimeout is for a hung start
// only: a loaded machine may take seconds to start the (race-instrumented) test binary.
func startOpts(t *testing.T, mode string) StartOptions {
	t.Setenv("GPUFN_TEST_WORKER", mode)
	return StartOptions{Binary: os.Args[0], Args: []string{"worker"}, ID: "t", Device: "cpu", PoolBytes: 16 << 20, ContextBytes: 1 << 20, StartTimeout: 30 * time.Second}
}

func TestStartRefusesBadWorkers(t *testing.T) {
	cases := map[string]string{
		"no-hello":      "no hello within",
		"wrong-version": "protocol version",
		"exit-at-start": "exit status 3",
		"stdout-hello":  "no hello within",
	}
	for mode, want := range cases {
		t.Run(mode, func(t *testing.T) {
			opt := startOpts(t, mode)
			if mode == "no-hello" || mode == "stdout-hello" {
				opt.StartTimeout = 500 * time.Millisecond
			}
			p, err := Start(opt)
			if err == nil {
				p.Kill()
				t.Fatal("a bad worker was accepted")
			}
			if !errors.Is(err, ErrStart) || !strings.Contains(err.Error(), want) {
				t.Fatalf("err = %v, want ErrStart mentioning %q", err, want)
			}
		})
	}
}

func TestCallDetectsBrokenWorkers(t *testing.T) {
	cases := map[string]error{
		"crash":    ErrWorkerExited,
		"garbage":  ErrProtocol,
		"wrong-id": ErrProtocol,
		"hang":     ErrDeadline,
	}
	for mode, want := range cases {
		t.Run(mode, func(t *testing.T) {
			p, err := Start(startOpts(t, mode))
			if err != nil {
				t.Fatal(err)
			}
			defer p.Kill()
			var res Result
			inv := &Invoke{ID: p.NextID(), Output: p.Context(0).OutputArea()}
			// The hanging worker is to overrun this deadline; the others answer (or die) at
			// once, and get a deadline no loaded machine reaches.
			deadline := time.Now().Add(30 * time.Second)
			if mode == "hang" {
				deadline = time.Now().Add(500 * time.Millisecond)
			}
			err = p.Call(MsgInvoke, inv, inv.ID, &res, deadline)
			if !errors.Is(err, want) {
				t.Fatalf("err = %v, want %v", err, want)
			}
			if mode == "crash" && !strings.Contains(err.Error(), "exit status 7") {
				t.Fatalf("err = %v, want the exit status", err)
			}
		})
	}
}

func TestWorkerRefusesToRunByHand(t *testing.T) {
	if code := Main(nil, cpuDevices{}); code != ExitUsage {
		t.Fatalf("exit code %d", code)
	}
}

// A real worker on the cpu device: a module is sent once and cached, outputs come back in the
// context, and a kernel writing protocol-looking bytes to fd 1 does not disturb the protocol.
func TestRealWorker(t *testing.T) {
	core, logs := observer.New(zap.InfoLevel)
	opt := startOpts(t, "")
	opt.Log = zap.New(core)
	p, err := Start(opt)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop(5 * time.Second)
	h := p.Hello()
	if h.Device.Kind != "cpu" || h.PoolBytes != 16<<20 || len(h.Kernels) == 0 || h.PID != p.PID() {
		t.Fatalf("hello %+v", h)
	}
	if st := h.Start; st.Device <= 0 || st.Pin <= 0 || st.Pool <= 0 {
		t.Fatalf("the hello's start times %+v: want the device's opening, the pinning and the pool's allocation timed", st)
	}
	for i := 0; i < 3; i++ {
		res := callEcho(t, p, i, i == 0)
		if i == 0 && res.Stages.Load == 0 {
			t.Error("the first call did not load the module")
		}
		if i > 0 && res.Stages.Load != 0 {
			t.Error("the module was loaded again")
		}
	}
	// The worker's log lines reach the server's log, tagged with the worker's ID.
	if logs.FilterMessage("worker ready").FilterField(zap.String("worker", "t")).Len() != 1 {
		t.Errorf("worker log not forwarded: %v", logs.All())
	}
}

// echoConfig is a function of one input X, returned as its output (print_inject: on the cpu
// device it leaves X as it is).
const echoConfig = `{"module_path": "testkernels", "kernels": ["print_inject"], "blueprint": {"inputs": ["X"], "buffers": {}, "outputs": ["X"],
  "control_flow": [{"ExecKernel": ["print_inject", [{"Constant": 42}], {"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1}, "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1}, "shared_mem_bytes": {"Absolute": 0}}]}]}}`

// callEcho invokes echoConfig (function 1; its library and config sent when first) in context
// 0 with the input "payload-i" and checks that the output is the input.
func callEcho(t *testing.T, p *Process, i int, first bool) *Result {
	t.Helper()
	ctx := p.Context(0)
	ctx.Begin()
	in, _ := ctx.PutInput([]byte(fmt.Sprintf("payload-%d", i)))
	inv := &Invoke{ID: p.NextID(), FuncID: 1, Inputs: []shm.Span{in}, Output: ctx.OutputArea()}
	inv.Lib.Hash[0], inv.Lib.Kind = 1, "ptx"
	if first {
		inv.Lib.Image, inv.Config = examples.MustPTX("testkernels"), []byte(echoConfig)
	}
	var res Result
	if err := p.Call(MsgInvoke, inv, inv.ID, &res, time.Now().Add(10*time.Second)); err != nil {
		t.Fatalf("call %d: %v", i, err)
	}
	if res.Err != nil {
		t.Fatalf("call %d: %v", i, res.Err)
	}
	out, err := ctx.Slice(res.Outputs[0])
	if err != nil || string(out) != fmt.Sprintf("payload-%d", i) {
		t.Fatalf("call %d: output %q %v", i, out, err)
	}
	ctx.Written(res.Outputs[0].End())
	return &res
}

// Without its cached payloads the worker asks for them rather than failing obscurely.
func TestWorkerAsksForMissingPayloads(t *testing.T) {
	p, err := Start(startOpts(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop(5 * time.Second)
	ctx := p.Context(0)
	ctx.Begin()
	inv := &Invoke{ID: p.NextID(), FuncID: 99, Output: ctx.OutputArea()}
	var res Result
	if err := p.Call(MsgInvoke, inv, inv.ID, &res, time.Now().Add(5*time.Second)); err != nil {
		t.Fatal(err)
	}
	if res.Err == nil || res.Err.Code != call.CodeFunctionMissing {
		t.Fatalf("result %+v", res.Err)
	}
}

func osArgs0() string { return os.Args[0] }

// A worker the server killed (Terminate, as a teardown of the fault domain does) is reported
// exited, killed by the server: its caller need not wait for its pipe to end nor for its reap
// (TestTerminateWakesTheReader).
func TestTerminatedWorkerReportedKilled(t *testing.T) {
	p, err := Start(startOpts(t, "hang"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Kill()
	inv := &Invoke{ID: p.NextID(), Output: p.Context(0).OutputArea()}
	deadline := time.Now().Add(30 * time.Second) // a bound for a hung test only
	if err := p.Send(MsgInvoke, inv, inv.ID, deadline); err != nil {
		t.Fatal(err)
	}
	p.Terminate()
	var res Result
	if err := p.Receive(inv.ID, &res, deadline); !errors.Is(err, ErrWorkerExited) || !strings.Contains(err.Error(), "killed by the server") {
		t.Fatalf("err = %v, want ErrWorkerExited, killed by the server", err)
	}
}

// Terminate wakes whoever waits for the killed worker's reply, however it waits (spinning,
// parked, waiting for the first byte, polling), without waiting for the reply pipe to end:
// here a child of the worker holds the pipe open for minutes, as a killed CUDA process's slow
// exit does for up to 0.4 s under MPS (a teardown's victims waited that long).
func TestTerminateWakesTheReader(t *testing.T) {
	for _, how := range []string{"spinning", "parked", "waitreply", "poll"} {
		t.Run(how, func(t *testing.T) {
			opt := startOpts(t, "hold-pipe")
			if how == "spinning" {
				opt.ReplySpin = SpinForever
			}
			p, err := Start(opt)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Kill()
			defer syscall.Kill(-p.PID(), syscall.SIGKILL) // the child holding the pipe
			inv := &Invoke{ID: p.NextID(), Output: p.Context(0).OutputArea()}
			// Without the wake every wait below runs to this deadline (the pipe outlives it).
			start := time.Now()
			deadline := start.Add(time.Minute)
			if err := p.Send(MsgInvoke, inv, inv.ID, deadline); err != nil {
				t.Fatal(err)
			}
			done := make(chan struct{})
			go func() {
				defer close(done)
				time.Sleep(20 * time.Millisecond) // most likely while the wait below is on
				p.Terminate()
			}()
			defer func() { <-done }()
			var res Result
			switch how {
			case "spinning":
				err = p.Receive(inv.ID, &res, deadline)
			case "parked":
				err = p.ReceiveParked(inv.ID, &res, deadline)
			case "waitreply":
				if werr := p.WaitReply(inv.ID, deadline); werr != nil {
					t.Fatalf("WaitReply: %v, want nil (the next Receive reports the kill)", werr)
				}
				err = p.ReceiveParked(inv.ID, &res, deadline)
			case "poll":
				for got := false; !got; {
					got, err = p.Poll(inv.ID, &res, deadline)
					if !got && time.Now().After(deadline) {
						t.Fatal("Poll found nothing until the deadline")
					}
				}
			}
			if !errors.Is(err, ErrWorkerExited) || !strings.Contains(err.Error(), "killed by the server") {
				t.Fatalf("err = %v, want ErrWorkerExited, killed by the server", err)
			}
			// A wait that ran to its deadline says "killed" too: the time tells them apart.
			if took := time.Since(start); took > time.Until(deadline) {
				t.Fatalf("the wait returned %v after the kill was sent; want at once, not at its deadline", took)
			}
		})
	}
}

// A reply that came whole before the kill is read, not lost: the killed worker's run was
// done, and its invocation need not run again.
func TestTerminatedWorkerAnswerKept(t *testing.T) {
	for _, how := range []string{"receive", "poll"} {
		t.Run(how, func(t *testing.T) {
			p, err := Start(startOpts(t, "answer-hold"))
			if err != nil {
				t.Fatal(err)
			}
			defer p.Kill()
			defer syscall.Kill(-p.PID(), syscall.SIGKILL) // the child holding the pipe
			inv := &Invoke{ID: p.NextID(), Output: p.Context(0).OutputArea()}
			deadline := time.Now().Add(time.Minute)
			if err := p.Send(MsgInvoke, inv, inv.ID, deadline); err != nil {
				t.Fatal(err)
			}
			if err := p.WaitReply(inv.ID, deadline); err != nil {
				t.Fatal(err)
			}
			// The first byte has come; the 5-byte header and the small body come in one write.
			p.Terminate()
			var res Result
			if how == "receive" {
				err = p.Receive(inv.ID, &res, deadline)
			} else {
				_, err = p.Poll(inv.ID, &res, deadline)
			}
			if err != nil || res.ID != inv.ID {
				t.Fatalf("%v, result for %d; want the answer to %d, read after the kill", err, res.ID, inv.ID)
			}
		})
	}
}
