// Command gpufn-baseline is the dedicated single-tenant server that `gpufn bench compare`
// measures gpufn against (see package gpufn/baseline): one workload built in, kernels
// preloaded, pinned staging, no zeroing, no isolation, no worker process.
//
//	gpufn-baseline --listen 127.0.0.1:8090 --workload matmul --device cuda
//	gpufn-baseline --floor --device cuda --out gpu-floor.json
//
// With --floor it serves nothing: it measures the in-process GPU floor of the workloads
// (inputs H2D from pinned memory, kernels, D2H, zeroing, synchronize) and writes it as JSON.
//
// main only wires: flags, the device, the server, signals.
package main

import (
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/valyala/fasthttp"

	"gpufn/baseline"
	"gpufn/bench/load"
	"gpufn/bench/report"
	"gpufn/cpu"
	"gpufn/cuda"
	"gpufn/gpu"
)

func main() { os.Exit(run(os.Args[1:])) }

func run(args []string) int {
	fs := flag.NewFlagSet("gpufn-baseline", flag.ContinueOnError)
	listen := fs.String("listen", "127.0.0.1:8090", "address to serve HTTP on")
	workload := fs.String("workload", "matmul", "the one workload: matmul[-nN] or inference[-rREPS][-bBATCH]")
	device := fs.String("device", "auto", "device: auto (CUDA if present, else cpu), cuda or cpu")
	ordinal := fs.Int("ordinal", 0, "CUDA device ordinal")
	spin := fs.Duration("spin", 50*time.Microsecond, "how long the device goroutine polls for the next request before parking (negative: never)")
	floorMode := fs.Bool("floor", false, "measure the in-process GPU floor instead of serving")
	floorWl := fs.String("floor-workloads", strings.Join(baseline.DefaultFloorWorkloads, ","), "workloads of --floor")
	floorIters := fs.Int("floor-iterations", 2000, "iterations per workload of --floor")
	floorMax := fs.Duration("floor-max-time", 20*time.Second, "time limit per workload of --floor")
	floorRate := fs.Float64("floor-rate", 0, "--floor: also measure each workload paced at this rate per second (the device idle in between, as at low load)")
	floorPaced := fs.Int("floor-paced-iterations", 100, "iterations of a paced --floor point")
	out := fs.String("out", "", "--floor: write the JSON here")
	machine := fs.String("machine", "", "--floor: machine label (default: the host name)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	open, err := opener(*device, *ordinal)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gpufn-baseline:", err)
		return 2
	}
	if *floorMode {
		var specs []load.WorkloadSpec
		for _, s := range strings.Split(*floorWl, ",") {
			w, err := load.ParseWorkload(s)
			if err != nil {
				fmt.Fprintln(os.Stderr, "gpufn-baseline:", err)
				return 2
			}
			specs = append(specs, w)
		}
		f, err := baseline.Floor(open, baseline.FloorOptions{Workloads: specs, Iterations: *floorIters, MaxTime: *floorMax,
			Rate: *floorRate, PacedIterations: *floorPaced, Log: os.Stdout})
		if err != nil {
			fmt.Fprintln(os.Stderr, "gpufn-baseline --floor:", err)
			return 1
		}
		f.Machine = load.ThisMachine(*machine)
		if *out != "" {
			if err := report.WriteJSON(*out, f); err != nil {
				fmt.Fprintln(os.Stderr, "gpufn-baseline:", err)
				return 1
			}
		}
		return 0
	}
	spec, err := load.ParseWorkload(*workload)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gpufn-baseline:", err)
		return 2
	}
	s, err := baseline.New(baseline.Options{Workload: spec, Open: open, SpinFor: *spin})
	if err != nil {
		fmt.Fprintln(os.Stderr, "gpufn-baseline:", err)
		return 1
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		s.Close()
		fmt.Fprintln(os.Stderr, "gpufn-baseline:", err)
		return 1
	}
	srv := &fasthttp.Server{Handler: s.Handler, Name: "gpufn-baseline", MaxRequestBodySize: 1 << 30}
	info := s.Info()
	fmt.Fprintf(os.Stderr, "gpufn-baseline: serving %s on http://%s (device %s %s)\n", spec.Name(), ln.Addr(), info.Kind, info.Name)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT)
	code := 0
	select {
	case <-sigs:
	case err := <-errc:
		fmt.Fprintln(os.Stderr, "gpufn-baseline:", err)
		code = 1
	}
	_ = srv.Shutdown()
	s.Close()
	return code
}

// opener returns the function that opens the chosen device (called on the device goroutine).
func opener(kind string, ordinal int) (func() (gpu.Device, error), error) {
	openCPU := func() (gpu.Device, error) { return cpu.New(cpu.Options{}), nil }
	openCUDA := func() (gpu.Device, error) { return cuda.Open(ordinal) }
	switch kind {
	case "cpu":
		return openCPU, nil
	case "cuda":
		return openCUDA, nil
	case "auto":
		if n, err := cuda.Count(); err == nil && n > ordinal {
			return openCUDA, nil
		}
		return openCPU, nil
	}
	return nil, fmt.Errorf("--device %q: want auto, cuda or cpu", kind)
}
