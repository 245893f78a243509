package e2e

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"gpufn/examples"
)

// restartAt starts a server on a data dir and waits for it.
func registerSome(t *testing.T, s *server) {
	s.uploadExamples("mlops", "module")
	for _, fn := range examples.Functions()[:2] {
		s.mustPut("/v1/functions/"+fn.Name, fn.Config)
	}
	s.mustPut("/v1/functions/basic_io", examples.Functions()[5].Config)
	if a := s.do("PUT", "/v1/functions/matmul/access", "application/json", []byte(`{"public": true}`)); a.status != 200 {
		t.Fatalf("access: %d %s", a.status, a.message)
	}
}

func checkRegistered(t *testing.T, s *server) {
	t.Helper()
	cfg, A := examples.MatmulInputs(16, 2)
	if out := s.mustInvoke("matmul", map[string][]byte{"cfg": cfg, "A": A}); !bytes.Equal(out["B"], examples.MatmulReference(A)) {
		t.Fatal("matmul after a restart: wrong output")
	}
	if out := s.mustInvoke("basic_io", map[string][]byte{"A": binary.LittleEndian.AppendUint64(nil, 12345)}); binary.LittleEndian.Uint64(out["A"]) != 98765 {
		t.Fatal("basic_io after a restart: wrong output")
	}
	if a := s.do("GET", "/v1/functions/matmul/access", "", nil); !bytes.Contains(a.body, []byte(`"public":true`)) {
		t.Fatalf("access settings lost: %s", a.body)
	}
}

// Registrations survive a restart, after SIGTERM and after SIGKILL; a torn write, a corrupt
// entry and an oversized one left behind are skipped with a log line.
func TestRestartKeepsRegistrations(t *testing.T) {
	dir := t.TempDir()
	s := start(t, "--data-dir", dir)
	registerSome(t, s)
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	s = start(t, "--data-dir", dir)
	checkRegistered(t, s)

	s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
	s.done <- nil
	// What a crash in the middle of a write leaves: a temporary file, and an entry whose
	// bytes were cut short.
	fnDir := filepath.Join(dir, "tenants", "default", "functions")
	os.WriteFile(filepath.Join(fnDir, ".tmp-torn"), []byte(`{"v":1,"ten`), 0o600)
	good, err := os.ReadFile(filepath.Join(fnDir, "basic_io.fn"))
	if err != nil {
		t.Fatalf("store layout: %v", err)
	}
	os.WriteFile(filepath.Join(fnDir, "broken.fn"), good[:len(good)/2], 0o600)
	// And an entry far larger than any the server stores (a sparse 1 TiB file: read whole, it
	// was a fatal out-of-memory at start).
	if f, err := os.Create(filepath.Join(dir, "tenants", "default", "libraries", "huge.lib")); err == nil {
		f.Truncate(1 << 40)
		f.Close()
	}
	s = start(t, "--data-dir", dir)
	checkRegistered(t, s)
	// Logged while loading, before the server was ready; the log reaches s.logs through a pipe
	// and a copying goroutine, in its own time.
	waitFor(t, "the torn and corrupt entries to be reported", func() bool {
		logs := s.logs.String()
		return strings.Contains(logs, ".tmp-torn") && strings.Contains(logs, "broken.fn") && strings.Contains(logs, "huge.lib")
	})
	if a := s.invoke("broken", nil); a.status != 404 {
		t.Fatalf("a corrupt entry was loaded: %d", a.status)
	}
}

// A catalogue of bad input to every endpoint: each gets its status and code, and the server
// serves a good request after each.
func TestBadInputCatalogue(t *testing.T) {
	s := start(t, "--examples", "--max-body-bytes", "1MiB", "--max-library-bytes", "40KiB", "--launch-limit", "1000", "--max-buffers", "8")
	s.uploadExamples("testkernels")
	cfg, A := examples.MatmulInputs(8, 1)
	good := func(after string) {
		t.Helper()
		a := s.invoke("matmul", map[string][]byte{"cfg": cfg, "A": A})
		if a.status != 200 || !bytes.Equal(a.outputs["B"], examples.MatmulReference(A)) {
			t.Fatalf("a good request after %q: %d %s", after, a.status, a.message)
		}
	}
	mp := func(m map[string][]byte) []byte { b, _ := msgpackMarshal(m); return b }
	fnCfg := func(blueprint string) []byte {
		return []byte(`{"module_path": "testkernels", "kernels": ["fill_u8"], "blueprint": ` + blueprint + `}`)
	}
	launch := `{"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1}, "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1}, "shared_mem_bytes": {"Absolute": 0}}`
	repeat := func(count string) []byte {
		return fnCfg(`{"inputs": ["n"], "buffers": {"A": {"Absolute": 8}}, "outputs": [], "control_flow": [{"Repeat": [` + count + `, [{"ExecKernel": ["fill_u8", [{"Ptr": "A"}, {"Sizeof": "A"}, {"Constant": 1}], ` + launch + `]}]]}]}`)
	}
	s.mustPut("/v1/functions/rep", repeat(`{"FromInput": {"bufname": "n", "idx": 0}}`))
	s.mustPut("/v1/functions/sized", fnCfg(`{"inputs": ["n"], "buffers": {"A": {"FromInput": {"bufname": "n", "idx": 0}}}, "outputs": ["A"], "control_flow": [{"ExecKernel": ["fill_u8", [{"Ptr": "A"}, {"Sizeof": "A"}, {"Constant": 1}], `+launch+`]}]}`))
	u64 := func(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }
	long := strings.Repeat("x", 10<<10)
	cases := []struct {
		name, method, path, ctype string
		body                      []byte
		status                    int
		code                      string
	}{
		{"malformed json", "PUT", "/v1/functions/x", "application/json", []byte(`{"module_path": [`), 422, "invalid_config"},
		{"json not an object", "PUT", "/v1/functions/x", "application/json", []byte(`[1, 2]`), 422, "invalid_config"},
		{"wrong type", "PUT", "/v1/functions/x", "application/json", []byte(`{"module_path": 7, "kernels": [], "blueprint": {}}`), 422, "invalid_config"},
		{"negative size", "PUT", "/v1/functions/x", "application/json", fnCfg(`{"inputs": [], "buffers": {"A": {"Absolute": -8}}, "outputs": [], "control_flow": []}`), 422, "invalid_config"},
		{"overflowing size", "PUT", "/v1/functions/x", "application/json", fnCfg(`{"inputs": [], "buffers": {"A": {"Absolute": 99999999999999999999999}}, "outputs": [], "control_flow": []}`), 422, "invalid_config"},
		{"huge count", "PUT", "/v1/functions/x", "application/json", repeat(`{"Absolute": 18446744073709551615}`), 422, "invalid_config"},
		{"too many buffers", "PUT", "/v1/functions/x", "application/json", fnCfg(`{"inputs": ["a","b","c","d","e"], "buffers": {"f": {"Absolute": 1}, "g": {"Absolute": 1}, "h": {"Absolute": 1}, "i": {"Absolute": 1}}, "outputs": [], "control_flow": []}`), 422, "invalid_config"},
		{"name with slash", "PUT", "/v1/functions/a%2Fb", "application/json", fnCfg(`{}`), 404, "not_found"},
		{"name dotdot", "PUT", "/v1/libraries/..%2E", "application/octet-stream", examples.MustPTX("module"), 400, "bad_name"},
		{"name with NUL", "PUT", "/v1/functions/a%00b", "application/json", fnCfg(`{}`), 400, "bad_name"},
		{"10 KB name", "PUT", "/v1/functions/" + long, "application/json", fnCfg(`{}`), 400, "bad_name"},
		{"10 KB library name", "PUT", "/v1/libraries/" + long, "application/octet-stream", examples.MustPTX("module"), 400, "bad_name"},
		{"library too large", "PUT", "/v1/libraries/big", "application/octet-stream", append(examples.MustPTX("module"), bytes.Repeat([]byte("// padding\n"), 5000)...), 413, "library_too_large"},
		{"body too large", "POST", "/v1/functions/matmul/invoke", "application/msgpack", make([]byte, 1<<20+1), 413, "body_too_large"},
		{"malformed msgpack", "POST", "/v1/functions/matmul/invoke", "application/msgpack", []byte{0x82, 0xa3, 'c', 'f', 'g'}, 400, "bad_request"},
		{"truncated body", "POST", "/v1/functions/matmul/invoke", "application/msgpack", mp(map[string][]byte{"cfg": cfg, "A": A})[:100], 400, "bad_request"},
		{"msgpack array", "POST", "/v1/functions/matmul/invoke", "application/msgpack", []byte{0x92, 0xc4, 0, 0xc4, 0}, 400, "bad_request"},
		{"json body", "POST", "/v1/functions/matmul/invoke", "application/json", []byte(`{"cfg": "AAAA"}`), 400, "bad_request"},
		{"raw body, two inputs", "POST", "/v1/functions/matmul/invoke", "application/octet-stream", A, 400, "bad_request"},
		{"missing input", "POST", "/v1/functions/matmul/invoke", "application/msgpack", mp(map[string][]byte{"A": A}), 400, "bad_request"},
		{"extra input", "POST", "/v1/functions/matmul/invoke", "application/msgpack", mp(map[string][]byte{"cfg": cfg, "A": A, "B": A}), 400, "bad_request"},
		{"input too short for FromInput", "POST", "/v1/functions/matmul/invoke", "application/msgpack", mp(map[string][]byte{"cfg": {1, 0, 0}, "A": A}), 400, "bad_input"},
		{"launch count over the limit", "POST", "/v1/functions/rep/invoke", "application/octet-stream", u64(5000), 400, "too_many_launches"},
		{"buffer size from input huge", "POST", "/v1/functions/sized/invoke", "application/octet-stream", u64(1 << 62), 413, "out_of_memory"},
		{"zero-size buffer from input", "POST", "/v1/functions/sized/invoke", "application/octet-stream", u64(0), 200, ""},
		{"unknown function", "POST", "/v1/functions/nope/invoke", "application/msgpack", mp(nil), 404, "not_found"},
		{"unknown library", "GET", "/v1/libraries/nope", "", nil, 404, "not_found"},
		{"unknown route", "GET", "/v1/whatever", "", nil, 404, "not_found"},
		{"wrong method", "DELETE", "/v1/functions/matmul/invoke", "", nil, 405, "method_not_allowed"},
		{"bad access body", "PUT", "/v1/functions/matmul/access", "application/json", []byte(`{"publik": true}`), 400, "bad_request"},
		{"bad timeout header", "POST", "/v1/functions/matmul/invoke?", "application/msgpack", mp(map[string][]byte{"cfg": cfg, "A": A}), 200, ""},
		{"junk library", "PUT", "/v1/libraries/junk", "application/octet-stream", []byte{0x7f, 'E', 'L', 'F', 1, 2, 3}, 422, "invalid_library"},
	}
	for _, c := range cases {
		a := s.do(c.method, c.path, c.ctype, c.body)
		if a.status != c.status || (c.code != "" && a.code != c.code) {
			t.Errorf("%s: %d %s (%s), want %d %s", c.name, a.status, a.code, a.message, c.status, c.code)
		}
		good(c.name)
	}
	if a := s.do("POST", "/v1/functions/matmul/invoke", "application/msgpack", mp(map[string][]byte{"cfg": cfg, "A": A}), "X-Gpufn-Timeout", "soon"); a.status != 400 {
		t.Errorf("bad X-Gpufn-Timeout: %d", a.status)
	}
	good("bad timeout")
}

// rss reads a process's resident memory in KiB.
func rss(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	return -1
}

// Offered load at about twice what the server can do: every request is answered with 200 or
// 429, none hangs, the server's memory stays bounded, and afterwards it serves normally.
func TestOverload(t *testing.T) {
	if testing.Short() {
		t.Skip("30 s of load")
	}
	s := start(t, "--engine", "sequential", "--queue-depth", "32")
	s.uploadExamples("testkernels")
	// Each invocation keeps the device 5 ms: the server does at most 200 per second.
	s.mustPut("/v1/functions/work", config("spin_ns", "", `"X"`, `{"Constant": 5000000}`, "X"))
	const rate, dur = 400, 30 * time.Second
	c := &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 512}}
	body, _ := msgpackMarshal(map[string][]byte{"X": make([]byte, 4096)})
	var ok, limited, other, errs atomic.Int64
	var wg sync.WaitGroup
	maxRSS := 0
	// The worker is stopped until the first 429: however fast the client manages to send on a
	// loaded machine, the queue then fills and some are refused, which the test requires (the
	// rest of the run is at the offered rate, whatever each side's speed).
	cont := s.stopWorkers()
	stop := time.Now().Add(dur)
	tick := time.NewTicker(time.Second / rate)
	for n := 0; time.Now().Before(stop); n++ {
		<-tick.C
		if limited.Load() > 0 {
			cont()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest("POST", s.url+"/v1/functions/work/invoke", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/msgpack")
			resp, err := c.Do(req)
			if err != nil {
				errs.Add(1)
				return
			}
			resp.Body.Close()
			switch resp.StatusCode {
			case 200:
				ok.Add(1)
			case 429:
				limited.Add(1)
			default:
				other.Add(1)
			}
		}()
		if n%rate == 0 {
			maxRSS = max(maxRSS, rss(s.cmd.Process.Pid))
		}
	}
	tick.Stop()
	cont()
	wg.Wait()
	t.Logf("%d answered 200, %d answered 429, %d other, %d transport errors; server RSS peaked at %d MiB", ok.Load(), limited.Load(), other.Load(), errs.Load(), maxRSS>>10)
	if other.Load() > 0 || errs.Load() > 0 || ok.Load() == 0 || limited.Load() == 0 {
		t.Fatal("want only 200s and 429s, some of each")
	}
	const boundMiB = 256
	if maxRSS>>10 > boundMiB {
		t.Fatalf("the server's memory reached %d MiB; the bound is %d MiB", maxRSS>>10, boundMiB)
	}
	if a := s.invoke("work", map[string][]byte{"X": {1}}); a.status != 200 {
		t.Fatalf("after the overload: %d %s", a.status, a.message)
	}
}

// SIGTERM during a stream of requests: every request in flight is answered, the process
// exits 0 with its drain complete (within the drain timeout), and no worker process is left
// behind.
func TestGracefulShutdown(t *testing.T) {
	s := start(t, "--engine", "concurrent", "--workers", "2", "--drain-timeout", "20s")
	s.uploadExamples("testkernels")
	s.mustPut("/v1/functions/work", config("spin_ns", "", `"X"`, `{"Constant": 20000000}`, "X"))
	var pids []int
	for _, w := range s.engines()[0].Workers {
		pids = append(pids, w.PID)
	}
	c := &http.Client{Timeout: 30 * time.Second}
	body, _ := msgpackMarshal(map[string][]byte{"X": {1, 2, 3}})
	var answered, refused, lost atomic.Int64
	var inFlight sync.WaitGroup
	stop := make(chan struct{})
	for g := 0; g < 6; g++ {
		inFlight.Add(1)
		go func() {
			defer inFlight.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				req, _ := http.NewRequest("POST", s.url+"/v1/functions/work/invoke", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/msgpack")
				resp, err := c.Do(req)
				if err != nil {
					// After the listener closes, new connections are refused: not a lost request.
					if strings.Contains(err.Error(), "connection refused") {
						refused.Add(1)
						return
					}
					t.Logf("lost: %v", err)
					lost.Add(1)
					return
				}
				resp.Body.Close()
				if resp.StatusCode != 200 && resp.StatusCode != 503 {
					lost.Add(1)
				}
				answered.Add(1)
				if resp.StatusCode == 503 {
					return // draining: a well-behaved client stops sending here
				}
			}
		}()
	}
	waitFor(t, "requests to be answered", func() bool { return answered.Load() >= 12 }) // a stream is flowing
	t0 := time.Now()
	s.cmd.Process.Signal(syscall.SIGTERM)
	var err error
	select {
	case err = <-s.done:
		s.done <- err
	case <-time.After(2 * time.Minute): // a hung server, not a slow one
		s.cmd.Process.Signal(syscall.SIGQUIT) // its goroutines in the log
		select {
		case err = <-s.done:
		case <-time.After(10 * time.Second):
			s.cmd.Process.Kill()
			err = <-s.done
		}
		s.done <- err
		t.Fatalf("no exit 2 minutes after SIGTERM: %v", err)
	}
	took := time.Since(t0)
	close(stop)
	inFlight.Wait()
	if err != nil {
		t.Fatalf("exit: %v", err)
	}
	// The drain finished what was admitted before its timeout: it did not give up on any.
	if logs := s.logs.String(); strings.Contains(logs, "drain incomplete") || !strings.Contains(logs, "engines stopped") {
		t.Fatalf("the drain did not complete:\n%s", logs)
	}
	if lost.Load() > 0 {
		t.Fatalf("%d requests got no answer", lost.Load())
	}
	for _, pid := range pids {
		if err := syscall.Kill(pid, 0); err == nil {
			t.Fatalf("worker %d is still alive", pid)
		}
	}
	t.Logf("exit 0 after %v; %d answered, %d refused after the listener closed", took.Round(time.Millisecond), answered.Load(), refused.Load())
}
