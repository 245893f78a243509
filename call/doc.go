// Package call holds what crosses gpufn's layers on the way of an invocation: the Invocation
// itself and its Timing, the Function and Library handles that engines run, the output-buffer
// pool, the snapshot types an engine reports (EngineStats), and THE catalogue of error codes
// (Code), each with the HTTP status it is answered with.
//
// It is a leaf: it imports only the schema (package function), library scanning (libscan) and
// the device contract's plain data types (gpu.Info), never a layer above them. The frontend,
// the dispatcher, the engine and the worker all speak it, so that none of them needs another's
// package to hand an invocation on or to answer an error.
//
// Ownership: an Invocation belongs to whoever acquired it (the frontend) until it is submitted;
// from Submit until Done the engine owns its Sched and results; after Done the caller reads the
// results and releases it. Acquire, Release and the output-buffer pool are safe for concurrent
// use; an Invocation is not. The package starts no goroutines.
package call
