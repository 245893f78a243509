package cuda

/*
#include <stdlib.h>
#include "cuda_decls.h"
*/
import "C"

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unsafe"

	"gpufn/gpu"
)

// The operations of CompilePTX, by the stage gf_cuLinkPTX reports.
const (
	opLinkCreate   = "cuLinkCreate_v2"
	opLinkAdd      = "cuLinkAddData_v2"
	opLinkComplete = "cuLinkComplete"
)

var linkOps = [...]string{0: "gf_cuLinkPTX", 1: opLinkCreate, 2: opLinkAdd, 3: opLinkComplete}

var _ gpu.Compiler = (*Device)(nil)

// CompilePTX compiles PTX text for this device's architecture (the context's) with the
// driver's JIT linker and returns the linked cubin: cuLinkCreate with the info and error log
// buffers as options, cuLinkAddData (CU_JIT_INPUT_PTX), cuLinkComplete, the cubin copied out,
// cuLinkDestroy. log is the linker's info log on success (often empty) and its error log on
// failure. A PTX the linker refuses (it does not parse, uses what the architecture lacks,
// calls what nothing defines) is an error matching gpu.ErrInvalidImage whose message holds the
// error log.
//
// The driver's syscalls (vprintf, malloc, free, ...) stay undefined symbols of the cubin, to
// be resolved at load: that is what the caller inspects (libscan) to refuse device malloc.
func (d *Device) CompilePTX(ptx []byte) ([]byte, string, error) {
	if err := d.unusable(opLinkCreate); err != nil {
		return nil, "", err
	}
	if len(bytes.TrimRight(ptx, "\x00")) == 0 {
		return nil, "", &gpu.Error{Op: opLinkAdd, Code: codeInvalidImage, Name: codeName(codeInvalidImage),
			Msg: "empty PTX", Kind: gpu.ErrInvalidImage}
	}
	infoLog := make([]byte, C.GF_LINK_LOG_SIZE)
	errLog := make([]byte, C.GF_LINK_LOG_SIZE)
	var out unsafe.Pointer
	var n C.size_t
	var stage C.int
	r := C.gf_cuLinkPTX(unsafe.Pointer(&ptx[0]), C.size_t(len(ptx)), &out, &n,
		(*C.char)(unsafe.Pointer(&infoLog[0])), C.size_t(len(infoLog)),
		(*C.char)(unsafe.Pointer(&errLog[0])), C.size_t(len(errLog)), &stage)
	if r != codeSuccess {
		op := linkOps[0]
		if int(stage) < len(linkOps) {
			op = linkOps[stage]
		}
		e := newError(op, r)
		log := cString(errLog)
		if log != "" {
			e.Msg += "; JIT log: " + log
		}
		if r == codeUnknown && log != "" {
			// The linker answers a PTX it cannot link (an undefined reference, say) with
			// CUDA_ERROR_UNKNOWN and says why in its error log: a failed compile, not a lost
			// context (on the H100, the same process went on working).
			e.Fatal, e.Kind = false, gpu.ErrInvalidImage
			return nil, log, e
		}
		return nil, log, d.fail(e)
	}
	defer C.free(out)
	if n > 1<<31-1 {
		return nil, "", fmt.Errorf("cuda: %s: a cubin of %d bytes", opLinkComplete, uint64(n))
	}
	return C.GoBytes(out, C.int(n)), cString(infoLog), nil
}

// cString is the NUL-terminated text at the start of b, trimmed.
func cString(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return strings.TrimSpace(string(b))
}

// compilerVersion names the driver's PTX compiler: the CUDA version the driver reports
// (cuDriverGetVersion, e.g. 12040) and the file name of the libcuda this process loaded, which
// carries the driver's build ("libcuda.so.550.54.15"): a driver update within one CUDA version
// changes the JIT compiler too.
func compilerVersion(ver int) string {
	v := fmt.Sprintf("CUDA %d.%d (%d)", ver/1000, ver%1000/10, ver)
	if f := loadedLibcuda(); f != "" {
		v += " " + f
	}
	return v
}

// loadedLibcuda returns the file name of the libcuda mapped into this process, as
// /proc/self/maps shows it (the file itself, symbolic links resolved), or "".
func loadedLibcuda() string {
	f, err := os.Open("/proc/self/maps")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 {
			continue
		}
		if base := filepath.Base(fields[len(fields)-1]); strings.HasPrefix(base, "libcuda.so") {
			return base
		}
	}
	return ""
}
