package testport

import (
	"net"
	"strconv"
	"testing"
)

func TestLoopbackBelowTheEphemeralRange(t *testing.T) {
	low := ephemeralLow()
	ports := Loopback(t, 8)
	seen := map[int]bool{}
	for _, p := range ports {
		if p < lowest || p >= low {
			t.Fatalf("port %d outside %d..%d", p, lowest, low-1)
		}
		if seen[p] {
			t.Fatalf("port %d handed out twice: %v", p, ports)
		}
		seen[p] = true
		ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(p)))
		if err != nil {
			t.Fatalf("port %d is not free: %v", p, err)
		}
		ln.Close()
	}
}

func TestLoopbackSkipsAPortInUse(t *testing.T) {
	// Hold every port of a tiny range but one: the one left is the only answer.
	var held []net.Listener
	defer func() {
		for _, ln := range held {
			ln.Close()
		}
	}()
	var free int
	for p := lowest; p < lowest+8; p++ {
		ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(p)))
		if err != nil {
			continue // already in use: as good as held
		}
		if free == 0 {
			free = p
			ln.Close()
			continue
		}
		held = append(held, ln)
	}
	if free == 0 {
		t.Skip("no free port in the test's range")
	}
	ports, err := loopback(1, lowest+8)
	if err != nil {
		t.Fatal(err)
	}
	if ports[0] != free {
		t.Fatalf("got port %d, want the only free one, %d", ports[0], free)
	}
	if _, err := loopback(2, lowest+8); err == nil {
		t.Fatal("two ports found where one was free")
	}
}
