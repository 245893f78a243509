/*
 * cuda_decls.h: every C declaration package cuda uses of the CUDA driver API, written by hand
 * so that the package builds without the CUDA toolkit (libcuda.so.1 is opened with dlopen at
 * run time).
 *
 * Every name here is prefixed (gf_, GF_) so that this header can be included AFTER NVIDIA's
 * <cuda.h> without a conflict: scripts/cuda-headers-check.sh does exactly that on the GPU
 * machine and proves, with _Static_assert, that each function-pointer type below is the type of
 * the real prototype and that each constant has the vendor's value. The lists GF_CUDA_FUNCS and
 * GF_CUDA_CONSTS (with the optional groups below them) are the single source of truth: lib.c
 * builds its symbol table and its dlsym loops from the function lists, the check script walks
 * them all.
 *
 * Type choices (each checked against cuda.h by the script):
 * - CUresult, CUdevice_attribute, CUjit_option, CUjitInputType and CUfunction_attribute are
 *   C enums with no negative value; GCC and Clang give such an enum the type unsigned int, so
 *   they are declared as unsigned int here (an int would be ABI-identical but not
 *   type-compatible).
 * - The opaque handles reuse NVIDIA's incomplete struct tags (struct CUctx_st, ...), which is
 *   what makes a pointer to them compatible with CUcontext and friends. Declaring an
 *   incomplete struct tag twice is not a conflict.
 * - CUdeviceptr is unsigned long long on every 64-bit platform (LP64).
 */
#ifndef GPUFN_CUDA_DECLS_H
#define GPUFN_CUDA_DECLS_H

#include <stddef.h>
#include <stdint.h>

typedef unsigned int gf_CUresult;
typedef int gf_CUdevice;
typedef unsigned long long gf_CUdeviceptr;
typedef unsigned int gf_CUdevice_attribute;
typedef unsigned int gf_CUjit_option;
typedef unsigned int gf_CUfunction_attribute;
typedef unsigned int gf_CUjitInputType;
typedef struct CUctx_st *gf_CUcontext;
typedef struct CUmod_st *gf_CUmodule;
typedef struct CUfunc_st *gf_CUfunction;
typedef struct CUstream_st *gf_CUstream;
typedef struct CUkern_st *gf_CUkernel;
typedef struct CUgraph_st *gf_CUgraph;
typedef struct CUgraphNode_st *gf_CUgraphNode;
typedef struct CUgraphExec_st *gf_CUgraphExec;
typedef struct CUlinkState_st *gf_CUlinkState;
typedef struct CUevent_st *gf_CUevent;
typedef unsigned long long gf_CUmemGenericAllocationHandle;
typedef unsigned int gf_CUmemAllocationGranularity_flags;

/* CUmemAllocationProp and CUmemAccessDesc (virtual memory management, CUDA 10.2 and later),
 * field for field under names of our own, as for the kernel-node parameters: the prototypes
 * below name cuda.h's struct tags (incomplete here) and lib.c passes pointers to these. The
 * check script asserts sizes and offsets. */
struct CUmemAllocationProp_st;
struct CUmemAccessDesc_st;
typedef struct {
	unsigned int type; /* CUmemLocationType */
	int id;
} gf_CUmemLocation;
typedef struct {
	unsigned int type;                 /* CUmemAllocationType */
	unsigned int requestedHandleTypes; /* CUmemAllocationHandleType */
	gf_CUmemLocation location;
	void *win32HandleMetaData;
	struct {
		unsigned char compressionType;
		unsigned char gpuDirectRDMACapable;
		unsigned short usage;
		unsigned char reserved[4];
	} allocFlags;
} gf_CUmemAllocationProp;
typedef struct {
	gf_CUmemLocation location;
	unsigned int flags; /* CUmemAccess_flags */
} gf_CUmemAccessDesc;

/* CUDA_KERNEL_NODE_PARAMS_v2 (CUDA 12 and later), field for field, under a name of our own:
 * cuda.h defines the struct with the tag CUDA_KERNEL_NODE_PARAMS_v2_st, which the prototype
 * below names (an incomplete tag, as for the handles), and lib.c passes a pointer to this one
 * in its place. The check script asserts the two have the same size and offsets. */
struct CUDA_KERNEL_NODE_PARAMS_v2_st;
typedef struct {
	gf_CUfunction func;
	unsigned int gridDimX, gridDimY, gridDimZ;
	unsigned int blockDimX, blockDimY, blockDimZ;
	unsigned int sharedMemBytes;
	void **kernelParams;
	void **extra;
	gf_CUkernel kern;
	gf_CUcontext ctx;
} gf_CUDA_KERNEL_NODE_PARAMS_v2;

/* One function-pointer type per driver entry point, with the exact prototype of the symbol
 * named in GF_CUDA_FUNCS (the versioned symbol where cuda.h maps a name to one). */
typedef gf_CUresult (*gf_cuInit_fn)(unsigned int flags);
typedef gf_CUresult (*gf_cuDriverGetVersion_fn)(int *version);
typedef gf_CUresult (*gf_cuDeviceGetCount_fn)(int *count);
typedef gf_CUresult (*gf_cuDeviceGet_fn)(gf_CUdevice *dev, int ordinal);
typedef gf_CUresult (*gf_cuDeviceGetName_fn)(char *name, int len, gf_CUdevice dev);
typedef gf_CUresult (*gf_cuDeviceGetAttribute_fn)(int *value, gf_CUdevice_attribute attr, gf_CUdevice dev);
typedef gf_CUresult (*gf_cuDeviceTotalMem_v2_fn)(size_t *bytes, gf_CUdevice dev);
typedef gf_CUresult (*gf_cuDevicePrimaryCtxRetain_fn)(gf_CUcontext *ctx, gf_CUdevice dev);
typedef gf_CUresult (*gf_cuDevicePrimaryCtxRelease_v2_fn)(gf_CUdevice dev);
typedef gf_CUresult (*gf_cuCtxSetCurrent_fn)(gf_CUcontext ctx);
typedef gf_CUresult (*gf_cuCtxSynchronize_fn)(void);
typedef gf_CUresult (*gf_cuMemGetInfo_v2_fn)(size_t *free, size_t *total);
typedef gf_CUresult (*gf_cuMemAlloc_v2_fn)(gf_CUdeviceptr *p, size_t bytes);
typedef gf_CUresult (*gf_cuMemFree_v2_fn)(gf_CUdeviceptr p);
typedef gf_CUresult (*gf_cuMemcpyHtoD_v2_fn)(gf_CUdeviceptr dst, const void *src, size_t bytes);
typedef gf_CUresult (*gf_cuMemcpyHtoDAsync_v2_fn)(gf_CUdeviceptr dst, const void *src, size_t bytes, gf_CUstream stream);
typedef gf_CUresult (*gf_cuMemcpyDtoH_v2_fn)(void *dst, gf_CUdeviceptr src, size_t bytes);
typedef gf_CUresult (*gf_cuMemcpyDtoHAsync_v2_fn)(void *dst, gf_CUdeviceptr src, size_t bytes, gf_CUstream stream);
typedef gf_CUresult (*gf_cuMemsetD8_v2_fn)(gf_CUdeviceptr dst, unsigned char value, size_t n);
typedef gf_CUresult (*gf_cuMemHostRegister_v2_fn)(void *p, size_t bytes, unsigned int flags);
typedef gf_CUresult (*gf_cuMemHostUnregister_fn)(void *p);
typedef gf_CUresult (*gf_cuModuleLoadData_fn)(gf_CUmodule *mod, const void *image);
typedef gf_CUresult (*gf_cuModuleLoadDataEx_fn)(gf_CUmodule *mod, const void *image, unsigned int nopts,
                                                gf_CUjit_option *opts, void **optvals);
typedef gf_CUresult (*gf_cuModuleUnload_fn)(gf_CUmodule mod);
typedef gf_CUresult (*gf_cuModuleGetFunction_fn)(gf_CUfunction *f, gf_CUmodule mod, const char *name);
typedef gf_CUresult (*gf_cuFuncSetAttribute_fn)(gf_CUfunction f, gf_CUfunction_attribute attr, int value);
typedef gf_CUresult (*gf_cuLaunchKernel_fn)(gf_CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz,
                                            unsigned int bx, unsigned int by, unsigned int bz,
                                            unsigned int shmem, gf_CUstream stream, void **params,
                                            void **extra);
typedef gf_CUresult (*gf_cuLinkCreate_v2_fn)(unsigned int nopts, gf_CUjit_option *opts, void **optvals,
                                             gf_CUlinkState *state);
typedef gf_CUresult (*gf_cuLinkAddData_v2_fn)(gf_CUlinkState state, gf_CUjitInputType type, void *data, size_t size,
                                              const char *name, unsigned int nopts, gf_CUjit_option *opts,
                                              void **optvals);
typedef gf_CUresult (*gf_cuLinkComplete_fn)(gf_CUlinkState state, void **cubin, size_t *size);
typedef gf_CUresult (*gf_cuLinkDestroy_fn)(gf_CUlinkState state);
typedef gf_CUresult (*gf_cuGraphCreate_fn)(gf_CUgraph *graph, unsigned int flags);
typedef gf_CUresult (*gf_cuGraphAddKernelNode_v2_fn)(gf_CUgraphNode *node, gf_CUgraph graph,
                                                     const gf_CUgraphNode *deps, size_t ndeps,
                                                     const struct CUDA_KERNEL_NODE_PARAMS_v2_st *params);
typedef gf_CUresult (*gf_cuGraphInstantiateWithFlags_fn)(gf_CUgraphExec *exec, gf_CUgraph graph,
                                                         unsigned long long flags);
typedef gf_CUresult (*gf_cuGraphLaunch_fn)(gf_CUgraphExec exec, gf_CUstream stream);
typedef gf_CUresult (*gf_cuGraphExecDestroy_fn)(gf_CUgraphExec exec);
typedef gf_CUresult (*gf_cuGraphDestroy_fn)(gf_CUgraph graph);
typedef gf_CUresult (*gf_cuMemGetAllocationGranularity_fn)(size_t *granularity,
                                                           const struct CUmemAllocationProp_st *prop,
                                                           gf_CUmemAllocationGranularity_flags option);
typedef gf_CUresult (*gf_cuMemCreate_fn)(gf_CUmemGenericAllocationHandle *handle, size_t size,
                                         const struct CUmemAllocationProp_st *prop, unsigned long long flags);
typedef gf_CUresult (*gf_cuMemRelease_fn)(gf_CUmemGenericAllocationHandle handle);
typedef gf_CUresult (*gf_cuMemAddressReserve_fn)(gf_CUdeviceptr *ptr, size_t size, size_t alignment,
                                                 gf_CUdeviceptr addr, unsigned long long flags);
typedef gf_CUresult (*gf_cuMemAddressFree_fn)(gf_CUdeviceptr ptr, size_t size);
typedef gf_CUresult (*gf_cuMemMap_fn)(gf_CUdeviceptr ptr, size_t size, size_t offset,
                                      gf_CUmemGenericAllocationHandle handle, unsigned long long flags);
typedef gf_CUresult (*gf_cuMemUnmap_fn)(gf_CUdeviceptr ptr, size_t size);
typedef gf_CUresult (*gf_cuMemSetAccess_fn)(gf_CUdeviceptr ptr, size_t size, const struct CUmemAccessDesc_st *desc,
                                            size_t count);
typedef gf_CUresult (*gf_cuEventCreate_fn)(gf_CUevent *event, unsigned int flags);
typedef gf_CUresult (*gf_cuEventRecord_fn)(gf_CUevent event, gf_CUstream stream);
typedef gf_CUresult (*gf_cuEventElapsedTime_fn)(float *ms, gf_CUevent start, gf_CUevent end);
typedef gf_CUresult (*gf_cuEventDestroy_v2_fn)(gf_CUevent event);
typedef gf_CUresult (*gf_cuStreamCreate_fn)(gf_CUstream *stream, unsigned int flags);
typedef gf_CUresult (*gf_cuStreamDestroy_v2_fn)(gf_CUstream stream);
typedef gf_CUresult (*gf_cuStreamWaitEvent_fn)(gf_CUstream stream, gf_CUevent event, unsigned int flags);
typedef gf_CUresult (*gf_cuStreamQuery_fn)(gf_CUstream stream);
typedef gf_CUresult (*gf_cuMemsetD8Async_fn)(gf_CUdeviceptr dst, unsigned char value, size_t n, gf_CUstream stream);
typedef gf_CUresult (*gf_cuGetErrorName_fn)(gf_CUresult r, const char **name);
typedef gf_CUresult (*gf_cuGetErrorString_fn)(gf_CUresult r, const char **msg);

/* X(symbol, function-pointer type): every symbol lib.c resolves, all required. */
#define GF_CUDA_FUNCS(X)                                        \
	X(cuInit, gf_cuInit_fn)                                     \
	X(cuDriverGetVersion, gf_cuDriverGetVersion_fn)             \
	X(cuDeviceGetCount, gf_cuDeviceGetCount_fn)                 \
	X(cuDeviceGet, gf_cuDeviceGet_fn)                           \
	X(cuDeviceGetName, gf_cuDeviceGetName_fn)                   \
	X(cuDeviceGetAttribute, gf_cuDeviceGetAttribute_fn)         \
	X(cuDeviceTotalMem_v2, gf_cuDeviceTotalMem_v2_fn)           \
	X(cuDevicePrimaryCtxRetain, gf_cuDevicePrimaryCtxRetain_fn) \
	X(cuDevicePrimaryCtxRelease_v2, gf_cuDevicePrimaryCtxRelease_v2_fn) \
	X(cuCtxSetCurrent, gf_cuCtxSetCurrent_fn)                   \
	X(cuCtxSynchronize, gf_cuCtxSynchronize_fn)                 \
	X(cuMemGetInfo_v2, gf_cuMemGetInfo_v2_fn)                   \
	X(cuMemAlloc_v2, gf_cuMemAlloc_v2_fn)                       \
	X(cuMemFree_v2, gf_cuMemFree_v2_fn)                         \
	X(cuMemcpyHtoD_v2, gf_cuMemcpyHtoD_v2_fn)                   \
	X(cuMemcpyHtoDAsync_v2, gf_cuMemcpyHtoDAsync_v2_fn)         \
	X(cuMemcpyDtoH_v2, gf_cuMemcpyDtoH_v2_fn)                   \
	X(cuMemcpyDtoHAsync_v2, gf_cuMemcpyDtoHAsync_v2_fn)         \
	X(cuMemsetD8_v2, gf_cuMemsetD8_v2_fn)                       \
	X(cuMemHostRegister_v2, gf_cuMemHostRegister_v2_fn)         \
	X(cuMemHostUnregister, gf_cuMemHostUnregister_fn)           \
	X(cuModuleLoadData, gf_cuModuleLoadData_fn)                 \
	X(cuModuleLoadDataEx, gf_cuModuleLoadDataEx_fn)             \
	X(cuModuleUnload, gf_cuModuleUnload_fn)                     \
	X(cuModuleGetFunction, gf_cuModuleGetFunction_fn)           \
	X(cuFuncSetAttribute, gf_cuFuncSetAttribute_fn)             \
	X(cuLaunchKernel, gf_cuLaunchKernel_fn)                     \
	X(cuLinkCreate_v2, gf_cuLinkCreate_v2_fn)                   \
	X(cuLinkAddData_v2, gf_cuLinkAddData_v2_fn)                 \
	X(cuLinkComplete, gf_cuLinkComplete_fn)                     \
	X(cuLinkDestroy, gf_cuLinkDestroy_fn)                       \
	X(cuEventCreate, gf_cuEventCreate_fn)                       \
	X(cuEventRecord, gf_cuEventRecord_fn)                       \
	X(cuEventDestroy_v2, gf_cuEventDestroy_v2_fn)               \
	X(cuStreamCreate, gf_cuStreamCreate_fn)                     \
	X(cuStreamDestroy_v2, gf_cuStreamDestroy_v2_fn)             \
	X(cuStreamWaitEvent, gf_cuStreamWaitEvent_fn)               \
	X(cuStreamQuery, gf_cuStreamQuery_fn)                       \
	X(cuMemsetD8Async, gf_cuMemsetD8Async_fn)                   \
	X(cuGetErrorName, gf_cuGetErrorName_fn)                     \
	X(cuGetErrorString, gf_cuGetErrorString_fn)

/* X(symbol, function-pointer type): the elapsed time between two events, under two names of one
 * prototype. lib.c uses the first one the driver has, and needs one of them:
 * cuEventElapsedTime_v2 came with CUDA 12.8 (from 13.0 cuda.h maps cuEventElapsedTime to it),
 * older drivers have cuEventElapsedTime only. The check script checks the one the toolkit
 * declares. */
#define GF_CUDA_ELAPSED_FUNCS(X)                              \
	X(cuEventElapsedTime_v2, gf_cuEventElapsedTime_fn)        \
	X(cuEventElapsedTime, gf_cuEventElapsedTime_fn)

/* X(symbol, function-pointer type): the graph API (CUDA 12 and later), resolved when present.
 * Without it the package launches kernels one by one (Device.Graphs reports false). */
#define GF_CUDA_GRAPH_FUNCS(X)                                    \
	X(cuGraphCreate, gf_cuGraphCreate_fn)                         \
	X(cuGraphAddKernelNode_v2, gf_cuGraphAddKernelNode_v2_fn)     \
	X(cuGraphInstantiateWithFlags, gf_cuGraphInstantiateWithFlags_fn) \
	X(cuGraphLaunch, gf_cuGraphLaunch_fn)                         \
	X(cuGraphExecDestroy, gf_cuGraphExecDestroy_fn)               \
	X(cuGraphDestroy, gf_cuGraphDestroy_fn)

/* X(symbol, function-pointer type): virtual memory management, for resident read-only
 * allocations (weight sets), resolved when present. Without it AllocResident fails. */
#define GF_CUDA_VMM_FUNCS(X)                                                  \
	X(cuMemGetAllocationGranularity, gf_cuMemGetAllocationGranularity_fn)     \
	X(cuMemCreate, gf_cuMemCreate_fn)                                         \
	X(cuMemRelease, gf_cuMemRelease_fn)                                       \
	X(cuMemAddressReserve, gf_cuMemAddressReserve_fn)                         \
	X(cuMemAddressFree, gf_cuMemAddressFree_fn)                               \
	X(cuMemMap, gf_cuMemMap_fn)                                               \
	X(cuMemUnmap, gf_cuMemUnmap_fn)                                           \
	X(cuMemSetAccess, gf_cuMemSetAccess_fn)

/* X(vendor name, value): every constant the package uses. Each becomes an enum constant
 * GF_<vendor name> below; the Go code reads them as C.GF_<vendor name>. */
#define GF_CUDA_CONSTS(X)                                        \
	X(CUDA_SUCCESS, 0)                                           \
	X(CUDA_ERROR_INVALID_VALUE, 1)                               \
	X(CUDA_ERROR_OUT_OF_MEMORY, 2)                               \
	X(CUDA_ERROR_NOT_INITIALIZED, 3)                             \
	X(CUDA_ERROR_DEINITIALIZED, 4)                               \
	X(CUDA_ERROR_NO_DEVICE, 100)                                 \
	X(CUDA_ERROR_INVALID_DEVICE, 101)                            \
	X(CUDA_ERROR_INVALID_IMAGE, 200)                             \
	X(CUDA_ERROR_INVALID_CONTEXT, 201)                           \
	X(CUDA_ERROR_NO_BINARY_FOR_GPU, 209)                         \
	X(CUDA_ERROR_ECC_UNCORRECTABLE, 214)                         \
	X(CUDA_ERROR_INVALID_PTX, 218)                               \
	X(CUDA_ERROR_UNSUPPORTED_PTX_VERSION, 222)                   \
	X(CUDA_ERROR_INVALID_SOURCE, 300)                            \
	X(CUDA_ERROR_INVALID_HANDLE, 400)                            \
	X(CUDA_ERROR_NOT_FOUND, 500)                                 \
	X(CUDA_ERROR_NOT_READY, 600)                                 \
	X(CUDA_ERROR_ILLEGAL_ADDRESS, 700)                           \
	X(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, 701)                   \
	X(CUDA_ERROR_LAUNCH_TIMEOUT, 702)                            \
	X(CUDA_ERROR_CONTEXT_IS_DESTROYED, 709)                      \
	X(CUDA_ERROR_ASSERT, 710)                                    \
	X(CUDA_ERROR_HARDWARE_STACK_ERROR, 714)                      \
	X(CUDA_ERROR_ILLEGAL_INSTRUCTION, 715)                       \
	X(CUDA_ERROR_MISALIGNED_ADDRESS, 716)                        \
	X(CUDA_ERROR_INVALID_ADDRESS_SPACE, 717)                     \
	X(CUDA_ERROR_INVALID_PC, 718)                                \
	X(CUDA_ERROR_LAUNCH_FAILED, 719)                             \
	X(CUDA_ERROR_NOT_SUPPORTED, 801)                             \
	X(CUDA_ERROR_MPS_CONNECTION_FAILED, 805)                     \
	X(CUDA_ERROR_MPS_RPC_FAILURE, 806)                           \
	X(CUDA_ERROR_MPS_SERVER_NOT_READY, 807)                      \
	X(CUDA_ERROR_MPS_MAX_CLIENTS_REACHED, 808)                   \
	X(CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED, 809)               \
	X(CUDA_ERROR_MPS_CLIENT_TERMINATED, 810)                     \
	X(CUDA_ERROR_UNKNOWN, 999)                                   \
	X(CU_EVENT_DEFAULT, 0)                                       \
	X(CU_EVENT_DISABLE_TIMING, 2)                                \
	X(CU_STREAM_NON_BLOCKING, 1)                                 \
	X(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 1)              \
	X(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, 2)                    \
	X(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, 3)                    \
	X(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, 4)                    \
	X(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, 5)                     \
	X(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, 6)                     \
	X(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, 7)                     \
	X(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, 8)        \
	X(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 75)          \
	X(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 76)          \
	X(CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS, 88)            \
	X(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, 97) \
	X(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 8)        \
	X(CU_JIT_INFO_LOG_BUFFER, 3)                                 \
	X(CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, 4)                      \
	X(CU_JIT_ERROR_LOG_BUFFER, 5)                                \
	X(CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, 6)                     \
	X(CU_JIT_INPUT_PTX, 1)                                       \
	X(CU_MEM_ALLOCATION_TYPE_PINNED, 1)                          \
	X(CU_MEM_HANDLE_TYPE_NONE, 0)                                \
	X(CU_MEM_LOCATION_TYPE_DEVICE, 1)                            \
	X(CU_MEM_ALLOC_GRANULARITY_MINIMUM, 0)                       \
	X(CU_MEM_ACCESS_FLAGS_PROT_READ, 1)                          \
	X(CU_MEM_ACCESS_FLAGS_PROT_READWRITE, 3)

#define GF_CUDA_ENUM_ITEM(name, value) GF_##name = value,
enum { GF_CUDA_CONSTS(GF_CUDA_ENUM_ITEM) };
#undef GF_CUDA_ENUM_ITEM

/* Limits of this package, not the vendor's. */
enum {
	GF_MAX_ARGS = 64,         /* kernel arguments per launch (8 bytes each) */
	GF_JIT_LOG_SIZE = 8192,   /* bytes of JIT error log kept from a failed PTX load */
	GF_LINK_LOG_SIZE = 65536, /* bytes of each log (info, error) kept from a PTX compile */
	GF_NAME_SIZE = 256,       /* bytes for a device name */
};

/* Implemented in lib.c. Handles (CUmodule, CUfunction, CUevent) travel to and from Go as uint64_t. */
const char *gf_cuda_load(void);
gf_CUresult gf_cuInit(void);
gf_CUresult gf_cuDriverGetVersion(int *v);
gf_CUresult gf_cuDeviceGetCount(int *n);
gf_CUresult gf_cuDeviceGet(gf_CUdevice *dev, int ordinal);
gf_CUresult gf_cuDeviceGetName(char *name, int len, gf_CUdevice dev);
gf_CUresult gf_cuDeviceGetAttribute(int *v, gf_CUdevice_attribute attr, gf_CUdevice dev);
gf_CUresult gf_cuDeviceTotalMem(size_t *bytes, gf_CUdevice dev);
gf_CUresult gf_cuPrimaryCtxRetainSetCurrent(gf_CUdevice dev);
gf_CUresult gf_cuDevicePrimaryCtxRelease(gf_CUdevice dev);
gf_CUresult gf_cuCtxSynchronize(void);
gf_CUresult gf_cuMemGetInfo(size_t *free, size_t *total);
gf_CUresult gf_cuMemAlloc(gf_CUdeviceptr *p, size_t n);
gf_CUresult gf_cuMemFree(gf_CUdeviceptr p);
gf_CUresult gf_cuMemcpyHtoD(gf_CUdeviceptr dst, const void *src, size_t n);
gf_CUresult gf_cuMemcpyHtoDAsync(gf_CUdeviceptr dst, const void *src, size_t n);
gf_CUresult gf_cuMemcpyDtoH(void *dst, gf_CUdeviceptr src, size_t n);
gf_CUresult gf_cuMemcpyDtoHAsync(void *dst, gf_CUdeviceptr src, size_t n);
gf_CUresult gf_cuMemsetD8(gf_CUdeviceptr dst, unsigned char v, size_t n);
gf_CUresult gf_cuMemHostRegister(void *p, size_t n);
gf_CUresult gf_cuMemHostUnregister(void *p);
gf_CUresult gf_cuModuleLoad(uint64_t *mod, const void *image, size_t n, char *log, size_t logsize);
gf_CUresult gf_cuModuleLoadCubin(uint64_t *mod, const void *image);
gf_CUresult gf_cuModuleUnload(uint64_t mod);
gf_CUresult gf_cuModuleGetFunction(uint64_t *f, uint64_t mod, const char *name, size_t namelen);
gf_CUresult gf_cuFuncSetMaxDynamicShared(uint64_t f, int bytes);
gf_CUresult gf_cuLaunch(uint64_t f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,
                        unsigned int by, unsigned int bz, unsigned int shmem, const uint64_t *args, int nargs);
gf_CUresult gf_cuLinkPTX(const void *ptx, size_t n, void **cubin, size_t *cubinsize, char *infolog,
                         size_t infosize, char *errlog, size_t errsize, int *stage);
int gf_cuda_graphs(void);
gf_CUresult gf_cuGraphBuild(const uint64_t *rec, size_t words, uint64_t *exec, long *failed);
gf_CUresult gf_cuGraphLaunch(uint64_t exec);
gf_CUresult gf_cuGraphExecDestroy(uint64_t exec);
int gf_cuda_vmm(void);
gf_CUresult gf_cuResidentAlloc(gf_CUdevice dev, size_t n, gf_CUdeviceptr *ptr, size_t *size,
                               gf_CUmemGenericAllocationHandle *handle);
gf_CUresult gf_cuResidentAccess(gf_CUdevice dev, gf_CUdeviceptr ptr, size_t size, unsigned int flags);
gf_CUresult gf_cuResidentFree(gf_CUdeviceptr ptr, size_t size, gf_CUmemGenericAllocationHandle handle);
gf_CUresult gf_cuEventCreate(uint64_t *event);
gf_CUresult gf_cuEventRecord(uint64_t event);
gf_CUresult gf_cuEventElapsed(float *ms, uint64_t start, uint64_t end);
gf_CUresult gf_cuEventDestroy(uint64_t event);
gf_CUresult gf_cuStreamCreateNonBlocking(uint64_t *stream);
gf_CUresult gf_cuStreamDestroy(uint64_t stream);
gf_CUresult gf_cuEventCreateNoTiming(uint64_t *event);
gf_CUresult gf_cuEventRecordOn(uint64_t event, uint64_t stream);
gf_CUresult gf_cuStreamWaitEventOn(uint64_t stream, uint64_t event);
gf_CUresult gf_cuStreamQueryDefault(void);
gf_CUresult gf_cuMemsetD8On(gf_CUdeviceptr dst, unsigned char v, size_t n, uint64_t stream);
gf_CUresult gf_cuMemcpyHtoDOn(gf_CUdeviceptr dst, const void *src, size_t n, uint64_t stream);
const char *gf_cuErrorName(gf_CUresult r);
const char *gf_cuErrorString(gf_CUresult r);

#endif
