package worker

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"golang.org/x/sys/unix"

	"gpufn/gpu"
	"gpufn/shm"
)

// Errors of the server side of a worker.
var (
	// ErrWorkerExited is returned when the worker process is gone (it crashed, was killed, or
	// exited after losing its device) before it answered.
	ErrWorkerExited = errors.New("worker exited")
	// ErrDeadline is returned when the worker did not answer before the invocation's deadline;
	// the caller must kill it (its kernel may still be running).
	ErrDeadline = errors.New("worker did not answer before the deadline")
	// ErrStart is returned when a worker did not come up: it never said hello, said it in
	// another protocol version, or reported that its device cannot be opened.
	ErrStart = errors.New("worker did not start")
)

// StartOptions describe a worker process.
type StartOptions struct {
	// Binary is the executable to run (the gpufn binary); Args come before the worker flags
	// (e.g. ["worker"]).
	Binary string
	Args   []string
	// ID names the worker in logs, e.g. "cuda0-w2".
	ID string
	// Device kind ("cuda", "hip", "cpu") and ordinal.
	Device  string
	Ordinal int
	// PoolBytes is the device pool (0: free memory minus the worker's reserve).
	PoolBytes uint64
	// Contexts and ContextBytes size the shared-memory contexts (default 1 of 64 MiB).
	Contexts     int
	ContextBytes int
	// Env is added to the worker's environment (e.g. the MPS pipe directory and memory cap).
	Env []string
	// StartTimeout bounds the wait for the hello (default 60 s).
	StartTimeout time.Duration
	// LogLevel is passed to the worker.
	LogLevel string
	// Log receives the worker's stderr, line by line, tagged with ID.
	Log *zap.Logger
	// Probe starts the worker in probe mode: it reports the devices of Device and exits.
	Probe bool
	// NoPool starts the worker without a device pool; it takes one when told (MsgPool).
	NoPool bool
	// Spin is how long the worker spins on its request pipe before parking, and ReplySpin how
	// long the server spins for a reply (0: park at once; SpinForever: never park). See the
	// engines' polling policy.
	Spin, ReplySpin time.Duration
	// NoGraphs turns the worker's launch graphs off (ExecutorOptions.NoGraphs).
	NoGraphs bool
	// CopyAhead has the worker copy the next invocation's inputs while one runs
	// (ExecutorOptions.CopyAhead).
	CopyAhead bool
	// ModuleCacheBytes bounds the device memory of the worker's loaded modules
	// (ExecutorOptions.MaxModuleBytes; 0: DefaultModuleCacheBytes).
	ModuleCacheBytes uint64
	// Standby starts the worker without its device: Start returns once the process runs, with
	// no hello, and the worker opens its device and says hello when Promote tells it to. Until
	// then it is no client of the GPU (under MPS: a teardown of the clients leaves it be).
	Standby bool
	// ResidentBytes bounds the worker's resident weight sets (ExecutorOptions.ResidentBytes;
	// 0: the worker's default).
	ResidentBytes uint64
}

// Process is the server's handle on one worker process: the pipes, the contexts and the
// process itself. Its methods other than Kill, Done and Stop must be called from one
// goroutine (the engine goroutine that owns the worker).
//
// A Process must not be copied.
type Process struct {
	id  string
	cmd *exec.Cmd
	req *os.File // write end of the request pipe
	// reqRC, wakeFD and wakeErr write a wake frame with one write(2) (Wake), made once.
	reqRC    syscall.RawConn
	wakeFD   func(fd uintptr)
	wakeErr  error
	rep      *os.File // read end of the reply pipe
	fw       *FrameWriter
	fr       *FrameReader
	regions  []*shm.Region
	contexts []*shm.Context
	hello    Hello
	log      *zap.Logger

	spin    *pollSpinReader // reads the reply pipe (Receive spins, ReceiveParked parks, Poll tries)
	done    chan struct{}   // closed when the process has exited and been reaped
	exitErr error
	// killed is set once the server sent the process SIGKILL (Terminate, Kill): from then on
	// no read of its reply pipe waits (Receive, Poll, WaitReply, pollSpinReader), and a failed
	// one is reported as the kill (ioErr).
	killed   atomic.Bool
	stopOnce sync.Once
	nextID   uint64
	// reqBell and repBell are the doorbells of context 0 (see DoorbellBytes); nil without
	// contexts.
	reqBell, repBell *atomic.Uint64
	// pollID is the request Poll was last called for, and polls how often.
	pollID, polls uint64
}

// Start starts a worker and waits for its hello.
func Start(opt StartOptions) (*Process, error) {
	opt = opt.withDefaults()
	p := &Process{id: opt.ID, log: opt.Log, done: make(chan struct{})}
	ok := false
	defer func() {
		if !ok {
			p.Kill()
		}
	}()
	if err := p.createContexts(opt); err != nil {
		return nil, err
	}
	if err := p.spawn(opt); err != nil {
		return nil, err
	}
	p.fw = NewFrameWriter(p.req)
	rr, err := newPollSpinReader(p.rep, opt.ReplySpin)
	if err != nil {
		return nil, err
	}
	p.spin, _ = rr.(*pollSpinReader)
	if p.spin != nil {
		p.spin.bell, p.spin.killed = p.repBell, &p.killed
	}
	p.fr = NewFrameReader(rr, MaxReplyFrame)
	if opt.Standby {
		ok = true
		return p, nil
	}
	if err := p.readHello(opt.StartTimeout); err != nil {
		return nil, err
	}
	ok = true
	return p, nil
}

// Promote tells a worker started with StartOptions.Standby to open its device, and waits up to
// timeout for its hello. On failure the worker is killed.
func (p *Process) Promote(timeout time.Duration) error {
	p.req.SetWriteDeadline(time.Now().Add(timeout))
	_, err := p.req.Write([]byte{PromoteByte})
	p.req.SetWriteDeadline(time.Time{})
	if err == nil {
		err = p.readHello(timeout)
	} else {
		err = fmt.Errorf("%w: promoting a standby: %v%s", ErrStart, err, p.exitNote())
	}
	if err != nil {
		p.Kill()
	}
	return err
}

// withDefaults fills in the defaults written beside StartOptions' fields; a probe has no
// contexts.
func (opt StartOptions) withDefaults() StartOptions {
	if opt.Contexts <= 0 {
		opt.Contexts = 1
	}
	if opt.ContextBytes <= 0 {
		opt.ContextBytes = 64 << 20
	}
	if opt.StartTimeout <= 0 {
		opt.StartTimeout = 60 * time.Second
	}
	if opt.Log == nil {
		opt.Log = zap.NewNop()
	}
	if opt.Probe {
		opt.Contexts = 0
	}
	return opt
}

// createContexts creates the worker's shared-memory contexts, each with its doorbells after
// it; context 0's are the process's.
func (p *Process) createContexts(opt StartOptions) error {
	for i := 0; i < opt.Contexts; i++ {
		r, err := shm.Create(fmt.Sprintf("gpufn-%s-ctx%d", opt.ID, i), opt.ContextBytes+DoorbellBytes)
		if err != nil {
			return err
		}
		p.regions = append(p.regions, r)
		p.contexts = append(p.contexts, shm.NewStreamingContext(r.Bytes()[:opt.ContextBytes], watermark(r.Bytes())))
		if i == 0 {
			p.reqBell, p.repBell = doorbells(r.Bytes())
		}
	}
	return nil
}

// spawn starts the worker process with its pipes and contexts, and the goroutines that
// forward its stderr and reap it.
func (p *Process) spawn(opt StartOptions) error {
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return err
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return err
	}
	p.req, p.rep = reqW, repR
	if p.reqRC, err = reqW.SyscallConn(); err != nil {
		reqR.Close()
		reqW.Close()
		repR.Close()
		repW.Close()
		return err
	}
	p.wakeFD = func(fd uintptr) { _, p.wakeErr = unix.Write(int(fd), wakeFrame[:]) }
	errR, errW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		repW.Close()
		return err
	}
	cmd := exec.Command(opt.Binary, workerArgs(opt)...)
	cmd.Env = append(append(os.Environ(), CookieKey+"="+CookieValue), opt.Env...)
	cmd.Stdin, cmd.Stdout = nil, nil // /dev/null: fd 1 is where device printf goes
	cmd.Stderr = errW
	cmd.ExtraFiles = []*os.File{reqR, repW}
	for _, r := range p.regions {
		cmd.ExtraFiles = append(cmd.ExtraFiles, r.File())
	}
	// The worker leads a process group of its own and dies with the server (spawn.go says why
	// and why from one thread); it also exits when its request pipe closes.
	err = startCmd(cmd)
	reqR.Close()
	repW.Close()
	errW.Close()
	if err != nil {
		errR.Close()
		return fmt.Errorf("%w: starting %s: %v", ErrStart, opt.Binary, err)
	}
	p.cmd = cmd
	logsDone := make(chan struct{})
	go p.forwardLogs(errR, logsDone)
	go func() {
		err := cmd.Wait()
		<-logsDone
		p.exitErr = err
		close(p.done)
	}()
	return nil
}

// workerArgs is the worker's command line: opt.Args, then the flags Main parses.
func workerArgs(opt StartOptions) []string {
	args := append(append([]string(nil), opt.Args...),
		"--device", opt.Device, "--ordinal", strconv.Itoa(opt.Ordinal),
		"--pool-bytes", strconv.FormatUint(opt.PoolBytes, 10),
		"--contexts", strconv.Itoa(opt.Contexts))
	if opt.LogLevel != "" {
		args = append(args, "--log-level", opt.LogLevel)
	}
	if opt.Probe {
		args = append(args, "--probe")
	}
	if opt.NoPool {
		args = append(args, "--no-pool")
	}
	if opt.NoGraphs {
		args = append(args, "--graphs=false")
	}
	if opt.CopyAhead {
		args = append(args, "--copy-ahead")
	}
	if opt.ResidentBytes != 0 {
		args = append(args, "--resident-bytes", strconv.FormatUint(opt.ResidentBytes, 10))
	}
	if opt.Spin != 0 {
		args = append(args, "--spin", opt.Spin.String())
	}
	if opt.Standby {
		args = append(args, "--standby")
	}
	if opt.ModuleCacheBytes != 0 {
		args = append(args, "--module-cache-bytes", strconv.FormatUint(opt.ModuleCacheBytes, 10))
	}
	return args
}

func (p *Process) readHello(timeout time.Duration) error {
	p.rep.SetReadDeadline(time.Now().Add(timeout))
	defer p.rep.SetReadDeadline(time.Time{})
	t, err := p.fr.Next()
	if err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return fmt.Errorf("%w: no hello within %v", ErrStart, timeout)
		}
		return fmt.Errorf("%w: reading its hello: %v%s", ErrStart, err, p.exitNote())
	}
	if t != MsgHello {
		return fmt.Errorf("%w: its first message is %s, not hello", ErrStart, t)
	}
	if err := p.fr.Decode(&p.hello); err != nil {
		return fmt.Errorf("%w: %v", ErrStart, err)
	}
	if p.hello.Version != Version {
		return fmt.Errorf("%w: it speaks protocol version %d; this server speaks %d", ErrStart, p.hello.Version, Version)
	}
	if p.hello.Err != nil {
		return fmt.Errorf("%w: %s", ErrStart, p.hello.Err.Message)
	}
	if len(p.hello.Contexts) != len(p.regions) {
		return fmt.Errorf("%w: it mapped %d contexts of %d", ErrStart, len(p.hello.Contexts), len(p.regions))
	}
	return nil
}

// exitNote waits briefly for the process to exit and describes how it did.
func (p *Process) exitNote() string {
	select {
	case <-p.done:
		if p.exitErr != nil {
			return " (" + p.exitErr.Error() + ")"
		}
		return " (exited)"
	case <-time.After(2 * time.Second):
		return ""
	}
}

// forwardLogs relays the worker's stderr to the server's log, tagged with the worker's ID.
func (p *Process) forwardLogs(r *os.File, done chan struct{}) {
	defer close(done)
	defer r.Close()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 64<<10)
	for sc.Scan() {
		line := sc.Bytes()
		var rec map[string]any
		if json.Unmarshal(line, &rec) != nil {
			p.log.Info("worker output", zap.String("worker", p.id), zap.ByteString("line", line))
			continue
		}
		lvl, _ := zapcore.ParseLevel(fmt.Sprint(rec["level"]))
		msg := fmt.Sprint(rec["msg"])
		fields := []zap.Field{zap.String("worker", p.id)}
		for k, v := range rec {
			if k != "level" && k != "msg" {
				fields = append(fields, zap.Any(k, v))
			}
		}
		if ce := p.log.Check(lvl, msg); ce != nil {
			ce.Write(fields...)
		}
	}
}

// Hello is the worker's hello message.
func (p *Process) Hello() *Hello { return &p.hello }

// PID is the worker's process ID.
func (p *Process) PID() int { return p.cmd.Process.Pid }

// Context returns shared-memory context i.
func (p *Process) Context(i int) *shm.Context { return p.contexts[i] }

// Contexts is the number of shared-memory contexts.
func (p *Process) Contexts() int { return len(p.contexts) }

// Done is closed when the worker has exited.
func (p *Process) Done() <-chan struct{} { return p.done }

// ExitErr describes how the worker exited (valid after Done).
func (p *Process) ExitErr() error { return p.exitErr }

// wakeFrame is a MsgWake's frame: a length of 1, the type, no body.
var wakeFrame = [5]byte{1, 0, 0, 0, byte(MsgWake)}

// Wake sends the worker a MsgWake: a parked worker wakes and spins up to WakeSpin for the
// request that follows (nothing answers it). The caller must be the only writer of the request
// pipe meanwhile, as for Send, and must not send another wake before the worker has read a
// request. It never waits and never allocates (the engine calls it under its scheduler's
// lock): one non-blocking write(2) of 5 bytes, which a pipe takes whole or not at all; its
// error (the worker gone, the pipe full) is returned and changes nothing, unlike Send's.
func (p *Process) Wake() error {
	if err := p.reqRC.Control(p.wakeFD); err != nil {
		return err
	}
	if err := p.wakeErr; err != nil {
		p.wakeErr = nil
		return err
	}
	if p.reqBell != nil {
		p.reqBell.Store(p.reqBell.Load() ^ 1<<63) // a change: a spinning worker reads the pipe
	}
	return nil
}

// NextID returns a fresh request ID.
func (p *Process) NextID() uint64 {
	p.nextID++
	return p.nextID
}

// Call sends a request (MsgInvoke with *Invoke, or MsgPool with *PoolCmd) and reads its
// result before deadline (zero: no deadline). It checks that the reply names the request. On
// ErrDeadline and ErrProtocol the worker is unusable and must be killed; on ErrWorkerExited it is
// gone.
func (p *Process) Call(t MsgType, msg any, id uint64, res *Result, deadline time.Time) error {
	if err := p.Send(t, msg, id, deadline); err != nil {
		return err
	}
	return p.Receive(id, res, deadline)
}

// Send writes a request without waiting for its result. The worker runs requests one at a time,
// in the order they were sent, and answers each in turn: a caller may send a request while an
// earlier one runs (so that the worker finds it waiting) and must then Receive the results in
// the order it sent the requests. The errors are Call's.
func (p *Process) Send(t MsgType, msg any, id uint64, deadline time.Time) error {
	select {
	case <-p.done:
		return p.exited()
	default:
	}
	p.req.SetWriteDeadline(deadline)
	if err := p.fw.Write(t, msg); err != nil {
		return p.ioErr(err)
	}
	if p.reqBell != nil {
		p.reqBell.Store(id)
	}
	return nil
}

// Receive reads the result of request id, the oldest one sent and not yet received, before
// deadline (zero: no deadline). The errors are Call's.
func (p *Process) Receive(id uint64, res *Result, deadline time.Time) error {
	p.rep.SetReadDeadline(deadline)
	if p.killed.Load() {
		// After the deadline's setting: a Terminate after this load moves it to now.
		return p.receiveKilled(id, res)
	}
	if p.spin != nil {
		p.spin.deadline, p.spin.want = deadline, id
	}
	rt, err := p.fr.Next()
	if err != nil {
		return p.ioErr(err)
	}
	if rt != MsgResult {
		return protoErr("a %s message where a result was due", rt)
	}
	if err := p.fr.Decode(res); err != nil {
		return err
	}
	if res.ID != id {
		return protoErr("reply to request %d where %d was due", res.ID, id)
	}
	return nil
}

// Poll checks once, without waiting, whether the result of request id (the oldest one sent and
// not yet received) has come, and if so reads it into res before deadline (the rest of its
// frame, should only part have come). It reports true once the result is read or err says why
// there is none (Receive's errors), false when nothing has come yet. It is one turn of a
// caller's spin (the engine's, which looks at its queue between turns): a turn that finds
// nothing costs a load of the reply doorbell; the pipe is read (one read(2), never waiting)
// only when the doorbell rang for id, on the first poll for id, and every pipeTurns-th, so that
// frames that do not ring and a closed pipe are still seen.
func (p *Process) Poll(id uint64, res *Result, deadline time.Time) (bool, error) {
	if p.killed.Load() {
		return true, p.receiveKilled(id, res)
	}
	if p.fr.r.Buffered() == 0 {
		if id != p.pollID {
			p.pollID, p.polls = id, 0
		}
		turn := p.polls
		p.polls++
		if p.repBell != nil && turn&(pipeTurns-1) != 0 && p.repBell.Load() != id {
			return false, nil
		}
		if !p.spin.readable(p.fr) {
			return false, nil
		}
	}
	return true, p.ReceiveParked(id, res, deadline)
}

// ReceiveParked is Receive without spinning: the calling goroutine parks in the poller until
// the result arrives (or the deadline passes), whatever the reader's spin budget.
func (p *Process) ReceiveParked(id uint64, res *Result, deadline time.Time) error {
	p.spin.park = true
	err := p.Receive(id, res, deadline)
	p.spin.park = false
	return err
}

// WaitReply waits, parked and without reading it, until the result of request id (the oldest
// one sent and not yet received) can be read (its first
// byte has come, or the pipe has an error or its end for the next Receive to report: nil), or
// deadline passes (ErrDeadline). Unlike Receive's, this ErrDeadline leaves the worker usable:
// nothing was read, and a later Receive reads the result whole. The engine waits so for a
// caller's deadline, which must not cost the worker (a caller's deadline kills nothing).
func (p *Process) WaitReply(id uint64, deadline time.Time) error {
	if p.fr.r.Buffered() > 0 {
		return nil
	}
	p.rep.SetReadDeadline(deadline)
	if p.killed.Load() {
		return nil // the next Receive reports it
	}
	if p.spin != nil {
		p.spin.deadline, p.spin.want, p.spin.park = deadline, id, true
	}
	_, err := p.fr.r.Peek(1)
	if p.spin != nil {
		p.spin.park = false
	}
	if errors.Is(err, os.ErrDeadlineExceeded) && !p.killed.Load() {
		return ErrDeadline
	}
	return nil
}

// receiveKilled is Receive for a worker the server has killed (Terminate): the result of request
// id is read if it has come whole (the worker answered before the kill: a victim whose run was
// done is answered, not run again), without waiting for anything more (the read deadline, set
// to the kill, would refuse even a waiting byte); otherwise the kill is reported.
func (p *Process) receiveKilled(id uint64, res *Result) error {
	if p.spin == nil {
		return p.ioErr(errKilled)
	}
	p.spin.once = true
	defer func() { p.spin.once = false }()
	if t, err := p.fr.Next(); err == nil && t == MsgResult {
		if err := p.fr.Decode(res); err == nil && res.ID == id {
			return nil
		}
	}
	return p.ioErr(errKilled)
}

// ioErr explains an error reading or writing the worker's pipes. A worker the server killed is
// said so at once, whatever the error (the deadline Terminate set, the pipe's end, a frame cut
// short): its pipe ends only once the process has exited, and a killed CUDA process exits
// slowly: it frees its memory (the driver tearing its context down) before its descriptors
// are closed. On the H100 under MPS a teardown's victims saw their pipes end 38-427 ms after
// the SIGKILL (2026-11-28, before Terminate woke them), all that time before their
// interrupted invocations could run again elsewhere (a rescue worker).
func (p *Process) ioErr(err error) error {
	if p.killed.Load() {
		return fmt.Errorf("%w: killed by the server (SIGKILL): %v", ErrWorkerExited, err)
	}
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return ErrDeadline
	case errors.Is(err, ErrProtocol):
		return err
	}
	// EOF, EPIPE: the worker closed its end, which means it is exiting.
	select {
	case <-p.done:
	case <-time.After(5 * time.Second):
		return fmt.Errorf("%w: %v (the process has not exited yet)", ErrWorkerExited, err)
	}
	return p.exited()
}

func (p *Process) exited() error {
	if p.exitErr != nil {
		return fmt.Errorf("%w: %v", ErrWorkerExited, p.exitErr)
	}
	return fmt.Errorf("%w: exit status 0", ErrWorkerExited)
}

// Terminate sends the worker SIGKILL and returns at once. It is safe to call from any
// goroutine while the owner is in a Call, Receive, Poll or WaitReply, which then returns at
// once (Receive and Poll fail with ErrWorkerExited, WaitReply returns for the next Receive to
// say so) without waiting for the pipe to end (ioErr says why not); the owner still calls
// Kill or Stop to reap the process and release its resources.
func (p *Process) Terminate() {
	if p.cmd != nil && p.cmd.Process != nil {
		p.killed.Store(true)
		p.cmd.Process.Kill()
		// Wakes a read parked in the poller; a spinning one sees killed (pollSpinReader).
		p.rep.SetReadDeadline(time.Now())
	}
}

// Kill kills the worker at once and waits for it to be reaped. Safe to call concurrently and
// more than once.
func (p *Process) Kill() {
	if p.cmd != nil && p.cmd.Process != nil {
		p.killed.Store(true)
		p.cmd.Process.Kill()
		<-p.done
	}
	p.cleanup()
}

// Stop asks the worker to exit, waits up to grace, then kills it. It releases the pipes and
// contexts. Safe to call more than once.
func (p *Process) Stop(grace time.Duration) {
	if p.cmd == nil {
		p.cleanup()
		return
	}
	select {
	case <-p.done:
	default:
		p.req.SetWriteDeadline(time.Now().Add(grace))
		if p.fw.Write(MsgShutdown, nil) == nil {
			select {
			case <-p.done:
			case <-time.After(grace):
			}
		}
	}
	p.Kill()
}

func (p *Process) cleanup() {
	p.stopOnce.Do(func() {
		if p.req != nil {
			p.req.Close()
		}
		if p.rep != nil {
			p.rep.Close()
		}
		for _, r := range p.regions {
			r.Close()
		}
	})
}

// Probe runs a worker in probe mode and returns the devices of opt.Device it found.
func Probe(opt StartOptions) ([]gpu.Info, error) {
	opt.Probe = true
	if opt.ID == "" {
		opt.ID = "probe"
	}
	p, err := Start(opt)
	if err != nil {
		return nil, err
	}
	infos := p.hello.Devices
	p.Stop(5 * time.Second)
	return infos, nil
}
