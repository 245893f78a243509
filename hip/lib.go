package hip

/*
#cgo LDFLAGS: -ldl
#include "hip_decls.h"
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

// load opens libamdhip64 (libamdhip64.so, else the sonames .so.7, .so.6, .so.5) and resolves
// every runtime symbol the package uses (GF_HIP_FUNCS in hip_decls.h), once per process. A
// missing library or symbol is an error wrapping gpu.ErrNoDevice; nothing is loaded at
// package init.
func load() error {
	loadOnce.Do(func() {
		if msg := C.gf_hip_load(); msg != nil {
			loadErr = fmt.Errorf("hip: %s: %w", C.GoString(msg), gpu.ErrNoDevice)
		}
	})
	return loadErr
}
