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
	}
	if rec.StartFailures > 0 {
		fmt.Fprintf(&b, "; %d failed worker starts (first: %s)", rec.StartFailures, rec.StartError)
	}
	if w := rec.WorkerStart; w != nil {
		fmt.Fprintf(&b, "; first new worker's start (promoted standby: %v) %.1f ms: process %.1f, device %.1f, pin %.1f, pool %.1f",
			w.Promoted, w.TotalMS, w.ProcessMS, w.DeviceMS, w.PinMS, w.PoolMS)
	}
	t.Logf("recovery round %d (ms from detection; by %s, %s, %d teardowns, %d interrupted, conclusive %v):%s",
		round, rec.By, rec.Cause, rec.Teardowns, rec.Interrupted, rec.Conclusive, b.String())
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
	var first []float64
	for _, r := range recs {
		ms, ok := r.StageMS("first_answer")
		if !ok {
			t.Fatalf("a recovery without a first answer: %+v", r)
		}
		first = append(first, ms)
		if c, ok := r.StageMS("culprit_answered"); culprit && recoveryCheck && (!ok || c > 1000) {
			t.Logf("RECOVERY TARGET MISSED: the culprit was answered %.1f ms after the detection (recorded %v); want within 1 s", c, ok)
		}
	}
	slices.Sort(first)
	p50 := first[(len(first)-1)/2]
	t.Logf("recovery: first correct answer after the detection, p50 %.1f ms over %d (all: %v)", p50, len(first), first)
	if recoveryCheck && p50 > 500 {
		t.Logf("RECOVERY TARGET MISSED: first correct answer after the fault: p50 %.1f ms; want at most 500 ms", p50)
	}
}
