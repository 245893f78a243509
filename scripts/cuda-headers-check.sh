#!/usr/bin/env bash
# Checks cuda/cuda_decls.h against NVIDIA's real cuda.h: every function-pointer type the cuda
# package declares by hand must be the type of the vendor's prototype of the symbol it dlsyms,
# and every constant it uses must have the vendor's value. A mismatch fails to compile
# (_Static_assert) and the script exits 1.
#
# Meant for the GPU machine (CUDA toolkit and gcc, no Go needed). It runs nothing on the GPU.
# Usage: scripts/cuda-headers-check.sh [CUDA_INCLUDE_DIR]   (default /usr/local/cuda/include)
# Exit status: 0 all match; 1 mismatch; 2 no cuda.h or no C compiler.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
inc=${1:-${CUDA_INCLUDE:-/usr/local/cuda/include}}
cc=${CC:-gcc}

if [ ! -f "$inc/cuda.h" ]; then
	echo "cuda headers: $inc/cuda.h not found (pass the CUDA include directory)" >&2
	exit 2
fi
if ! command -v "$cc" >/dev/null 2>&1; then
	echo "cuda headers: no C compiler ($cc)" >&2
	exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/check.c" <<'C'
#include <cuda.h>
#include "cuda_decls.h"
#include <stddef.h>
#include <stdio.h>

#define GF_STR(x) #x
#define GF_XSTR(x) GF_STR(x)

/* For each symbol: cuda.h must not rename it with a macro (the name we dlsym must be the one
 * whose prototype is checked), and its prototype must have our function-pointer type. */
#define GF_CHECK_FN(sym, type)                                                              \
	_Static_assert(sizeof(#sym) == sizeof(GF_XSTR(sym)),                                   \
	               "cuda.h maps " #sym " to another symbol: check which one libcuda exports"); \
	_Static_assert(__builtin_types_compatible_p(__typeof__(&sym), type),                   \
	               "prototype of " #sym " in cuda.h differs from " #type " in cuda_decls.h");
GF_CUDA_FUNCS(GF_CHECK_FN)
GF_CUDA_GRAPH_FUNCS(GF_CHECK_FN)
GF_CUDA_VMM_FUNCS(GF_CHECK_FN)

/* GF_CUDA_ELAPSED_FUNCS: two names of one prototype. cuda.h declares cuEventElapsedTime_v2
 * from CUDA 12.8 (CUDA 13.0 maps the name cuEventElapsedTime to it with a macro); before 12.8
 * only cuEventElapsedTime. The one the toolkit has is checked. */
#if CUDA_VERSION >= 12080
GF_CHECK_FN(cuEventElapsedTime_v2, gf_cuEventElapsedTime_fn)
#else
GF_CHECK_FN(cuEventElapsedTime, gf_cuEventElapsedTime_fn)
#endif

/* The virtual memory management structs lib.c fills: same size, every field at the same offset. */
_Static_assert(sizeof(gf_CUmemAllocationProp) == sizeof(CUmemAllocationProp), "CUmemAllocationProp size");
_Static_assert(offsetof(gf_CUmemAllocationProp, type) == offsetof(CUmemAllocationProp, type), "CUmemAllocationProp.type");
_Static_assert(offsetof(gf_CUmemAllocationProp, requestedHandleTypes) == offsetof(CUmemAllocationProp, requestedHandleTypes), "CUmemAllocationProp.requestedHandleTypes");
_Static_assert(offsetof(gf_CUmemAllocationProp, location) == offsetof(CUmemAllocationProp, location), "CUmemAllocationProp.location");
_Static_assert(offsetof(gf_CUmemAllocationProp, win32HandleMetaData) == offsetof(CUmemAllocationProp, win32HandleMetaData), "CUmemAllocationProp.win32HandleMetaData");
_Static_assert(offsetof(gf_CUmemAllocationProp, allocFlags) == offsetof(CUmemAllocationProp, allocFlags), "CUmemAllocationProp.allocFlags");
_Static_assert(sizeof(gf_CUmemLocation) == sizeof(CUmemLocation), "CUmemLocation size");
_Static_assert(offsetof(gf_CUmemLocation, id) == offsetof(CUmemLocation, id), "CUmemLocation.id");
_Static_assert(sizeof(gf_CUmemAccessDesc) == sizeof(CUmemAccessDesc), "CUmemAccessDesc size");
_Static_assert(offsetof(gf_CUmemAccessDesc, flags) == offsetof(CUmemAccessDesc, flags), "CUmemAccessDesc.flags");
_Static_assert(__builtin_types_compatible_p(gf_CUmemGenericAllocationHandle, CUmemGenericAllocationHandle), "CUmemGenericAllocationHandle");

/* The kernel-node parameters the graph builder fills: same size, every field at the same offset. */
_Static_assert(sizeof(gf_CUDA_KERNEL_NODE_PARAMS_v2) == sizeof(CUDA_KERNEL_NODE_PARAMS_v2), "CUDA_KERNEL_NODE_PARAMS_v2 size");
#define GF_CHECK_OFF(f)                                                                           \
	_Static_assert(offsetof(gf_CUDA_KERNEL_NODE_PARAMS_v2, f) == offsetof(CUDA_KERNEL_NODE_PARAMS_v2, f), \
	               "offset of CUDA_KERNEL_NODE_PARAMS_v2." #f);
GF_CHECK_OFF(func) GF_CHECK_OFF(gridDimX) GF_CHECK_OFF(gridDimY) GF_CHECK_OFF(gridDimZ)
GF_CHECK_OFF(blockDimX) GF_CHECK_OFF(blockDimY) GF_CHECK_OFF(blockDimZ) GF_CHECK_OFF(sharedMemBytes)
GF_CHECK_OFF(kernelParams) GF_CHECK_OFF(extra) GF_CHECK_OFF(kern) GF_CHECK_OFF(ctx)

#define GF_CHECK_CONST(name, value)                                                 \
	_Static_assert((long long)(name) == (long long)(value), #name " is not " #value " in cuda.h"); \
	_Static_assert((long long)(GF_##name) == (long long)(name), "GF_" #name " differs from cuda.h");
GF_CUDA_CONSTS(GF_CHECK_CONST)

/* The base types, also checked on their own for clearer messages. */
_Static_assert(__builtin_types_compatible_p(gf_CUresult, CUresult), "CUresult");
_Static_assert(__builtin_types_compatible_p(gf_CUdevice, CUdevice), "CUdevice");
_Static_assert(__builtin_types_compatible_p(gf_CUdeviceptr, CUdeviceptr), "CUdeviceptr");
_Static_assert(__builtin_types_compatible_p(gf_CUdevice_attribute, CUdevice_attribute), "CUdevice_attribute");
_Static_assert(__builtin_types_compatible_p(gf_CUjit_option, CUjit_option), "CUjit_option");
_Static_assert(__builtin_types_compatible_p(gf_CUfunction_attribute, CUfunction_attribute), "CUfunction_attribute");
_Static_assert(__builtin_types_compatible_p(gf_CUjitInputType, CUjitInputType), "CUjitInputType");
_Static_assert(__builtin_types_compatible_p(gf_CUcontext, CUcontext), "CUcontext");
_Static_assert(__builtin_types_compatible_p(gf_CUmodule, CUmodule), "CUmodule");
_Static_assert(__builtin_types_compatible_p(gf_CUfunction, CUfunction), "CUfunction");
_Static_assert(__builtin_types_compatible_p(gf_CUstream, CUstream), "CUstream");
_Static_assert(__builtin_types_compatible_p(gf_CUkernel, CUkernel), "CUkernel");
_Static_assert(__builtin_types_compatible_p(gf_CUgraph, CUgraph), "CUgraph");
_Static_assert(__builtin_types_compatible_p(gf_CUgraphNode, CUgraphNode), "CUgraphNode");
_Static_assert(__builtin_types_compatible_p(gf_CUgraphExec, CUgraphExec), "CUgraphExec");
_Static_assert(__builtin_types_compatible_p(gf_CUlinkState, CUlinkState), "CUlinkState");
_Static_assert(__builtin_types_compatible_p(gf_CUevent, CUevent), "CUevent");

#define GF_COUNT(a, b) +1
int main(void) {
	printf("cuda headers: %d prototypes and %d constants match (CUDA_VERSION %d)\n",
	       0 GF_CUDA_FUNCS(GF_COUNT) GF_CUDA_GRAPH_FUNCS(GF_COUNT) GF_CUDA_VMM_FUNCS(GF_COUNT) + 1 /* elapsed */,
	       0 GF_CUDA_CONSTS(GF_COUNT), CUDA_VERSION);
	return 0;
}
C

if ! "$cc" -std=gnu11 -Wall -Werror -I"$inc" -I"$root/cuda" "$tmp/check.c" -o "$tmp/check" 2>"$tmp/err"; then
	grep -E 'error|assert' "$tmp/err" >&2 || cat "$tmp/err" >&2
	echo "cuda headers: MISMATCH between cuda/cuda_decls.h and $inc/cuda.h (see above)" >&2
	exit 1
fi
"$tmp/check"
