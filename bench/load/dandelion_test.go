package load

import (
	"context"
	"strings"
	"testing"
	"time"

	"gpufn/bench/internal/benchtest"
)

// The dandelion workload registers its functions (each its own library), sends the hot share
// to the hot set and spreads the rest over the cold functions in turn; every answer is checked,
// and the counts add up: hot and cold requests, the distinct cold functions served.
func TestDandelionSpreadsOverItsFunctions(t *testing.T) {
	t.Parallel()
	fake := benchtest.NewFakeGpufn(false)
	f := benchtest.StartFake(t, fake.Handle)
	c := newTestClient(t, f.URL)
	spec, _ := ParseWorkload("matmul-n8")
	w, err := PrepareWorkload(c, spec, WorkloadOptions{Register: true, Distinct: 3, Parallel: 4})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := PrepareDandelion(w, 20, 0); err == nil {
		t.Error("an empty hot set was accepted")
	}
	d, err := PrepareDandelion(w, 20, 4)
	if err != nil {
		t.Fatal(err)
	}
	fake.Mu.Lock()
	libs := 0
	for name := range fake.Libs {
		if strings.HasPrefix(name, "bench-dandelion-") {
			libs++
			if fake.Fns[name] != name {
				t.Errorf("function %s uses library %q", name, fake.Fns[name])
			}
		}
	}
	fake.Mu.Unlock()
	if libs != 20 || len(d.Hot) != 4 || len(d.Cold) != 16 {
		t.Fatalf("%d libraries, hot %d, cold %d", libs, len(d.Hot), len(d.Cold))
	}
	// 100 requests, 20% cold: 20 cold requests over 16 cold functions (4 of them twice), 80
	// over the 4 hot ones; the warm-up's requests go to the hot set only.
	r, err := Run(context.Background(), c, d, RunConfig{Rate: 1000, Duration: 100 * time.Millisecond, Warmup: 10 * time.Millisecond, ColdPercent: 20})
	if err != nil {
		t.Fatal(err)
	}
	if r.Scheduled != 100 || r.OK != 100 || r.Errors != 0 || r.ColdSent != 20 || r.Cold == nil || r.Cold.Count != 20 || r.Hot.Count != 80 {
		t.Fatalf("scheduled %d ok %d errors %d %v cold %d", r.Scheduled, r.OK, r.Errors, r.ErrorSamples, r.ColdSent)
	}
	if r.ColdFunctions != 16 {
		t.Errorf("distinct cold functions %d; want 16", r.ColdFunctions)
	}
	fake.Mu.Lock()
	hot, cold := 0, 0
	for i, call := range d.Hot {
		name := strings.TrimSuffix(call.URI[strings.Index(call.URI, "/v1/functions/")+len("/v1/functions/"):], "/invoke")
		hot += fake.Invoked[name]
		if fake.Invoked[name] == 0 {
			t.Errorf("hot function %d never invoked", i)
		}
	}
	for _, call := range d.Cold {
		name := strings.TrimSuffix(call.URI[strings.Index(call.URI, "/v1/functions/")+len("/v1/functions/"):], "/invoke")
		if n := fake.Invoked[name]; n < 1 || n > 2 {
			t.Errorf("cold function %s invoked %d times; want 1 or 2", name, n)
		}
		cold += fake.Invoked[name]
	}
	fake.Mu.Unlock()
	if cold != 20 || hot != 80+10 { // the warm-up's 10 (1000/s for 10 ms) are hot
		t.Errorf("the server saw %d hot and %d cold invocations; want 90 and 20", hot, cold)
	}
	// The all-hot run: the same source without cold requests.
	r, _ = Run(context.Background(), c, d, RunConfig{Rate: 1000, Duration: 50 * time.Millisecond})
	if r.OK != 50 || r.ColdSent != 0 || r.ColdFunctions != 0 {
		t.Errorf("all hot: ok %d, cold %d, cold functions %d", r.OK, r.ColdSent, r.ColdFunctions)
	}
	if err := w.Cleanup(); err != nil {
		t.Fatal(err)
	}
	fake.Mu.Lock()
	defer fake.Mu.Unlock()
	if len(fake.Deleted) != 2*21 || len(fake.Fns) != 0 {
		t.Errorf("cleanup: %d deletes, %d functions left", len(fake.Deleted), len(fake.Fns))
	}
}
