package engine

import (
	"errors"
	"io"
	"net"

	"gpufn/call"
	"gpufn/shm"
)

// Streamed request bodies (docs/engines.md): an invocation whose one input is still arriving
// from the client (call.Invocation.Body) runs on its submitter's goroutine, on an idle worker
// lent to it, and nowhere else: its body is read from the client's connection straight into
// the worker's context after the request is sent (start), so that the wire, the worker's
// preparation and the copies to the device overlap, and no copy through the server's memory
// precedes them. Whatever may hand the invocation on to another goroutine (a rescue worker, a
// queue, a run again) first has its body read whole into Inputs[0] (readBody): an invocation
// with a Body never leaves the goroutine that reads the connection.

// submitBody runs inv, whose input is inv.Body, on an idle worker lent to the caller, or
// returns call.ErrNotLent without admitting it: inline runs off (Config.NoInline), streamed
// inputs off (Config.NoStream), a deadline of the caller's own (an inline run would drive the
// worker past it), an invocation that needs the whole GPU, or no worker to lend (admit, lendOnly).
func (e *Engine) submitBody(inv *call.Invocation) error {
	if e.cfg.NoInline || e.cfg.NoStream || !inv.Deadline.IsZero() || e.cfg.Mode == Auto && inv.Need > e.cfg.PoolBytes {
		return call.ErrNotLent
	}
	s, err := e.sched.admit(inv, lendOnly, e.faults.generation())
	if err != nil {
		e.stats.rejected.Add(1)
		return err
	}
	if s == nil {
		return call.ErrNotLent
	}
	e.admitted(inv)
	e.stats.submitted.Add(1)
	e.stats.inline.Add(1)
	s.runLent(inv)
	return nil
}

// readBody reads the rest of inv's body into Inputs[0] (nothing of it was read yet) and drops
// the Body; on an error it answers inv (bodyError) and returns false. It runs on the
// submitter's goroutine, before anything may hand inv on.
func (s *slot) readBody(inv *call.Invocation) bool {
	n, err := io.ReadFull(inv.Body, inv.Inputs[0])
	inv.Body = nil
	if err != nil {
		s.fail(inv, s.bodyError(err, n, len(inv.Inputs[0])))
		return false
	}
	return true
}

// pourBody reads inv's body from the client's connection into span sp of context ctx (the
// request is sent: the worker copies each part to the device as it comes, shm.Context.Fill).
// The body then lives in the context only: keepBody copies it into Inputs[0] if the invocation
// is to run again, which is rare, so that the copy stays off the path of an answer. On an error
// it gives the inputs up (shm.Context.Abort: the worker stops waiting and answers, and that
// answer is dropped) and answers inv at once with what came kept in Inputs[0].
func (s *slot) pourBody(ctx *shm.Context, sp shm.Span, p *pending) {
	inv := p.inv
	n, err := ctx.Fill(sp, inv.Body)
	inv.Body = nil
	if err != nil {
		if b, serr := ctx.Slice(shm.Span{Off: sp.Off, Len: uint64(n)}); serr == nil {
			copy(inv.Inputs[0], b)
		}
		ctx.Abort()
		s.answerEarly(p, s.bodyError(err, n, len(inv.Inputs[0])))
		return
	}
	p.body = true
	s.e.stats.bodies.Add(1)
}

// keepBody copies the body of p's invocation from context ci into its Inputs[0] (pourBody),
// before anything may run it again: its worker failed, or answered an error. The context is
// still mapped: only the slot's driver unmaps it (lifecycle.lost), after this.
func (s *slot) keepBody(p *pending, ci int) {
	if !p.body {
		return
	}
	p.body = false
	if p.inv == nil || s.life.w == nil {
		return
	}
	if b, err := s.life.w.Context(ci).Slice(p.inputs[0]); err == nil {
		copy(p.inv.Inputs[0], b)
	}
}

// bodyError is the answer to an invocation whose body failed after n of its total bytes: too
// slow for a worker to wait for (the frontend then reads the rest and submits it again), or
// ended or broken (the client's request is bad; its connection closes).
func (s *slot) bodyError(err error, n, total int) *call.Error {
	if errors.Is(err, call.ErrBodySlow) {
		s.e.stats.slowBodies.Add(1)
		return call.Errorf(call.CodeBodySlow, "%d of the body's %d bytes came in time: %v", n, total, err)
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return call.Errorf(call.CodeTimeout, "reading the request body timed out after %d of its %d bytes", n, total)
	}
	return call.Errorf(call.CodeBadRequest, "the request body broke off after %d of its %d bytes: %v", n, total, err)
}
