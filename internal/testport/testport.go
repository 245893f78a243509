// Package testport hands tests loopback ports that nothing else on the host is handed
// meanwhile.
//
// A port found by listening on port 0 and closing the listener comes from the kernel's
// ephemeral range, the range every other bind to port 0 draws from: between the test's choice
// and its server's listen, another server of the same test (an embedded nats-server's client
// port, an HTTP server) or of a test package running beside it may be given the same port,
// and the server then fails to listen. The ports handed out here lie below the ephemeral
// range, where the kernel never places a bind to port 0; each is checked free by listening on
// it, and a random start keeps test processes that run at once apart.
package testport

import (
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"
)

// lowest is the lowest port handed out: clear of the well-known and most registered
// services' ports.
const lowest = 10000

// Loopback returns n distinct ports free on 127.0.0.1 now and outside the kernel's ephemeral
// range. It fails the test when it cannot find them.
func Loopback(t testing.TB, n int) []int {
	t.Helper()
	ports, err := loopback(n, ephemeralLow())
	if err != nil {
		t.Fatal(err)
	}
	return ports
}

func loopback(n, below int) ([]int, error) {
	span := below - lowest
	if span < 4*n {
		return nil, fmt.Errorf("testport: only %d ports below the ephemeral range", span)
	}
	var ports []int
	start := rand.IntN(span)
	for i := 0; i < span && len(ports) < n; i++ {
		p := lowest + (start+i)%span
		ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(p)))
		if err != nil {
			continue
		}
		ln.Close()
		ports = append(ports, p)
	}
	if len(ports) < n {
		return nil, fmt.Errorf("testport: %d free ports wanted, %d found in %d..%d", n, len(ports), lowest, below-1)
	}
	return ports, nil
}

// ephemeralLow is the lowest port of Linux's ephemeral range (32768 where it cannot be read,
// Linux's and most systems' default lower bound or above).
func ephemeralLow() int {
	b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return 32768
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 32768
	}
	lo, err := strconv.Atoi(f[0])
	if err != nil || lo <= lowest {
		return 32768
	}
	return lo
}
