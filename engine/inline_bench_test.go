package engine

import (
	"context"
	"gpufn/call"
	"os"
	"testing"
	"time"
)

// BenchmarkRoundTrip is one caller's serial invocations of a 128 KiB echo on the cpu device:
// the engine's own cost around the worker, queued (Submit) and run by the caller
// (SubmitInline). The Server-Timing-like stages are reported per invocation.
func BenchmarkRoundTrip(b *testing.B) {
	for _, mode := range []string{"queued", "inline"} {
		b.Run(mode, func(b *testing.B) {
			t := &testing.T{}
			e := newBenchEngine(b)
			f := echo(t)
			in := make([]byte, 128<<10)
			var queue, handoff, total time.Duration
			run := func() {
				inv := call.Acquire()
				inv.Fn = f
				inv.Inputs = append(inv.Inputs, in)
				t0 := time.Now()
				var err error
				if mode == "inline" {
					err = e.SubmitInline(inv)
				} else {
					err = e.Submit(inv)
				}
				if err != nil {
					b.Fatal(err)
				}
				<-inv.Done()
				el := time.Since(t0)
				if inv.Err != nil {
					b.Fatal(inv.Err)
				}
				queue += inv.Timing.Queue
				handoff += el - inv.Timing.Total
				total += el
				call.Release(inv)
			}
			for i := 0; i < 50; i++ {
				run()
			}
			queue, handoff, total = 0, 0, 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				run()
			}
			b.ReportMetric(float64(queue.Microseconds())/float64(b.N), "queue-us")
			b.ReportMetric(float64(handoff.Microseconds())/float64(b.N), "back-us")
			b.ReportMetric(float64(total.Microseconds())/float64(b.N), "total-us")
		})
	}
}

func newBenchEngine(b *testing.B) *Engine {
	b.Helper()
	e, err := New(Config{Mode: Sequential, Device: "cpu", Binary: osArgs0(), Args: []string{"worker"}, PoolBytes: 8 << 20, ContextBytes: 1 << 20})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { stopEngine(e) })
	waitFor(b, "the engine ready", e.Ready)
	waitIdle(b, e, 1)
	return e
}

func osArgs0() string { return os.Args[0] }

func stopEngine(e *Engine) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = e.Shutdown(ctx)
}
