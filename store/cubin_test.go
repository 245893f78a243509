package store

import (
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A cubin is kept beside its library, per architecture, read back with what it was compiled
// from and by, invisible to Load, and deleted with DeleteCubins.
func TestCubinRoundTrip(t *testing.T) {
	s, dir, _ := open(t)
	ptx := []byte(".version 8.0\n")
	c := Cubin{Tenant: "acme", Name: "mm", Arch: "sm_90", PTXSHA256: sha256.Sum256(ptx), Compiler: "CUDA 12.4 (12040) libcuda.so.550.54.15", Image: []byte("\x7fELF\x00\n\xff cubin"), Created: t0}
	if _, err := s.LoadCubin("acme", "mm", "sm_90"); !errors.Is(err, ErrNoCubin) {
		t.Fatalf("before: %v", err)
	}
	if err := s.PutLibrary(Library{Tenant: "acme", Name: "mm", Image: ptx, Created: t0}); err != nil {
		t.Fatal(err)
	}
	if err := s.PutCubin(c); err != nil {
		t.Fatal(err)
	}
	other := c
	other.Arch, other.Image = "sm_80", []byte("another")
	if err := s.PutCubin(other); err != nil {
		t.Fatal(err)
	}
	got, err := s.LoadCubin("acme", "mm", "sm_90")
	if err != nil {
		t.Fatal(err)
	}
	if got.PTXSHA256 != c.PTXSHA256 || got.Compiler != c.Compiler || string(got.Image) != string(c.Image) || !got.Created.Equal(t0) || got.Arch != "sm_90" {
		t.Fatalf("got %+v", got)
	}
	if got, err := s.LoadCubin("acme", "mm", "sm_80"); err != nil || string(got.Image) != "another" {
		t.Fatalf("sm_80: %+v %v", got, err)
	}
	libs, fns, problems := load(t, s)
	if len(libs) != 1 || len(fns) != 0 || len(problems) != 0 {
		t.Fatalf("Load: %d libs, %d fns, problems %v", len(libs), len(fns), problems)
	}
	// A damaged entry is corrupt, not a cubin.
	path := filepath.Join(dir, "tenants", "acme", "cubins", "sm_90", "mm.cubin")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-1] ^= 1
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.LoadCubin("acme", "mm", "sm_90"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("damaged: %v", err)
	}
	// An entry moved to another architecture's directory is refused.
	if err := os.MkdirAll(filepath.Join(dir, "tenants", "acme", "cubins", "sm_70"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "tenants", "acme", "cubins", "sm_80", "mm.cubin"), filepath.Join(dir, "tenants", "acme", "cubins", "sm_70", "mm.cubin")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.LoadCubin("acme", "mm", "sm_70"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("moved: %v", err)
	}
	if err := s.DeleteCubins("acme", "mm"); err != nil {
		t.Fatal(err)
	}
	for _, arch := range []string{"sm_90", "sm_80", "sm_70"} {
		if _, err := s.LoadCubin("acme", "mm", arch); !errors.Is(err, ErrNoCubin) {
			t.Errorf("%s after delete: %v", arch, err)
		}
	}
	if err := s.DeleteCubins("acme", "none"); err != nil {
		t.Errorf("deleting nothing: %v", err)
	}
	if err := s.PutCubin(Cubin{Tenant: "acme", Name: "mm", Arch: "../x"}); !errors.Is(err, ErrInvalidName) {
		t.Errorf("a bad arch: %v", err)
	}
	s.Close()
	if _, err := s.LoadCubin("acme", "mm", "sm_90"); !errors.Is(err, ErrClosed) {
		t.Errorf("closed: %v", err)
	}
}
