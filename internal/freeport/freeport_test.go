package freeport

import (
	"net"
	"strconv"
	"testing"
)

func TestLoopbackOutsideTheEphemeralRange(t *testing.T) {
	lo, hi := ephemeral()
	ports, outside, err := Loopback(8)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, want := span(8, lo, hi); outside != want {
		t.Fatalf("outside %v for the range %d-%d", outside, lo, hi)
	}
	seen := map[int]bool{}
	for _, p := range ports {
		if outside && p >= lo && p <= hi {
			t.Fatalf("port %d inside the ephemeral range %d-%d", p, lo, hi)
		}
		if p < lowest {
			t.Fatalf("port %d below %d", p, lowest)
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

func TestSpan(t *testing.T) {
	for _, c := range []struct {
		n, lo, hi, from, to int
		outside             bool
	}{
		{4, 32768, 60999, lowest, 32768, true},  // Linux's default: below
		{4, 1024, 60999, 61000, 65536, true},    // no room below: above
		{4, 1024, 9999, lowest, 65536, true},    // all of it above
		{4, 1024, 65535, lowest, 65536, false},  // no room outside: anywhere
		{4, 10010, 65530, lowest, 65536, false}, // too little room on either side
	} {
		if from, to, outside := span(c.n, c.lo, c.hi); from != c.from || to != c.to || outside != c.outside {
			t.Errorf("span(%d, %d, %d) = %d, %d, %v; want %d, %d, %v", c.n, c.lo, c.hi, from, to, outside, c.from, c.to, c.outside)
		}
	}
}

func TestLoopbackSkipsAPortInUse(t *testing.T) {
	// A span of eight ports above 65000, which Loopback hands out only on a host whose
	// ephemeral range leaves no room below it: hold all of them but one.
	const from, to = 65520, 65528
	var held []net.Listener
	defer func() {
		for _, ln := range held {
			ln.Close()
		}
	}()
	var free int
	for p := from; p < to; p++ {
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
		t.Skip("no free port in the test's span")
	}
	ports, err := loopback(1, from, to)
	if err != nil {
		t.Fatal(err)
	}
	if ports[0] != free {
		t.Fatalf("got port %d, want the only free one, %d", ports[0], free)
	}
	if _, err := loopback(2, from, to); err == nil {
		t.Fatal("two ports found where one was free")
	}
}
