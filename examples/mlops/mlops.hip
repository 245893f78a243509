// Library "mlops" for AMD GPUs: the HIP twin of mlops.cu, with the same kernel names, argument
// lists, data layouts and semantics (Dandelion's GPU test library, so that Dandelion's v1 test
// configs run unchanged). Every argument is 8 bytes (a device pointer, a size, or an i64
// constant). The Go reference implementations in examples/reference.go and the cpu device's
// kernels in cpu/kernels_mlops.go have exactly these semantics.
//
// Build: make kernels-hip HIP_ARCH=gfx90a (hipcc --genco; see docs/hip.md). Not compiled here:
// the machine this was written on has no hipcc.
//
// Layouts:
//   int64 matrix:  [n][n*n elements, row-major]                      (i64)
//   f32 matrix:    [n as f32][n*n elements, row-major]               (f32)
//   f32 image:     [width as f32][height as f32][width*height pixels] (f32)
// Batched kernels take the u64 config array cfg of the inference functions; cfg[4] is the
// batch: the images of a batch lie back to back, each in the unbatched layout, and the grid's
// z dimension indexes them.
#include <hip/hip_runtime.h>

// The configs launch blocks of up to 32x32 threads; say so, since the compiler may otherwise
// assume a smaller maximum block (older hipcc defaulted to 256 threads).
#define GPUFN_BOUNDS __launch_bounds__(1024)

#define MAX_N 65536LL

// B = [n][A x A^T] for A = [n][n*n]. Launched on a grid of (n+31)/32 squared, 32x32 blocks.
extern "C" __global__ GPUFN_BOUNDS void matmul_para(const long long *A, unsigned long long sizeA, long long *B) {
  long long n = A[0];
  if (n <= 0 || n > MAX_N || (unsigned long long)(n * n + 1) > sizeA / 8) return;
  long long row = (long long)blockIdx.y * blockDim.y + threadIdx.y;
  long long col = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (row == 0 && col == 0) B[0] = n;
  if (row >= n || col >= n) return;
  const long long *a = A + 1 + row * n, *b = A + 1 + col * n;
  long long s = 0;
  for (long long k = 0; k < n; k++) s += a[k] * b[k];
  B[1 + row * n + col] = s;
}

// Same arguments and result as matmul_para, computed by one thread (grid 1, block 1).
extern "C" __global__ GPUFN_BOUNDS void matmul_loop(const long long *A, unsigned long long sizeA, long long *B) {
  if (blockIdx.x != 0 || threadIdx.x != 0 || blockIdx.y != 0 || threadIdx.y != 0) return;
  long long n = A[0];
  if (n <= 0 || n > MAX_N || (unsigned long long)(n * n + 1) > sizeA / 8) return;
  B[0] = n;
  for (long long r = 0; r < n; r++)
    for (long long c = 0; c < n; c++) {
      long long s = 0;
      for (long long k = 0; k < n; k++) s += A[1 + r * n + k] * A[1 + c * n + k];
      B[1 + r * n + c] = s;
    }
}

// C = A x B for f32 matrices [n as f32][n*n]; one thread per element of C (2-D grid).
extern "C" __global__ GPUFN_BOUNDS void matmul_f(const float *A, const float *B, float *C) {
  int n = (int)A[0];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row == 0 && col == 0) C[0] = A[0];
  if (row >= n || col >= n) return;
  float s = 0.f;
  for (int k = 0; k < n; k++) s += A[1 + row * n + k] * B[1 + k * n + col];
  C[1 + row * n + col] = s;
}

// Cross-correlation (the "convolution" of neural networks) of image `in` with filter `f`,
// zero-padded, same size, the filter centred; one thread per output pixel of image z.
__device__ void conv_image(float *out, const float *in, const float *f, int z) {
  int w = (int)in[0], h = (int)in[1];
  int fw = (int)f[0], fh = (int)f[1];
  long long stride = 2 + (long long)w * h;
  in += z * stride;
  out += z * stride;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x == 0 && y == 0) { out[0] = in[0]; out[1] = in[1]; }
  if (x >= w || y >= h) return;
  const float *img = in + 2, *flt = f + 2;
  float s = 0.f;
  for (int dy = 0; dy < fh; dy++) {
    int yy = y + dy - fh / 2;
    if (yy < 0 || yy >= h) continue;
    for (int dx = 0; dx < fw; dx++) {
      int xx = x + dx - fw / 2;
      if (xx < 0 || xx >= w) continue;
      s += img[yy * w + xx] * flt[dy * fw + dx];
    }
  }
  out[2 + y * w + x] = s;
}

// C = A (*) B: A = [w, h, w*h f32], B = [fw, fh, fw*fh f32]; C like A, header copied.
extern "C" __global__ GPUFN_BOUNDS void convolution_f(float *C, const float *A, const float *B) {
  conv_image(C, A, B, 0);
}

extern "C" __global__ GPUFN_BOUNDS void convolution_f_batched(float *C, const float *A, const float *B, const unsigned long long *cfg) {
  if (blockIdx.z >= cfg[4]) return;
  conv_image(C, A, B, blockIdx.z);
}

__device__ void relu_image(float *C, int z) {
  int w = (int)C[0], h = (int)C[1];
  C += z * (2 + (long long)w * h);
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float *p = C + 2 + y * w + x;
  if (*p < 0.f) *p = 0.f;
}

// In place, header kept; one thread per pixel on a 2-D grid.
extern "C" __global__ GPUFN_BOUNDS void relu_2d_f(float *C) { relu_image(C, 0); }

// In place, header kept; one thread per pixel on a 1-D grid.
extern "C" __global__ GPUFN_BOUNDS void relu_1d_f(float *C) {
  long long n = (long long)C[0] * (long long)C[1];
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (C[2 + i] < 0.f) C[2 + i] = 0.f;
}

extern "C" __global__ GPUFN_BOUNDS void relu_2d_f_batched(float *C, const unsigned long long *cfg) {
  if (blockIdx.z >= cfg[4]) return;
  relu_image(C, blockIdx.z);
}

// D = pool x pool max-pooling of C: D = [w/pool, h/pool, (w/pool)*(h/pool) f32].
__device__ void maxpool_image(float *D, const float *C, long long pool, int z) {
  if (pool <= 0) return;
  int w = (int)C[0], h = (int)C[1];
  int ow = w / (int)pool, oh = h / (int)pool;
  C += z * (2 + (long long)w * h);
  D += z * (2 + (long long)ow * oh);
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x == 0 && y == 0) { D[0] = (float)ow; D[1] = (float)oh; }
  if (x >= ow || y >= oh) return;
  const float *img = C + 2;
  float m = img[(y * pool) * w + x * pool];
  for (int dy = 0; dy < pool; dy++)
    for (int dx = 0; dx < pool; dx++) m = fmaxf(m, img[(y * pool + dy) * w + x * pool + dx]);
  D[2 + y * ow + x] = m;
}

extern "C" __global__ GPUFN_BOUNDS void maxpool_f(float *D, const float *C, long long pool) { maxpool_image(D, C, pool, 0); }

extern "C" __global__ GPUFN_BOUNDS void maxpool_f_batched(float *D, const float *C, long long pool, const unsigned long long *cfg) {
  if (blockIdx.z >= cfg[4]) return;
  maxpool_image(D, C, pool, blockIdx.z);
}
