package load

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// Machine describes where results were taken.
type Machine struct {
	Label    string `json:"label"` // --machine, or the host name
	Hostname string `json:"hostname"`
	CPUs     int    `json:"cpus"`
	OS       string `json:"os"`
	GPU      string `json:"gpu,omitempty"` // from nvidia-smi when there is one
}

// ThisMachine describes the machine the bench runs on; label "" takes the host name.
func ThisMachine(label string) Machine {
	host, _ := os.Hostname()
	if label == "" {
		label = host
	}
	return Machine{Label: label, Hostname: host, CPUs: runtime.NumCPU(), OS: runtime.GOOS + "/" + runtime.GOARCH, GPU: gpuName()}
}

// gpuName asks nvidia-smi for the GPUs' names and driver ("" without nvidia-smi).
func gpuName() string {
	path, err := exec.LookPath("nvidia-smi")
	if err != nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, path, "--query-gpu=name,driver_version", "--format=csv,noheader").Output()
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.Join(lines, "; ")
}
