package main

import (
	"strings"
	"testing"
	"time"

	"gpufn/gpu"
	"gpufn/worker"
)

// fakeProbe answers the free memory of its list in turn, the last one again once it is spent.
func fakeProbe(t *testing.T, free ...uint64) *int {
	t.Helper()
	calls := 0
	old, oldWait := probe, probeBackoff
	probe = func(worker.StartOptions) ([]gpu.Info, error) {
		f := free[min(calls, len(free)-1)]
		calls++
		return []gpu.Info{{Kind: "cuda", Ordinal: 0, Name: "fake", FreeMem: f, TotalMem: 80 << 30}}, nil
	}
	probeBackoff = time.Millisecond
	t.Cleanup(func() { probe, probeBackoff = old, oldWait })
	return &calls
}

// A GPU that reports no free memory (its memory query failed for a moment) is probed again; one
// that never does fails the start with a message that says what is wrong.
func TestProbeRetriesWithoutFreeMemory(t *testing.T) {
	f := &serveFlags{device: "cuda"}
	calls := fakeProbe(t, 0, 0, 40<<30)
	infos, err := probeGPUs(f, worker.StartOptions{})
	if err != nil || len(infos) != 1 || infos[0].FreeMem != 40<<30 || *calls != 3 {
		t.Fatalf("probeGPUs: %v, %+v after %d probes; want the third probe's 40 GiB", err, infos, *calls)
	}

	calls = fakeProbe(t, 0)
	_, err = probeGPUs(f, worker.StartOptions{})
	if err == nil || !strings.Contains(err.Error(), "cuda device 0 (fake) reports no free memory in 4 probes") || !strings.Contains(err.Error(), "81920 MiB") || *calls != probeAttempts {
		t.Fatalf("probeGPUs of a GPU without free memory: %v after %d probes", err, *calls)
	}

	calls = fakeProbe(t, 1<<30)
	if _, err := probeGPUs(f, worker.StartOptions{}); err != nil || *calls != 1 {
		t.Fatalf("probeGPUs: %v after %d probes; want one", err, *calls)
	}

	// Only the GPUs the server serves on count: GPU 0 without free memory does not hold up
	// a server on GPU 1.
	old := probe
	calls2 := 0
	probe = func(worker.StartOptions) ([]gpu.Info, error) {
		calls2++
		return []gpu.Info{{Kind: "cuda", Ordinal: 0, FreeMem: 0}, {Kind: "cuda", Ordinal: 1, FreeMem: 8 << 30}}, nil
	}
	t.Cleanup(func() { probe = old })
	infos, err = probeGPUs(&serveFlags{device: "cuda", gpus: "1"}, worker.StartOptions{})
	if err != nil || len(infos) != 1 || infos[0].Ordinal != 1 || calls2 != 1 {
		t.Fatalf("--gpus 1 beside a GPU 0 without free memory: %v, %+v after %d probes", err, infos, calls2)
	}
	if _, err := probeGPUs(&serveFlags{device: "cuda", gpus: "0"}, worker.StartOptions{}); err == nil || calls2 != 1+probeAttempts {
		t.Fatalf("--gpus 0 without free memory: %v after %d probes", err, calls2-1)
	}
}
