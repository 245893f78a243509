// Package hip is gpufn's gpu.Device for AMD GPUs, over the HIP runtime (libamdhip64), the twin
// of package cuda: the same files hold the same parts, so the two can be read side by side.
//
// It owns: loading libamdhip64 at run time with dlopen (lib.go, lib.c; once per process, on
// first use, never at init), one HIP device per Device (device.go), device memory and pinned
// host memory (memory.go), code objects (hsaco), kernels and launches on the null stream
// (module.go), and the mapping of HIP error codes to gpu's typed errors, fatal or per call
// (errors.go).
//
// Nothing here needs ROCm to build: the few runtime types, prototypes and constants used are
// declared by hand in hip_decls.h. `go test -tags hipheaders -run HeaderCheck ./hip` compiles
// them against the vendor's <hip/hip_runtime_api.h> (Debian's libamdhip64-dev; see
// scripts/hip-headers.sh) and fails to build on any mismatch. Without the HIP runtime or an
// AMD GPU, Count and Open return errors wrapping gpu.ErrNoDevice.
//
// A Device is not safe for concurrent use. Open it, use it and close it from one goroutine
// locked to its OS thread (runtime.LockOSThread): HIP's current device is per thread, and
// Open sets it on the calling thread. The package starts no goroutines.
//
// After a fatal error the Device and the process are treated as lost: every later call fails
// with an error for which gpu.IsFatal is true, without calling the runtime, and Open refuses to
// start. (On a GPU memory fault the ROCm runtime usually aborts the whole process itself.)
//
// Not yet run on an AMD GPU: everything that needs one is unverified (see hip_test.go).
package hip
