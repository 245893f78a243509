package proc

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// statLine is a /proc/PID/stat line with the given command name, parent and times (ticks).
func statLine(pid int, comm string, ppid int, ut, st, cut, cst int) string {
	return fmt.Sprintf("%d (%s) S %d %d %d 0 -1 4194560 100 0 0 0 %d %d %d %d 20 0 1 0 12345 1000000 100 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 3 0 0 0 0 0\n",
		pid, comm, ppid, pid, pid, ut, st, cut, cst)
}

func TestParseStat(t *testing.T) {
	// A name with spaces and parentheses: the fields count from its last ')'.
	st, err := ParseStat([]byte(statLine(42, "gpufn (worker) 3", 7, 150, 25, 10, 5)))
	if err != nil {
		t.Fatal(err)
	}
	want := Stat{PID: 42, PPID: 7, UTime: 1500 * time.Millisecond, STime: 250 * time.Millisecond, CUTime: 100 * time.Millisecond, CSTime: 50 * time.Millisecond}
	if st != want || st.Total() != 1900*time.Millisecond {
		t.Errorf("got %+v; want %+v", st, want)
	}
	for _, bad := range []string{"", "42 gpufn S 1", "x (a) S 1 2 3", "42 (a) S 1 2 3 4 5 6 7 8 9 10 11 12 13"} {
		if _, err := ParseStat([]byte(bad)); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	// This process's own line parses, and its times are those of a process that ran.
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		t.Skip("no /proc:", err)
	}
	if st, err := ParseStat(b); err != nil || st.PID != os.Getpid() || st.PPID != os.Getppid() {
		t.Errorf("own stat: %+v, %v", st, err)
	}
}

// TreeCPU sums the server, its workers and their children (living, with what they reaped),
// and nothing else.
func TestTreeCPU(t *testing.T) {
	root := t.TempDir()
	write := func(pid int, line string) {
		d := filepath.Join(root, fmt.Sprint(pid))
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "stat"), []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(1, statLine(1, "init", 0, 5000, 5000, 0, 0))
	write(100, statLine(100, "gpufn", 1, 100, 50, 30, 20))         // server: 1.5 s, and 0.5 s of a worker it reaped (restarted)
	write(101, statLine(101, "gpufn worker", 100, 400, 100, 0, 0)) // worker: 5 s
	write(102, statLine(102, "gpufn worker", 100, 300, 0, 0, 0))   // worker: 3 s
	write(103, statLine(103, "ptxas", 102, 10, 10, 0, 0))          // a worker's child: 0.2 s
	write(200, statLine(200, "gpufn bench", 1, 9999, 9999, 0, 0))  // not the server's
	write(201, statLine(201, "other", 200, 9999, 0, 0, 0))
	if err := os.MkdirAll(filepath.Join(root, "self"), 0o755); err != nil { // not a pid
		t.Fatal(err)
	}
	got, err := TreeCPU(root, 100)
	if err != nil {
		t.Fatal(err)
	}
	if want := 102 * 100 * time.Millisecond; got != want { // 1.5 + 0.5 reaped + 5.0 + 3.0 + 0.2
		t.Errorf("tree CPU %v; want %v", got, want)
	}
	if _, err := TreeCPU(root, 999); err == nil {
		t.Error("a missing process gave no error")
	}
}

// The real thing: a child process that burns CPU shows in its parent's tree.
func TestTreeCPUOfThisProcess(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	before, err := TreeCPU("/proc", os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	// Burn until this process's own CPU time (as /proc counts it) has moved by two ticks.
	for {
		x := 0
		for i := 0; i < 1e7; i++ {
			x += i
		}
		_ = x
		now, err := TreeCPU("/proc", os.Getpid())
		if err != nil {
			t.Fatal(err)
		}
		if now < before {
			t.Fatalf("tree CPU went back: %v -> %v", before, now)
		}
		if now-before >= 2*clockTick {
			return
		}
	}
}
