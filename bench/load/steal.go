package load

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// machineSteal is the CPU time the hypervisor has taken from this machine's virtual CPUs so
// far, all CPUs together ("steal" in /proc/stat): time a vCPU was ready to run and did not,
// because its host ran something else. It is 0 where /proc/stat cannot be read (not Linux)
// and on bare metal. A run during which it grows measured a machine that was not all there:
// the same run on another second can read differently (RateResult.StealCores).
func machineSteal() time.Duration {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0
	}
	return parseSteal(b)
}

// userHZ is the unit of /proc/stat's times: USER_HZ, 100 on every Linux architecture Go
// supports.
const userHZ = 100

// parseSteal reads the steal time from /proc/stat's first line ("cpu  user nice system idle
// iowait irq softirq steal ..."), 0 when it has none.
func parseSteal(stat []byte) time.Duration {
	line, _, _ := bytes.Cut(stat, []byte("\n"))
	f := bytes.Fields(line)
	if len(f) < 9 || string(f[0]) != "cpu" {
		return 0
	}
	ticks, err := strconv.ParseInt(string(f[8]), 10, 64)
	if err != nil || ticks < 0 {
		return 0
	}
	return time.Duration(ticks) * time.Second / userHZ
}
