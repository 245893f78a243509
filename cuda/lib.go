package cuda

/*
#cgo LDFLAGS: -ldl
#include "cuda_decls.h"
*/
import "C"

import (
	"fmt"
	"sync"

	"gpufn/gpu"
)

var (
	loadOnce sync.Once
	loadErr  error
)

// load opens libcuda.so.1 and resolves every driver symbol the package uses (GF_CUDA_FUNCS in
// cuda_decls.h), once per process. A missing library or symbol is an error wrapping
// gpu.ErrNoDevice; nothing is loaded at package init.
func load() error {
	loadOnce.Do(func() {
		if msg := C.gf_cuda_load(); msg != nil {
			loadErr = fmt.Errorf("cuda: %s: %w", C.GoString(msg), gpu.ErrNoDevice)
		}
	})
	return loadErr
}
