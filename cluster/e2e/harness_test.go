package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

var gpufnBin string

func TestMain(m *testing.M) {
	gpufnBin = os.Getenv("GPUFN_BIN")
	if gpufnBin == "" && os.Getenv("GPUFN_NETNS") == "1" {
		dir, err := os.MkdirTemp("", "gpufn-cluster-e2e")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		gpufnBin = filepath.Join(dir, "gpufn")
		build := exec.Command("go", "build", "-o", gpufnBin, "gpufn/cmd/gpufn")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "building gpufn:", err)
			os.Exit(1)
		}
		code := m.Run()
		os.RemoveAll(dir)
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// Settings of the harness's nodes: each invocation of the load's function keeps a worker
// spinNs (sleeping: the cpu device's spin_ns), so a node's capacity is workers/spinNs, set by
// its workers and not by this machine's cores.
const (
	workers = 4
	spinNs  = 20_000_000 // 20 ms: 200 invocations/s a node
)

// queueDepth is node i's: node 1's is small, so that a burst on it overflows to its peers; the
// others keep the default (1024 a worker), so that a load over their capacity queues.
func queueDepth(i int) int {
	if i == 1 {
		return 8
	}
	return 0
}

type testCluster struct {
	t     *testing.T
	n     int
	dir   string
	nodes []*proc // index i-1 is node i
	lb    *proc
	c     *http.Client
}

// newCluster builds the network and starts n nodes (all voters when n >= 3; one otherwise)
// and the balancer over them, and waits until every node is ready.
func newCluster(t *testing.T, n int) *testCluster {
	network(t, n)
	tc := &testCluster{t: t, n: n, dir: t.TempDir(), nodes: make([]*proc, n), c: loadClient(30 * time.Second)}
	t.Cleanup(tc.stopAll)
	for i := 1; i <= n; i++ {
		tc.start(i)
	}
	for i := 1; i <= n; i++ {
		tc.waitReady(i)
	}
	tc.balance(n)
	return tc
}

func (tc *testCluster) replicas() int { return min(3, tc.n) }

func (tc *testCluster) seeds() string {
	var s []string
	for i := 1; i <= tc.replicas(); i++ {
		s = append(s, nodeRoute(i))
	}
	return strings.Join(s, ",")
}

// start starts node i (again: with the same data directory).
func (tc *testCluster) start(i int) {
	tc.nodes[i-1] = startIn(tc.t, nodeNS(i), filepath.Join(tc.dir, fmt.Sprintf("n%d.log", i)), gpufnBin, "serve",
		"--device", "cpu", "--engine", "concurrent", "--workers", strconv.Itoa(workers), "--queue-depth", strconv.Itoa(queueDepth(i)), "--pool-size", "16MiB", "--context-size", "4MiB",
		"--listen", "0.0.0.0:8080", "--cluster-http", nodeHTTP(i), "--max-connections-per-ip", "0", "--drain-timeout", "10s",
		"--data-dir", filepath.Join(tc.dir, fmt.Sprintf("data%d", i)), "--max-library-bytes", "32MiB",
		"--cluster", "--cluster-node", fmt.Sprintf("n%d", i), "--cluster-listen", "0.0.0.0:6222", "--cluster-advertise", nodeRoute(i),
		"--cluster-seeds", tc.seeds(), "--cluster-replicas", strconv.Itoa(tc.replicas()), "--cluster-voter="+strconv.FormatBool(i <= tc.replicas()))
}

// kill stops node i with sig and waits for it.
func (tc *testCluster) kill(i int, sig syscall.Signal) {
	tc.nodes[i-1].stop(sig)
	tc.nodes[i-1] = nil
}

func (tc *testCluster) stopAll() {
	tc.lb.stop(syscall.SIGTERM)
	tc.lb = nil
	for i := range tc.nodes {
		if tc.nodes[i] != nil {
			tc.kill(i+1, syscall.SIGTERM)
		}
	}
}

// balance (re)starts HAProxy over nodes 1..n with deploy/haproxy.cfg's settings.
func (tc *testCluster) balance(n int) {
	tc.t.Helper()
	tc.lb.stop(syscall.SIGTERM)
	shipped, err := os.ReadFile("../../deploy/haproxy.cfg")
	if err != nil {
		tc.t.Fatal(err)
	}
	var cfg []string
	for _, line := range strings.Split(string(shipped), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "server ") {
			cfg = append(cfg, line)
		}
	}
	for i := 1; i <= n; i++ {
		cfg = append(cfg, fmt.Sprintf("    server n%d %s", i, nodeHTTP(i)))
	}
	path := filepath.Join(tc.dir, "haproxy.cfg")
	if err := os.WriteFile(path, []byte(strings.Join(cfg, "\n")+"\n"), 0o644); err != nil {
		tc.t.Fatal(err)
	}
	logPath := filepath.Join(tc.dir, "haproxy.log")
	tc.lb = startIn(tc.t, nsLB, logPath, "haproxy", "-db", "-f", path)
	tc.t.Cleanup(func() {
		if tc.t.Failed() {
			b, _ := os.ReadFile(logPath)
			tc.t.Logf("haproxy's log:\n%s", b)
		}
	})
	waitFor(tc.t, "the balancer to pass requests", 60*time.Second, func() bool {
		resp, err := tc.c.Get(balancerURL() + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	})
}

// waitReady waits until node i answers /readyz 200 and returns how long that took.
func (tc *testCluster) waitReady(i int) time.Duration {
	t0 := time.Now()
	waitFor(tc.t, fmt.Sprintf("node %d to be ready", i), 120*time.Second, func() bool {
		resp, err := tc.c.Get(nodeURL(i) + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	})
	return time.Since(t0)
}

// waitFor polls cond until it holds; the bound only catches a hang.
func waitFor(t *testing.T, what string, bound time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(bound)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", bound, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// answer is an HTTP exchange's outcome.
type answer struct {
	status int
	rev    uint64 // X-Gpufn-Revision
	body   []byte
	err    error
}

func (tc *testCluster) do(method, url string, body []byte, hdr ...string) answer {
	req, _ := http.NewRequest(method, url, bytes.NewReader(body))
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := tc.c.Do(req)
	if err != nil {
		return answer{err: err}
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	rev, _ := strconv.ParseUint(resp.Header.Get("X-Gpufn-Revision"), 10, 64)
	return answer{status: resp.StatusCode, rev: rev, body: b, err: err}
}

// mustPut PUTs and requires 200 or 201; hdr are header names and values.
func (tc *testCluster) mustPut(url string, body []byte, hdr ...string) answer {
	tc.t.Helper()
	a := tc.do("PUT", url, body, hdr...)
	if a.err != nil || (a.status != 200 && a.status != 201) {
		tc.t.Fatalf("PUT %s: %d %v %s", url, a.status, a.err, a.body)
	}
	return a
}

// retry repeats req while it is answered 503 (with Retry-After), as a client following
// Retry-After would, for at most 60 s: a node that has not applied the revision a request asks
// for within --min-revision-wait (2 s), or a registry write that timed out (2 s). Three nodes
// sharing CI's two cores can take longer than that to store, fetch, check and apply a 20 MiB
// library. The checks here assert what follows from causality (the write takes, and never a
// 404 for a revision asked for); how long it takes is a figure (make cluster-bench).
func (tc *testCluster) retry(req func() answer) answer {
	tc.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		a := req()
		if a.status != 503 || time.Now().After(deadline) {
			return a
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// after is the header asking for revision rev.
func after(rev uint64) []string { return []string{"X-Gpufn-Min-Revision", strconv.FormatUint(rev, 10)} }

// invoke invokes fn at base with one input, asking for revision minRev (0: none).
func (tc *testCluster) invoke(base, fn string, minRev uint64) answer {
	hdr := []string{"Content-Type", "application/octet-stream"}
	if minRev > 0 {
		hdr = append(hdr, "X-Gpufn-Min-Revision", strconv.FormatUint(minRev, 10))
	}
	return tc.do("POST", base+"/v1/functions/"+fn+"/invoke", []byte{1, 2, 3, 4}, hdr...)
}

// status is GET /v1/cluster of node i.
type status struct {
	Node     string         `json:"node"`
	Revision uint64         `json:"revision"`
	Leader   string         `json:"leader"`
	Peers    map[string]int `json:"peers"`
}

func (tc *testCluster) status(i int) (status, error) {
	a := tc.do("GET", nodeURL(i)+"/v1/cluster", nil)
	var s status
	if a.err != nil {
		return s, a.err
	}
	if a.status != 200 {
		return s, fmt.Errorf("GET /v1/cluster: %d %s", a.status, a.body)
	}
	return s, json.Unmarshal(a.body, &s)
}

// functions lists the functions node i holds, sorted.
func (tc *testCluster) functions(i int) string {
	tc.t.Helper()
	a := tc.do("GET", nodeURL(i)+"/v1/functions", nil)
	var l struct {
		Functions []struct{ Name string } `json:"functions"`
	}
	if a.err != nil || a.status != 200 || json.Unmarshal(a.body, &l) != nil {
		tc.t.Fatalf("list functions on node %d: %d %v", i, a.status, a.err)
	}
	var names []string
	for _, f := range l.Functions {
		names = append(names, f.Name)
	}
	return strings.Join(names, " ")
}

// spinConfig is a function of the testkernels library that sleeps ns in one worker.
func spinConfig(module string, ns int) []byte {
	return []byte(`{"module_path": "` + module + `", "kernels": ["spin_ns"], "blueprint": {"inputs": ["X"], "buffers": {}, "outputs": ["X"],
	  "control_flow": [{"ExecKernel": ["spin_ns", [{"Constant": ` + strconv.Itoa(ns) + `}],
	  {"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
	   "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
	   "shared_mem_bytes": {"Absolute": 0}}]}]}}`)
}

func testkernels(t *testing.T) []byte {
	b, err := os.ReadFile("../../examples/testkernels/testkernels.ptx")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// submitted is the number of invocations node i's engines were given.
func (tc *testCluster) submitted(i int) uint64 {
	tc.t.Helper()
	a := tc.do("GET", nodeURL(i)+"/v1/engines", nil)
	var e struct {
		Engines []struct {
			Submitted uint64 `json:"submitted"`
		} `json:"engines"`
	}
	if a.err != nil || a.status != 200 || json.Unmarshal(a.body, &e) != nil {
		tc.t.Fatalf("engines of node %d: %d %v", i, a.status, a.err)
	}
	var n uint64
	for _, x := range e.Engines {
		n += x.Submitted
	}
	return n
}
