package load

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"gpufn/bench/internal/benchtest"
)

// tcpPair returns the two ends of a loopback TCP connection: the client's wrapped in a spinConn
// with lim (nil: plain), and the server's.
func tcpPair(t *testing.T, lim *spinLimiter) (net.Conn, *net.TCPConn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	acc := make(chan net.Conn, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			acc <- nil
			return
		}
		acc <- c
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	s := <-acc
	if s == nil {
		t.Fatal("accept failed")
	}
	t.Cleanup(func() { c.Close(); s.Close() })
	if lim != nil {
		c = newSpinConn(c, lim)
		if _, ok := c.(*spinConn); !ok {
			t.Fatal("not wrapped")
		}
	}
	return c, s.(*net.TCPConn)
}

func spinning(budget time.Duration, max int) *spinLimiter {
	l := newSpinLimiter(max)
	l.budget.Store(int64(budget))
	return l
}

// readAllSplit reads n bytes in reads of at most chunk bytes.
func readAllSplit(c net.Conn, n, chunk int) ([]byte, error) {
	out := make([]byte, 0, n)
	buf := make([]byte, chunk)
	for len(out) < n {
		k, err := c.Read(buf[:min(chunk, n-len(out))])
		out = append(out, buf[:k]...)
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// The bytes read are the bytes sent, with and without spinning, whatever the sizes of the
// writes and of the reads. The server writes in pieces, and (when spinning) writes the next
// only once the reader has found the socket empty and started to spin again, so that every
// piece ends a spin.
func TestSpinConnSameBytes(t *testing.T) {
	data := make([]byte, 3<<20+17)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	for _, tc := range []struct {
		name  string
		lim   *spinLimiter
		chunk int
	}{
		{"plain", nil, 64 << 10},
		{"spin-small-reads", spinning(time.Hour, 1), 1000},
		{"spin-large-reads", spinning(time.Hour, 1), 1 << 20},
		{"spin-short-budget", spinning(time.Microsecond, 1), 4096},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, s := tcpPair(t, tc.lim)
			go func() {
				rest := data
				for k := 0; len(rest) > 0; k++ {
					var spins int64
					if tc.lim != nil {
						spins = tc.lim.spins.Load()
					}
					n := min(len(rest), 1+k*7919%(200<<10))
					if _, err := s.Write(rest[:n]); err != nil {
						return
					}
					rest = rest[n:]
					for tc.lim != nil && len(rest) > 0 && tc.lim.spins.Load() == spins {
						runtime.Gosched()
					}
				}
			}()
			got, err := readAllSplit(c, len(data), tc.chunk)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, data) {
				t.Fatal("bytes differ")
			}
			if tc.lim != nil && tc.lim.spins.Load() < 2 {
				t.Errorf("%d reads spun", tc.lim.spins.Load())
			}
		})
	}
}

// readErr reads once from a fresh pair after f has acted on the server's end.
func readErr(t *testing.T, lim *spinLimiter, f func(s *net.TCPConn)) (int, error) {
	c, s := tcpPair(t, lim)
	f(s)
	return c.Read(make([]byte, 100))
}

// A server that closes gives io.EOF, and one that resets gives the plain connection's error.
func TestSpinConnEOFAndReset(t *testing.T) {
	for _, lim := range []*spinLimiter{nil, spinning(time.Hour, 1)} {
		// Data then close: the data, then EOF.
		c, s := tcpPair(t, lim)
		go func(s *net.TCPConn) { s.Write([]byte("last words")); s.Close() }(s)
		got, err := io.ReadAll(c)
		if err != nil || string(got) != "last words" {
			t.Errorf("spin %v: %q, %v", lim != nil, got, err)
		}
		n, err := c.Read(make([]byte, 10))
		if n != 0 || err != io.EOF {
			t.Errorf("spin %v: after EOF: %d, %v", lim != nil, n, err)
		}
		// Close while the reader waits (spins, with a budget of an hour).
		c, s = tcpPair(t, lim)
		go func(s *net.TCPConn) {
			if lim != nil {
				for lim.active.Load() == 0 {
					runtime.Gosched()
				}
			}
			s.Close()
		}(s)
		if n, err := c.Read(make([]byte, 10)); n != 0 || err != io.EOF {
			t.Errorf("spin %v: closed while waiting: %d, %v", lim != nil, n, err)
		}
	}
	// A reset (SO_LINGER 0): the same error, plain or spinning.
	var errs []error
	for _, lim := range []*spinLimiter{nil, spinning(time.Hour, 1)} {
		_, err := readErr(t, lim, func(s *net.TCPConn) { s.SetLinger(0); s.Close() })
		errs = append(errs, err)
	}
	var op0, op1 *net.OpError
	if !errors.As(errs[0], &op0) || !errors.As(errs[1], &op1) {
		t.Fatalf("errors %#v, %#v; want *net.OpError", errs[0], errs[1])
	}
	if op0.Op != op1.Op || op0.Net != op1.Net || op0.Err.Error() != op1.Err.Error() || !errors.Is(errs[1], syscall.ECONNRESET) {
		t.Errorf("plain %v; spinning %v", errs[0], errs[1])
	}
}

// A read deadline that falls within the spin ends the read with the plain connection's
// timeout error (fasthttp sets one before each read of an answer).
func TestSpinConnHonorsReadDeadline(t *testing.T) {
	for _, lim := range []*spinLimiter{nil, spinning(time.Hour, 1)} {
		c, _ := tcpPair(t, lim)
		if err := c.SetReadDeadline(time.Now().Add(30 * time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		_, err := c.Read(make([]byte, 10))
		var ne net.Error
		var op *net.OpError
		if !errors.Is(err, os.ErrDeadlineExceeded) || !errors.As(err, &ne) || !ne.Timeout() || !errors.As(err, &op) || op.Op != "read" {
			t.Errorf("spin %v: %v; want a read timeout", lim != nil, err)
		}
		if lim != nil && lim.spins.Load() != 1 {
			t.Errorf("spins %d; want 1", lim.spins.Load())
		}
		// SetDeadline too; and a deadline already past.
		c.SetDeadline(time.Now().Add(-time.Second))
		if _, err := c.Read(make([]byte, 10)); !errors.Is(err, os.ErrDeadlineExceeded) {
			t.Errorf("spin %v: past deadline: %v", lim != nil, err)
		}
		// A cleared deadline: data is read.
		c.SetDeadline(time.Time{})
	}
}

// No more goroutines spin at once than the limiter allows; the others park (and still get
// their bytes). No timing: the server answers once the limiter's slots are seen taken and
// the extra readers have been turned away.
func TestSpinConnBound(t *testing.T) {
	const readers, slots = 6, 2
	lim := spinning(time.Hour, slots)
	var wg sync.WaitGroup
	servers := make([]*net.TCPConn, readers)
	errs := make(chan error, readers)
	for i := range readers {
		c, s := tcpPair(t, lim)
		servers[i] = s
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := readAllSplit(c, 5, 5)
			if err == nil && string(got) != "hello" {
				err = errors.New("wrong bytes " + string(got))
			}
			errs <- err
		}()
	}
	// Wait until both slots are taken and the other readers were turned away.
	for lim.active.Load() < slots || lim.parked.Load() < readers-slots {
		runtime.Gosched()
	}
	for _, s := range servers {
		s.Write([]byte("hello"))
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if p := lim.peak.Load(); p != slots {
		t.Errorf("peak spinners %d; want %d", p, slots)
	}
	if a := lim.active.Load(); a != 0 {
		t.Errorf("%d still counted as spinning", a)
	}
	if d := newSpinLimiter(0).max; d != int32(max(runtime.GOMAXPROCS(0)-1, 1)) {
		t.Errorf("default bound %d", d)
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
		if got := c.spin.spins.Load() > 0; got != (spin > 0) {
			t.Errorf("spin %v: spun %v", spin, got)
		}
		if r.SpinWaitMS != float64(spin)/1e6 {
			t.Errorf("SpinWaitMS %v", r.SpinWaitMS)
		}
		c.CloseIdle()
	}
}
