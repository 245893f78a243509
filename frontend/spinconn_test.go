package frontend

import (
	"errors"
	"io"
	"net"
	"os"
	"testing"
	"time"
)

// spinPair returns a connection accepted by a spinning listener and its client end.
func spinPair(t *testing.T, spin time.Duration) (server net.Conn, client net.Conn, l *spinListener) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l = newSpinListener(ln, spin)
	t.Cleanup(func() { l.Close() })
	client, err = net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	server, err = l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { server.Close() })
	if _, ok := server.(*spinConn); !ok {
		t.Fatalf("accepted a %T, want a *spinConn", server)
	}
	return server, client, l
}

// A spinning read returns what the peer sends, whether it comes while the read spins or after
// it parked, then the end of the stream as io.EOF, as net.Conn's Read does.
func TestSpinConnReads(t *testing.T) {
	for _, spin := range []time.Duration{time.Hour, time.Nanosecond} { // never parks; parks at once
		server, client, _ := spinPair(t, spin)
		go func() {
			client.Write([]byte("first"))
			time.Sleep(time.Millisecond) // the read spins or parks meanwhile: either way it gets it
			client.Write([]byte("second"))
			client.Close()
		}()
		got, err := io.ReadAll(server)
		if err != nil || string(got) != "firstsecond" {
			t.Fatalf("spin %v: read %q, %v", spin, got, err)
		}
		if n, err := server.Read(make([]byte, 8)); n != 0 || err != io.EOF {
			t.Fatalf("spin %v: a read after the end: %d, %v; want 0, io.EOF", spin, n, err)
		}
	}
}

// A read parked past its deadline fails as net.Conn's does (a net.Error that is a timeout,
// os.ErrDeadlineExceeded), and a read of a closed connection with net.ErrClosed; the reads give
// their spinning slot back.
func TestSpinConnDeadlineAndClose(t *testing.T) {
	server, _, l := spinPair(t, 100*time.Microsecond)
	server.SetReadDeadline(time.Now().Add(5 * time.Millisecond))
	_, err := server.Read(make([]byte, 8))
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() || !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("a read past its deadline: %v", err)
	}
	server.Close()
	if _, err := server.Read(make([]byte, 8)); !errors.Is(err, net.ErrClosed) {
		t.Fatalf("a read of a closed connection: %v", err)
	}
	if n := l.spinners.Load(); n != 0 {
		t.Fatalf("%d spinning slots held after the reads", n)
	}
}

// A read that has spun its time and parked gives its spinning slot back: an idle keep-alive
// connection's read (parked for its idle timeout) must not keep other connections from spinning.
func TestSpinConnParkedReadFreesItsSlot(t *testing.T) {
	server, client, l := spinPair(t, time.Microsecond)
	l.slots = 1
	got := make(chan error, 1)
	go func() {
		_, err := server.Read(make([]byte, 8))
		got <- err
	}()
	// The read parks once it has spun (nothing is sent before); then its slot is free again.
	waitUntil(t, "the read to park", func() bool { return l.parked.Load() == 1 })
	if n := l.spinners.Load(); n != 0 {
		t.Fatalf("a parked read holds a spinning slot (%d taken)", n)
	}
	if !l.enter() {
		t.Fatal("the slot of a parked read is still taken")
	}
	l.leave()
	client.Write([]byte("x"))
	if err := <-got; err != nil {
		t.Fatalf("the parked read: %v", err)
	}
	if n := l.spinners.Load(); n != 0 {
		t.Fatalf("%d spinning slots held after the read", n)
	}
}

// No more reads spin at once than the listener has slots; the others read as net.Conn does.
func TestSpinSlots(t *testing.T) {
	l := &spinListener{slots: 2}
	if !l.enter() || !l.enter() {
		t.Fatal("two slots: the first two reads may spin")
	}
	if l.enter() {
		t.Fatal("a third read spins with two slots")
	}
	l.leave()
	if !l.enter() {
		t.Fatal("a slot given back is not taken again")
	}
	if n := l.spinners.Load(); n != 2 {
		t.Fatalf("%d spinners; want 2", n)
	}
}
