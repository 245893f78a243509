// Library "module": the small kernels of Dandelion's GPU test module, same names and
// arguments. The cpu device's kernels in cpu/kernels_module.go have exactly these semantics.

// Byte i of a set_mem buffer holds i & 0xff.
__device__ __forceinline__ unsigned char pattern(unsigned long long i) { return (unsigned char)(i & 0xff); }

// Fills A (size bytes) with the pattern; any grid and block shape covers it (grid-stride loop).
extern "C" __global__ void set_mem(unsigned char *A, unsigned long long size) {
  unsigned long long step = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < size; i += step) A[i] = pattern(i);
}

// Verifies the pattern: byte i of A becomes 1 where it held the pattern and 0 where not.
extern "C" __global__ void check_mem(unsigned char *A, unsigned long long size) {
  unsigned long long step = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < size; i += step)
    A[i] = A[i] == pattern(i) ? 1 : 0;
}

// Does nothing observable.
extern "C" __global__ void hello_world() {}

// Turns the i64 12345 at A[0] into 98765; any other value is left as it is.
extern "C" __global__ void check_then_write(long long *A) {
  if (blockIdx.x == 0 && threadIdx.x == 0 && A[0] == 12345) A[0] = 98765;
}
