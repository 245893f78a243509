package examples

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

//go:embed hostile/*.ptx
var hostile embed.FS

// Hostile is a PTX library that calls a device heap function in a spelling a scanner of PTX
// text may miss: in comments that are strings, in strings that may or may not end, behind
// white space or control characters a pattern does not know. gpufn must refuse every one at
// upload (422). Their kernel is heap_probe(u64 out).
type Hostile struct {
	Name string // the file's name without .ptx, e.g. "file_comment_malloc"
	PTX  []byte
	// Calls is the heap function the kernel calls.
	Calls string
	// Compiles is true where ptxas is known (or as good as known) to compile the PTX: its
	// cubin then has Calls as an undefined symbol. Where it is false, ptxas may compile it
	// (the cubin then has the symbol) or refuse it; either way gpufn refuses the upload.
	Compiles bool
}

// hostileCalls and hostileCompiles describe the files of hostile/ (default: malloc, and not
// known to compile).
var (
	hostileCalls    = map[string]string{"file_comment_free": "free", "file_comment_aligned": "__nv_aligned_device_malloc"}
	hostileCompiles = map[string]bool{
		// The shape confirmed on the H100 (it compiled, loaded and its kernel got a heap
		// pointer), and its variants with other heap functions and an allowed vprintf.
		"file_comment_malloc": true, "file_comment_free": true, "file_comment_vprintf": true,
		// Comments and white space between tokens are white space to any lexer.
		"whitespace": true,
	}
)

// HostilePTX returns the hostile libraries, sorted by name.
func HostilePTX() []Hostile {
	entries, err := fs.ReadDir(hostile, "hostile")
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	var out []Hostile
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".ptx")
		if !ok {
			continue
		}
		b, err := fs.ReadFile(hostile, "hostile/"+e.Name())
		if err != nil {
			panic(err)
		}
		calls := hostileCalls[name]
		if calls == "" {
			calls = "malloc"
		}
		out = append(out, Hostile{Name: name, PTX: b, Calls: calls, Compiles: hostileCompiles[name]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
