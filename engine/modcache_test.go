package engine

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"testing"

	"gpufn/call"
	"gpufn/libscan"
	"gpufn/worker"
)

// libCopy is testLib under another hash (a comment appended): a library of its own to the
// worker's module cache, of about the same footprint.
func libCopy(t *testing.T, n int) *call.Library {
	t.Helper()
	img := append(append([]byte(nil), testLib.Image...), fmt.Sprintf("\n// copy %d\n", n)...)
	info, err := libscan.Scan(img)
	if err != nil {
		t.Fatal(err)
	}
	return &call.Library{Name: fmt.Sprintf("testkernels-%d", n), Hash: sha256.Sum256(img), Kind: info.Kind, Image: img, Info: info}
}

// A worker whose module cache holds two of the libraries unloads the least recently used one
// to load a third, and the engine counts it: evictions, misses (a library loaded), hits and
// the bytes held reach /v1/engines. A library evicted and invoked again is loaded again.
func TestModuleCacheEvictionsCounted(t *testing.T) {
	libs := []*call.Library{libCopy(t, 0), libCopy(t, 1), libCopy(t, 2)}
	size := worker.ModuleFootprint(libs[2].Image) // the copies differ by a digit
	e := newEngine(t, Config{Mode: Sequential, ModuleCacheBytes: 2*size + size/2})
	fns := make([]*call.Function, len(libs))
	for i, l := range libs {
		f := echo(t)
		f.Lib = l
		fns[i] = f
	}
	run := func(i int) {
		t.Helper()
		in := []byte(fmt.Sprintf("input %d", i))
		out, cerr := invokeSync(t, e, fns[i], in, 0)
		if cerr != nil || !bytes.Equal(out, in) {
			t.Fatalf("library %d: %q %v", i, out, cerr)
		}
	}
	expect := func(what string, hits, misses, evictions, held uint64) {
		t.Helper()
		st := e.Stats()
		if st.ModuleCacheHits != hits || st.ModuleCacheMisses != misses || st.ModuleCacheEvictions != evictions || st.ModuleCacheBytes != held*size {
			t.Fatalf("%s: hits %d, misses %d, evictions %d, bytes %d; want %d, %d, %d, %d", what,
				st.ModuleCacheHits, st.ModuleCacheMisses, st.ModuleCacheEvictions, st.ModuleCacheBytes, hits, misses, evictions, held*size)
		}
		if w := st.Workers[0]; w.ModuleCacheEvictions != evictions || w.ModuleCacheBytes != held*size {
			t.Fatalf("%s: worker %+v", what, w)
		}
	}
	run(0)
	run(1)
	expect("two libraries", 0, 2, 0, 2)
	run(0) // 0 is now the most recently used
	expect("the first again", 1, 2, 0, 2)
	run(2) // evicts 1
	expect("a third", 1, 3, 1, 2)
	run(0)
	expect("the first, kept", 2, 3, 1, 2)
	run(1) // evicted: the worker says so, the engine sends the library again; evicts 2
	expect("the evicted one", 2, 4, 2, 2)
}
