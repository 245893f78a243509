// lib.c: the dlopen'ed CUDA driver table and thin C wrappers around it, one per call the Go
// side makes. Declarations and the symbol list are in cuda_decls.h. Nothing here allocates
// except gf_cuModuleLoad and gf_cuLinkPTX (a NUL-terminated copy of the image, freed before
// they return) and gf_cuLinkPTX's copy of the cubin, which the caller frees.
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_decls.h"

#define GF_FIELD(sym, type) type sym;
static struct {
	GF_CUDA_FUNCS(GF_FIELD)
	GF_CUDA_ELAPSED_FUNCS(GF_FIELD)
	GF_CUDA_GRAPH_FUNCS(GF_FIELD)
	GF_CUDA_VMM_FUNCS(GF_FIELD)
	gf_cuEventElapsedTime_fn elapsed; /* the first symbol of GF_CUDA_ELAPSED_FUNCS resolved */
	int graphs; /* every symbol of GF_CUDA_GRAPH_FUNCS resolved */
	int vmm;    /* every symbol of GF_CUDA_VMM_FUNCS resolved */
} api;
#undef GF_FIELD

// gf_cuda_load opens libcuda.so.1 and resolves every symbol of GF_CUDA_FUNCS and one of
// GF_CUDA_ELAPSED_FUNCS (the optional groups where the driver has them). It returns NULL on
// success, else a static description of what is missing. The Go side calls it once.
const char *gf_cuda_load(void) {
	void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
	if (h == NULL) {
		return "libcuda.so.1 not found: no NVIDIA driver on this host";
	}
#define GF_RESOLVE(sym, type)                                   \
	api.sym = (type)dlsym(h, #sym);                             \
	if (api.sym == NULL) {                                      \
		return "libcuda.so.1 lacks " #sym ": NVIDIA driver too old"; \
	}
	GF_CUDA_FUNCS(GF_RESOLVE)
#undef GF_RESOLVE
	api.elapsed = NULL;
#define GF_RESOLVE_ELAPSED(sym, type)      \
	api.sym = (type)dlsym(h, #sym);        \
	if (api.elapsed == NULL) {             \
		api.elapsed = api.sym;             \
	}
	GF_CUDA_ELAPSED_FUNCS(GF_RESOLVE_ELAPSED)
#undef GF_RESOLVE_ELAPSED
	if (api.elapsed == NULL) {
		return "libcuda.so.1 lacks cuEventElapsedTime: NVIDIA driver too old";
	}
	api.graphs = 1;
#define GF_RESOLVE_OPTIONAL(sym, type)     \
	api.sym = (type)dlsym(h, #sym);        \
	if (api.sym == NULL) {                 \
		api.graphs = 0;                    \
	}
	GF_CUDA_GRAPH_FUNCS(GF_RESOLVE_OPTIONAL)
#undef GF_RESOLVE_OPTIONAL
	api.vmm = 1;
#define GF_RESOLVE_VMM(sym, type)     \
	api.sym = (type)dlsym(h, #sym);   \
	if (api.sym == NULL) {            \
		api.vmm = 0;                  \
	}
	GF_CUDA_VMM_FUNCS(GF_RESOLVE_VMM)
#undef GF_RESOLVE_VMM
	return NULL;
}

// gf_cuda_graphs reports whether the driver has the graph API this package uses.
int gf_cuda_graphs(void) { return api.graphs; }

gf_CUresult gf_cuInit(void) { return api.cuInit(0); }
gf_CUresult gf_cuDriverGetVersion(int *v) { return api.cuDriverGetVersion(v); }
gf_CUresult gf_cuDeviceGetCount(int *n) { return api.cuDeviceGetCount(n); }
gf_CUresult gf_cuDeviceGet(gf_CUdevice *dev, int ordinal) { return api.cuDeviceGet(dev, ordinal); }
gf_CUresult gf_cuDeviceGetName(char *name, int len, gf_CUdevice dev) { return api.cuDeviceGetName(name, len, dev); }
gf_CUresult gf_cuDeviceGetAttribute(int *v, gf_CUdevice_attribute attr, gf_CUdevice dev) {
	return api.cuDeviceGetAttribute(v, attr, dev);
}
gf_CUresult gf_cuDeviceTotalMem(size_t *bytes, gf_CUdevice dev) { return api.cuDeviceTotalMem_v2(bytes, dev); }

// gf_cuPrimaryCtxRetainSetCurrent retains dev's primary context and makes it current on the
// calling thread; on failure of the second step it releases what it retained.
gf_CUresult gf_cuPrimaryCtxRetainSetCurrent(gf_CUdevice dev) {
	gf_CUcontext ctx = NULL;
	gf_CUresult r = api.cuDevicePrimaryCtxRetain(&ctx, dev);
	if (r != GF_CUDA_SUCCESS) {
		return r;
	}
	r = api.cuCtxSetCurrent(ctx);
	if (r != GF_CUDA_SUCCESS) {
		api.cuDevicePrimaryCtxRelease_v2(dev);
	}
	return r;
}
gf_CUresult gf_cuDevicePrimaryCtxRelease(gf_CUdevice dev) { return api.cuDevicePrimaryCtxRelease_v2(dev); }
gf_CUresult gf_cuCtxSynchronize(void) { return api.cuCtxSynchronize(); }

gf_CUresult gf_cuMemGetInfo(size_t *free, size_t *total) { return api.cuMemGetInfo_v2(free, total); }
gf_CUresult gf_cuMemAlloc(gf_CUdeviceptr *p, size_t n) { return api.cuMemAlloc_v2(p, n); }
gf_CUresult gf_cuMemFree(gf_CUdeviceptr p) { return api.cuMemFree_v2(p); }
gf_CUresult gf_cuMemcpyHtoD(gf_CUdeviceptr dst, const void *src, size_t n) { return api.cuMemcpyHtoD_v2(dst, src, n); }
// gf_cuMemcpyHtoDAsync enqueues a host-to-device copy on the default (NULL) stream.
gf_CUresult gf_cuMemcpyHtoDAsync(gf_CUdeviceptr dst, const void *src, size_t n) {
	return api.cuMemcpyHtoDAsync_v2(dst, src, n, NULL);
}
gf_CUresult gf_cuMemcpyDtoH(void *dst, gf_CUdeviceptr src, size_t n) { return api.cuMemcpyDtoH_v2(dst, src, n); }
// gf_cuMemcpyDtoHAsync enqueues a device-to-host copy on the default (NULL) stream.
gf_CUresult gf_cuMemcpyDtoHAsync(void *dst, gf_CUdeviceptr src, size_t n) {
	return api.cuMemcpyDtoHAsync_v2(dst, src, n, NULL);
}
gf_CUresult gf_cuMemsetD8(gf_CUdeviceptr dst, unsigned char v, size_t n) { return api.cuMemsetD8_v2(dst, v, n); }
gf_CUresult gf_cuMemHostRegister(void *p, size_t n) { return api.cuMemHostRegister_v2(p, n, 0); }
gf_CUresult gf_cuMemHostUnregister(void *p) { return api.cuMemHostUnregister(p); }

// gf_cuModuleLoadCubin loads an ELF cubin as it is (cuModuleLoadData: no copy, no JIT options;
// a cubin has nothing to compile, so there is no JIT log to keep).
gf_CUresult gf_cuModuleLoadCubin(uint64_t *mod, const void *image) {
	gf_CUmodule m = NULL;
	gf_CUresult r = api.cuModuleLoadData(&m, image);
	*mod = (uint64_t)(uintptr_t)m;
	return r;
}

// gf_cuModuleLoad copies the n bytes of image into C memory with a NUL after them (PTX must be
// a NUL-terminated string; a cubin or fatbin ignores the extra byte) and loads it with the JIT
// error log captured: up to logsize-1 bytes of it are copied to log, always NUL-terminated.
gf_CUresult gf_cuModuleLoad(uint64_t *mod, const void *image, size_t n, char *log, size_t logsize) {
	char *copy = malloc(n + 1);
	if (copy == NULL) {
		return GF_CUDA_ERROR_OUT_OF_MEMORY;
	}
	memcpy(copy, image, n);
	copy[n] = 0;
	char jitlog[GF_JIT_LOG_SIZE];
	jitlog[0] = 0;
	gf_CUjit_option opts[2] = {GF_CU_JIT_ERROR_LOG_BUFFER, GF_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
	void *vals[2] = {jitlog, (void *)(uintptr_t)sizeof jitlog};
	gf_CUmodule m = NULL;
	gf_CUresult r = api.cuModuleLoadDataEx(&m, copy, 2, opts, vals);
	free(copy);
	jitlog[sizeof jitlog - 1] = 0;
	if (logsize > 0) {
		size_t k = strlen(jitlog);
		if (k > logsize - 1) {
			k = logsize - 1;
		}
		memcpy(log, jitlog, k);
		log[k] = 0;
	}
	*mod = (uint64_t)(uintptr_t)m;
	return r;
}

// gf_cuLinkPTX compiles the n bytes of PTX at ptx (copied into C memory with a NUL after
// them) for the current context's device with the driver's JIT linker and links it into a
// cubin: cuLinkCreate, cuLinkAddData (CU_JIT_INPUT_PTX), cuLinkComplete. The cubin, which
// belongs to the link state, is copied into malloc'ed memory at *cubin (*cubinsize bytes; the
// caller frees it) before cuLinkDestroy. The linker's info and error logs go to infolog and
// errlog (infosize and errsize bytes, NUL-terminated by the driver; the last byte is set to NUL
// again here). On failure *stage says which call failed: 1 create, 2 add, 3 complete, 0 none
// of them (no memory for a copy).
gf_CUresult gf_cuLinkPTX(const void *ptx, size_t n, void **cubin, size_t *cubinsize, char *infolog,
                         size_t infosize, char *errlog, size_t errsize, int *stage) {
	*cubin = NULL;
	*cubinsize = 0;
	*stage = 0;
	char *copy = malloc(n + 1);
	if (copy == NULL) {
		return GF_CUDA_ERROR_OUT_OF_MEMORY;
	}
	memcpy(copy, ptx, n);
	copy[n] = 0;
	gf_CUjit_option opts[4] = {GF_CU_JIT_INFO_LOG_BUFFER, GF_CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
	                           GF_CU_JIT_ERROR_LOG_BUFFER, GF_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
	void *vals[4] = {infolog, (void *)(uintptr_t)infosize, errlog, (void *)(uintptr_t)errsize};
	gf_CUlinkState state = NULL;
	*stage = 1;
	gf_CUresult r = api.cuLinkCreate_v2(4, opts, vals, &state);
	if (r == GF_CUDA_SUCCESS) {
		*stage = 2;
		r = api.cuLinkAddData_v2(state, GF_CU_JIT_INPUT_PTX, copy, n + 1, "upload.ptx", 0, NULL, NULL);
	}
	if (r == GF_CUDA_SUCCESS) {
		*stage = 3;
		void *out = NULL;
		size_t size = 0;
		r = api.cuLinkComplete(state, &out, &size);
		if (r == GF_CUDA_SUCCESS) {
			*stage = 0;
			*cubin = malloc(size > 0 ? size : 1);
			if (*cubin == NULL) {
				r = GF_CUDA_ERROR_OUT_OF_MEMORY;
			} else {
				memcpy(*cubin, out, size);
				*cubinsize = size;
			}
		}
	}
	if (state != NULL) {
		api.cuLinkDestroy(state);
	}
	free(copy);
	if (infosize > 0) {
		infolog[infosize - 1] = 0;
	}
	if (errsize > 0) {
		errlog[errsize - 1] = 0;
	}
	return r;
}

gf_CUresult gf_cuModuleUnload(uint64_t mod) { return api.cuModuleUnload((gf_CUmodule)(uintptr_t)mod); }

// gf_cuModuleGetFunction looks up a kernel whose name is namelen bytes (not NUL-terminated)
// at name. Names of 1024 bytes or more are not found.
gf_CUresult gf_cuModuleGetFunction(uint64_t *f, uint64_t mod, const char *name, size_t namelen) {
	char buf[1024];
	if (namelen >= sizeof buf) {
		return GF_CUDA_ERROR_NOT_FOUND;
	}
	memcpy(buf, name, namelen);
	buf[namelen] = 0;
	gf_CUfunction fn = NULL;
	gf_CUresult r = api.cuModuleGetFunction(&fn, (gf_CUmodule)(uintptr_t)mod, buf);
	*f = (uint64_t)(uintptr_t)fn;
	return r;
}

gf_CUresult gf_cuFuncSetMaxDynamicShared(uint64_t f, int bytes) {
	return api.cuFuncSetAttribute((gf_CUfunction)(uintptr_t)f, GF_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
	                              bytes);
}

// gf_cuLaunch enqueues f on the default stream. Its nargs 8-byte arguments are at args; the
// driver copies them during the call, so the array of pointers to them lives on this stack.
gf_CUresult gf_cuLaunch(uint64_t f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,
                        unsigned int by, unsigned int bz, unsigned int shmem, const uint64_t *args, int nargs) {
	void *params[GF_MAX_ARGS];
	if (nargs < 0 || nargs > GF_MAX_ARGS) {
		return GF_CUDA_ERROR_INVALID_VALUE;
	}
	for (int i = 0; i < nargs; i++) {
		params[i] = (void *)&args[i];
	}
	return api.cuLaunchKernel((gf_CUfunction)(uintptr_t)f, gx, gy, gz, bx, by, bz, shmem, NULL,
	                          nargs > 0 ? params : NULL, NULL);
}

// gf_cuGraphBuild builds a graph of the launches in rec (words uint64_t, the encoding of
// gpu.AppendLaunch), each kernel node depending on the one before, and instantiates it into
// *exec. The graph itself is destroyed before returning (the executable graph does not need
// it). The driver copies each node's parameter values when the node is added, so rec need only
// live for the call. On an error from adding a node, *failed is that launch's index (else -1).
gf_CUresult gf_cuGraphBuild(const uint64_t *rec, size_t words, uint64_t *exec, long *failed) {
	*failed = -1;
	*exec = 0;
	if (!api.graphs) {
		return GF_CUDA_ERROR_NOT_SUPPORTED;
	}
	gf_CUgraph g = NULL;
	gf_CUresult r = api.cuGraphCreate(&g, 0);
	if (r != GF_CUDA_SUCCESS) {
		return r;
	}
	gf_CUgraphNode prev = NULL;
	long k = 0;
	size_t i = 0;
	while (i < words) {
		if (words - i < 5) {
			r = GF_CUDA_ERROR_INVALID_VALUE;
			*failed = k;
			break;
		}
		uint64_t nargs = rec[i + 4] >> 32;
		if (nargs > GF_MAX_ARGS || nargs > words - i - 5) {
			r = GF_CUDA_ERROR_INVALID_VALUE;
			*failed = k;
			break;
		}
		void *params[GF_MAX_ARGS];
		for (uint64_t j = 0; j < nargs; j++) {
			params[j] = (void *)&rec[i + 5 + j];
		}
		gf_CUDA_KERNEL_NODE_PARAMS_v2 p;
		memset(&p, 0, sizeof p);
		p.func = (gf_CUfunction)(uintptr_t)rec[i];
		p.gridDimX = (unsigned int)rec[i + 1];
		p.gridDimY = (unsigned int)(rec[i + 1] >> 32);
		p.gridDimZ = (unsigned int)rec[i + 2];
		p.blockDimX = (unsigned int)(rec[i + 2] >> 32);
		p.blockDimY = (unsigned int)rec[i + 3];
		p.blockDimZ = (unsigned int)(rec[i + 3] >> 32);
		p.sharedMemBytes = (unsigned int)rec[i + 4];
		p.kernelParams = nargs > 0 ? params : NULL;
		gf_CUgraphNode node = NULL;
		r = api.cuGraphAddKernelNode_v2(&node, g, prev != NULL ? &prev : NULL, prev != NULL ? 1 : 0,
		                                 (const struct CUDA_KERNEL_NODE_PARAMS_v2_st *)&p);
		if (r != GF_CUDA_SUCCESS) {
			*failed = k;
			break;
		}
		prev = node;
		i += 5 + nargs;
		k++;
	}
	if (r == GF_CUDA_SUCCESS) {
		gf_CUgraphExec ex = NULL;
		r = api.cuGraphInstantiateWithFlags(&ex, g, 0);
		if (r == GF_CUDA_SUCCESS) {
			*exec = (uint64_t)(uintptr_t)ex;
		}
	}
	api.cuGraphDestroy(g);
	return r;
}

// gf_cuGraphLaunch enqueues an executable graph on the default (NULL) stream.
gf_CUresult gf_cuGraphLaunch(uint64_t exec) {
	return api.cuGraphLaunch((gf_CUgraphExec)(uintptr_t)exec, NULL);
}

gf_CUresult gf_cuGraphExecDestroy(uint64_t exec) { return api.cuGraphExecDestroy((gf_CUgraphExec)(uintptr_t)exec); }

// gf_cuEventCreate creates an event with CU_EVENT_DEFAULT (flags 0: it records timing; no
// blocking synchronization, no interprocess use) into *event.
gf_CUresult gf_cuEventCreate(uint64_t *event) {
	gf_CUevent e = NULL;
	gf_CUresult r = api.cuEventCreate(&e, GF_CU_EVENT_DEFAULT);
	*event = (uint64_t)(uintptr_t)e;
	return r;
}

// gf_cuEventRecord records an event on the default (NULL) stream.
gf_CUresult gf_cuEventRecord(uint64_t event) { return api.cuEventRecord((gf_CUevent)(uintptr_t)event, NULL); }

// gf_cuEventElapsed is the time in ms from start to end (cuEventElapsedTime_v2, or the first
// version where the driver lacks it).
gf_CUresult gf_cuEventElapsed(float *ms, uint64_t start, uint64_t end) {
	return api.elapsed(ms, (gf_CUevent)(uintptr_t)start, (gf_CUevent)(uintptr_t)end);
}

gf_CUresult gf_cuEventDestroy(uint64_t event) { return api.cuEventDestroy_v2((gf_CUevent)(uintptr_t)event); }

// The copy stream (ahead.go): a stream of its own, created CU_STREAM_NON_BLOCKING so that it
// never synchronizes implicitly with the legacy default (NULL) stream, where everything else
// goes; events made for it keep no timing. A stream handle of 0 below is the NULL stream.
gf_CUresult gf_cuStreamCreateNonBlocking(uint64_t *stream) {
	gf_CUstream s = NULL;
	gf_CUresult r = api.cuStreamCreate(&s, GF_CU_STREAM_NON_BLOCKING);
	*stream = (uint64_t)(uintptr_t)s;
	return r;
}
gf_CUresult gf_cuStreamDestroy(uint64_t stream) { return api.cuStreamDestroy_v2((gf_CUstream)(uintptr_t)stream); }
gf_CUresult gf_cuEventCreateNoTiming(uint64_t *event) {
	gf_CUevent e = NULL;
	gf_CUresult r = api.cuEventCreate(&e, GF_CU_EVENT_DISABLE_TIMING);
	*event = (uint64_t)(uintptr_t)e;
	return r;
}
gf_CUresult gf_cuEventRecordOn(uint64_t event, uint64_t stream) {
	return api.cuEventRecord((gf_CUevent)(uintptr_t)event, (gf_CUstream)(uintptr_t)stream);
}
gf_CUresult gf_cuStreamWaitEventOn(uint64_t stream, uint64_t event) {
	return api.cuStreamWaitEvent((gf_CUstream)(uintptr_t)stream, (gf_CUevent)(uintptr_t)event, 0);
}
// gf_cuStreamQueryDefault: CUDA_SUCCESS when the NULL stream has run everything enqueued on
// it, CUDA_ERROR_NOT_READY while it has not, else the error of its work (a fault).
gf_CUresult gf_cuStreamQueryDefault(void) { return api.cuStreamQuery(NULL); }
gf_CUresult gf_cuMemsetD8On(gf_CUdeviceptr dst, unsigned char v, size_t n, uint64_t stream) {
	return api.cuMemsetD8Async(dst, v, n, (gf_CUstream)(uintptr_t)stream);
}
gf_CUresult gf_cuMemcpyHtoDOn(gf_CUdeviceptr dst, const void *src, size_t n, uint64_t stream) {
	return api.cuMemcpyHtoDAsync_v2(dst, src, n, (gf_CUstream)(uintptr_t)stream);
}

// gf_cuErrorName and gf_cuErrorString return the driver's text for r, or NULL when the driver
// does not know r. They touch no context, so they are safe after a fatal error.
const char *gf_cuErrorName(gf_CUresult r) {
	const char *s = NULL;
	if (api.cuGetErrorName == NULL || api.cuGetErrorName(r, &s) != GF_CUDA_SUCCESS) {
		return NULL;
	}
	return s;
}
const char *gf_cuErrorString(gf_CUresult r) {
	const char *s = NULL;
	if (api.cuGetErrorString == NULL || api.cuGetErrorString(r, &s) != GF_CUDA_SUCCESS) {
		return NULL;
	}
	return s;
}

// gf_cuda_vmm reports whether the driver has the virtual memory management API.
int gf_cuda_vmm(void) { return api.vmm; }

static gf_CUmemAllocationProp gf_device_prop(gf_CUdevice dev) {
	gf_CUmemAllocationProp prop;
	memset(&prop, 0, sizeof prop);
	prop.type = GF_CU_MEM_ALLOCATION_TYPE_PINNED;
	prop.requestedHandleTypes = GF_CU_MEM_HANDLE_TYPE_NONE;
	prop.location.type = GF_CU_MEM_LOCATION_TYPE_DEVICE;
	prop.location.id = dev;
	return prop;
}

// gf_cuResidentAccess sets the access of dev to [ptr, ptr+size): PROT_READ or PROT_READWRITE.
gf_CUresult gf_cuResidentAccess(gf_CUdevice dev, gf_CUdeviceptr ptr, size_t size, unsigned int flags) {
	gf_CUmemAccessDesc desc;
	memset(&desc, 0, sizeof desc);
	desc.location.type = GF_CU_MEM_LOCATION_TYPE_DEVICE;
	desc.location.id = dev;
	desc.flags = flags;
	return api.cuMemSetAccess(ptr, size, (const struct CUmemAccessDesc_st *)&desc, 1);
}

// gf_cuResidentAlloc makes a resident allocation of at least n bytes on dev: physical memory
// (cuMemCreate, rounded up to the granularity), a range of addresses of its own, the one
// mapped to the other, readable and writable by dev. *size is the rounded size. On failure
// it undoes what it did.
gf_CUresult gf_cuResidentAlloc(gf_CUdevice dev, size_t n, gf_CUdeviceptr *ptr, size_t *size,
                               gf_CUmemGenericAllocationHandle *handle) {
	gf_CUmemAllocationProp prop = gf_device_prop(dev);
	size_t gran = 0;
	gf_CUresult r = api.cuMemGetAllocationGranularity(&gran, (const struct CUmemAllocationProp_st *)&prop,
	                                                  GF_CU_MEM_ALLOC_GRANULARITY_MINIMUM);
	if (r != GF_CUDA_SUCCESS) {
		return r;
	}
	if (gran == 0) {
		gran = 2 << 20;
	}
	size_t sz = (n + gran - 1) / gran * gran;
	r = api.cuMemCreate(handle, sz, (const struct CUmemAllocationProp_st *)&prop, 0);
	if (r != GF_CUDA_SUCCESS) {
		return r;
	}
	r = api.cuMemAddressReserve(ptr, sz, gran, 0, 0);
	if (r != GF_CUDA_SUCCESS) {
		api.cuMemRelease(*handle);
		return r;
	}
	r = api.cuMemMap(*ptr, sz, 0, *handle, 0);
	if (r == GF_CUDA_SUCCESS) {
		r = gf_cuResidentAccess(dev, *ptr, sz, GF_CU_MEM_ACCESS_FLAGS_PROT_READWRITE);
		if (r != GF_CUDA_SUCCESS) {
			api.cuMemUnmap(*ptr, sz);
		}
	}
	if (r != GF_CUDA_SUCCESS) {
		api.cuMemAddressFree(*ptr, sz);
		api.cuMemRelease(*handle);
		return r;
	}
	*size = sz;
	return GF_CUDA_SUCCESS;
}

// gf_cuResidentFree unmaps a resident allocation, releases its memory and frees its addresses.
gf_CUresult gf_cuResidentFree(gf_CUdeviceptr ptr, size_t size, gf_CUmemGenericAllocationHandle handle) {
	gf_CUresult r = api.cuMemUnmap(ptr, size);
	gf_CUresult r2 = api.cuMemRelease(handle);
	gf_CUresult r3 = api.cuMemAddressFree(ptr, size);
	if (r != GF_CUDA_SUCCESS) {
		return r;
	}
	return r2 != GF_CUDA_SUCCESS ? r2 : r3;
}
