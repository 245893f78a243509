// Package function owns the function config of gpufn: the Dandelion v1 schema (externally
// tagged JSON, kept exactly), its complete validation with the JSON path of every problem, the
// compiled Plan that workers execute, the evaluation of sizes and launch shapes against an
// invocation's inputs, and the checks of a plan against a scanned library (package libscan
// reads libraries) and against a device's launch limits (Limits, which mirror the device's).
//
// Everything here is pure: bytes in, values out. Nothing touches the filesystem, the network
// or a device, and nothing from a config ever names a file. All types are immutable after
// construction and safe for concurrent use; the package starts no goroutines. Of the project
// it imports only libscan.
package function
