package engine

import (
	"testing"
	"time"

	"gpufn/worker"
)

// pollStub is a worker whose result comes at its replyAt-th Poll, and at once to a parked
// receive; nothing else of it is called.
type pollStub struct {
	Worker
	polls, replyAt int
	parked         bool
}

func (w *pollStub) Poll(uint64, *worker.Result, time.Time) (bool, error) {
	w.polls++
	return w.polls >= w.replyAt, nil
}

func (w *pollStub) ReceiveParked(uint64, *worker.Result, time.Time) error {
	w.parked = true
	return nil
}

// Under the hybrid policy a slot spins for its result only while the server is quiet (no other
// slot of it waits for a result); it parks after one poll while another does, unless
// SpinUnderLoad; the spin policy spins whatever the load. The count is back to nothing after.
func TestAwaitSpinsOnlyWhileQuiet(t *testing.T) {
	const replyAt = 5000
	for _, c := range []struct {
		name      string
		cfg       Config
		others    int
		wantPolls int
	}{
		{"hybrid, quiet", Config{Policy: PolicyHybrid}, 0, replyAt},
		{"hybrid, another slot waits", Config{Policy: PolicyHybrid}, 1, 1},
		{"hybrid, spin under load", Config{Policy: PolicyHybrid, SpinUnderLoad: true}, 1, replyAt},
		{"spin, another slot waits", Config{Policy: PolicySpin}, 1, replyAt},
	} {
		// A spin of seconds: the stub's polls end it long before, however slow the host.
		c.cfg.SpinFor, c.cfg.Waiters = time.Second, NewWaiters()
		s := newSlot(&Engine{cfg: c.cfg}, 0, "w0")
		stub := &pollStub{replyAt: replyAt}
		s.life.w = stub
		for range c.others {
			c.cfg.Waiters.enter()
		}
		if err := s.awaitResult(&pending{id: 1, kill: time.Now().Add(time.Minute)}); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if stub.polls != c.wantPolls || stub.parked != (c.wantPolls < replyAt) {
			t.Fatalf("%s: %d polls, parked %v; want %d polls, parked %v", c.name, stub.polls, stub.parked, c.wantPolls, c.wantPolls < replyAt)
		}
		if n := c.cfg.Waiters.Busy(); n != c.others {
			t.Fatalf("%s: %d waiters after the result; want the %d others", c.name, n, c.others)
		}
	}
}

// Only the hybrid policy defers to the load, and only while more than QuietMax slots wait.
func TestLoadAllowsSpin(t *testing.T) {
	w := NewWaiters()
	hybrid, block, spin := Config{Policy: PolicyHybrid, Waiters: w}, Config{Policy: PolicyBlock, Waiters: w}, Config{Policy: PolicySpin, Waiters: w}
	loadspin := Config{Policy: PolicyHybrid, Waiters: w, SpinUnderLoad: true}
	for n := 0; n <= QuietMax+1; n++ {
		quiet := n <= QuietMax
		if hybrid.loadAllowsSpin() != quiet || !block.loadAllowsSpin() || !spin.loadAllowsSpin() || !loadspin.loadAllowsSpin() || w.Quiet() != quiet {
			t.Fatalf("%d waiting: hybrid %v, block %v, spin %v, spin under load %v, quiet %v; want hybrid and quiet %v, the others true",
				n, hybrid.loadAllowsSpin(), block.loadAllowsSpin(), spin.loadAllowsSpin(), loadspin.loadAllowsSpin(), w.Quiet(), quiet)
		}
		w.enter()
	}
}
