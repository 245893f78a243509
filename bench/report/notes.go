package report

import (
	"fmt"
	"runtime"

	"gpufn/bench/internal/human"
	"gpufn/bench/load"
)

// eventsNote is the run line's note about server events ("" when there is nothing to say).
func eventsNote(ev *load.ServerEvents) string {
	if ev == nil || ev.WorkerRestarts == 0 && ev.Teardowns == 0 {
		return ""
	}
	return fmt.Sprintf(" (server: %d worker restarts, %d teardowns)", ev.WorkerRestarts, ev.Teardowns)
}

// eventsNote says in how many of the system's runs its server lost workers ("" when none did,
// or the server does not tell).
func (s *SystemResult) eventsNote() string {
	var runs int
	var restarts, teardowns uint64
	for _, r := range append([]*load.RateResult{s.LowLoad}, s.Steps...) {
		if r == nil || r.Server == nil || r.Server.WorkerRestarts == 0 && r.Server.Teardowns == 0 {
			continue
		}
		runs++
		restarts += r.Server.WorkerRestarts
		teardowns += r.Server.Teardowns
	}
	if runs == 0 {
		return ""
	}
	return fmt.Sprintf("server lost workers in %d run(s): %d restarts, %d teardowns", runs, restarts, teardowns)
}

// stealSummary says in how many of a system's runs the host took at least stealNote cores
// (the summary's note), with the most it took; "" when none did.
func (s *SystemResult) stealSummary() string {
	var runs, busy int
	var most float64
	for _, r := range append([]*load.RateResult{s.LowLoad}, s.Steps...) {
		if r == nil {
			continue
		}
		runs++
		if r.StealCores >= stealNote {
			busy++
			most = max(most, r.StealCores)
		}
	}
	if busy == 0 {
		return ""
	}
	return fmt.Sprintf("host busy in %d of %d runs (up to %.1f cores stolen)", busy, runs, most)
}

// stealNote is the steal (cores) from which a run's line says the host was busy.
const stealNote = 0.2

// RunLine is one line about a run, for people.
func RunLine(r *load.RateResult) string {
	verdict := "holds"
	if !r.Holds {
		verdict = "FAILS"
		if r.WhyNot != "" {
			verdict += " (" + r.WhyNot + ")"
		}
	}
	s := fmt.Sprintf("%-16s %-18s %-6s %8.1f/s: achieved %8.1f/s  p50 %-8s p99 %-8s max %-8s errors %d (%.2f%%) %s",
		r.System, r.Workload, r.Phase, r.Offered, r.Achieved, human.MS(r.Latency.P50), human.MS(r.Latency.P99),
		human.MS(r.Latency.Max), r.Errors, 100*r.ErrorRate, verdict)
	if len(r.ErrorKinds) > 0 {
		s += " [" + kindsString(r.ErrorKinds) + "]"
	}
	if r.Cold != nil {
		s += fmt.Sprintf(" cold p50 %s hot p50 %s", human.MS(r.Cold.P50), human.MS(r.Hot.P50))
	}
	if r.SendLag.P99 > 0.5 && r.SendLag.P99 > r.Latency.P50 {
		s += fmt.Sprintf(" (generator late: send lag p99 %s)", human.MS(r.SendLag.P99))
	}
	if r.ServerCPUPerReqUS > 0 {
		s += fmt.Sprintf(" server CPU %.0f us/req", r.ServerCPUPerReqUS)
	}
	if r.ColdFunctions > 0 {
		s += fmt.Sprintf(" cold functions %d (%.0f/s)", r.ColdFunctions, r.ColdFunctionsPerS)
	}
	s += eventsNote(r.Server)
	if n := runtime.GOMAXPROCS(0); r.GeneratorCPU > 0.8*float64(n) {
		s += fmt.Sprintf(" (generator busy: %.1f of %d cores)", r.GeneratorCPU, n)
	}
	if r.StealCores >= stealNote {
		s += fmt.Sprintf(" (host busy: %.1f cores stolen)", r.StealCores)
	}
	return s
}

// ClosedLine is one line about a closed-loop run, for people.
func ClosedLine(system string, r *load.RateResult) string {
	s := fmt.Sprintf("%-16s %-18s closed loop, %d conns: %8.1f/s  p50 %-8s p99 %-8s errors %d", system, r.Workload, r.Conns,
		r.Achieved, human.MS(r.Latency.P50), human.MS(r.Latency.P99), r.Errors)
	if r.ServerCPUPerReqUS > 0 {
		s += fmt.Sprintf("  server CPU %.0f us/req", r.ServerCPUPerReqUS)
	}
	if r.GeneratorCPU > 0 && r.OK > 0 {
		s += fmt.Sprintf("  bench CPU %.0f us/req", r.GeneratorCPU*r.WindowS/float64(r.OK)*1e6)
	}
	return s
}
