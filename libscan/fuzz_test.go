package libscan_test

import (
	"os"
	"testing"

	"gpufn/examples"
	"gpufn/libscan"
)

// FuzzScanLibrary: any bytes are either a library or a LibraryError; no panic, no hang.
func FuzzScanLibrary(f *testing.F) {
	for _, p := range []string{"../examples/module/module.ptx", "testdata/module.cubin", "testdata/module.fatbin", "testdata/malloc.cubin"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("__CLANG_OFFLOAD_BUNDLE__\x01\x00\x00\x00\x00\x00\x00\x00"))
	for _, h := range examples.HostilePTX() {
		f.Add(h.PTX)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		info, err := libscan.Scan(data)
		if err == nil && len(info.Kernels) == 0 {
			t.Fatal("a library without kernels was accepted")
		}
	})
}
