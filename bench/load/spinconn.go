package load

import (
	"net"
	"runtime"
	"time"

	"gpufn/netspin"
)

// Spin-waiting for answers. A goroutine that reads a socket with nothing in it parks in the
// Go runtime's network poller; when the answer comes, the poller must wake a thread (on a VM,
// often a halted vCPU) to run the goroutine again. At a low rate that wake-up is a measurable
// part of the client's round trip (on the H100 machine the 128 KiB echo took 0.105 ms
// serially and 0.386 ms at 25 requests/s). A spinConn polls its socket instead, with
// non-blocking reads, for up to the spin budget before it parks, so the goroutine that waits
// for an answer is running when the answer arrives; the mechanism is package netspin's, shared
// with the server's reads of its clients. At most the limiter's maximum goroutines spin at
// once (GOMAXPROCS-1, at least 1, by default: the generator leaves one processor to its
// scheduler); a read that finds every slot taken parks at once, as without spinning. A spinner
// costs one core at most, and only while an answer is awaited: the spin starts when a read
// finds nothing to read and ends at the answer, the budget, the connection's read deadline, or
// an error.

// newSpinLimiter returns a limiter of max spinners (<= 0: GOMAXPROCS-1, at least 1) and no
// budget (Client.SetSpinWait sets it).
func newSpinLimiter(max int) *netspin.Limiter {
	if max <= 0 {
		max = runtime.GOMAXPROCS(0) - 1
	}
	return netspin.NewLimiter(max)
}

// spinConn is a TCP connection whose Read spins (see above) when its limiter has a budget. Its
// other methods are the *net.TCPConn's own (ReadFrom, WriteTo, CloseWrite, ...), as fasthttp
// finds them on a plain connection; only the reads and the deadlines go through netspin.
type spinConn struct {
	*net.TCPConn
	spin *netspin.Conn
}

// newSpinConn wraps c (a *net.TCPConn; anything else is returned as it is).
func newSpinConn(c net.Conn, lim *netspin.Limiter) net.Conn {
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return c
	}
	sc, err := netspin.NewConn(tc, lim)
	if err != nil {
		return c
	}
	return &spinConn{TCPConn: tc, spin: sc}
}

func (c *spinConn) Read(p []byte) (int, error) { return c.spin.Read(p) }

// SetDeadline and SetReadDeadline tell the spins the read deadline: fasthttp sets one before
// every read of an answer, and a spin never runs past it.
func (c *spinConn) SetDeadline(t time.Time) error { return c.spin.SetDeadline(t) }

func (c *spinConn) SetReadDeadline(t time.Time) error { return c.spin.SetReadDeadline(t) }
