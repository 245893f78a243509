package serveplan

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"gpufn/engine"
	"gpufn/gpu"
	"gpufn/mps"
)

const (
	mib = 1 << 20
	gib = 1 << 30
)

var (
	baseEnv = []string{"GPUFN_CPU_DEVICES=1", "GPUFN_CPU_MEMORY=1073741824"}
	// h100 has 80 GiB free: 79 GiB usable (80896 MiB).
	h100 = gpu.Info{Kind: "cuda", Ordinal: 0, Name: "H100", FreeMem: 80 * gib}
	// small has 3 GiB free: 2 GiB usable, too little for 4 workers' contexts without MPS.
	small  = gpu.Info{Kind: "cuda", Ordinal: 0, Name: "small", FreeMem: 3 * gib}
	mi250  = gpu.Info{Kind: "hip", Ordinal: 0, Name: "MI250", FreeMem: 64 * gib}
	cpuDev = gpu.Info{Kind: "cpu", Ordinal: 0, Name: "cpu", FreeMem: gib}
)

// input is the default serve flags on one device of kind.
func input(dev gpu.Info, mode engine.Mode, mpsFlag string) Input {
	return Input{Device: dev.Kind, Mode: mode, MPS: mpsFlag, FaultDomain: "auto", Workers: 4,
		CPUMemory: gib, Env: baseEnv, GPUs: []gpu.Info{dev}}
}

func with(in Input, f func(*Input)) Input {
	f(&in)
	return in
}

// mpsEnv is the environment a worker of the test daemon gets: its directories and, with a
// cap, "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT=ordinal=capM".
func mpsEnv(limit string) []string {
	env := append(append([]string(nil), baseEnv...), "CUDA_MPS_PIPE_DIRECTORY=/run/mps-pipe", "CUDA_MPS_LOG_DIRECTORY=/run/mps-log")
	if limit != "" {
		env = append(env, "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT="+limit)
	}
	return env
}

func TestWantMPS(t *testing.T) {
	for _, dev := range []gpu.Info{h100, mi250, cpuDev} {
		for _, mode := range []engine.Mode{engine.Sequential, engine.Concurrent, engine.Auto} {
			for _, m := range []string{"auto", "on", "off"} {
				want := dev.Kind == "cuda" && mode != engine.Sequential && m != "off"
				if got := WantMPS(input(dev, mode, m)); got != want {
					t.Errorf("WantMPS(%s, --engine %s, --mps %s) = %v, want %v", dev.Kind, mode, m, got, want)
				}
			}
		}
	}
}

func TestMake(t *testing.T) {
	errNoMPS := fmt.Errorf("%w: nvidia-cuda-mps-control is not installed", mps.ErrUnavailable)
	noMPS := []Warning{{Msg: warnNoMPS, Err: errNoMPS}}
	fallback := []Warning{{Msg: warnNoMPS, Err: errNoMPS}, {Msg: warnAutoSequential}}
	// Without MPS: (79 GiB - 5 contexts of 768 MiB) / 4 workers.
	const reservedPool = (80896 - 5*768) / 4 * mib
	// Under MPS: each worker's cap is 79 GiB / 4 = 20224 MiB; its pool leaves 1 GiB of it.
	const mpsPool = (20224 - 1024) * mib
	seq := func(dev gpu.Info, usable uint64) Engine {
		return Engine{Ordinal: dev.Ordinal, UsableBytes: usable, Env: baseEnv}
	}
	tests := []struct {
		name     string
		in       Input
		daemon   bool  // MPS was joined or started
		mpsErr   error // why not
		want     Plan
		warnings []Warning
		err      error // want errors.Is
	}{
		// cuda
		{name: "cuda sequential: no MPS wanted, the engine sizes the pool",
			in:   input(h100, engine.Sequential, "auto"),
			want: Plan{Mode: engine.Sequential, Engines: []Engine{seq(h100, 79*gib)}}},
		{name: "cuda sequential --mps on: still no MPS",
			in:   input(h100, engine.Sequential, "on"),
			want: Plan{Mode: engine.Sequential, Engines: []Engine{seq(h100, 79*gib)}}},
		{name: "cuda concurrent under MPS: capped workers, uncapped whole-GPU worker, shared fault domain",
			in: input(h100, engine.Concurrent, "auto"), daemon: true,
			want: Plan{Mode: engine.Concurrent, MPS: true, SharedFaultDomain: true, Engines: []Engine{{
				UsableBytes: 79 * gib, PoolBytes: mpsPool, Env: mpsEnv("0=20224M"), WholeEnv: mpsEnv("")}}}},
		{name: "cuda auto --mps on under MPS",
			in: input(h100, engine.Auto, "on"), daemon: true,
			want: Plan{Mode: engine.Auto, MPS: true, SharedFaultDomain: true, Engines: []Engine{{
				UsableBytes: 79 * gib, PoolBytes: mpsPool, Env: mpsEnv("0=20224M"), WholeEnv: mpsEnv("")}}}},
		{name: "cuda concurrent under MPS with --pool-size: the pool as given, the cap the share",
			in: with(input(h100, engine.Concurrent, "auto"), func(in *Input) { in.PoolBytes = 4 * gib }), daemon: true,
			want: Plan{Mode: engine.Concurrent, MPS: true, SharedFaultDomain: true, Engines: []Engine{{
				UsableBytes: 79 * gib, PoolBytes: 4 * gib, Env: mpsEnv("0=20224M"), WholeEnv: mpsEnv("")}}}},
		{name: "cuda under MPS, 2 workers: a share of 39.5 GiB",
			in: with(input(h100, engine.Auto, "auto"), func(in *Input) { in.Workers = 2 }), daemon: true,
			want: Plan{Mode: engine.Auto, MPS: true, SharedFaultDomain: true, Engines: []Engine{{
				UsableBytes: 79 * gib, PoolBytes: (40448 - 1024) * mib, Env: mpsEnv("0=40448M"), WholeEnv: mpsEnv("")}}}},
		{name: "cuda under MPS on a small GPU: the cap keeps half for the context",
			in: input(small, engine.Concurrent, "auto"), daemon: true,
			want: Plan{Mode: engine.Concurrent, MPS: true, SharedFaultDomain: true, Engines: []Engine{{
				UsableBytes: 2 * gib, PoolBytes: 256 * mib, Env: mpsEnv("0=512M"), WholeEnv: mpsEnv("")}}}},
		{name: "cuda under MPS, --fault-domain worker",
			in: with(input(h100, engine.Concurrent, "auto"), func(in *Input) { in.FaultDomain = "worker" }), daemon: true,
			want: Plan{Mode: engine.Concurrent, MPS: true, Engines: []Engine{{
				UsableBytes: 79 * gib, PoolBytes: mpsPool, Env: mpsEnv("0=20224M"), WholeEnv: mpsEnv("")}}}},
		{name: "cuda concurrent without MPS: a warning, pools less each worker's context",
			in: input(h100, engine.Concurrent, "auto"), mpsErr: errNoMPS,
			want:     Plan{Mode: engine.Concurrent, Engines: []Engine{{UsableBytes: 79 * gib, PoolBytes: reservedPool, Env: baseEnv}}},
			warnings: noMPS},
		{name: "cuda auto without MPS: falls back to sequential",
			in: input(h100, engine.Auto, "auto"), mpsErr: errNoMPS,
			want:     Plan{Mode: engine.Sequential, Engines: []Engine{seq(h100, 79*gib)}},
			warnings: fallback},
		{name: "cuda auto without MPS, --pool-size: sequential with the pool as given",
			in: with(input(h100, engine.Auto, "auto"), func(in *Input) { in.PoolBytes = 8 * gib }), mpsErr: errNoMPS,
			want:     Plan{Mode: engine.Sequential, Engines: []Engine{{UsableBytes: 79 * gib, PoolBytes: 8 * gib, Env: baseEnv}}},
			warnings: fallback},
		{name: "cuda auto without MPS, --fault-domain gpu: shared all the same",
			in: with(input(h100, engine.Auto, "auto"), func(in *Input) { in.FaultDomain = "gpu" }), mpsErr: errNoMPS,
			want:     Plan{Mode: engine.Sequential, SharedFaultDomain: true, Engines: []Engine{seq(h100, 79*gib)}},
			warnings: fallback},
		{name: "cuda concurrent --mps on without MPS: an error",
			in: input(h100, engine.Concurrent, "on"), mpsErr: errNoMPS, err: mps.ErrUnavailable},
		{name: "cuda auto --mps on without MPS: an error",
			in: input(h100, engine.Auto, "on"), mpsErr: errNoMPS, err: mps.ErrUnavailable},
		{name: "cuda concurrent --mps off: a warning, pools less each worker's context",
			in:       input(h100, engine.Concurrent, "off"),
			want:     Plan{Mode: engine.Concurrent, Engines: []Engine{{UsableBytes: 79 * gib, PoolBytes: reservedPool, Env: baseEnv}}},
			warnings: []Warning{{Msg: warnMPSOff}}},
		{name: "cuda auto --mps off: stays auto, without a warning",
			in:   input(h100, engine.Auto, "off"),
			want: Plan{Mode: engine.Auto, Engines: []Engine{{UsableBytes: 79 * gib, PoolBytes: reservedPool, Env: baseEnv}}}},
		{name: "cuda concurrent --mps off with --pool-size",
			in:       with(input(h100, engine.Concurrent, "off"), func(in *Input) { in.PoolBytes = 2 * gib }),
			want:     Plan{Mode: engine.Concurrent, Engines: []Engine{{UsableBytes: 79 * gib, PoolBytes: 2 * gib, Env: baseEnv}}},
			warnings: []Warning{{Msg: warnMPSOff}}},
		{name: "cuda concurrent --mps off on a small GPU: too little for the contexts, the engine sizes the pool",
			in:       input(small, engine.Concurrent, "off"),
			want:     Plan{Mode: engine.Concurrent, Engines: []Engine{seq(small, 2*gib)}},
			warnings: []Warning{{Msg: warnMPSOff}}},
		{name: "cuda with 512 MiB free: half of it is usable",
			in:   input(gpu.Info{Kind: "cuda", FreeMem: 512 * mib}, engine.Sequential, "auto"),
			want: Plan{Mode: engine.Sequential, Engines: []Engine{{UsableBytes: 256 * mib, Env: baseEnv}}}},
		{name: "cuda, 2 GPUs under MPS: each capped on its own ordinal",
			in: with(input(h100, engine.Concurrent, "auto"), func(in *Input) {
				in.GPUs = []gpu.Info{{Kind: "cuda", Ordinal: 1, FreeMem: 80 * gib}, {Kind: "cuda", Ordinal: 3, FreeMem: 40 * gib}}
			}), daemon: true,
			want: Plan{Mode: engine.Concurrent, MPS: true, SharedFaultDomain: true, Engines: []Engine{
				{Ordinal: 1, WorkerOrdinal: 1, UsableBytes: 79 * gib, PoolBytes: mpsPool, Env: mpsEnv("1=20224M"), WholeEnv: mpsEnv("")},
				{Ordinal: 3, WorkerOrdinal: 3, UsableBytes: 39 * gib, PoolBytes: (9984 - 1024) * mib, Env: mpsEnv("3=9984M"), WholeEnv: mpsEnv("")}}}},
		{name: "cuda --workers 0 under MPS: the engine's 4",
			in: with(input(h100, engine.Concurrent, "auto"), func(in *Input) { in.Workers = 0 }), daemon: true,
			want: Plan{Mode: engine.Concurrent, MPS: true, SharedFaultDomain: true, Engines: []Engine{{
				UsableBytes: 79 * gib, PoolBytes: mpsPool, Env: mpsEnv("0=20224M"), WholeEnv: mpsEnv("")}}}},
		{name: "cuda --workers 0 --mps off: the engine's 4",
			in:       with(input(h100, engine.Concurrent, "off"), func(in *Input) { in.Workers = 0 }),
			want:     Plan{Mode: engine.Concurrent, Engines: []Engine{{UsableBytes: 79 * gib, PoolBytes: reservedPool, Env: baseEnv}}},
			warnings: []Warning{{Msg: warnMPSOff}}},

		// hip: never MPS
		{name: "hip sequential",
			in:   input(mi250, engine.Sequential, "auto"),
			want: Plan{Mode: engine.Sequential, Engines: []Engine{seq(mi250, 63*gib)}}},
		{name: "hip auto: stays auto without MPS, pools less each worker's context",
			in:   input(mi250, engine.Auto, "auto"),
			want: Plan{Mode: engine.Auto, Engines: []Engine{{UsableBytes: 63 * gib, PoolBytes: (64512 - 5*768) / 4 * mib, Env: baseEnv}}}},
		{name: "hip concurrent --mps on: no MPS, no error",
			in:   input(mi250, engine.Concurrent, "on"),
			want: Plan{Mode: engine.Concurrent, Engines: []Engine{{UsableBytes: 63 * gib, PoolBytes: (64512 - 5*768) / 4 * mib, Env: baseEnv}}}},
		{name: "hip concurrent --mps off: no warning",
			in:   with(input(mi250, engine.Concurrent, "off"), func(in *Input) { in.PoolBytes = 6 * gib }),
			want: Plan{Mode: engine.Concurrent, Engines: []Engine{{UsableBytes: 63 * gib, PoolBytes: 6 * gib, Env: baseEnv}}}},
		{name: "hip --fault-domain gpu",
			in:   with(input(mi250, engine.Sequential, "auto"), func(in *Input) { in.FaultDomain = "gpu" }),
			want: Plan{Mode: engine.Sequential, SharedFaultDomain: true, Engines: []Engine{seq(mi250, 63*gib)}}},

		// cpu: half of --cpu-memory usable, 256 MiB of pools per device
		{name: "cpu sequential: one pool of 256 MiB",
			in:   input(cpuDev, engine.Sequential, "auto"),
			want: Plan{Mode: engine.Sequential, Engines: []Engine{{UsableBytes: 512 * mib, PoolBytes: 256 * mib, Env: baseEnv}}}},
		{name: "cpu concurrent: 256 MiB divided among the workers",
			in:   input(cpuDev, engine.Concurrent, "auto"),
			want: Plan{Mode: engine.Concurrent, Engines: []Engine{{UsableBytes: 512 * mib, PoolBytes: 64 * mib, Env: baseEnv}}}},
		{name: "cpu auto, 2 workers, 4 GiB of memory",
			in:   with(input(cpuDev, engine.Auto, "on"), func(in *Input) { in.Workers, in.CPUMemory = 2, 4*gib }),
			want: Plan{Mode: engine.Auto, Engines: []Engine{{UsableBytes: 2 * gib, PoolBytes: 128 * mib, Env: baseEnv}}}},
		{name: "cpu auto --workers 0: the engine's 4",
			in:   with(input(cpuDev, engine.Auto, "auto"), func(in *Input) { in.Workers = 0 }),
			want: Plan{Mode: engine.Auto, Engines: []Engine{{UsableBytes: 512 * mib, PoolBytes: 64 * mib, Env: baseEnv}}}},
		{name: "cpu auto with --pool-size",
			in:   with(input(cpuDev, engine.Auto, "off"), func(in *Input) { in.PoolBytes = 32 * mib }),
			want: Plan{Mode: engine.Auto, Engines: []Engine{{UsableBytes: 512 * mib, PoolBytes: 32 * mib, Env: baseEnv}}}},
		{name: "cpu --fault-domain gpu: shared, as under MPS",
			in:   with(input(cpuDev, engine.Concurrent, "auto"), func(in *Input) { in.FaultDomain = "gpu" }),
			want: Plan{Mode: engine.Concurrent, SharedFaultDomain: true, Engines: []Engine{{UsableBytes: 512 * mib, PoolBytes: 64 * mib, Env: baseEnv}}}},
		{name: "cpu, 2 devices",
			in: with(input(cpuDev, engine.Sequential, "auto"), func(in *Input) {
				in.GPUs = []gpu.Info{cpuDev, {Kind: "cpu", Ordinal: 1, FreeMem: gib}}
			}),
			want: Plan{Mode: engine.Sequential, Engines: []Engine{
				{UsableBytes: 512 * mib, PoolBytes: 256 * mib, Env: baseEnv},
				{Ordinal: 1, WorkerOrdinal: 1, UsableBytes: 512 * mib, PoolBytes: 256 * mib, Env: baseEnv}}}},
	}
	daemon := &mps.Daemon{PipeDir: "/run/mps-pipe", LogDir: "/run/mps-log"}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var d []*mps.Daemon
			if tc.daemon {
				d = []*mps.Daemon{daemon}
			}
			env := append([]string(nil), tc.in.Env...)
			got, warnings, err := Make(tc.in, d, tc.mpsErr)
			if !reflect.DeepEqual(tc.in.Env, env) {
				t.Errorf("Make changed Input.Env to %q", tc.in.Env)
			}
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("Make: error %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Make: %v", err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("plan:\n got %+v\nwant %+v", got, tc.want)
			}
			if !reflect.DeepEqual(warnings, tc.warnings) {
				t.Errorf("warnings:\n got %q\nwant %q", warnings, tc.warnings)
			}
		})
	}
}

// TestMakePerGPUDaemons: with a daemon per GPU, each engine's workers are clients of their
// GPU's daemon, see that GPU alone and open it as device 0, and their cap names device 0.
func TestMakePerGPUDaemons(t *testing.T) {
	in := with(input(h100, engine.Auto, "auto"), func(in *Input) {
		in.GPUs = []gpu.Info{h100, {Kind: "cuda", Ordinal: 1, FreeMem: 80 * gib}}
	})
	const mpsPool = (20224 - 1024) * mib
	daemons := []*mps.Daemon{{PipeDir: "/run/a", Visible: "0"}, {PipeDir: "/run/b", Visible: "GPU-b"}}
	p, _, err := Make(in, daemons, nil)
	if err != nil {
		t.Fatal(err)
	}
	env := func(pipe, visible, limit string) []string {
		e := append(append([]string(nil), baseEnv...), "CUDA_MPS_PIPE_DIRECTORY="+pipe, "CUDA_VISIBLE_DEVICES=0")
		if limit != "" {
			e = append(e, "CUDA_MPS_PINNED_DEVICE_MEM_LIMIT="+limit)
		}
		return e
	}
	want := []Engine{
		{Ordinal: 0, WorkerOrdinal: 0, UsableBytes: 79 * gib, PoolBytes: mpsPool, Env: env("/run/a", "0", "0=20224M"), WholeEnv: env("/run/a", "0", "")},
		{Ordinal: 1, WorkerOrdinal: 0, UsableBytes: 79 * gib, PoolBytes: mpsPool, Env: env("/run/b", "GPU-b", "0=20224M"), WholeEnv: env("/run/b", "GPU-b", "")},
	}
	if !p.MPS || !reflect.DeepEqual(p.Engines, want) {
		t.Fatalf("engines:\n got %+v\nwant %+v", p.Engines, want)
	}
	if _, _, err := Make(in, append(daemons, daemons[0]), nil); err == nil {
		t.Fatal("3 daemons for 2 GPUs: no error")
	}
}

// TestMakeMPSOnError: --mps on without a daemon says so, with why.
func TestMakeMPSOnError(t *testing.T) {
	mpsErr := fmt.Errorf("%w: the control daemon did not answer within 10 s", mps.ErrUnavailable)
	_, _, err := Make(input(h100, engine.Auto, "on"), nil, mpsErr)
	if want := "--mps on: " + mpsErr.Error(); err == nil || err.Error() != want {
		t.Fatalf("error %v, want %q", err, want)
	}
}

// TestMakeEnvsDoNotAlias: each engine's environments are its own, so that appending to one
// cannot change another's.
func TestMakeEnvsDoNotAlias(t *testing.T) {
	in := input(h100, engine.Auto, "auto")
	in.Env = make([]string, 1, 16)
	in.GPUs = []gpu.Info{h100, {Kind: "cuda", Ordinal: 1, FreeMem: 80 * gib}}
	p, _, err := Make(in, []*mps.Daemon{{PipeDir: "/p"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, b := p.Engines[0], p.Engines[1]
	if &a.Env[0] == &b.Env[0] || &a.Env[0] == &a.WholeEnv[0] || &a.Env[0] == &in.Env[0] {
		t.Fatal("engines share an environment's backing array")
	}
}

// Rescue workers: one by default under a shared fault domain (MPS, or emulated with
// --fault-domain gpu), none elsewhere; under MPS each takes a share of the GPU as a worker does,
// and opens the GPU outside the daemon.
func TestMakeRescue(t *testing.T) {
	daemon := []*mps.Daemon{{PipeDir: "/run/mps-pipe", LogDir: "/run/mps-log"}}
	auto := func(in *Input) { in.Rescue, in.OutsideDir = -1, "/run/mps-none" }
	p, _, err := Make(with(input(h100, engine.Concurrent, "auto"), auto), daemon, nil)
	if err != nil {
		t.Fatal(err)
	}
	e := p.Engines[0]
	share := uint64(80896*mib) / 5 // 4 workers and the rescue worker
	if p.Rescue != DefaultRescue || e.PoolBytes != share-gib || e.UsableBytes != uint64(80896*mib)-share {
		t.Errorf("under MPS: %d rescue workers, pools of %d MiB, %d MiB usable; want %d, %d MiB, %d MiB (less the rescue worker's share)",
			p.Rescue, e.PoolBytes/mib, e.UsableBytes/mib, DefaultRescue, (share-gib)/mib, (uint64(80896*mib)-share)/mib)
	}
	if want := append(append([]string(nil), baseEnv...), "CUDA_MPS_PIPE_DIRECTORY=/run/mps-none"); !reflect.DeepEqual(e.OutsideEnv, want) {
		t.Errorf("outside env %q; want %q", e.OutsideEnv, want)
	}
	for _, c := range []struct {
		in   Input
		want int
	}{
		{with(input(cpuDev, engine.Concurrent, "auto"), func(in *Input) { auto(in); in.FaultDomain = "gpu" }), DefaultRescue},
		{with(input(cpuDev, engine.Concurrent, "auto"), auto), 0}, // no shared fault domain
		{with(input(h100, engine.Sequential, "auto"), auto), 0},   // no MPS
		{with(input(h100, engine.Concurrent, "off"), auto), 0},    // no MPS
		{with(input(h100, engine.Concurrent, "auto"), func(in *Input) { auto(in); in.Rescue = 2 }), 2},
		{with(input(h100, engine.Concurrent, "auto"), func(in *Input) { in.Rescue = -1 }), 0}, // no directory outside MPS
	} {
		var d []*mps.Daemon
		if WantMPS(c.in) {
			d = daemon
		}
		p, _, err := Make(c.in, d, nil)
		if err != nil || p.Rescue != c.want {
			t.Errorf("%+v: %d rescue workers (%v); want %d", c.in, p.Rescue, err, c.want)
		}
	}
}

// With --resident-bytes, a pool sized here leaves each worker's resident weight sets out of its
// share: under MPS inside each worker's memory cap (with its context), without MPS beside the
// contexts. (A worker that sizes its own pool, sequential, leaves them out itself.)
func TestPoolsLeaveTheResidentBudget(t *testing.T) {
	withResident := func(in Input) Input { in.ResidentBytes = gib; return in }
	p, _, err := Make(withResident(input(h100, engine.Concurrent, "on")), []*mps.Daemon{{PipeDir: "/run/a", Visible: "0"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// 79 GiB over 4 workers (no rescue worker without a directory outside the daemon): caps of
	// 20224 MiB; 1 GiB for the context, 1 GiB for the sets.
	if got, want := p.Engines[0].PoolBytes, uint64((20224-2048)*mib); got != want {
		t.Errorf("MPS: pool %d; want %d (the cap less the context's 1 GiB and the sets' 1 GiB)", got, want)
	}
	p, _, err = Make(withResident(input(h100, engine.Concurrent, "off")), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Engines[0].PoolBytes, uint64((80896-5*768-4*1024)/4*mib); got != want {
		t.Errorf("no MPS: pool %d; want %d (contexts and four sets' budgets left out)", got, want)
	}
	// 13 GiB free, 12 GiB usable, 3 GiB shares: the cap keeps 2 GiB (without the sets, 1 GiB).
	mid := gpu.Info{Kind: "cuda", Ordinal: 0, Name: "mid", FreeMem: 13 * gib}
	p, _, err = Make(withResident(input(mid, engine.Concurrent, "on")), []*mps.Daemon{{PipeDir: "/run/a", Visible: "0"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Engines[0].PoolBytes, uint64(3*gib/2); got != want {
		t.Errorf("MPS, 3 GiB shares: pool %d; want %d (half of the share kept)", got, want)
	}
	// Without MPS on 8 GiB: 7 GiB usable is less than the contexts and the sets' budgets
	// (5 x 768 MiB + 4 GiB): each 1792 MiB share keeps half of itself.
	eight := gpu.Info{Kind: "hip", Ordinal: 0, Name: "eight", FreeMem: 8 * gib}
	p, _, err = Make(withResident(input(eight, engine.Concurrent, "off")), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Engines[0].PoolBytes, uint64(896*mib); got != want {
		t.Errorf("no MPS, 8 GiB: pool %d; want %d", got, want)
	}
}
