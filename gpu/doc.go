// Package gpu is the device contract of gpufn: the small Device interface that the worker's
// executor drives, the typed errors every implementation maps its failures to, and a test fake.
//
// Implementations: package cuda (NVIDIA, driver API loaded at run time), package hip (AMD,
// libamdhip64 loaded at run time) and package cpu (a reference device on host memory whose
// kernels are Go functions). Every implementation passes the shared conformance suite in
// package gpu/gputest.
//
// A Device is bound to one OS thread's view of one GPU context and is NOT safe for concurrent
// use: the worker process drives it from a single goroutine (LockOSThread). A device that
// compiles PTX for itself is a Compiler (compiler.go). The package starts no goroutines and
// imports nothing of the project.
package gpu
