package proc

import (
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

// The helper-process pattern: with GPUFN_PROC_TEST=serve the test binary is a server that
// answers GET /readyz on its --listen address until SIGTERM; with GPUFN_PROC_TEST=exit it
// fails at once.
func TestMain(m *testing.M) {
	switch os.Getenv("GPUFN_PROC_TEST") {
	case "serve":
		os.Exit(serveMain(os.Args[1:]))
	case "exit":
		fmt.Fprintln(os.Stderr, "no server today")
		os.Exit(3)
	}
	os.Exit(m.Run())
}

func serveMain(args []string) int {
	listen := ""
	for i, a := range args {
		if a == "--listen" && i+1 < len(args) {
			listen = args[i+1]
		}
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	srv := &fasthttp.Server{Handler: func(c *fasthttp.RequestCtx) {
		if string(c.Path()) == "/readyz" {
			c.SetBodyString("ready")
			return
		}
		c.SetStatusCode(404)
	}}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM)
	go func() { <-sigs; _ = srv.Shutdown() }()
	fmt.Fprintln(os.Stderr, "serving")
	if err := srv.Serve(ln); err != nil {
		return 1
	}
	fmt.Fprintln(os.Stderr, "stopped")
	return 0
}

func testBinary(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// A server is started on a port of its own, logged, ready when StartServer returns, and stopped
// by SIGTERM; a second Stop returns what the first did.
func TestStartAndStop(t *testing.T) {
	exe := testBinary(t)
	logPath := filepath.Join(t.TempDir(), "logs", "s.log")
	s, err := StartServer(ServerSpec{Name: "s", Binary: exe, Args: []string{"-x"}, Env: []string{"GPUFN_PROC_TEST=serve"}}, logPath, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	addr, ok := strings.CutPrefix(s.URL, "http://127.0.0.1:")
	if !ok || strings.Join(s.Cmd, " ") != exe+" -x --listen 127.0.0.1:"+addr {
		t.Errorf("URL %q, command %q", s.URL, s.Cmd)
	}
	st, body, err := fasthttp.Get(nil, s.URL+"/readyz")
	if err != nil || st != 200 || string(body) != "ready" {
		t.Fatalf("GET /readyz: %d %q %v", st, body, err)
	}
	if err := s.Stop(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	if err := s.Stop(10 * time.Second); err != nil {
		t.Fatalf("second stop: %v", err)
	}
	<-s.Exited()
	log, _ := os.ReadFile(logPath)
	if !strings.HasPrefix(string(log), "# "+exe+" -x --listen 127.0.0.1:") || !strings.Contains(string(log), "serving\nstopped\n") {
		t.Errorf("log:\n%s", log)
	}
}

// A process that ends before it is ready fails the start, with its log's tail in the error; one
// that ended by itself after the start makes Stop say so.
func TestStartFailsAndExitedServer(t *testing.T) {
	exe := testBinary(t)
	logPath := filepath.Join(t.TempDir(), "gone.log")
	_, err := StartServer(ServerSpec{Name: "gone", Binary: exe, Env: []string{"GPUFN_PROC_TEST=exit"}}, logPath, time.Minute)
	if err == nil || !strings.Contains(err.Error(), "bench: gone: the server process ended before it was ready") ||
		!strings.Contains(err.Error(), "no server today") {
		t.Fatalf("start: %v", err)
	}
	s, err := StartServer(ServerSpec{Name: "s", Binary: exe, Env: []string{"GPUFN_PROC_TEST=serve"}}, "", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-s.Exited()
	if err := s.Stop(10 * time.Second); err == nil || !strings.Contains(err.Error(), "bench: s had exited by itself") {
		t.Fatalf("stop: %v", err)
	}
}
