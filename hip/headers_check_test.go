//go:build hipheaders

package hip

import "testing"

// TestHeaderCheck exists to be built: headers_check.go fails to compile when hip_decls.h
// disagrees with the vendor's HIP headers. Run it with
// `scripts/hip-headers.sh && go test -tags hipheaders -run HeaderCheck ./hip`.
func TestHeaderCheck(t *testing.T) {
	funcs, consts, v := headerCheck()
	if funcs == 0 || consts == 0 {
		t.Fatalf("checked %d prototypes and %d constants", funcs, consts)
	}
	t.Logf("hip headers: %d prototypes and %d constants match (HIP %s)", funcs, consts, version(v))
}
