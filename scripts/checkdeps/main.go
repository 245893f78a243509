// Command checkdeps fails when an import breaks gpufn's layering (the table in rules.go; the
// picture in docs/architecture.md). `make check-deps` runs it from the module root:
//
//	go run ./scripts/checkdeps
package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
)

// rule constrains the project imports of the packages pkg names: only the listed ones (only
// non-nil), or none of deny. except exempts packages from a rule whose pkg is a pattern.
type rule struct {
	pkg    string
	only   []string
	deny   []string
	except []string
	why    string
}

// violation is one import that breaks a rule.
type violation struct {
	pkg, imp string
	rule     *rule
}

func (v violation) String() string {
	return fmt.Sprintf("%s imports %s: %s", v.pkg, v.imp, v.rule.why)
}

// matches reports whether pattern ("x", "x/...", "*") names package p (module-relative).
func matches(pattern, p string) bool {
	switch {
	case pattern == "*":
		return true
	case strings.HasSuffix(pattern, "/..."):
		base := strings.TrimSuffix(pattern, "/...")
		return p == base || strings.HasPrefix(p, base+"/")
	}
	return p == pattern
}

func matchesAny(patterns []string, p string) bool {
	for _, pat := range patterns {
		if matches(pat, p) {
			return true
		}
	}
	return false
}

// check returns every import of graph (module-relative package -> its project imports) that
// breaks a rule, and the rules that name no package of the graph (a table that has rotted).
func check(graph map[string][]string, rules []rule) (bad []violation, unused []string) {
	pkgs := make([]string, 0, len(graph))
	for p := range graph {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for i := range rules {
		r := &rules[i]
		used := false
		for _, p := range pkgs {
			if !matches(r.pkg, p) || matchesAny(r.except, p) {
				continue
			}
			used = true
			for _, imp := range graph[p] {
				if (r.only != nil && !matchesAny(r.only, imp)) || matchesAny(r.deny, imp) {
					bad = append(bad, violation{pkg: p, imp: imp, rule: r})
				}
			}
		}
		if !used {
			unused = append(unused, r.pkg)
		}
	}
	return bad, unused
}

// load lists the module's packages and their project imports with `go list`.
func load() (map[string][]string, error) {
	mod, err := exec.Command("go", "list", "-m").Output()
	if err != nil {
		return nil, fmt.Errorf("go list -m: %w", err)
	}
	prefix := strings.TrimSpace(string(mod)) + "/"
	var stderr bytes.Buffer
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", "./...")
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w: %s", err, stderr.String())
	}
	graph := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		p, ok := strings.CutPrefix(f[0], prefix)
		if !ok {
			continue
		}
		graph[p] = nil
		for _, imp := range f[1:] {
			if rel, ok := strings.CutPrefix(imp, prefix); ok {
				graph[p] = append(graph[p], rel)
			}
		}
	}
	return graph, nil
}

func main() {
	graph, err := load()
	if err != nil {
		fmt.Fprintln(os.Stderr, "checkdeps:", err)
		os.Exit(2)
	}
	bad, unused := check(graph, rules)
	for _, v := range bad {
		fmt.Fprintln(os.Stderr, "layering:", v)
	}
	for _, p := range unused {
		fmt.Fprintf(os.Stderr, "layering: the rule for %q names no package; mend scripts/checkdeps/rules.go\n", p)
	}
	if len(bad) > 0 || len(unused) > 0 {
		os.Exit(1)
	}
	fmt.Printf("layering: %d packages obey %d rules\n", len(graph), len(rules))
}
