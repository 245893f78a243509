// Library "module" for AMD GPUs: the HIP twin of module.cu, with the same kernel names,
// arguments and semantics (the small kernels of Dandelion's GPU test module). The cpu device's
// kernels in cpu/kernels_module.go have exactly these semantics.
//
// Build: make kernels-hip HIP_ARCH=gfx90a (hipcc --genco; see docs/hip.md). Not compiled here:
// the machine this was written on has no hipcc.
#include <hip/hip_runtime.h>

// Any block shape up to 1024 threads may be used.
#define GPUFN_BOUNDS __launch_bounds__(1024)

// Byte i of a set_mem buffer holds i & 0xff.
__device__ __forceinline__ unsigned char pattern(unsigned long long i) { return (unsigned char)(i & 0xff); }

// Fills A (size bytes) with the pattern; any grid and block shape covers it (grid-stride loop).
extern "C" __global__ GPUFN_BOUNDS void set_mem(unsigned char *A, unsigned long long size) {
  unsigned long long step = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < size; i += step) A[i] = pattern(i);
}

// Verifies the pattern: byte i of A becomes 1 where it held the pattern and 0 where not.
extern "C" __global__ GPUFN_BOUNDS void check_mem(unsigned char *A, unsigned long long size) {
  unsigned long long step = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < size; i += step)
    A[i] = A[i] == pattern(i) ? 1 : 0;
}

// Does nothing observable.
extern "C" __global__ GPUFN_BOUNDS void hello_world() {}

// Turns the i64 12345 at A[0] into 98765; any other value is left as it is.
extern "C" __global__ GPUFN_BOUNDS void check_then_write(long long *A) {
  if (blockIdx.x == 0 && threadIdx.x == 0 && A[0] == 12345) A[0] = 98765;
}
