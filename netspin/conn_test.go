package netspin

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"
)

// tcpPair returns the two ends of a loopback TCP connection: the dialer's wrapped in a Conn
// with lim (nil: plain), and the acceptor's.
func tcpPair(t *testing.T, lim *Limiter) (net.Conn, *net.TCPConn) {
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
		sc, err := NewConn(c, lim)
		if err != nil {
			t.Fatal(err)
		}
		c = sc
	}
	return c, s.(*net.TCPConn)
}

// spinning returns a limiter of max slots and the budget given.
func spinning(budget time.Duration, max int) *Limiter {
	l := NewLimiter(max)
	l.SetBudget(budget)
	return l
}

// eventually polls cond, yielding the processor between polls, and fails the test (without
// stopping it: any goroutine may call it) when a minute passes first. The minute bounds only
// the hang of a broken mechanism, whose spins of an hour would otherwise never end.
func eventually(t *testing.T, what string, cond func() bool) bool {
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Errorf("waited a minute for %s", what)
			return false
		}
		runtime.Gosched()
	}
	return true
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

// A spinning read returns what the peer sends, whether it comes while the read spins or after
// it parked, then the end of the stream as io.EOF, as net.Conn's Read does.
func TestReads(t *testing.T) {
	for _, spin := range []time.Duration{time.Hour, time.Nanosecond} { // never parks; parks at once
		lim := spinning(spin, 1)
		c, s := tcpPair(t, lim)
		go func() {
			s.Write([]byte("first"))
			time.Sleep(time.Millisecond) // the read spins or parks meanwhile: either way it gets it
			s.Write([]byte("second"))
			s.Close()
		}()
		got, err := io.ReadAll(c)
		if err != nil || string(got) != "firstsecond" {
			t.Fatalf("spin %v: read %q, %v", spin, got, err)
		}
		if n, err := c.Read(make([]byte, 8)); n != 0 || err != io.EOF {
			t.Fatalf("spin %v: a read after the end: %d, %v; want 0, io.EOF", spin, n, err)
		}
		if n := lim.Active(); n != 0 {
			t.Fatalf("spin %v: %d spinning slots held after the reads", spin, n)
		}
	}
}

// The bytes read are the bytes sent, with and without spinning, whatever the sizes of the
// writes and of the reads. The server writes in pieces, and (when spinning) writes the next
// only once the reader has found the socket empty and started to spin again, so that every
// piece ends a spin.
func TestSameBytes(t *testing.T) {
	data := make([]byte, 3<<20+17)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	for _, tc := range []struct {
		name  string
		lim   *Limiter
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
						spins = tc.lim.Spins()
					}
					n := min(len(rest), 1+k*7919%(200<<10))
					if _, err := s.Write(rest[:n]); err != nil {
						return
					}
					rest = rest[n:]
					if tc.lim != nil && len(rest) > 0 && !eventually(t, "the reader to spin again", func() bool { return tc.lim.Spins() != spins }) {
						s.Close() // the reader fails at the end of the stream
						return
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
			if tc.lim != nil && tc.lim.Spins() < 2 {
				t.Errorf("%d reads spun", tc.lim.Spins())
			}
		})
	}
}

// readErr reads once from a fresh pair after f has acted on the server's end.
func readErr(t *testing.T, lim *Limiter, f func(s *net.TCPConn)) (int, error) {
	c, s := tcpPair(t, lim)
	f(s)
	return c.Read(make([]byte, 100))
}

// A server that closes gives io.EOF, and one that resets gives the plain connection's error.
func TestEOFAndReset(t *testing.T) {
	for _, lim := range []*Limiter{nil, spinning(time.Hour, 1)} {
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
				eventually(t, "the read to spin", func() bool { return lim.Active() > 0 })
			}
			s.Close()
		}(s)
		if n, err := c.Read(make([]byte, 10)); n != 0 || err != io.EOF {
			t.Errorf("spin %v: closed while waiting: %d, %v", lim != nil, n, err)
		}
	}
	// A reset (SO_LINGER 0): the same error, plain or spinning.
	var errs []error
	for _, lim := range []*Limiter{nil, spinning(time.Hour, 1)} {
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
// timeout error (fasthttp sets one before each read), at the deadline, not at the budget's end.
func TestHonorsReadDeadline(t *testing.T) {
	for _, lim := range []*Limiter{nil, spinning(10*time.Second, 1)} {
		c, _ := tcpPair(t, lim)
		start := time.Now()
		if err := c.SetReadDeadline(start.Add(30 * time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		_, err := c.Read(make([]byte, 10))
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("spin %v: the read returned %v after a deadline of 30 ms", lim != nil, d)
		}
		var ne net.Error
		var op *net.OpError
		if !errors.Is(err, os.ErrDeadlineExceeded) || !errors.As(err, &ne) || !ne.Timeout() || !errors.As(err, &op) || op.Op != "read" {
			t.Errorf("spin %v: %v; want a read timeout", lim != nil, err)
		}
		if lim != nil && (lim.Spins() != 1 || lim.SpunOut() != 1) {
			t.Errorf("spins %d, spun out %d; want 1, 1", lim.Spins(), lim.SpunOut())
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

// A read parked past its deadline (its spin ended first) fails as net.Conn's does (a net.Error
// that is a timeout, os.ErrDeadlineExceeded), and a read of a closed connection with
// net.ErrClosed; the reads give their spinning slot back.
func TestDeadlineAfterParkingAndClose(t *testing.T) {
	lim := spinning(100*time.Microsecond, 1)
	c, _ := tcpPair(t, lim)
	c.SetReadDeadline(time.Now().Add(5 * time.Millisecond))
	_, err := c.Read(make([]byte, 8))
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() || !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("a read past its deadline: %v", err)
	}
	c.Close()
	if _, err := c.Read(make([]byte, 8)); !errors.Is(err, net.ErrClosed) {
		t.Fatalf("a read of a closed connection: %v", err)
	}
	if n := lim.Active(); n != 0 {
		t.Fatalf("%d spinning slots held after the reads", n)
	}
}

// A read that has spun its time and parked gives its spinning slot back: an idle keep-alive
// connection's read (parked for its idle timeout) must not keep other connections from spinning.
func TestParkedReadFreesItsSlot(t *testing.T) {
	lim := spinning(time.Microsecond, 1)
	c, s := tcpPair(t, lim)
	got := make(chan error, 1)
	go func() {
		_, err := c.Read(make([]byte, 8))
		got <- err
	}()
	// The read parks once it has spun (nothing is sent before); then its slot is free again.
	if !eventually(t, "the read to park", func() bool { return lim.SpunOut() == 1 }) {
		t.FailNow()
	}
	if n := lim.Active(); n != 0 {
		t.Fatalf("a parked read holds a spinning slot (%d taken)", n)
	}
	if !lim.Acquire() {
		t.Fatal("the slot of a parked read is still taken")
	}
	lim.Release()
	s.Write([]byte("x"))
	if err := <-got; err != nil {
		t.Fatalf("the parked read: %v", err)
	}
	if n := lim.Active(); n != 0 {
		t.Fatalf("%d spinning slots held after the read", n)
	}
}

// No more goroutines spin at once than the limiter allows; the others park (and still get
// their bytes). No timing: the server answers once the limiter's slots are seen taken and
// the extra readers have been turned away.
func TestBound(t *testing.T) {
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
	// Wait until both slots are taken and the other readers were turned away; then answer
	// all, so that no read spins on (for its hour) whatever the wait found.
	eventually(t, "two spinners and four readers turned away", func() bool {
		return lim.Active() >= slots && lim.Refused() >= readers-slots
	})
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
	if p := lim.Peak(); p != slots {
		t.Errorf("peak spinners %d; want %d", p, slots)
	}
	if a := lim.Active(); a != 0 {
		t.Errorf("%d still counted as spinning", a)
	}
}

// A budget of 0 turns spinning off: the reads are the plain connection's and take no slot.
func TestNoBudgetNoSpin(t *testing.T) {
	lim := spinning(0, 1)
	c, s := tcpPair(t, lim)
	go func() { time.Sleep(time.Millisecond); s.Write([]byte("x")); s.Close() }()
	if got, err := io.ReadAll(c); err != nil || string(got) != "x" {
		t.Fatalf("read %q, %v", got, err)
	}
	if lim.Spins() != 0 || lim.Refused() != 0 {
		t.Fatalf("spins %d, refused %d without a budget", lim.Spins(), lim.Refused())
	}
}

// A Unix socket spins as a TCP one does (the server accepts both), and a connection without a
// descriptor is refused.
func TestUnixAndNoDescriptor(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s")
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	lim := spinning(time.Hour, 1)
	go func() {
		s, err := ln.Accept()
		if err != nil {
			return
		}
		eventually(t, "the read to spin", func() bool { return lim.Active() > 0 }) // before anything is sent
		s.Write([]byte("unix"))
		s.Close()
	}()
	raw, err := net.Dial("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	c, err := NewConn(raw, lim)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(c); err != nil || string(got) != "unix" {
		t.Fatalf("read %q, %v", got, err)
	}
	if lim.Spins() == 0 {
		t.Fatal("no read spun")
	}
	p, q := net.Pipe()
	defer p.Close()
	defer q.Close()
	if _, err := NewConn(p, lim); err == nil {
		t.Fatal("a net.Pipe wrapped")
	}
}
