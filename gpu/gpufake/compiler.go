package gpufake

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"gpufn/gpu"
)

// Compiler wraps a device (a fake, or the cpu device) with a scriptable CompilePTX: the test
// device of the compile-at-upload path, which no device without a GPU has. It adds only
// CompilePTX (and Info's Compiler and, when set, Arch): the wrapped device's other optional
// interfaces (graphs, asynchronous copies) are hidden.
type Compiler struct {
	gpu.Device
	// Compile is what CompilePTX does. nil: every PTX fails to compile with log "no compiler
	// script".
	Compile func(ptx []byte) (cubin []byte, log string, err error)
	// Version is Info().Compiler (default "gpufake-cc 1").
	Version string
	// Arch, when set, is Info().Arch.
	Arch string
}

var _ gpu.Compiler = (*Compiler)(nil)

// Info is the wrapped device's, with Compiler (and Arch) set.
func (c *Compiler) Info() gpu.Info {
	info := c.Device.Info()
	info.Compiler = c.Version
	if info.Compiler == "" {
		info.Compiler = "gpufake-cc 1"
	}
	if c.Arch != "" {
		info.Arch = c.Arch
	}
	return info
}

// CompilePTX runs Compile.
func (c *Compiler) CompilePTX(ptx []byte) ([]byte, string, error) {
	if c.Compile == nil {
		return nil, "no compiler script", fmt.Errorf("gpufake: no compiler script: %w", gpu.ErrInvalidImage)
	}
	return c.Compile(ptx)
}

// CompileScript is a Compile for tests that run the compiler in another process (a worker):
// the PTX's first line says what the compiler does.
//
//	fail TEXT     fails (gpu.ErrInvalidImage) with TEXT as its log
//	fatal         loses the device (a fatal error)
//	exit N        exits the process with status N (a compiler that crashes)
//	sleep D       sleeps for the duration D, then compiles
//	size N        returns a cubin of N bytes
//	barrier DIR N creates the file DIR/PID (this process's id) and waits until DIR holds at
//	              least N files, then compiles: N compiles in N processes at once pass it
//	gate PATH     creates PATH.started, waits until PATH exists, then compiles
//	append PATH T appends the line T to the file PATH, then compiles
//	anything else returns the cubin "cubin:" followed by the PTX, and the log "compiled"
//
// The waits of barrier and gate have no bound of their own: the caller's compile timeout
// ends them (by killing the process).
func CompileScript(ptx []byte) ([]byte, string, error) {
	first, _, _ := strings.Cut(string(ptx), "\n")
	verb, arg, _ := strings.Cut(first, " ")
	if err := scriptWait(verb, arg); err != nil {
		return nil, "", err
	}
	switch verb {
	case "fail":
		return nil, arg, fmt.Errorf("gpufake: compile failed: %s: %w", arg, gpu.ErrInvalidImage)
	case "fatal":
		return nil, "", Fatal("cuLinkComplete")
	case "exit":
		n, _ := strconv.Atoi(arg)
		os.Exit(n)
	case "sleep":
		d, _ := time.ParseDuration(arg)
		time.Sleep(d)
	case "size":
		n, _ := strconv.Atoi(arg)
		return make([]byte, n), "", nil
	}
	return append([]byte("cubin:"), ptx...), "compiled", nil
}

// scriptWait does the waiting verbs of CompileScript (barrier, gate, append's write).
func scriptWait(verb, arg string) error {
	switch verb {
	case "barrier":
		dir, n, _ := strings.Cut(arg, " ")
		want, _ := strconv.Atoi(n)
		if err := os.WriteFile(fmt.Sprintf("%s/%d", dir, os.Getpid()), nil, 0o600); err != nil {
			return err
		}
		waitFor(func() bool { es, _ := os.ReadDir(dir); return len(es) >= want })
	case "gate":
		if err := os.WriteFile(arg+".started", nil, 0o600); err != nil {
			return err
		}
		waitFor(func() bool { _, err := os.Stat(arg); return err == nil })
	case "append":
		path, line, _ := strings.Cut(arg, " ")
		f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(f, line)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
	return nil
}

// waitFor polls cond until it holds.
func waitFor(cond func() bool) {
	for !cond() {
		time.Sleep(time.Millisecond)
	}
}
