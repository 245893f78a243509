package worker

import (
	"fmt"
	"testing"
	"time"
)

// A wake is read and not answered: the requests around it are answered in order, each with
// its own result, whether the worker reads its pipe with plain blocking reads or spins (and
// then spins longer after the wake).
func TestWake(t *testing.T) {
	for _, spin := range []time.Duration{0, 20 * time.Microsecond} {
		t.Run(fmt.Sprintf("spin=%v", spin), func(t *testing.T) {
			opt := startOpts(t, "")
			opt.Spin = spin
			p, err := Start(opt)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Stop(5 * time.Second)
			for i := range 4 {
				// Wakes before a request: one, two in a row, one after a pause, none.
				for range []int{1, 2, 1, 0}[i] {
					if err := p.Wake(); err != nil {
						t.Fatalf("wake before call %d: %v", i, err)
					}
				}
				if i == 2 {
					time.Sleep(20 * time.Millisecond) // the worker has read the wake and spins, or parks again
				}
				callEcho(t, p, i, i == 0)
			}
		})
	}
}
