package load

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Answers are counted by their batch size from Server-Timing: a "batch" entry's desc, 1
// without one, and not at all without Server-Timing; runs merge by adding.
func TestBatchSizesFromServerTiming(t *testing.T) {
	var a stageAgg
	for _, h := range []string{`queue;dur=0.1, batch;desc="4"`, `queue;dur=0.1, batch;desc="4"`, `queue;dur=0.1`, ``} {
		a.add(ParseServerTiming(nil, []byte(h)))
	}
	got := a.batchSizes()
	if len(got) != 2 || got["4"] != 2 || got["1"] != 1 {
		t.Fatalf("batch sizes %v, want 4:2 1:1", got)
	}
	r := &RateResult{BatchSizes: got}
	if s := BatchText(r); s != "batch sizes 1:1 4:2 (mean 3.00 per answer)" {
		t.Fatalf("BatchText %q", s)
	}
	m := mergeBatchSizes(mergeBatchSizes(nil, got), map[string]int64{"1": 2, "8": 1})
	if m["1"] != 3 || m["4"] != 2 || m["8"] != 1 {
		t.Fatalf("merged %v", m)
	}
	if BatchText(&RateResult{BatchSizes: map[string]int64{"1": 5}}) != "" {
		t.Fatal("BatchText of answers that all ran alone is not empty")
	}
}

// UseUnbatched registers the function's config without "batching" under NAME-unbatched, sends
// the hot requests there, and its cleanup deletes that copy; a function without a declaration
// is left alone.
func TestUseUnbatched(t *testing.T) {
	var mu sync.Mutex
	var log []string
	var put []byte
	declares := true
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		defer mu.Unlock()
		log = append(log, r.Method+" "+r.URL.Path)
		switch {
		case r.Method == "GET" && declares:
			w.Write([]byte(`{"module_path": "batch", "kernels": ["k"], "batching": {"variants": [{"batch": 2, "function": "f_b2"}]}, "blueprint": {}}`))
		case r.Method == "GET":
			w.Write([]byte(`{"module_path": "batch", "kernels": ["k"], "blueprint": {}}`))
		case r.Method == "PUT":
			put = body
			w.WriteHeader(201)
		}
	}))
	defer srv.Close()
	c, err := NewClient(srv.URL, ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseIdle()
	spec, _ := ParseWorkload("matmul-n16")
	w, err := PrepareWorkload(c, spec, WorkloadOptions{Distinct: 2})
	if err != nil {
		t.Fatal(err)
	}
	cleanup, declared, err := w.UseUnbatched()
	if err != nil || !declared {
		t.Fatalf("UseUnbatched: %v, declared %v", err, declared)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(put, &m); err != nil || m["batching"] != nil || m["module_path"] == nil {
		t.Fatalf("the copy registered: %s", put)
	}
	if call, _ := w.Call(0, false); !strings.HasSuffix(call.URI, "/v1/functions/"+w.Function+"-unbatched/invoke") {
		t.Fatalf("hot requests go to %s", call.URI)
	}
	if err := cleanup(); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	got := strings.Join(log, ", ")
	mu.Unlock()
	want := "GET /v1/functions/matmul, PUT /v1/functions/matmul-unbatched, DELETE /v1/functions/matmul-unbatched"
	if got != want {
		t.Fatalf("requests %q, want %q", got, want)
	}
	mu.Lock()
	declares = false
	mu.Unlock()
	if _, declared, err := w.UseUnbatched(); err != nil || declared {
		t.Fatalf("a function without batching: %v, declared %v", err, declared)
	}
}
