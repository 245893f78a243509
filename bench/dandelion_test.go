package bench

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpufn/bench/load"
	"gpufn/bench/proc"
	"gpufn/bench/report"
	"gpufn/bench/sweep"
)

// buildGpufn builds the gpufn binary (the bench imports no server package: it runs the
// server as a process, as it would any other).
func buildGpufn(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("GPUFN_BIN"); p != "" {
		return p
	}
	bin := filepath.Join(t.TempDir(), "gpufn")
	out, err := exec.Command("go", "build", "-o", bin, "gpufn/cmd/gpufn").CombinedOutput()
	if err != nil {
		t.Fatalf("building gpufn: %v\n%s", err, out)
	}
	return bin
}

// startCPUServer builds gpufn and starts it on the cpu device with two workers and serverArgs,
// its log in dir/server.log; it is stopped when the test ends.
func startCPUServer(t *testing.T, dir string, serverArgs []string) *proc.Server {
	t.Helper()
	spec, err := (sweep.SystemOptions{GPUfn: buildGpufn(t), CPUWorkers: 2, ServerArgs: serverArgs}).System("cpu", load.WorkloadSpec{})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := proc.StartServer(spec, filepath.Join(dir, "server.log"), 2*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Stop(30 * time.Second) })
	return srv
}

// The dandelion workload against a real gpufn on the cpu device, at a small N: every answer
// is checked against the reference (none wrong, none failed), the counts add up (hot and
// cold requests, distinct cold functions at most the cold set), the all-hot run sits beside
// the mix at its rates, and the bench leaves nothing registered. The holding rule's latency
// and achieved-rate parts are off: they would make the test depend on this machine's speed.
func TestDandelionOnCPUServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts gpufn")
	}
	dir := t.TempDir()
	srv := startCPUServer(t, dir, sweep.LibraryLimitArgs(200))
	args := []string{"--url", srv.URL, "--workload", "matmul", "--functions", "50", "--hot-set", "5", "--hot-percent", "80",
		"--sweep", "step", "--start", "20", "--step", "20", "--max-rate", "40", "--figure-points", "2",
		"--duration", "1s", "--warmup", "200ms", "--settle", "10ms", "--low-rate", "10", "--low-duration", "1s", "--timeout", "60s",
		"--min-achieved", "0", "--p99-factor", "0", "--max-growth", "0", "--confirm", "0",
		"--parallel", "4", "--progress", "off", "--out", dir, "--machine", "test"}
	if err := cmdDandelion(context.Background(), args); err != nil {
		t.Fatalf("%v%s", err, proc.LogTail(filepath.Join(dir, "server.log")))
	}
	res, err := report.ReadResults(filepath.Join(dir, "dandelion-matmul.json"))
	if err != nil {
		t.Fatal(err)
	}
	if m := res.Method.Dandelion; m == nil || m.Functions != 50 || m.HotSet != 5 || m.HotPercent != 80 {
		t.Fatalf("method %+v", res.Method.Dandelion)
	}
	mix, hot := res.Systems[0], res.Systems[1]
	if mix.LowLoad == nil || len(mix.Steps) == 0 || len(hot.Steps) == 0 {
		t.Fatalf("mix: low %v, %d steps; all-hot %d steps", mix.LowLoad, len(mix.Steps), len(hot.Steps))
	}
	mixRates := map[float64]bool{}
	for _, r := range mix.Runs() {
		mixRates[r.Offered] = true
		if r.Errors != 0 || r.OK != r.Scheduled || r.OK != r.Hot.Count+r.Cold.Count || r.ColdSent != r.Cold.Count {
			t.Errorf("mix at %v/s: scheduled %d ok %d errors %d %v; hot %d cold %d (sent %d)", r.Offered, r.Scheduled, r.OK, r.Errors,
				r.ErrorSamples, r.Hot.Count, r.Cold.Count, r.ColdSent)
		}
		// 20% cold, spread evenly: every fifth request.
		if want := r.Scheduled / 5; r.ColdSent != want {
			t.Errorf("mix at %v/s: %d cold of %d; want %d", r.Offered, r.ColdSent, r.Scheduled, want)
		}
		if r.ColdFunctions < 1 || r.ColdFunctions > 45 || r.ColdFunctions > r.ColdSent {
			t.Errorf("mix at %v/s: %d distinct cold functions of %d cold requests", r.Offered, r.ColdFunctions, r.ColdSent)
		}
	}
	for _, r := range hot.Steps {
		if !mixRates[r.Offered] || r.Errors != 0 || r.OK != r.Scheduled || r.ColdSent != 0 || r.ColdFunctions != 0 {
			t.Errorf("all-hot at %v/s: scheduled %d ok %d errors %d cold %d", r.Offered, r.Scheduled, r.OK, r.Errors, r.ColdSent)
		}
	}
	for _, f := range []string{"dandelion-matmul.csv", "dandelion-matmul-latency.png", "dandelion-matmul-latency.svg"} {
		if fi, err := os.Stat(filepath.Join(dir, f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	// Nothing the bench registered is left on the server.
	c, err := load.NewClient(srv.URL, load.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseIdle()
	for _, path := range []string{"/v1/functions", "/v1/libraries"} {
		st, body, err := c.Do("GET", path, "", nil, 30*time.Second)
		if err != nil || st != 200 || bytes.Contains(body, []byte("bench-")) {
			t.Errorf("GET %s: %d %v: %.300s", path, st, err, body)
		}
	}
	d, err := report.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s := d.Summary(); !strings.Contains(s, "Dandelion workload: 50 functions") || !strings.Contains(s, "| 20/s |") {
		t.Errorf("summary:\n%s", s)
	}
}
