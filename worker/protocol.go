// THE worker protocol: every message that crosses the pipes between the server and a worker
// process, its framing, its version and its handshake (see doc.go for the contract). Both ends
// live in this package so the contract cannot drift; docs/protocol.md writes it down.
//
// Framing: each message is one frame, [u32 little-endian length N][u8 type][N-1 bytes of
// msgpack body].

package worker

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"gpufn/call"
	"io"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/vmihailenco/msgpack/v5"

	"gpufn/function"
	"gpufn/gpu"
	"gpufn/libscan"
	"gpufn/shm"
)

// Version is the protocol version; a worker that speaks another one is refused. (3 added
// compile and compiled; 4 added the evictions stage; 5 added weight sets: Invoke.Weights,
// Stages.Place, Result.Resident, and the drop message; 6 added the module cache's stages
// (Stages.Module, Stages.CacheBytes), the hello's start times and the standby worker's
// PromoteByte; 7 added the load message; 8 added streamed inputs: Invoke.Streamed, the input
// watermark in DoorbellBytes and Stages.Wait; and the wake message; 9 added the drop
// message's Sets and Funcs: deleted weights only.)
const Version = 9

// The environment cookie that marks a worker started by the server (go-plugin's guard).
const (
	CookieKey   = "GPUFN_WORKER_COOKIE"
	CookieValue = "8c1f0e3a-gpufn-worker-v1"
)

// Descriptor numbers in the worker: the request pipe, the reply pipe, then the contexts.
const (
	RequestFD      = 3
	ReplyFD        = 4
	FirstContextFD = 5
)

// MsgType is the first byte of a frame's payload.
type MsgType uint8

// Message types.
const (
	MsgHello    MsgType = 1 // worker -> server, once, first
	MsgInvoke   MsgType = 2 // server -> worker
	MsgResult   MsgType = 3 // worker -> server, answers MsgInvoke and MsgPool
	MsgShutdown MsgType = 4 // server -> worker: finish and exit 0
	MsgPool     MsgType = 5 // server -> worker: give the device pool back, or take one
	MsgCompile  MsgType = 6 // server -> worker: compile PTX for the worker's device
	MsgCompiled MsgType = 7 // worker -> server, answers MsgCompile
	MsgDrop     MsgType = 8 // server -> worker: drop all code and weight sets (a DropCmd)
	// MsgLoad: server -> worker: load a function's libraries and plan without running it (an
	// Invoke without inputs; Executor.Preload), answered by MsgResult.
	MsgLoad MsgType = 9
	// MsgWake: server -> worker, no body, no answer: an invocation is on its way (its request's
	// header has reached the server, its body is still arriving), so an idle worker that has
	// parked wakes now and spins up to WakeSpin for it, instead of waking when it comes.
	MsgWake MsgType = 10
)

// WakeSpin is how long a worker spins for its next request after a MsgWake (beyond its usual
// spin): long enough for a request body of megabytes to arrive and be copied, short enough
// that a wake whose invocation went elsewhere costs little.
const WakeSpin = time.Millisecond

func (t MsgType) String() string {
	switch t {
	case MsgHello:
		return "hello"
	case MsgInvoke:
		return "invoke"
	case MsgResult:
		return "result"
	case MsgShutdown:
		return "shutdown"
	case MsgPool:
		return "pool"
	case MsgCompile:
		return "compile"
	case MsgCompiled:
		return "compiled"
	case MsgDrop:
		return "drop"
	case MsgLoad:
		return "load"
	case MsgWake:
		return "wake"
	}
	return fmt.Sprintf("type(%d)", uint8(t))
}

// Frame size limits. Replies are small; requests may carry a library image once. A compiled
// reply carries a cubin: its frame may be as large as the request's MaxCubin plus
// CompiledSlack (see Process.Compile), read only while that answer is due.
const (
	MaxReplyFrame   = 4 << 20
	MaxRequestFrame = 1 << 30
	CompiledSlack   = 1 << 20
)

// Hello is the worker's first message: its protocol version and its device, or why it has
// none.
type Hello struct {
	Version int `msgpack:"v"`
	PID     int `msgpack:"pid"`
	// Device is the device this worker drives (zero in a probe).
	Device gpu.Info `msgpack:"dev"`
	// Devices lists every device of the kind (probe mode only).
	Devices []gpu.Info `msgpack:"devs"`
	// PoolBytes is the capacity of the worker's device pool.
	PoolBytes uint64 `msgpack:"pool"`
	// Contexts are the sizes of the shared-memory contexts the worker mapped (and pinned).
	Contexts []uint64 `msgpack:"ctx"`
	// Kernels lists the kernels the device implements when it cannot run arbitrary code (the
	// cpu device's Go kernels); empty for GPUs.
	Kernels []string `msgpack:"kern"`
	// Err is set when the worker could not start its device; it exits after sending it.
	Err *WireError `msgpack:"err"`
	// Start says where the worker's start went (zero in a probe).
	Start StartTimes `msgpack:"start"`
}

// StartTimes are how long the parts of a worker's start took, in nanoseconds: opening its
// device (for CUDA: cuInit and the context; under MPS the connection to the daemon), pinning
// its shared-memory contexts, and allocating (and zeroing) its pool.
type StartTimes struct {
	Device int64 `msgpack:"dev"`
	Pin    int64 `msgpack:"pin"`
	Pool   int64 `msgpack:"pool"`
}

// LibRef names a library by content hash. Image travels only when the worker lacks it.
type LibRef struct {
	Hash  [32]byte
	Kind  libscan.Kind
	Image []byte
}

// Invoke asks the worker to run one invocation whose inputs are already in context Context.
type Invoke struct {
	ID      uint64
	Context uint32
	// FuncID identifies a registered function version; Config (its config JSON, which the
	// worker parses and compiles again, bounded and validated) travels only when the worker lacks
	// it. A function is immutable under its ID.
	FuncID uint64
	Config []byte
	Lib    LibRef
	Inputs []shm.Span
	// Output is the area of the context where the worker writes outputs, back to back, each
	// 8-byte aligned.
	Output shm.Span
	// LaunchLimit bounds the kernel launches of this invocation (0: no limit).
	LaunchLimit uint64
	// Weights names the weight set of a function with weights (nil: none).
	Weights *WeightsRef
	// Extra are the other libraries of a function whose kernels come from several (Dandelion
	// v2's modules), in the order of the config's modules after Lib; each Image travels only
	// when the worker lacks it, as Lib's.
	Extra []LibRef
	// Streamed says the server sent the request before it wrote the inputs: it writes them
	// after, raising the context's input watermark (DoorbellBytes) as it goes, and the worker
	// reads no input byte above the watermark (it waits). The worker's own work before its
	// copies to the device (decoding, code, plan, weights) overlaps the server's copy in.
	Streamed bool

	wbuf WeightsRef // what Weights points to after a decode
}

// WeightsRef names a weight set by the SHA-256 of its file. The worker reads the set only
// when it does not hold it already: the DataBytes bytes at DataOffset of the file at Path
// (under the server's data directory), into a resident allocation of its own, sealed
// read-only for kernels, kept across invocations (an LRU over the worker's resident budget).
// The set's bytes never cross the pipe.
type WeightsRef struct {
	SHA256     [32]byte `msgpack:"h"`
	Path       string   `msgpack:"p"`
	DataOffset uint64   `msgpack:"o"`
	DataBytes  uint64   `msgpack:"n"`
	// Owner identifies the set's tenant: a worker short of room evicts the sets of a tenant
	// over its share of the budget first.
	Owner uint64 `msgpack:"w"`
	// Ranges are the [begin, end) byte ranges in the data of the function's weights, in
	// their order in the config; they travel with Config only (the worker keeps them with
	// the function).
	Ranges [][2]uint64 `msgpack:"r,omitempty"`
}

// ResidentStats are a worker's counts of weight-set placements, as of a Result.
type ResidentStats struct {
	Hits      uint64 `msgpack:"h"` // invocations whose set was resident
	Misses    uint64 `msgpack:"m"` // placements (the set read and copied to the device)
	Evictions uint64 `msgpack:"e"` // sets dropped (zeroed and freed) to make room
	Sets      int    `msgpack:"s"` // sets resident now
	Bytes     uint64 `msgpack:"b"` // device memory they take
}

// Stages are the worker's timings of one invocation, in nanoseconds.
//
// H2D, Kernel, D2H and Zero are measured two ways. On a device with asynchronous copies both
// ways and timing marks (CUDA: gpu.AsyncCopier and gpu.StreamTimer) the worker enqueues the
// whole invocation and synchronizes once; Kernel and D2H are then device time between marks
// (CUDA events) recorded on the stream around the launches and the copies out, and H2D is the
// rest of the wall time from the first copy in to the return of the synchronization: the
// copies in, the scrubbing of the reserved span (bufpool's ScrubOnReserve) before them, any
// Wait, the host's time enqueueing the launches and the synchronization's wake-up. The zeroing
// of the span is enqueued after the reply (Executor.ZeroOwed), so Zero is 0. Elsewhere (the
// cpu device, HIP) each is the host's wall time of its step, a wait included where the step
// has one, and Zero only enqueues the zeroing (the device runs it after the reply).
type Stages struct {
	Load   int64 // loading the module (0 when cached)
	H2D    int64 // inputs host to device (see above for what it holds with marks)
	Kernel int64 // the launches: device time with marks, else launches and the wait for them
	D2H    int64 // outputs device to host
	Zero   int64 // enqueueing the zeroing of the pool span before the reply (0 with marks: after it)
	Place  int64 // placing the function's weight set on the device (0 when resident or none)
	Total  int64 // from receiving the request to sending the reply
	// Wait is how long the worker waited for the server to write a streamed request's inputs
	// (Invoke.Streamed), part of H2D (or of the time before it when the plan reads inputs).
	Wait int64
	// Graph says how the launches went: call.GraphNone (one by one), call.GraphBuilt (made a
	// launch graph and launched it) or call.GraphReplayed (launched a cached graph).
	Graph int64
	// Module says what the module cache did: ModuleHit (every module the invocation needed
	// was loaded already), ModuleLoaded (one at least was loaded for this invocation, after
	// Evictions others were unloaded to make room), or 0 (the invocation failed before its
	// module was looked up). Evictions counts the modules the worker unloaded from its module
	// cache to make room for this invocation's (0 when they were cached or there was room);
	// the server's module-cache counters and its metrics both add it up. CacheBytes is the
	// cache's footprint after it (ModuleFootprint); set with Module, and with Evictions when
	// a load failed after evicting.
	Evictions, Module, CacheBytes int64
}

// Stages.Module values.
const (
	ModuleHit    = 1
	ModuleLoaded = 2
)

// stageCount is the number of Stages fields on the wire.
const stageCount = 12

// Result answers an Invoke or a PoolCmd.
type Result struct {
	ID      uint64
	Outputs []shm.Span
	Err     *WireError
	Stages  Stages
	// Resident are the worker's weight-set counts after this invocation.
	Resident ResidentStats
}

// PoolCmd makes the worker give its device pool back (Bytes == 0), take one of Bytes, or take
// all it can (Bytes == PoolAll: free memory less the worker's reserve); the engine uses it to
// lend a whole GPU to one invocation. The result's first output span's Len is the pool size
// taken.
type PoolCmd struct {
	ID    uint64
	Bytes uint64
}

// DropCmd makes the worker drop everything a tenant left in it before it runs another tenant's
// function: every module unloaded (code and __constant__ data), every plan and launch graph
// forgotten, every resident weight set zeroed and freed. With Sets or Funcs it drops only
// resident weights that were deleted: the sets of those contents (and the functions' own
// copies of them, with their init flows' buffers), and the copies of those functions
// (Executor.DropWeights). The result has no outputs.
type DropCmd struct {
	ID    uint64
	Sets  [][32]byte `msgpack:",omitempty"`
	Funcs []uint64   `msgpack:",omitempty"`
}

// PoolAll asks a worker for as large a pool as the device lets it have.
const PoolAll = ^uint64(0)

// Compile asks the worker to compile PTX for its device (a gpu.Compiler), once per uploaded
// PTX library: the server never calls a device itself.
type Compile struct {
	ID  uint64 `msgpack:"id"`
	PTX []byte `msgpack:"ptx"`
	// MaxCubin bounds the cubin the worker may send back (the server's library size limit);
	// a larger one is answered with the error compile_failed instead. 0: MaxReplyFrame less
	// CompiledSlack.
	MaxCubin uint64 `msgpack:"max"`
}

// MaxCompileLog bounds the compiler's log in a Compiled (longer logs are cut).
const MaxCompileLog = 64 << 10

// Compiled answers a Compile: the cubin, or why there is none.
type Compiled struct {
	ID    uint64 `msgpack:"id"`
	Cubin []byte `msgpack:"cubin"`
	// Log is the compiler's log: its warnings on success, its errors on failure (at most
	// MaxCompileLog bytes).
	Log string `msgpack:"log"`
	// Arch and Compiler are the device's (gpu.Info): what the cubin is for and what made it.
	Arch     string `msgpack:"arch"`
	Compiler string `msgpack:"cc"`
	// Nanos is how long the compile took in the worker.
	Nanos int64 `msgpack:"ns"`
	// Err is compile_failed for a PTX that does not compile (or a cubin over MaxCubin),
	// internal for a device that cannot compile, kernel_fault (fatal) for a lost device.
	Err *WireError `msgpack:"err"`
}

// WireError is the one error form that crosses the pipe and the HTTP answer.
type WireError struct {
	Code    call.Code `msgpack:"c"`
	Message string    `msgpack:"m"`
	// Fatal means the worker's device is lost; the worker exits after replying.
	Fatal bool `msgpack:"f"`
}

func (e *WireError) Error() string { return string(e.Code) + ": " + e.Message }

// ErrProtocol marks a peer that broke the protocol: garbage, a wrong version, a reply to
// another request. The connection is unusable afterwards.
var ErrProtocol = errors.New("worker protocol violation")

func protoErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrProtocol, fmt.Sprintf(format, args...))
}

// FrameWriter writes frames. It reuses its buffers; it is not safe for concurrent use.
type FrameWriter struct {
	w   io.Writer
	buf bytes.Buffer
	enc *msgpack.Encoder
}

// NewFrameWriter writes frames to w (unbuffered: each frame is one write).
func NewFrameWriter(w io.Writer) *FrameWriter {
	fw := &FrameWriter{w: w}
	fw.enc = msgpack.NewEncoder(&fw.buf)
	fw.enc.UseCompactInts(true)
	return fw
}

// Write encodes and writes one message.
func (fw *FrameWriter) Write(t MsgType, msg any) error {
	fw.buf.Reset()
	fw.buf.Write([]byte{0, 0, 0, 0, byte(t)})
	var err error
	switch m := msg.(type) {
	case *Invoke:
		err = m.encode(fw.enc)
	case *Result:
		err = m.encode(fw.enc)
	case nil:
	default:
		err = fw.enc.Encode(m)
	}
	if err != nil {
		return fmt.Errorf("encoding %s: %w", t, err)
	}
	b := fw.buf.Bytes()
	binary.LittleEndian.PutUint32(b, uint32(len(b)-4))
	_, err = fw.w.Write(b)
	if fw.buf.Cap() > 1<<20 {
		fw.buf = bytes.Buffer{} // do not keep a library image's worth of memory
		fw.enc.Reset(&fw.buf)
	}
	return err
}

// FrameReader reads frames. It reuses its buffers; it is not safe for concurrent use.
type FrameReader struct {
	r   *bufio.Reader
	max int
	hdr [5]byte
	buf []byte
	br  bytes.Reader
	dec *msgpack.Decoder
}

// NewFrameReader reads frames of at most max bytes from r.
func NewFrameReader(r io.Reader, max int) *FrameReader {
	fr := &FrameReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
	fr.dec = msgpack.NewDecoder(&fr.br)
	return fr
}

// Next reads the next frame's header and body; Decode* then decodes the body. A clean EOF
// before a frame is io.EOF; a frame cut short is io.ErrUnexpectedEOF.
func (fr *FrameReader) Next() (MsgType, error) {
	h := fr.hdr[:]
	if _, err := io.ReadFull(fr.r, h[:4]); err != nil {
		return 0, err
	}
	n := binary.LittleEndian.Uint32(h[:4])
	if n == 0 || int64(n) > int64(fr.max) {
		return 0, protoErr("frame of %d bytes (limit %d)", n, fr.max)
	}
	if _, err := io.ReadFull(fr.r, h[4:5]); err != nil {
		return 0, noEOF(err)
	}
	body := int(n) - 1
	if cap(fr.buf) < body {
		// Grow in steps while reading so that a lying length costs what was really sent.
		fr.buf = fr.buf[:0]
	}
	if cap(fr.buf) >= body {
		fr.buf = fr.buf[:body]
		if _, err := io.ReadFull(fr.r, fr.buf); err != nil {
			return 0, noEOF(err)
		}
	} else {
		var err error
		if fr.buf, err = readGrowing(fr.r, fr.buf, body); err != nil {
			return 0, noEOF(err)
		}
	}
	fr.br.Reset(fr.buf)
	fr.dec.Reset(&fr.br)
	t := MsgType(h[4])
	switch t {
	case MsgHello, MsgInvoke, MsgResult, MsgShutdown, MsgPool, MsgCompile, MsgCompiled, MsgDrop, MsgLoad, MsgWake:
	default:
		return 0, protoErr("unknown message type %d", h[4])
	}
	return t, nil
}

func readGrowing(r io.Reader, buf []byte, n int) ([]byte, error) {
	for len(buf) < n {
		step := n - len(buf)
		if step > 1<<20 {
			step = 1 << 20
		}
		start := len(buf)
		buf = append(buf, make([]byte, step)...)
		if _, err := io.ReadFull(r, buf[start:]); err != nil {
			return buf[:start], err
		}
	}
	return buf, nil
}

func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// TryNext is Next for a frame of type want that has come whole already: without waiting, it
// reads what the pipe holds (r, set to nowait meanwhile) and, if the next frame is of type want
// and all there, reads it as Next does and reports true. Otherwise it leaves everything where
// it is for Next (a frame of another type, or one larger than the read buffer, is never taken
// here) and reports false; err is the pipe's, other than having nothing yet.
func (fr *FrameReader) TryNext(r *rawSpinReader, want MsgType) (bool, error) {
	r.nowait = true
	defer func() { r.nowait = false }()
	h, err := fr.r.Peek(5)
	if err != nil {
		return false, tryErr(err)
	}
	n := int64(binary.LittleEndian.Uint32(h[:4]))
	if MsgType(h[4]) != want || n == 0 || n > int64(fr.max) || 4+n > int64(fr.r.Size()) {
		return false, nil
	}
	if _, err := fr.r.Peek(int(4 + n)); err != nil {
		return false, tryErr(err)
	}
	t, err := fr.Next()
	return err == nil && t == want, err
}

// tryErr is nil for what only says the frame is not all there yet.
func tryErr(err error) error {
	if errors.Is(err, errWouldBlock) || errors.Is(err, bufio.ErrBufferFull) {
		return nil
	}
	return err
}

// Shrink drops a large body buffer (after a frame that carried a library image).
func (fr *FrameReader) Shrink() {
	if cap(fr.buf) > 1<<20 {
		fr.buf = nil
	}
}

// Decode decodes the current frame's body into a message struct (Hello, PoolCmd, Compile,
// Compiled).
func (fr *FrameReader) Decode(v any) error {
	var err error
	switch m := v.(type) {
	case *Invoke:
		err = m.decode(fr.dec, &fr.br)
	case *Result:
		err = m.decode(fr.dec, &fr.br)
	default:
		// Reflective decoding allocates what lengths claim: check every claim against the
		// bytes that are really there first.
		if err = checkMsgpack(fr.buf, 0); err == nil {
			err = fr.dec.Decode(v)
		}
	}
	if err != nil {
		return protoErr("decoding: %v", err)
	}
	if fr.br.Len() != 0 {
		return protoErr("%d trailing bytes in a frame", fr.br.Len())
	}
	return nil
}

// Hand-written codecs for the two messages of the hot path: positional arrays, buffers and
// slices reused, no reflection.

func (m *Invoke) encode(e *msgpack.Encoder) error {
	e.EncodeArrayLen(11)
	e.EncodeUint(m.ID)
	e.EncodeUint(uint64(m.Context))
	e.EncodeUint(m.FuncID)
	if m.Config != nil {
		e.EncodeBytes(m.Config)
	} else {
		e.EncodeNil()
	}
	e.EncodeArrayLen(3)
	e.EncodeBytes(m.Lib.Hash[:])
	e.EncodeString(string(m.Lib.Kind))
	if m.Lib.Image != nil {
		e.EncodeBytes(m.Lib.Image)
	} else {
		e.EncodeNil()
	}
	encodeSpans(e, m.Inputs)
	e.EncodeArrayLen(2)
	e.EncodeUint(m.Output.Off)
	e.EncodeUint(m.Output.Len)
	e.EncodeUint(m.LaunchLimit)
	if err := m.Weights.encode(e); err != nil {
		return err
	}
	e.EncodeArrayLen(len(m.Extra))
	for i := range m.Extra {
		encodeLib(e, &m.Extra[i])
	}
	return e.EncodeBool(m.Streamed)
}

func encodeLib(e *msgpack.Encoder, l *LibRef) {
	e.EncodeArrayLen(3)
	e.EncodeBytes(l.Hash[:])
	e.EncodeString(string(l.Kind))
	if l.Image != nil {
		e.EncodeBytes(l.Image)
	} else {
		e.EncodeNil()
	}
}

// maxExtraLibs bounds the libraries of one function besides its first.
const maxExtraLibs = 4096

// decodeLib reads a LibRef's [hash, kind, image or nil] without allocating but for the image.
func decodeLib(d *msgpack.Decoder, br *bytes.Reader, l *LibRef) error {
	if err := arrayLen(d, 3); err != nil {
		return err
	}
	if n, err := readInto(d, br, l.Hash[:]); err != nil {
		return err
	} else if n != len(l.Hash) {
		return fmt.Errorf("library hash of %d bytes", n)
	}
	var kb [16]byte
	n, err := readInto(d, br, kb[:])
	if err != nil {
		return fmt.Errorf("library kind: %w", err)
	}
	l.Kind = libraryKind(kb[:n])
	l.Image, err = readBytes(d, br) // nil decodes to nil
	return err
}

func (m *Invoke) decodeExtra(d *msgpack.Decoder, br *bytes.Reader) error {
	n, err := d.DecodeArrayLen()
	if err != nil {
		return err
	}
	if n < 0 || n > maxExtraLibs {
		return fmt.Errorf("%d extra libraries", n)
	}
	m.Extra = m.Extra[:0]
	for range n {
		m.Extra = append(m.Extra, LibRef{})
		if err := decodeLib(d, br, &m.Extra[len(m.Extra)-1]); err != nil {
			return err
		}
	}
	return nil
}

// encode writes a WeightsRef, or nil for none.
func (w *WeightsRef) encode(e *msgpack.Encoder) error {
	if w == nil {
		return e.EncodeNil()
	}
	e.EncodeArrayLen(6)
	e.EncodeBytes(w.SHA256[:])
	e.EncodeString(w.Path)
	e.EncodeUint(w.DataOffset)
	e.EncodeUint(w.DataBytes)
	e.EncodeUint(w.Owner)
	e.EncodeArrayLen(2 * len(w.Ranges))
	for _, r := range w.Ranges {
		e.EncodeUint(r[0])
		e.EncodeUint(r[1])
	}
	return nil
}

// ownWeights points Weights, when set, at the Invoke's own wbuf again, as decode set it: after
// the Invoke was copied (the worker's loop swaps two), it pointed at the other's.
func (m *Invoke) ownWeights() {
	if m.Weights != nil {
		m.Weights = &m.wbuf
	}
}

// decodeWeights reads the Invoke's WeightsRef into m.wbuf (reused: a function with weights
// costs no garbage per invocation once its path was read).
func (m *Invoke) decodeWeights(d *msgpack.Decoder, br *bytes.Reader) error {
	m.Weights = nil
	if isNil, err := peekNil(d); err != nil || isNil {
		return err
	}
	if err := arrayLen(d, 6); err != nil {
		return err
	}
	w := &m.wbuf
	if n, err := readInto(d, br, w.SHA256[:]); err != nil {
		return err
	} else if n != len(w.SHA256) {
		return fmt.Errorf("weight set hash of %d bytes", n)
	}
	path, err := readBytes(d, br)
	if err != nil {
		return err
	}
	if string(path) != w.Path {
		w.Path = string(path)
	}
	if w.DataOffset, err = d.DecodeUint64(); err != nil {
		return err
	}
	if w.DataBytes, err = d.DecodeUint64(); err != nil {
		return err
	}
	if w.Owner, err = d.DecodeUint64(); err != nil {
		return err
	}
	n, err := d.DecodeArrayLen()
	if err != nil {
		return err
	}
	if n < 0 || n%2 != 0 || n/2 > maxSpans {
		return fmt.Errorf("weight range list of %d numbers", n)
	}
	w.Ranges = w.Ranges[:0]
	for i := 0; i < n/2; i++ {
		var r [2]uint64
		if r[0], err = d.DecodeUint64(); err != nil {
			return err
		}
		if r[1], err = d.DecodeUint64(); err != nil {
			return err
		}
		w.Ranges = append(w.Ranges, r)
	}
	m.Weights = w
	return nil
}

func (m *Invoke) decode(d *msgpack.Decoder, br *bytes.Reader) error {
	if err := arrayLen(d, 11); err != nil {
		return err
	}
	var err error
	var ctx uint64
	if m.ID, err = d.DecodeUint64(); err != nil {
		return err
	}
	if ctx, err = d.DecodeUint64(); err != nil {
		return err
	}
	if ctx > 1<<16 {
		return fmt.Errorf("context %d", ctx)
	}
	m.Context = uint32(ctx)
	if m.FuncID, err = d.DecodeUint64(); err != nil {
		return err
	}
	if m.Config, err = readBytes(d, br); err != nil { // nil decodes to nil
		return err
	}
	if len(m.Config) > function.MaxConfigBytes {
		return fmt.Errorf("config of %d bytes", len(m.Config))
	}
	if err := arrayLen(d, 3); err != nil {
		return err
	}
	// The hash and the kind are read without allocating: the worker decodes one Invoke per
	// invocation, and garbage there makes its collector run under load.
	if n, err := readInto(d, br, m.Lib.Hash[:]); err != nil {
		return err
	} else if n != len(m.Lib.Hash) {
		return fmt.Errorf("library hash of %d bytes", n)
	}
	var kb [16]byte
	n, err := readInto(d, br, kb[:])
	if err != nil {
		return fmt.Errorf("library kind: %w", err)
	}
	m.Lib.Kind = libraryKind(kb[:n])
	if m.Lib.Image, err = readBytes(d, br); err != nil { // nil decodes to nil
		return err
	}
	if m.Inputs, err = decodeSpans(d, m.Inputs); err != nil {
		return err
	}
	if err := arrayLen(d, 2); err != nil {
		return err
	}
	if m.Output.Off, err = d.DecodeUint64(); err != nil {
		return err
	}
	if m.Output.Len, err = d.DecodeUint64(); err != nil {
		return err
	}
	if m.LaunchLimit, err = d.DecodeUint64(); err != nil {
		return err
	}
	if err := m.decodeWeights(d, br); err != nil {
		return err
	}
	if err := m.decodeExtra(d, br); err != nil {
		return err
	}
	m.Streamed, err = d.DecodeBool()
	return err
}

func (m *Result) encode(e *msgpack.Encoder) error {
	e.EncodeArrayLen(5)
	e.EncodeUint(m.ID)
	encodeSpans(e, m.Outputs)
	if m.Err != nil {
		e.EncodeArrayLen(3)
		e.EncodeString(string(m.Err.Code))
		e.EncodeString(m.Err.Message)
		e.EncodeBool(m.Err.Fatal)
	} else {
		e.EncodeNil()
	}
	s := &m.Stages
	e.EncodeArrayLen(stageCount)
	for _, v := range [stageCount]int64{s.Load, s.H2D, s.Kernel, s.D2H, s.Zero, s.Place, s.Total, s.Graph, s.Evictions, s.Module, s.CacheBytes, s.Wait} {
		e.EncodeInt(v)
	}
	r := &m.Resident
	e.EncodeArrayLen(5)
	for _, v := range [5]uint64{r.Hits, r.Misses, r.Evictions, uint64(r.Sets), r.Bytes} {
		e.EncodeUint(v)
	}
	return nil
}

func (m *Result) decode(d *msgpack.Decoder, br *bytes.Reader) error {
	if err := arrayLen(d, 5); err != nil {
		return err
	}
	var err error
	if m.ID, err = d.DecodeUint64(); err != nil {
		return err
	}
	if m.Outputs, err = decodeSpans(d, m.Outputs); err != nil {
		return err
	}
	m.Err = nil
	if isNil, err := peekNil(d); err != nil {
		return err
	} else if !isNil {
		if err := arrayLen(d, 3); err != nil {
			return err
		}
		we := &WireError{}
		code, err := readBytes(d, br)
		if err != nil {
			return err
		}
		msg, err := readBytes(d, br)
		if err != nil {
			return err
		}
		we.Code, we.Message = call.Code(code), string(msg)
		if we.Fatal, err = d.DecodeBool(); err != nil {
			return err
		}
		m.Err = we
	}
	if err := arrayLen(d, stageCount); err != nil {
		return err
	}
	s := &m.Stages
	for _, p := range [stageCount]*int64{&s.Load, &s.H2D, &s.Kernel, &s.D2H, &s.Zero, &s.Place, &s.Total, &s.Graph, &s.Evictions, &s.Module, &s.CacheBytes, &s.Wait} {
		if *p, err = d.DecodeInt64(); err != nil {
			return err
		}
	}
	if err := arrayLen(d, 5); err != nil {
		return err
	}
	r := &m.Resident
	var sets uint64
	for _, p := range [5]*uint64{&r.Hits, &r.Misses, &r.Evictions, &sets, &r.Bytes} {
		if *p, err = d.DecodeUint64(); err != nil {
			return err
		}
	}
	r.Sets = int(sets)
	return nil
}

// maxSpans bounds the spans of one message (inputs or outputs of a function).
const maxSpans = 1 << 12

func encodeSpans(e *msgpack.Encoder, spans []shm.Span) {
	e.EncodeArrayLen(2 * len(spans))
	for _, s := range spans {
		e.EncodeUint(s.Off)
		e.EncodeUint(s.Len)
	}
}

func decodeSpans(d *msgpack.Decoder, into []shm.Span) ([]shm.Span, error) {
	n, err := d.DecodeArrayLen()
	if err != nil {
		return into, err
	}
	if n < 0 || n%2 != 0 || n/2 > maxSpans {
		return into, fmt.Errorf("span list of %d numbers", n)
	}
	into = into[:0]
	for i := 0; i < n/2; i++ {
		var s shm.Span
		if s.Off, err = d.DecodeUint64(); err != nil {
			return into, err
		}
		if s.Len, err = d.DecodeUint64(); err != nil {
			return into, err
		}
		into = append(into, s)
	}
	return into, nil
}

// readBytes reads a str, bin or nil, refusing a length beyond the bytes left in the frame
// (msgpack's own decoder would allocate whatever a length claims).
func readBytes(d *msgpack.Decoder, br *bytes.Reader) ([]byte, error) {
	n, err := d.DecodeBytesLen()
	if err != nil {
		return nil, err
	}
	if n < 0 {
		return nil, nil
	}
	if n > br.Len() {
		return nil, fmt.Errorf("%d bytes claimed with %d left in the frame", n, br.Len())
	}
	b := make([]byte, n)
	_, err = io.ReadFull(br, b)
	return b, err
}

// readInto reads a bin (or str) value of at most len(buf) bytes into buf and returns its
// length; nil reads as 0 bytes.
func readInto(d *msgpack.Decoder, br *bytes.Reader, buf []byte) (int, error) {
	n, err := d.DecodeBytesLen()
	if err != nil {
		return 0, err
	}
	if n < 0 {
		return 0, nil
	}
	if n > len(buf) {
		return 0, fmt.Errorf("%d bytes where at most %d fit", n, len(buf))
	}
	if n > br.Len() {
		return 0, fmt.Errorf("%d bytes claimed with %d left in the frame", n, br.Len())
	}
	return br.Read(buf[:n]) // a bytes.Reader's Read fills buf[:n] (checked above); io.ReadFull would make buf escape
}

// libraryKind returns the known kind that b spells without allocating, or b as a kind of its
// own (which the executor refuses).
func libraryKind(b []byte) libscan.Kind {
	for _, k := range [...]libscan.Kind{libscan.KindPTX, libscan.KindCubin, libscan.KindFatbin, libscan.KindHsaco, libscan.KindBundle} {
		if string(b) == string(k) {
			return k
		}
	}
	return libscan.Kind(b)
}

// maxDepth bounds the nesting of a reflectively decoded message.
const maxDepth = 16

// checkMsgpack walks one msgpack value and checks that every length it claims fits in what
// follows, that it nests at most maxDepth deep, and that nothing follows it.
func checkMsgpack(b []byte, depth int) error {
	rest, err := checkValue(b, depth)
	if err == nil && len(rest) != 0 {
		err = fmt.Errorf("%d bytes after the message", len(rest))
	}
	return err
}

func checkValue(b []byte, depth int) ([]byte, error) {
	if depth > maxDepth {
		return nil, errors.New("nested too deep")
	}
	if len(b) == 0 {
		return nil, io.ErrUnexpectedEOF
	}
	hdr, n, items, err := msgpackHead(b)
	if err != nil {
		return nil, err
	}
	if hdr+n > len(b) {
		return nil, io.ErrUnexpectedEOF
	}
	rest := b[hdr+n:]
	for i := 0; i < items; i++ {
		if rest, err = checkValue(rest, depth+1); err != nil {
			return nil, err
		}
	}
	return rest, nil
}

// msgpackHead reads the head of the msgpack value that b (not empty) starts with: hdr bytes
// (for a nil, bool or number, the whole value), then n bytes of a string's or binary's
// payload, or items values (an array's elements, a map's keys and values). Only the lengths
// it reads are checked against len(b), not hdr+n.
func msgpackHead(b []byte) (hdr, n, items int, err error) {
	c := b[0]
	switch {
	case c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3:
		return 1, 0, 0, nil
	case c&0xe0 == 0xa0:
		return 1, int(c & 0x1f), 0, nil
	case c&0xf0 == 0x90:
		return 1, 0, int(c & 0x0f), nil
	case c&0xf0 == 0x80:
		return 1, 0, 2 * int(c&0x0f), nil
	}
	switch c {
	case 0xcc, 0xd0:
		return 2, 0, 0, nil
	case 0xcd, 0xd1:
		return 3, 0, 0, nil
	case 0xca, 0xce, 0xd2:
		return 5, 0, 0, nil
	case 0xcb, 0xcf, 0xd3:
		return 9, 0, 0, nil
	case 0xc4, 0xd9:
		n, err = beLength(b, 1)
		return 2, n, 0, err
	case 0xc5, 0xda:
		n, err = beLength(b, 2)
		return 3, n, 0, err
	case 0xc6, 0xdb:
		n, err = beLength(b, 4)
		return 5, n, 0, err
	case 0xdc:
		items, err = beLength(b, 2)
		return 3, 0, items, err
	case 0xdd:
		items, err = beLength(b, 4)
		return 5, 0, items, err
	case 0xde:
		items, err = beLength(b, 2)
		return 3, 0, 2 * items, err
	case 0xdf:
		items, err = beLength(b, 4)
		return 5, 0, 2 * items, err
	}
	return 0, 0, 0, fmt.Errorf("msgpack code 0x%02x is not used by the protocol", c)
}

// beLength reads the big-endian length of size bytes after b's code byte; it may not exceed
// len(b).
func beLength(b []byte, size int) (int, error) {
	if 1+size > len(b) {
		return 0, io.ErrUnexpectedEOF
	}
	var v uint64
	for _, x := range b[1 : 1+size] {
		v = v<<8 | uint64(x)
	}
	if v > uint64(len(b)) {
		return 0, fmt.Errorf("a length of %d with %d bytes left", v, len(b))
	}
	return int(v), nil
}

func arrayLen(d *msgpack.Decoder, want int) error {
	n, err := d.DecodeArrayLen()
	if err != nil {
		return err
	}
	if n != want {
		return fmt.Errorf("array of %d elements, want %d", n, want)
	}
	return nil
}

func peekNil(d *msgpack.Decoder) (bool, error) {
	c, err := d.PeekCode()
	if err != nil {
		return false, err
	}
	if c == 0xc0 {
		return true, d.DecodeNil()
	}
	return false, nil
}

// DoorbellBytes is the tail of every context region that is not part of the context: three
// 8-byte words, each on a cache line of its own. The first two are the doorbells, used in
// region 0 only: the server writes a request's ID to the request doorbell after the request
// frame, and the worker the reply's ID to the reply doorbell after the result frame. A reader
// that spins waits on its doorbell (a load from shared memory) instead of trying a read(2) each
// time round, and tries the pipe only when the doorbell rings (or every 4096 turns, so that
// frames without a ring, and a closed pipe, are still seen). The pipes stay the channel: the
// doorbells only say when to read. The third, in every region, is the context's input
// watermark (shm.Context.Stream): for an Invoke with Streamed set, the server writes the inputs
// after the request, and the worker reads no input byte at or above the watermark.
const DoorbellBytes = 192

// doorbells returns the request and reply doorbells in the tail of a context region.
func doorbells(region []byte) (req, rep *atomic.Uint64) {
	t := len(region) - DoorbellBytes
	return (*atomic.Uint64)(unsafe.Pointer(&region[t])), (*atomic.Uint64)(unsafe.Pointer(&region[t+64]))
}

// watermark returns the input watermark in the tail of a context region.
func watermark(region []byte) *atomic.Uint64 {
	return (*atomic.Uint64)(unsafe.Pointer(&region[len(region)-DoorbellBytes+128]))
}
