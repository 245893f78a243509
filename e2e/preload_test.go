package e2e

import (
	"strings"
	"testing"

	"gpufn/examples"
)

// A function is preloaded when it is registered: once the workers have caught up
// (/v1/engines' preloads_pending 0), its first invocation on any worker finds its library
// loaded (no load stage in Server-Timing). With --preload=false the first invocation loads it.
func TestPreloadOverHTTP(t *testing.T) {
	for _, tc := range []struct {
		name     string
		flags    []string
		preloads bool
	}{
		{"default", []string{"--engine", "concurrent", "--workers", "2"}, true},
		{"off", []string{"--engine", "concurrent", "--workers", "2", "--preload=false"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, tc.flags...)
			s.uploadExamples("testkernels")
			for _, fn := range examples.TestFunctions() {
				if fn.Name == "dirty" {
					s.mustPut("/v1/functions/"+fn.Name, fn.Config)
				}
			}
			waitFor(t, "the workers to catch up", func() bool { return s.engines()[0].PreloadsPending == 0 })
			e := s.engines()[0]
			if got := e.Preloads >= 2; got != tc.preloads {
				t.Fatalf("%d preloads (2 workers, 1 function)", e.Preloads)
			}
			a := s.invoke("dirty", nil)
			if a.status != 200 {
				t.Fatalf("dirty: %d %s %s", a.status, a.code, a.message)
			}
			timing := a.header.Get("Server-Timing")
			if loaded := strings.Contains(timing, "load;dur="); loaded == tc.preloads {
				t.Fatalf("the first invocation's Server-Timing %q: a load stage %v, preloading %v", timing, loaded, tc.preloads)
			}
		})
	}
}
