// Library "probe": the tenant isolation probe (e2e/isolation_test.go). A kernel of one tenant
// counts, in every byte it can reach, the marker words of another tenant's weights. The cpu
// device's kernel in cpu/kernels_probe.go has the same semantics.

__device__ __forceinline__ unsigned long long gtid() {
  unsigned long long block = ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  unsigned long long threads = (unsigned long long)blockDim.x * blockDim.y * blockDim.z;
  return block * threads + ((unsigned long long)threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

__device__ __forceinline__ unsigned long long gthreads() {
  return (unsigned long long)gridDim.x * gridDim.y * gridDim.z * blockDim.x * blockDim.y * blockDim.z;
}

// out[0] += the number of 8-byte words equal to value among the n words at p (grid-stride).
extern "C" __global__ void count_u64(const unsigned long long *p, unsigned long long n, unsigned long long value, unsigned long long *out) {
  unsigned long long c = 0;
  for (unsigned long long i = gtid(); i < n; i += gthreads()) c += p[i] == value;
  if (c) atomicAdd(out, c);
}
