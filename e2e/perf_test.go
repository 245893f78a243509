package e2e

import (
	"net"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/vmihailenco/msgpack/v5"

	"gpufn/examples"
)

// TestSerialLatency measures 1000 serial matmul invocations (n=128) over HTTP against a
// sequential engine, next to the HTTP floor of the same payloads measured in the same run
// (a fasthttp echo server, the same client). Set GPUFN_E2E_PERF=1 to run it; it reports,
// it does not assert speed (speed goals live in benchmarks, not tests).
func TestSerialLatency(t *testing.T) {
	if os.Getenv("GPUFN_E2E_PERF") == "" {
		t.Skip("set GPUFN_E2E_PERF=1 to measure")
	}
	for _, policy := range strings.Split(envOr("GPUFN_E2E_POLICIES", "hybrid"), ",") {
		t.Run(policy, func(t *testing.T) { serialLatency(t, policy) })
	}
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func serialLatency(t *testing.T, policy string) {
	s := start(t, "--engine", "sequential", "--examples", "--poll", policy)
	cfg, A := examples.MatmulInputs(128, 1)
	body, _ := msgpack.Marshal(map[string][]byte{"cfg": cfg, "A": A})
	want := examples.MatmulReference(A)
	cl := &fasthttp.Client{ReadBufferSize: 1 << 20, WriteBufferSize: 1 << 20, MaxConnsPerHost: 4}

	measure := func(url string, body []byte, ctype string, n int, check func(*fasthttp.Response)) ([]time.Duration, map[string]float64) {
		req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
		defer fasthttp.ReleaseRequest(req)
		defer fasthttp.ReleaseResponse(resp)
		req.SetRequestURI(url)
		req.Header.SetMethod("POST")
		req.Header.SetContentType(ctype)
		req.SetBodyRaw(body)
		lat := make([]time.Duration, 0, n)
		stages := map[string]float64{}
		for i := 0; i < n+200; i++ {
			t0 := time.Now()
			if err := cl.Do(req, resp); err != nil {
				t.Fatal(err)
			}
			d := time.Since(t0)
			if check != nil {
				check(resp)
			}
			if i >= 200 {
				lat = append(lat, d)
				for _, part := range strings.Split(string(resp.Header.Peek("Server-Timing")), ",") {
					name, dur, ok := strings.Cut(strings.TrimSpace(part), ";dur=")
					if v, err := strconv.ParseFloat(dur, 64); ok && err == nil {
						stages[name] += v * 1000 / float64(n) // mean, microseconds
					}
				}
			}
		}
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		return lat, stages
	}
	pct := func(l []time.Duration, p float64) string {
		return strconv.FormatFloat(float64(l[int(float64(len(l)-1)*p)].Nanoseconds())/1e3, 'f', 1, 64)
	}

	// The HTTP floor: an echo server answering a body of the matmul answer's size.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	answer := make([]byte, len(want)+10)
	echo := &fasthttp.Server{Handler: func(c *fasthttp.RequestCtx) { _ = c.PostBody(); c.SetBody(answer) }, MaxRequestBodySize: 64 << 20}
	go echo.Serve(ln)
	defer echo.Shutdown()
	floor, _ := measure("http://"+ln.Addr().String()+"/", body, "application/msgpack", 2000, nil)

	lat, stages := measure(s.url+"/v1/functions/matmul/invoke", body, "application/msgpack", 1000, func(r *fasthttp.Response) {
		if r.StatusCode() != 200 {
			t.Fatalf("%d %s", r.StatusCode(), r.Body())
		}
	})
	t.Logf("HTTP floor, %d B in / %d B out (echo, same client): p50 %s us, p99 %s us", len(body), len(answer), pct(floor, .5), pct(floor, .99))
	t.Logf("gpufn matmul n=128, sequential engine, --poll %s, 1000 serial: p50 %s us, p99 %s us", policy, pct(lat, .5), pct(lat, .99))
	t.Logf("mean server-side stages (us): queue %.1f ipc %.1f h2d %.1f kernel %.1f d2h %.1f zero %.1f total %.1f handler %.1f",
		stages["queue"], stages["ipc"], stages["h2d"], stages["kernel"], stages["d2h"], stages["zero"], stages["total"], stages["handler"])

	icfg, iA, iB := examples.InferenceInputs(500, 1, 1)
	ibody, _ := msgpack.Marshal(map[string][]byte{"cfg": icfg, "A": iA, "B": iB})
	ilat, istages := measure(s.url+"/v1/functions/inference/invoke", ibody, "application/msgpack", 100, nil)
	t.Logf("gpufn inference 500 repetitions, 100 serial: p50 %s us, p99 %s us; kernel stage mean %.1f us", pct(ilat, .5), pct(ilat, .99), istages["kernel"])
}
