package proc

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/internal/freeport"
)

// ServerSpec is a server the bench starts as a child process: gpufn in one configuration, or
// the dedicated baseline.
type ServerSpec struct {
	// Name is the system's name in results, e.g. "gpufn-c4-mps".
	Name string
	// Desc says what it is, for people.
	Desc string
	// Binary and Args start it; the bench adds "--listen 127.0.0.1:PORT".
	Binary string
	Args   []string
	// Env is added to the bench's own environment, after CUDA_CACHE_DISABLE=1 (so that a
	// module's JIT compilation is never served from the disk cache of an earlier run).
	Env []string
	// Registers is true for gpufn (the bench uploads its library and function) and false for
	// the baseline, which has its one workload built in.
	Registers bool
}

// Server is a running child server. Stop it with Stop.
type Server struct {
	Spec ServerSpec
	URL  string
	Cmd  []string // the full command line
	cmd  *exec.Cmd
	// exited is closed when the process has been waited for; waitErr is its status then.
	exited  chan struct{}
	waitErr error
	stop    sync.Once
	stopErr error
	log     *os.File
}

// StartServer starts spec on a free loopback port, logging its output to logPath ("" for
// none), and waits up to readyTimeout for GET /readyz to answer 200.
func StartServer(spec ServerSpec, logPath string, readyTimeout time.Duration) (*Server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	args := append([]string{}, spec.Args...)
	args = append(args, "--listen", addr)
	cmd := exec.Command(spec.Binary, args...)
	cmd.Env = append(append(os.Environ(), "CUDA_CACHE_DISABLE=1"), spec.Env...)
	// A process group of its own: if the server must be killed, its workers go with it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	s := &Server{Spec: spec, URL: "http://" + addr, Cmd: append([]string{spec.Binary}, args...), cmd: cmd, exited: make(chan struct{})}
	if logPath != "" {
		if err := os.MkdirAll(filepath.Dir(logPath), 0o755); err != nil {
			return nil, err
		}
		f, err := os.Create(logPath)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(f, "# %s\n", strings.Join(s.Cmd, " "))
		s.log, cmd.Stdout, cmd.Stderr = f, f, f
	}
	if err := cmd.Start(); err != nil {
		s.closeLog()
		return nil, fmt.Errorf("bench: starting %s: %w", spec.Name, err)
	}
	go func() { s.waitErr = cmd.Wait(); close(s.exited) }()
	if err := waitReady(addr, readyTimeout, s.exited); err != nil {
		s.Stop(5 * time.Second)
		return nil, fmt.Errorf("bench: %s: %w%s", spec.Name, err, LogTail(logPath))
	}
	return s, nil
}

// Stop ends the server: SIGTERM, then after timeout SIGKILL to its process group. It is safe
// to call twice; the second call returns what the first did.
func (s *Server) Stop(timeout time.Duration) error {
	s.stop.Do(func() { s.stopErr = s.doStop(timeout) })
	return s.stopErr
}

func (s *Server) doStop(timeout time.Duration) error {
	defer s.closeLog()
	select {
	case <-s.exited:
		// Whatever it left in its process group (workers) goes too.
		_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		return fmt.Errorf("bench: %s had exited by itself: %v", s.Spec.Name, s.waitErr)
	default:
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
		return exitErr(s.waitErr)
	case <-time.After(timeout):
	}
	_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
	<-s.exited
	return fmt.Errorf("bench: %s did not stop within %v after SIGTERM and was killed", s.Spec.Name, timeout)
}

// Exited is closed when the server process has ended.
func (s *Server) Exited() <-chan struct{} { return s.exited }

func (s *Server) closeLog() {
	if s.log != nil {
		s.log.Close()
		s.log = nil
	}
}

// exitErr ignores the exit status a server gives when it stops on SIGTERM.
func exitErr(err error) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGTERM {
			return nil
		}
	}
	return err
}

// freeAddr is a loopback address for a server to listen on, outside the kernel's ephemeral
// range where it leaves room (internal/freeport: no other bind to port 0 takes it before the
// server listens).
func freeAddr() (string, error) {
	ports, _, err := freeport.Loopback(1)
	if err != nil {
		return "", err
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[0])), nil
}

// LogTail returns the last lines of a log file, for error messages.
func LogTail(path string) string {
	if path == "" {
		return ""
	}
	b, err := os.ReadFile(path)
	if err != nil || len(b) == 0 {
		return ""
	}
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return "\n--- " + path + " (tail) ---\n" + string(bytes.TrimSpace(b))
}

// waitReady polls GET /readyz on addr until it answers 200 or the timeout passes. A server
// process that ends while we wait (exited is closed) ends the wait.
func waitReady(addr string, timeout time.Duration, exited <-chan struct{}) error {
	hc := &fasthttp.HostClient{Addr: addr, Name: "gpufn-bench", MaxConns: 4, ReadTimeout: 10 * time.Second,
		WriteTimeout: 10 * time.Second, NoDefaultUserAgentHeader: true, MaxIdemponentCallAttempts: 1}
	defer hc.CloseIdleConnections()
	url := "http://" + addr + "/readyz"
	deadline := time.Now().Add(timeout)
	var last error
	for time.Now().Before(deadline) {
		st, body, err := get(hc, url)
		if err == nil && st == 200 {
			return nil
		}
		if err == nil {
			last = fmt.Errorf("GET /readyz: HTTP %d: %s", st, strings.TrimSpace(string(body)))
		} else {
			last = err
		}
		select {
		case <-exited:
			return errors.New("the server process ended before it was ready")
		case <-time.After(50 * time.Millisecond):
		}
	}
	return fmt.Errorf("server at http://%s not ready after %v: %v", addr, timeout, last)
}

// get sends one GET with a 2 s timeout and returns the status and a copy of the body.
func get(hc *fasthttp.HostClient, url string) (int, []byte, error) {
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI(url)
	req.Header.SetMethod("GET")
	if err := hc.DoTimeout(req, resp, 2*time.Second); err != nil {
		return 0, nil, fmt.Errorf("GET %s: %w", url, err)
	}
	return resp.StatusCode(), append([]byte(nil), resp.Body()...), nil
}
