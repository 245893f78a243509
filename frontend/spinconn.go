package frontend

import (
	"errors"
	"io"
	"net"
	"os"
	"runtime"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Busy-polling reads (Config.ConnSpinFor, --conn-spin-for; docs/engines.md "Polling"). A read
// that finds the socket empty normally parks its goroutine in Go's network poller, and the
// data's arrival then wakes a thread: on an idle host (a virtual machine's idle vCPU above all)
// that wake-up costs tens of microseconds, paid once or more per request (a request body that
// arrives in several segments, and the next request of a client that sends back to back). A
// spinning read instead tries the socket again for up to ConnSpinFor before it parks, as the
// engine's slots spin for their next invocation and the bench's client for its answers. At
// most spinSlots reads spin at once (a quarter of GOMAXPROCS, at least one), so that under
// load, when reads find data at once anyway, spinning never takes more than that many
// threads from the work; the others park as before.

// spinListener wraps the connections it accepts (TCP and Unix sockets) in spinConn.
type spinListener struct {
	net.Listener
	spin     time.Duration
	spinners atomic.Int32
	slots    int32
	parked   atomic.Uint64 // reads that spun their time, found nothing and parked
}

func newSpinListener(ln net.Listener, spin time.Duration) *spinListener {
	return &spinListener{Listener: ln, spin: spin, slots: int32(max(1, runtime.GOMAXPROCS(0)/4))}
}

func (l *spinListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	sc, ok := c.(syscall.Conn)
	if !ok {
		return c, nil
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return c, nil
	}
	return &spinConn{Conn: c, raw: raw, l: l}, nil
}

// enter takes a spinning slot; false when all are taken.
func (l *spinListener) enter() bool {
	if l.spinners.Add(1) > l.slots {
		l.spinners.Add(-1)
		return false
	}
	return true
}

func (l *spinListener) leave() { l.spinners.Add(-1) }

// spinConn is a connection whose Read spins on an empty socket before it parks.
type spinConn struct {
	net.Conn
	raw syscall.RawConn
	l   *spinListener
}

func (c *spinConn) Read(p []byte) (int, error) {
	if len(p) == 0 || !c.l.enter() {
		return c.Conn.Read(p)
	}
	var (
		n     int
		rerr  error
		start time.Time
		done  bool // spun for ConnSpinFor and gave the slot back: a read that finds nothing parks
	)
	err := c.raw.Read(func(fd uintptr) bool {
		for i := 0; ; i++ {
			n, rerr = unix.Read(int(fd), p)
			switch {
			case rerr == unix.EINTR:
				continue
			case rerr != unix.EAGAIN:
				return true // data, the end of the stream, or an error
			case done:
				return false
			case i == 0:
				start = time.Now()
			case i&15 == 0:
				if time.Since(start) >= c.l.spin {
					done = true
					c.l.leave() // parked, it spins no more: another read may
					c.l.parked.Add(1)
					return false // park until the socket is readable
				}
				runtime.Gosched() // let the other goroutines of this P run meanwhile
			}
		}
	})
	if !done {
		c.l.leave()
	}
	switch {
	case err != nil: // the deadline passed or the connection was closed while parked
		return 0, c.opError(err)
	case rerr != nil:
		return 0, c.opError(os.NewSyscallError("read", rerr))
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}

// opError wraps err as net.Conn's Read does, so that callers tell timeouts (net.Error) and a
// closed connection (net.ErrClosed) as they would from it. The raw connection's own errors
// are net.OpErrors already ("raw-read"): they are named as a read.
func (c *spinConn) opError(err error) error {
	if errors.Is(err, io.EOF) {
		return err
	}
	var oe *net.OpError
	if errors.As(err, &oe) {
		oe.Op = "read"
		return oe
	}
	return &net.OpError{Op: "read", Net: c.LocalAddr().Network(), Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: err}
}
