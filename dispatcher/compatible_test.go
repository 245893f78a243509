package dispatcher

import (
	"errors"
	"gpufn/call"
	"os"
	"strings"
	"testing"

	"gpufn/examples"
	"gpufn/gpu"
)

// An upload no device of the server can run is refused as invalid with incompatible_library:
// the vendor is the dispatcher's check, the architecture libscan.CheckArch's.
func TestIncompatibleLibrary(t *testing.T) {
	ptx := examples.MustPTX("mlops")                                   // targets sm_90
	bundle, err := os.ReadFile("../libscan/testdata/amd/module.hsaco") // gfx908 and gfx90a:xnack-
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		device, arch string
		image        []byte
		want         string // "" when accepted
	}{
		{"cuda", "sm_90", ptx, ""},
		{"cuda", "sm_80", ptx, "the PTX targets sm_90, newer than this server's sm_80"},
		{"cuda", "sm_90", bundle, "a bundle library needs a hip device; this server runs cuda devices"},
		{"hip", "gfx90a", bundle, ""},
		{"hip", "gfx942", bundle, "the offload bundle has code for gfx908,gfx90a:xnack- but not for this server's gfx942"},
		{"hip", "gfx90a", ptx, "a ptx library needs a cuda device; this server runs hip devices"},
		{"cpu", "go", bundle, ""},
	} {
		d := New(Config{Device: c.device, Info: gpu.Info{Kind: c.device, Arch: c.arch}}, nil)
		_, _, err := d.PutLibrary(admin, admin.Tenant, "lib", c.image)
		if c.want == "" {
			if err != nil {
				t.Errorf("%s %s: %v", c.device, c.arch, err)
			}
			continue
		}
		var de *Error
		if !errors.As(err, &de) || de.Code != call.CodeIncompatibleLibrary || de.Code.Status() != 422 || !strings.HasPrefix(de.Message, c.want) {
			t.Errorf("%s %s: %v; want invalid, incompatible_library: %s", c.device, c.arch, err, c.want)
		}
	}
}
