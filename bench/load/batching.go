package load

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Dynamic batching (docs/batching.md) as the bench sees it: each answer's batch size, from the
// server's Server-Timing ("batch;desc=N" when a batch of N answered it, nothing when it ran
// alone), counted per run (RateResult.BatchSizes); and a workload's function run with or
// without its batching declaration (UseUnbatched).

// batchStage is the Server-Timing metric that gives an answer's batch size in its desc.
const batchStage = "batch"

// addBatch counts the batch size of one answer whose Server-Timing was ts: 1 when it names no
// batch. An answer without Server-Timing (another system than gpufn) is not counted.
func (a *stageAgg) addBatch(ts []ServerTiming) {
	if len(ts) == 0 {
		return
	}
	size := int64(1)
	for _, t := range ts {
		if t.Name == batchStage && t.Desc > 0 {
			size = t.Desc
		}
	}
	if a.batches == nil {
		a.batches = map[int64]int64{}
	}
	a.batches[size]++
}

// batchSizes is the answers counted by batch size, keyed by the size in decimal (JSON).
func (a *stageAgg) batchSizes() map[string]int64 {
	if len(a.batches) == 0 {
		return nil
	}
	out := make(map[string]int64, len(a.batches))
	for n, c := range a.batches {
		out[strconv.FormatInt(n, 10)] = c
	}
	return out
}

// mergeBatchSizes adds the counts of from into m.
func mergeBatchSizes(m map[string]int64, from map[string]int64) map[string]int64 {
	if len(from) == 0 {
		return m
	}
	if m == nil {
		m = map[string]int64{}
	}
	for k, v := range from {
		m[k] += v
	}
	return m
}

// BatchText says how a run's answers were batched: "batch sizes 1:120 4:400 (mean 3.4)", or
// "" when the server said nothing of batches (no Server-Timing) or every answer ran alone.
func BatchText(r *RateResult) string {
	if len(r.BatchSizes) == 0 || len(r.BatchSizes) == 1 && r.BatchSizes["1"] > 0 {
		return ""
	}
	sizes := make([]int64, 0, len(r.BatchSizes))
	var n, sum int64
	for k, c := range r.BatchSizes {
		v, _ := strconv.ParseInt(k, 10, 64)
		sizes = append(sizes, v)
		n += c
		sum += v * c
	}
	sort.Slice(sizes, func(i, j int) bool { return sizes[i] < sizes[j] })
	var b strings.Builder
	b.WriteString("batch sizes")
	for _, v := range sizes {
		fmt.Fprintf(&b, " %d:%d", v, r.BatchSizes[strconv.FormatInt(v, 10)])
	}
	fmt.Fprintf(&b, " (mean %.2f per answer)", float64(sum)/float64(n))
	return b.String()
}

// UseUnbatched registers a copy of the workload's function without its "batching" declaration
// (named Function + "-unbatched") and sends the hot requests to it from now on: the same
// kernels, every invocation run alone. It returns the function that removes the copy (call it
// before Cleanup; it keeps it with WorkloadOptions.Keep), and false when the function declares
// no batching (nothing is registered then).
func (w *Workload) UseUnbatched() (cleanup func() error, declared bool, err error) {
	path := "/v1/functions/" + w.Function
	st, body, err := w.c.Do("GET", path, "", nil, time.Minute)
	if err := mustOK("GET", path, st, body, err); err != nil {
		return nil, false, fmt.Errorf("bench: reading the config of %s: %w", w.Function, err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, false, fmt.Errorf("bench: the config of %s: %w", w.Function, err)
	}
	if _, ok := m["batching"]; !ok {
		return func() error { return nil }, false, nil
	}
	delete(m, "batching")
	cfg, err := json.Marshal(m)
	if err != nil {
		return nil, true, err
	}
	name := w.Function + "-unbatched"
	path = "/v1/functions/" + name
	st, body, err = w.c.Do("PUT", path, "application/json", cfg, time.Minute)
	if err := mustOK("PUT", path, st, body, err); err != nil {
		return nil, true, fmt.Errorf("bench: registering %s: %w", name, err)
	}
	// Only the function changes: a bundle's hot calls carry their own headers (a raw body
	// is sent as application/octet-stream) and checks, which stay.
	uri := w.c.URL("/v1/functions/" + name + "/invoke")
	for i := range w.hot {
		w.hot[i].URI = uri
	}
	return func() error {
		if w.opts.Keep {
			return nil
		}
		st, body, err := w.c.Do("DELETE", path, "", nil, 30*time.Second)
		return mustOK("DELETE", path, st, body, err)
	}, true, nil
}
