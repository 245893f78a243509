package worker

import (
	"errors"
	"io"
	"os"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Waiting for a message on a pipe can park the thread (the kernel wakes it when data arrives,
// tens of microseconds later on an idle machine) or spin on non-blocking reads first. The
// polling policy of the engines decides: spin (forever), hybrid (a bounded time, then park),
// block (park at once).

// SpinForever makes a reader spin without ever parking.
const SpinForever time.Duration = -1

// rawSpinReader reads a blocking-mode descriptor of the worker process: it spins on
// non-blocking reads for up to spin after each message, then waits in poll(2). It keeps the
// calling (locked) thread and never involves Go's poller.
type rawSpinReader struct {
	// f keeps the descriptor open: the reader uses only fd, and an *os.File that nothing
	// references is closed by its finalizer at the next garbage collection. On the H100 that
	// closed the worker's request pipe seconds into a load ("reading a request: bad file
	// descriptor", the worker lost with every invocation it held), and the descriptor's number
	// could then have been reused by another open file.
	f    *os.File
	fd   int
	spin time.Duration
	// bell, when set, is the request doorbell: while it holds last, a read(2) is tried only
	// every pipeTurns turns.
	bell *atomic.Uint64
	last uint64
	// boost, when longer than spin, is the spin of the next Read (a MsgWake asked for it):
	// it is spent by that Read, whatever it finds.
	boost time.Duration
	// nowait, when set, makes a Read try the pipe once and return errWouldBlock when it has
	// nothing (FrameReader.TryNext).
	nowait bool
}

// errWouldBlock is a Read's answer in nowait mode when the pipe has nothing.
var errWouldBlock = errors.New("worker: nothing in the pipe yet")

func newRawSpinReader(f *os.File, spin time.Duration) (io.Reader, error) {
	fd := int(f.Fd())
	if spin == 0 {
		return f, nil // plain blocking reads
	}
	if err := unix.SetNonblock(fd, true); err != nil {
		return nil, err
	}
	return &rawSpinReader{f: f, fd: fd, spin: spin}, nil
}

// tryRead reads the pipe once without waiting (a read interrupted by a signal is tried
// again): ok is false when it had nothing, else n and err are the Read's answer.
func (r *rawSpinReader) tryRead(p []byte) (n int, ok bool, err error) {
	for {
		n, err := unix.Read(r.fd, p)
		switch {
		case err == nil && n == 0:
			return 0, true, io.EOF
		case err == nil:
			return n, true, nil
		case err == unix.EAGAIN:
			return 0, false, nil
		case err != unix.EINTR:
			return 0, true, err
		}
	}
}

func (r *rawSpinReader) Read(p []byte) (int, error) {
	if r.nowait {
		if n, ok, err := r.tryRead(p); ok {
			return n, err
		}
		return 0, errWouldBlock
	}
	var until time.Time
	spin := r.spin
	if r.boost > spin && spin != SpinForever {
		spin = r.boost
	}
	r.boost = 0
	check := 31 // turns between clock reads: a read(2) takes about a microsecond
	if r.bell != nil {
		check = 1023 // a doorbell load takes nanoseconds
	}
	for i := 0; ; i++ {
		if r.ringing(i) {
			if n, ok, err := r.tryRead(p); ok {
				return n, err
			}
		}
		if spin == SpinForever || i&check != 0 {
			continue
		}
		now := time.Now()
		if i == 0 {
			until = now.Add(spin)
		} else if now.After(until) {
			fds := []unix.PollFd{{Fd: int32(r.fd), Events: unix.POLLIN}}
			if _, err := unix.Poll(fds, -1); err != nil && err != unix.EINTR {
				return 0, err
			}
		}
	}
}

// pipeTurns is how often a spinning reader with a doorbell tries the pipe whatever the
// doorbell says (a power of two), so that frames without a ring and a closed pipe are still
// seen: every 4096 turns is every few microseconds. It was every 64: a read(2) every few
// hundred nanoseconds, most of a spinning reader's time, each taking the pipe's lock that the
// other side's write needs.
const pipeTurns = 4096

// ringing reports whether turn i of a spin should try the pipe: always without a doorbell;
// with one, on the first turn, every pipeTurns-th, and when the doorbell changed.
func (r *rawSpinReader) ringing(i int) bool {
	if r.bell == nil || i&(pipeTurns-1) == 0 {
		return true
	}
	if v := r.bell.Load(); v != r.last {
		r.last = v
		return true
	}
	return false
}

// pollSpinReader reads a descriptor registered with Go's poller (the server's end of a pipe).
// By default it spins on non-blocking reads for up to spin, then parks the goroutine in the
// poller, which also honours the file's read deadline (Process.Receive). With park set, or a
// spin of 0, it parks at once (Process.ReceiveParked); with once set, it tries one read(2) and
// returns errNotReady when the pipe has nothing (Process.Poll). Spinning callers that must look
// at something else between tries (the engine watching its queue) spin on Poll themselves.
type pollSpinReader struct {
	f        *os.File
	rc       syscall.RawConn
	spin     time.Duration
	deadline time.Time // also checked while spinning (the poller checks it while parked)
	// bell, when set, is the reply doorbell, and want the ID of the awaited reply: while the
	// doorbell holds another ID, a read(2) is tried only every pipeTurns turns.
	bell *atomic.Uint64
	want uint64
	// park, when set, makes a read that finds nothing park at once (Process.ReceiveParked).
	park bool
	// killed, when set, is the process's: once the server has sent it SIGKILL a spinning read
	// gives up (errKilled) instead of spinning on until the pipe ends (Process.Terminate).
	killed *atomic.Bool
	// once, when set, makes a read try the pipe once without waiting (Process.Poll); readFD,
	// made once (a method value allocates), does it with buf, n and rerr.
	once   bool
	readFD func(fd uintptr)
	buf    []byte
	n      int
	rerr   error
}

// errNotReady is what a pollSpinReader in once mode returns when the pipe has nothing yet.
var errNotReady = errors.New("worker: no reply yet")

// errKilled is what a read of the reply pipe returns once the server has killed the worker
// (Process.Terminate): the pipe may stay open long after (below).
var errKilled = errors.New("worker: killed by the server")

func newPollSpinReader(f *os.File, spin time.Duration) (io.Reader, error) {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, err
	}
	r := &pollSpinReader{f: f, rc: rc, spin: spin}
	r.readFD = r.readOnce
	return r, nil
}

// readOnce is one non-blocking read(2) of fd into buf (EINTR retried).
func (r *pollSpinReader) readOnce(fd uintptr) {
	for {
		r.n, r.rerr = syscall.Read(int(fd), r.buf)
		if r.rerr != syscall.EINTR {
			return
		}
	}
}

// readNow tries the pipe once, without waiting and without the poller (nor its read deadline).
func (r *pollSpinReader) readNow(p []byte) (int, error) {
	r.buf = p
	err := r.rc.Control(r.readFD)
	n, rerr := r.n, r.rerr
	r.buf, r.rerr = nil, nil
	switch {
	case err != nil:
		return 0, err
	case rerr == syscall.EAGAIN:
		return 0, errNotReady
	case rerr != nil:
		return 0, rerr
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}

// readable tries the pipe once, without waiting, into fr's buffer: it reports whether fr now
// has bytes to read, or the pipe an error or its end for fr's next read to report.
func (r *pollSpinReader) readable(fr *FrameReader) bool {
	r.once = true
	_, err := fr.r.Peek(1)
	r.once = false
	return err != errNotReady
}

func (r *pollSpinReader) Read(p []byte) (int, error) {
	switch {
	case r.once:
		return r.readNow(p)
	case r.park || r.spin == 0:
		return r.f.Read(p) // waits in the poller, which honours the read deadline
	}
	var n int
	var rerr error
	first := true
	check := 31 // turns between clock reads: a read(2) takes about a microsecond
	if r.bell != nil {
		check = 1023 // a doorbell load takes nanoseconds
	}
	err := r.rc.Read(func(fd uintptr) bool {
		var until time.Time
		for i := 0; ; i++ {
			// With a doorbell, the pipe is tried on the first turn, every pipeTurns-th, and
			// once the worker rang for the awaited reply.
			if r.bell == nil || i&(pipeTurns-1) == 0 || r.bell.Load() == r.want {
				n, rerr = syscall.Read(int(fd), p)
				if rerr == syscall.EINTR {
					continue
				}
				if rerr != syscall.EAGAIN {
					return true
				}
				if !first {
					return false // woken by the poller for nothing: wait again
				}
			}
			if i&check != 0 {
				continue
			}
			if r.killed != nil && r.killed.Load() {
				rerr = errKilled
				return true
			}
			now := time.Now()
			if !r.deadline.IsZero() && now.After(r.deadline) {
				rerr = os.ErrDeadlineExceeded
				return true
			}
			if r.spin != SpinForever {
				if i == 0 {
					until = now.Add(r.spin)
				}
				if now.After(until) {
					first = false
					return false // park in the poller
				}
			}
		}
	})
	if err != nil {
		return 0, err
	}
	if rerr != nil {
		return 0, rerr
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}
