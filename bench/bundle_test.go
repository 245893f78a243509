package bench

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpufn/bench/report"
	"gpufn/examples"
	"gpufn/weights"
)

// writeMLPBundle writes the MLP example as a bundle (the layout the exporter writes).
func writeMLPBundle(t *testing.T, dir string) {
	t.Helper()
	b, err := examples.MLPBundle(7, 3)
	if err == nil {
		err = b.Write(dir)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// A bundle workload against a real gpufn on the cpu device, through compare (which starts
// the server with a data directory of its own): the bundle is deployed, its first answer and
// every answer of the runs are checked against the reference (none wrong), three copies of its
// weight set are placed and timed (the place stage), the closed loop of one connection is the
// serial run with the kernel stage beside it (run without a sweep, as scripts/gpu-models.sh
// runs the models: the closed loop still runs), and the summary has the models' tables and
// checks against a PyTorch baseline file.
func TestBundleWorkloadOnCPUServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts gpufn")
	}
	bin := buildGpufn(t)
	dir, out := filepath.Join(t.TempDir(), "mlp", "b1"), t.TempDir()
	writeMLPBundle(t, dir)
	args := []string{"--gpufn", bin, "--device", "cpu", "--systems", "seq,baseline", "--workload", "bundle:" + dir, "--name", "mlp",
		"--sweep", "none", "--closed-loop", "1", "--low-spin-wait", "2ms",
		"--duration", "1s", "--warmup", "100ms", "--settle", "10ms", "--low-rate", "10", "--low-duration", "1s", "--timeout", "60s",
		"--min-achieved", "0", "--p99-factor", "0", "--max-growth", "0", "--confirm", "0", "--progress", "off", "--out", out, "--machine", "test"}
	if err := cmdCompare(context.Background(), args); err != nil {
		t.Fatal(err)
	}
	res, err := report.ReadResults(filepath.Join(out, "mlp.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Systems) != 2 || !strings.Contains(res.Systems[1].Error, "no bundle workloads") {
		t.Fatalf("the baseline with a bundle: %+v", res.Systems[1:])
	}
	s := res.Systems[0]
	if s.Error != "" {
		t.Fatalf("%s: %s%s", s.Name, s.Error, logTail(out))
	}
	m := s.Model
	if m == nil || m.Function != "mlp" || m.Libraries != 1 || m.First["kernel"] <= 0 || m.First["place"] <= 0 {
		t.Fatalf("model info %+v", m)
	}
	if len(m.Placements) != 3 || m.PlaceP50MS <= 0 || m.PlaceMaxMS < m.PlaceP50MS || m.WeightBytes != int64(len(examples.MLPWeights(7)))-headerBytes(t) {
		t.Fatalf("placements %+v (p50 %v max %v, %d bytes)", m.Placements, m.PlaceP50MS, m.PlaceMaxMS, m.WeightBytes)
	}
	for _, p := range m.Placements {
		if p["place"] <= 0 || p["load"] != 0 { // the library is loaded already: only the set is new
			t.Fatalf("a placement's stages: %v", p)
		}
	}
	runs := append(s.Runs(), s.ClosedLoop)
	for _, r := range runs {
		if r == nil || r.OK == 0 || r.Errors != 0 {
			t.Fatalf("run %+v", r)
		}
		if _, ok := r.Stages["place"]; ok {
			t.Errorf("a measured run placed the weight set again: %v", r.Stages["place"])
		}
	}
	if cl := s.ClosedLoop; cl.Conns != 1 || cl.Stages["kernel"].P50 <= 0 || cl.SpinWaitMS != 2 {
		t.Fatalf("the serial run: %d conns, spin-wait %v ms, stages %v", cl.Conns, cl.SpinWaitMS, cl.Stages)
	}
	// The serial floor is measured as the serial run: one connection, the client spinning alike.
	if e := res.EchoClosedLoop; e == nil || e.Conns != 1 || e.OK == 0 || e.SpinWaitMS != 2 {
		t.Fatalf("the echo floor's serial run: %+v", e)
	}
	// Two PyTorch files (one per device call): their runs add up.
	for name, torch := range map[string]string{
		"torch-baseline-a.json": `{"kind": "torch-baseline", "torch": "2.11.0", "gpu": "test", "runs": [
		{"model": "bundle-mlp", "config": "compile-ro-bf16", "batch": 1, "p50_ms": 1000, "items_per_s": 1},
		{"model": "bundle-mlp", "config": "eager-fp32", "batch": 1, "error": "out of memory"}]}`,
		"torch-baseline-b.json": `{"kind": "torch-baseline", "torch": "2.11.0", "gpu": "test", "runs": [
		{"model": "bundle-mlp", "config": "eager-fp32", "batch": 1, "p50_ms": 2000, "items_per_s": 1}]}`,
	} {
		if err := os.WriteFile(filepath.Join(out, name), []byte(torch), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	d, err := report.LoadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	sum := d.Summary()
	for _, want := range []string{"## Models", "| gpufn-seq |", "error: out of memory", "placing the weight set on a running worker (p50 of 3;",
		"serial HTTP p50 <= GPU path + 150 us",
		"| bundle-mlp-b1 gpufn-seq: GPU path <= 1.2x torch.compile reduce-overhead bf16 b1 |",
		"| bundle-mlp-b1 gpufn-seq: GPU path < eager fp32 b1 |", "| 2000.000 ms | pass |"} {
		if !strings.Contains(sum, want) {
			t.Errorf("the summary lacks %q:\n%s", want, sum)
		}
	}
}

func headerBytes(t *testing.T) int64 {
	h, err := weights.Parse(examples.MLPWeights(7))
	if err != nil {
		t.Fatal(err)
	}
	return int64(h.DataOffset)
}

func logTail(out string) string {
	b, _ := os.ReadFile(filepath.Join(out, "logs", "mlp-gpufn-seq.log"))
	return "\n" + string(b[max(0, len(b)-2000):])
}
