package engine

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"testing"
	"time"

	"gpufn/call"
)

// held is a body whose last part waits until the test lets it go: reached is closed when
// everything but the last part has been read.
type held struct {
	b       []byte
	last    int // the last part's length
	read    int
	reached chan struct{}
	release chan struct{}
}

func (r *held) Read(p []byte) (int, error) {
	if r.read == len(r.b) {
		return 0, io.EOF
	}
	end := len(r.b) - r.last
	if r.read == end {
		close(r.reached)
		<-r.release
		end = len(r.b)
	}
	n := copy(p, r.b[r.read:end])
	r.read += n
	return n, nil
}

// A streamed body lives in its worker's context only. When a neighbour's fault tears the
// shared fault domain down while the body is still arriving, the invocation is a victim and
// runs again on a new worker: with the body it had, copied out of the lost worker's context
// before the loss was handled (keepBody), not with the zeroed buffer its Inputs[0] was.
func TestStreamedBodyRunsAgainAfterATeardown(t *testing.T) {
	e := newEngine(t, Config{Mode: Concurrent, Workers: 2, SharedFaultDomain: true})
	waitIdle(t, e, 2)
	f := echo(t)
	in := make([]byte, 3*StreamMinBytes+17)
	for i := range in {
		in[i] = byte(i*7 + 1)
	}
	body := &held{b: in, last: 1000, reached: make(chan struct{}), release: make(chan struct{})}
	answered := make(chan *call.Invocation, 1)
	go func() {
		inv := call.Acquire()
		inv.Fn, inv.Tenant, inv.Inputs, inv.Body = f, "alice", [][]byte{make([]byte, len(in))}, body
		if err := e.SubmitInline(inv); err != nil {
			t.Errorf("submit: %v", err)
			call.Release(inv)
			answered <- nil
			return
		}
		<-inv.Done()
		answered <- inv
	}()
	select {
	case <-body.reached:
	case <-time.After(time.Minute): // a hang, not a slow host
		t.Fatal("the body was never read")
	}
	// The body is in the worker's context but for its last part: the worker waits for it.
	// The other worker faults, and the teardown kills both.
	var pids []int
	for _, w := range e.Stats().Workers {
		pids = append(pids, w.PID)
	}
	fault := fn(t, "fault", "", "", "")
	faulted := make(chan *call.Error, 1)
	go func() {
		_, ferr := invokeSync(t, e, fault, nil, 20*time.Second)
		faulted <- ferr
	}()
	// The teardown killed both workers (the body's included) before the last part comes.
	waitFor(t, "the fault's teardown", func() bool { return e.Stats().Teardowns >= 1 })
	for _, pid := range pids {
		waitFor(t, fmt.Sprintf("worker %d killed", pid), func() bool { return dead(pid) })
	}
	close(body.release)

	var inv *call.Invocation
	select {
	case inv = <-answered:
	case <-time.After(time.Minute):
		t.Fatal("the streamed invocation was not answered")
	}
	if inv == nil {
		t.FailNow()
	}
	defer call.Release(inv)
	if inv.Err != nil {
		t.Fatalf("the victim was answered %v, want its output", inv.Err)
	}
	if !bytes.Equal(inv.Outputs[0], in) {
		t.Fatalf("the victim's run again had other input: %d of %d bytes right", prefixEqual(inv.Outputs[0], in), len(in))
	}
	if inv.Sched.Reruns == 0 {
		t.Fatal("the streamed invocation was not run again: the test did not interrupt it")
	}
	if ferr := <-faulted; ferr == nil || ferr.Code != call.CodeKernelFault {
		t.Fatalf("the culprit: %v, want kernel_fault", ferr)
	}
}

// dead reports whether process pid has exited (a zombie not yet reaped counts).
func dead(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	i := bytes.LastIndexByte(b, ')') // the state follows the command's name in parentheses
	return i >= 0 && i+2 < len(b) && (b[i+2] == 'Z' || b[i+2] == 'X')
}

func prefixEqual(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
