package e2e

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// result is one request of a load run: when it was sent and answered (from the run's start),
// its status, or the error that left it unanswered.
type result struct {
	sent, done time.Duration
	status     int
	err        error
}

// loadRun is an open-loop load: requests at a fixed rate, each on its own goroutine, whatever
// the answers; bounded in count (rate × duration) and each request by the client's timeout.
type loadRun struct {
	t0   time.Time
	res  []result
	done chan struct{}
}

// openLoop starts an open-loop load of invocations of fn at base.
func (tc *testCluster) openLoop(base, fn string, rate int, dur time.Duration) *loadRun {
	total := int(float64(rate) * dur.Seconds())
	r := &loadRun{t0: time.Now(), res: make([]result, total), done: make(chan struct{})}
	url := base + "/v1/functions/" + fn + "/invoke"
	go func() {
		defer close(r.done)
		var wg sync.WaitGroup
		tick := time.NewTicker(time.Second / time.Duration(rate))
		defer tick.Stop()
		for i := 0; i < total; i++ {
			<-tick.C
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := &r.res[i]
				res.sent = time.Since(r.t0)
				req, _ := http.NewRequest("POST", url, bytes.NewReader([]byte{1, 2, 3, 4}))
				req.Header.Set("Content-Type", "application/octet-stream")
				resp, err := tc.c.Do(req)
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					res.status = resp.StatusCode
				}
				res.err, res.done = err, time.Since(r.t0)
			}()
		}
		wg.Wait()
	}()
	return r
}

func (r *loadRun) wait() []result {
	<-r.done
	return r.res
}

// summary counts a run's outcomes.
type summary struct {
	total, ok, failed, unanswered int
	byStatus                      map[int]int
}

func summarize(res []result) summary {
	s := summary{total: len(res), byStatus: map[int]int{}}
	for _, r := range res {
		switch {
		case r.err != nil:
			s.unanswered++
		case r.status == 200:
			s.ok++
		default:
			s.failed++
			s.byStatus[r.status]++
		}
	}
	return s
}

func (s summary) String() string {
	return fmt.Sprintf("%d requests: %d ok, %d failed %v, %d unanswered", s.total, s.ok, s.failed, s.byStatus, s.unanswered)
}

// throughput is the successful answers per second in windows of width w, by the window's start.
func throughput(res []result, w time.Duration) []float64 {
	var out []float64
	for _, r := range res {
		if r.err != nil || r.status != 200 {
			continue
		}
		i := int(r.done / w)
		for len(out) <= i {
			out = append(out, 0)
		}
		out[i] += float64(time.Second) / float64(w)
	}
	return out
}

// closedLoop runs c clients invoking fn at base back to back for dur and returns the
// successful invocations per second (bounded: each client stops at dur).
func (tc *testCluster) closedLoop(base, fn string, c int, dur time.Duration) float64 {
	var ok atomic.Int64
	var wg sync.WaitGroup
	stop := time.Now().Add(dur)
	for g := 0; g < c; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(stop) {
				if a := tc.invoke(base, fn, 0); a.err == nil && a.status == 200 {
					ok.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	return float64(ok.Load()) / dur.Seconds()
}

// percentile is the p-th percentile of ds (sorted in place).
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[min(len(ds)-1, int(float64(len(ds))*p/100))]
}
