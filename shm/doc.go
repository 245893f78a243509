// Package shm provides the shared-memory contexts that carry invocation data between the
// server and a worker process: a memfd (golang.org/x/sys/unix) mapped once in both processes,
// sealed against resizing, handed to the worker at start as an extra file descriptor, and
// pinned once in the worker through its device (never per request).
//
// A Context is one such region used by one invocation at a time: inputs are written from
// offset 0, outputs follow them. It tracks the high-water mark of what was written so that the
// next invocation zeroes everything the previous one left beyond its own inputs: while a kernel
// runs, the context (which a kernel can read, being pinned and mapped for the device) holds only
// that invocation's data.
//
// Regions and Contexts are not safe for concurrent use; each belongs to one engine goroutine
// (server side) or the worker's executor (worker side). The package starts no goroutines and
// knows nothing of GPUs.
package shm
