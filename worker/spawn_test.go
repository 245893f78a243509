package worker

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// startOnDyingThread starts cmd (with start) from a goroutine locked to its thread that then
// exits without unlocking, so that the Go runtime ends the thread; it returns when the thread
// is gone (its /proc/self/task entry removed, after the kernel sent any parent-death signal).
func startOnDyingThread(t *testing.T, cmd *exec.Cmd, start func(*exec.Cmd) error) {
	t.Helper()
	tid := 0
	for tid == 0 {
		tids := make(chan int, 1)
		errs := make(chan error, 1)
		go func() {
			runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
			if unix.Gettid() == os.Getpid() {
				// The process's main thread is never ended (the runtime parks it): try again
				// on another goroutine, which cannot lock this thread any more.
				tids <- 0
				return
			}
			tids <- unix.Gettid()
			errs <- start(cmd)
		}()
		if tid = <-tids; tid != 0 {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
	}
	task := "/proc/self/task/" + strconv.Itoa(tid)
	deadline := time.Now().Add(time.Minute) // a bound for a hang only
	for {
		if _, err := os.Stat(task); errors.Is(err, os.ErrNotExist) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("thread %d still exists", tid)
		}
		time.Sleep(time.Millisecond)
	}
}

// killedBy terminates cmd's process with SIGTERM and reports the signal it died of: SIGKILL
// when a parent-death signal was sent before.
func killedBy(t *testing.T, cmd *exec.Cmd) syscall.Signal {
	t.Helper()
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("wait: %v", err)
	}
	return ee.Sys().(syscall.WaitStatus).Signal()
}

// The parent-death signal is tied to the thread that started the child: a child started with
// Pdeathsig from a thread that then ends is killed at once (the hazard), and one started
// through startCmd is not, whichever goroutine asks; it also leads a process group of its own.
func TestSpawnerThread(t *testing.T) {
	direct := exec.Command("sleep", "600")
	startOnDyingThread(t, direct, func(c *exec.Cmd) error {
		c.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		return c.Start()
	})
	if sig := killedBy(t, direct); sig != syscall.SIGKILL {
		t.Fatalf("started directly from an ending thread: died of %v; want SIGKILL (the hazard this guards against)", sig)
	}
	spawned := exec.Command("sleep", "600")
	startOnDyingThread(t, spawned, startCmd)
	if pgid, err := syscall.Getpgid(spawned.Process.Pid); err != nil || pgid != spawned.Process.Pid {
		t.Errorf("process group %d (%v), want its own (%d)", pgid, err, spawned.Process.Pid)
	}
	if sig := killedBy(t, spawned); sig != syscall.SIGTERM {
		t.Fatalf("started by the spawner: died of %v; want SIGTERM (ours)", sig)
	}
}
