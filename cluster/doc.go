// Package cluster is one node of a gpufn cluster (gpufn serve --cluster): several servers
// behind one API, a function registered on any of them invocable on all.
//
// A node runs an embedded nats-server joined to its peers by routes (Config.Seeds). JetStream
// is enabled on a node started with Config.Voter, and the registry's buckets (package
// registry/jetstream) keep Config.Replicas replicas on the voters; other nodes join without
// JetStream storage and reach the registry through the routes. Every write is fsynced (sync_always) and the servers and
// their client ping every second, so that a silent partition is noticed within seconds.
//
// # The registry on every node
//
// The node watches the registry's KV bucket from the beginning (Run) and applies each change
// to its dispatcher in revision order: a function is checked and made live, a library's bytes
// are fetched by digest from the Object Store (or from the node's cache directory, where they
// are kept by digest) and compiled as an upload is, so that the first invocation on any node
// finds it warm. After each change the dispatcher's revision advances; a request that asks for
// a minimum revision (X-Gpufn-Min-Revision) waits for it (package frontend). The node is ready
// (Ready, /readyz) once the watch has delivered every key that existed when it started.
//
// Registrations on any node write through the registry with compare-and-set on the revision
// the node holds, so two nodes that change one entry at once cannot lose an update: the later
// one is refused with 409. Without a quorum (a leader election, the cut side of a partition)
// writes fail within the registry's timeout with 503; invocations never touch the registry.
//
// # Load
//
// Invocations travel over plain HTTP through an L7 balancer (deploy/haproxy.cfg,
// deploy/k8s/), never through NATS. Each node publishes a heartbeat on the core NATS subject
// gpufn.heartbeat every Config.HeartbeatInterval (default 250 ms) with its HTTP address and
// free capacity (idle workers plus free queue slots); a node whose own queues are full forwards
// the invocation once, over HTTP, to the live peer with the most free capacity (Overflow),
// marking it X-Gpufn-Forwarded so that it is never forwarded again.
//
// # Goroutines
//
// The embedded server's own; the watch's (registry/jetstream Watch); one heartbeat loop. All
// end on Close, which is safe to call twice. A Node is safe for concurrent use.
package cluster
