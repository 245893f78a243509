package worker

import (
	"errors"
	"io"
	"os"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// The worker's spinning request reader uses the raw descriptor; the *os.File it was made from
// must stay reachable through it, or the file's finalizer closes the descriptor at the next
// garbage collection (seen on the H100: "reading a request: bad file descriptor" seconds into
// a load).
func TestRawSpinReaderKeepsDescriptorOpen(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	rr, err := newRawSpinReader(r, time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	r = nil // the reader is all that is left of it, as in the worker
	for i := 0; i < 5; i++ {
		runtime.GC() // queues the finalizers of unreachable files
		time.Sleep(2 * time.Millisecond)
	}
	if _, err := w.Write([]byte("frame")); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 5)
	if _, err := io.ReadFull(rr, buf); err != nil || string(buf) != "frame" {
		t.Fatalf("read %q, %v after garbage collections; want \"frame\"", buf, err)
	}
	runtime.KeepAlive(rr)
}

// A parking read waits in the poller for bytes written later; a read in once mode tries the
// pipe once and says that nothing came without waiting.
func TestPollSpinReaderParksAndTries(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	rr, err := newPollSpinReader(r, SpinForever)
	if err != nil {
		t.Fatal(err)
	}
	psr := rr.(*pollSpinReader)
	buf := make([]byte, 5)
	psr.once = true
	if n, err := psr.Read(buf); n != 0 || err != errNotReady {
		t.Fatalf("once, nothing written: %d, %v; want errNotReady", n, err)
	}
	psr.once, psr.park = false, true
	go w.Write([]byte("reply"))
	if _, err := io.ReadFull(psr, buf); err != nil || string(buf) != "reply" {
		t.Fatalf("parked read %q, %v", buf, err)
	}
	psr.park, psr.once = false, true
	if _, err := w.Write([]byte("again")); err != nil {
		t.Fatal(err)
	}
	if n, err := psr.Read(buf); err != nil || string(buf[:n]) != "again" {
		t.Fatalf("once, written: %q, %v", buf[:n], err)
	}
	w.Close()
	if n, err := psr.Read(buf); n != 0 || err != io.EOF {
		t.Fatalf("once, writer closed: %d, %v; want EOF", n, err)
	}
}

// pollProcess is a Process reading replies from a pipe whose write end (with a frame writer)
// and reply doorbell the test holds: no worker behind it.
func pollProcess(t *testing.T) (*Process, *FrameWriter, *os.File, *atomic.Uint64) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	_, bell := doorbells(make([]byte, 4096+DoorbellBytes))
	rr, err := newPollSpinReader(r, 0)
	if err != nil {
		t.Fatal(err)
	}
	p := &Process{rep: r, done: make(chan struct{}), repBell: bell}
	p.spin = rr.(*pollSpinReader)
	p.spin.bell = bell
	p.fr = NewFrameReader(rr, MaxReplyFrame)
	return p, NewFrameWriter(w), w, bell
}

// Poll reads the pipe on its first turn for a reply, when the doorbell rings for it, and every
// pipeTurns-th turn (a frame that did not ring is found then); otherwise a turn is a load of
// the doorbell. It reports the worker's end as an error.
func TestProcessPoll(t *testing.T) {
	p, fw, w, bell := pollProcess(t)
	var res Result
	polls := func(id uint64) int {
		t.Helper()
		for i := 1; i <= 4*pipeTurns; i++ {
			got, err := p.Poll(id, &res, time.Time{})
			if err != nil {
				t.Fatalf("poll %d for %d: %v", i, id, err)
			}
			if got {
				if res.ID != id {
					t.Fatalf("read the result of %d for %d", res.ID, id)
				}
				return i
			}
		}
		t.Fatalf("result %d not found in %d polls", id, 4*pipeTurns)
		return 0
	}
	// Written before the first poll, without a ring: the first poll reads the pipe.
	fw.Write(MsgResult, &Result{ID: 1})
	if n := polls(1); n != 1 {
		t.Fatalf("result 1 found at poll %d, want 1", n)
	}
	// Nothing at the first poll, then written without a ring: found at the pipe turn.
	if got, err := p.Poll(2, &res, time.Time{}); got || err != nil {
		t.Fatalf("poll for 2 before it was written: %v %v", got, err)
	}
	fw.Write(MsgResult, &Result{ID: 2})
	if n := polls(2); n != pipeTurns {
		t.Fatalf("unrung result 2 found at poll %d after the first, want %d", n, pipeTurns)
	}
	// A turn that finds nothing allocates nothing, pipe turns included.
	if n := testing.AllocsPerRun(10, func() {
		for i := 0; i < pipeTurns; i++ {
			p.Poll(3, &res, time.Time{})
		}
	}); n != 0 {
		t.Fatalf("%.1f allocations per %d empty polls", n, pipeTurns)
	}
	// Rung: found at the next poll.
	fw.Write(MsgResult, &Result{ID: 3})
	bell.Store(3)
	if n := polls(3); n != 1 {
		t.Fatalf("rung result 3 found at poll %d after the first, want 1", n)
	}
	// A reply to another request is a protocol violation, as for Receive.
	fw.Write(MsgResult, &Result{ID: 9})
	bell.Store(4)
	if got, err := p.Poll(4, &res, time.Time{}); !got || !errors.Is(err, ErrProtocol) {
		t.Fatalf("reply 9 for 4: %v %v, want a protocol violation", got, err)
	}
	// The worker's end: its exit is reported.
	close(p.done)
	w.Close()
	for i := 0; ; i++ {
		got, err := p.Poll(5, &res, time.Time{})
		if got {
			if !errors.Is(err, ErrWorkerExited) {
				t.Fatalf("after the pipe closed: %v, want %v", err, ErrWorkerExited)
			}
			break
		}
		if i > 2*pipeTurns {
			t.Fatal("the closed pipe was never seen")
		}
	}
}

// A parked Receive after Poll found nothing waits for the reply; one whose deadline passed
// returns ErrDeadline.
func TestProcessReceiveParked(t *testing.T) {
	p, fw, _, _ := pollProcess(t)
	var res Result
	if got, err := p.Poll(1, &res, time.Time{}); got || err != nil {
		t.Fatalf("poll: %v %v", got, err)
	}
	go fw.Write(MsgResult, &Result{ID: 1})
	if err := p.ReceiveParked(1, &res, time.Now().Add(time.Minute)); err != nil || res.ID != 1 {
		t.Fatalf("parked receive: %d %v", res.ID, err)
	}
	if err := p.ReceiveParked(2, &res, time.Now().Add(-time.Millisecond)); !errors.Is(err, ErrDeadline) {
		t.Fatalf("past deadline: %v, want %v", err, ErrDeadline)
	}
}
