/*
 * hip_decls.h: every C declaration package hip uses of the HIP runtime (libamdhip64), written
 * by hand so that the package builds without ROCm (the library is opened with dlopen at run
 * time).
 *
 * Every name here is prefixed (gf_, GF_) so that this header can be included AFTER AMD's
 * <hip/hip_runtime_api.h> without a conflict: the hipheaders test (headers_check.go, built
 * with `go test -tags hipheaders ./hip`) does exactly that and proves, with _Static_assert,
 * that each function-pointer type below is the type of the real prototype and that each
 * constant has the vendor's value; a mismatch fails the build of that test. GF_HIP_FUNCS and
 * GF_HIP_CONSTS are the single source of truth: lib.c builds its symbol table and dlsym loop
 * from GF_HIP_FUNCS, the check walks both lists.
 *
 * Type choices (each checked against the vendor's header):
 * - hipError_t and hipDeviceAttribute_t are C enums with no negative value; GCC and Clang give
 *   such an enum the type unsigned int, so they are unsigned int here.
 * - The opaque handles reuse AMD's incomplete struct tags (struct ihipModule_t, ...), which
 *   makes pointers to them compatible with hipModule_t and friends.
 * - hipDeviceptr_t is void * on AMD.
 */
#ifndef GPUFN_HIP_DECLS_H
#define GPUFN_HIP_DECLS_H

#include <stddef.h>
#include <stdint.h>

typedef unsigned int gf_hipError_t;
typedef int gf_hipDevice_t;
typedef unsigned int gf_hipDeviceAttribute_t;
typedef void *gf_hipDeviceptr_t;
typedef struct ihipModule_t *gf_hipModule_t;
typedef struct ihipModuleSymbol_t *gf_hipFunction_t;
typedef struct ihipStream_t *gf_hipStream_t;

typedef gf_hipError_t (*gf_hipInit_fn)(unsigned int flags);
typedef gf_hipError_t (*gf_hipDriverGetVersion_fn)(int *version);
typedef gf_hipError_t (*gf_hipRuntimeGetVersion_fn)(int *version);
typedef gf_hipError_t (*gf_hipGetDeviceCount_fn)(int *count);
typedef gf_hipError_t (*gf_hipSetDevice_fn)(int device);
typedef gf_hipError_t (*gf_hipDeviceGetName_fn)(char *name, int len, gf_hipDevice_t device);
typedef gf_hipError_t (*gf_hipDeviceGetAttribute_fn)(int *value, gf_hipDeviceAttribute_t attr, int device);
typedef gf_hipError_t (*gf_hipDeviceTotalMem_fn)(size_t *bytes, gf_hipDevice_t device);
typedef gf_hipError_t (*gf_hipDeviceSynchronize_fn)(void);
typedef gf_hipError_t (*gf_hipDeviceReset_fn)(void);
typedef gf_hipError_t (*gf_hipMemGetInfo_fn)(size_t *free, size_t *total);
typedef gf_hipError_t (*gf_hipMalloc_fn)(void **p, size_t bytes);
typedef gf_hipError_t (*gf_hipFree_fn)(void *p);
typedef gf_hipError_t (*gf_hipMemcpyHtoD_fn)(gf_hipDeviceptr_t dst, void *src, size_t bytes);
typedef gf_hipError_t (*gf_hipMemcpyDtoH_fn)(void *dst, gf_hipDeviceptr_t src, size_t bytes);
typedef gf_hipError_t (*gf_hipMemsetD8_fn)(gf_hipDeviceptr_t dst, unsigned char value, size_t n);
typedef gf_hipError_t (*gf_hipHostRegister_fn)(void *p, size_t bytes, unsigned int flags);
typedef gf_hipError_t (*gf_hipHostUnregister_fn)(void *p);
typedef gf_hipError_t (*gf_hipModuleLoadData_fn)(gf_hipModule_t *mod, const void *image);
typedef gf_hipError_t (*gf_hipModuleUnload_fn)(gf_hipModule_t mod);
typedef gf_hipError_t (*gf_hipModuleGetFunction_fn)(gf_hipFunction_t *f, gf_hipModule_t mod, const char *name);
typedef gf_hipError_t (*gf_hipModuleLaunchKernel_fn)(gf_hipFunction_t f, unsigned int gx, unsigned int gy,
                                                     unsigned int gz, unsigned int bx, unsigned int by,
                                                     unsigned int bz, unsigned int shmem, gf_hipStream_t stream,
                                                     void **params, void **extra);
typedef const char *(*gf_hipGetErrorName_fn)(gf_hipError_t e);
typedef const char *(*gf_hipGetErrorString_fn)(gf_hipError_t e);

/* hipGetDeviceProperties in the layout every ROCm since 5 keeps for old binaries (called
 * hipDeviceProp_tR0000 from ROCm 6 on, where the plain name in the header is a macro for the
 * new R0600 layout). It is resolved apart from GF_HIP_FUNCS: lib.c prefers the symbol
 * hipGetDevicePropertiesR0000 (ROCm 6 and later) and falls back to hipGetDeviceProperties
 * (ROCm 5, where that IS the R0000 layout). Only gcnArchName is read, at a fixed offset into a
 * buffer of GF_HIP_PROPS_SIZE bytes; the header check proves the offset and that the struct
 * fits. */
struct hipDeviceProp_t;
typedef gf_hipError_t (*gf_hipGetDeviceProperties_fn)(struct hipDeviceProp_t *props, int device);

/* X(symbol, function-pointer type): every symbol lib.c resolves, all required. */
#define GF_HIP_FUNCS(X)                                     \
	X(hipInit, gf_hipInit_fn)                               \
	X(hipDriverGetVersion, gf_hipDriverGetVersion_fn)       \
	X(hipRuntimeGetVersion, gf_hipRuntimeGetVersion_fn)     \
	X(hipGetDeviceCount, gf_hipGetDeviceCount_fn)           \
	X(hipSetDevice, gf_hipSetDevice_fn)                     \
	X(hipDeviceGetName, gf_hipDeviceGetName_fn)             \
	X(hipDeviceGetAttribute, gf_hipDeviceGetAttribute_fn)   \
	X(hipDeviceTotalMem, gf_hipDeviceTotalMem_fn)           \
	X(hipDeviceSynchronize, gf_hipDeviceSynchronize_fn)     \
	X(hipDeviceReset, gf_hipDeviceReset_fn)                 \
	X(hipMemGetInfo, gf_hipMemGetInfo_fn)                   \
	X(hipMalloc, gf_hipMalloc_fn)                           \
	X(hipFree, gf_hipFree_fn)                               \
	X(hipMemcpyHtoD, gf_hipMemcpyHtoD_fn)                   \
	X(hipMemcpyDtoH, gf_hipMemcpyDtoH_fn)                   \
	X(hipMemsetD8, gf_hipMemsetD8_fn)                       \
	X(hipHostRegister, gf_hipHostRegister_fn)               \
	X(hipHostUnregister, gf_hipHostUnregister_fn)           \
	X(hipModuleLoadData, gf_hipModuleLoadData_fn)           \
	X(hipModuleUnload, gf_hipModuleUnload_fn)               \
	X(hipModuleGetFunction, gf_hipModuleGetFunction_fn)     \
	X(hipModuleLaunchKernel, gf_hipModuleLaunchKernel_fn)   \
	X(hipGetErrorName, gf_hipGetErrorName_fn)               \
	X(hipGetErrorString, gf_hipGetErrorString_fn)

/* X(vendor name, value): every constant the package uses, as enum constants GF_<vendor name>
 * below (C.GF_<vendor name> in Go). */
#define GF_HIP_CONSTS(X)                                 \
	X(hipSuccess, 0)                                     \
	X(hipErrorInvalidValue, 1)                           \
	X(hipErrorOutOfMemory, 2)                            \
	X(hipErrorNotInitialized, 3)                         \
	X(hipErrorInvalidConfiguration, 9)                   \
	X(hipErrorPriorLaunchFailure, 53)                    \
	X(hipErrorInvalidDeviceFunction, 98)                 \
	X(hipErrorNoDevice, 100)                             \
	X(hipErrorInvalidDevice, 101)                        \
	X(hipErrorInvalidImage, 200)                         \
	X(hipErrorInvalidContext, 201)                       \
	X(hipErrorNoBinaryForGpu, 209)                       \
	X(hipErrorECCNotCorrectable, 214)                    \
	X(hipErrorInvalidKernelFile, 218)                    \
	X(hipErrorInvalidSource, 300)                        \
	X(hipErrorSharedObjectInitFailed, 303)               \
	X(hipErrorInvalidHandle, 400)                        \
	X(hipErrorNotFound, 500)                             \
	X(hipErrorIllegalAddress, 700)                       \
	X(hipErrorLaunchOutOfResources, 701)                 \
	X(hipErrorLaunchTimeOut, 702)                        \
	X(hipErrorContextIsDestroyed, 709)                   \
	X(hipErrorAssert, 710)                               \
	X(hipErrorLaunchFailure, 719)                        \
	X(hipErrorNotSupported, 801)                         \
	X(hipErrorUnknown, 999)                              \
	X(hipErrorRuntimeMemory, 1052)                       \
	X(hipErrorRuntimeOther, 1053)                        \
	X(hipDeviceAttributeMaxThreadsPerBlock, 56)          \
	X(hipDeviceAttributeMaxBlockDimX, 26)                \
	X(hipDeviceAttributeMaxBlockDimY, 27)                \
	X(hipDeviceAttributeMaxBlockDimZ, 28)                \
	X(hipDeviceAttributeMaxGridDimX, 29)                 \
	X(hipDeviceAttributeMaxGridDimY, 30)                 \
	X(hipDeviceAttributeMaxGridDimZ, 31)                 \
	X(hipDeviceAttributeMaxSharedMemoryPerBlock, 74)     \
	X(hipDeviceAttributeSharedMemPerBlockOptin, 75)      \
	X(hipDeviceAttributePageableMemoryAccess, 65)        \
	X(hipHostRegisterDefault, 0)

#define GF_HIP_ENUM_ITEM(name, value) GF_##name = value,
enum { GF_HIP_CONSTS(GF_HIP_ENUM_ITEM) };
#undef GF_HIP_ENUM_ITEM

enum {
	GF_MAX_ARGS = 64,                     /* kernel arguments per launch (8 bytes each) */
	GF_NAME_SIZE = 256,                   /* bytes for a device name */
	GF_HIP_PROPS_SIZE = 4096,             /* buffer for hipDeviceProp_tR0000 (792 bytes in ROCm 5.2) */
	GF_HIP_PROPS_GCNARCHNAME_OFFSET = 396, /* offsetof(hipDeviceProp_tR0000, gcnArchName), 256 bytes */
	GF_HIP_GCNARCHNAME_SIZE = 256,
};

/* Implemented in lib.c. Device pointers and handles travel to and from Go as uint64_t. */
const char *gf_hip_load(void);
gf_hipError_t gf_hipInit(void);
gf_hipError_t gf_hipDriverGetVersion(int *v);
gf_hipError_t gf_hipRuntimeGetVersion(int *v);
gf_hipError_t gf_hipGetDeviceCount(int *n);
gf_hipError_t gf_hipSetDevice(int device);
gf_hipError_t gf_hipDeviceGetName(char *name, int len, gf_hipDevice_t device);
gf_hipError_t gf_hipDeviceGetAttribute(int *v, gf_hipDeviceAttribute_t attr, int device);
gf_hipError_t gf_hipDeviceTotalMem(size_t *bytes, gf_hipDevice_t device);
gf_hipError_t gf_hipGcnArchName(char *name, size_t len, int device);
gf_hipError_t gf_hipDeviceSynchronize(void);
gf_hipError_t gf_hipDeviceReset(void);
gf_hipError_t gf_hipMemGetInfo(size_t *free, size_t *total);
gf_hipError_t gf_hipMalloc(uint64_t *p, size_t n);
gf_hipError_t gf_hipFree(uint64_t p);
gf_hipError_t gf_hipMemcpyHtoD(uint64_t dst, void *src, size_t n);
gf_hipError_t gf_hipMemcpyDtoH(void *dst, uint64_t src, size_t n);
gf_hipError_t gf_hipMemsetD8(uint64_t dst, unsigned char v, size_t n);
gf_hipError_t gf_hipHostRegister(void *p, size_t n);
gf_hipError_t gf_hipHostUnregister(void *p);
gf_hipError_t gf_hipModuleLoad(uint64_t *mod, uint64_t *copy, const void *image, size_t n);
void gf_hipFreeImage(uint64_t copy);
gf_hipError_t gf_hipModuleUnload(uint64_t mod);
gf_hipError_t gf_hipModuleGetFunction(uint64_t *f, uint64_t mod, const char *name, size_t namelen);
gf_hipError_t gf_hipLaunch(uint64_t f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,
                           unsigned int by, unsigned int bz, unsigned int shmem, const uint64_t *args, int nargs);
const char *gf_hipErrorName(gf_hipError_t e);
const char *gf_hipErrorString(gf_hipError_t e);

#endif
