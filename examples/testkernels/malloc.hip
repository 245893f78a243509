// Library "malloc" for AMD GPUs: the HIP twin of malloc.cu, a kernel that allocates device
// memory. gpufn must refuse it at upload (422): the device heap is shared by every kernel of
// the process and never cleared. In the code object the kernel's metadata lists the hidden
// argument hidden_heap_v1 (code object v5 and later) or hidden_hostcall_buffer (v4 and
// earlier), which is what gpufn's scan refuses (docs/hip.md).
//
// Build: make kernels-hip HIP_ARCH=gfx90a (hipcc --genco). Not compiled here: the machine this
// was written on has no hipcc.
#include <hip/hip_runtime.h>

extern "C" __global__ void uses_malloc(long long *out) {
  void *p = malloc(64);
  *out = (long long)p;
  free(p);
}
