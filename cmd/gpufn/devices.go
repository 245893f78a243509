package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"gpufn/cpu"
	"gpufn/cuda"
	"gpufn/gpu"
	"gpufn/hip"
)

// devices wires the device implementations into worker processes (worker.Devices).
type devices struct{}

func (devices) Open(kind string, ordinal int) (gpu.Device, error) {
	switch kind {
	case "cuda":
		return cuda.Open(ordinal)
	case "hip":
		return hip.Open(ordinal)
	case "cpu":
		return cpu.New(cpu.Options{Ordinal: ordinal, MemBytes: cpuMemBytes()}), nil
	}
	return nil, fmt.Errorf("unknown device kind %q", kind)
}

// Probe lists the devices of a kind; "auto" takes CUDA first, then HIP, then the cpu device,
// and says why the others were not used.
func (d devices) Probe(kind string) ([]gpu.Info, string, error) {
	switch kind {
	case "cuda", "hip":
		infos, err := d.probeKind(kind)
		return infos, "", err
	case "cpu":
		infos, _ := d.probeKind("cpu")
		return infos, "", nil
	case "auto":
		var notes []string
		for _, k := range []string{"cuda", "hip"} {
			infos, err := d.probeKind(k)
			if err == nil && len(infos) > 0 {
				return infos, fmt.Sprintf("device auto: using %s (%d device(s): %s)%s", k, len(infos), infos[0].Name, joinNotes(notes)), nil
			}
			if err == nil {
				err = errors.New("no devices")
			}
			notes = append(notes, fmt.Sprintf("%s: %v", k, err))
		}
		infos, _ := d.probeKind("cpu")
		return infos, "device auto: no GPU found, using the cpu reference device (" + strings.Join(notes, "; ") + ")", nil
	}
	return nil, "", fmt.Errorf("unknown device kind %q (auto, cuda, hip or cpu)", kind)
}

func joinNotes(n []string) string {
	if len(n) == 0 {
		return ""
	}
	return "; not used: " + strings.Join(n, "; ")
}

func (d devices) probeKind(kind string) ([]gpu.Info, error) {
	var n int
	var err error
	switch kind {
	case "cuda":
		n, err = cuda.Count()
	case "hip":
		n, err = hip.Count()
	case "cpu":
		n = cpuDevices()
	}
	if err != nil {
		return nil, err
	}
	var infos []gpu.Info
	for i := 0; i < n; i++ {
		dev, err := d.Open(kind, i)
		if err != nil {
			return infos, fmt.Errorf("opening %s device %d: %w", kind, i, err)
		}
		infos = append(infos, dev.Info())
		dev.Close()
	}
	return infos, nil
}

// cpuDevices is how many cpu devices a worker offers ($GPUFN_CPU_DEVICES, set by the server).
func cpuDevices() int {
	if n, err := strconv.Atoi(os.Getenv("GPUFN_CPU_DEVICES")); err == nil && n > 0 {
		return n
	}
	return 1
}

// cpuMemBytes is each cpu device's memory ($GPUFN_CPU_MEMORY, set by the server).
func cpuMemBytes() uint64 {
	if n, err := strconv.ParseUint(os.Getenv("GPUFN_CPU_MEMORY"), 10, 64); err == nil && n > 0 {
		return n
	}
	return 1 << 30
}

// cpuKernels lists the kernels the cpu device implements.
func cpuKernels() []string { return cpu.KernelNames() }
