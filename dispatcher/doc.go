// Package dispatcher owns the registry of libraries and functions and the path of an
// invocation from the frontend to an engine: admission (inputs against the function's plan,
// device memory, context size, launch count), the choice of engine (the least loaded GPU), and
// back-pressure (a full queue is call.ErrQueueFull from the engine, answered with the code queue_full: 429).
// It also seeds a namespace with the server's own registrations (the examples: Seed), once per
// data directory and never over what the tenant has. Each tenant's registrations are bounded
// in count and in bytes kept in memory (quota.go: stored objects, access settings); a
// function records its owner (call.Function.Owner), so that other callers' faults quarantine
// it for them only.
//
// It knows nothing of CUDA: device facts (kind, launch limits, which kernels a cpu device
// implements, the PTX compiler's version) come from the worker's probe and hello, passed in by
// cmd/gpufn. On a CUDA server an uploaded PTX library is compiled at upload through the
// Compiler the package declares (compile.go; package compiler runs it in compile workers, not
// in this process), and the cubin decides whether the library may call device malloc.
//
// Registrations are written through a registry.Registry (Config.Registry: registry.Local over
// the store by default; a cluster's JetStream registry with --cluster), each write conditional
// on the revision of the entry the dispatcher holds: a change made elsewhere since is refused
// with 409 conflict, an unavailable registry with 503. In a cluster, changes made on other
// servers arrive through ApplyLibrary, ApplyFunction and ApplyDelete (apply.go), and Revision
// says up to which registry revision the live registry is complete. The quotas (stored bytes,
// access settings, counts) are checked before a write reaches the registry, by the server that
// accepts the registration. Weight sets are kept in the store only, not in the registry: a
// watched dispatcher (a cluster's node) refuses them with 501 not_implemented (weights.go).
//
// All methods are safe for concurrent use. Registrations take a mutex; the invocation path
// reads an immutable snapshot of the function table through an atomic pointer and takes no
// lock. The package starts no goroutines: CompilePending (stored PTX compiled after a
// restart) is for a goroutine of cmd/gpufn. Compiles run on the uploading goroutine, outside
// the registry's mutex.
package dispatcher
