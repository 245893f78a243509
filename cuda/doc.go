// Package cuda is gpufn's gpu.Device for NVIDIA GPUs, over the CUDA driver API.
//
// It owns: loading libcuda.so.1 at run time with dlopen (lib.go, lib.c; once per process, on
// first use, never at init), one primary context per Device (device.go), device memory and
// pinned host memory (memory.go), modules, kernels and launches on the default stream
// (module.go), compiling PTX to a cubin with the driver's JIT linker (compile.go: gpu.Compiler,
// used at upload by a compile worker; the version in Info.Compiler names the driver's CUDA
// version and libcuda build), and the mapping of driver result codes to gpu's typed errors,
// fatal or per call (errors.go).
//
// Nothing here needs the CUDA toolkit to build: the few driver types, prototypes and constants
// used are declared by hand in cuda_decls.h, and scripts/cuda-headers-check.sh proves them
// equal to NVIDIA's cuda.h on a machine that has it. Without the NVIDIA driver, Count and Open
// return errors wrapping gpu.ErrNoDevice.
//
// A Device is not safe for concurrent use. Open it, use it and close it from one goroutine
// locked to its OS thread (runtime.LockOSThread): the context is made current on the thread
// that called Open. The package starts no goroutines.
//
// After a fatal error (a kernel's illegal address, a trap, MPS tearing the client down, ...)
// the Device and the whole process are lost to CUDA: every later call fails with an error for
// which gpu.IsFatal is true, without calling the driver, and Open refuses to start. The worker
// that holds the Device must exit.
package cuda
