package store

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func loadWeights(t *testing.T, s *Store) ([]WeightSet, []Problem) {
	t.Helper()
	sets, problems, err := s.LoadWeights()
	if err != nil {
		t.Fatal(err)
	}
	return sets, problems
}

func blobs(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, blobsDir, blobAlgo))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func TestWeightsRoundTripAndSharing(t *testing.T) {
	s, dir, _ := open(t)
	a, b := []byte("weights A"), []byte("weights B, longer")
	wa, err := s.PutWeights("t1", "resnet", a, t0)
	if err != nil || wa.SHA256 != sha256.Sum256(a) || wa.Bytes != int64(len(a)) {
		t.Fatalf("put: %+v %v", wa, err)
	}
	// The same content under another tenant and name shares the blob.
	if _, err := s.PutWeights("t2", "copy", a, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PutWeights("t2", "other", b, t0); err != nil {
		t.Fatal(err)
	}
	if got := blobs(t, dir); len(got) != 2 {
		t.Fatalf("blobs %v, want 2", got)
	}
	got, err := os.ReadFile(s.BlobPath(sha256.Sum256(a)))
	if err != nil || !bytes.Equal(got, a) {
		t.Fatalf("blob: %q %v", got, err)
	}
	// Load of libraries and functions is not disturbed by the weights directories.
	if _, _, problems := load(t, s); len(problems) != 0 {
		t.Fatalf("Load: %v", problems)
	}
	// A restart finds all three.
	s.Close()
	s2, err := Open(dir, Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	sets, problems := loadWeights(t, s2)
	if len(problems) != 0 || len(sets) != 3 || sets[0].Name != "resnet" || sets[1].Name != "copy" || sets[2].Name != "other" {
		t.Fatalf("sets %+v problems %v", sets, problems)
	}
	if !sets[0].Created.Equal(t0) || sets[2].SHA256 != sha256.Sum256(b) {
		t.Fatalf("set %+v", sets[0])
	}
	// Deleting one user of a shared blob keeps it; deleting the last removes it.
	if err := s2.DeleteWeights("t1", "resnet"); err != nil {
		t.Fatal(err)
	}
	if len(blobs(t, dir)) != 2 {
		t.Fatal("a blob still in use was removed")
	}
	if err := s2.DeleteWeights("t2", "copy"); err != nil {
		t.Fatal(err)
	}
	if got := blobs(t, dir); len(got) != 1 {
		t.Fatalf("blobs %v after the last user of A went", got)
	}
	// Replacing a set drops the blob it no longer uses.
	if _, err := s2.PutWeights("t2", "other", a, t0); err != nil {
		t.Fatal(err)
	}
	if got := blobs(t, dir); len(got) != 1 || got[0] != filepath.Base(s2.BlobPath(sha256.Sum256(a))) {
		t.Fatalf("blobs %v after a replace", got)
	}
	if err := s2.DeleteWeights("t2", "nope"); err != nil {
		t.Fatalf("deleting a missing set: %v", err)
	}
	if _, err := s2.PutWeights("t2", "../x", a, t0); !errors.Is(err, ErrInvalidName) {
		t.Fatalf("a bad name: %v", err)
	}
}

func TestLoadWeightsChecksBlobs(t *testing.T) {
	s, dir, _ := open(t)
	for _, n := range []string{"good", "damaged", "missing"} {
		if _, err := s.PutWeights("t", n, []byte("content of "+n), t0); err != nil {
			t.Fatal(err)
		}
	}
	damaged := s.BlobPath(sha256.Sum256([]byte("content of damaged")))
	if err := os.WriteFile(damaged, []byte("content of damageD"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(s.BlobPath(sha256.Sum256([]byte("content of missing")))); err != nil {
		t.Fatal(err)
	}
	bdir := filepath.Join(dir, blobsDir, blobAlgo)
	orphan := filepath.Join(bdir, "00"+blobExt)
	tmp := filepath.Join(bdir, tmpPrefix+"blob.123")
	for _, p := range []string{orphan, tmp} {
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	sets, problems := loadWeights(t, s)
	if len(sets) != 1 || sets[0].Name != "good" {
		t.Fatalf("sets %+v", sets)
	}
	if len(problems) != 2 || !errors.Is(problems[0].Err, ErrCorrupt) || !errors.Is(problems[1].Err, ErrCorrupt) {
		t.Fatalf("problems %v", problems)
	}
	// The orphan, the interrupted write and the damaged blob (no sound entry uses it) are gone.
	for _, p := range []string{orphan, tmp, damaged} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: %v, want removed", p, err)
		}
	}
}
