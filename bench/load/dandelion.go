package load

import (
	"fmt"
	"sync/atomic"
)

// Dandelion is the workload of Dandelion's evaluation (SOSP'25): many registered functions,
// each its own library (copies of the workload's function, RegisterCopies), of which a hot
// set gets most requests and the rest, the cold ones, get the others spread over them. It
// is a Source: which requests are cold is the run's ColdPercent (100 minus the hot share;
// spread evenly, and none in the warm-up), and Call sends a hot request to the hot set in
// turn and a cold one to the next cold function in turn (a counter that goes on across runs,
// so a sweep goes round all of them), with ColdID the function's number so that the run counts
// the distinct cold functions served (RateResult.ColdFunctions). The all-hot run beside it is
// the same source at ColdPercent 0.
type Dandelion struct {
	Hot, Cold []Call
	nextHot   atomic.Int64
	nextCold  atomic.Int64
}

// PrepareDandelion registers n copies of w's function (w needs Register) and makes the
// first hot of them the hot set, the rest the cold ones. The copies are w's: Cleanup
// deletes them.
func PrepareDandelion(w *Workload, n, hot int) (*Dandelion, error) {
	if hot < 1 || hot > n {
		return nil, fmt.Errorf("bench: dandelion: a hot set of %d of %d functions: want 1 to %d", hot, n, n)
	}
	calls, err := w.RegisterCopies("dandelion", n)
	if err != nil {
		return nil, err
	}
	d := &Dandelion{Hot: calls[:hot], Cold: calls[hot:]}
	for i := range d.Cold {
		d.Cold[i].ColdID = int64(i + 1)
	}
	return d, nil
}

// Call implements Source.
func (d *Dandelion) Call(i int64, cold bool) (*Call, error) {
	if cold && len(d.Cold) > 0 {
		k := d.nextCold.Add(1) - 1
		return &d.Cold[k%int64(len(d.Cold))], nil
	}
	k := d.nextHot.Add(1) - 1
	return &d.Hot[k%int64(len(d.Hot))], nil
}
