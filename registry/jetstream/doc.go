// Package jetstream implements package registry's contract on NATS JetStream, for a cluster
// of gpufn servers (gpufn serve --cluster; package cluster runs the embedded nats-server and
// hands this package a connection to it).
//
// # Layout
//
// Functions and library pointers are keys of one KV bucket (Config.Bucket, default
// "gpufn-registry", history 1, file storage, Config.Replicas replicas):
//
//	fn.<b64 tenant>.<b64 name>   {"tenant","name","config","access","created"}
//	lib.<b64 tenant>.<b64 name>  {"tenant","name","sha256","size","created"}
//
// (<b64 x> is x in unpadded base64url, so that any name is a valid key token.) A library's
// bytes are an object of an Object Store (Config.Bucket + "-libs") named by their SHA-256 in
// hex: a library uploaded twice, or by two tenants, is stored once.
//
// # Commit point
//
// PutLibrary stores the object first (unless an object of that digest exists) and then writes
// the key: the key's write is the commit point, so a key never names an object that is not
// there. A write refused (ErrConflict) or lost after its object was stored leaves an object no
// key names; such objects are not collected (they cost disk, never correctness). A deleted key
// leaves its object for the same reason: another key may name the same digest.
//
// Each key write is create-only (prev 0: kv.Create) or compare-and-set on the key's revision
// (kv.Update, kv.Delete with LastRevision), so a lost update is impossible. The revision of a
// key is the sequence of its write in the bucket's stream, which is the registry's revision.
// Durability is the server's: package cluster runs nats-server with sync_always (an fsync per
// write) and the bucket with Config.Replicas replicas, so an acknowledged write is on disk on
// a quorum of them.
//
// A write that fails other than by a revision mismatch (it timed out after Config.Timeout,
// default 2 s: no quorum, no leader, the cut side of a partition; or a server refused it) is
// ErrUnavailable.
//
// # Concurrency
//
// A Registry is safe for concurrent use. Watch starts one goroutine per call, which ends when
// its context does; nothing else starts goroutines.
package jetstream
