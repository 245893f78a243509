package e2e

import (
	"testing"
	"time"
)

// TestScaling measures the highest held rate through the balancer with 1, 2 and 3 nodes
// (closed loop: twice as many clients as the nodes have workers, so every worker is kept
// busy). The goal, asserted only under make cluster-bench, is 0.9·N times one node's rate.
func TestScaling(t *testing.T) {
	if !bench() {
		t.Skip("a timing run: GPUFN_CLUSTER_BENCH=1 (make cluster-bench)")
	}
	tc := newCluster(t, 3)
	tc.mustPut(nodeURL(1)+"/v1/libraries/testkernels", testkernels(t))
	fn := tc.mustPut(nodeURL(1)+"/v1/functions/work", spinConfig("testkernels", spinNs))
	for i := 1; i <= 3; i++ {
		if a := tc.invoke(nodeURL(i), "work", fn.rev); a.status != 200 {
			t.Fatalf("node %d: %d %s", i, a.status, a.body)
		}
	}
	var one float64
	for n := 1; n <= 3; n++ {
		tc.balance(n)
		tc.closedLoop(balancerURL(), "work", 2*n*workers, time.Second) // warm
		rate := tc.closedLoop(balancerURL(), "work", 2*n*workers, 5*time.Second)
		if n == 1 {
			one = rate
		}
		figure(t, "held rate through the balancer", "%d node(s): %.0f/s (%.2f× one node; the workers' bound is %d/s)", n, rate, rate/one, n*workers*int(time.Second/spinNs))
		if rate < 0.9*float64(n)*one {
			t.Errorf("%d nodes: %.0f/s, under 0.9·%d× one node's %.0f/s", n, rate, n, one)
		}
	}
}
