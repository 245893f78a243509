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
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/vmihailenco/msgpack/v5"

	"gpufn/call"
	"gpufn/examples"
	"gpufn/internal/testport"
)

var gpufnBin string

func TestMain(m *testing.M) {
	gpufnBin = os.Getenv("GPUFN_BIN")
	if gpufnBin == "" {
		dir, err := os.MkdirTemp("", "gpufn-e2e")
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

// device is the device kind the servers run on: cpu in CI, cuda on the GPU machine.
func device() string {
	if d := os.Getenv("GPUFN_E2E_DEVICE"); d != "" {
		return d
	}
	return "cpu"
}

func onGPU() bool { return device() != "cpu" }

// server is a running `gpufn serve`.
type server struct {
	t    *testing.T
	url  string
	cmd  *exec.Cmd
	logs *syncBuffer
	done chan error
	c    *http.Client
	// admin is the token engines sends (a server with --tokens; "" in open mode).
	admin string
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// freePort is a loopback address for a server of the test to listen on (below the ephemeral
// range: no other server's bind to port 0 takes it before the server listens).
func freePort(t *testing.T) string {
	return fmt.Sprintf("127.0.0.1:%d", testport.Loopback(t, 1)[0])
}

// start runs a server with the test device and the given extra flags, and waits until it is
// ready. It is stopped (SIGTERM) when the test ends; its log is printed if the test failed.
func start(t *testing.T, flags ...string) *server {
	t.Helper()
	return startWith(t, nil, flags...)
}

// startInGroup is start with the server leading a process group of its own, so that a test
// may signal the whole group (as a terminal's Ctrl-C does) without signalling itself.
func startInGroup(t *testing.T, flags ...string) *server {
	t.Helper()
	return startWith(t, &syscall.SysProcAttr{Setpgid: true}, flags...)
}

func startWith(t *testing.T, attr *syscall.SysProcAttr, flags ...string) *server {
	t.Helper()
	addr := freePort(t)
	args := append([]string{"serve", "--listen", addr, "--device", device(), "--log-level", "info"}, flags...)
	// GPUFN_E2E_ARGS: serve flags added to every server's, for comparing a setting on the GPU
	// machine (scripts/gpu-test.sh passes it through), e.g. "--preload=false". They come last
	// and win: a test that sets the same flag itself (TestPreloadOverHTTP for --preload) does
	// not test what it says under the knob.
	args = append(args, strings.Fields(os.Getenv("GPUFN_E2E_ARGS"))...)
	cmd := exec.Command(gpufnBin, args...)
	cmd.SysProcAttr = attr
	logs := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, url: "http://" + addr, cmd: cmd, logs: logs, done: make(chan error, 1), c: &http.Client{Timeout: 2 * time.Minute}}
	go func() { s.done <- cmd.Wait() }()
	t.Cleanup(func() {
		t0 := time.Now()
		// stop fails on a server that hangs (no exit 45 s after SIGTERM, with a goroutine
		// dump); a slow stop is only slow, unless the drain gave up on invocations still
		// running (none run when a test ends). The client's idle connections are closed first:
		// one it dialled but never used (a request found another free) would keep the server
		// waiting for its first request until its shutdown's 5 s bound.
		s.c.CloseIdleConnections()
		err := s.stop()
		if took := time.Since(t0); err != nil {
			t.Errorf("stopping the server took %v: %v", took.Round(time.Millisecond), err)
		}
		if strings.Contains(logs.String(), "drain incomplete") {
			t.Errorf("the server's drain timed out at the end of the test")
		}
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	deadline := time.Now().Add(90 * time.Second)
	for {
		resp, err := http.Get(s.url + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s
			}
		}
		select {
		case err := <-s.done:
			t.Fatalf("server exited during start: %v\n%s", err, logs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("server not ready after 90 s\n%s", logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop sends SIGTERM and waits for a clean exit.
func (s *server) stop() error {
	if s.cmd.ProcessState != nil {
		return nil
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		s.done <- err
		return err
	case <-time.After(45 * time.Second):
		// A goroutine dump shows where it is stuck (Go prints one on SIGQUIT).
		s.cmd.Process.Signal(syscall.SIGQUIT)
		select {
		case <-s.done:
		case <-time.After(5 * time.Second):
			s.cmd.Process.Kill()
		}
		return fmt.Errorf("server did not stop within 45 s after SIGTERM")
	}
}

type answer struct {
	status  int
	body    []byte
	header  http.Header
	code    string // error code of a JSON error body
	message string
	outputs map[string][]byte
}

func (s *server) do(method, path, ctype string, body []byte, hdr ...string) answer {
	s.t.Helper()
	req, err := http.NewRequest(method, s.url+path, bytes.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := s.c.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, body: data, header: resp.Header}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") && resp.StatusCode >= 300 {
		var e struct {
			Error struct{ Code, Message string } `json:"error"`
		}
		if json.Unmarshal(data, &e) != nil || e.Error.Code == "" {
			s.t.Fatalf("%s %s: %d with a malformed error body %q", method, path, resp.StatusCode, data)
		}
		a.code, a.message = e.Error.Code, e.Error.Message
	}
	if resp.Header.Get("Content-Type") == "application/msgpack" {
		if err := msgpack.Unmarshal(data, &a.outputs); err != nil {
			s.t.Fatalf("%s %s: undecodable msgpack answer: %v", method, path, err)
		}
	}
	return a
}

func (s *server) mustPut(path string, body []byte) {
	s.t.Helper()
	ctype := "application/octet-stream"
	if strings.HasPrefix(path, "/v1/functions") {
		ctype = "application/json"
	}
	a := s.do("PUT", path, ctype, body)
	if a.status != 200 && a.status != 201 {
		s.t.Fatalf("PUT %s: %d %s %s", path, a.status, a.code, a.message)
	}
}

func (s *server) invoke(fn string, inputs map[string][]byte, hdr ...string) answer {
	s.t.Helper()
	body, err := msgpack.Marshal(inputs)
	if err != nil {
		s.t.Fatal(err)
	}
	return s.do("POST", "/v1/functions/"+fn+"/invoke", "application/msgpack", body, hdr...)
}

// mustInvoke invokes and requires success.
func (s *server) mustInvoke(fn string, inputs map[string][]byte) map[string][]byte {
	s.t.Helper()
	a := s.invoke(fn, inputs)
	if a.status != 200 {
		s.t.Fatalf("invoke %s: %d %s: %s", fn, a.status, a.code, a.message)
	}
	return a.outputs
}

// uploadExamples uploads the example libraries under their names.
func (s *server) uploadExamples(libs ...string) {
	for _, l := range libs {
		s.mustPut("/v1/libraries/"+l, examples.MustPTX(l))
	}
}

// engines returns /v1/engines.
func (s *server) engines() []engineStats {
	s.t.Helper()
	var hdr []string
	if s.admin != "" {
		hdr = []string{"Authorization", "Bearer " + s.admin}
	}
	a := s.do("GET", "/v1/engines", "", nil, hdr...)
	var v struct {
		Engines []engineStats `json:"engines"`
	}
	if err := json.Unmarshal(a.body, &v); err != nil {
		s.t.Fatalf("engines: %v %s", err, a.body)
	}
	return v.Engines
}

type engineStats struct {
	Name      string `json:"name"`
	Busy      int    `json:"busy"`
	Queued    int    `json:"queued"`
	Completed uint64 `json:"completed"`
	Restarts  uint64 `json:"restarts"`
	Reruns    uint64 `json:"reruns"`
	Teardowns uint64 `json:"teardowns"`
	Whole     uint64 `json:"whole_gpu"`
	Ready     bool   `json:"ready"`
	// The workers' module caches (/v1/engines' module_cache_*).
	ModuleCacheEvictions uint64 `json:"module_cache_evictions"`
	ModuleCacheBytes     uint64 `json:"module_cache_bytes"`
	// Preloading (docs/engines.md "Preloading").
	Preloads        uint64 `json:"preloads"`
	PreloadsPending uint64 `json:"preloads_pending"`
	// LastRecovery is the timeline of the last recovery of the GPU's fault domain.
	LastRecovery *call.RecoveryTimeline `json:"last_recovery"`
	// DeviceInfo is the GPU as its workers reported it (gpu.Info, without JSON tags).
	DeviceInfo *struct {
		Name     string
		TotalMem uint64
	} `json:"device_info"`
	Workers []workerStats `json:"workers"`
	// The rescue workers (docs/engines.md, "Rescue workers"): how many are up, what they
	// answered, whether they take work now; the faults of the engine's workers.
	RescueUp   int    `json:"rescue_workers_up"`
	Rescued    uint64 `json:"rescued"`
	RescueOpen bool   `json:"rescue_open"`
	Faults     uint64 `json:"faults"`
	// StreamedBodies counts the request bodies read straight into a worker's context,
	// SlowBodies those that came too slowly for it (read whole and queued instead).
	StreamedBodies uint64 `json:"streamed_bodies"`
	SlowBodies     uint64 `json:"slow_bodies"`
	Failed         uint64 `json:"failed"`
}

// workerStats is one worker of /v1/engines.
type workerStats struct {
	ID          string `json:"id"`
	PID         int    `json:"pid"`
	Up          bool   `json:"up"`
	PoolBytes   uint64 `json:"pool_bytes"`
	Invocations uint64 `json:"invocations"`
	Restarts    int    `json:"restarts"`
	Rescue      bool   `json:"rescue"`
}

// config builds a one-kernel config for the testkernels library.
func config(kernel, buffers, outputs, args string, inputs ...string) []byte {
	in := "[]"
	if len(inputs) > 0 {
		in = `["` + strings.Join(inputs, `", "`) + `"]`
	}
	return []byte(`{"module_path": "testkernels", "kernels": ["` + kernel + `"], "blueprint": {"inputs": ` + in + `,
	  "buffers": {` + buffers + `}, "outputs": [` + outputs + `], "control_flow": [{"ExecKernel": ["` + kernel + `", [` + args + `],
	  {"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
	   "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
	   "shared_mem_bytes": {"Absolute": 0}}]}]}}`)
}

// waitFor polls cond until it holds; it fails the test if it does not within a minute (a bound
// for a hung test only: what the tests wait for comes within seconds even on a loaded machine).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// stopWorkers stops (SIGSTOP) every worker of the server's first engine, so that what they
// were sent cannot end, and returns the function that continues them (also called when the
// test ends). The auto engine's whole-GPU worker, started only for a whole-GPU invocation, is
// left out while it is down, and so are rescue workers (they take nothing while the GPU serves).
func (s *server) stopWorkers() (cont func()) {
	s.t.Helper()
	// A worker stopped while it preloads a function just registered would hold its slot busy
	// until the preload's deadline: let the workers catch up first (docs/engines.md "Preloading").
	waitFor(s.t, "the workers to finish preloading", func() bool { return s.engines()[0].PreloadsPending == 0 })
	var pids []int
	for _, w := range s.engines()[0].Workers {
		if strings.HasSuffix(w.ID, "-whole") && !w.Up || w.Rescue {
			continue
		}
		if w.PID <= 0 || !w.Up {
			s.t.Fatalf("worker %s is not up", w.ID)
		}
		if err := syscall.Kill(w.PID, syscall.SIGSTOP); err != nil {
			s.t.Fatalf("worker %s: %v", w.ID, err)
		}
		pids = append(pids, w.PID)
	}
	var once sync.Once
	cont = func() {
		once.Do(func() {
			for _, pid := range pids {
				syscall.Kill(pid, syscall.SIGCONT)
			}
		})
	}
	s.t.Cleanup(cont)
	return cont
}
