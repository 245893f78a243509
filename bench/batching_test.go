package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"gpufn/bench/load"
	"gpufn/bench/proc"
	"gpufn/bench/report"
	"gpufn/examples"
)

// A batched bundle (the batching example: one raw input, variants m_b2 and m_b4, here with a
// queue delay of 20 ms so that requests 5 ms apart batch) run with --batching on and then off
// against a real gpufn on the cpu device: both runs are answered correctly (off sends the
// same raw body to the copy registered without "batching", so with the same Content-Type),
// the server counts batch runs during on and none during off, and each run's cleanup leaves
// nothing on the server: not the function, its variants, its unbatched copy nor its library.
func TestBatchedBundleOnAndOffOnCPUServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts gpufn")
	}
	dir := t.TempDir()
	bdir := filepath.Join(dir, "batched")
	b := examples.BatchingBundle(5)
	b["function.json"] = examples.BatchingConfig("m", []int{2, 4}, 20_000, "", nil)
	if err := b.Write(bdir); err != nil {
		t.Fatal(err)
	}
	srv := startCPUServer(t, dir, nil)
	c, err := load.NewClient(srv.URL, load.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseIdle()
	batchRuns := func() uint64 {
		t.Helper()
		st, body, err := c.Do("GET", "/v1/engines", "", nil, 30*time.Second)
		if err != nil || st != 200 {
			t.Fatalf("GET /v1/engines: %d %v", st, err)
		}
		var es struct {
			Engines []struct {
				BatchRuns uint64 `json:"batch_runs"`
			} `json:"engines"`
		}
		if err := json.Unmarshal(body, &es); err != nil || len(es.Engines) == 0 {
			t.Fatalf("GET /v1/engines: %v: %.300s", err, body)
		}
		var n uint64
		for _, e := range es.Engines {
			n += e.BatchRuns
		}
		return n
	}
	for _, mode := range []string{"on", "off"} {
		before := batchRuns()
		args := []string{"--url", srv.URL, "--workload", "bundle:" + bdir, "--batching", mode, "--rate", "200",
			"--duration", "1s", "--warmup", "100ms", "--timeout", "30s", "--min-achieved", "0", "--p99-factor", "0", "--max-growth", "0",
			"--progress", "off", "--out", dir, "--name", "b-" + mode, "--machine", "test"}
		if err := cmdRun(context.Background(), args, false); err != nil {
			t.Fatalf("batching %s: %v%s", mode, err, proc.LogTail(filepath.Join(dir, "server.log")))
		}
		res, err := report.ReadResults(filepath.Join(dir, "b-"+mode+".json"))
		if err != nil {
			t.Fatal(err)
		}
		r := res.Systems[0].Steps[0]
		if r.Errors != 0 || r.OK == 0 || r.OK != r.Scheduled {
			t.Errorf("batching %s: scheduled %d ok %d errors %d %v", mode, r.Scheduled, r.OK, r.Errors, r.ErrorSamples)
		}
		switch runs := batchRuns() - before; {
		case mode == "on" && runs == 0:
			t.Errorf("batching on: no batch ran for %d requests 5 ms apart with a queue delay of 20 ms (batch sizes %v)", r.OK, r.BatchSizes)
		case mode == "off" && runs != 0:
			t.Errorf("batching off: %d batches ran (batch sizes %v)", runs, r.BatchSizes)
		}
		for _, path := range []string{"/v1/functions", "/v1/libraries"} {
			st, body, err := c.Do("GET", path, "", nil, 30*time.Second)
			if err != nil || st != 200 {
				t.Fatalf("GET %s: %d %v", path, st, err)
			}
			for _, name := range []string{`"m"`, `"m_b2"`, `"m_b4"`, `"m-unbatched"`, `"batch"`} {
				if bytes.Contains(body, []byte(name)) {
					t.Errorf("after the run with batching %s, GET %s still lists %s: %.300s", mode, path, name, body)
				}
			}
		}
	}
}
