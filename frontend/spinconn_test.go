package frontend

import (
	"io"
	"net"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"gpufn/netspin"
)

// The reads themselves (spinning, parking, deadlines, errors, the bound) are package netspin's
// and tested there; these tests are the listener's: what it wraps, and with which limiter.

// spinPair returns a connection accepted by a spinning listener on network ("tcp" or "unix")
// and its client end.
func spinPair(t *testing.T, network string, spin time.Duration) (server net.Conn, client net.Conn, l *spinListener) {
	t.Helper()
	addr := "127.0.0.1:0"
	if network == "unix" {
		addr = filepath.Join(t.TempDir(), "s")
	}
	ln, err := net.Listen(network, addr)
	if err != nil {
		t.Fatal(err)
	}
	l = newSpinListener(ln, spin, nil)
	t.Cleanup(func() { l.Close() })
	client, err = net.Dial(network, ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	server, err = l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { server.Close() })
	return server, client, l
}

// The listener wraps the TCP and Unix connections it accepts, all within its one limiter of
// ConnSpinFor's budget, and their reads spin: they return what the client sends, then io.EOF.
func TestSpinListenerWraps(t *testing.T) {
	for _, network := range []string{"tcp", "unix"} {
		server, client, l := spinPair(t, network, time.Hour)
		sc, ok := server.(*netspin.Conn)
		if !ok {
			t.Fatalf("%s: accepted a %T, want a *netspin.Conn", network, server)
		}
		if sc.Limiter() != l.lim || l.lim.Budget() != time.Hour {
			t.Fatalf("%s: the connection's limiter is not the listener's, of budget ConnSpinFor (%v)", network, l.lim.Budget())
		}
		go func() {
			// The read spins before anything is sent (the minute bounds a broken listener's wait).
			for deadline := time.Now().Add(time.Minute); l.lim.Active() == 0; runtime.Gosched() {
				if time.Now().After(deadline) {
					t.Errorf("%s: waited a minute for the read to spin", network)
					break
				}
			}
			client.Write([]byte("spun"))
			client.Close()
		}()
		got, err := io.ReadAll(server)
		if err != nil || string(got) != "spun" {
			t.Fatalf("%s: read %q, %v", network, got, err)
		}
		if l.lim.Spins() == 0 || l.lim.Active() != 0 {
			t.Fatalf("%s: spins %d, active %d after the reads", network, l.lim.Spins(), l.lim.Active())
		}
	}
}

// At most a quarter of GOMAXPROCS reads spin at once, at least one: under load, when reads find
// their data at once anyway, spinning never takes more than that many threads from the work.
func TestSpinListenerSlots(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for procs, want := range map[int]int{1: 1, 4: 1, 7: 1, 8: 2, 16: 4, 64: 16} {
		runtime.GOMAXPROCS(procs)
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		l := newSpinListener(ln, 50*time.Microsecond, nil)
		ln.Close()
		if got := l.lim.Max(); got != want {
			t.Errorf("GOMAXPROCS %d: %d spinning slots; want %d", procs, got, want)
		}
	}
}
