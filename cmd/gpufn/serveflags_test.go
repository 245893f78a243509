package main

import (
	"flag"
	"io"
	"reflect"
	"strings"
	"testing"

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
		"allow-hmm":                "false",
		"cluster":                  "false",
		"cluster-advertise":        "",
		"cluster-http":             "",
		"cluster-listen":           "0.0.0.0:6222",
		"cluster-name":             "gpufn",
		"cluster-node":             "",
		"cluster-replicas":         "3",
		"cluster-seeds":            "",
		"cluster-start-timeout":    "5m0s",
		"cluster-timeout":          "2s",
		"cluster-voter":            "true",
		"min-revision-wait":        "2s",
		"context-size":             "64MiB",
		"cpu-devices":              "1",
		"cpu-memory":               "1GiB",
		"data-dir":                 "",
		"device":                   "auto",
		"drain-timeout":            "30s",
		"engine":                   "auto",
		"examples":                 "false",
		"fault-domain":             "auto",
		"gpus":                     "all",
		"graphs":                   "true",
		"header-timeout":           "10s",
		"idle-timeout":             "30s",
		"inline":                   "true",
		"launch-limit":             "10000000",
		"listen":                   "127.0.0.1:8080",
		"log-level":                "info",
		"max-body-bytes":           "64MiB",
		"max-buffers":              "256",
		"max-connections":          "16384",
		"max-connections-per-ip":   "4096",
		"max-functions-per-tenant": "1000",
		"max-invocation-memory":    "0",
		"max-libraries-per-tenant": "100",
		"max-library-bytes":        "64MiB",
		"mps":                      "auto",
		"pipeline":                 "true",
		"poll":                     "hybrid",
		"pool-size":                "0",
		"pprof":                    "false",
		"queue-depth":              "0",
		"read-timeout":             "1m0s",
		"runtime-dir":              "",
		"spin-for":                 "50µs",
		"tenant-queue-share":       "0.5",
		"timeout":                  "30s",
		"tokens":                   "",
		"worker-log-level":         "",
		"worker-start-timeout":     "1m0s",
		"workers":                  "4",
		"write-timeout":            "30s",
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
		{[]string{"--poll", "busy"}, "--poll: "},
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
