package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The probes' children are this test binary run again: it acts as the program when told so.
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		main()
		return
	}
	os.Exit(m.Run())
}

var line = regexp.MustCompile(`n=(\d+) p50=\S+ p90=\S+ p99=\S+ p99\.9=\S+ max=\S+  >1ms:\d+ >2ms:\d+ >5ms:\d+$`)

func probe(t *testing.T, args ...string) string {
	t.Helper()
	var out strings.Builder
	if err := run(args, &out); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return strings.TrimSpace(out.String())
}

func TestProbes(t *testing.T) {
	for _, c := range []struct {
		args  []string
		lines int
		name  string
	}{
		{[]string{"sleep", "-cpus", "0,1", "-rate", "1000", "-n", "20"}, 2, "oversleep cpu0 @1000/s"},
		{[]string{"pipe", "-cpu", "0", "-peer", "1", "-rate", "1000", "-n", "20"}, 1, "pipe rtt cpu0<->1 @1000/s"},
		{[]string{"tcp", "-cpu", "0", "-peer", "1", "-size", "100000", "-rate", "1000", "-n", "20"}, 1, "tcp 100000B net=false cpu0<->1"},
		{[]string{"tcp", "-net", "-cpu", "1", "-peer", "0", "-size", "3", "-rate", "1000", "-n", "20"}, 1, "tcp 3B net=true cpu1<->0"},
	} {
		out := probe(t, c.args...)
		lines := strings.Split(out, "\n")
		if len(lines) != c.lines || !strings.HasPrefix(out, c.name) {
			t.Errorf("%v: %q", c.args, out)
		}
		for _, l := range lines {
			if m := line.FindStringSubmatch(l); m == nil || m[1] != "20" {
				t.Errorf("%v: line %q", c.args, l)
			}
		}
	}
}

func TestSummary(t *testing.T) {
	var d []time.Duration
	for i := 1; i <= 1000; i++ {
		d = append(d, time.Duration(i)*10*time.Microsecond) // 10 us ... 10 ms
	}
	got := summary("x", d)
	for _, want := range []string{"n=1000", "p50=5.01ms", "p99=9.91ms", "max=10ms", ">1ms:900", ">2ms:800", ">5ms:500"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	if summary("x", nil) != "x: no samples" {
		t.Error("empty")
	}
}

func TestErrors(t *testing.T) {
	for _, args := range [][]string{nil, {"nap"}, {"sleep", "-rate", "0"}, {"sleep", "-cpus", "a"}} {
		if err := run(args, &strings.Builder{}); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
