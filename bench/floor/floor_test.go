package floor

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"gpufn/bench/internal/benchtest"
	"gpufn/bench/load"
	"gpufn/bench/proc"
)

func TestMeasureFloor(t *testing.T) {
	t.Parallel()
	spec, _ := load.ParseWorkload("matmul-n16")
	var log strings.Builder
	f, err := Measure(context.Background(), Config{Workloads: []load.WorkloadSpec{spec}, Iterations: 200, Conns: 4, Duration: 100 * time.Millisecond,
		Rate: 200, RateDuration: 100 * time.Millisecond, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Points) != 2 || f.Points[0].Name != "64B" || f.Points[1].Name != "matmul-n16" {
		t.Fatalf("%+v", f.Points)
	}
	p := f.Points[1]
	if p.ResponseBytes != 8*(16*16+1) || p.RequestBytes <= p.ResponseBytes || p.Serial.Count != 200 ||
		p.Serial.P50 <= 0 || p.Serial.P99 < p.Serial.P50 || p.Serial.Min > p.Serial.P50 || p.ClosedLoopRPS <= 0 ||
		p.OpenLoop == nil || p.OpenLoop.Count != 20 || p.OpenLoopRate != 200 {
		t.Fatalf("%+v", p)
	}
	if !strings.Contains(log.String(), "http floor matmul-n16") {
		t.Errorf("log %q", log.String())
	}
}

// The floor with its echo server in a process of its own (gpufn bench echo-server, here the
// test binary), and with one given by URL: the closed loop reports the client's CPU per request.
func TestMeasureFloorEchoProcess(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := load.ParseWorkload("matmul-n16")
	echo := proc.ServerSpec{Name: "echo", Binary: exe, Args: []string{"echo-server"}, Env: []string{"GPUFN_BENCH_ECHO=1"}}
	f, err := Measure(context.Background(), Config{Workloads: []load.WorkloadSpec{spec}, Iterations: 50, Conns: 2,
		Duration: 50 * time.Millisecond, Rate: -1, Server: &echo, Client: load.ClientOptions{SpinWait: time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(f.Server, exe+" echo-server --listen 127.0.0.1:") || f.SpinWaitMS != 1 || len(f.Points) != 2 {
		t.Fatalf("%+v", f)
	}
	for _, p := range f.Points {
		if p.Serial.Count != 50 || p.ClosedLoopRPS <= 0 || p.ClosedLoopErrors != 0 || p.ClosedLoopCPUUS <= 0 || p.OpenLoop != nil {
			t.Errorf("%+v", p)
		}
	}
	srv := benchtest.StartFake(t, EchoHandler(1<<20))
	f, err = Measure(context.Background(), Config{Iterations: 10, Duration: -1, Rate: -1, URL: srv.URL})
	if err != nil || f.Server != srv.URL || len(f.Points) != 1 || f.Points[0].Serial.Count != 10 || f.Points[0].ClosedLoopConns != 0 {
		t.Fatalf("%+v %v", f, err)
	}
}
