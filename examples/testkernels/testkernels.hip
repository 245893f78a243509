// Library "testkernels" for AMD GPUs: the HIP twin of testkernels.cu, with the same kernel
// names, arguments and semantics (kernels for gpufn's own tests: device conformance,
// isolation, faults, deadlines, printf). The cpu device's kernels in
// cpu/kernels_testkernels.go have the same semantics.
//
// Build: make kernels-hip HIP_ARCH=gfx90a (hipcc --genco; see docs/hip.md). Not compiled here:
// the machine this was written on has no hipcc.
//
// Two differences from the CUDA source, both forced by the hardware or by gpufn's rules:
//   - spin_ns reads the GPU's constant-rate wall clock (wall_clock64, s_memrealtime) instead of
//     PTX's %globaltimer, which counts nanoseconds. See spin_ns.
//   - print_inject uses device printf. HIP's default printf goes through host calls, which
//     gpufn refuses at upload (they are also how device malloc gets memory; docs/hip.md), so
//     build this library with -mprintf-kind=buffered (printf through a per-launch buffer;
//     clang 17 and later) or the upload of the whole library is refused with 422. Where the
//     compiler has no -mprintf-kind (ROCm 5.x), -DGPUFN_NO_PRINTF leaves print_inject out.
#include <hip/hip_runtime.h>

// Tests launch any block shape up to 1024 threads.
#define GPUFN_BOUNDS __launch_bounds__(1024)

// The frequency of wall_clock64() in kHz: hipDeviceGetAttribute(hipDeviceAttributeWallClockRate)
// on the device. 100 MHz on the gfx9 data-centre GPUs (MI100, MI200, MI300) and on RDNA; build
// with -DGPUFN_WALL_CLOCK_KHZ=... for a device where the attribute says otherwise.
#ifndef GPUFN_WALL_CLOCK_KHZ
#define GPUFN_WALL_CLOCK_KHZ 100000ULL
#endif

__device__ __forceinline__ unsigned long long gtid() {
  unsigned long long block = ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  unsigned long long threads = (unsigned long long)blockDim.x * blockDim.y * blockDim.z;
  return block * threads + ((unsigned long long)threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

__device__ __forceinline__ unsigned long long gthreads() {
  return (unsigned long long)gridDim.x * gridDim.y * gridDim.z * blockDim.x * blockDim.y * blockDim.z;
}

// Sets n bytes at p to value (grid-stride).
extern "C" __global__ GPUFN_BOUNDS void fill_u8(unsigned char *p, unsigned long long n, long long value) {
  for (unsigned long long i = gtid(); i < n; i += gthreads()) p[i] = (unsigned char)value;
}

// out[0] += the number of non-zero bytes among the n bytes at p (grid-stride).
extern "C" __global__ GPUFN_BOUNDS void check_zero(const unsigned char *p, unsigned long long n, unsigned long long *out) {
  unsigned long long c = 0;
  for (unsigned long long i = gtid(); i < n; i += gthreads()) c += p[i] != 0;
  if (c) atomicAdd(out, c);
}

// out[i] = a[i] + b[i] for the n int64 elements (grid-stride).
extern "C" __global__ GPUFN_BOUNDS void add_i64(const long long *a, const long long *b, long long *out, unsigned long long n) {
  for (unsigned long long i = gtid(); i < n; i += gthreads()) out[i] = a[i] + b[i];
}

// out[t] = t for every thread t of a 3-D launch whose linear index is below n: checks grid and
// block shapes.
extern "C" __global__ GPUFN_BOUNDS void write_index(unsigned long long *out, unsigned long long n) {
  unsigned long long t = gtid();
  if (t < n) out[t] = t;
}

// Writes its five 8-byte arguments to out[0..4]: checks argument order and width.
extern "C" __global__ GPUFN_BOUNDS void args8(long long *out, long long a, long long b, long long c, long long d, long long e) {
  if (gtid() != 0) return;
  out[0] = a; out[1] = b; out[2] = c; out[3] = d; out[4] = e;
}

// Writes through a wild pointer: an illegal address (a GPU memory access fault). The ROCm
// runtime then usually aborts the whole process, which the engine treats like a lost context.
extern "C" __global__ GPUFN_BOUNDS void fault() { *(volatile long long *)0x10 = 1; }

// Never ends while *flag is 0 (a zeroed buffer): a kernel that overruns its deadline.
extern "C" __global__ GPUFN_BOUNDS void spin(const volatile int *flag) {
  while (*flag == 0) {
  }
}

// Busy-waits ns nanoseconds, then returns.
//
// Time base: wall_clock64(), the GPU's constant-rate real-time counter (in ROCm 5.2's headers
// __builtin_amdgcn_s_memrealtime; in later ones __ockl_steadyctr_u64, which also covers gfx11
// and later), counting at GPUFN_WALL_CLOCK_KHZ, unlike clock64(), which counts shader cycles at
// a clock that changes under load. ns is converted to ticks (10 ns each at 100 MHz), rounding
// up. Where the headers have no such counter for the target, wall_clock64() returns -1; spin_ns
// then returns at once rather than spin forever.
extern "C" __global__ GPUFN_BOUNDS void spin_ns(unsigned long long ns) {
  long long first = wall_clock64();
  if (first < 0) return;
  const unsigned long long khz = GPUFN_WALL_CLOCK_KHZ;
  unsigned long long ticks = ns / 1000000ULL * khz + ((ns % 1000000ULL) * khz + 999999ULL) / 1000000ULL;
  unsigned long long start = (unsigned long long)first, now;
  do {
    now = (unsigned long long)wall_clock64();
  } while (now - start < ticks);
}

// Device printf of bytes shaped like a protocol frame (a length prefix, then msgpack): they
// must never reach the worker protocol, whose pipes are not fd 1. (HIP's runtime writes device
// printf to the process's stdout, fd 1, as CUDA's does.)
#ifndef GPUFN_NO_PRINTF
extern "C" __global__ GPUFN_BOUNDS void print_inject(long long x) {
  if (gtid() == 0) printf("AAAA\x83\xa2id\x01\xa3" "err\xc0\xa4outs\x90 GPUFN-INJECT %lld\n", x);
}
#endif
