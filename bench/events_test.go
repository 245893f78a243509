package bench

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

// A run records what the server did meanwhile, as the difference of its /v1/engines counters
// before and after; the run line and the summary's note say when workers were lost.
func TestRunRecordsServerEvents(t *testing.T) {
	var invoked atomic.Int64
	f := startFake(t, func(c *fasthttp.RequestCtx) {
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
	if line := runLine(r); !strings.Contains(line, "(server: 1 worker restarts, 0 teardowns)") {
		t.Fatalf("run line %q does not say the worker was lost", line)
	}
	sr := &SystemResult{Name: "gpufn-seq", LowLoad: &RateResult{}, Steps: []*RateResult{r, {Server: &ServerEvents{Pipelined: 3}}}}
	if note := sr.eventsNote(); note != "server lost workers in 1 run(s): 1 restarts, 0 teardowns" {
		t.Fatalf("note %q", note)
	}

	// A server without /v1/engines (the dedicated baseline) has no events.
	g := startFake(t, func(c *fasthttp.RequestCtx) {
		if string(c.Path()) == "/v1/engines" {
			c.SetStatusCode(404)
			return
		}
		c.SetBodyString("ok")
	})
	c = newTestClient(t, g.URL)
	r, err = RunWithEvents(context.Background(), c, newFixedSource(c, []byte("ok")), RunConfig{Rate: 200, Duration: 50 * time.Millisecond})
	if err != nil || r.Server != nil || strings.Contains(runLine(r), "server:") {
		t.Fatalf("baseline: %v, events %+v", err, r.Server)
	}
}
