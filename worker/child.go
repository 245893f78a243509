package worker

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"sync/atomic"
	"syscall"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"golang.org/x/sys/unix"

	"gpufn/bufpool"
	"gpufn/call"
	"gpufn/gpu"
	"gpufn/shm"
)

// Devices is how a worker process reaches devices. cmd/gpufn wires the real ones (cuda, hip,
// cpu); tests wire the cpu device or a fake.
type Devices interface {
	// Open opens device ordinal of kind ("cuda", "hip", "cpu").
	Open(kind string, ordinal int) (gpu.Device, error)
	// Probe lists the devices of kind; kind "auto" picks the first kind that has any, in the
	// order cuda, hip, cpu, and says in the returned note why others were not used.
	Probe(kind string) (infos []gpu.Info, note string, err error)
}

// Kerneler is implemented by devices that can run only the kernels they list (the cpu
// device); the worker reports them in its hello so the server can refuse, at registration, a
// function it cannot run.
type Kerneler interface {
	KernelNames() []string
}

// Exit codes of a worker process.
const (
	ExitOK        = 0
	ExitUsage     = 2 // bad flags or not started by the server
	ExitDeviceErr = 3 // the device could not be opened, or was lost
	ExitProtocol  = 4 // the server broke the protocol
)

// Main is the worker process (`gpufn worker`). It returns the process's exit code.
func Main(args []string, devs Devices) int {
	f, err := parseChildFlags(args)
	if err != nil {
		return ExitUsage
	}
	if os.Getenv(CookieKey) != CookieValue {
		fmt.Fprintln(os.Stderr, "gpufn worker: this process is started by `gpufn serve`, not by hand")
		return ExitUsage
	}
	// The server stops its workers itself (a shutdown message, or SIGKILL): a SIGINT, SIGTERM or
	// SIGHUP that reaches a worker was meant for the server, as systemd's
	// KillMode=control-group sends SIGTERM to every process of the unit at once. The server
	// drains on it, and its workers must live to finish what it admitted (spawn.go).
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	// fd 1 is where a kernel's device printf goes: never the protocol.
	if err := silenceStdout(); err != nil {
		fmt.Fprintln(os.Stderr, "gpufn worker:", err)
		return ExitUsage
	}
	log := newChildLogger(f.logLevel)
	defer log.Sync()

	req := os.NewFile(RequestFD, "requests")
	rep := os.NewFile(ReplyFD, "replies")
	if req == nil || rep == nil {
		log.Error("missing protocol descriptors")
		return ExitUsage
	}
	fw := NewFrameWriter(rep)
	hello := Hello{Version: Version, PID: os.Getpid()}
	if f.probe {
		return sendProbe(devs, f.kind, fw, hello, log)
	}
	if f.standby && !awaitPromotion(req) {
		return ExitOK // the server stopped the standby, or is gone
	}
	// The device is driven from this one OS thread (CUDA contexts are per thread).
	runtime.LockOSThread()
	return runChild(devs, f, req, fw, hello, log)
}

// childFlags are a worker process's flags (the server sets them from StartOptions).
type childFlags struct {
	kind          string
	ordinal       int
	poolBytes     uint64
	reserve       uint64
	residentBytes uint64
	contexts      int
	probe         bool
	noPool        bool
	graphs        bool
	copyAhead     bool
	standby       bool
	modBytes      uint64
	spin          time.Duration
	logLevel      string
}

func parseChildFlags(args []string) (childFlags, error) {
	var f childFlags
	fs := flag.NewFlagSet("worker", flag.ContinueOnError)
	fs.StringVar(&f.kind, "device", "cpu", "device kind: cuda, hip or cpu")
	fs.IntVar(&f.ordinal, "ordinal", 0, "device ordinal")
	fs.Uint64Var(&f.poolBytes, "pool-bytes", 0, "device pool bytes (0: free memory minus a reserve)")
	fs.Uint64Var(&f.reserve, "reserve-bytes", 768<<20, "device memory left outside the pool when --pool-bytes is 0, besides --resident-bytes (both together at most 1/8 of the free memory)")
	fs.IntVar(&f.contexts, "contexts", 1, "shared-memory contexts passed as fds 5, 6, ...")
	fs.BoolVar(&f.probe, "probe", false, "report the devices of --device in the hello, then exit")
	fs.BoolVar(&f.noPool, "no-pool", false, "start without a device pool (the server sends one when it needs it)")
	fs.BoolVar(&f.graphs, "graphs", true, "replay repeated launch sequences as launch graphs where the device has them")
	fs.BoolVar(&f.copyAhead, "copy-ahead", false, "copy the inputs of the next invocation of the running function to the device while its kernels run, when its request has come (a device with a copy stream: CUDA)")
	fs.BoolVar(&f.standby, "standby", false, "wait for the server's go-ahead (PromoteByte on the request pipe) before opening the device: a standby worker started ahead, not yet an MPS client")
	fs.Uint64Var(&f.modBytes, "module-cache-bytes", DefaultModuleCacheBytes, "device memory the loaded modules may take (as ModuleFootprint counts it); the least recently used are unloaded")
	fs.Uint64Var(&f.residentBytes, "resident-bytes", DefaultResidentBytes, "device memory the worker's resident weight sets may take, besides the pool")
	fs.DurationVar(&f.spin, "spin", 0, "spin this long on the request pipe before parking (-1ns: never park)")
	fs.StringVar(&f.logLevel, "log-level", "info", "log level")
	fs.SetOutput(os.Stderr)
	return f, fs.Parse(args)
}

// sendProbe answers a probing start: a hello with the devices of kind (or why there are
// none), and no device opened.
func sendProbe(devs Devices, kind string, fw *FrameWriter, hello Hello, log *zap.Logger) int {
	infos, note, err := devs.Probe(kind)
	hello.Devices = infos
	if note != "" {
		log.Info(note)
	}
	if err != nil {
		hello.Err = &WireError{Code: call.CodeInternal, Message: err.Error()}
	}
	if err := fw.Write(MsgHello, &hello); err != nil {
		return ExitProtocol
	}
	return ExitOK
}

// runChild opens the device, its pool and the shared-memory contexts, says hello with what
// it got (or why it could not start), and serves requests until the server is done.
func runChild(devs Devices, f childFlags, req *os.File, fw *FrameWriter, hello Hello, log *zap.Logger) int {
	c, err := startChild(devs, f.kind, f.ordinal, f.poolBytes, f.reserve, f.contexts, !f.noPool, ExecutorOptions{NoGraphs: !f.graphs, MaxModuleBytes: f.modBytes, ResidentBytes: f.residentBytes, CopyAhead: f.copyAhead}, log)
	if err != nil {
		hello.Err = &WireError{Code: call.CodeInternal, Message: err.Error()}
		if gpu.IsFatal(err) {
			hello.Err.Code, hello.Err.Fatal = call.CodeKernelFault, true
		}
		fw.Write(MsgHello, &hello)
		log.Error("worker cannot start", zap.Error(err))
		return ExitDeviceErr
	}
	defer c.close()
	hello.Device = c.dev.Info()
	hello.Start = c.start
	if c.pool != nil {
		hello.PoolBytes = c.pool.Capacity()
	}
	for i := range c.regions {
		hello.Contexts = append(hello.Contexts, uint64(len(c.context(i))))
	}
	if k, ok := c.dev.(Kerneler); ok {
		hello.Kernels = k.KernelNames()
	}
	if err := fw.Write(MsgHello, &hello); err != nil {
		log.Error("writing hello", zap.Error(err))
		return ExitProtocol
	}
	log.Info("worker ready", zap.String("device", hello.Device.Name), zap.Uint64("pool_bytes", hello.PoolBytes), zap.Int("contexts", len(c.regions)))
	rr, err := newRawSpinReader(req, f.spin)
	if err != nil {
		log.Error("request pipe", zap.Error(err))
		return ExitProtocol
	}
	if sr, ok := rr.(*rawSpinReader); ok {
		c.reqSpin = sr
		if c.reqBell != nil {
			sr.bell, sr.last = c.reqBell, c.reqBell.Load()
		}
	}
	fr := NewFrameReader(rr, MaxRequestFrame)
	if c.reqSpin != nil && c.exec.CopyingAhead() {
		c.fr = fr
		c.exec.SetPeek(c.peek)
	}
	return c.serve(fr, fw)
}

// nextRequest reads the next request's frame; an invocation's is decoded into c.inv. An
// invocation read while the one before it ran (peek) comes first, and needs no read.
func (c *child) nextRequest(fr *FrameReader) (MsgType, error) {
	if c.hasNext {
		c.takeNext()
		if c.peekErr != nil {
			return 0, badInvoke(c.peekErr)
		}
		return MsgInvoke, nil
	}
	t, err := fr.Next()
	if err != nil || t != MsgInvoke {
		return t, err
	}
	if err := fr.Decode(&c.inv); err != nil {
		return 0, badInvoke(err)
	}
	return MsgInvoke, nil
}

// badInvoke is the error of an invocation's frame that does not decode: a protocol error,
// whatever the decoder said (not wrapped: a body cut short says io.EOF, which is not the
// pipe's end).
func badInvoke(err error) error { return protoErr("bad invoke: %v", err) }

// takeNext makes the request read while the one before ran (peek) the current one.
func (c *child) takeNext() {
	c.hasNext = false
	c.inv, c.next = c.next, c.inv
	c.inv.ownWeights()
	c.next.ownWeights()
}

// peekTurns is how often peek reads the pipe whatever the doorbell says (in calls: each
// follows a cuStreamQuery, about a microsecond).
const peekTurns = 256

// peek reads the next request while the running one waits for its kernels (Executor.SetPeek),
// if it has come whole and is an invocation, and lets the executor copy its inputs ahead. A
// request read here runs next (serve); nothing else is read here.
func (c *child) peek() {
	if c.hasNext {
		return
	}
	// The server rings the doorbell after each request it writes: the pipe is read when it
	// rang, and every peekTurns calls whatever it says (as the spinning reader does, a read(2)
	// per poll would take the pipe's lock from the server's write that much more often).
	if c.reqBell != nil {
		c.peekTurn++
		v := c.reqBell.Load()
		if !c.peekAny && v == c.peekSeen && c.peekTurn%peekTurns != 0 {
			return
		}
		c.peekAny, c.peekSeen = false, v
	}
	ok, err := c.fr.TryNext(c.reqSpin, MsgInvoke)
	if err != nil || !ok {
		return // a broken pipe is seen by serve's next read
	}
	if err := c.fr.Decode(&c.next); err != nil {
		c.peekErr = err
		c.hasNext = true
		return
	}
	c.hasNext = true
	if i := int(c.next.Context); i < len(c.regions) {
		c.exec.Ahead(&c.next, c.context(i), c.inv.FuncID)
	}
}

func silenceStdout() error {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer null.Close()
	if err := unix.Dup2(int(null.Fd()), 1); err != nil {
		return fmt.Errorf("pointing fd 1 to /dev/null: %w", err)
	}
	return nil
}

func newChildLogger(level string) *zap.Logger {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		lvl = zapcore.InfoLevel
	}
	enc := zap.NewProductionEncoderConfig()
	enc.TimeKey = "" // the server stamps forwarded lines
	core := zapcore.NewCore(zapcore.NewJSONEncoder(enc), zapcore.Lock(os.Stderr), lvl)
	return zap.New(core)
}

type child struct {
	dev     gpu.Device
	pool    *bufpool.Pool
	exec    *Executor
	regions []*shm.Region
	log     *zap.Logger
	reserve uint64
	zeroNew bool
	start   StartTimes // where the start went, for the hello
	res     Result
	inv     Invoke
	// next is the request read while inv ran (copying ahead: peek), to run after it, when
	// hasNext is set; fr is the request pipe's frame reader.
	next    Invoke
	hasNext bool
	peekErr error
	fr      *FrameReader
	// peekSeen is the request doorbell's value at peek's last look at the pipe, peekTurn
	// counts its calls, and peekAny makes its next call look whatever the doorbell says
	// (set before each invocation).
	peekSeen uint64
	peekTurn uint32
	peekAny  bool
	pinned   [][]byte
	// reqSpin is the request pipe's spinning reader (nil when the worker does not spin), which
	// a MsgWake makes spin longer once.
	reqSpin *rawSpinReader
	// reqBell and repBell are the doorbells in the tail of region 0 (DoorbellBytes).
	reqBell, repBell *atomic.Uint64
}

// context returns context i: its region without the doorbells' tail.
func (c *child) context(i int) []byte {
	b := c.regions[i].Bytes()
	return b[:len(b)-DoorbellBytes]
}

func startChild(devs Devices, kind string, ordinal int, poolBytes, reserve uint64, contexts int, withPool bool, eo ExecutorOptions, log *zap.Logger) (*child, error) {
	c := &child{log: log, reserve: childReserve(reserve, eo.ResidentBytes), zeroNew: kind != "cpu"}
	for i := 0; i < contexts; i++ {
		f := os.NewFile(uintptr(FirstContextFD+i), fmt.Sprintf("context%d", i))
		if f == nil {
			c.close()
			return nil, fmt.Errorf("context descriptor %d missing", FirstContextFD+i)
		}
		r, err := shm.Open(f)
		if err != nil {
			c.close()
			return nil, err
		}
		if r.Size() <= DoorbellBytes {
			c.close()
			return nil, fmt.Errorf("context %d of %d bytes is too small", i, r.Size())
		}
		c.regions = append(c.regions, r)
	}
	if len(c.regions) > 0 {
		c.reqBell, c.repBell = doorbells(c.regions[0].Bytes())
	}
	t := time.Now()
	dev, err := devs.Open(kind, ordinal)
	if err != nil {
		c.close()
		return nil, fmt.Errorf("opening %s device %d: %w", kind, ordinal, err)
	}
	c.dev = dev
	c.start.Device = time.Since(t).Nanoseconds()
	t = time.Now()
	if info := dev.Info(); info.PageableMemoryAccess {
		log.Warn("this device can read pageable host memory (HMM/ATS): a kernel can read this worker's heap")
	}
	// Pin each context once: copies from pinned memory are about twice as fast.
	for _, r := range c.regions {
		if err := dev.HostRegister(r.Bytes()); err != nil {
			c.close()
			return nil, fmt.Errorf("pinning a context of %d bytes: %w", r.Size(), err)
		}
		c.pinned = append(c.pinned, r.Bytes())
	}
	c.start.Pin = time.Since(t).Nanoseconds()
	t = time.Now()
	if withPool {
		if err := c.takePool(poolBytes); err != nil {
			c.close()
			return nil, err
		}
	}
	c.start.Pool = time.Since(t).Nanoseconds()
	c.exec = NewExecutor(dev, c.pool, eo)
	return c, nil
}

// takePool allocates the device pool: want bytes, or (0) the free memory minus the reserve
// (--reserve-bytes and --resident-bytes),
// retrying smaller when the driver cannot find that much in one piece.
func (c *child) takePool(want uint64) error {
	size := want
	if size == 0 {
		free := c.dev.Info().FreeMem
		var ok bool
		if size, ok = autoPoolBytes(free, c.reserve); !ok {
			return fmt.Errorf("the device has %d bytes free, too little for a pool", free)
		}
	}
	var err error
	for try := 0; try < 6; try++ {
		c.pool, err = bufpool.New(c.dev, size, bufpool.Options{ScrubOnReserve: true, ZeroOnCreate: c.zeroNew})
		if err == nil || !errors.Is(err, gpu.ErrOutOfMemory) || want != 0 {
			break
		}
		size = size / 10 * 9
	}
	return err
}

// childReserve is what a worker leaves of the free memory beside a pool it sizes itself:
// --reserve-bytes, and the resident weight sets' budget (ResidentBudget), which are allocated
// beside the pool when an invocation needs them.
func childReserve(reserve, resident uint64) uint64 { return reserve + ResidentBudget(resident) }

// autoPoolBytes is the pool a device of free bytes gets when none was asked for: the free
// memory less reserve (what the worker allocates beside its pool: its module cache, graphs and
// resident weight sets), at most 1/8 of it on a small device; false when that leaves nothing.
func autoPoolBytes(free, reserve uint64) (uint64, bool) {
	reserve = min(reserve, free/8)
	if free <= reserve+(1<<20) {
		return 0, false
	}
	return free - reserve, true
}

func (c *child) close() {
	if c.exec != nil {
		c.exec.ZeroOwed()
	}
	if c.pool != nil {
		c.pool.Close()
	}
	if c.dev != nil {
		for _, b := range c.pinned {
			c.dev.HostUnregister(b)
		}
		c.dev.Close()
	}
	for _, r := range c.regions {
		r.Close()
	}
}

func (c *child) serve(fr *FrameReader, fw *FrameWriter) int {
	for {
		t, err := c.nextRequest(fr)
		if err != nil {
			if errors.Is(err, io.EOF) {
				return ExitOK // the server closed the pipe: it is gone or done with us
			}
			c.log.Error("reading a request", zap.Error(err))
			return ExitProtocol
		}
		switch t {
		case MsgInvoke:
			c.invoke(&c.inv, &c.res)
			c.dropRefs()
			fr.Shrink()
		case MsgLoad:
			if err := fr.Decode(&c.inv); err != nil {
				c.log.Error("bad load request", zap.Error(err))
				return ExitProtocol
			}
			c.exec.Preload(&c.inv, &c.res)
			c.dropRefs()
			fr.Shrink()
		case MsgPool:
			var cmd PoolCmd
			if err := fr.Decode(&cmd); err != nil {
				return ExitProtocol
			}
			c.poolCmd(&cmd, &c.res)
		case MsgDrop:
			var cmd DropCmd
			if err := fr.Decode(&cmd); err != nil {
				return ExitProtocol
			}
			start := time.Now()
			c.res = Result{ID: cmd.ID, Outputs: c.res.Outputs[:0]}
			drop := c.exec.DropAll
			if len(cmd.Sets)+len(cmd.Funcs) > 0 {
				drop = func() error { return c.exec.DropWeights(cmd.Sets, cmd.Funcs) }
			}
			if err := drop(); err != nil {
				c.res.Err = ToWire(err)
			}
			c.res.Resident = c.exec.Resident()
			c.res.Stages.Total = time.Since(start).Nanoseconds()
		case MsgCompile:
			var req Compile
			if err := fr.Decode(&req); err != nil {
				c.log.Error("bad compile request", zap.Error(err))
				return ExitProtocol
			}
			out := c.compile(&req)
			req.PTX = nil
			fr.Shrink()
			if err := fw.Write(MsgCompiled, out); err != nil {
				c.log.Error("writing a reply", zap.Error(err))
				return ExitProtocol
			}
			if c.repBell != nil {
				c.repBell.Store(out.ID)
			}
			if out.Err != nil && out.Err.Fatal {
				c.log.Error("device lost while compiling; exiting", zap.String("error", out.Err.Message))
				return ExitDeviceErr
			}
			continue
		case MsgWake:
			// No answer: spin longer for the request that follows (a worker that does not
			// spin at all, --poll block, reads with plain blocking reads and just goes on).
			if c.reqSpin != nil {
				c.reqSpin.boost = WakeSpin
			}
			continue
		case MsgShutdown:
			c.log.Info("worker shutting down")
			return ExitOK
		default:
			c.log.Error("unexpected message", zap.Stringer("type", t))
			return ExitProtocol
		}
		if code, ok := c.reply(fw); !ok {
			return code
		}
	}
}

// reply writes c.res, then enqueues the zeroing its invocation left for after it; false with
// the exit code when the worker must stop.
func (c *child) reply(fw *FrameWriter) (int, bool) {
	if err := fw.Write(MsgResult, &c.res); err != nil {
		c.log.Error("writing a reply", zap.Error(err))
		return ExitProtocol, false
	}
	if c.repBell != nil {
		c.repBell.Store(c.res.ID) // after the frame: a reader that sees it finds the frame
	}
	if c.res.Err != nil && c.res.Err.Fatal {
		// The device is lost for this process (docs/gpu-facts.md): leave, the server restarts us.
		c.log.Error("device lost; exiting", zap.String("error", c.res.Err.Message))
		return ExitDeviceErr, false
	}
	// The answer is out: the zeroing its invocation left for now goes on the stream, before
	// anything of the next request (Executor.ZeroOwed). Only a lost device fails it.
	if err := c.exec.ZeroOwed(); err != nil {
		c.log.Error("zeroing the pool span after the reply; exiting", zap.Error(err))
		return ExitDeviceErr, false
	}
	return 0, true
}

// dropRefs lets go of the images, config and weight binding the last request carried (the
// executor keeps what it loaded), so that the request buffer does not pin them.
func (c *child) dropRefs() {
	c.inv.Lib.Image, c.inv.Config, c.inv.Weights = nil, nil, nil
	for i := range c.inv.Extra {
		c.inv.Extra[i].Image = nil
	}
}

func (c *child) invoke(inv *Invoke, res *Result) {
	c.peekAny = true // a request may have come before it rang: look once at least
	if int(inv.Context) >= len(c.regions) {
		*res = Result{ID: inv.ID, Outputs: res.Outputs[:0], Err: &WireError{Code: call.CodeInternal, Message: fmt.Sprintf("no context %d", inv.Context)}}
		return
	}
	i := int(inv.Context)
	c.exec.RunIn(inv, c.context(i), watermark(c.regions[i].Bytes()), res)
	if res.Err != nil && res.Err.Code == call.CodeInternal {
		c.log.Warn("invocation failed", zap.Uint64("id", inv.ID), zap.String("error", res.Err.Message))
	}
}

// compile compiles a PTX for the worker's device, if it can (gpu.Compiler).
func (c *child) compile(req *Compile) *Compiled {
	info := c.dev.Info()
	out := &Compiled{ID: req.ID, Arch: info.Arch, Compiler: info.Compiler}
	cc, ok := c.dev.(gpu.Compiler)
	if !ok {
		out.Err = &WireError{Code: call.CodeInternal, Message: fmt.Sprintf("the %s device cannot compile PTX", info.Kind)}
		return out
	}
	limit := req.MaxCubin
	if limit == 0 {
		limit = MaxReplyFrame - CompiledSlack
	}
	start := time.Now()
	cubin, log, err := cc.CompilePTX(req.PTX)
	out.Nanos = time.Since(start).Nanoseconds()
	if len(log) > MaxCompileLog {
		log = log[:MaxCompileLog] + "\n[log cut]"
	}
	out.Log = log
	switch {
	case err == nil && uint64(len(cubin)) > limit:
		out.Err = &WireError{Code: call.CodeCompileFailed, Message: fmt.Sprintf("the cubin compiled from the PTX is %d bytes, over the limit of %d bytes", len(cubin), limit)}
	case err == nil:
		out.Cubin = cubin
	case gpu.IsFatal(err):
		out.Err = &WireError{Code: call.CodeKernelFault, Message: err.Error(), Fatal: true}
	case errors.Is(err, gpu.ErrInvalidImage):
		out.Err = &WireError{Code: call.CodeCompileFailed, Message: err.Error()}
	default:
		out.Err = &WireError{Code: call.CodeInternal, Message: err.Error()}
	}
	c.log.Info("compiled PTX", zap.Int("ptx_bytes", len(req.PTX)), zap.Int("cubin_bytes", len(out.Cubin)),
		zap.Duration("took", time.Duration(out.Nanos)), zap.Bool("ok", out.Err == nil))
	return out
}

func (c *child) poolCmd(cmd *PoolCmd, res *Result) {
	*res = Result{ID: cmd.ID, Outputs: res.Outputs[:0]}
	start := time.Now()
	// An owed zeroing goes on the stream before the pool is given back (the loop pays it after
	// every reply, so none is owed here; this keeps the order if that changes).
	zerr := c.exec.ZeroOwed()
	var err error
	if cmd.Bytes == 0 {
		if c.pool != nil {
			err = c.pool.Close()
			c.pool = nil
			c.exec.SetPool(nil)
		}
		// The memory goes back whole: resident weight sets too (zeroed), placed again later.
		if derr := c.exec.DropResident(); err == nil {
			err = derr
		}
	} else {
		if c.pool != nil {
			c.pool.Close()
			c.pool = nil
			c.exec.SetPool(nil)
		}
		want := cmd.Bytes
		if want == PoolAll {
			want = 0
		}
		if err = c.takePool(want); err == nil {
			c.exec.SetPool(c.pool)
			res.Outputs = append(res.Outputs, shm.Span{Len: c.pool.Capacity()})
		}
	}
	if err == nil {
		err = zerr
	}
	if err != nil {
		res.Err = ToWire(err)
	}
	res.Stages.Total = time.Since(start).Nanoseconds()
}

// PromoteByte, written on a standby worker's request pipe, tells it to open its device and say
// hello (Process.Promote). Anything else there (a shutdown, the pipe closed) ends it.
const PromoteByte = 'P'

// awaitPromotion blocks until the server promotes the standby worker (true) or stops it.
func awaitPromotion(req *os.File) bool {
	var b [1]byte
	n, err := req.Read(b[:])
	return err == nil && n == 1 && b[0] == PromoteByte
}
