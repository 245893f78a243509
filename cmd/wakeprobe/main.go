// Command wakeprobe measures how late this host wakes sleeping threads and how long the
// simplest round trips between two processes take at a given rate: the floor under the
// latency tails the bench measures (docs/bench.md, "How sure is a p99").
//
//	wakeprobe sleep -cpus 0,12 -rate 25 -n 750       how late nanosleep returns, one pinned thread per CPU, in parallel
//	wakeprobe pipe  -cpu 12 -peer 2 -rate 25 -n 750  a 1-byte ping-pong over pipes with a child process on -peer
//	wakeprobe tcp   -cpu 12 -peer 0 -size 131072     the same over loopback TCP, -size bytes each way
//	                [-net]                           through Go's net package (its poller) instead of blocking calls
//
// Each probe prints one line: samples, p50 / p90 / p99 / p99.9 / max, and how many samples
// exceeded 1, 2 and 5 ms. Requests go out on a constant schedule at -rate.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "wakeprobe:", err)
		os.Exit(1)
	}
}

type options struct {
	cpus      []int
	cpu, peer int
	rate      float64
	n, size   int
	goNet     bool
	port      int
}

func run(args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: wakeprobe sleep|pipe|tcp [flags] (see the package documentation)")
	}
	mode := args[0]
	fs := flag.NewFlagSet("wakeprobe "+mode, flag.ContinueOnError)
	var o options
	cpus := fs.String("cpus", "0", "sleep: CPUs to probe at once, comma-separated")
	fs.IntVar(&o.cpu, "cpu", 0, "pipe, tcp: the CPU of the measuring process")
	fs.IntVar(&o.peer, "peer", 1, "pipe, tcp: the CPU of the echoing child process")
	fs.Float64Var(&o.rate, "rate", 25, "probes per second (constant schedule)")
	fs.IntVar(&o.n, "n", 750, "samples")
	fs.IntVar(&o.size, "size", 1, "tcp: bytes each way")
	fs.BoolVar(&o.goNet, "net", false, "tcp: through Go's net package instead of blocking system calls")
	fs.IntVar(&o.port, "port", 0, "tcp, child: the port the child listens on (0: any)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if !(o.rate > 0) || o.n <= 0 || o.size <= 0 {
		return errors.New("-rate, -n and -size must be positive")
	}
	for _, c := range strings.Split(*cpus, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(c))
		if err != nil {
			return fmt.Errorf("-cpus %q: %w", *cpus, err)
		}
		o.cpus = append(o.cpus, v)
	}
	switch mode {
	case "sleep":
		return probeSleep(o, out)
	case "pipe":
		return probePipe(o, out)
	case "tcp":
		return probeTCP(o, out)
	case "pipe-child":
		return pipeChild(o)
	case "tcp-child":
		return tcpChild(o)
	}
	return fmt.Errorf("unknown probe %q (sleep, pipe or tcp)", mode)
}

// pinThread locks the calling goroutine to its thread and that thread to cpu.
func pinThread(cpu int) error {
	runtime.LockOSThread()
	var s unix.CPUSet
	s.Set(cpu)
	if err := unix.SchedSetaffinity(0, &s); err != nil {
		return fmt.Errorf("pin to CPU %d: %w", cpu, err)
	}
	return nil
}

// pinProcess pins every thread of the process to cpu (threads made later inherit it).
func pinProcess(cpu int) error {
	var s unix.CPUSet
	s.Set(cpu)
	if err := pinAll(&s); err != nil {
		return fmt.Errorf("pin to CPU %d: %w", cpu, err)
	}
	return nil
}

// pinAll sets the affinity of every thread of the process to s.
func pinAll(s *unix.CPUSet) error {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return err
	}
	for _, t := range tasks {
		tid, _ := strconv.Atoi(t.Name())
		if err := unix.SchedSetaffinity(tid, s); err != nil && !errors.Is(err, unix.ESRCH) {
			return err
		}
	}
	return nil
}

// pin pins the probe's side: the whole process for Go's net package (its poller runs on any
// thread), else the calling thread.
func (o options) pin(cpu int) error {
	if o.goNet {
		return pinProcess(cpu)
	}
	return pinThread(cpu)
}

func nanosleep(d time.Duration) {
	ts := unix.NsecToTimespec(int64(d))
	for unix.Nanosleep(&ts, &ts) == unix.EINTR {
	}
}

// paced calls f n times on a constant schedule at rate and returns how long each call took.
func paced(rate float64, n int, sleep func(time.Duration), f func() error) ([]time.Duration, error) {
	iv := time.Duration(float64(time.Second) / rate)
	d := make([]time.Duration, 0, n)
	next := time.Now()
	for range n {
		next = next.Add(iv)
		if w := time.Until(next); w > 0 {
			sleep(w)
		}
		t0 := time.Now()
		if err := f(); err != nil {
			return d, err
		}
		d = append(d, time.Since(t0))
	}
	return d, nil
}

// summary is one probe's line.
func summary(name string, d []time.Duration) string {
	if len(d) == 0 {
		return name + ": no samples"
	}
	s := slices.Clone(d)
	slices.Sort(s)
	// Nearest rank: the p-quantile is the ceil(p*n)-th smallest.
	q := func(p float64) time.Duration { return s[min(len(s)-1, max(0, int(math.Ceil(p*float64(len(s))))-1))] }
	over := func(t time.Duration) int { return len(s) - sortSearch(s, t) }
	r := func(x time.Duration) string { return x.Round(time.Microsecond).String() }
	return fmt.Sprintf("%-40s n=%d p50=%s p90=%s p99=%s p99.9=%s max=%s  >1ms:%d >2ms:%d >5ms:%d", name, len(s), r(q(.5)), r(q(.9)),
		r(q(.99)), r(q(.999)), r(s[len(s)-1]), over(time.Millisecond), over(2*time.Millisecond), over(5*time.Millisecond))
}

// sortSearch is the index of the first value above t in sorted s.
func sortSearch(s []time.Duration, t time.Duration) int {
	i, _ := slices.BinarySearchFunc(s, t, func(x, t time.Duration) int {
		if x <= t {
			return -1
		}
		return 1
	})
	return i
}

// probeSleep: on each CPU at once, a pinned thread sleeps for one interval at a time (1/rate);
// a sample is how much longer than that the sleep took.
func probeSleep(o options, out io.Writer) error {
	lines := make([]string, len(o.cpus))
	errs := make([]error, len(o.cpus))
	var wg sync.WaitGroup
	for i, cpu := range o.cpus {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if errs[i] = pinThread(cpu); errs[i] != nil {
				return
			}
			iv := time.Duration(float64(time.Second) / o.rate)
			d := make([]time.Duration, 0, o.n)
			for range o.n {
				t0 := time.Now()
				nanosleep(iv)
				d = append(d, time.Since(t0)-iv)
			}
			lines[i] = summary(fmt.Sprintf("oversleep cpu%d @%g/s", cpu, o.rate), d)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	_, err := fmt.Fprintln(out, strings.Join(lines, "\n"))
	return err
}

// child starts this program as the echoing child of a probe, with extra files and args.
func child(mode string, o options, stdin, stdout *os.File, extra ...string) (*exec.Cmd, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	args := append([]string{mode, "-peer", strconv.Itoa(o.peer), "-size", strconv.Itoa(o.size), "-net=" + strconv.FormatBool(o.goNet)}, extra...)
	c := exec.Command(exe, args...)
	c.Stdin, c.Stdout, c.Stderr = stdin, stdout, os.Stderr
	c.Env = append(os.Environ(), childEnv+"=1")
	return c, c.Start()
}

// childEnv marks the probe's own child, so that a test binary runs main instead of its tests.
const childEnv = "WAKEPROBE_CHILD"

func probePipe(o options, out io.Writer) error {
	toChild, w1, err := os.Pipe()
	if err != nil {
		return err
	}
	r2, fromChild, err := os.Pipe()
	if err != nil {
		toChild.Close()
		w1.Close()
		return err
	}
	c, err := child("pipe-child", o, toChild, fromChild)
	toChild.Close()
	fromChild.Close()
	defer r2.Close()
	if err != nil {
		w1.Close()
		return err
	}
	defer c.Wait()
	defer w1.Close() // before Wait: the child ends when its input does
	if err := pinThread(o.cpu); err != nil {
		return err
	}
	// Blocking system calls on both ends (Fd makes a descriptor blocking), as the tcp probe
	// without -net: no Go poller between the wake-up and the sample.
	wfd, rfd := int(w1.Fd()), rawRW(r2.Fd())
	b := []byte{1}
	d, err := paced(o.rate, o.n, nanosleep, func() error {
		if _, err := unix.Write(wfd, b); err != nil {
			return err
		}
		_, err := io.ReadFull(rfd, b)
		return err
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(out, summary(fmt.Sprintf("pipe rtt cpu%d<->%d @%g/s", o.cpu, o.peer, o.rate), d))
	return err
}

func pipeChild(o options) error {
	if err := pinThread(o.peer); err != nil {
		return err
	}
	in, out := rawRW(os.Stdin.Fd()), rawRW(os.Stdout.Fd())
	b := make([]byte, 1)
	for {
		if _, err := io.ReadFull(in, b); err != nil {
			return nil // the probe closed its end
		}
		if _, err := out.Write(b); err != nil {
			return err
		}
	}
}

// blockingConn turns a TCP connection into a blocking file descriptor (no Go poller).
func blockingConn(c net.Conn) (*os.File, error) {
	f, err := c.(*net.TCPConn).File()
	if err != nil {
		return nil, err
	}
	c.Close()
	return f, unix.SetNonblock(int(f.Fd()), false)
}

// rawRW reads and writes a blocking descriptor with plain system calls.
type rawRW int

func (fd rawRW) Read(b []byte) (int, error) {
	n, err := unix.Read(int(fd), b)
	if err == nil && n == 0 && len(b) > 0 {
		return 0, io.EOF
	}
	return n, err
}

func (fd rawRW) Write(b []byte) (int, error) {
	for n := 0; n < len(b); {
		k, err := unix.Write(int(fd), b[n:])
		if err != nil {
			return n, err
		}
		n += k
	}
	return len(b), nil
}

// endpoint gives the probe's reads and writes on c: the connection itself, or its blocking
// descriptor.
func endpoint(c net.Conn, goNet bool) (io.ReadWriter, func(), error) {
	if goNet {
		return c, func() { c.Close() }, nil
	}
	f, err := blockingConn(c)
	if err != nil {
		return nil, nil, err
	}
	return rawRW(f.Fd()), func() { f.Close() }, nil
}

func probeTCP(o options, out io.Writer) error {
	ready, w, err := os.Pipe()
	if err != nil {
		return err
	}
	c, err := child("tcp-child", o, nil, w, "-port", strconv.Itoa(o.port))
	w.Close()
	if err != nil {
		ready.Close()
		return err
	}
	defer c.Wait()
	// The child says its port on a line once it listens.
	line, err := readLine(ready)
	ready.Close()
	if err != nil {
		c.Process.Kill()
		return fmt.Errorf("tcp child: %w", err)
	}
	if err := o.pin(o.cpu); err != nil {
		c.Process.Kill()
		return err
	}
	conn, err := net.Dial("tcp", "127.0.0.1:"+line)
	if err != nil {
		c.Process.Kill()
		return err
	}
	rw, closeFn, err := endpoint(conn, o.goNet)
	if err != nil {
		c.Process.Kill()
		return err
	}
	defer closeFn()
	sleep := nanosleep
	if o.goNet {
		sleep = time.Sleep
	}
	buf := make([]byte, o.size)
	d, err := paced(o.rate, o.n, sleep, func() error {
		if _, err := rw.Write(buf); err != nil {
			return err
		}
		_, err := io.ReadFull(rw, buf)
		return err
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(out, summary(fmt.Sprintf("tcp %dB net=%v cpu%d<->%d @%g/s", o.size, o.goNet, o.cpu, o.peer, o.rate), d))
	return err
}

func readLine(r io.Reader) (string, error) {
	var b []byte
	one := make([]byte, 1)
	for {
		if _, err := r.Read(one); err != nil {
			return "", err
		}
		if one[0] == '\n' {
			return string(b), nil
		}
		b = append(b, one[0])
	}
}

func tcpChild(o options) error {
	if err := o.pin(o.peer); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(o.port))
	if err != nil {
		return err
	}
	fmt.Printf("%d\n", ln.Addr().(*net.TCPAddr).Port)
	c, err := ln.Accept()
	ln.Close()
	if err != nil {
		return err
	}
	rw, closeFn, err := endpoint(c, o.goNet)
	if err != nil {
		return err
	}
	defer closeFn()
	buf := make([]byte, o.size)
	for {
		if _, err := io.ReadFull(rw, buf); err != nil {
			return nil // the probe closed its end
		}
		if _, err := rw.Write(buf); err != nil {
			return err
		}
	}
}
