// Package gputest is the device conformance suite: one table of tests written once against
// gpu.Device, run by every implementation (cpu in CI, cuda on the GPU machine, hip where an
// AMD GPU exists). Adding a case to the table runs it on every device.
package gputest

import (
	"testing"

	"gpufn/gpu"
)

// Target is a device implementation under test.
type Target struct {
	// Name names the implementation in test output ("cpu", "cuda", "hip").
	Name string
	// Open returns a fresh device; the suite closes it.
	Open func(t testing.TB) gpu.Device
	// Library is the "testkernels" example library in a form the device loads (PTX for cuda,
	// an hsaco for hip, the PTX for cpu, whose kernels are Go functions chosen by name).
	Library []byte
	// Destructive enables the cases that lose the device context for good (a faulting
	// kernel): on CUDA a fault poisons the whole process, so such cases run in a process of
	// their own (go test -run 'Conformance/.*/destructive').
	Destructive bool
}
