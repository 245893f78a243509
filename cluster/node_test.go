package cluster_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"gpufn/auth"
	"gpufn/call"
	"gpufn/cluster"
	"gpufn/cpu"
	"gpufn/dispatcher"
	"gpufn/examples"
	"gpufn/internal/testport"
)

// testCluster is nodes on loopback, each with a dispatcher over the cpu device (no engines:
// registrations only).
type testCluster struct {
	t     *testing.T
	ports []int
	dirs  []string
	nodes []*cluster.Node
	ds    []*dispatcher.Dispatcher
	seeds []string
}

// newTestCluster makes room for n nodes; the first three are the voters, and every node's
// seeds are the voters' route addresses (a seed that is not a voter would count in the
// JetStream meta group's expected size and keep a first start from electing a leader).
func newTestCluster(t *testing.T, n int) *testCluster {
	c := &testCluster{t: t, ports: testport.Loopback(t, n), nodes: make([]*cluster.Node, n), ds: make([]*dispatcher.Dispatcher, n)}
	for i := 0; i < n; i++ {
		c.dirs = append(c.dirs, t.TempDir())
		c.seeds = append(c.seeds, fmt.Sprintf("127.0.0.1:%d", c.ports[i]))
	}
	t.Cleanup(c.stopAll)
	return c
}

func (c *testCluster) start(i int, voter bool) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	n, err := cluster.Start(ctx, cluster.Config{Name: fmt.Sprintf("n%d", i), Listen: c.seeds[i], Seeds: c.seeds[:3], Voter: voter,
		Dir: c.dirs[i], Log: testLog(c.t), HTTP: "127.0.0.1:1", CacheDir: c.dirs[i] + "/cache", HeartbeatInterval: 50 * time.Millisecond})
	if err != nil {
		c.t.Fatalf("start node %d: %v", i, err)
	}
	dev := cpu.New(cpu.Options{})
	d := dispatcher.New(dispatcher.Config{Device: "cpu", Info: dev.Info(), Kernels: cpu.KernelNames(), Registry: n.Registry(), Watched: true}, nil)
	dev.Close()
	if err := n.Run(d); err != nil {
		c.t.Fatal(err)
	}
	c.nodes[i], c.ds[i] = n, d
}

// startAll starts nodes concurrently (the first start of a cluster needs its voters'
// quorum, so voters cannot start one after another).
func (c *testCluster) startAll(voters int, which ...int) {
	done := make(chan struct{})
	for _, i := range which {
		go func() {
			defer func() { done <- struct{}{} }()
			c.start(i, i < voters)
		}()
	}
	for range which {
		<-done
	}
	if c.t.Failed() {
		c.t.FailNow()
	}
}

func (c *testCluster) stop(i int) {
	if c.nodes[i] != nil {
		c.nodes[i].Close()
		c.nodes[i] = nil
	}
}

func (c *testCluster) stopAll() {
	for i := range c.nodes {
		c.stop(i)
	}
}

// waitReady waits (bounded, to catch a hang) until node i has caught up.
func (c *testCluster) waitReady(i int) {
	c.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for c.nodes[i].Ready() != "" {
		if time.Now().After(deadline) {
			c.t.Fatalf("node %d not ready: %s", i, c.nodes[i].Ready())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// seen waits until node i's dispatcher has seen revision rev.
func (c *testCluster) seen(i int, rev uint64) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second) // a hang only
	defer cancel()
	if !c.ds[i].WaitRevision(ctx, rev) {
		c.t.Fatalf("node %d never saw revision %d (it has %d)", i, rev, c.ds[i].Revision())
	}
}

var alice = auth.Identity{Tenant: "alice", TenantBytes: []byte("alice")}

func matmul(t *testing.T) []byte {
	for _, f := range examples.Functions() {
		if f.Name == "matmul" {
			return f.Config
		}
	}
	t.Fatal("no matmul")
	return nil
}

func invocable(d *dispatcher.Dispatcher, name string) bool {
	_, err := d.Lookup(alice, []byte("alice"), []byte(name))
	return err == nil
}

// Three voters and one node without storage: a registration on any node is live on every
// node once it has seen the write's revision; a stale write is refused with 409 and loses
// nothing; a node started later catches up before it is ready; the whole cluster stopped
// and started again has every registration; without a quorum registrations fail with 503
// and invocation lookups go on. (-short skips it: about 30 s, mostly leader elections.)
func TestClusterRegistry(t *testing.T) {
	if testing.Short() {
		t.Skip("leader elections take seconds: -short")
	}
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) }) // runs after the nodes' Close
	c := newTestCluster(t, 4)
	c.startAll(3, 0, 1, 2)
	var lv dispatcher.LibraryView
	err := retryUnavailable(func() (err error) {
		lv, _, err = c.ds[1].PutLibrary(alice, "alice", "mlops", examples.MustPTX("mlops"))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	c.seen(0, lv.Revision)
	var fv dispatcher.FunctionView
	err = retryUnavailable(func() (err error) { fv, _, err = c.ds[0].PutFunction(alice, "alice", "mm", matmul(t)); return err })
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		c.seen(i, fv.Revision)
		if !invocable(c.ds[i], "mm") {
			t.Fatalf("node %d: not invocable at revision %d", i, fv.Revision)
		}
	}
	// Node 2 replaces it; node 0's write from its stale view after that is refused.
	var v2 dispatcher.FunctionView
	err = retryUnavailable(func() (err error) { v2, _, err = c.ds[2].PutFunction(alice, "alice", "mm", matmul(t)); return err })
	if err != nil {
		t.Fatal(err)
	}
	c.ds[0].SetAccess(alice, "alice", "mm", dispatcher.Access{Public: true}) // may race the watch: refused or applied
	c.seen(0, v2.Revision)
	// A node without storage joins late, catches up, and writes through the voters.
	c.startAll(3, 3)
	c.waitReady(3)
	if !invocable(c.ds[3], "mm") || c.ds[3].Revision() < v2.Revision {
		t.Fatalf("late node: invocable %v at revision %d", invocable(c.ds[3], "mm"), c.ds[3].Revision())
	}
	var v3 dispatcher.FunctionView
	err = retryUnavailable(func() (err error) { v3, _, err = c.ds[3].PutFunction(alice, "alice", "mm2", matmul(t)); return err })
	if err != nil {
		t.Fatalf("a write through a node without storage: %v", err)
	}
	c.seen(1, v3.Revision)
	// Access settings travel with the function: granted on node 3, in force on node 1.
	bob, carol := auth.Identity{Tenant: "bob", TenantBytes: []byte("bob")}, auth.Identity{Tenant: "carol", TenantBytes: []byte("carol")}
	var av dispatcher.FunctionView
	err = retryUnavailable(func() (err error) {
		av, err = c.ds[3].SetAccess(alice, "alice", "mm2", dispatcher.Access{Tenants: []string{"bob"}})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	c.seen(1, av.Revision)
	if _, err := c.ds[1].Lookup(bob, []byte("alice"), []byte("mm2")); err != nil {
		t.Fatalf("bob, granted on node 3, cannot invoke on node 1: %v", err)
	}
	if _, err := c.ds[1].Lookup(carol, []byte("alice"), []byte("mm2")); err == nil {
		t.Fatal("carol, never granted, can invoke on node 1")
	}
	// A write from a view that misses v3's predecessor: node 1 deletes mm2, node 3 (which
	// has not applied the delete when it writes, or has) either conflicts or creates anew.
	if err := retryUnavailable(func() error { return c.ds[1].DeleteFunction(alice, "alice", "mm2") }, call.CodeConflict, call.CodeNotFound); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.ds[3].PutFunction(alice, "alice", "mm2", matmul(t)); err != nil && dispatcher.CodeOf(err) != call.CodeConflict {
		t.Fatalf("a write racing a delete: %v", err)
	}
	// Whole-cluster stop and start: nothing registered is lost.
	var want uint64
	for _, d := range c.ds {
		want = max(want, d.WriteRevision())
	}
	for i := 0; i < 4; i++ {
		c.seen(i, want)
	}
	names := func(d *dispatcher.Dispatcher) string {
		fns, _ := d.Functions(alice, "alice")
		s := ""
		for _, f := range fns {
			s += f.Name + " "
		}
		return s
	}
	before := names(c.ds[1])
	c.stopAll()
	c.startAll(3, 0, 1, 2, 3)
	for i := 0; i < 4; i++ {
		c.waitReady(i)
		if got := names(c.ds[i]); got != before {
			t.Fatalf("after a whole-cluster restart node %d has %q; before: %q", i, got, before)
		}
	}
	// Two of three voters lost: no quorum. A registration fails within the registry's
	// timeout with 503 (Retry-After); the nodes left serve what they have.
	c.stop(1)
	c.stop(2)
	_, _, err = c.ds[3].PutFunction(alice, "alice", "mm3", matmul(t))
	if code := dispatcher.CodeOf(err); code.Status() != 503 || !code.RetryAfter() {
		t.Fatalf("a registration without quorum: %v (status %d), want 503 with Retry-After", err, code.Status())
	}
	if !invocable(c.ds[3], "mm") || !invocable(c.ds[0], "mm") {
		t.Fatal("a node without quorum stopped serving what it had")
	}
}

// retryUnavailable runs write until it succeeds or fails otherwise than 503 unavailable (no
// quorum for the moment: on a loaded CI machine the voters may hold a leader election
// mid-test, and a client retries after Retry-After), for at most a minute. A write retried after
// an unavailable answer may have been applied by the attempt that timed out: the codes in
// after (a conflict with that write, the name gone already) then count as its success.
func retryUnavailable(write func() error, after ...call.Code) error {
	deadline := time.Now().Add(time.Minute)
	for retried := false; ; retried = true {
		err := write()
		if err != nil && retried && slices.Contains(after, dispatcher.CodeOf(err)) {
			return nil
		}
		if err == nil || dispatcher.CodeOf(err) != call.CodeUnavailable || time.Now().After(deadline) {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func testLog(t *testing.T) *zap.Logger {
	if os.Getenv("GPUFN_CLUSTER_LOG") == "" {
		return zap.NewNop()
	}
	return zaptest.NewLogger(t)
}

// A route port in use fails the start at once, with the server's words, not after the 30 s
// wait for a server that will never listen.
func TestStartFailsOnAPortInUse(t *testing.T) {
	port := testport.Loopback(t, 1)[0]
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	begun := time.Now()
	n, err := cluster.Start(ctx, cluster.Config{Name: "n0", Listen: addr, Seeds: []string{addr}, Voter: true, Dir: t.TempDir(),
		Log: testLog(t), HTTP: "127.0.0.1:1"})
	if err == nil {
		n.Close()
		t.Fatal("a node started on a route port in use")
	}
	if !strings.Contains(err.Error(), "address already in use") {
		t.Fatalf("error %q does not say the port is in use", err)
	}
	if took := time.Since(begun); took >= 30*time.Second {
		t.Fatalf("the start failed after %v, the whole wait", took) // a hang bound, not a timing check
	}
}
