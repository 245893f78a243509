package netspin

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"sync/atomic"
	"syscall"
	"time"
)

// Conn is a connection whose Read spins (see the package comment) while its limiter has a
// budget. Everything else is the connection's own; the bytes read and the errors returned are
// the same as the plain connection's.
type Conn struct {
	net.Conn
	raw syscall.RawConn
	lim *Limiter
	// deadline is the read deadline (Unix ns; 0: none), kept so that a spin never runs past
	// it: fasthttp sets one before every read, the server's of a request and the client's of
	// an answer.
	deadline atomic.Int64
}

// NewConn wraps c, whose descriptor it reads: c must be a syscall.Conn (a *net.TCPConn or a
// *net.UnixConn). The reads of all the connections of lim spin within its one bound.
func NewConn(c net.Conn, lim *Limiter) (*Conn, error) {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return nil, fmt.Errorf("netspin: a %T has no descriptor to poll", c)
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return nil, err
	}
	return &Conn{Conn: c, raw: raw, lim: lim}, nil
}

// Limiter returns the limiter the connection's reads spin within.
func (c *Conn) Limiter() *Limiter { return c.lim }

// SetDeadline sets the connection's deadlines, and keeps the read deadline for the spins.
func (c *Conn) SetDeadline(t time.Time) error {
	c.setDeadline(t)
	return c.Conn.SetDeadline(t)
}

// SetReadDeadline sets the connection's read deadline, and keeps it for the spins.
func (c *Conn) SetReadDeadline(t time.Time) error {
	c.setDeadline(t)
	return c.Conn.SetReadDeadline(t)
}

func (c *Conn) setDeadline(t time.Time) {
	if t.IsZero() {
		c.deadline.Store(0)
	} else {
		c.deadline.Store(t.UnixNano())
	}
}

// yieldEvery is how many empty polls a spinner makes between yields of its processor
// (runtime.Gosched): often enough that the goroutines queued behind it (the next send of the
// load generator's scheduler, say, with a single processor) wait microseconds, rarely enough
// that the spinners do not contend on the Go scheduler's global lock.
const yieldEvery = 8

// maxRead is internal/poll's cap on one read of a stream.
const maxRead = 1 << 30

// errSpunOut ends a spin without a result: the plain read takes over.
var errSpunOut = errors.New("spun out")

// Read spins as the package comment describes, then reads as the plain connection does. While
// it spins it holds the descriptor's read lock, as a blocked read does: a Close from another
// goroutine waits for the spin to end (at most the budget; fasthttp ends a late read by the
// read deadline, which the spin honors, not by closing).
func (c *Conn) Read(p []byte) (int, error) {
	budget := c.lim.Budget()
	if budget <= 0 || len(p) == 0 {
		return c.Conn.Read(p)
	}
	if len(p) > maxRead {
		p = p[:maxRead] // as internal/poll caps a stream read
	}
	var (
		n        int
		rerr     error
		spinning bool
		polls    int
		end      time.Time
	)
	err := c.raw.Read(func(fd uintptr) bool {
		for {
			m, err := syscall.Read(int(fd), p)
			switch {
			case err == syscall.EINTR:
				continue
			case err == syscall.EAGAIN && !spinning:
				// The socket is empty: the spin starts, if a slot is free, and ends at the
				// budget or the read deadline, whichever comes first. A deadline already past
				// is the plain read's to report.
				now := time.Now()
				end = now.Add(budget)
				if dl := c.deadline.Load(); dl != 0 && dl < end.UnixNano() {
					end = time.Unix(0, dl)
				}
				if !now.Before(end) || !c.lim.Acquire() {
					rerr = errSpunOut
					return true
				}
				spinning = true
				continue
			case err == syscall.EAGAIN:
				if polls++; polls%yieldEvery == 0 {
					runtime.Gosched() // let the other goroutines of this processor run meanwhile
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
		// The slot goes back before a read that spun out parks: a read parked for long (an
		// idle keep-alive connection's) must not keep other connections from spinning.
		c.lim.Release()
		if rerr == errSpunOut {
			c.lim.spunOut.Add(1)
		}
	}
	switch {
	case err != nil || rerr == errSpunOut:
		// The spin ended without a result (budget, deadline, no free slot), or the raw read
		// could not start (a closed connection, an expired deadline): the plain read waits
		// and reports exactly as it always does.
		return c.Conn.Read(p)
	case rerr == io.EOF:
		return 0, io.EOF
	case rerr != nil:
		// As net.(*conn).Read wraps a failed read(2).
		return 0, &net.OpError{Op: "read", Net: c.LocalAddr().Network(), Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: os.NewSyscallError("read", rerr)}
	}
	return n, nil
}
