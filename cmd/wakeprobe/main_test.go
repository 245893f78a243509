package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
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

// allowedCPUs returns two CPUs this process may run on (the same one twice on one CPU).
func allowedCPUs(t *testing.T) (string, string) {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		t.Fatal(err)
	}
	var cpus []string
	for i := 0; i < 1024 && len(cpus) < 2; i++ {
		if set.IsSet(i) {
			cpus = append(cpus, strconv.Itoa(i))
		}
	}
	if len(cpus) == 1 {
		cpus = append(cpus, cpus[0])
	}
	return cpus[0], cpus[1]
}

func TestProbes(t *testing.T) {
	a, b := allowedCPUs(t)
	// The -net probe pins the whole process: put it back afterwards.
	var before unix.CPUSet
	if err := unix.SchedGetaffinity(0, &before); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := pinAll(&before); err != nil {
			t.Error(err)
		}
	}()
	for _, c := range []struct {
		args  []string
		lines int
		name  string
	}{
		{[]string{"sleep", "-cpus", a + "," + b, "-rate", "1000", "-n", "20"}, 2, "oversleep cpu" + a + " @1000/s"},
		{[]string{"pipe", "-cpu", a, "-peer", b, "-rate", "1000", "-n", "20"}, 1, "pipe rtt cpu" + a + "<->" + b + " @1000/s"},
		{[]string{"tcp", "-cpu", a, "-peer", b, "-size", "100000", "-rate", "1000", "-n", "20"}, 1, "tcp 100000B net=false cpu" + a + "<->" + b},
		{[]string{"tcp", "-net", "-cpu", b, "-peer", a, "-size", "3", "-rate", "1000", "-n", "20"}, 1, "tcp 3B net=true cpu" + b + "<->" + a},
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
	// Nearest rank: the 500th and the 990th of 1000.
	for _, want := range []string{"n=1000", "p50=5ms", "p90=9ms", "p99=9.9ms", "p99.9=9.99ms", "max=10ms", ">1ms:900", ">2ms:800", ">5ms:500"} {
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
