package libscan_test

import (
	"errors"
	"strings"
	"testing"

	"gpufn/examples"
	"gpufn/libscan"
)

// ptxWith is a small valid PTX library with extra text at module scope.
func ptxWith(extra string) []byte {
	return []byte(".version 8.0\n.target sm_90\n.address_size 64\n" + extra + "\n.visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n\tret;\n}\n")
}

// Every hostile library is refused by the scanner alone, whatever the compiler would make of
// it: the heap function is found in the code (strings are read as strings), or the text is
// refused as one ptxas might tokenize otherwise.
func TestScanRefusesHostilePTX(t *testing.T) {
	lib := examples.HostilePTX()
	if len(lib) < 10 {
		t.Fatalf("only %d hostile libraries", len(lib))
	}
	for _, h := range lib {
		_, err := libscan.Scan(h.PTX)
		var te *libscan.TokenError
		switch {
		case !errors.Is(err, libscan.ErrBadLibrary):
			t.Errorf("%s: accepted (err %v)", h.Name, err)
		case errors.As(err, &te):
			t.Logf("%s: %v", h.Name, err)
		case !strings.Contains(err.Error(), `"`+h.Calls+`"`):
			t.Errorf("%s: %v; want the refusal to name %q", h.Name, err, h.Calls)
		}
	}
}

// The confirmed bypass in particular: the declaration between .file "/*" and .file "*/" is
// code, and is found.
func TestScanReadsStringsAsStrings(t *testing.T) {
	for _, c := range []struct {
		extra string
		heap  string // "" when accepted
	}{
		{".file 1 \"/*\"\n.extern .func (.param .b64 func_retval0) malloc (.param .b64 p);\n.file 2 \"*/\"", "malloc"},
		{".file 1 \"//\" .extern .func free (.param .b64 p);", "free"},
		{".file 1 \"/*\"\n.file 2 \"*/\"", ""},                           // strings holding comment marks, nothing else
		{".file 1 \"C:\\\\src\\\\k.cu\"", ""},                            // backslashes inside a string
		{"// .extern .func (.param .b64 r) malloc (.param .b64 p);", ""}, // a comment is a comment
		{"/* .extern .func free (.param .b64 p); */", ""},
		{".func (.param .b64 r) malloc (.param .b64 p);", "malloc"}, // no .extern
		{".extern /* */ .func /**/ (.param .b64 r) // x\n malloc (.param .b64 p);", "malloc"},
		{".global .u64 p = __nv_aligned_device_malloc;", "__nv_aligned_device_malloc"},
		{".global .u64 %free_count;", ""}, // another identifier
		{".global .u64 malloc_count;", ""},
	} {
		_, err := libscan.Scan(ptxWith(c.extra))
		if c.heap == "" {
			if err != nil {
				t.Errorf("%q: %v", c.extra, err)
			}
			continue
		}
		if !errors.Is(err, libscan.ErrBadLibrary) || !strings.Contains(err.Error(), `"`+c.heap+`"`) {
			t.Errorf("%q: %v; want a refusal naming %q", c.extra, err, c.heap)
		}
	}
}

// Text two lexers could read differently is refused with the line and what is wrong.
func TestScanRefusesAmbiguousPTX(t *testing.T) {
	for _, c := range []struct {
		extra, want string
		line        int
	}{
		{"/* unterminated", "an unterminated /* comment", 4},
		{"/* a /* b */", "a /* inside a /* */ comment", 4},
		{"/* a\n b /* c */", "a /* inside a /* */ comment", 5},
		{".file 1 \"abc", "an unterminated string", 4},
		{".file 1 \"a\\\"\n.file 2 \"b\"", "a string whose last character is a backslash", 4},
		{"// x\r.global .u64 y;", "a carriage return not followed by a newline", 4},
		{".global\v.u64 y;", "the control character 0x0b", 4},
		{"\n\n/* \f */", "the control character 0x0c", 6},
		{".file 1 \"a\x01\"", "the control character 0x01", 4},
	} {
		_, err := libscan.Scan(ptxWith(c.extra))
		var te *libscan.TokenError
		if !errors.As(err, &te) || !errors.Is(err, libscan.ErrBadLibrary) || !strings.HasPrefix(te.What, c.want) || te.Line != c.line {
			t.Errorf("%q: %v (%+v); want %q at line %d", c.extra, err, te, c.want, c.line)
		}
	}
	// CRLF line endings are fine.
	crlf := strings.ReplaceAll(string(ptxWith("// a comment\n.file 1 \"k.cu\"")), "\n", "\r\n")
	if info, err := libscan.Scan([]byte(crlf)); err != nil || len(info.Kernels) != 1 {
		t.Errorf("CRLF: %v %+v", err, info)
	}
}
