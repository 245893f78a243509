package libscan

import "strings"

// ptxWhole checks that PTX code (comments removed and strings emptied by ptxCode) is whole,
// not cut short: its brackets ( [ { balance and nest, and its last code character ends a
// statement or a body (";" or "}"). A truncated upload (a network cut, a partial copy) then
// fails at upload with the line where the text stops, not later in the driver's JIT at the
// first invocation. A file cut exactly after one of its entries' bodies is a whole, shorter
// PTX, and is read as one.
func ptxWhole(code string) error {
	var stack []byte
	var lines []int
	line := 1
	closer := map[byte]byte{')': '(', ']': '[', '}': '{'}
	for i := 0; i < len(code); i++ {
		switch c := code[i]; c {
		case '\n':
			line++
		case '(', '[', '{':
			stack = append(stack, c)
			lines = append(lines, line)
		case ')', ']', '}':
			if len(stack) == 0 || stack[len(stack)-1] != closer[c] {
				return badLib("the PTX is malformed: an unmatched %q at line %d", c, line)
			}
			stack, lines = stack[:len(stack)-1], lines[:len(lines)-1]
		}
	}
	if n := len(stack); n > 0 {
		return badLib("the PTX is truncated or malformed: the %q opened at line %d is never closed (the text ends at line %d)", stack[n-1], lines[n-1], line)
	}
	if t := strings.TrimRight(code, " \t\r\n"); t != "" && !strings.HasSuffix(t, "}") && !strings.HasSuffix(t, ";") {
		return badLib("the PTX is truncated: its last statement, at line %d, is not ended by \";\" or \"}\"", strings.Count(t, "\n")+1)
	}
	return nil
}
