package engine

import (
	"bytes"
	"testing"

	"gpufn/call"
)

// A worker loads the image of its own architecture (Library.For): on the cpu device ("go"),
// a library whose default image lacks the kernel runs from its "go" image.
func TestWorkerLoadsItsArchitecturesImage(t *testing.T) {
	e := newEngine(t, Config{Mode: Sequential})
	f := echo(t)
	other := libCopy(t, 7)
	other.Image = []byte(".version 8.0\n.target sm_90\n.address_size 64\n") // no kernel: refused if loaded
	lib := *testLib
	lib.Image, lib.ByArch = other.Image, map[string]*call.Library{"go": libCopy(t, 8)}
	f.Lib = &lib
	in := []byte("by architecture")
	for i := 0; i < 2; i++ { // the second from the worker's cache, under the arch image's hash
		out, cerr := invokeSync(t, e, f, in, 0)
		if cerr != nil || !bytes.Equal(out, in) {
			t.Fatalf("invocation %d: %q %v", i, out, cerr)
		}
	}
	if st := e.Stats(); st.ModuleCacheMisses != 1 || st.ModuleCacheHits != 1 {
		t.Fatalf("module cache: %d misses, %d hits; want the arch image loaded once", st.ModuleCacheMisses, st.ModuleCacheHits)
	}
}
