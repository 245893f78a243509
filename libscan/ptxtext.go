package libscan

import (
	"fmt"
	"regexp"
	"strings"
)

// PTX text as ptxas reads it. The device-malloc check of PTX looks for names in the code, so
// it must agree with ptxas on what is code: comments (`//` to the end of the line, `/*` to the
// next `*/`, not nested) and string literals (`"..."`, in .file and .pragma directives) are
// not. A reader that missed the strings once let a declaration of malloc between
// `.file 1 "/*"` and `.file 2 "*/"` pass for a comment. ptxCode reads strings and comments
// left to right, as a lexer does, and refuses every spelling two reasonable lexers could read
// differently, rather than guess which one ptxas is:
//
//   - a comment or string that does not end (an unterminated `/*`, a `"` without its closing
//     `"` on the same line);
//   - `/*` inside a block comment (a lexer that nests comments would read on);
//   - a string whose last character is a backslash (a lexer with escapes reads `\"` as a
//     quote inside the string, one without ends the string there);
//   - a carriage return not followed by a newline (a lexer that ends `//` comments at it
//     would read the rest of the line as code);
//   - any other control character but tab (what a lexer does with a vertical tab or a form
//     feed is its own choice).
//
// The decision on PTX is not this reader's alone: where the server has a compiler, the PTX is
// compiled at upload and the cubin's undefined symbols decide (see the dispatcher). This is
// the first, cheap filter, and the one that applies to the PTX inside fatbins.

// TokenError says where PTX text cannot be read unambiguously. It matches ErrBadLibrary.
type TokenError struct {
	Line int    // 1-based
	What string // e.g. "an unterminated /* comment"
}

func (e *TokenError) Error() string {
	return fmt.Sprintf("the PTX cannot be tokenized unambiguously: %s at line %d; gpufn refuses PTX that ptxas might read otherwise than its scanner", e.What, e.Line)
}

// Is makes errors.Is(err, ErrBadLibrary) true.
func (e *TokenError) Is(target error) bool { return target == ErrBadLibrary }

// ptxCode returns the code of PTX text s: comments removed (a block comment becomes a space
// and the newlines it spanned), every string literal emptied to "". It reads on past a
// problem, so that the code can still be recognized as PTX, and returns the first problem as
// a *TokenError.
func ptxCode(s string) (string, error) {
	var first *TokenError
	fail := func(line int, format string, args ...any) {
		if first == nil {
			first = &TokenError{Line: line, What: fmt.Sprintf(format, args...)}
		}
	}
	var b strings.Builder
	b.Grow(len(s))
	line := 1
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\n':
			line++
			b.WriteByte(c)
			i++
		case c == '\r':
			if i+1 >= len(s) || s[i+1] != '\n' {
				fail(line, "a carriage return not followed by a newline")
			}
			b.WriteByte(' ')
			i++
		case c < 0x20 && c != '\t' || c == 0x7f:
			fail(line, "the control character %#02x", c)
			b.WriteByte(' ')
			i++
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				j = len(s) - i
			}
			checkControls(s[i:min(i+j+1, len(s))], line, fail) // with its newline: a CRLF ends it
			i += j
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				fail(line, "an unterminated /* comment")
				return b.String(), first
			}
			body := s[i+2 : i+2+j]
			if k := strings.Index(body, "/*"); k >= 0 {
				fail(line+strings.Count(body[:k], "\n"), "a /* inside a /* */ comment (comments do not nest)")
			}
			checkControls(body, line, fail)
			b.WriteByte(' ')
			n := strings.Count(body, "\n")
			for k := 0; k < n; k++ {
				b.WriteByte('\n')
			}
			line += n
			i += j + 4
		case c == '"':
			j := strings.IndexAny(s[i+1:], "\"\n")
			if j < 0 || s[i+1+j] == '\n' {
				fail(line, "an unterminated string")
				if j < 0 {
					return b.String(), first
				}
				b.WriteString(`""`)
				i += 1 + j // the newline is read next
				continue
			}
			body := s[i+1 : i+1+j]
			if strings.HasSuffix(body, `\`) {
				fail(line, "a string whose last character is a backslash (an escaped quote?)")
			}
			checkControls(body, line, fail)
			b.WriteString(`""`)
			i += j + 2
		default:
			b.WriteByte(c)
			i++
		}
	}
	if first != nil {
		return b.String(), first
	}
	return b.String(), nil
}

// checkControls reports the first control character but tab and newline in the text of a
// comment or string, and a carriage return not followed by a newline.
func checkControls(s string, line int, fail func(int, string, ...any)) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n':
			line++
		case c == '\r':
			if i+1 >= len(s) || s[i+1] != '\n' {
				fail(line, "a carriage return not followed by a newline")
				return
			}
		case c < 0x20 && c != '\t' || c == 0x7f:
			fail(line, "the control character %#02x", c)
			return
		}
	}
}

// ptxIdentRE matches PTX identifiers (and the identifier-like tails of other tokens, which is
// what a conservative name check wants).
var ptxIdentRE = regexp.MustCompile(`[A-Za-z_$%][A-Za-z0-9_$]*`)

// heapName returns the first name of a device heap function that occurs as a whole
// identifier in PTX code (comments and strings already removed), or "".
func heapName(code string) string {
	for _, loc := range ptxIdentRE.FindAllStringIndex(code, -1) {
		if id := code[loc[0]:loc[1]]; heapFuncs[id] {
			return id
		}
	}
	return ""
}
