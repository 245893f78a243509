package examples

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"
)

//go:embed mlops/mlops.ptx module/module.ptx testkernels/testkernels.ptx testkernels/malloc.ptx mlp/mlp.ptx probe/probe.ptx batch/batch.ptx
var ptx embed.FS

// Libraries lists the example libraries that are loadable, by name: "mlops", "module" and
// "testkernels". ("malloc" is an example of a library gpufn refuses; see MallocPTX.)
func Libraries() []string { return []string{"mlops", "module", "testkernels"} }

// PTX returns the committed PTX of an example library.
func PTX(library string) ([]byte, error) {
	dir := library
	if library == "malloc" {
		dir = "testkernels"
	}
	b, err := fs.ReadFile(ptx, dir+"/"+library+".ptx")
	if err != nil {
		return nil, fmt.Errorf("examples: no library %q (have %s)", library, strings.Join(Libraries(), ", "))
	}
	return b, nil
}

// MustPTX is PTX for tests and wiring: it panics on an unknown name.
func MustPTX(library string) []byte {
	b, err := PTX(library)
	if err != nil {
		panic(err)
	}
	return b
}

// MallocPTX is a library whose kernel calls device malloc: gpufn must refuse it at upload.
func MallocPTX() []byte { return MustPTX("malloc") }
