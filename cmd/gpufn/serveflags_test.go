package main

import (
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"gpufn/cmd/gpufn/internal/serveplan"
	"gpufn/engine"
)

// parseServe parses args as gpufn serve does.
func parseServe(t *testing.T, args ...string) *serveFlags {
	t.Helper()
	var f serveFlags
	fs := serveFlagSet(&f)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("parsing %q: %v", args, err)
	}
	return &f
}

// TestServeFlagDefaults pins every serve flag and its default.
func TestServeFlagDefaults(t *testing.T) {
	want := map[string]string{
		"access-log":                 "false",
		"allow-hmm":                  "false",
		"cluster":                    "false",
		"cluster-advertise":          "",
		"cluster-http":               "",
		"cluster-listen":             "0.0.0.0:6222",
		"cluster-name":               "gpufn",
		"cluster-node":               "",
		"cluster-replicas":           "3",
		"cluster-seeds":              "",
		"cluster-start-timeout":      "5m0s",
		"cluster-timeout":            "2s",
		"cluster-voter":              "true",
		"compile-workers":            "0",
		"conn-spin-for":              "50µs",
		"context-size":               "64MiB",
		"copy-ahead":                 "true",
		"cpu-devices":                "1",
		"cpu-memory":                 "1GiB",
		"data-dir":                   "",
		"device":                     "auto",
		"drain-timeout":              "30s",
		"engine":                     "auto",
		"examples":                   "false",
		"fault-domain":               "auto",
		"gpus":                       "all",
		"eager-batches":              "false",
		"graphs":                     "true",
		"header-timeout":             "10s",
		"idle-timeout":               "30s",
		"inline":                     "true",
		"launch-limit":               "10000000",
		"listen":                     "127.0.0.1:8080",
		"log-format":                 "console",
		"log-level":                  "info",
		"max-access-bytes":           "64KiB",
		"max-body-bytes":             "64MiB",
		"max-buffers":                "256",
		"max-connections":            "16384",
		"max-connections-per-ip":     "4096",
		"max-functions-per-tenant":   "1000",
		"max-invocation-memory":      "0",
		"max-libraries-per-tenant":   "1000",
		"max-library-bytes":          "64MiB",
		"max-weight-bytes":           "4GiB",
		"max-weight-sets-per-tenant": "100",
		"metrics-max-series":         "256",
		"min-revision-wait":          "2s",
		"module-cache-bytes":         "128MiB",
		"mps":                        "auto",
		"pipeline":                   "true",
		"poll":                       "hybrid",
		"pool-size":                  "0",
		"pprof":                      "false",
		"preload":                    "true",
		"prewake":                    "true",
		"queue-depth":                "0",
		"read-timeout":               "1m0s",
		"resident-bytes":             "1GiB",
		"rescue-workers":             "-1",
		"runtime-dir":                "",
		"spin-for":                   "50µs",
		"spin-under-load":            "false",
		"standby-workers":            "0",
		"stream-inputs":              "true",
		"stream-body":                "true",
		"stream-body-wait":           "50ms",
		"tenant-queue-bytes":         "1GiB",
		"tenant-queue-share":         "0.5",
		"tenant-storage-bytes":       "1GiB",
		"timeout":                    "30s",
		"tokens":                     "",
		"weight-quota-bytes":         "16GiB",
		"worker-log-level":           "",
		"worker-spin-for":            "0s",
		"worker-start-timeout":       "1m0s",
		"workers":                    "4",
		"write-timeout":              "30s",
	}
	got := map[string]string{}
	var f serveFlags
	serveFlagSet(&f).VisitAll(func(fl *flag.Flag) { got[fl.Name] = fl.DefValue })
	if !reflect.DeepEqual(got, want) {
		t.Errorf("serve flags and defaults:\n got %q\nwant %q", got, want)
	}
}

func TestValidateServeFlags(t *testing.T) {
	tests := []struct {
		args []string
		want serveSettings
	}{
		{nil, serveSettings{mode: engine.Auto, policy: engine.PolicyHybrid, workerLevel: "info",
			env: []string{"GPUFN_CPU_DEVICES=1", "GPUFN_CPU_MEMORY=1073741824"}}},
		{[]string{"--engine", "sequential", "--mps", "off", "--fault-domain", "gpu", "--poll", "spin", "--log-level", "debug"},
			serveSettings{mode: engine.Sequential, policy: engine.PolicySpin, workerLevel: "debug",
				env: []string{"GPUFN_CPU_DEVICES=1", "GPUFN_CPU_MEMORY=1073741824"}}},
		{[]string{"--engine", "concurrent", "--mps", "on", "--fault-domain", "worker", "--poll", "block", "--worker-log-level", "warn", "--queue-depth", "7"},
			serveSettings{mode: engine.Concurrent, policy: engine.PolicyBlock, workerLevel: "warn",
				env: []string{"GPUFN_CPU_DEVICES=1", "GPUFN_CPU_MEMORY=1073741824"}}},
		{[]string{"--cpu-devices", "3", "--cpu-memory", "2GiB", "--mps", "auto"},
			serveSettings{mode: engine.Auto, policy: engine.PolicyHybrid, workerLevel: "info",
				env: []string{"GPUFN_CPU_DEVICES=3", "GPUFN_CPU_MEMORY=2147483648"}}},
	}
	for _, tc := range tests {
		got, err := validateServeFlags(parseServe(t, tc.args...))
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.args, got, tc.want)
		}
	}
}

func TestValidateServeFlagsRefuses(t *testing.T) {
	tests := []struct {
		args []string
		want string // the error's beginning
	}{
		{[]string{"--engine", "parallel"}, `--engine "parallel": use sequential, concurrent or auto`},
		{[]string{"--engine", ""}, `--engine "": use sequential, concurrent or auto`},
		{[]string{"--mps", "yes"}, `--mps "yes": use auto, on or off`},
		{[]string{"--fault-domain", "process"}, `--fault-domain "process": use auto, gpu or worker`},
		{[]string{"--queue-depth", "-1"}, "--queue-depth -1: want a count of invocations (0: 1024 per worker)"},
		{[]string{"--conn-spin-for", "2ms"}, "--conn-spin-for 2ms: want 0 to 1ms"},
		{[]string{"--compile-workers", "-1"}, "--compile-workers -1: want a count"},
		{[]string{"--tenant-queue-bytes", "1MiB"}, "--tenant-queue-bytes 1048576 is less than --max-body-bytes 67108864"},
		{[]string{"--poll", "busy"}, "--poll: "},
		{[]string{"--metrics-max-series", "-1"}, "--metrics-max-series -1: want a count of (tenant, function) pairs (0: none)"},
		// The flags are checked in this order; the first bad one is named.
		{[]string{"--poll", "busy", "--mps", "yes", "--engine", "x"}, `--engine "x"`},
		{[]string{"--poll", "busy", "--queue-depth", "-2", "--fault-domain", "x"}, `--fault-domain "x"`},
		{[]string{"--poll", "busy", "--queue-depth", "-2"}, "--queue-depth -2"},
	}
	for _, tc := range tests {
		_, err := validateServeFlags(parseServe(t, tc.args...))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one beginning %q", tc.args, err, tc.want)
		}
	}
}

// --metrics-max-series reaches the frontend; its 0 (no series of their own) is the frontend's
// negative, since the frontend's 0 is its default.
func TestMetricsMaxSeriesFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want int
	}{{nil, 256}, {[]string{"--metrics-max-series", "3"}, 3}, {[]string{"--metrics-max-series", "0"}, -1}} {
		if got := frontendConfig(parseServe(t, tc.args...), nil).MetricsMaxSeries; got != tc.want {
			t.Errorf("%q: MetricsMaxSeries %d, want %d", tc.args, got, tc.want)
		}
	}
}

// --log-format json writes one JSON object a line; console writes zap's console lines; another
// format is an error.
func TestLogFormat(t *testing.T) {
	if _, err := newLogger("info", "xml"); err == nil || !strings.Contains(err.Error(), `--log-format "xml"`) {
		t.Fatalf("xml: %v", err)
	}
	for format, check := range map[string]func(string) bool{
		"json": func(line string) bool {
			var rec map[string]any
			return json.Unmarshal([]byte(line), &rec) == nil && rec["msg"] == "hello" && rec["level"] == "info" && rec["k"] == "v" && rec["ts"] != nil
		},
		"console": func(line string) bool {
			return strings.Contains(line, "\tINFO\t") && strings.HasSuffix(line, "\thello\t{\"k\": \"v\"}") && !strings.HasPrefix(line, "{")
		},
	} {
		cfg, err := loggerConfig("info", format)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "log")
		cfg.OutputPaths, cfg.ErrorOutputPaths = []string{path}, []string{path}
		log, err := cfg.Build()
		if err != nil {
			t.Fatal(err)
		}
		log.Info("hello", zap.String("k", "v"))
		log.Sync()
		b, _ := os.ReadFile(path)
		if line := strings.TrimSpace(string(b)); !check(line) {
			t.Errorf("%s: %q", format, line)
		}
	}
}

// The client connections' reads spin as the engine's hybrid polling does: not with block, not
// on a host of fewer than engine.HybridMinCPUs cores, as asked otherwise.
func TestConnSpin(t *testing.T) {
	for _, tc := range []struct {
		poll engine.Policy
		cpus int
		want time.Duration
	}{
		{engine.PolicyHybrid, 16, 50 * time.Microsecond},
		{engine.PolicyHybrid, 2, 0},
		{engine.PolicySpin, 2, 50 * time.Microsecond},
		{engine.PolicyBlock, 16, 0},
	} {
		if got := connSpin(tc.poll, 50*time.Microsecond, tc.cpus); got != tc.want {
			t.Errorf("--poll %s on %d cores: %v; want %v", tc.poll, tc.cpus, got, tc.want)
		}
	}
}

// Under the hybrid policy the frontend's reads get a gate, open while no slot waits (the
// engines' Waiters: engine's TestLoadAllowsSpin and netspin's TestGate check the count and the
// gate themselves); with --spin-under-load, --poll block or --poll spin they get none.
func TestConnSpinGate(t *testing.T) {
	for _, c := range []struct {
		args []string
		gate bool
	}{
		{nil, true},
		{[]string{"--spin-under-load"}, false},
		{[]string{"--poll", "block"}, false},
		{[]string{"--poll", "spin"}, false},
	} {
		f := parseServe(t, c.args...)
		set, err := validateServeFlags(f)
		if err != nil {
			t.Fatalf("%q: %v", c.args, err)
		}
		base := engineBase(f, set, "cpu", "gpufn", serveplan.Plan{}, true, false, nil)
		gate := connSpinGate(base)
		if (gate != nil) != c.gate {
			t.Fatalf("%q: gate %v; want %v", c.args, gate != nil, c.gate)
		}
		if gate == nil {
			continue
		}
		if !gate() {
			t.Fatalf("%q: the gate is shut with no slot waiting (%d)", c.args, base.Waiters.Busy())
		}
	}
}
