package store

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
)

// crashWriterEnv, set to a data directory, makes the test binary a writer that stores
// libraries in a loop until it is killed (see TestMain).
const crashWriterEnv = "GPUFN_STORE_CRASH_WRITER"

// crashKeys is how many distinct libraries the writer cycles through.
const crashKeys = 6

// crashLibrary is the i-th library the writer stores: its key is i%crashKeys, and its image
// names i and is filled from i, so that a reader can tell a complete one from anything else.
// Sizes vary from 1 KiB to about 1 MiB so that a kill often lands in the middle of a write.
func crashLibrary(i int) Library {
	key := i % crashKeys
	size := 1024 + (i*7919)%(1<<20)
	img := make([]byte, 0, size)
	img = fmt.Appendf(img, "i=%d;", i)
	h := fnv.New64a()
	for len(img) < size {
		binary.Write(h, binary.LittleEndian, int64(len(img)+i))
		img = h.Sum(img)
	}
	return Library{Tenant: fmt.Sprintf("t%d", key%2), Name: fmt.Sprintf("lib%d", key), Image: img[:size]}
}

// crashWriter stores crashLibrary(start), crashLibrary(start+1), ... and prints "ok <i>" after
// each returns, until it is killed.
func crashWriter(dir string) int {
	start, _ := strconv.Atoi(os.Getenv(crashWriterEnv + "_START"))
	s, err := Open(dir, Config{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	for i := start; ; i++ {
		if err := s.PutLibrary(crashLibrary(i)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		fmt.Printf("ok %d\n", i)
	}
}

// TestCrashMidWrite kills a writer process with SIGKILL at an arbitrary point, a few times
// over, and checks that every entry is either absent or a complete version, no older than the
// last one the writer was told was stored.
func TestCrashMidWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := t.TempDir()
	acked := map[string]int{} // key -> last i whose Put returned
	next := 0
	for round := range 4 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), crashWriterEnv+"="+dir, fmt.Sprintf("%s_START=%d", crashWriterEnv, next))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Let it store a few, a different number each round, then kill it at once: it is in
		// the middle of a Put, at whatever point that has reached.
		want := 3 + round*2
		sc := bufio.NewScanner(stdout)
		for n := 0; sc.Scan(); n++ {
			i, err := strconv.Atoi(strings.TrimPrefix(sc.Text(), "ok "))
			if err != nil {
				t.Fatalf("writer said %q", sc.Text())
			}
			l := crashLibrary(i)
			acked[l.Tenant+"/"+l.Name] = i
			next = i + 1
			if n+1 == want {
				cmd.Process.Signal(syscall.SIGKILL)
			}
			// Lines after that were in the pipe: the writer had acknowledged more.
		}
		err = cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
			t.Fatalf("round %d: writer ended with %v, not by SIGKILL; stderr: %s", round, err, stderr.Bytes())
		}
		// The writer may have begun the Put of next, and even finished it without saying so;
		// the next round starts after it, so that every version is written once.
		next++

		core, logs := observer.New(zapcore.InfoLevel)
		s, err := Open(dir, Config{Log: zap.New(core)}) // the dead writer's lock is gone
		if err != nil {
			t.Fatal(err)
		}
		libs, fns, problems, err := s.Load()
		s.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) != 0 || len(fns) != 0 {
			t.Fatalf("round %d: problems %v, functions %v", round, problems, fns)
		}
		t.Logf("round %d: killed during put %d; %d leftover temporary files removed", round, next-1, logs.FilterMessageSnippet("temporary file").Len())
		seen := map[string]bool{}
		for _, l := range libs {
			key := l.Tenant + "/" + l.Name
			seen[key] = true
			var i int
			if _, err := fmt.Sscanf(string(l.Image), "i=%d;", &i); err != nil {
				t.Fatalf("round %d: %s: image begins %q", round, key, l.Image[:min(len(l.Image), 16)])
			}
			w := crashLibrary(i)
			if w.Tenant != l.Tenant || w.Name != l.Name || !bytes.Equal(w.Image, l.Image) {
				t.Fatalf("round %d: %s holds an incomplete or misplaced version %d", round, key, i)
			}
			if i < acked[key] || i >= next {
				t.Fatalf("round %d: %s holds version %d; acknowledged %d, last begun %d", round, key, i, acked[key], next-1)
			}
		}
		for key := range acked {
			if !seen[key] {
				t.Fatalf("round %d: %s was acknowledged and is gone", round, key)
			}
		}
	}
}
