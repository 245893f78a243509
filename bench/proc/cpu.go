package proc

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// clockTick is the unit of /proc/PID/stat's times (USER_HZ): 100 per second on every Linux
// architecture Go supports (sysconf(_SC_CLK_TCK)).
const clockTick = 10 * time.Millisecond

// Stat is what the bench reads of one /proc/PID/stat line.
type Stat struct {
	PID, PPID int
	// UTime, STime: the process's own user and system time; CUTime, CSTime: that of its
	// children it has waited for (and, recursively, theirs).
	UTime, STime, CUTime, CSTime time.Duration
}

// Total is the process's own time and that of its reaped descendants.
func (s Stat) Total() time.Duration { return s.UTime + s.STime + s.CUTime + s.CSTime }

// ParseStat reads a /proc/PID/stat line. The command name (field 2) is in parentheses and may
// itself contain spaces and parentheses, so the fields are counted from its last ')'.
func ParseStat(b []byte) (Stat, error) {
	var st Stat
	open, end := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if open < 1 || end < open {
		return st, fmt.Errorf("proc: stat line without a (comm): %.60q", b)
	}
	pid, err := strconv.Atoi(string(bytes.TrimSpace(b[:open])))
	if err != nil {
		return st, fmt.Errorf("proc: stat pid: %w", err)
	}
	f := bytes.Fields(b[end+1:])
	// f[0] is field 3 (state): ppid is field 4, utime 14, stime 15, cutime 16, cstime 17.
	if len(f) < 15 {
		return st, fmt.Errorf("proc: stat line of pid %d has %d fields after the name, want at least 15", pid, len(f))
	}
	v := make([]int64, 0, 5)
	for _, k := range []int{1, 11, 12, 13, 14} {
		n, err := strconv.ParseInt(string(f[k]), 10, 64)
		if err != nil {
			return st, fmt.Errorf("proc: stat field %d of pid %d: %w", k+3, pid, err)
		}
		v = append(v, n)
	}
	return Stat{PID: pid, PPID: int(v[0]), UTime: time.Duration(v[1]) * clockTick, STime: time.Duration(v[2]) * clockTick,
		CUTime: time.Duration(v[3]) * clockTick, CSTime: time.Duration(v[4]) * clockTick}, nil
}

// TreeCPU is the CPU time (user and system) used so far by process pid and all its
// descendants, read from the proc file system at root ("/proc"): the sum over the living
// processes of the tree of their own time and their reaped children's (a reaped process's
// time, its own reaped children's included, was added to its parent's when it was waited
// for, so every process of the tree counts once, living or not). A descendant that ended
// and was not yet waited for is missing until it is.
func TreeCPU(root string, pid int) (time.Duration, error) {
	ents, err := os.ReadDir(root)
	if err != nil {
		return 0, err
	}
	stats := map[int]Stat{}
	children := map[int][]int{}
	for _, e := range ents {
		n, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, e.Name(), "stat"))
		if err != nil {
			continue // it ended meanwhile
		}
		st, err := ParseStat(b)
		if err != nil || st.PID != n {
			continue
		}
		stats[n] = st
		children[st.PPID] = append(children[st.PPID], n)
	}
	if _, ok := stats[pid]; !ok {
		return 0, fmt.Errorf("proc: no process %d under %s", pid, root)
	}
	var total time.Duration
	todo := []int{pid}
	seen := map[int]bool{}
	for len(todo) > 0 {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		total += stats[p].Total()
		todo = append(todo, children[p]...)
	}
	return total, nil
}

// PID is the server process's id (with --server-cpus, taskset's, which became the server).
func (s *Server) PID() int { return s.cmd.Process.Pid }

// CPU is the CPU time the server and its workers have used so far (TreeCPU of its process);
// ok is false where it cannot be read. Its signature fits load.RunConfig.ServerCPU.
func (s *Server) CPU() (time.Duration, bool) {
	d, err := TreeCPU("/proc", s.PID())
	return d, err == nil
}
