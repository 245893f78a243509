package worker

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"gpufn/call"
)

// startCompiler starts a test worker whose device compiles by gpufake.CompileScript: a compile
// worker as the server starts one (no pool, one small context).
func startCompiler(t *testing.T) *Process {
	t.Helper()
	t.Setenv("GPUFN_TEST_WORKER", "")
	p, err := Start(StartOptions{Binary: os.Args[0], Args: []string{"worker"}, ID: "cc", Device: "cc", NoPool: true,
		Contexts: 1, ContextBytes: 64<<10 - DoorbellBytes, StartTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Stop(5 * time.Second) })
	return p
}

// A compile worker answers compile requests with the cubin and its device's architecture and
// compiler, or with compile_failed and the compiler's log; a cubin larger than the reply frame
// limit comes back (the limit is raised for that answer), one over the request's bound does
// not; and the worker goes on serving after each.
func TestCompileWorker(t *testing.T) {
	p := startCompiler(t)
	if h := p.Hello(); h.Device.Compiler != "test-cc 7" || h.Device.Arch != "sm_90" || h.PoolBytes != 0 {
		t.Fatalf("hello %+v", h)
	}
	deadline := func() time.Time { return time.Now().Add(30 * time.Second) }
	ptx := []byte(".version 8.0\n.target sm_90\n")
	out, err := p.Compile(&Compile{ID: p.NextID(), PTX: ptx, MaxCubin: 1 << 20}, deadline())
	if err != nil {
		t.Fatal(err)
	}
	if out.Err != nil || string(out.Cubin) != "cubin:"+string(ptx) || out.Log != "compiled" || out.Arch != "sm_90" || out.Compiler != "test-cc 7" || out.Nanos <= 0 {
		t.Fatalf("compiled %+v", out)
	}
	out, err = p.Compile(&Compile{ID: p.NextID(), PTX: []byte("fail line 3: unknown instruction\n"), MaxCubin: 1 << 20}, deadline())
	if err != nil {
		t.Fatal(err)
	}
	if out.Err == nil || out.Err.Code != call.CodeCompileFailed || out.Log != "line 3: unknown instruction" || out.Cubin != nil {
		t.Fatalf("failed compile %+v %+v", out, out.Err)
	}
	// 6 MiB: over MaxReplyFrame, within the request's bound.
	out, err = p.Compile(&Compile{ID: p.NextID(), PTX: []byte("size 6291456"), MaxCubin: 8 << 20}, deadline())
	if err != nil || out.Err != nil || len(out.Cubin) != 6<<20 {
		t.Fatalf("large cubin: %v %+v", err, out.Err)
	}
	out, err = p.Compile(&Compile{ID: p.NextID(), PTX: []byte("size 2000"), MaxCubin: 1000}, deadline())
	if err != nil || out.Err == nil || out.Err.Code != call.CodeCompileFailed || !strings.Contains(out.Err.Message, "over the limit of 1000 bytes") {
		t.Fatalf("cubin over the bound: %v %+v", err, out.Err)
	}
	// The reply limit is back to normal for other messages afterwards.
	if p.fr.max != MaxReplyFrame {
		t.Errorf("reply frame limit %d after a compile", p.fr.max)
	}
	// A cpu device cannot compile: internal, not compile_failed.
	q, err := Start(StartOptions{Binary: os.Args[0], Args: []string{"worker"}, ID: "cpu", Device: "cpu", NoPool: true, ContextBytes: 64<<10 - DoorbellBytes, StartTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Stop(5 * time.Second)
	out, err = q.Compile(&Compile{ID: q.NextID(), PTX: ptx}, deadline())
	if err != nil || out.Err == nil || out.Err.Code != call.CodeInternal || !strings.Contains(out.Err.Message, "cannot compile PTX") {
		t.Fatalf("cpu device: %v %+v", err, out)
	}
}

// A compiler that crashes, hangs or loses its device ends the worker's usefulness in the ways
// Call reports for invocations.
func TestCompileWorkerFailures(t *testing.T) {
	for _, c := range []struct {
		ptx  string
		want error
	}{
		{"exit 9", ErrWorkerExited},
		{"sleep 1m", ErrDeadline},
	} {
		p := startCompiler(t)
		d := time.Now().Add(30 * time.Second)
		if c.want == ErrDeadline {
			d = time.Now().Add(300 * time.Millisecond)
		}
		_, err := p.Compile(&Compile{ID: p.NextID(), PTX: []byte(c.ptx)}, d)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v; want %v", c.ptx, err, c.want)
		}
		p.Kill()
	}
	// A lost device: the answer says so (fatal), then the worker exits.
	p := startCompiler(t)
	out, err := p.Compile(&Compile{ID: p.NextID(), PTX: []byte("fatal")}, time.Now().Add(30*time.Second))
	if err != nil || out.Err == nil || !out.Err.Fatal || out.Err.Code != call.CodeKernelFault {
		t.Fatalf("fatal: %v %+v", err, out)
	}
	select {
	case <-p.Done():
	case <-time.After(30 * time.Second):
		t.Fatal("the worker did not exit after losing its device")
	}
}
