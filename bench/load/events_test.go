package load

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/bench/internal/benchtest"
)

// A run records what the server did meanwhile, as the difference of its /v1/engines counters
// before and after (the run line and the summary's note on them: TestEventsNotes in report).
func TestRunRecordsServerEvents(t *testing.T) {
	var invoked atomic.Int64
	f := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
		if string(c.Path()) == "/v1/engines" {
			n := invoked.Load()
			restarts := 3 // before the run
			if n >= 5 {
				restarts++ // one worker lost during the run
			}
			fmt.Fprintf(c, `{"engines":[{"name":"cuda0","restarts":%d,"teardowns":0,"reruns":0,"pipelined":%d,"inline":%d},{"name":"cuda1","restarts":1,"pipelined":7}]}`, restarts, 10+n/2, 3*n)
			return
		}
		invoked.Add(1)
		c.SetBodyString("ok")
	})
	c := newTestClient(t, f.URL)
	r, err := RunWithEvents(context.Background(), c, newFixedSource(c, []byte("ok")), RunConfig{Rate: 200, Duration: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if r.OK != 20 || r.Server == nil {
		t.Fatalf("ok %d, server %+v", r.OK, r.Server)
	}
	if got, want := *r.Server, (ServerEvents{WorkerRestarts: 1, Pipelined: 10, Inline: 60}); got != want {
		t.Fatalf("server events %+v; want %+v", got, want)
	}

	// A server without /v1/engines (the dedicated baseline) has no events.
	g := benchtest.StartFake(t, func(c *fasthttp.RequestCtx) {
		if string(c.Path()) == "/v1/engines" {
			c.SetStatusCode(404)
			return
		}
		c.SetBodyString("ok")
	})
	c = newTestClient(t, g.URL)
	r, err = RunWithEvents(context.Background(), c, newFixedSource(c, []byte("ok")), RunConfig{Rate: 200, Duration: 50 * time.Millisecond})
	if err != nil || r.Server != nil {
		t.Fatalf("baseline: %v, events %+v", err, r.Server)
	}
}
