package dispatcher

import (
	"crypto/sha256"
	"fmt"
	"os"
	"strings"

	"gpufn/call"
	"gpufn/function"
	"gpufn/libscan"
	"gpufn/weights"
)

// librariesLocked finds the libraries of a plan: the one module_path names, or each of the v2
// form's modules that kernels use (the first is the function's Lib, the others its Extra).
func (d *Dispatcher) librariesLocked(tenant string, plan *function.Plan) (*call.Library, []*call.Library, error) {
	names := plan.Libraries
	if len(names) == 0 {
		names = []string{plan.ModulePath}
	}
	libs := make([]*call.Library, 0, len(names))
	for _, n := range names {
		var lib *call.Library
		for _, cand := range function.LibraryCandidates(n) {
			if e, ok := d.libs[tenant][cand]; ok {
				lib = e.lib
				break
			}
		}
		if lib == nil {
			path := "module_path"
			if len(plan.Libraries) > 0 {
				path = "modules"
			}
			return nil, nil, &Error{Code: call.CodeInvalidConfig,
				Message:  fmt.Sprintf("%s %q names no library of tenant %q", path, n, tenant),
				Problems: []function.Problem{{Path: path, Message: fmt.Sprintf("no library %s; upload it with PUT /v1/libraries/{name}", strings.Join(quoteAll(function.LibraryCandidates(n)), " or "))}}}
		}
		libs = append(libs, lib)
	}
	if len(libs) == 1 {
		return libs[0], nil, nil
	}
	return libs[0], libs[1:], nil
}

// checkLibraries checks a plan against its libraries (in Plan.Libraries order).
func checkLibraries(plan *function.Plan, libs []*call.Library) error {
	if len(libs) == 1 {
		return plan.CheckLibrary(libs[0].Info)
	}
	infos := make([]*libscan.Info, len(libs))
	for i, l := range libs {
		infos[i] = l.Info
	}
	return plan.CheckLibraries(infos)
}

// usesLibrary reports whether fn loads the library of that name.
func usesLibrary(fn *call.Function, name string) bool {
	if fn.Lib.Name == name {
		return true
	}
	for _, l := range fn.Extra {
		if l.Name == name {
			return true
		}
	}
	return false
}

// replaceLibrary returns fn's libraries with lib in the place of the one of that name.
func replaceLibrary(fn *call.Function, name string, lib *call.Library) (*call.Library, []*call.Library) {
	main := fn.Lib
	if main.Name == name {
		main = lib
	}
	var extra []*call.Library
	for _, l := range fn.Extra {
		if l.Name == name {
			l = lib
		}
		extra = append(extra, l)
	}
	return main, extra
}

func sha256Sum(b []byte) [32]byte { return sha256.Sum256(b) }

// readHeader reads and checks the header of the safetensors file at path.
func readHeader(path string) (*weights.Header, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return weights.ReadHeader(f, fi.Size())
}
