package load

import (
	"bytes"
	"sort"
	"strconv"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// Stage names gpufn returns in its Server-Timing header, in the order of an invocation's path.
// Names the bench does not know are kept all the same.
var knownStages = []string{"queue", "copyin", "ipc", "load", "place", "wait", "h2d", "kernel", "d2h", "zero", "worker", "copyout", "total", "handler"}

// ServerTiming is one metric of a Server-Timing header.
type ServerTiming struct {
	Name string
	Dur  time.Duration
	// HasDur is false for a metric without a dur parameter (allowed by the standard).
	HasDur bool
	// Desc is the metric's desc parameter when it is a positive integer (gpufn's batch size,
	// batching.go), else 0.
	Desc int64
}

// ParseServerTiming parses a Server-Timing header value (W3C Server Timing): metrics separated
// by commas, each a name followed by ;-separated parameters, of which dur is in milliseconds
// and may be quoted. It is tolerant: blank entries are skipped, unknown parameters ignored,
// a malformed dur leaves HasDur false, and names it does not know are kept. It appends to dst.
func ParseServerTiming(dst []ServerTiming, v []byte) []ServerTiming {
	for len(v) > 0 {
		var entry []byte
		if i := bytes.IndexByte(v, ','); i >= 0 {
			entry, v = v[:i], v[i+1:]
		} else {
			entry, v = v, nil
		}
		name, params, _ := bytes.Cut(entry, []byte{';'})
		name = bytes.TrimSpace(name)
		if len(name) == 0 {
			continue
		}
		st := ServerTiming{Name: stageName(name)}
		for len(params) > 0 {
			var p []byte
			p, params, _ = bytes.Cut(params, []byte{';'})
			k, val, ok := bytes.Cut(p, []byte{'='})
			if ok && bytes.EqualFold(bytes.TrimSpace(k), []byte("desc")) {
				n, err := strconv.ParseInt(string(bytes.Trim(bytes.TrimSpace(val), `"`)), 10, 64)
				if err == nil && n > 0 {
					st.Desc = n
				}
				continue
			}
			if !ok || !bytes.EqualFold(bytes.TrimSpace(k), []byte("dur")) {
				continue
			}
			val = bytes.Trim(bytes.TrimSpace(val), `"`)
			ms, err := strconv.ParseFloat(string(val), 64)
			if err != nil || ms < 0 || ms > float64(maxTrackable/time.Millisecond) {
				continue
			}
			st.Dur, st.HasDur = time.Duration(ms*float64(time.Millisecond)), true
		}
		dst = append(dst, st)
	}
	return dst
}

// stageName returns the known stage name equal to b without allocating, else a copy of b.
func stageName(b []byte) string {
	for _, k := range knownStages {
		if string(b) == k {
			return k
		}
	}
	return string(b)
}

// StageStats summarizes one stage of the server's per-invocation breakdown over a run, in
// milliseconds.
type StageStats struct {
	Count int64   `json:"count"`
	Mean  float64 `json:"mean_ms"`
	P50   float64 `json:"p50_ms"`
	P99   float64 `json:"p99_ms"`
}

// stageAgg aggregates stage timings; it is not safe for concurrent use (the run's recorder
// holds a lock around it).
type stageAgg struct {
	stages  map[string]*stageHist
	batches map[int64]int64 // answers by batch size (batching.go)
}

type stageHist struct {
	h   *hdrhistogram.Histogram
	sum time.Duration
}

func (a *stageAgg) add(ts []ServerTiming) {
	a.addBatch(ts)
	for _, t := range ts {
		if !t.HasDur {
			continue
		}
		if a.stages == nil {
			a.stages = make(map[string]*stageHist)
		}
		s := a.stages[t.Name]
		if s == nil {
			s = &stageHist{h: newStageHist()}
			a.stages[t.Name] = s
		}
		ns := t.Dur.Nanoseconds()
		if ns < 1 {
			ns = 1
		}
		_ = s.h.RecordValue(ns) // in range: ParseServerTiming bounds dur
		s.sum += t.Dur
	}
}

func (a *stageAgg) stats() map[string]StageStats {
	if len(a.stages) == 0 {
		return nil
	}
	out := make(map[string]StageStats, len(a.stages))
	for name, s := range a.stages {
		n := s.h.TotalCount()
		out[name] = StageStats{
			Count: n,
			Mean:  float64(s.sum) / float64(n) / 1e6,
			P50:   float64(s.h.ValueAtQuantile(50)) / 1e6,
			P99:   float64(s.h.ValueAtQuantile(99)) / 1e6,
		}
	}
	return out
}

// StageNames orders stage names: the known ones in path order, then the others sorted.
func StageNames(m map[string]StageStats) []string {
	var out []string
	for _, k := range knownStages {
		if _, ok := m[k]; ok {
			out = append(out, k)
		}
	}
	var rest []string
	for k := range m {
		if !contains(knownStages, k) {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
