package compiler

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gpufn/call"
	"gpufn/worker"
)

// procOf is the worker of arch's slot i (nil when it has none).
func procOf(p *Pool, arch string, i int) *worker.Process {
	t := p.targets[arch]
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.slots[i].proc
}

// waiting is how many compiles for arch wait for a worker.
func waiting(p *Pool, arch string) int {
	t := p.targets[arch]
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.waiters)
}

// waitFor waits until cond holds; the bound only catches a hang.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("the awaited state never came")
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func waitFile(t *testing.T, path string) {
	t.Helper()
	waitFor(t, func() bool { _, err := os.Stat(path); return err == nil })
}

// compileAsync runs a compile on a goroutine of its own; its error comes on the channel.
func compileAsync(p *Pool, ptx string) <-chan error {
	ch := make(chan error, 1)
	go func() {
		_, _, _, err := p.Compile(context.Background(), "sm_90", []byte(ptx), 0)
		ch <- err
	}()
	return ch
}

// startWorkers makes all n of sm_90's workers run, with a barrier that only n compiles in n
// processes at once pass, and returns their pids.
func startWorkers(t *testing.T, p *Pool, n int) map[int]bool {
	t.Helper()
	dir := t.TempDir()
	var errs []<-chan error
	for i := range n {
		errs = append(errs, compileAsync(p, fmt.Sprintf("barrier %s %d\n// compile %d", dir, n, i)))
	}
	for _, ch := range errs {
		if err := <-ch; err != nil {
			t.Fatalf("a compile behind the barrier: %v", err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	pids := map[int]bool{}
	for i := range n {
		proc := procOf(p, "sm_90", i)
		if proc == nil {
			t.Fatalf("slot %d has no worker after %d compiles at once", i, n)
		}
		pids[proc.PID()] = true
	}
	if len(entries) != n || len(pids) != n {
		t.Fatalf("%d processes passed the barrier, %d distinct workers; want %d", len(entries), len(pids), n)
	}
	return pids
}

// N compiles at once run on N workers at once: each waits in the fake compiler until all N
// are in it, which one worker, or fewer than N, could never let happen (they would overrun
// the timeout).
func TestCompilePoolRunsAtOnce(t *testing.T) {
	p, logs := newPool(t, Options{Workers: 3, Timeout: time.Minute})
	startWorkers(t, p, 3)
	if n := logs.FilterMessage("compile worker started").Len(); n != 3 {
		t.Errorf("%d compile workers started; want 3", n)
	}
	if n := p.Workers("sm_90"); n != 3 {
		t.Errorf("%d workers up; want 3", n)
	}
}

// While every worker is busy, compiles wait and are served in the order they came, by the
// first worker that frees.
func TestCompilePoolFIFO(t *testing.T) {
	p, _ := newPool(t, Options{Workers: 2, Timeout: time.Minute})
	dir := t.TempDir()
	gates := []string{filepath.Join(dir, "gate0"), filepath.Join(dir, "gate1")}
	var held []<-chan error
	for _, g := range gates {
		held = append(held, compileAsync(p, "gate "+g))
		waitFile(t, g+".started")
	}
	order := filepath.Join(dir, "order")
	var queued []<-chan error
	for i, name := range []string{"b", "c", "d", "e"} {
		queued = append(queued, compileAsync(p, "append "+order+" "+name))
		waitFor(t, func() bool { return waiting(p, "sm_90") == i+1 })
	}
	if err := os.WriteFile(gates[1], nil, 0o600); err != nil { // one worker frees
		t.Fatal(err)
	}
	for _, ch := range queued {
		if err := <-ch; err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(order)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "b\nc\nd\ne\n" {
		t.Errorf("served in the order %q; want b, c, d, e", got)
	}
	if err := os.WriteFile(gates[0], nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, ch := range held {
		if err := <-ch; err != nil {
			t.Fatal(err)
		}
	}
}

// Every idle worker is stopped, and the pool shrinks as the load drops: compiles go to the
// lowest idle worker that runs, so the others idle and stop.
func TestCompilePoolIdleStop(t *testing.T) {
	p, logs := newPool(t, Options{Workers: 2, Idle: 20 * time.Millisecond, Timeout: time.Minute})
	startWorkers(t, p, 2)
	waitFor(t, func() bool { return !p.Running("sm_90") })
	if n := logs.FilterMessage("compile worker stopped after idling").Len(); n != 2 {
		t.Errorf("%d idle stops; want 2", n)
	}
	if _, _, _, err := p.Compile(context.Background(), "sm_90", []byte("y"), 0); err != nil {
		t.Fatal(err)
	}
	if n := p.Workers("sm_90"); n > 1 {
		t.Errorf("%d workers up after one compile", n)
	}
}

func TestCompilePoolShrinks(t *testing.T) {
	p, logs := newPool(t, Options{Workers: 2, Idle: time.Hour, Timeout: time.Minute})
	startWorkers(t, p, 2)
	tg := p.targets["sm_90"]
	tg.mu.Lock()
	for _, s := range tg.slots {
		s.last = time.Now().Add(-2 * time.Hour) // both idle for longer than Idle
	}
	tg.mu.Unlock()
	for i := range 3 { // serial compiles: all on worker 0
		if _, _, _, err := p.Compile(context.Background(), "sm_90", fmt.Appendf(nil, "serial %d", i), 0); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range tg.slots { // what their timers do when they fire
		p.idleStop(s)
	}
	if procOf(p, "sm_90", 0) == nil || procOf(p, "sm_90", 1) != nil {
		t.Errorf("after serial compiles: worker 0 up %v, worker 1 up %v; want only worker 0", procOf(p, "sm_90", 0) != nil, procOf(p, "sm_90", 1) != nil)
	}
	if n := logs.FilterMessage("compile worker started").Len(); n != 2 {
		t.Errorf("%d compile workers started; want 2", n)
	}
}

// A worker that dies under a compile is replaced and the compile tried once more, on that
// slot: the other workers and their compiles are untouched.
func TestCompilePoolDeathAndRetry(t *testing.T) {
	p, logs := newPool(t, Options{Workers: 2, Timeout: time.Minute})
	gate := filepath.Join(t.TempDir(), "gate")
	held := compileAsync(p, "gate "+gate)
	waitFile(t, gate+".started")
	busy := procOf(p, "sm_90", 0)
	_, _, _, err := p.Compile(context.Background(), "sm_90", []byte("exit 3"), 0)
	if codeOf(err) != call.CodeCompileFailed || !strings.Contains(err.Error(), "died twice") {
		t.Fatalf("a PTX that kills the compiler: %v", err)
	}
	if n := logs.FilterMessage("compile worker lost during a compile; trying once more").Len(); n != 1 {
		t.Errorf("%d retries; want 1", n)
	}
	if err := os.WriteFile(gate, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := <-held; err != nil {
		t.Fatalf("the compile beside the dying worker: %v", err)
	}
	if procOf(p, "sm_90", 0) != busy {
		t.Error("the busy worker was replaced by its neighbour's death")
	}
	if _, _, _, err := p.Compile(context.Background(), "sm_90", []byte("after"), 0); err != nil {
		t.Fatal(err)
	}
	// the gate's worker, the dying one twice; "after" ran on the gate's worker.
	if n := logs.FilterMessage("compile worker started").Len(); n != 3 {
		t.Errorf("%d compile workers started; want 3", n)
	}
}

// A compile that overruns the timeout kills its own worker only.
func TestCompilePoolTimeoutKillsOne(t *testing.T) {
	p, logs := newPool(t, Options{Workers: 2, Timeout: time.Minute})
	pids := startWorkers(t, p, 2)
	p.opt.Timeout = 200 * time.Millisecond // no compile runs: read by the next ones only
	_, _, _, err := p.Compile(context.Background(), "sm_90", []byte("sleep 1m"), 0)
	if codeOf(err) != call.CodeCompileFailed || !strings.Contains(err.Error(), "did not finish") {
		t.Fatalf("overrun: %v", err)
	}
	if n := p.Workers("sm_90"); n != 1 {
		t.Fatalf("%d workers up after one overran; want 1", n)
	}
	var survivor *worker.Process
	for i := range 2 {
		if proc := procOf(p, "sm_90", i); proc != nil {
			survivor = proc
		}
	}
	select {
	case <-survivor.Done():
		t.Fatal("the other worker exited")
	default:
	}
	if !pids[survivor.PID()] {
		t.Errorf("the surviving worker %d is not one of the first two %v", survivor.PID(), pids)
	}
	if _, _, _, err := p.Compile(context.Background(), "sm_90", []byte("x"), 0); err != nil {
		t.Fatal(err)
	}
	if n := logs.FilterMessage("compile worker started").Len(); n != 2 {
		t.Errorf("%d compile workers started; want 2 (the next compile on the survivor)", n)
	}
}

// Many compiles from many goroutines with few workers all finish, none lost in the queue.
func TestCompilePoolManyWaiters(t *testing.T) {
	p, logs := newPool(t, Options{Workers: 2})
	compileMany(t, p, "many", 20)
	if n := logs.FilterMessage("compile worker started").Len(); n > 2 {
		t.Errorf("%d compile workers started for 2 slots", n)
	}
}

// A worker that cannot start while others run (under MPS: no room on the GPU for one more
// context) does not fail the compile: it waits, first in line, for a running worker, and the
// pool keeps to the workers that run until all have stopped.
func TestCompilePoolNoRoom(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full")
	p, logs := newPool(t, Options{Workers: 2, Idle: time.Hour, Timeout: time.Minute,
		Targets: []Target{{Arch: "sm_90", Env: []string{"TEST_CC_VERSION=7", "TEST_CC_FULL=" + full}}}})
	gate := filepath.Join(dir, "gate")
	held := compileAsync(p, "gate "+gate)
	waitFile(t, gate+".started")
	if err := os.WriteFile(full, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	order := filepath.Join(dir, "order")
	next := compileAsync(p, "append "+order+" next")
	waitFor(t, func() bool { return waiting(p, "sm_90") == 1 })
	if n := logs.FilterMessageSnippet("could not start beside the running ones").Len(); n != 1 {
		t.Errorf("%d warnings of a worker without room; want 1", n)
	}
	later := compileAsync(p, "append "+order+" later") // behind the one that waited already
	waitFor(t, func() bool { return waiting(p, "sm_90") == 2 })
	if err := os.WriteFile(gate, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, ch := range []<-chan error{held, next, later} {
		if err := <-ch; err != nil {
			t.Fatal(err)
		}
	}
	if got, err := os.ReadFile(order); err != nil || string(got) != "next\nlater\n" {
		t.Errorf("served in the order %q (%v); want next, later", got, err)
	}
	if n := p.Workers("sm_90"); n != 1 {
		t.Errorf("%d workers up; want the one that could start", n)
	}
	if err := os.Remove(full); err != nil {
		t.Fatal(err)
	}
	tg := p.targets["sm_90"]
	tg.mu.Lock()
	tg.slots[0].last = time.Now().Add(-2 * time.Hour)
	tg.mu.Unlock()
	p.idleStop(tg.slots[0]) // none runs: the limit is back to 2
	startWorkers(t, p, 2)
}

// A worker that cannot start when none runs is unavailable, as with one worker.
func TestCompilePoolNoRoomAtAll(t *testing.T) {
	full := filepath.Join(t.TempDir(), "full")
	if err := os.WriteFile(full, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	p, _ := newPool(t, Options{Workers: 2, Targets: []Target{{Arch: "sm_90", Env: []string{"TEST_CC_FULL=" + full}}}})
	if _, _, _, err := p.Compile(context.Background(), "sm_90", []byte("x"), 0); codeOf(err) != call.CodeUnavailable {
		t.Fatalf("%v", err)
	}
}

// compileMany compiles n distinct PTX texts ("prefix i") from n goroutines at once and checks
// each answer is its own cubin.
func compileMany(t *testing.T, p *Pool, prefix string, n int) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			ptx := fmt.Sprintf("%s %d", prefix, i)
			cubin, _, _, err := p.Compile(context.Background(), "sm_90", []byte(ptx), 0)
			if err == nil && string(cubin) != "cubin:"+ptx {
				err = fmt.Errorf("cubin %q for %q", cubin, ptx)
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}
