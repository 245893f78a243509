// Package freeport finds loopback ports for servers to listen on that nothing else on the host
// is handed meanwhile.
//
// A port found by listening on port 0 and closing the listener comes from the kernel's
// ephemeral range, the range every other bind to port 0 draws from: between the choice and the
// server's listen, another server (or a client's connection) may be given the same port, and
// the server then fails to listen. The ports handed out here lie outside the ephemeral range
// (below it, or above it where there is no room below), where the kernel never places a bind
// to port 0; each is checked free by listening on it, and a random start keeps processes that
// choose at once apart. Where the range leaves no room outside it, ports come from anywhere
// above 10000 and Loopback says so: the race is possible again there. Tests use it through
// internal/testport; the bench through bench/proc, to start the servers it compares.
package freeport

import (
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
)

// lowest is the lowest port handed out: clear of the well-known and most registered
// services' ports.
const lowest = 10000

// Loopback returns n distinct ports free on 127.0.0.1 now, outside the kernel's ephemeral range
// where it leaves room (outside false: it leaves none, and the ports come from anywhere above
// 10000).
func Loopback(n int) (ports []int, outside bool, err error) {
	lo, hi := ephemeral()
	from, to, outside := span(n, lo, hi)
	ports, err = loopback(n, from, to)
	return ports, outside, err
}

// span is where n ports are taken from, [from, to): below the ephemeral range [lo, hi] if there
// is room for 4n there, else above it (outside: either), else anywhere from lowest.
func span(n, lo, hi int) (from, to int, outside bool) {
	switch {
	case lo-lowest >= 4*n:
		return lowest, lo, true
	case 65536-max(hi+1, lowest) >= 4*n:
		return max(hi+1, lowest), 65536, true
	}
	return lowest, 65536, false
}

// loopback finds n ports free on loopback in [from, to), starting at a random one.
func loopback(n, from, to int) ([]int, error) {
	size := to - from
	if size < n {
		return nil, fmt.Errorf("freeport: %d ports wanted from a span of %d", n, size)
	}
	var ports []int
	start := rand.IntN(size)
	for i := 0; i < size && len(ports) < n; i++ {
		p := from + (start+i)%size
		ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(p)))
		if err != nil {
			continue
		}
		ln.Close()
		ports = append(ports, p)
	}
	if len(ports) < n {
		return nil, fmt.Errorf("freeport: %d free ports wanted, %d found in %d..%d", n, len(ports), from, to-1)
	}
	return ports, nil
}

// ephemeral is Linux's ephemeral port range (32768-60999, its default, where it cannot be
// read).
func ephemeral() (lo, hi int) {
	b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return 32768, 60999
	}
	f := strings.Fields(string(b))
	if len(f) != 2 {
		return 32768, 60999
	}
	lo, err1 := strconv.Atoi(f[0])
	hi, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || lo < 1 || hi < lo || hi > 65535 {
		return 32768, 60999
	}
	return lo, hi
}
