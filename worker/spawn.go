package worker

import (
	"os/exec"
	"runtime"
	"sync"
	"syscall"
)

// Worker processes are started with two process attributes (procAttr):
//
//   - Setpgid: each worker leads a process group of its own. A terminal's Ctrl-C and
//     systemd's KillMode=control-group signal the whole process group (or control group) the
//     server runs in; a worker in the server's group would die of that SIGINT/SIGTERM at once,
//     failing the invocation it runs and making the engine restart it during its own shutdown.
//     In a group of its own it hears nothing: the server catches the signal, drains (every
//     admitted invocation is answered) and stops its workers itself. A signal sent to every
//     process of a control group (systemd's KillMode=control-group) does reach workers: they
//     ignore SIGINT, SIGTERM and SIGHUP (Main), since the server never stops them so.
//     deploy/gpufn.service uses KillMode=mixed all the same (an MPS daemon may not ignore
//     SIGTERM).
//   - Pdeathsig SIGKILL: a worker dies when the server does, however it dies (a SIGKILL, a
//     crash), so no worker outlives its server holding a GPU context and a device pool.
//
// Linux ties the parent-death signal to the THREAD that created the child, not the process:
// the child is signalled when that thread exits. The Go runtime ends an OS thread when a
// goroutine locked to it (runtime.LockOSThread) returns without unlocking, and a worker
// started from such a goroutine would be killed then, long before the server exits. So every
// worker is started from one goroutine that locks its thread and never returns (spawner): its
// thread lives as long as the process.

// procAttr are the process attributes of every worker (see above).
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

var (
	spawnOnce sync.Once
	spawnReqs chan spawnReq
)

type spawnReq struct {
	cmd  *exec.Cmd
	done chan error
}

// startCmd starts cmd (with procAttr) from the spawner's thread and returns Start's error.
func startCmd(cmd *exec.Cmd) error {
	spawnOnce.Do(func() {
		spawnReqs = make(chan spawnReq)
		go spawner(spawnReqs)
	})
	cmd.SysProcAttr = procAttr()
	done := make(chan error, 1)
	spawnReqs <- spawnReq{cmd: cmd, done: done}
	return <-done
}

// spawner starts the commands it is sent from one OS thread, locked and never released, so
// that the thread every worker's parent-death signal is tied to lives as long as the process.
func spawner(reqs <-chan spawnReq) {
	runtime.LockOSThread()
	for r := range reqs {
		r.done <- r.cmd.Start()
	}
}
