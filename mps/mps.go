// Package mps runs or joins an NVIDIA MPS control daemon for a server's concurrent workers.
//
// Without MPS, several processes on one GPU time-slice and 2-4 of them give 4x LESS throughput
// than one; under MPS 4 give 3.9x MORE (docs/gpu-facts.md). So the concurrent engine starts its
// workers as MPS clients: it joins a running control daemon (CUDA_MPS_PIPE_DIRECTORY, or the
// default /tmp/nvidia-mps) or starts its own with pipe and log directories under the server's
// runtime directory, and stops the daemon it started on shutdown. A server of several GPUs
// starts one daemon per GPU (StartOwn with the GPU's CUDA_VISIBLE_DEVICES entry): after a
// fatal fault a daemon refuses new clients on every GPU it serves until all clients of the
// faulted GPU have exited, so a shared daemon would hold up the other GPUs' worker restarts.
//
// Processes that must not be clients of the daemon (the engine's rescue workers, the compile
// workers: each a fault domain of its own) open the GPU outside it: Daemon.OutsideEnv, with a
// directory where no daemon listens (OutsideDir).
//
// A Daemon is safe for concurrent use after Start. The package starts no goroutines; the
// daemon is a separate process (nvidia-cuda-mps-control -d forks and detaches).
package mps

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ControlBinary is the MPS control program.
const ControlBinary = "nvidia-cuda-mps-control"

// DefaultPipeDir is where a system-wide MPS daemon listens when none is configured.
const DefaultPipeDir = "/tmp/nvidia-mps"

// Daemon is an MPS control daemon the server uses.
type Daemon struct {
	PipeDir string
	LogDir  string
	// Visible, when not empty, is the one GPU the daemon serves (its CUDA_VISIBLE_DEVICES,
	// which its clients get too); empty: every GPU the server sees.
	Visible string
	// Started is true when this server started the daemon (and so stops it).
	Started bool
	once    sync.Once
}

// ErrUnavailable is returned when MPS cannot be had on this host.
var ErrUnavailable = errors.New("MPS is not available")

// Start joins a running daemon or starts one with directories under runtimeDir that serves
// every GPU the server sees.
func Start(runtimeDir string) (*Daemon, error) {
	if d, err := Join(); d != nil || err != nil {
		return d, err
	}
	return StartOwn(runtimeDir, "")
}

// Join returns a control daemon that is already running (CUDA_MPS_PIPE_DIRECTORY, or the
// default /tmp/nvidia-mps), or nil when none answers; the error says MPS cannot be had.
func Join() (*Daemon, error) {
	bin, err := exec.LookPath(ControlBinary)
	if err != nil {
		return nil, fmt.Errorf("%w: %s is not installed", ErrUnavailable, ControlBinary)
	}
	for _, dir := range candidates() {
		if alive(bin, dir) {
			return &Daemon{PipeDir: dir, LogDir: os.Getenv("CUDA_MPS_LOG_DIRECTORY")}, nil
		}
	}
	return nil, nil
}

// StartOwn starts a control daemon of this server's with its directories under runtimeDir.
// With visible empty it serves every GPU the server sees; otherwise only the GPU that
// CUDA_VISIBLE_DEVICES=visible names (an index or a UUID), with directories of their own
// (mps-VISIBLE-pipe, mps-VISIBLE-log), so that a fault on one GPU, which makes a daemon refuse
// new clients until every client of the faulted GPU has exited, holds up no other GPU.
func StartOwn(runtimeDir, visible string) (*Daemon, error) {
	bin, err := exec.LookPath(ControlBinary)
	if err != nil {
		return nil, fmt.Errorf("%w: %s is not installed", ErrUnavailable, ControlBinary)
	}
	prefix := "mps"
	if visible != "" {
		prefix += "-" + visible
	}
	d := &Daemon{PipeDir: filepath.Join(runtimeDir, prefix+"-pipe"), LogDir: filepath.Join(runtimeDir, prefix+"-log"), Visible: visible, Started: true}
	for _, dir := range []string{d.PipeDir, d.LogDir} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
		}
	}
	cmd := exec.Command(bin, "-d")
	// The daemon forks from this command, which then exits: it is started in a process group
	// of its own so that a Ctrl-C or a control-group SIGTERM meant for the server does not stop
	// it while the server drains (its workers are MPS clients); the server stops it (Stop) after
	// the drain. A parent-death signal would be tied to this short-lived command, not to the
	// server, so there is none: a daemon of a server killed with SIGKILL stays, with its pipe
	// directory under the server's runtime directory (stop it with "echo quit |
	// CUDA_MPS_PIPE_DIRECTORY=DIR nvidia-cuda-mps-control").
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Env = append(os.Environ(), d.dirs()...)
	if visible != "" {
		cmd.Env = append(cmd.Env, "CUDA_VISIBLE_DEVICES="+visible)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%w: %s -d: %v: %s", ErrUnavailable, bin, err, bytes.TrimSpace(out))
	}
	deadline := time.Now().Add(10 * time.Second)
	for !alive(bin, d.PipeDir) {
		if time.Now().After(deadline) {
			d.Stop()
			return nil, fmt.Errorf("%w: the control daemon did not answer within 10 s (log: %s)", ErrUnavailable, d.LogDir)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return d, nil
}

// dirs is the daemon's directories as environment entries.
func (d *Daemon) dirs() []string {
	env := []string{"CUDA_MPS_PIPE_DIRECTORY=" + d.PipeDir}
	if d.LogDir != "" {
		env = append(env, "CUDA_MPS_LOG_DIRECTORY="+d.LogDir)
	}
	return env
}

// VisibleDevice is what CUDA_VISIBLE_DEVICES names for the device of the given ordinal (as
// this process enumerates devices): its entry in the process's own CUDA_VISIBLE_DEVICES when
// that is set, the ordinal otherwise.
func VisibleDevice(ordinal int) string {
	if list := os.Getenv("CUDA_VISIBLE_DEVICES"); list != "" {
		entries := strings.Split(list, ",")
		if ordinal >= 0 && ordinal < len(entries) {
			return strings.TrimSpace(entries[ordinal])
		}
	}
	return strconv.Itoa(ordinal)
}

func candidates() []string {
	var out []string
	if dir := os.Getenv("CUDA_MPS_PIPE_DIRECTORY"); dir != "" {
		out = append(out, dir)
	}
	return append(out, DefaultPipeDir)
}

// alive reports whether a control daemon answers in dir.
func alive(bin, dir string) bool {
	if _, err := os.Stat(filepath.Join(dir, "control")); err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = append(os.Environ(), "CUDA_MPS_PIPE_DIRECTORY="+dir)
	cmd.Stdin = strings.NewReader("get_server_list\n")
	return cmd.Run() == nil
}

// Env is the environment of an MPS client of the device of the given ordinal: the daemon's
// directories and, when limit > 0, a cap of limit bytes of device memory
// (CUDA_MPS_PINNED_DEVICE_MEM_LIMIT; the client's context takes about 0.5 GiB of it). The
// clients of a daemon of one GPU see that GPU alone, as device 0 (ClientOrdinal), and their
// CUDA_VISIBLE_DEVICES (replacing one inherited from the server) says so.
func (d *Daemon) Env(ordinal int, limit uint64) []string {
	env := d.dirs()
	if d.Visible != "" {
		// A client's CUDA_VISIBLE_DEVICES counts among the devices its daemon sees, here one:
		// naming the GPU as the host numbers it finds no device (measured on two H200s:
		// CUDA_ERROR_NO_DEVICE for CUDA_VISIBLE_DEVICES=1 under the daemon of GPU 1).
		env = append(env, "CUDA_VISIBLE_DEVICES=0")
	}
	if limit > 0 {
		env = append(env, fmt.Sprintf("CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=%d=%dM", d.ClientOrdinal(ordinal), limit>>20))
	}
	return env
}

// OutsideEnv is the environment of a process that opens the daemon's GPU outside MPS, as an
// ordinary CUDA context beside the daemon's server (the GPU's compute mode is Default; under
// EXCLUSIVE_PROCESS no such context can be made while the server runs): a fault domain of its
// own, which a fault of a client, and the teardown of every client that follows it, leaves be;
// and which the daemon does not wait for before it takes new clients again. The engine's rescue
// workers and the compile workers run so. CUDA_MPS_PIPE_DIRECTORY names dir, where no daemon
// listens (OutsideDir), so the CUDA driver finds no server and makes an ordinary context; the
// process opens the ordinal the daemon's clients open (ClientOrdinal). For a daemon of one GPU
// (Visible) that is ordinal 0 of the GPU named as the host numbers it, in CUDA_VISIBLE_DEVICES;
// a client's own CUDA_VISIBLE_DEVICES counts among its daemon's devices instead, and is 0 (Env).
func (d *Daemon) OutsideEnv(dir string) []string {
	env := []string{"CUDA_MPS_PIPE_DIRECTORY=" + dir}
	if d.Visible != "" {
		env = append(env, "CUDA_VISIBLE_DEVICES="+d.Visible)
	}
	return env
}

// OutsideDir makes the directory base/mps-none, where no daemon listens, for OutsideEnv, and
// returns it. An error when it cannot be made, or when a daemon's control pipe is there.
func OutsideDir(base string) (string, error) {
	dir := filepath.Join(base, "mps-none")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("a directory outside MPS: %w", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "control")); err == nil {
		return "", fmt.Errorf("a directory outside MPS: %s holds a daemon's control pipe", dir)
	}
	return dir, nil
}

// ClientOrdinal is the ordinal a client of this daemon opens for the device the server knows
// by ordinal: 0 for a daemon of one GPU, which its clients see alone; ordinal otherwise.
func (d *Daemon) ClientOrdinal(ordinal int) int {
	if d.Visible != "" {
		return 0
	}
	return ordinal
}

// Stop stops the daemon if this server started it. Safe to call twice.
func (d *Daemon) Stop() error {
	if !d.Started {
		return nil
	}
	var err error
	d.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, ControlBinary)
		cmd.Env = append(os.Environ(), d.dirs()...)
		cmd.Stdin = strings.NewReader("quit\n")
		if out, e := cmd.CombinedOutput(); e != nil {
			err = fmt.Errorf("stopping the MPS daemon: %v: %s", e, bytes.TrimSpace(out))
		}
	})
	return err
}
