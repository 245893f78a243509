package libscan

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// A library cut short is refused, whatever its kind: PTX cut inside a body, a parameter list,
// a directive or an entry's name (made from the committed examples' PTX), and cubins, fatbins
// and AMD code objects cut anywhere. (A truncated PTX was accepted at upload and failed only at
// the first invocation, in the driver's JIT.)
func TestTruncatedLibraries(t *testing.T) {
	for _, name := range []string{"../examples/module/module.ptx", "../examples/mlops/mlops.ptx"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Scan(b); err != nil {
			t.Fatalf("%s whole: %v", name, err)
		}
		s := string(b)
		first := strings.Index(s, ".entry")
		body := strings.Index(s[first:], "{") + first
		cuts := map[string]int{
			"in the entry's name":      first + len(".entry") + 3,
			"in the parameter list":    strings.Index(s[first:], ".param") + first + 4,
			"in the first body":        body + (strings.Index(s[body:], "}"))/2,
			"before the last brace":    strings.LastIndex(s, "}"),
			"in the version directive": strings.Index(s, ".version") + 10,
			"mid-instruction":          strings.LastIndex(s, "ret;") + 2,
		}
		for what, n := range cuts {
			_, err := Scan(b[:n])
			if !errors.Is(err, ErrBadLibrary) {
				t.Errorf("%s cut %s (at byte %d of %d): %v; want ErrBadLibrary", name, what, n, len(b), err)
			}
		}
		_, err = Scan(b[:strings.LastIndex(s, "ret;")+2])
		if err == nil || !strings.Contains(err.Error(), "never closed") {
			t.Errorf("%s cut mid-instruction: %v; want the brace that is never closed", name, err)
		}
	}
	// ELF and fatbins, cut at every 64th byte and just before the end.
	for _, name := range []string{"testdata/module.cubin", "testdata/mlops.fatbin", "testdata/amd/module.hsaco", "testdata/amd/testkernels-noprintf.co"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Scan(b); err != nil {
			t.Fatalf("%s whole: %v", name, err)
		}
		for n := 1; n < len(b); n += 64 {
			for _, cut := range []int{n, len(b) - n} {
				if _, err := Scan(b[:cut]); !errors.Is(err, ErrBadLibrary) {
					t.Fatalf("%s cut at byte %d of %d: %v; want ErrBadLibrary", name, cut, len(b), err)
				}
			}
		}
	}
}

// The PTX whole-text check: brackets balance and nest, and the text ends a statement or a body.
func TestPTXWhole(t *testing.T) {
	for code, want := range map[string]string{
		".version 8.0\n.entry k(.param .u64 a)\n{\n\tret;\n}\n": "",
		".entry k()\n{\n\tret;\n":                               `the '{' opened at line 2 is never closed (the text ends at line 4)`,
		".entry k(\n":                                           `the '(' opened at line 1 is never closed`,
		".entry k()\n{\n\tld.u64 %r, [%a;\n}\n":                 `an unmatched '}' at line 4`,
		".entry k()\n{\n\tret;\n}\n.global .u32 x":              `its last statement, at line 5, is not ended`,
		".entry k())\n":                                         `an unmatched ')' at line 1`,
	} {
		err := ptxWhole(code)
		if (want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), want)) {
			t.Errorf("%q: %v; want %q", code, err, want)
		}
	}
}
