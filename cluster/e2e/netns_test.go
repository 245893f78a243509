package e2e

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The test network: every namespace's name starts with nsPrefix.
const (
	nsPrefix = "gpufn-e2e-"
	nsBridge = nsPrefix + "br" // holds both bridges
	nsLB     = nsPrefix + "lb" // HAProxy, 10.77.0.2
	nsLoad   = nsPrefix + "lg" // the load generator, 10.77.0.3
)

func nodeNS(i int) string     { return fmt.Sprintf("%sn%d", nsPrefix, i) }
func nodeHTTP(i int) string   { return fmt.Sprintf("10.77.0.%d:8080", 10+i) }
func nodeRoute(i int) string  { return fmt.Sprintf("10.77.1.%d:6222", 10+i) }
func balancerURL() string     { return "http://10.77.0.2:8080" }
func nodeURL(i int) string    { return "http://" + nodeHTTP(i) }
func ip(args ...string) error { return run("ip", args...) }

func run(name string, args ...string) error {
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, bytes.TrimSpace(out))
	}
	return nil
}

// sweep removes the namespaces a run left behind (a crashed or killed test).
func sweep() {
	out, _ := exec.Command("ip", "netns", "list").Output()
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(f[0], nsPrefix) {
			ip("netns", "del", f[0])
		}
	}
}

// network builds the namespaces: two bridges in nsBridge (br-svc for HTTP, br-cl for routes),
// each node with a leg on both, the balancer and the load generator on br-svc. It skips the
// test where namespaces cannot be made.
func network(t *testing.T, nodes int) {
	if os.Getenv("GPUFN_NETNS") != "1" {
		t.Skip("the cluster harness runs with GPUFN_NETNS=1 (make test-cluster): it needs root, ip netns and haproxy")
	}
	if os.Geteuid() != 0 {
		t.Skip("not root: no network namespaces")
	}
	if _, err := exec.LookPath("haproxy"); err != nil {
		t.Skip("no haproxy (scripts/install-haproxy.sh installs it)")
	}
	sweep()
	if err := ip("netns", "add", nsBridge); err != nil {
		t.Skipf("cannot make a network namespace: %v", err)
	}
	t.Cleanup(sweep)
	must := func(args ...string) {
		t.Helper()
		if err := ip(args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, br := range []string{"br-svc", "br-cl"} {
		must("-n", nsBridge, "link", "add", br, "type", "bridge")
		must("-n", nsBridge, "link", "set", br, "up")
	}
	leg := func(ns, port, ifname, br, addr string) {
		must("-n", nsBridge, "link", "add", port, "type", "veth", "peer", "name", ifname, "netns", ns)
		must("-n", nsBridge, "link", "set", port, "master", br, "up")
		must("-n", ns, "addr", "add", addr+"/24", "dev", ifname)
		must("-n", ns, "link", "set", ifname, "up")
	}
	for _, ns := range []string{nsLB, nsLoad} {
		must("netns", "add", ns)
		must("-n", ns, "link", "set", "lo", "up")
	}
	leg(nsLB, "s-lb", "svc0", "br-svc", "10.77.0.2")
	leg(nsLoad, "s-lg", "svc0", "br-svc", "10.77.0.3")
	for i := 1; i <= nodes; i++ {
		must("netns", "add", nodeNS(i))
		must("-n", nodeNS(i), "link", "set", "lo", "up")
		leg(nodeNS(i), fmt.Sprintf("s-n%d", i), "svc0", "br-svc", fmt.Sprintf("10.77.0.%d", 10+i))
		leg(nodeNS(i), fmt.Sprintf("c-n%d", i), "cl0", "br-cl", fmt.Sprintf("10.77.1.%d", 10+i))
	}
}

// cut takes node i's leg on the routes' bridge down (a partition: its HTTP leg stays up), or
// up again.
func cut(t *testing.T, i int, down bool) {
	state := "up"
	if down {
		state = "down"
	}
	if err := ip("-n", nodeNS(i), "link", "set", "cl0", state); err != nil {
		t.Fatal(err)
	}
}

// dialIn returns a DialContext whose sockets are made in namespace ns: each dial runs on a
// goroutine locked to a thread that joins ns and that dies with it (never unlocked).
func dialIn(ns string) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		type result struct {
			c   net.Conn
			err error
		}
		ch := make(chan result, 1)
		go func() {
			runtime.LockOSThread()
			f, err := os.Open(filepath.Join("/var/run/netns", ns))
			if err != nil {
				ch <- result{nil, err}
				return
			}
			err = unix.Setns(int(f.Fd()), unix.CLONE_NEWNET)
			f.Close()
			if err != nil {
				ch <- result{nil, fmt.Errorf("setns %s: %w", ns, err)}
				return
			}
			var d net.Dialer
			c, err := d.DialContext(ctx, network, addr)
			ch <- result{c, err}
		}()
		r := <-ch
		return r.c, r.err
	}
}

// loadClient is an HTTP client in the load generator's namespace.
func loadClient(timeout time.Duration) *http.Client {
	return &http.Client{Timeout: timeout, Transport: &http.Transport{DialContext: dialIn(nsLoad), MaxIdleConnsPerHost: 2048, MaxConnsPerHost: 4096}}
}

// proc is a process started in a namespace (ip netns exec execs it: the pid is its own).
type proc struct {
	cmd  *exec.Cmd
	done chan struct{}
	err  error
}

func startIn(t *testing.T, ns, logPath, name string, args ...string) *proc {
	t.Helper()
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("ip", append([]string{"netns", "exec", ns, name}, args...)...)
	// No Pdeathsig: it fires when the forking thread exits, and dialIn's threads do exit.
	// The test's cleanup stops every process.
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: cmd, done: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		logf.Close()
		close(p.done)
	}()
	return p
}

// stop signals the process and waits for it (bounded: then SIGKILL).
func (p *proc) stop(sig syscall.Signal) {
	if p == nil {
		return
	}
	p.cmd.Process.Signal(sig)
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		p.cmd.Process.Kill()
		<-p.done
	}
}
