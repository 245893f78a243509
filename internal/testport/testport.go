// Package testport hands tests loopback ports that nothing else on the host is handed
// meanwhile: internal/freeport's, outside the kernel's ephemeral range (see there why).
package testport

import (
	"testing"

	"gpufn/internal/freeport"
)

// Loopback returns n distinct ports free on 127.0.0.1 now, outside the kernel's ephemeral range
// where it leaves room (the test's log says when it does not). It fails the test when it cannot
// find them.
func Loopback(t testing.TB, n int) []int {
	t.Helper()
	ports, outside, err := freeport.Loopback(n)
	if err != nil {
		t.Fatal(err)
	}
	if !outside {
		t.Logf("testport: the ephemeral range leaves no room for %d ports outside it: another bind to port 0 may take one", n)
	}
	return ports
}
