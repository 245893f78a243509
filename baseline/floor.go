package baseline

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"gpufn/bench/floor"
	"gpufn/bench/load"
	"gpufn/gpu"
)

// FloorOptions configure Floor. Zero values take the defaults written beside them.
type FloorOptions struct {
	// Workloads to measure (default matmul-n128, inference-r1-b1, -r100-b1, -r500-b1).
	Workloads []load.WorkloadSpec
	// Iterations per workload (default 2000, docs/gpu-facts.md's count), after Warmup unrecorded
	// ones (default 100).
	Iterations, Warmup int
	// MaxTime bounds one workload's measured iterations (default 20 s); fewer iterations are
	// recorded if it runs out.
	MaxTime time.Duration
	// Rate, when positive, adds a paced point per workload: PacedIterations (default 100)
	// iterations, each started at its time on a schedule of Rate per second, the device idle
	// in between, as at a low offered load (GPU and CPU clocks and idle states then cost what
	// they cost a server at that load).
	Rate            float64
	PacedIterations int
	// Log, when not nil, gets a line per workload.
	Log io.Writer
}

// DefaultFloorWorkloads are the workloads the GPU floor measures by default.
var DefaultFloorWorkloads = []string{"matmul", "inference-r1", "inference-r100", "inference-r500"}

// Floor measures the in-process GPU floor of each workload, the figure docs/gpu-facts.md
// reports: inputs host to device from pinned memory, the kernels, outputs device to host,
// zeroing of every buffer, synchronize; no HTTP, no worker, no IPC. The device is opened and
// used on one goroutine locked to its OS thread. Each workload's output is checked against
// the Go reference first.
func Floor(open func() (gpu.Device, error), o FloorOptions) (*floor.GPUResult, error) {
	if len(o.Workloads) == 0 {
		for _, s := range DefaultFloorWorkloads {
			w, _ := load.ParseWorkload(s)
			o.Workloads = append(o.Workloads, w)
		}
	}
	if o.Iterations <= 0 {
		o.Iterations = 2000
	}
	if o.Warmup <= 0 {
		o.Warmup = 100
	}
	if o.MaxTime <= 0 {
		o.MaxTime = 20 * time.Second
	}
	if o.PacedIterations <= 0 {
		o.PacedIterations = 100
	}
	type result struct {
		f   *floor.GPUResult
		err error
	}
	ch := make(chan result, 1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		f, err := measureFloor(open, o)
		ch <- result{f, err}
	}()
	r := <-ch
	return r.f, r.err
}

func measureFloor(open func() (gpu.Device, error), o FloorOptions) (*floor.GPUResult, error) {
	dev, err := open()
	if err != nil {
		return nil, err
	}
	defer dev.Close()
	info := dev.Info()
	out := &floor.GPUResult{Kind: floor.KindGPU, Version: 1, Created: time.Now().UTC(),
		Device: fmt.Sprintf("%s %s (%s, driver %s)", info.Kind, info.Name, info.Arch, info.Driver)}
	for _, spec := range o.Workloads {
		pts, err := floorOne(dev, spec, o)
		if err != nil {
			return out, fmt.Errorf("%s: %w", spec.Name(), err)
		}
		for _, pt := range pts {
			out.Points = append(out.Points, *pt)
			if o.Log != nil {
				how := "back to back"
				if pt.Rate > 0 {
					how = fmt.Sprintf("paced at %g/s", pt.Rate)
				}
				fmt.Fprintf(o.Log, "gpu floor %-18s %5d iterations %s: p50 %.3f ms  p99 %.3f ms  min %.3f ms  (h2d %.3f kernel %.3f d2h %.3f zero %.3f ms, means)\n",
					pt.Workload, pt.Iterations, how, pt.Latency.P50, pt.Latency.P99, pt.Latency.Min,
					pt.Stages["h2d"].Mean, pt.Stages["kernel"].Mean, pt.Stages["d2h"].Mean, pt.Stages["zero"].Mean)
			}
		}
	}
	return out, nil
}

func floorOne(dev gpu.Device, spec load.WorkloadSpec, o FloorOptions) ([]*floor.GPUPoint, error) {
	p, err := loadProgram(dev, spec)
	if err != nil {
		return nil, err
	}
	defer p.close()
	p.stageInputs(p.inputs)
	if _, err := p.execute(true); err != nil {
		return nil, err
	}
	if err := spec.Check(p.output(0), p.want); err != nil {
		return nil, fmt.Errorf("the output differs from the reference: %w", err)
	}
	for i := 0; i < o.Warmup; i++ {
		if _, err := p.execute(true); err != nil {
			return nil, err
		}
	}
	pt, err := measure(p, o.Iterations, 0, o.MaxTime)
	if err != nil {
		return nil, err
	}
	pt.Workload = spec.Name()
	pts := []*floor.GPUPoint{pt}
	if o.Rate > 0 {
		paced, err := measure(p, o.PacedIterations, o.Rate, o.MaxTime)
		if err != nil {
			return nil, err
		}
		paced.Workload, paced.Rate = spec.Name(), o.Rate
		pts = append(pts, paced)
	}
	return pts, nil
}

// measure runs n iterations, back to back (rate 0) or each at its time on a schedule of rate
// per second, within maxTime (at least 10 iterations).
func measure(p *program, n int, rate float64, maxTime time.Duration) (*floor.GPUPoint, error) {
	lat := make([]time.Duration, 0, n)
	var sum Timing
	start := time.Now()
	deadline := start.Add(maxTime)
	for i := 0; i < n && (i < 10 || time.Now().Before(deadline)); i++ {
		if rate > 0 {
			at := start.Add(time.Duration(float64(i) / rate * 1e9))
			if d := time.Until(at); d > 2*time.Millisecond {
				time.Sleep(d - 2*time.Millisecond)
			}
			for time.Now().Before(at) {
			}
		}
		s := time.Now()
		t, err := p.execute(true)
		if err != nil {
			return nil, err
		}
		lat = append(lat, time.Since(s))
		sum.H2D += t.H2D
		sum.Kernel += t.Kernel
		sum.D2H += t.D2H
		sum.Zero += t.Zero
	}
	k := float64(len(lat))
	mean := func(d time.Duration) load.StageStats {
		return load.StageStats{Count: int64(len(lat)), Mean: float64(d) / k / 1e6}
	}
	return &floor.GPUPoint{Iterations: len(lat), Latency: load.ExactPercentiles(lat),
		Stages: map[string]load.StageStats{"h2d": mean(sum.H2D), "kernel": mean(sum.Kernel), "d2h": mean(sum.D2H), "zero": mean(sum.Zero)}}, nil
}
