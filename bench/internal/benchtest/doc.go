// Package benchtest holds the test helpers that several of the bench's packages share: an
// in-process fasthttp server with a scripted handler (StartFake), a fake gpufn server computing
// answers with the Go references of package examples (FakeGpufn), and the main of a test binary
// run as that fake server's process (FakeServerMain, the helper-process pattern).
//
// It imports only package msgpack of the bench (and examples), so that the tests of every
// other bench package, package load's included, can use it without an import cycle.
//
// StartFake starts one serving goroutine per server, ended by the test's cleanup; FakeServerMain
// starts one that waits for SIGTERM. A FakeGpufn is safe for concurrent use (its handler holds
// Mu); tests read its fields under Mu.
package benchtest
