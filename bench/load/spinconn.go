package load

import (
	"errors"
	"io"
	"net"
	"os"
	"runtime"
	"sync/atomic"
	"syscall"
	"time"
)

// Spin-waiting for answers. A goroutine that reads a socket with nothing in it parks in the
// Go runtime's network poller; when the answer comes, the poller must wake a thread (on a VM,
// often a halted vCPU) to run the goroutine again. At a low rate that wake-up is a measurable
// part of the client's round trip (on the H100 machine the 128 KiB echo took 0.105 ms
// serially and 0.386 ms at 25 requests/s). A spinConn polls its socket instead, with
// non-blocking reads, for up to the spin budget before it parks, so the goroutine that waits
// for an answer is running when the answer arrives. At most spinLimiter.max goroutines spin at
// once (GOMAXPROCS-1, at least 1, by default); a read that finds every slot taken parks at
// once, as without spinning. A spinner costs one core at most, and only while an answer is
// awaited: the spin starts when a read finds nothing to read and ends at the answer, the
// budget, the connection's read deadline, or an error.

// spinLimiter bounds the goroutines spinning at once and holds the spin budget. Its counters
// are for tests and diagnostics.
type spinLimiter struct {
	max    int32
	budget atomic.Int64 // ns; 0: no spinning
	active atomic.Int32
	peak   atomic.Int32
	spins  atomic.Int64 // reads that spun (took a slot)
	parked atomic.Int64 // reads that wanted to spin but found every slot taken
}

// newSpinLimiter returns a limiter of max spinners (<= 0: GOMAXPROCS-1, at least 1).
func newSpinLimiter(max int) *spinLimiter {
	if max <= 0 {
		max = runtime.GOMAXPROCS(0) - 1
	}
	if max < 1 {
		max = 1
	}
	return &spinLimiter{max: int32(max)}
}

func (l *spinLimiter) acquire() bool {
	for {
		n := l.active.Load()
		if n >= l.max {
			l.parked.Add(1)
			return false
		}
		if l.active.CompareAndSwap(n, n+1) {
			for {
				p := l.peak.Load()
				if n+1 <= p || l.peak.CompareAndSwap(p, n+1) {
					break
				}
			}
			l.spins.Add(1)
			return true
		}
	}
}

func (l *spinLimiter) release() { l.active.Add(-1) }

// spinConn is a TCP connection whose Read spins (see above) when its limiter has a budget.
// Everything else is the connection's own; the bytes read and the errors returned are the
// same as the plain connection's.
type spinConn struct {
	*net.TCPConn
	rc  syscall.RawConn
	lim *spinLimiter
	// deadline is the read deadline (Unix ns; 0: none), kept so that a spin never runs past
	// it. fasthttp sets one before every read of an answer.
	deadline atomic.Int64
}

// newSpinConn wraps c (a *net.TCPConn; anything else is returned as it is).
func newSpinConn(c net.Conn, lim *spinLimiter) net.Conn {
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return c
	}
	rc, err := tc.SyscallConn()
	if err != nil {
		return c
	}
	return &spinConn{TCPConn: tc, rc: rc, lim: lim}
}

func (c *spinConn) SetDeadline(t time.Time) error {
	c.setDeadline(t)
	return c.TCPConn.SetDeadline(t)
}

func (c *spinConn) SetReadDeadline(t time.Time) error {
	c.setDeadline(t)
	return c.TCPConn.SetReadDeadline(t)
}

func (c *spinConn) setDeadline(t time.Time) {
	if t.IsZero() {
		c.deadline.Store(0)
	} else {
		c.deadline.Store(t.UnixNano())
	}
}

// spinYieldEvery is how many empty polls a spinner makes between yields of its processor
// (runtime.Gosched): often enough that the goroutines queued behind it (the scheduler's next
// send, say, with a single processor) wait microseconds, rarely enough that the spinners do
// not contend on the Go scheduler's global lock.
const spinYieldEvery = 8

// maxRead is internal/poll's cap on one read of a stream.
const maxRead = 1 << 30

// errSpunOut ends a spin without a result: the plain read takes over.
var errSpunOut = errors.New("spun out")

// Read spins as described above, then reads as the plain connection does. While it spins it
// holds the descriptor's read lock, as a blocked read does: a Close from another goroutine
// waits for the spin to end (at most the budget; fasthttp ends a late answer by the read
// deadline, which the spin honors, not by closing).
func (c *spinConn) Read(p []byte) (int, error) {
	budget := time.Duration(c.lim.budget.Load())
	if budget <= 0 || len(p) == 0 {
		return c.TCPConn.Read(p)
	}
	if len(p) > maxRead {
		p = p[:maxRead] // as internal/poll caps a stream read
	}
	now := time.Now()
	end := now.Add(budget)
	if dl := c.deadline.Load(); dl != 0 {
		d := time.Unix(0, dl)
		if !now.Before(d) {
			return c.TCPConn.Read(p) // the plain read reports the deadline as it always does
		}
		if d.Before(end) {
			end = d
		}
	}
	var n int
	var rerr error
	spinning, polls := false, 0
	err := c.rc.Read(func(fd uintptr) bool {
		for {
			m, err := syscall.Read(int(fd), p)
			switch {
			case err == syscall.EINTR:
				continue
			case err == syscall.EAGAIN:
				if !spinning {
					if !c.lim.acquire() {
						rerr = errSpunOut
						return true
					}
					spinning = true
				}
				if polls++; polls%spinYieldEvery == 0 {
					runtime.Gosched()
				}
				if !time.Now().Before(end) {
					rerr = errSpunOut
					return true
				}
				continue
			case err != nil:
				rerr = err
			case m == 0:
				rerr = io.EOF
			}
			n = max(m, 0)
			return true
		}
	})
	if spinning {
		c.lim.release()
	}
	switch {
	case err != nil || rerr == errSpunOut:
		// The spin ended without a result (budget, deadline, no free slot), or the raw read
		// could not start (a closed connection, an expired deadline): the plain read waits
		// and reports exactly as it always does.
		return c.TCPConn.Read(p)
	case rerr == io.EOF:
		return 0, io.EOF
	case rerr != nil:
		// As net.(*conn).Read wraps a failed read(2).
		return 0, &net.OpError{Op: "read", Net: "tcp", Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: os.NewSyscallError("read", rerr)}
	}
	return n, nil
}
