// Package registry is the contract between the dispatcher and the durable registry of
// libraries and functions it writes through, with its single-node implementation (Local,
// over package store, or memory only). Package registry/jetstream implements the same
// contract on NATS JetStream for a cluster (gpufn serve --cluster); package
// registry/registrytest is the conformance suite both pass.
//
// # Revisions and conditional writes
//
// Every entry has a revision, and the registry a revision that only grows: each write returns
// the registry's revision after it, which is also the entry's new revision. A write names the
// revision of the entry its caller's view holds (prev): 0 when it holds none, so that the
// write only creates; otherwise the entry's current revision, so that the write only replaces
// what the caller saw. A write whose prev is not the entry's current revision fails with
// ErrConflict and changes nothing: two servers that replace one function at once cannot lose
// either update silently; the second is told and may read and retry.
//
// A write that could not reach the registry's quorum fails with ErrUnavailable (the HTTP
// answer is 503 with Retry-After); it may or may not have been applied, as with any write to
// a replicated store whose answer was lost, and the caller sees which once its view catches up.
//
// # Local
//
// Local keeps revisions in memory: its registry revision starts at the number of entries Load
// found and grows by one a write, and a restart numbers the entries again. Its writes go
// through the store first (when it has one), so an acknowledged write is durable exactly as
// package store says. Local is safe for concurrent use and starts no goroutines.
//
// Weight sets are not entries of a registry: a single server keeps them in its store
// directly, and a cluster's node refuses them (docs/cluster.md).
package registry
