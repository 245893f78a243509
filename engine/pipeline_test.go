package engine

import (
	"fmt"
	"gpufn/call"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// submitAsync submits an invocation of f with input in and returns a channel that delivers its
// output or error once answered.
type answer struct {
	out []byte
	err *call.Error
}

func submitAsync(t *testing.T, e *Engine, f *call.Function, in []byte, timeout time.Duration) <-chan answer {
	t.Helper()
	return submitAs(t, e, f, "", in, timeout)
}

// warmUp invokes each function once, so that the worker has its code.
func warmUp(t *testing.T, e *Engine, fs ...*call.Function) {
	t.Helper()
	for _, f := range fs {
		if out, err := invokeSync(t, e, f, []byte("warm"), 0); err != nil || string(out) != "warm" {
			t.Fatalf("warm-up: %q %v", out, err)
		}
	}
}

// settled waits for the engine to count every answered invocation done (a slot counts one done
// just after answering it) and returns its stats.
func settled(t *testing.T, e *Engine) call.EngineStats {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		st := e.Stats()
		if st.Busy == 0 && st.Queued == 0 || time.Now().After(deadline) {
			return st
		}
		time.Sleep(time.Millisecond)
	}
}

// stopped runs fn while the engine's only worker is stopped (SIGSTOP): invocations submitted
// meanwhile queue up behind the one the worker holds, so that the slot finds the queue full when
// it could pipeline.
func stopped(t *testing.T, e *Engine, fn func()) {
	t.Helper()
	pid := e.Stats().Workers[0].PID
	if pid <= 0 {
		t.Fatal("no worker")
	}
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	defer syscall.Kill(pid, syscall.SIGCONT)
	fn()
}

// Invocations queued behind a busy worker are sent to it while it runs the one before (the
// slot's second context), and every answer is the invocation's own: also under the spin policy,
// where the slot parks for the reply while its worker has the next request.
func TestPipelineSendsNextWhileWorkerRuns(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  Config
	}{
		{"pipelined", Config{Mode: Sequential}},
		{"NoPipeline", Config{Mode: Sequential, NoPipeline: true}},
		{"spin", Config{Mode: Sequential, Policy: PolicySpin}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEngine(t, c.cfg)
			f := echo(t)
			warmUp(t, e, f)
			var chans []<-chan answer
			stopped(t, e, func() {
				for i := 0; i < 12; i++ {
					// Inputs of different lengths: a shorter one must not show a longer one's tail.
					chans = append(chans, submitAsync(t, e, f, []byte(strings.Repeat("x", 12-i)+fmt.Sprint(i)), 0))
				}
			})
			for i, ch := range chans {
				a := <-ch
				want := strings.Repeat("x", 12-i) + fmt.Sprint(i)
				if a.err != nil || string(a.out) != want {
					t.Fatalf("invocation %d: %q %v, want %q", i, a.out, a.err, want)
				}
			}
			st := settled(t, e)
			if st.Completed != 13 || st.Restarts != 0 || st.Busy != 0 || st.Queued != 0 {
				t.Fatalf("stats %+v", st)
			}
			if off := c.cfg.NoPipeline; off && st.Pipelined != 0 || !off && st.Pipelined == 0 {
				t.Fatalf("pipelined %d with NoPipeline=%v", st.Pipelined, off)
			}
		})
	}
}

// An invocation whose deadline comes before the running one's is not sent behind it (it would
// be answered only when the long one ends): it waits in the queue and is answered
// deadline_exceeded there at its deadline; the worker is not killed for it, and the next
// invocation gets its own output.
func TestPipelinedDeadlinePassesWhileWaiting(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	slow := sleeper(t, 800)
	warmUp(t, e, slow)
	// a and b run 0.8 s each, one after the other; late, at the head of the queue when b is
	// sent, cannot start before b ends (1.6 s at the earliest), after its deadline (1.4 s).
	// w, of another function, holds the slot (the worker stopped) while the three queue up, so
	// that the slot takes a and finds b at the head, whatever the goroutines' timing.
	other := echo(t)
	warmUp(t, e, other)
	var w, a, b, late <-chan answer
	stopped(t, e, func() {
		w = submitAsync(t, e, other, []byte("w"), 0)
		a = submitAsync(t, e, slow, []byte("a"), 0)
		b = submitAsync(t, e, slow, []byte("b"), 0)
		late = submitAsync(t, e, slow, []byte("late"), 1400*time.Millisecond)
	})
	for name, ch := range map[string]<-chan answer{"w": w, "a": a, "b": b} {
		if x := <-ch; x.err != nil || string(x.out) != name {
			t.Fatalf("%s: %q %v", name, x.out, x.err)
		}
	}
	x := <-late
	if x.err == nil || x.err.Code != call.CodeDeadline || !strings.Contains(x.err.Message, "queued") {
		t.Fatalf("late: %q %v, want %s in the queue", x.out, x.err, call.CodeDeadline)
	}
	f := echo(t)
	if out, err := invokeSync(t, e, f, []byte("next"), 0); err != nil || string(out) != "next" {
		t.Fatalf("next: %q %v", out, err)
	}
	if st := e.Stats(); st.Restarts != 0 || st.Pipelined == 0 {
		t.Fatalf("stats %+v: want no restart, the late one pipelined", st)
	}
}

// Only invocations of the same function for the same caller share a worker's contexts: kernels
// can read the pinned contexts, so another function's or another caller's inputs must not wait
// in the second context while one runs.
func TestPipelineOnlySameFunctionAndCaller(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	f, g := echo(t), echo(t) // two registrations: two functions
	warmUp(t, e, f, g)
	var chans []<-chan answer
	var want []string
	stopped(t, e, func() {
		for i := 0; i < 12; i++ {
			h, tenant := f, "alice"
			switch i % 3 {
			case 1:
				h = g
			case 2:
				tenant = "bob"
			}
			inv := call.Acquire()
			inv.Fn, inv.Tenant = h, tenant
			in := []byte(fmt.Sprint(tenant, i))
			inv.Inputs = append(inv.Inputs, in)
			if err := e.Submit(inv); err != nil {
				t.Fatal(err)
			}
			ch := make(chan answer, 1)
			go func() {
				<-inv.Done()
				a := answer{err: inv.Err}
				if inv.Err == nil {
					a.out = append([]byte(nil), inv.Outputs[0]...)
				}
				call.Release(inv)
				ch <- a
			}()
			chans, want = append(chans, ch), append(want, string(in))
		}
	})
	for i, ch := range chans {
		if a := <-ch; a.err != nil || string(a.out) != want[i] {
			t.Fatalf("invocation %d: %q %v, want %q", i, a.out, a.err, want[i])
		}
	}
	// Every neighbour in the queue differs in function or caller from the one before it.
	if st := e.Stats(); st.Pipelined != 0 {
		t.Fatalf("%d invocations were sent behind another function's or caller's", st.Pipelined)
	}
}

// A worker killed while it holds invocations sent ahead: the one it was running is answered
// worker_exited (if it had started), the ones sent behind it never ran and run on the new worker.
func TestPipelinedWorkerKilled(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	f := echo(t)
	warmUp(t, e, f)
	pid := e.Stats().Workers[0].PID
	var chans []<-chan answer
	stopped(t, e, func() {
		for i := 0; i < 8; i++ {
			chans = append(chans, submitAsync(t, e, f, []byte(fmt.Sprint("in", i)), 0))
		}
		syscall.Kill(pid, syscall.SIGKILL)
	})
	var mu sync.Mutex
	codes := map[call.Code]int{}
	for i, ch := range chans {
		a := <-ch
		mu.Lock()
		switch {
		case a.err != nil:
			codes[a.err.Code]++
		case string(a.out) != fmt.Sprint("in", i):
			codes["wrong output"]++
		default:
			codes["ok"]++
		}
		mu.Unlock()
	}
	if codes["ok"] < 7 || codes["ok"]+codes[call.CodeExited] != 8 {
		t.Fatalf("answers %v: want every one answered with its own output but at most the running one (worker_exited)", codes)
	}
	if st := settled(t, e); st.Restarts != 1 || st.Busy != 0 || st.Queued != 0 {
		t.Fatalf("stats %+v", st)
	}
}

// The queue's default depth per worker.
func TestConfigQueueDefaults(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want int
	}{
		{Config{Mode: Sequential}, 1024},
		{Config{Mode: Concurrent}, 4096},
		{Config{Mode: Concurrent, Workers: 8}, 8192},
		{Config{Mode: Concurrent, QueueDepth: 10}, 10},
	} {
		cfg := c.cfg
		if err := cfg.defaults(); err != nil || cfg.QueueDepth != c.want {
			t.Errorf("%+v: queue depth %d (%v), want %d", c.cfg, cfg.QueueDepth, err, c.want)
		}
	}
}
