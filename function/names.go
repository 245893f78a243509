package function

import (
	"errors"
	"fmt"
	"strings"
)

// MaxNameLen bounds library, function and buffer names.
const MaxNameLen = 128

// maxKernelNameLen bounds kernel names (C++ mangled names can be long).
const maxKernelNameLen = 1024

// CheckName reports whether s may name a library, a function or a tenant: 1 to 128 characters
// of [A-Za-z0-9_.-], starting with a letter or digit. Such a name is never a path: it holds no
// '/', no NUL, and is never "." or "..".
func CheckName(s string) error {
	if s == "" {
		return errors.New("name is empty")
	}
	if len(s) > MaxNameLen {
		return fmt.Errorf("name is %d bytes; the limit is %d", len(s), MaxNameLen)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case (c == '_' || c == '.' || c == '-') && i > 0:
		default:
			return fmt.Errorf("name %q has %q at byte %d: names are letters, digits, '_', '.', '-', starting with a letter or digit", printable(s), c, i)
		}
	}
	return nil
}

// checkBufName checks an input or buffer name: same character set as CheckName, but it may
// start with '_' (compiler-generated names like "_arg0" are common).
func checkBufName(s string) error {
	if strings.HasPrefix(s, "_") {
		return CheckName("x" + s[1:])
	}
	return CheckName(s)
}

// CheckKernelName reports whether s can be a kernel symbol: [A-Za-z_$][A-Za-z0-9_$.]*.
func CheckKernelName(s string) error {
	if s == "" {
		return errors.New("kernel name is empty")
	}
	if len(s) > maxKernelNameLen {
		return fmt.Errorf("kernel name is %d bytes; the limit is %d", len(s), maxKernelNameLen)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c == '$':
		case (c >= '0' && c <= '9') || c == '.':
			if i == 0 {
				return fmt.Errorf("kernel name %q starts with %q", printable(s), c)
			}
		default:
			return fmt.Errorf("kernel name %q has %q at byte %d", printable(s), c, i)
		}
	}
	return nil
}

func checkModulePath(p string) error {
	if strings.ContainsAny(p, "/\\") {
		return fmt.Errorf("%q is a file path; module_path names an uploaded library (upload the file with PUT /v1/libraries/{name} and give that name)", printable(p))
	}
	if err := CheckName(p); err != nil {
		return fmt.Errorf("module_path: %v", err)
	}
	return nil
}

// LibraryCandidates returns the library names a module_path may refer to, in the order they
// are tried: the name itself, then, if it has an extension, the name without it (so that
// Dandelion's "mlops.hsaco" finds the library "mlops").
func LibraryCandidates(modulePath string) []string {
	out := []string{modulePath}
	if i := strings.LastIndexByte(modulePath, '.'); i > 0 {
		out = append(out, modulePath[:i])
	}
	return out
}

// printable shortens s and escapes what would garble a message.
func printable(s string) string {
	if len(s) > 64 {
		s = s[:64] + "..."
	}
	return strings.ToValidUTF8(s, "?")
}
