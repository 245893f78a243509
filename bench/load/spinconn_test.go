package load

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"runtime"
	"testing"
	"time"

	"gpufn/bench/internal/benchtest"
	"gpufn/netspin"
)

// The reads themselves (the same bytes and errors, deadlines, the bound) are package netspin's
// and tested there; these tests are the client's: its default bound, the wrapper fasthttp's
// dialer returns, and spin-waiting through the client.

// tcpPair returns the two ends of a loopback TCP connection: the client's passed through
// newSpinConn with lim, and the server's.
func tcpPair(t *testing.T, lim *netspin.Limiter) (net.Conn, *net.TCPConn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	s, err := ln.Accept() // the dial is done: the connection waits in the backlog
	if err != nil {
		c.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close(); s.Close() })
	return newSpinConn(c, lim), s.(*net.TCPConn)
}

// At most GOMAXPROCS-1 goroutines (at least 1) spin at once by default: the generator leaves a
// processor to its scheduler. ClientOptions.MaxSpinners overrides it.
func TestSpinLimiterDefault(t *testing.T) {
	want := max(runtime.GOMAXPROCS(0)-1, 1)
	for _, n := range []int{0, -3} {
		if d := newSpinLimiter(n).Max(); d != want {
			t.Errorf("newSpinLimiter(%d): bound %d; want %d", n, d, want)
		}
	}
	if d := newSpinLimiter(5).Max(); d != 5 {
		t.Errorf("newSpinLimiter(5): bound %d", d)
	}
	c, err := NewClient("http://127.0.0.1:1", ClientOptions{MaxSpinners: 3, SpinWait: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if c.spin.Max() != 3 || c.SpinWait() != time.Millisecond {
		t.Errorf("client: bound %d, budget %v; want 3, 1ms", c.spin.Max(), c.SpinWait())
	}
	if c.SetSpinWait(-time.Second); c.SpinWait() != 0 {
		t.Errorf("a negative spin wait: budget %v", c.SpinWait())
	}
}

// The dialer's wrapper: a TCP connection keeps its *net.TCPConn methods and reads through
// netspin; anything else is left as it is.
func TestSpinConnWrapsTCP(t *testing.T) {
	lim := newSpinLimiter(1)
	lim.SetBudget(time.Hour)
	c, s := tcpPair(t, lim)
	if _, ok := c.(*spinConn); !ok {
		t.Fatalf("a %T; want a *spinConn", c)
	}
	if _, ok := c.(interface {
		CloseWrite() error
		io.ReaderFrom
		io.WriterTo
	}); !ok {
		t.Fatal("the wrapper lost the TCP connection's methods")
	}
	go func() {
		// The read spins before anything is sent (the minute bounds a broken wrapper's wait).
		for deadline := time.Now().Add(time.Minute); lim.Active() == 0; runtime.Gosched() {
			if time.Now().After(deadline) {
				t.Error("waited a minute for the read to spin")
				break
			}
		}
		s.Write([]byte("answer"))
		s.Close()
	}()
	if got, err := io.ReadAll(c); err != nil || string(got) != "answer" {
		t.Fatalf("read %q, %v", got, err)
	}
	if lim.Spins() == 0 {
		t.Fatal("the wrapper's reads did not spin")
	}
	p, q := net.Pipe()
	defer p.Close()
	defer q.Close()
	if w := newSpinConn(p, lim); w != p {
		t.Fatalf("a net.Pipe wrapped in a %T", w)
	}
}

// A read deadline set through the wrapper (fasthttp sets one before each read of an answer,
// with SetReadDeadline or SetDeadline) ends a spin of a 10 s budget at the deadline, with the
// plain connection's timeout error: the wrapper hands it to the spin and to the connection both.
func TestSpinConnHonorsReadDeadline(t *testing.T) {
	for _, set := range []string{"SetReadDeadline", "SetDeadline"} {
		lim := newSpinLimiter(1)
		lim.SetBudget(10 * time.Second)
		c, _ := tcpPair(t, lim)
		start := time.Now()
		dl := start.Add(30 * time.Millisecond)
		if set == "SetDeadline" {
			c.SetDeadline(dl)
		} else {
			c.SetReadDeadline(dl)
		}
		got := make(chan error, 1)
		go func() {
			_, err := c.Read(make([]byte, 10))
			got <- err
		}()
		select {
		case err := <-got:
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("%s: the read returned %v after a deadline of 30 ms", set, d)
			}
			var ne net.Error
			var op *net.OpError
			if !errors.Is(err, os.ErrDeadlineExceeded) || !errors.As(err, &ne) || !ne.Timeout() || !errors.As(err, &op) || op.Op != "read" {
				t.Errorf("%s: %v; want a read timeout", set, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: the read ran 20 s past a deadline of 30 ms", set)
		}
		if lim.Spins() != 1 || lim.SpunOut() != 1 {
			t.Errorf("%s: spins %d, spun out %d; want 1, 1", set, lim.Spins(), lim.SpunOut())
		}
	}
}

// Through fasthttp: the same answers with and without spinning (large bodies), and a budget of
// 0 turns it off.
func TestSpinWaitThroughClient(t *testing.T) {
	f := benchtest.StartFake(t, echoHandler(1<<20))
	want := make([]byte, 300<<10)
	for _, spin := range []time.Duration{0, time.Hour} {
		c, err := NewClient(f.URL, ClientOptions{MaxConns: 8, SpinWait: spin})
		if err != nil {
			t.Fatal(err)
		}
		src := &callSource{c: Call{URI: c.URL("/echo?n=" + itoa(len(want))), Body: make([]byte, 200<<10), Check: func(out []byte) error {
			if !bytes.Equal(out, want) {
				return errWrong
			}
			return nil
		}}}
		r := ClosedLoop(context.Background(), c, src, RunConfig{}, 4, 40)
		if r.OK != 40 || r.Errors != 0 {
			t.Errorf("spin %v: ok %d errors %v", spin, r.OK, r.ErrorSamples)
		}
		if got := c.spin.Spins() > 0; got != (spin > 0) {
			t.Errorf("spin %v: spun %v", spin, got)
		}
		if r.SpinWaitMS != float64(spin)/1e6 {
			t.Errorf("SpinWaitMS %v", r.SpinWaitMS)
		}
		c.CloseIdle()
	}
}
