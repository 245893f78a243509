// lib.c: the dlopen'ed HIP runtime table and thin C wrappers around it, one per call the Go
// side makes. Declarations and the symbol list are in hip_decls.h. Nothing here allocates
// except gf_hipModuleLoad (a copy of the image, kept until gf_hipFreeImage).
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "hip_decls.h"

#define GF_FIELD(sym, type) type sym;
static struct {
	GF_HIP_FUNCS(GF_FIELD)
	gf_hipGetDeviceProperties_fn getProps;
} api;
#undef GF_FIELD

// The names tried in order: the development symlink, then the versioned sonames.
static const char *const libnames[] = {"libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5"};

// gf_hip_load opens libamdhip64 and resolves every symbol of GF_HIP_FUNCS plus the device
// properties entry point. It returns NULL on success, else a static description of what is
// missing. The Go side calls it once.
const char *gf_hip_load(void) {
	void *h = NULL;
	for (size_t i = 0; h == NULL && i < sizeof libnames / sizeof libnames[0]; i++) {
		h = dlopen(libnames[i], RTLD_NOW | RTLD_LOCAL);
	}
	if (h == NULL) {
		return "libamdhip64.so not found: no ROCm HIP runtime on this host";
	}
#define GF_RESOLVE(sym, type)                                     \
	api.sym = (type)dlsym(h, #sym);                               \
	if (api.sym == NULL) {                                        \
		return "libamdhip64 lacks " #sym ": HIP runtime too old"; \
	}
	GF_HIP_FUNCS(GF_RESOLVE)
#undef GF_RESOLVE
	api.getProps = (gf_hipGetDeviceProperties_fn)dlsym(h, "hipGetDevicePropertiesR0000");
	if (api.getProps == NULL) {
		api.getProps = (gf_hipGetDeviceProperties_fn)dlsym(h, "hipGetDeviceProperties");
	}
	if (api.getProps == NULL) {
		return "libamdhip64 lacks hipGetDeviceProperties: HIP runtime too old";
	}
	return NULL;
}

gf_hipError_t gf_hipInit(void) { return api.hipInit(0); }
gf_hipError_t gf_hipDriverGetVersion(int *v) { return api.hipDriverGetVersion(v); }
gf_hipError_t gf_hipRuntimeGetVersion(int *v) { return api.hipRuntimeGetVersion(v); }
gf_hipError_t gf_hipGetDeviceCount(int *n) { return api.hipGetDeviceCount(n); }
gf_hipError_t gf_hipSetDevice(int device) { return api.hipSetDevice(device); }
gf_hipError_t gf_hipDeviceGetName(char *name, int len, gf_hipDevice_t device) {
	return api.hipDeviceGetName(name, len, device);
}
gf_hipError_t gf_hipDeviceGetAttribute(int *v, gf_hipDeviceAttribute_t attr, int device) {
	return api.hipDeviceGetAttribute(v, attr, device);
}
gf_hipError_t gf_hipDeviceTotalMem(size_t *bytes, gf_hipDevice_t device) { return api.hipDeviceTotalMem(bytes, device); }

// gf_hipGcnArchName copies the device's gcnArchName (e.g. "gfx90a:sramecc+:xnack-") to name,
// NUL-terminated, from the legacy (R0000) device properties.
gf_hipError_t gf_hipGcnArchName(char *name, size_t len, int device) {
	// Aligned for the struct's size_t and pointer members.
	union {
		char bytes[GF_HIP_PROPS_SIZE];
		long double align;
	} props;
	memset(&props, 0, sizeof props);
	gf_hipError_t r = api.getProps((struct hipDeviceProp_t *)&props, device);
	if (r != GF_hipSuccess || len == 0) {
		return r;
	}
	const char *arch = props.bytes + GF_HIP_PROPS_GCNARCHNAME_OFFSET;
	size_t k = strnlen(arch, GF_HIP_GCNARCHNAME_SIZE);
	if (k > len - 1) {
		k = len - 1;
	}
	memcpy(name, arch, k);
	name[k] = 0;
	return r;
}

gf_hipError_t gf_hipDeviceSynchronize(void) { return api.hipDeviceSynchronize(); }
gf_hipError_t gf_hipDeviceReset(void) { return api.hipDeviceReset(); }
gf_hipError_t gf_hipMemGetInfo(size_t *free, size_t *total) { return api.hipMemGetInfo(free, total); }

gf_hipError_t gf_hipMalloc(uint64_t *p, size_t n) {
	void *q = NULL;
	gf_hipError_t r = api.hipMalloc(&q, n);
	*p = (uint64_t)(uintptr_t)q;
	return r;
}
gf_hipError_t gf_hipFree(uint64_t p) { return api.hipFree((void *)(uintptr_t)p); }
gf_hipError_t gf_hipMemcpyHtoD(uint64_t dst, void *src, size_t n) {
	return api.hipMemcpyHtoD((gf_hipDeviceptr_t)(uintptr_t)dst, src, n);
}
gf_hipError_t gf_hipMemcpyDtoH(void *dst, uint64_t src, size_t n) {
	return api.hipMemcpyDtoH(dst, (gf_hipDeviceptr_t)(uintptr_t)src, n);
}
gf_hipError_t gf_hipMemsetD8(uint64_t dst, unsigned char v, size_t n) {
	return api.hipMemsetD8((gf_hipDeviceptr_t)(uintptr_t)dst, v, n);
}
gf_hipError_t gf_hipHostRegister(void *p, size_t n) { return api.hipHostRegister(p, n, GF_hipHostRegisterDefault); }
gf_hipError_t gf_hipHostUnregister(void *p) { return api.hipHostUnregister(p); }

// gf_hipModuleLoad copies the n bytes of image into C memory (with a NUL after them) and loads
// that copy. The copy's address is returned in *copy whether or not the load succeeds; the
// caller frees it with gf_hipFreeImage after hipModuleUnload, because this package does not
// rely on the runtime having copied the code object.
gf_hipError_t gf_hipModuleLoad(uint64_t *mod, uint64_t *copy, const void *image, size_t n) {
	char *c = malloc(n + 1);
	*copy = (uint64_t)(uintptr_t)c;
	*mod = 0;
	if (c == NULL) {
		return GF_hipErrorOutOfMemory;
	}
	memcpy(c, image, n);
	c[n] = 0;
	gf_hipModule_t m = NULL;
	gf_hipError_t r = api.hipModuleLoadData(&m, c);
	*mod = (uint64_t)(uintptr_t)m;
	return r;
}
void gf_hipFreeImage(uint64_t copy) { free((void *)(uintptr_t)copy); }

gf_hipError_t gf_hipModuleUnload(uint64_t mod) { return api.hipModuleUnload((gf_hipModule_t)(uintptr_t)mod); }

// gf_hipModuleGetFunction looks up a kernel whose name is namelen bytes (not NUL-terminated)
// at name. Names of 1024 bytes or more are not found.
gf_hipError_t gf_hipModuleGetFunction(uint64_t *f, uint64_t mod, const char *name, size_t namelen) {
	char buf[1024];
	if (namelen >= sizeof buf) {
		return GF_hipErrorNotFound;
	}
	memcpy(buf, name, namelen);
	buf[namelen] = 0;
	gf_hipFunction_t fn = NULL;
	gf_hipError_t r = api.hipModuleGetFunction(&fn, (gf_hipModule_t)(uintptr_t)mod, buf);
	*f = (uint64_t)(uintptr_t)fn;
	return r;
}

// gf_hipLaunch enqueues f on the null stream. Its nargs 8-byte arguments are at args; the
// runtime copies them during the call, so the array of pointers to them lives on this stack.
gf_hipError_t gf_hipLaunch(uint64_t f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,
                           unsigned int by, unsigned int bz, unsigned int shmem, const uint64_t *args, int nargs) {
	void *params[GF_MAX_ARGS];
	if (nargs < 0 || nargs > GF_MAX_ARGS) {
		return GF_hipErrorInvalidValue;
	}
	for (int i = 0; i < nargs; i++) {
		params[i] = (void *)&args[i];
	}
	return api.hipModuleLaunchKernel((gf_hipFunction_t)(uintptr_t)f, gx, gy, gz, bx, by, bz, shmem, NULL,
	                                 nargs > 0 ? params : NULL, NULL);
}

// gf_hipErrorName and gf_hipErrorString return the runtime's text for e (NULL before the
// library is loaded).
const char *gf_hipErrorName(gf_hipError_t e) { return api.hipGetErrorName ? api.hipGetErrorName(e) : NULL; }
const char *gf_hipErrorString(gf_hipError_t e) { return api.hipGetErrorString ? api.hipGetErrorString(e) : NULL; }
