package main

import (
	"slices"
	"testing"
)

// A graph that obeys the table, then the same graph with one forbidden import per rule kind:
// each is reported once, naming the package and the import.
func TestCheck(t *testing.T) {
	good := map[string][]string{
		"gpu":                   nil,
		"libscan":               nil,
		"weights":               nil,
		"docs":                  nil,
		"netspin":               nil,
		"internal/freeport":     nil,
		"internal/testport":     {"internal/freeport"},
		"bench/proc":            {"internal/freeport"},
		"metrics":               {"call"},
		"registry":              {"store"},
		"cluster":               {"registry", "registry/jetstream", "call"},
		"registry/jetstream":    {"registry", "store"},
		"registry/registrytest": {"registry"},
		"function":              {"libscan"},
		"call":                  {"function", "gpu", "libscan"},
		"frontend":              {"dispatcher", "call", "auth", "function", "netspin"},
		"dispatcher":            {"call", "function", "gpu", "auth", "store"},
		"engine":                {"call", "worker", "shm", "gpu"},
		"worker":                {"call", "bufpool", "shm", "gpu", "function"},
		"compiler":              {"worker", "call"},
		"bench":                 {"examples", "bench/load"},
		"bench/load":            {"examples", "bundle", "netspin"},
		"bundle":                {"weights"},
		"cmd/gpufn":             {"cuda", "cpu", "hip", "engine", "frontend"},
		"cmd/baseline":          {"cuda"},
	}
	if bad, unused := check(good, rules); len(bad) > 0 || len(unused) > 0 {
		t.Fatalf("a good graph: %v, unused rules %v", bad, unused)
	}
	for _, c := range []struct{ pkg, imp string }{
		{"frontend", "engine"}, {"frontend", "worker"}, {"frontend", "gpu"}, {"frontend", "shm"},
		{"dispatcher", "shm"}, {"dispatcher", "worker"}, {"dispatcher", "bufpool"},
		{"engine", "bufpool"}, {"engine", "cuda"},
		{"function", "gpu"}, {"gpu", "function"}, {"call", "engine"}, {"libscan", "function"},
		{"bench/load", "function"}, {"bench", "engine"},
		{"worker", "cpu"}, {"examples", "hip"},
		{"compiler", "dispatcher"}, {"compiler", "engine"}, {"dispatcher", "compiler"},
		{"metrics", "engine"}, {"weights", "function"}, {"docs", "call"}, {"netspin", "call"}, {"netspin", "bench/load"},
		{"internal/freeport", "call"}, {"internal/testport", "call"}, {"bench/proc", "internal/testport"},
		{"registry", "dispatcher"}, {"registry/jetstream", "call"}, {"cluster", "engine"}, {"cluster", "worker"},
	} {
		g := map[string][]string{}
		for k, v := range good {
			g[k] = slices.Clone(v)
		}
		g[c.pkg] = append(g[c.pkg], c.imp)
		bad, _ := check(g, rules)
		found := false
		for _, v := range bad {
			if v.pkg == c.pkg && v.imp == c.imp {
				found = true
			} else {
				t.Errorf("%s -> %s: also reported %v", c.pkg, c.imp, v)
			}
		}
		if !found {
			t.Errorf("%s importing %s is not reported", c.pkg, c.imp)
		}
	}
}

func TestUnusedRule(t *testing.T) {
	_, unused := check(map[string][]string{"gpu": nil}, []rule{{pkg: "gpu", only: []string{}}, {pkg: "nothing/...", deny: []string{"x"}}})
	if !slices.Equal(unused, []string{"nothing/..."}) {
		t.Fatalf("unused: %v", unused)
	}
}

func TestMatches(t *testing.T) {
	for _, c := range []struct {
		pat, p string
		want   bool
	}{
		{"bench/...", "bench", true}, {"bench/...", "bench/load", true}, {"bench/...", "benchmark", false},
		{"*", "x", true}, {"engine", "engine", true}, {"engine", "engine/enginetest", false},
	} {
		if got := matches(c.pat, c.p); got != c.want {
			t.Errorf("matches(%q, %q) = %v", c.pat, c.p, got)
		}
	}
}
