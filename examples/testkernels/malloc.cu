// Library "malloc": a kernel that allocates device memory. gpufn must refuse it at upload
// (422): the device heap is shared by every kernel of a context and never cleared.
extern "C" __global__ void uses_malloc(long long *out) {
  void *p = malloc(64);
  *out = (long long)p;
  free(p);
}
