// Package e2e is the cluster harness: gpufn nodes, a HAProxy balancer and the load generator,
// each in its own network namespace on one machine, joined by bridges, and the checks of
// docs/cluster.md run against them. It holds tests only; see netns_test.go.
//
// The tests need root (ip netns, veth, bridges) and HAProxy (scripts/install-haproxy.sh) and
// run only with GPUFN_NETNS=1 (`make test-cluster`); the timing figures run with
// GPUFN_CLUSTER_BENCH=1 as well (`make cluster-bench`). Elsewhere they skip. Every address is
// in 10.77.0.0/24 (HTTP) and 10.77.1.0/24 (the cluster's routes) inside namespaces the harness
// creates (named gpufn-e2e-*), swept at start and removed at the end; the host's own network
// namespace is never touched.
package e2e
