//go:build hipheaders

package hip

// This file is built only with -tags hipheaders, on a machine with AMD's HIP headers
// (Debian: libamdhip64-dev; scripts/hip-headers.sh installs it where it can). It compiles
// hip_decls.h after <hip/hip_runtime_api.h> and asserts, at compile time, that every
// function-pointer type declared there is the type of the vendor's prototype and that every
// constant has the vendor's value: a mismatch fails the build of the package's tests.

/*
#cgo CFLAGS: -D__HIP_PLATFORM_AMD__
#include <hip/hip_runtime_api.h>
#include <stddef.h>
#include "hip_decls.h"

#define GF_STR(x) #x
#define GF_XSTR(x) GF_STR(x)

// The header must not rename the symbol we dlsym, and its prototype must have our type.
#define GF_CHECK_FN(sym, type)                                                              \
	_Static_assert(sizeof(#sym) == sizeof(GF_XSTR(sym)),                                   \
	               "hip_runtime_api.h maps " #sym " to another symbol");                   \
	_Static_assert(__builtin_types_compatible_p(__typeof__(&sym), type),                   \
	               "prototype of " #sym " in hip_runtime_api.h differs from " #type " in hip_decls.h");
GF_HIP_FUNCS(GF_CHECK_FN)

#define GF_CHECK_CONST(name, value)                                                          \
	_Static_assert((long long)(name) == (long long)(value), #name " is not " #value " in the HIP headers"); \
	_Static_assert((long long)(GF_##name) == (long long)(name), "GF_" #name " differs from the HIP headers");
GF_HIP_CONSTS(GF_CHECK_CONST)

_Static_assert(__builtin_types_compatible_p(gf_hipError_t, hipError_t), "hipError_t");
_Static_assert(__builtin_types_compatible_p(gf_hipDevice_t, hipDevice_t), "hipDevice_t");
_Static_assert(__builtin_types_compatible_p(gf_hipDeviceAttribute_t, hipDeviceAttribute_t), "hipDeviceAttribute_t");
_Static_assert(__builtin_types_compatible_p(gf_hipDeviceptr_t, hipDeviceptr_t), "hipDeviceptr_t");
_Static_assert(__builtin_types_compatible_p(gf_hipModule_t, hipModule_t), "hipModule_t");
_Static_assert(__builtin_types_compatible_p(gf_hipFunction_t, hipFunction_t), "hipFunction_t");
_Static_assert(__builtin_types_compatible_p(gf_hipStream_t, hipStream_t), "hipStream_t");

// The device properties entry point and the part of its struct that lib.c reads.
#if HIP_VERSION_MAJOR < 6
_Static_assert(__builtin_types_compatible_p(__typeof__(&hipGetDeviceProperties), gf_hipGetDeviceProperties_fn),
               "prototype of hipGetDeviceProperties differs from gf_hipGetDeviceProperties_fn");
typedef hipDeviceProp_t gf_checked_props;
#else
// Not yet compiled anywhere: ROCm 6 headers name the legacy layout hipDeviceProp_tR0000, and
// the plain hipGetDeviceProperties is a macro for the new R0600 entry point.
_Static_assert(__builtin_types_compatible_p(__typeof__(&hipGetDevicePropertiesR0000),
                                            hipError_t (*)(hipDeviceProp_tR0000 *, int)),
               "prototype of hipGetDevicePropertiesR0000");
typedef hipDeviceProp_tR0000 gf_checked_props;
#endif
_Static_assert(offsetof(gf_checked_props, gcnArchName) == GF_HIP_PROPS_GCNARCHNAME_OFFSET,
               "offset of gcnArchName in the legacy hipDeviceProp_t");
_Static_assert(sizeof(((gf_checked_props *)0)->gcnArchName) == GF_HIP_GCNARCHNAME_SIZE, "size of gcnArchName");
_Static_assert(sizeof(gf_checked_props) <= GF_HIP_PROPS_SIZE, "the legacy hipDeviceProp_t outgrew GF_HIP_PROPS_SIZE");

#define GF_COUNT(a, b) +1
enum {
	GF_CHECKED_FUNCS = 0 GF_HIP_FUNCS(GF_COUNT) + 1, // + the device properties entry point
	GF_CHECKED_CONSTS = 0 GF_HIP_CONSTS(GF_COUNT) + 3, // + the layout of the properties struct
	GF_CHECKED_HIP_VERSION = HIP_VERSION,
};
*/
import "C"

// headerCheck reports what the compile-time checks above covered: prototypes, constants and
// the HIP_VERSION of the headers. That it compiled is the check.
func headerCheck() (funcs, consts, version int) {
	return C.GF_CHECKED_FUNCS, C.GF_CHECKED_CONSTS, C.GF_CHECKED_HIP_VERSION
}
