package engine

import (
	"time"

	"gpufn/shm"
	"gpufn/worker"
)

// Worker is what the engine needs of a worker: *worker.Process (a worker process, started by
// StartProcess) in production, an in-process fake in the scheduler's tests. The methods other
// than Done, Terminate and Kill are called by one goroutine at a time: whoever drives the
// worker's slot (see doc.go). Send, Poll and ReceiveParked fail with worker.ErrDeadline when the
// deadline passes first (the worker must then be killed), worker.ErrWorkerExited when the worker
// is gone, worker.ErrProtocol when it broke the protocol.
type Worker interface {
	// Hello is the worker's hello: its device and pool.
	Hello() *worker.Hello
	// PID names the worker's process.
	PID() int
	// Contexts is the number of shared-memory contexts; Context returns one.
	Contexts() int
	Context(i int) *shm.Context
	// NextID returns a fresh request ID.
	NextID() uint64
	// Send writes a request (worker.MsgInvoke with a *worker.Invoke, worker.MsgPool with a
	// *worker.PoolCmd) without waiting for its result; the worker runs requests one at a time
	// and answers them in the order they were sent. msg is not kept after Send returns.
	Send(t worker.MsgType, msg any, id uint64, deadline time.Time) error
	// Poll checks once, without waiting, whether the result of request id (the oldest one not
	// yet received) has come: it reports true once it has read it into res or err says why
	// there is none, false when nothing has come (then it cost about a load: callers spin on
	// it).
	Poll(id uint64, res *worker.Result, deadline time.Time) (bool, error)
	// ReceiveParked waits for the result of request id without spinning, until deadline.
	ReceiveParked(id uint64, res *worker.Result, deadline time.Time) error
	// WaitReply waits without spinning, and without reading it, until the result of request id (the oldest not yet received) can be
	// read or the worker is gone (nil: the next Poll or ReceiveParked says which), or deadline
	// passes (worker.ErrDeadline: nothing was read and the worker may still be used).
	WaitReply(id uint64, deadline time.Time) error
	// Done is closed when the worker has exited.
	Done() <-chan struct{}
	// Terminate kills the worker and returns at once; safe from any goroutine while another
	// waits for a result, which then fails.
	Terminate()
	// Kill kills the worker and waits until it is gone; Stop asks it to exit and kills it after
	// grace. Both release its pipes and contexts; Kill is safe from any goroutine and twice.
	Kill()
	Stop(grace time.Duration)
}

// Starter starts a worker (Config.Start).
type Starter func(opt worker.StartOptions) (Worker, error)

// StartProcess starts a worker process (worker.Start): the default Config.Start.
func StartProcess(opt worker.StartOptions) (Worker, error) {
	p, err := worker.Start(opt)
	if err != nil {
		return nil, err // not a nil *worker.Process in a non-nil Worker
	}
	return p, nil
}

var _ Worker = (*worker.Process)(nil)
