package call

import (
	"bytes"
	"testing"
	"time"
)

// A member whose caller's deadline passes while its batch runs is answered then,
// deadline_exceeded, once; the split answers the others with their own items, and leaves it
// alone (its caller may have released it).
func TestBatchRunMemberDeadlineIsItsOwn(t *testing.T) {
	members := make([]*Invocation, 3)
	for i := range members {
		m := Acquire()
		m.Sched.Enqueued = time.Now()
		m.Deadline = time.Now().Add(time.Hour)
		m.Sched.CallerDeadline = true
		members[i] = m
	}
	members[1].Deadline = time.Now().Add(-time.Millisecond) // passed as the batch starts
	reruns := 0
	r := NewBatchRun(members, 4, []uint64{2}, func(*Invocation) { reruns++ })
	c := Acquire()
	c.Batch = r
	r.Arm(time.Now().Add(time.Hour))
	select {
	case <-members[1].Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the member whose deadline passed was not answered")
	}
	if members[1].Err == nil || members[1].Err.Code != CodeDeadline {
		t.Fatalf("early member: %v", members[1].Err)
	}
	c.SetOutputs([][]byte{{0, 0, 1, 1, 2, 2, 3, 3}})
	c.Finish(nil)
	for _, i := range []int{0, 2} {
		m := members[i]
		<-m.Done()
		if m.Err != nil || !bytes.Equal(m.Outputs[0], []byte{byte(i), byte(i)}) || m.Timing.Batch != 4 {
			t.Fatalf("member %d: %v %v batch %d", i, m.Err, m.Outputs, m.Timing.Batch)
		}
	}
	select {
	case <-members[1].Done():
		t.Fatal("the early member was answered twice")
	default:
	}
	if reruns != 0 {
		t.Fatalf("%d reruns after a batch that succeeded", reruns)
	}
}

// A batch that fails has its members run again alone, except those past their deadline, and
// all of them are answered when the server drains.
func TestBatchRunFailureRerunsMembers(t *testing.T) {
	for _, c := range []struct {
		code   Code
		reruns int
	}{{CodeKernelFault, 1}, {CodeDraining, 0}} {
		a, b := Acquire(), Acquire()
		a.Deadline, b.Deadline = time.Now().Add(time.Hour), time.Now().Add(-time.Second)
		var rerun []*Invocation
		r := NewBatchRun([]*Invocation{a, b}, 2, []uint64{1}, func(m *Invocation) { rerun = append(rerun, m) })
		carrier := Acquire()
		carrier.Batch = r
		carrier.Finish(Errorf(c.code, "boom"))
		if len(rerun) != c.reruns || (c.reruns == 1 && (rerun[0] != a || !a.Sched.Unbatched)) {
			t.Fatalf("%s: reruns %v", c.code, rerun)
		}
		<-b.Done()
		if b.Err == nil {
			t.Fatalf("%s: the member past its deadline was not answered", c.code)
		}
		if c.code == CodeDraining {
			<-a.Done()
			if a.Err == nil || a.Err.Code != CodeDraining {
				t.Fatalf("draining: %v", a.Err)
			}
		}
	}
}
