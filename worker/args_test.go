package worker

import (
	"reflect"
	"testing"
	"time"
)

// TestWorkerArgs: the command line Start gives a worker is what the worker's Main parses back.
func TestWorkerArgs(t *testing.T) {
	tests := []struct {
		opt  StartOptions
		want childFlags
	}{
		{StartOptions{Args: []string{"worker"}, Device: "cpu"}.withDefaults(),
			childFlags{kind: "cpu", contexts: 1, reserve: 768 << 20, residentBytes: DefaultResidentBytes, graphs: true, modBytes: DefaultModuleCacheBytes, logLevel: "info"}},
		{StartOptions{Args: []string{"worker"}, Device: "cuda", Ordinal: 3, PoolBytes: 5 << 30, Contexts: 2, LogLevel: "debug",
			NoPool: true, NoGraphs: true, Spin: 50 * time.Microsecond, ResidentBytes: 3 << 20, ModuleCacheBytes: 1 << 20}.withDefaults(),
			childFlags{kind: "cuda", ordinal: 3, poolBytes: 5 << 30, contexts: 2, reserve: 768 << 20, residentBytes: 3 << 20, noPool: true, modBytes: 1 << 20, spin: 50 * time.Microsecond, logLevel: "debug"}},
		{StartOptions{Args: []string{"worker"}, Device: "auto", Probe: true}.withDefaults(),
			childFlags{kind: "auto", probe: true, reserve: 768 << 20, residentBytes: DefaultResidentBytes, graphs: true, modBytes: DefaultModuleCacheBytes, logLevel: "info"}},
		{StartOptions{Args: []string{"worker"}, Device: "hip", Spin: SpinForever}.withDefaults(),
			childFlags{kind: "hip", contexts: 1, reserve: 768 << 20, residentBytes: DefaultResidentBytes, graphs: true, modBytes: DefaultModuleCacheBytes, spin: SpinForever, logLevel: "info"}},
	}
	for _, tc := range tests {
		args := workerArgs(tc.opt)
		if args[0] != "worker" {
			t.Errorf("%q: want opt.Args first", args)
			continue
		}
		got, err := parseChildFlags(args[1:])
		if err != nil {
			t.Errorf("%q: %v", args, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", args, got, tc.want)
		}
	}
}

func TestStartOptionsDefaults(t *testing.T) {
	got := StartOptions{ID: "x"}.withDefaults()
	if got.Contexts != 1 || got.ContextBytes != 64<<20 || got.StartTimeout != 60*time.Second || got.Log == nil {
		t.Errorf("defaults: %+v", got)
	}
	got = StartOptions{Contexts: 2, ContextBytes: 1 << 20, StartTimeout: time.Second, Probe: true}.withDefaults()
	if got.Contexts != 0 || got.ContextBytes != 1<<20 || got.StartTimeout != time.Second {
		t.Errorf("a probe: %+v", got)
	}
}

// A pool of the free memory leaves the worker's reserve out of it, the resident weight sets'
// budget included (childReserve, which startChild uses), within 1/8 of the free memory.
func TestAutoPoolBytes(t *testing.T) {
	if got := childReserve(768<<20, 0); got != 768<<20+DefaultResidentBytes {
		t.Errorf("childReserve(768 MiB, 0) = %d; want the reserve and the default resident budget", got)
	}
	if got := childReserve(768<<20, 3<<20); got != 771<<20 {
		t.Errorf("childReserve(768 MiB, 3 MiB) = %d; want 771 MiB", got)
	}
	const mib, gib = 1 << 20, 1 << 30
	for _, c := range []struct {
		free, reserve, want uint64
		ok                  bool
	}{
		{141 * gib, 768*mib + DefaultResidentBytes, 141*gib - 768*mib - DefaultResidentBytes, true}, // an H200: the whole reserve
		{8 * gib, 768*mib + DefaultResidentBytes, 7 * gib, true},                                    // 1/8 of a small device
		{mib, 768 * mib, 0, false},
	} {
		got, ok := autoPoolBytes(c.free, c.reserve)
		if got != c.want || ok != c.ok {
			t.Errorf("autoPoolBytes(%d, %d) = %d, %v; want %d, %v", c.free, c.reserve, got, ok, c.want, c.ok)
		}
	}
}
