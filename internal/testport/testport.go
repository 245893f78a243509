// Package testport hands tests loopback ports that nothing else on the host is handed
// meanwhile.
//
// A port found by listening on port 0 and closing the listener comes from the kernel's
// ephemeral range, the range every other bind to port 0 draws from: between the test's choice
// and its server's listen, another server of the same test (an embedded nats-server's client
// port, an HTTP server) or of a test package running beside it may be given the same port,
// and the server then fails to listen. The ports handed out here lie outside the ephemeral
// range (below it, or above it where there is no room below), where the kernel never places a
// bind to port 0; each is checked free by listening on it, and a random start keeps test
// processes that run at once apart. Where the range leaves no room outside it, ports come from
// anywhere above 10000 and the test says so in its log: the race is possible again there.
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

// Loopback returns n distinct ports free on 127.0.0.1 now, outside the kernel's ephemeral range
// where it leaves room. It fails the test when it cannot find them.
func Loopback(t testing.TB, n int) []int {
	t.Helper()
	lo, hi := ephemeral()
	from, to := span(n, lo, hi)
	if from == lowest && to == 65536 {
		t.Logf("testport: the ephemeral range %d-%d leaves no room for %d ports outside it: another bind to port 0 may take one", lo, hi, n)
	}
	ports, err := loopback(n, from, to)
	if err != nil {
		t.Fatal(err)
	}
	return ports
}

// span is where n ports are taken from, [from, to): below the ephemeral range [lo, hi] if there
// is room for 4n there, else above it, else anywhere from lowest.
func span(n, lo, hi int) (from, to int) {
	switch {
	case lo-lowest >= 4*n:
		return lowest, lo
	case 65535-hi >= 4*n:
		return max(hi+1, lowest), 65536
	}
	return lowest, 65536
}

// loopback finds n ports free on loopback in [from, to), starting at a random one.
func loopback(n, from, to int) ([]int, error) {
	size := to - from
	if size < n {
		return nil, fmt.Errorf("testport: %d ports wanted from a span of %d", n, size)
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
		return nil, fmt.Errorf("testport: %d free ports wanted, %d found in %d..%d", n, len(ports), from, to-1)
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
