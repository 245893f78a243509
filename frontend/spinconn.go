package frontend

import (
	"net"
	"runtime"
	"time"

	"gpufn/netspin"
)

// Busy-polling reads (Config.ConnSpinFor, --conn-spin-for; docs/engines.md "Polling"). A read
// that finds the socket empty normally parks its goroutine in Go's network poller, and the
// data's arrival then wakes a thread: on an idle host (a virtual machine's idle vCPU above all)
// that wake-up costs tens of microseconds, paid once or more per request (a request body that
// arrives in several segments, and the next request of a client that sends back to back). A
// spinning read instead tries the socket again for up to ConnSpinFor before it parks, as the
// engine's slots spin for their next invocation and the bench's client for its answers; the
// mechanism is package netspin's, shared with the bench's client. At most spinSlots reads spin
// at once (a quarter of GOMAXPROCS, at least one), so that under load, when reads find data at
// once anyway, spinning never takes more than that many threads from the work; the others park
// as before. With Config.ConnSpinWhile (the hybrid policy's engine.Waiters.Quiet) no read spins
// while the server is busy.

// spinSlots is how many reads of client connections spin at once: a quarter of GOMAXPROCS, at
// least one.
func spinSlots() int { return max(1, runtime.GOMAXPROCS(0)/4) }

// spinListener wraps the connections it accepts (TCP and Unix sockets) in netspin.Conn, all
// within one limiter.
type spinListener struct {
	net.Listener
	lim *netspin.Limiter
}

func newSpinListener(ln net.Listener, spin time.Duration, while func() bool) *spinListener {
	lim := netspin.NewLimiter(spinSlots())
	lim.SetBudget(spin)
	lim.SetGate(while)
	return &spinListener{Listener: ln, lim: lim}
}

func (l *spinListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	sc, err := netspin.NewConn(c, l.lim)
	if err != nil {
		return c, nil // no descriptor to poll: its reads park at once, as without spinning
	}
	return sc, nil
}
