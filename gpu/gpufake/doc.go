// Package gpufake is a fake gpu.Device for unit tests of the code above the device (the
// worker's executor, the buffer pool): host-memory allocations, kernels that are Go functions
// given by the test, a log of every call that tests assert on, and error injection; and
// Compiler, a wrapper that gives any device a scriptable CompilePTX (gpu.Compiler).
//
// What it is for, in one test:
//
//	d := gpufake.New(gpufake.Options{Kernels: map[string]gpufake.KernelFunc{
//		"fill_u8": func(d *gpufake.Device, grid, block gpu.Dim3, args []uint64) error { ... },
//	}})
//	d.Fail("Launch", 1, gpufake.Fatal("cuLaunchKernel"))  // the next launch faults
//	... run the executor ...
//	if !d.Called("Memset", base, 0, n) { t.Error("the pool was not zeroed after the fault") }
//
// Unlike a real device it checks little: copies and memsets must lie inside one allocation,
// launch shapes inside the limits, handles must be known. Any non-empty image loads as a
// module; a kernel name resolves when Options.Kernels has it or Options.OnLaunch is set.
// Everything happens at the call (no asynchrony), but for CopyFromDeviceAsync: it takes the
// bytes at the call and writes them to host memory at the next Synchronize that succeeds, so
// a test sees a caller that reads them without waiting. Like the CUDA device it has
// asynchronous copies and timing marks (gpu.AsyncCopier, gpu.StreamTimer; Mark reads the host
// clock, or Options.Clock); wrap it in a type that embeds only gpu.Device to hide them. After a
// fatal error (injected, or returned by a kernel function) every later call fails with a fatal
// error, as on CUDA.
//
// It owns no goroutines. Unlike real devices, a Device is safe for concurrent use (one mutex),
// so a test may read its log while another goroutine drives it; kernel functions run without
// the mutex held and may call Mem.
package gpufake
