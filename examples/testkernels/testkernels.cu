// Library "testkernels": kernels for gpufn's own tests (device conformance, isolation, faults,
// deadlines, printf). The cpu device's kernels in cpu/kernels_testkernels.go have the same semantics.
#include <cstdio>

__device__ __forceinline__ unsigned long long gtid() {
  unsigned long long block = ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  unsigned long long threads = (unsigned long long)blockDim.x * blockDim.y * blockDim.z;
  return block * threads + ((unsigned long long)threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

__device__ __forceinline__ unsigned long long gthreads() {
  return (unsigned long long)gridDim.x * gridDim.y * gridDim.z * blockDim.x * blockDim.y * blockDim.z;
}

// Sets n bytes at p to value (grid-stride).
extern "C" __global__ void fill_u8(unsigned char *p, unsigned long long n, long long value) {
  for (unsigned long long i = gtid(); i < n; i += gthreads()) p[i] = (unsigned char)value;
}

// out[0] += the number of non-zero bytes among the n bytes at p (grid-stride).
extern "C" __global__ void check_zero(const unsigned char *p, unsigned long long n, unsigned long long *out) {
  unsigned long long c = 0;
  for (unsigned long long i = gtid(); i < n; i += gthreads()) c += p[i] != 0;
  if (c) atomicAdd(out, c);
}

// out[i] = a[i] + b[i] for the n int64 elements (grid-stride).
extern "C" __global__ void add_i64(const long long *a, const long long *b, long long *out, unsigned long long n) {
  for (unsigned long long i = gtid(); i < n; i += gthreads()) out[i] = a[i] + b[i];
}

// out[t] = t for every thread t of a 3-D launch whose linear index is below n: checks grid and
// block shapes.
extern "C" __global__ void write_index(unsigned long long *out, unsigned long long n) {
  unsigned long long t = gtid();
  if (t < n) out[t] = t;
}

// Writes its five 8-byte arguments to out[0..4]: checks argument order and width.
extern "C" __global__ void args8(long long *out, long long a, long long b, long long c, long long d, long long e) {
  if (gtid() != 0) return;
  out[0] = a; out[1] = b; out[2] = c; out[3] = d; out[4] = e;
}

// Writes through a wild pointer: an illegal address, which loses the context.
extern "C" __global__ void fault() { *(volatile long long *)0x10 = 1; }

// Never ends while *flag is 0 (a zeroed buffer): a kernel that overruns its deadline.
extern "C" __global__ void spin(const volatile int *flag) {
  while (*flag == 0) {
  }
}

// Busy-waits ns nanoseconds (by the GPU's global timer), then returns.
extern "C" __global__ void spin_ns(unsigned long long ns) {
  unsigned long long start, now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  } while (now - start < ns);
}

// Device printf of bytes shaped like a protocol frame (a length prefix, then msgpack): they
// must never reach the worker protocol, whose pipes are not fd 1.
extern "C" __global__ void print_inject(long long x) {
  if (gtid() == 0) printf("AAAA\x83\xa2id\x01\xa3" "err\xc0\xa4outs\x90 GPUFN-INJECT %lld\n", x);
}
