// Library "batch": a kernel with a batch dimension, for gpufn's dynamic batching
// (docs/batching.md). An item is 8 float32 (32 bytes); block y of the grid is item y of the
// batch, thread x < 8 its element x:
//
//   y[item][j] = 2 * x[item][j] + (x[item][0] + ... + x[item][7])
//
// so an item's output depends on its whole input item and on nothing else. A "poisonous" item,
// one whose element holds the bit pattern 0x7fc0dead (a NaN), makes the kernel write to
// address 16: an illegal address, a fault (the test of a batch with one poisonous member).
// The cpu device runs the same kernel in Go (cpu/kernels_batch.go).

#define ITEM 8

extern "C" __global__ void item_affine_f32(const float *x, float *y) {
  unsigned int j = threadIdx.x;
  if (j >= ITEM) {
    return;
  }
  const float *xi = x + blockIdx.y * ITEM;
  if (__float_as_uint(xi[j]) == 0x7fc0deadu) {
    *(volatile long long *)16 = 1;
  }
  float s = 0.0f;
  for (int k = 0; k < ITEM; k++) {
    s += xi[k];
  }
  y[blockIdx.y * ITEM + j] = fmaf(xi[j], 2.0f, s);
}
