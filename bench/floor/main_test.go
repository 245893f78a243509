package floor

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"
	"testing"
)

// The helper-process pattern: with GPUFN_BENCH_ECHO=1 the test binary is the echo server as a
// process of its own (as `gpufn bench echo-server --listen ADDR` is).
func TestMain(m *testing.M) {
	if os.Getenv("GPUFN_BENCH_ECHO") == "1" {
		os.Exit(echoServerMain(os.Args[1:]))
	}
	os.Exit(m.Run())
}

func echoServerMain(args []string) int {
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := ServeEcho(ctx, ln, 64<<20); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
