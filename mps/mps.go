// Package mps runs or joins an NVIDIA MPS control daemon for a server's concurrent workers.
//
// Without MPS, several processes on one GPU time-slice and 2-4 of them give 4x LESS throughput
// than one; under MPS 4 give 3.9x MORE (docs/gpu-facts.md). So the concurrent engine starts its
// workers as MPS clients: it joins a running control daemon (CUDA_MPS_PIPE_DIRECTORY, or the
// default /tmp/nvidia-mps) or starts its own with pipe and log directories under the server's
// runtime directory, and stops the daemon it started on shutdown.
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
	"strings"
	"sync"
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
	// Started is true when this server started the daemon (and so stops it).
	Started bool
	once    sync.Once
}

// ErrUnavailable is returned when MPS cannot be had on this host.
var ErrUnavailable = errors.New("MPS is not available")

// Start joins a running daemon or starts one with directories under runtimeDir.
func Start(runtimeDir string) (*Daemon, error) {
	bin, err := exec.LookPath(ControlBinary)
	if err != nil {
		return nil, fmt.Errorf("%w: %s is not installed", ErrUnavailable, ControlBinary)
	}
	// Join a daemon that is already running.
	for _, dir := range candidates() {
		if alive(bin, dir) {
			return &Daemon{PipeDir: dir, LogDir: os.Getenv("CUDA_MPS_LOG_DIRECTORY")}, nil
		}
	}
	d := &Daemon{PipeDir: filepath.Join(runtimeDir, "mps-pipe"), LogDir: filepath.Join(runtimeDir, "mps-log"), Started: true}
	for _, dir := range []string{d.PipeDir, d.LogDir} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
		}
	}
	cmd := exec.Command(bin, "-d")
	cmd.Env = append(os.Environ(), "CUDA_MPS_PIPE_DIRECTORY="+d.PipeDir, "CUDA_MPS_LOG_DIRECTORY="+d.LogDir)
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

// Env is the environment of an MPS client: the daemon's directories and, when limit > 0, a cap
// of limit bytes of device memory on device ordinal (CUDA_MPS_PINNED_DEVICE_MEM_LIMIT; the
// client's context takes about 0.5 GiB of it, docs/gpu-facts.md).
func (d *Daemon) Env(ordinal int, limit uint64) []string {
	env := []string{"CUDA_MPS_PIPE_DIRECTORY=" + d.PipeDir}
	if d.LogDir != "" {
		env = append(env, "CUDA_MPS_LOG_DIRECTORY="+d.LogDir)
	}
	if limit > 0 {
		env = append(env, fmt.Sprintf("CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=%d=%dM", ordinal, limit>>20))
	}
	return env
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
		cmd.Env = append(os.Environ(), "CUDA_MPS_PIPE_DIRECTORY="+d.PipeDir, "CUDA_MPS_LOG_DIRECTORY="+d.LogDir)
		cmd.Stdin = strings.NewReader("quit\n")
		if out, e := cmd.CombinedOutput(); e != nil {
			err = fmt.Errorf("stopping the MPS daemon: %v: %s", e, bytes.TrimSpace(out))
		}
	})
	return err
}
