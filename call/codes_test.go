package call

import (
	"os"
	"regexp"
	"strconv"
	"testing"
)

// The error table of docs/api.md lists every code of the catalogue, each with its status and
// whether it says Retry-After, and no code the catalogue lacks.
func TestErrorTableMatchesTheCatalogue(t *testing.T) {
	doc, err := os.ReadFile("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\| ([0-9]{3})( \\(Retry-After\\))? \\|")
	rows := map[Code]bool{}
	for _, m := range row.FindAllStringSubmatch(string(doc), -1) {
		c := Code(m[1])
		if rows[c] {
			t.Errorf("%s: two rows", c)
		}
		rows[c] = true
		if !c.Known() {
			t.Errorf("%s: in docs/api.md's table, not in the catalogue", c)
			continue
		}
		if status, _ := strconv.Atoi(m[2]); status != c.Status() {
			t.Errorf("%s: docs/api.md says %d, the catalogue %d", c, status, c.Status())
		}
		if retry := m[3] != ""; retry != c.RetryAfter() {
			t.Errorf("%s: docs/api.md says Retry-After %v, the catalogue %v", c, retry, c.RetryAfter())
		}
	}
	for _, c := range Codes() {
		if !rows[c] {
			t.Errorf("%s (%d): missing from docs/api.md's error table", c, c.Status())
		}
	}
}
