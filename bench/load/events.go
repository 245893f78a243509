package load

import (
	"context"
	"encoding/json"
	"time"
)

// ServerEvents are what a gpufn server did during a run besides answering: counters read from
// its GET /v1/engines before and after the run (warm-up included), summed over its engines.
// A worker restart costs a new process and its module loads, and every invocation queued
// meanwhile waits: a rate that fails with restarts failed for that reason, not for lack of
// capacity. Servers without /v1/engines (the dedicated baseline) have none.
type ServerEvents struct {
	// WorkerRestarts counts workers lost and started again (a crash, a kernel fault, a
	// deadline kill, a pipe that broke).
	WorkerRestarts uint64 `json:"worker_restarts"`
	// Teardowns counts GPU-wide teardowns (under MPS, one worker's fault takes all down) and
	// Reruns the innocent invocations run again after them.
	Teardowns uint64 `json:"teardowns"`
	Reruns    uint64 `json:"reruns"`
	// Pipelined counts invocations sent to a worker while it ran another.
	Pipelined uint64 `json:"pipelined"`
	// Inline counts invocations run by the goroutine that read the request (a worker was
	// idle and nothing queued; gpufn serve --inline).
	Inline uint64 `json:"inline,omitempty"`
}

// engineCounters reads the server's engine counters; ok is false when the server has no
// /v1/engines (or it could not be read).
func (c *Client) engineCounters() (ev ServerEvents, ok bool) {
	st, body, err := c.Do("GET", "/v1/engines", "", nil, 10*time.Second)
	if err != nil || st != 200 {
		return ev, false
	}
	var v struct {
		Engines []struct {
			Restarts  uint64 `json:"restarts"`
			Teardowns uint64 `json:"teardowns"`
			Reruns    uint64 `json:"reruns"`
			Pipelined uint64 `json:"pipelined"`
			Inline    uint64 `json:"inline"`
		} `json:"engines"`
	}
	if json.Unmarshal(body, &v) != nil {
		return ev, false
	}
	for _, e := range v.Engines {
		ev.WorkerRestarts += e.Restarts
		ev.Teardowns += e.Teardowns
		ev.Reruns += e.Reruns
		ev.Pipelined += e.Pipelined
		ev.Inline += e.Inline
	}
	return ev, true
}

// since is what happened between before and e (counters only grow; a server that restarted
// as a whole would show smaller ones: then e itself).
func (e ServerEvents) since(before ServerEvents) ServerEvents {
	if e.WorkerRestarts < before.WorkerRestarts || e.Teardowns < before.Teardowns || e.Reruns < before.Reruns || e.Pipelined < before.Pipelined || e.Inline < before.Inline {
		return e
	}
	return ServerEvents{WorkerRestarts: e.WorkerRestarts - before.WorkerRestarts, Teardowns: e.Teardowns - before.Teardowns,
		Reruns: e.Reruns - before.Reruns, Pipelined: e.Pipelined - before.Pipelined, Inline: e.Inline - before.Inline}
}

// RunWithEvents is Run that also records in the result what the server did meanwhile
// (RateResult.Server), when the server tells (see ServerEvents).
func RunWithEvents(ctx context.Context, c *Client, src Source, cfg RunConfig) (*RateResult, error) {
	before, ok := c.engineCounters()
	r, err := Run(ctx, c, src, cfg)
	if err != nil || !ok {
		return r, err
	}
	if after, ok := c.engineCounters(); ok {
		ev := after.since(before)
		r.Server = &ev
	}
	return r, nil
}
