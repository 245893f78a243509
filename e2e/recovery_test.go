package e2e

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"gpufn/call"
)

// recoveryCheck is set (GPUFN_RECOVERY_CHECK=1, by scripts/gpu-test.sh) where the recovery's
// speed is checked: on the GPU, under MPS.
var recoveryCheck = os.Getenv("GPUFN_RECOVERY_CHECK") == "1"

// recoveryRounds is how many faults TestFaultBesideInnocents provokes: 5, so that the p50 of
// the recoveries' speed rests on 5 (and CI goes through the quarantine that 3 faults in a row
// would bring, lifted by registering the function again).
func recoveryRounds() int { return 5 }

// recovered waits for the recovery of the first engine that began after t0 to be done, prints
// its timeline and returns it.
func recovered(t *testing.T, s *server, t0 time.Time, round int) *call.RecoveryTimeline {
	t.Helper()
	var rec *call.RecoveryTimeline
	waitFor(t, "the recovery's timeline", func() bool {
		rec = s.engines()[0].LastRecovery
		return rec != nil && rec.Done && rec.Start.After(t0)
	})
	var b strings.Builder
	for _, st := range rec.Stages {
		fmt.Fprintf(&b, " %s", st.Stage)
		if st.Round > 1 {
			fmt.Fprintf(&b, "#%d", st.Round)
		}
		fmt.Fprintf(&b, "=%.1f", st.MS)
		if answeredBy[st.Stage] && st.Worker != "" {
			fmt.Fprintf(&b, "@%s", st.Worker) // which worker: a rescue worker, or one of the domain
		}
	}
	if rec.StartFailures > 0 {
		fmt.Fprintf(&b, "; %d failed worker starts (first: %s)", rec.StartFailures, rec.StartError)
	}
	if w := rec.WorkerStart; w != nil {
		fmt.Fprintf(&b, "; first new worker's start (promoted standby: %v) %.1f ms: process %.1f, device %.1f, pin %.1f, pool %.1f",
			w.Promoted, w.TotalMS, w.ProcessMS, w.DeviceMS, w.PinMS, w.PoolMS)
	}
	t.Logf("recovery round %d (ms from detection; %d rescue workers; by %s, %s, %d teardowns, %d interrupted, conclusive %v):%s",
		round, len(rescueWorkers(s.engines()[0])), rec.By, rec.Cause, rec.Teardowns, rec.Interrupted, rec.Conclusive, b.String())
	return rec
}

// checkRecovery reports the recoveries' speed against issue 19's targets where
// GPUFN_RECOVERY_CHECK=1: the first correct answer after the detection at most 500 ms (p50),
// and (culprit) the culprit answered within 1 s of it in every one (for an overrun, the
// detection is the kill at its deadline). A speed is a measurement, not a pass or fail of the
// suite (speed goals live in benchmarks): a missed target is a "RECOVERY TARGET MISSED" line,
// which scripts/gpu-test.sh gathers into its summary. Elsewhere it only logs the p50.
func checkRecovery(t *testing.T, recs []*call.RecoveryTimeline, culprit bool) {
	t.Helper()
	var first, culprits []float64
	for _, r := range recs {
		ms, ok := r.StageMS("first_answer")
		if !ok {
			t.Fatalf("a recovery without a first answer: %+v", r)
		}
		first = append(first, ms)
		if c, ok := r.StageMS("culprit_answered"); ok {
			culprits = append(culprits, c)
		}
		if c, ok := r.StageMS("culprit_answered"); culprit && recoveryCheck && (!ok || c > 1000) {
			t.Logf("RECOVERY TARGET MISSED: the culprit was answered %.1f ms after the detection (recorded %v); want within 1 s", c, ok)
		}
	}
	slices.Sort(first)
	p50 := first[(len(first)-1)/2]
	t.Logf("recovery: first correct answer after the detection, p50 %.1f ms over %d (all: %v); culprit answered (ms from the detection): %v", p50, len(first), first, culprits)
	if recoveryCheck && p50 > 500 {
		t.Logf("RECOVERY TARGET MISSED: first correct answer after the fault: p50 %.1f ms; want at most 500 ms", p50)
	}
}

// answeredBy are the stages whose worker the printed timeline names.
var answeredBy = map[string]bool{"rescue_run": true, "culprit_run": true, "innocent_answer": true, "first_answer": true, "culprit_answered": true}

// domainWorkers are the engine's workers of its GPU's fault domain: its rescue workers left out.
func domainWorkers(e engineStats) []workerStats {
	var ws []workerStats
	for _, w := range e.Workers {
		if !w.Rescue {
			ws = append(ws, w)
		}
	}
	return ws
}

// rescueWorkers are the engine's rescue workers (docs/engines.md, "Rescue workers").
func rescueWorkers(e engineStats) []workerStats {
	var ws []workerStats
	for _, w := range e.Workers {
		if w.Rescue {
			ws = append(ws, w)
		}
	}
	return ws
}

// waitRescueUp waits until the first engine's rescue workers (if any) are up.
func waitRescueUp(t *testing.T, s *server) {
	t.Helper()
	waitFor(t, "the rescue workers up", func() bool {
		for _, w := range rescueWorkers(s.engines()[0]) {
			if !w.Up {
				return false
			}
		}
		return true
	})
}

// checkRescue checks, where the engine has rescue workers (by default under a shared fault
// domain, the cpu device's emulated one included), that no teardown of the domain took one
// down: each restart of a rescue worker is a culprit's lone run that failed on it (the culprit
// answered by it); and with answered, that they answered invocations while the domain
// recovered (over several recoveries: on the cpu device the domain's workers are back within
// milliseconds, and may take every re-run of one recovery).
func checkRescue(t *testing.T, s *server, recs []*call.RecoveryTimeline, answered bool) {
	t.Helper()
	e := s.engines()[0]
	rescue := rescueWorkers(e)
	if len(rescue) == 0 {
		t.Logf("no rescue workers")
		return
	}
	ids, restarts := map[string]bool{}, 0
	for _, w := range rescue {
		ids[w.ID] = true
		restarts += w.Restarts
	}
	culprits, rescued := 0, 0
	for _, r := range recs {
		for _, st := range r.Stages {
			switch {
			case st.Stage == "culprit_answered" && ids[st.Worker]:
				culprits++
			case st.Stage == "innocent_answer" && ids[st.Worker]:
				rescued++
			}
		}
	}
	t.Logf("rescue workers: %d invocations answered, %d restarts, %d culprits answered on them, %d recoveries whose first innocent they answered (of %d)", e.Rescued, restarts, culprits, rescued, len(recs))
	if answered && e.Rescued == 0 {
		t.Errorf("the rescue workers answered nothing during %d recoveries", len(recs))
	}
	if restarts != culprits {
		t.Errorf("the rescue workers restarted %d times, for %d culprits' lone runs that failed on them: a teardown of the domain took one down", restarts, culprits)
	}
}
