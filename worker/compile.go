package worker

import (
	"time"
)

// Compile sends a compile request to the worker and reads its answer before deadline (zero:
// no deadline). The answer's frame may be as large as req.MaxCubin plus CompiledSlack, above
// MaxReplyFrame: that limit is raised for this one answer only (a compile is rare, once per
// uploaded PTX, and the cubin crosses the pipe once), and the reader grows its buffer only
// with bytes that really arrive. The errors are Call's: on ErrDeadline and ErrProtocol the
// worker is unusable and must be killed; on ErrWorkerExited it is gone. A compile that failed
// is a Compiled with Err set, not an error.
//
// Like Call, it must be called from the goroutine that owns the Process.
func (p *Process) Compile(req *Compile, deadline time.Time) (*Compiled, error) {
	if err := p.Send(MsgCompile, req, req.ID, deadline); err != nil {
		return nil, err
	}
	p.rep.SetReadDeadline(deadline)
	if p.spin != nil {
		p.spin.deadline, p.spin.want = deadline, req.ID
	}
	limit := req.MaxCubin
	if limit == 0 {
		limit = MaxReplyFrame - CompiledSlack
	}
	saved := p.fr.max
	p.fr.max = max(saved, int(min(limit, MaxRequestFrame))+CompiledSlack)
	defer func() {
		p.fr.max = saved
		p.fr.Shrink()
	}()
	t, err := p.fr.Next()
	if err != nil {
		return nil, p.ioErr(err)
	}
	if t != MsgCompiled {
		return nil, protoErr("a %s message where compiled was due", t)
	}
	var out Compiled
	if err := p.fr.Decode(&out); err != nil {
		return nil, err
	}
	if out.ID != req.ID {
		return nil, protoErr("reply to request %d where %d was due", out.ID, req.ID)
	}
	return &out, nil
}
