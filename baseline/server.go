package baseline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/bench/load"
	"gpufn/bench/msgpack"
	"gpufn/gpu"
)

// Options configure New.
type Options struct {
	// Workload is the one workload built in.
	Workload load.WorkloadSpec
	// Open opens the device. It is called on the goroutine that will own the device, locked
	// to its OS thread, and every later device call is made there.
	Open func() (gpu.Device, error)
	// SpinFor is how long the device goroutine polls for the next request before it parks
	// (default 50 us, as gpufn's hybrid polling; negative: never spin).
	SpinFor time.Duration
}

// Server is the dedicated baseline server. Handler serves HTTP; requests are run one at a
// time by the device goroutine. Close stops it.
type Server struct {
	spec    load.WorkloadSpec
	path    []byte
	jobs    chan *job
	quit    chan struct{}
	done    chan struct{}
	spin    time.Duration
	prog    *program
	info    gpu.Info
	scratch []byte // the device goroutine's buffer for msgpack answers
	closing sync.Once
}

// job is one request handed to the device goroutine. The handler waits on done while the
// device goroutine writes the answer into ctx.
type job struct {
	ctx      *fasthttp.RequestCtx
	inputs   [][]byte
	enqueued time.Time
	done     chan struct{}
}

var jobPool = sync.Pool{New: func() any { return &job{done: make(chan struct{}, 1)} }}

// New opens the device, loads the workload and starts the device goroutine.
func New(o Options) (*Server, error) {
	if o.SpinFor == 0 {
		o.SpinFor = 50 * time.Microsecond
	}
	s := &Server{spec: o.Workload, path: []byte("/v1/functions/" + o.Workload.ExampleFunction() + "/invoke"),
		jobs: make(chan *job, 4096), quit: make(chan struct{}), done: make(chan struct{}), spin: o.SpinFor}
	ready := make(chan error, 1)
	go s.deviceLoop(o.Open, ready)
	if err := <-ready; err != nil {
		return nil, err
	}
	return s, nil
}

// Info describes the device the server runs on.
func (s *Server) Info() gpu.Info { return s.info }

// deviceLoop owns the device: it opens it, loads the program, reports readiness, then runs
// jobs until quit.
func (s *Server) deviceLoop(open func() (gpu.Device, error), ready chan<- error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer close(s.done)
	dev, err := open()
	if err != nil {
		ready <- err
		return
	}
	defer dev.Close()
	s.info = dev.Info()
	prog, err := loadProgram(dev, s.spec)
	if err != nil {
		ready <- err
		return
	}
	defer prog.close()
	s.prog = prog
	ready <- nil
	for {
		j := s.next()
		if j == nil {
			return
		}
		s.run(j)
	}
}

// next returns the next job, spinning up to s.spin before parking; nil on quit.
func (s *Server) next() *job {
	if s.spin > 0 {
		until := time.Now().Add(s.spin)
		for {
			select {
			case j := <-s.jobs:
				return j
			default:
			}
			if time.Now().After(until) {
				break
			}
		}
	}
	select {
	case j := <-s.jobs:
		return j
	case <-s.quit:
		return nil
	}
}

var (
	ctOctet   = []byte("application/octet-stream")
	ctMsgpack = "application/msgpack"
)

// run executes one job and writes its answer.
func (s *Server) run(j *job) {
	ctx, p := j.ctx, s.prog
	start := time.Now()
	p.stageInputs(j.inputs)
	t, err := p.execute(false)
	if err != nil {
		code := "kernel_fault"
		if gpu.IsFatal(err) {
			code = "device_lost"
		}
		writeError(ctx, fasthttp.StatusInternalServerError, code, err.Error())
		j.done <- struct{}{}
		return
	}
	resp := &ctx.Response
	if len(p.outSlot) == 1 && bytes.Contains(ctx.Request.Header.Peek("Accept"), ctOctet) {
		resp.Header.SetContentTypeBytes(ctOctet)
		resp.SetBody(p.output(0))
	} else {
		resp.Header.SetContentType(ctMsgpack)
		var fields [4]msgpack.Field
		f := fields[:0]
		for k := range p.outSlot {
			f = append(f, msgpack.Field{Name: p.outName[k], Value: p.output(k)})
		}
		s.scratch = msgpack.AppendMap(s.scratch[:0], f...)
		resp.SetBody(s.scratch)
	}
	var buf [160]byte
	b := buf[:0]
	for i, st := range [...]struct {
		n string
		d time.Duration
	}{{"queue", start.Sub(j.enqueued)}, {"h2d", t.H2D}, {"kernel", t.Kernel}, {"d2h", t.D2H}, {"total", time.Since(j.enqueued)}} {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, st.n...)
		b = append(b, ";dur="...)
		b = strconv.AppendFloat(b, float64(st.d.Nanoseconds())/1e6, 'f', 3, 64)
	}
	resp.Header.SetBytesV("Server-Timing", b)
	j.done <- struct{}{}
}

// Handler serves HTTP: POST the workload's invoke path, GET /readyz and /healthz.
func (s *Server) Handler(ctx *fasthttp.RequestCtx) {
	path := ctx.Path()
	switch {
	case bytes.Equal(path, []byte("/readyz")), bytes.Equal(path, []byte("/healthz")):
		ctx.SetContentType("text/plain")
		ctx.SetBodyString("ready\n")
		return
	case !bytes.Equal(path, s.path):
		writeError(ctx, fasthttp.StatusNotFound, "not_found", "this dedicated server has one function: POST "+string(s.path))
		return
	case !ctx.IsPost():
		writeError(ctx, fasthttp.StatusMethodNotAllowed, "method_not_allowed", "POST only")
		return
	}
	j := jobPool.Get().(*job)
	defer func() { j.ctx, j.inputs = nil, j.inputs[:0]; jobPool.Put(j) }()
	if msg := s.decode(j, ctx.PostBody()); msg != "" {
		writeError(ctx, fasthttp.StatusBadRequest, "bad_request", msg)
		return
	}
	j.ctx, j.enqueued = ctx, time.Now()
	select {
	case s.jobs <- j:
	case <-s.quit:
		writeError(ctx, fasthttp.StatusServiceUnavailable, "draining", "the server is stopping")
		return
	}
	<-j.done
}

// decode fills j.inputs from a msgpack map, in the function's input order.
func (s *Server) decode(j *job, body []byte) string {
	p := s.prog
	for range p.names {
		j.inputs = append(j.inputs, nil)
	}
	err := msgpack.Each(body, func(k, v []byte) error {
		for i, n := range p.names {
			if n == string(k) {
				if j.inputs[i] != nil {
					return fmt.Errorf("input %q given twice", k)
				}
				j.inputs[i] = v
				return nil
			}
		}
		return fmt.Errorf("no input %q", k)
	})
	if err != nil {
		return err.Error()
	}
	return p.checkInputs(j.inputs)
}

// Close stops the device goroutine after the job it runs (queued requests are answered 503 by
// their handlers only if they had not been handed over; call it after the HTTP server's
// Shutdown). It is safe to call twice.
func (s *Server) Close() {
	s.closing.Do(func() { close(s.quit) })
	<-s.done
}

func writeError(ctx *fasthttp.RequestCtx, status int, code, msg string) {
	ctx.Response.Reset()
	ctx.SetStatusCode(status)
	ctx.SetContentType("application/json")
	type body struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	b, _ := json.Marshal(struct {
		Error body `json:"error"`
	}{body{code, msg}})
	ctx.SetBody(b)
}
