// Package cpu is gpufn's reference gpu.Device: device memory is host memory, and kernels are
// Go functions chosen by kernel name.
//
// The cpu device NEVER runs the code it is given. LoadModule scans an uploaded library (PTX,
// cubin, fatbin or hsaco, with libscan.Scan) only to learn its kernel entry names;
// Function then picks the Go implementation registered under the same name (Kernels lists the
// built-in table: every kernel of the example libraries mlops, module and testkernels, with
// exactly the semantics of their CUDA sources in examples/). A library kernel with no Go
// implementation is gpu.ErrNotFound, and KernelNames lets a server refuse such a function at
// registration. This is how everything above the device is tested on machines without a GPU.
//
// It owns: the device, its limits and its loss after a fault (device.go), a private device
// address space of lazily mapped host allocations with bounds- and alignment-checked access
// (memory.go), modules, kernel lookup and launches (module.go), the built-in kernels
// (kernels*.go) and float32 arithmetic with the GPU's rounding (float.go).
//
// Launches run synchronously: Launch calls the kernel's Go function once per thread of the
// grid, blocks in order and threads in order (x fastest), on the calling goroutine, before it
// returns. An access outside every allocation (or misaligned) is a fault, as on a GPU: the
// launch fails with a fatal *gpu.Error named ILLEGAL_ADDRESS (or MISALIGNED_ADDRESS) and the
// device is lost: every later call fails with an error for which gpu.IsFatal is true, which
// mimics CUDA, where a fault poisons the whole process. Unlike CUDA, a cpu device is lost on
// its own: other cpu devices of the process keep working.
//
// A Device is not safe for concurrent use; use it from one goroutine (the worker's main
// goroutine, as for every gpu.Device). Distinct Devices are independent. The package starts no
// goroutines. Package-level functions (Kernels, KernelNames) are safe for concurrent use.
package cpu
