package worker

import (
	"io"
	"os"
	"runtime"
	"sync"
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

// A spinning reply reader calls its watch function while it spins, on the reading goroutine,
// and returns the bytes that come meanwhile as usual.
// spinPipe returns a pipe's write end and a reader of its read end that spins forever.
func spinPipe(t *testing.T) (*pollSpinReader, *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	rr, err := newPollSpinReader(r, SpinForever)
	if err != nil {
		t.Fatal(err)
	}
	return rr.(*pollSpinReader), w
}

func TestPollSpinReaderWatches(t *testing.T) {
	psr, w := spinPipe(t)
	rr := io.Reader(psr)
	var once sync.Once
	reply := func() { once.Do(func() { go w.Write([]byte("reply")) }) }
	calls := 0
	psr.watch = func() {
		if calls++; calls == 100 { // the writer runs once the reader has spun a while
			reply()
		}
	}
	timer := time.AfterFunc(time.Minute, reply) // a reader that never watches still ends (and fails)
	defer timer.Stop()
	buf := make([]byte, 5)
	if _, err := io.ReadFull(rr, buf); err != nil || string(buf) != "reply" {
		t.Fatalf("read %q, %v", buf, err)
	}
	if calls < 100 {
		t.Fatalf("watch called %d times while spinning; want at least 100", calls)
	}
}

// A parking read (Process.ReceiveParked) does not spin: it waits in the poller from its first
// empty read, so its watch is never called, even with a reader that would spin forever.
func TestPollSpinReaderParks(t *testing.T) {
	psr, w := spinPipe(t)
	rr := io.Reader(psr)
	calls := 0
	psr.watch = func() { calls++ }
	psr.park = true
	timer := time.AfterFunc(20*time.Millisecond, func() { w.Write([]byte("reply")) })
	defer timer.Stop()
	buf := make([]byte, 5)
	if _, err := io.ReadFull(rr, buf); err != nil || string(buf) != "reply" {
		t.Fatalf("read %q, %v", buf, err)
	}
	if calls != 0 {
		t.Fatalf("watch called %d times: the read spun instead of parking", calls)
	}
	// The same reader without park spins (and watches) until the reply. The reply is written
	// from the watch, so it comes only once the reader has spun; a reader that never watches
	// still ends (timer), and fails.
	psr.park = false
	var once sync.Once
	again := func() { once.Do(func() { go w.Write([]byte("again")) }) }
	psr.watch = func() { calls++; again() }
	timer2 := time.AfterFunc(time.Minute, again)
	defer timer2.Stop()
	if _, err := io.ReadFull(rr, buf); err != nil || string(buf) != "again" || calls == 0 {
		t.Fatalf("read %q, %v; watch called %d times", buf, err, calls)
	}
}
