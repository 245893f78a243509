package vegeta

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpufn/bench/floor"
	"gpufn/bench/internal/benchtest"
	"gpufn/bench/load"
)

// fakeVegetaMain acts as vegeta: "attack" checks its flags and targets and writes a results
// file; "report -type=json FILE" prints a report whose latencies are fixed (p50 1 ms, p99 2 ms).
func fakeVegetaMain(args []string) int {
	if len(args) > 0 && args[0] == "-version" {
		fmt.Println("Version: fake")
		return 0
	}
	flags := map[string]string{}
	for _, a := range args[1:] {
		if k, v, ok := strings.Cut(strings.TrimLeft(a, "-"), "="); ok {
			flags[k] = v
		}
	}
	switch args[0] {
	case "attack":
		b, err := os.ReadFile(flags["targets"])
		if err != nil || flags["format"] != "json" || !strings.HasSuffix(flags["rate"], "/1s") {
			fmt.Fprintln(os.Stderr, "bad attack", args, err)
			return 1
		}
		var tgt struct {
			Method, URL, Body string
			Header            map[string][]string
		}
		line, _, _ := strings.Cut(string(b), "\n")
		if err := json.Unmarshal([]byte(line), &tgt); err != nil || tgt.Method != "POST" || tgt.Header["Content-Type"][0] != "application/msgpack" {
			fmt.Fprintln(os.Stderr, "bad target", err)
			return 1
		}
		if _, err := base64.StdEncoding.DecodeString(tgt.Body); err != nil {
			return 1
		}
		return writeFile(flags["output"], flags["rate"]+" "+flags["duration"])
	case "encode":
		// The results as CSV (vegeta's 12 columns): the attack's rate times its duration
		// requests, sent in pairs, a pair every two intervals.
		if len(args) != 4 || args[1] != "-to" || args[2] != "csv" {
			fmt.Fprintln(os.Stderr, "bad encode", args)
			return 1
		}
		b, err := os.ReadFile(args[3])
		if err != nil {
			return 1
		}
		var r float64
		var d string
		fmt.Sscanf(string(b), "%g/1s %s", &r, &d)
		dur, err := time.ParseDuration(d)
		if err != nil {
			return 1
		}
		// Latencies as the report's: its p50, and its p99 for the last request.
		p50, p99 := fakeVegetaLatencies(args[3])
		interval := time.Duration(float64(time.Second) / r)
		base := time.Now().UnixNano()
		n := int(math.Round(r * dur.Seconds()))
		for i := 0; i < n; i++ {
			ts := base + int64(i-i%2)*int64(interval)
			lat := p50
			if i == n-1 {
				lat = p99
			}
			fmt.Printf("%d,200,%d,100,100,,,,%d,POST,http://x/,\n", ts, lat, i)
		}
		return 0
	case "report":
		last := args[len(args)-1]
		rate, _ := os.ReadFile(last)
		var r float64
		fmt.Sscanf(string(rate), "%g/1s", &r)
		p50, p99 := fakeVegetaLatencies(last)
		fmt.Printf(`{"latencies":{"total":1,"mean":1100000,"50th":%d,"90th":1500000,"95th":1800000,"99th":%d,"max":3000000,"min":300000},`+
			`"requests":%d,"rate":%g,"throughput":%g,"success":1,"status_codes":{"200":%d},"errors":[]}`, p50, p99, int(r), r, r, int(r))
		return 0
	}
	return 2
}

// fakeVegetaLatencies are the fake vegeta's p50 and p99 in ns for a results file: against the
// server 1 and 2 s; against the echo server 0.4 and 0.6 s (far from anything the bench
// measures here, so that nothing agrees by chance).
func fakeVegetaLatencies(results string) (p50, p99 int) {
	if strings.Contains(filepath.Base(results), "echo-") {
		return 400000000, 600000000
	}
	return 1000000000, 2000000000
}

func writeFile(path, s string) int {
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		return 1
	}
	return 0
}

func TestVegetaCheck(t *testing.T) {
	t.Setenv("GPUFN_BENCH_FAKE_VEGETA", "1")
	fake := benchtest.NewFakeGpufn(true)
	f := benchtest.StartFake(t, fake.Handle)
	c := newTestClient(t, f.URL)
	spec, _ := load.ParseWorkload("matmul-n16")
	w, err := load.PrepareWorkload(c, spec, load.WorkloadOptions{Distinct: 2})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	echo := benchtest.StartFake(t, floor.EchoHandler(1<<20))
	var log strings.Builder
	// At least 6 samples per tool and rate: 40/s runs 150 ms, 80/s the 100 ms floor, 20/s the
	// 200 ms cap (4 samples; 6 would take 300 ms). The echo runs keep the floor.
	vc, err := RunCheck(context.Background(), c, w, Config{Vegeta: os.Args[0], Rates: []float64{40, 80, 20},
		Run: load.RunConfig{System: "fake", Duration: 100 * time.Millisecond}, Rounds: 2, WorkDir: dir, Echo: newTestClient(t, echo.URL),
		MinSamples: 6, MaxDuration: 200 * time.Millisecond, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if len(vc.Points) != 3 || vc.Vegeta != "Version: fake" || vc.Tolerance != 0.1 || vc.Version != 2 || vc.MinSamples != 6 ||
		vc.MaxDurationS != 0.2 || vc.DurationS != 0.1 {
		t.Fatalf("%+v", vc)
	}
	for i, p := range vc.Points {
		wantOK, wantD := []int64{6, 8, 4}[i], []float64{0.15, 0.1, 0.2}[i]
		// vegeta's intervals come from its results: a p99 (2 s) at the end of every round; a
		// handful of samples cannot bound a p99 from above.
		if ci := p.Vegeta.P99CI; ci == nil || ci.Lo != 2000 || ci.Hi != 2000 || !ci.HiOpen || p.Vegeta.P50CI == nil {
			t.Errorf("%g/s: vegeta's intervals %+v %+v", p.Rate, p.Vegeta.P50CI, p.Vegeta.P99CI)
		}
		// ms against s: 8 samples (80/s) resolve the p50s' difference; 6 and 4 leave both
		// p50 intervals open below, so the samples cannot tell.
		if want := p.Rate != 80; p.Undecided != want || p.NetHTTP.Undecided != want || p.Replay.Undecided != want {
			t.Errorf("%g/s: undecided %v %v %v; want %v", p.Rate, p.Undecided, p.NetHTTP.Undecided, p.Replay.Undecided, want)
		}
		if p.Vegeta.P50 != 1000 || p.Vegeta.P99 != 2000 || p.Bench.OK != wantOK || p.Bench.Latency.Count != p.Bench.OK || !p.Comparable {
			t.Errorf("%g/s: %+v", p.Rate, p)
		}
		if abs(p.DurationS-wantD) > 1e-9 || abs(p.Vegeta.DurationS-wantD) > 1e-9 || abs(p.Bench.DurationS-wantD) > 1e-9 {
			t.Errorf("%g/s: durations %v %v %v; want %v", p.Rate, p.DurationS, p.Vegeta.DurationS, p.Bench.DurationS, wantD)
		}
		if p.Samples == nil || p.Samples.Bench != wantOK || p.Samples.BenchNetHTTP != wantOK || p.Samples.Vegeta != p.Vegeta.Requests {
			t.Errorf("%g/s: samples %+v", p.Rate, p.Samples)
		}
		if want := (p.Bench.Latency.P50 - 1000) / 1000; p.DiffP50 != want {
			t.Errorf("diff %v; want %v", p.DiffP50, want)
		}
		if p.Agree != (abs(p.DiffP50) <= 0.1 && abs(p.DiffP99) <= 0.1) {
			t.Errorf("agree %v with diffs %v %v", p.Agree, p.DiffP50, p.DiffP99)
		}
		if p.Bench.HTTPClient != load.HTTPClientFast || p.BenchEcho.HTTPClient != load.HTTPClientFast {
			t.Errorf("the default client's runs: %q %q", p.Bench.HTTPClient, p.BenchEcho.HTTPClient)
		}
		if p.BenchEcho == nil || p.BenchEcho.OK != int64(p.Rate)/10 || p.BenchEcho.Errors != 0 || p.VegetaEcho == nil ||
			abs(p.BenchEcho.DurationS-0.1) > 1e-9 {
			t.Errorf("echo: %+v %+v", p.BenchEcho, p.VegetaEcho)
		}
		b0, v0 := p.BenchEcho.Latency.P50, p.VegetaEcho.P50
		if v0 != 400 {
			t.Errorf("vegeta echo p50 %v", v0)
		}
		if want := (p.Bench.Latency.P50 - b0 - (1000 - v0)) / (1000 - v0); abs(p.NetDiffP50-want) > 1e-9 {
			t.Errorf("net diff %v; want %v", p.NetDiffP50, want)
		}
		// The bench with net/http: its own runs (same rounds, same counts), compared on its own.
		n, ne := p.BenchNetHTTP, p.BenchNetHTTPEcho
		if n == nil || ne == nil || p.NetHTTP == nil || n.HTTPClient != load.HTTPClientNet || ne.HTTPClient != load.HTTPClientNet ||
			n.OK != wantOK || n.Errors != 0 || ne.OK != p.BenchEcho.OK || !n.Holds {
			t.Fatalf("%g/s net/http: %+v %+v %+v", p.Rate, n, ne, p.NetHTTP)
		}
		nd := p.NetHTTP
		if nd.DiffP50 != (n.Latency.P50-1000)/1000 || !nd.Comparable || nd.Agree != (abs(nd.DiffP50) <= 0.1 && abs(nd.DiffP99) <= 0.1) {
			t.Errorf("%g/s net/http diff %+v", p.Rate, nd)
		}
		if want := (n.Latency.P99 - ne.Latency.P50 - (2000 - v0)) / (2000 - v0); abs(nd.NetDiffP99-want) > 1e-9 {
			t.Errorf("net/http net diff p99 %v; want %v", nd.NetDiffP99, want)
		}
		// The bench with net/http on vegeta's send times: as many requests as vegeta sent (the
		// fake sends pairs, a pair every two intervals), compared on their own.
		rp, rd, pc := p.BenchReplay, p.Replay, p.Pacing
		if rp == nil || rd == nil || pc == nil || p.BenchReplayEcho == nil || rp.HTTPClient != load.HTTPClientNet || rp.Phase != "replay" ||
			rp.Scheduled != wantOK || rp.OK != wantOK || p.Samples.BenchReplay != wantOK || !rd.Comparable ||
			p.BenchReplayEcho.Scheduled != int64(p.Rate)/10 {
			t.Fatalf("%g/s replay: %+v %+v %+v %+v", p.Rate, rp, rd, pc, p.BenchReplayEcho)
		}
		if rd.DiffP50 != (rp.Latency.P50-1000)/1000 || rd.Agree != (abs(rd.DiffP50) <= 0.1 && abs(rd.DiffP99) <= 0.1) {
			t.Errorf("%g/s replay diff %+v", p.Rate, rd)
		}
		// Rounds of 3, 4 and 2 sends: gaps 0 and two intervals (a round of one pair has no
		// gap of two); the first of each pair one interval late, the second on time.
		iv := 1000 / p.Rate
		gap90 := []float64{2 * iv, 2 * iv, 0}[i]
		if pc.Sends != int(wantOK) || abs(pc.IntervalMS-iv) > 1e-9 || pc.GapP10 != 0 || abs(pc.GapP90-gap90) > 1e-6 || abs(pc.LateP99-iv) > 1e-6 {
			t.Errorf("%g/s pacing %+v; want gaps 0 and %v ms, the send late by up to %v ms", p.Rate, pc, gap90, iv)
		}
		if s := p.sides(); len(s) != 3 || s[1].bench != n || s[1].echo != ne || s[0].bench != p.Bench || s[2].bench != rp || s[2].client != replayClient {
			t.Errorf("sides %+v", s)
		}
	}
	for _, f := range []string{"targets.json", "rate-40-0.bin", "rate-40-1.bin", "rate-80-1.bin", "echo-targets.json", "echo-rate-80-1.bin"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	for _, want := range []string{"vegeta check 40/s (2 rounds, 150ms per tool): vegeta p50 1.00s p99 2.00s [2.00s, ∞) (40 samples)\n  bench fasthttp ",
		"(6 samples) | diff", "\n  bench nethttp  p50 ", "\n  bench nethttp on vegeta's sends p50 ", "\n  vegeta's sends: gaps p10 0us p50 ",
		"vegeta check matmul-n16: raw, none of the bench's runs agrees with vegeta; net of each tool's echo p50, none"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
	// Written and read back: the file keeps both clients.
	back := reread(t, vc)
	if back.Points[2].NetHTTP == nil || back.Points[2].Samples.Bench != 4 {
		t.Fatalf("%+v", back)
	}
	sum := summaryOf(back)
	for _, want := range []string{"| fasthttp | fasthttp net of echo | nethttp | nethttp net of echo | nethttp on vegeta's sends | nethttp on vegeta's sends net of echo |",
		"| matmul-n16 | fake | 3 | 0 of 3 (+2 within sampling error) | 0 of 3 | 0 of 3 (+2 within sampling error) | 0 of 3 | ", "| 20/s | nethttp | 4 / 20 |", "| 20/s | nethttp on vegeta's sends | 4 / 20 |",
		"| 40/s | 25.00 | 0 / 0 / 50.00 | 25.00 / 25.00 |", "| 20/s | 50.00 | 0 / 0 / 0 | 0 / 50.00 |",
		"each tool ran for 100ms at a rate, or longer to reach 6 samples (at most 200ms)"} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
	// Without replays: two sides, nothing read from vegeta's results.
	vc, err = RunCheck(context.Background(), c, w, Config{Vegeta: os.Args[0], Rates: []float64{40},
		Run: load.RunConfig{System: "fake", Duration: 100 * time.Millisecond}, Rounds: 1, NoReplay: true})
	if err != nil || len(vc.Points) != 1 || vc.Points[0].BenchReplay != nil || vc.Points[0].Pacing != nil || len(vc.Points[0].sides()) != 2 {
		t.Fatalf("without replays: %+v %v", vc, err)
	}
	// Replay only: vegeta and the bench on its send times, nothing on the bench's own schedule,
	// against the echo server too; the summary has only that run.
	var rlog strings.Builder
	vc, err = RunCheck(context.Background(), c, w, Config{Vegeta: os.Args[0], Rates: []float64{40},
		Run: load.RunConfig{System: "fake", Duration: 100 * time.Millisecond}, Rounds: 2, ReplayOnly: true, Echo: newTestClient(t, echo.URL), Log: &rlog})
	if err != nil || len(vc.Points) != 1 || !vc.ReplayOnly {
		t.Fatalf("replay only: %+v %v", vc, err)
	}
	if p := vc.Points[0]; p.Bench != nil || p.BenchNetHTTP != nil || p.NetHTTP != nil || p.BenchEcho != nil || p.BenchReplay == nil ||
		p.BenchReplay.OK != 4 || p.BenchReplayEcho == nil || p.Replay == nil || !p.Replay.Comparable || p.Samples.Bench != 0 ||
		p.Samples.BenchReplay != 4 || len(p.sides()) != 1 || p.sides()[0].client != replayClient {
		t.Errorf("replay only: %+v", p)
	}
	if l := rlog.String(); strings.Contains(l, "bench fasthttp") || strings.Contains(l, "bench nethttp  ") ||
		!strings.Contains(l, "bench nethttp on vegeta's sends p50 ") || !strings.Contains(l, "(rates that agree of those compared: nethttp on vegeta's sends 0 of 1 (1 more within sampling error), net 0 of 1)") {
		t.Errorf("replay only, log:\n%s", l)
	}
	sum = summaryOf(reread(t, vc))
	for _, want := range []string{"| matmul-n16 | fake | 1 | - | - | - | - | 0 of 1 (+1 within sampling error) | 0 of 1 |", "| 40/s | nethttp on vegeta's sends | 4 / 40 |",
		"the bench ran only on vegeta's send times"} {
		if !strings.Contains(sum, want) {
			t.Errorf("replay-only summary lacks %q:\n%s", want, sum)
		}
	}
	if strings.Contains(sum, "| 40/s | fasthttp |") {
		t.Errorf("replay-only summary has a fasthttp row:\n%s", sum)
	}
	if _, err := RunCheck(context.Background(), c, w, Config{Vegeta: os.Args[0], Rates: []float64{40}, ReplayOnly: true, NoReplay: true}); err == nil {
		t.Error("replay only without replays: no error")
	}
	if _, err := RunCheck(context.Background(), c, w, Config{}); err == nil || !strings.Contains(err.Error(), "go install github.com/tsenart/vegeta/v12@v12.12.0") {
		t.Errorf("without vegeta: %v", err)
	}
	nc := newTestClientOf(t, f.URL, load.HTTPClientNet)
	if _, err := RunCheck(context.Background(), nc, w, Config{Vegeta: os.Args[0]}); err == nil || !strings.Contains(err.Error(), "give the default (fasthttp) one") {
		t.Errorf("with a net/http client: %v", err)
	}
}

// reread writes a check as its file has it and reads it back.
func reread(t *testing.T, v *Check) *Check {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	back := new(Check)
	if err := json.Unmarshal(b, back); err != nil {
		t.Fatal(err)
	}
	return back
}

// summaryOf is the summary's sections on the checks.
func summaryOf(checks ...*Check) string {
	var b strings.Builder
	WriteSummary(&b, checks)
	return b.String()
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func TestParseVegetaReport(t *testing.T) {
	// A report as vegeta v12.12.0 writes it (durations in ns).
	rep := []byte(`{"latencies":{"total":3093847264,"mean":618769,"50th":573083,"90th":780117,"95th":853912,"99th":1102337,"max":2939212,"min":418292},` +
		`"bytes_in":{"total":0,"mean":0},"bytes_out":{"total":0,"mean":0},"earliest":"2026-11-22T06:00:00Z","latest":"2026-11-22T06:00:05Z",` +
		`"end":"2026-11-22T06:00:05Z","duration":4999800000,"wait":573083,"requests":5000,"rate":1000.04,"throughput":999.9,` +
		`"success":0.998,"status_codes":{"200":4990,"503":10},"errors":["503 Service Unavailable"]}`)
	v, err := ParseReport(rep)
	if err != nil {
		t.Fatal(err)
	}
	if v.P50 != 0.573083 || v.P99 != 1.102337 || v.Requests != 5000 || v.Success != 0.998 || v.StatusCodes["503"] != 10 || len(v.Errors) != 1 {
		t.Fatalf("%+v", v)
	}
	if _, err := ParseReport([]byte("nope")); err == nil {
		t.Fatal("garbage parsed")
	}
}

// newTestClient returns a client of url whose load goes through fasthttp.
func newTestClient(t testing.TB, url string) *load.Client {
	t.Helper()
	return newTestClientOf(t, url, load.HTTPClientFast)
}

// newTestClientOf returns a client of url whose load goes through the HTTP client kind.
func newTestClientOf(t testing.TB, url, kind string) *load.Client {
	t.Helper()
	c, err := load.NewClient(url, load.ClientOptions{MaxConns: 1000, HTTPClient: kind})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.CloseIdle)
	return c
}
