package store

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// cubinsDir is where a tenant's compiled cubins live: DIR/tenants/<tenant>/cubins/<arch>/.
const cubinsDir = "cubins"

// Cubin is the cubin compiled from a stored PTX library for one GPU architecture, kept beside
// the library so that a restart need not compile it again. It is valid for the library while
// PTXSHA256 is the SHA-256 of the library's image and Compiler the version of the compiler
// the server has now (a driver change compiles again); the caller checks both.
type Cubin struct {
	Tenant, Name string // the library's
	Arch         string // e.g. "sm_90"
	PTXSHA256    [32]byte
	Compiler     string
	Image        []byte
	Created      time.Time
}

// cubinMeta is the first line of a cubin entry's payload; the cubin follows it.
type cubinMeta struct {
	Arch      string `json:"arch"`
	PTXSHA256 string `json:"ptx_sha256"`
	Compiler  string `json:"compiler"`
}

func cubinKind(arch string) kind {
	return kind{name: "cubin", dir: filepath.Join(cubinsDir, arch), ext: ".cubin"}
}

// PutCubin stores c, replacing the library's cubin for c.Arch; atomic as PutLibrary. Arch must
// be a valid name (ErrInvalidName).
func (s *Store) PutCubin(c Cubin) error {
	if err := checkNames(c.Tenant, c.Name); err != nil {
		return fmt.Errorf("store: put cubin: %w", err)
	}
	if err := checkName(c.Arch); err != nil {
		return fmt.Errorf("store: put cubin: arch: %w", err)
	}
	meta, err := json.Marshal(cubinMeta{Arch: c.Arch, PTXSHA256: hex.EncodeToString(c.PTXSHA256[:]), Compiler: c.Compiler})
	if err != nil {
		return fmt.Errorf("store: put cubin: %w", err)
	}
	payload := make([]byte, 0, len(meta)+1+len(c.Image))
	payload = append(append(append(payload, meta...), '\n'), c.Image...)
	s.mu.RLock()
	closed := s.lock == nil
	s.mu.RUnlock()
	if closed {
		return ErrClosed
	}
	// The arch directory first: put makes the last level only.
	if err := s.mkdirs(tenantsDir, c.Tenant, cubinsDir, c.Arch); err != nil {
		return fmt.Errorf("store: put cubin %s/%s (%s): %w", c.Tenant, c.Name, c.Arch, err)
	}
	if err := s.put(cubinKind(c.Arch), c.Tenant, c.Name, c.Created, payload); err != nil {
		return fmt.Errorf("store: put cubin %s/%s (%s): %w", c.Tenant, c.Name, c.Arch, err)
	}
	return nil
}

// LoadCubin returns the cubin stored for library tenant/name and arch: ErrNoCubin when there
// is none, an error wrapping ErrCorrupt when the entry fails verification (as Load's entries).
func (s *Store) LoadCubin(tenant, name, arch string) (Cubin, error) {
	if err := checkNames(tenant, name); err != nil {
		return Cubin{}, fmt.Errorf("store: load cubin: %w", err)
	}
	if err := checkName(arch); err != nil {
		return Cubin{}, fmt.Errorf("store: load cubin: arch: %w", err)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.lock == nil {
		return Cubin{}, ErrClosed
	}
	k := cubinKind(arch)
	path := filepath.Join(s.entryDir(k, tenant), name+k.ext)
	created, payload, err := readEntry(path, k, tenant, name, s.maxEntry)
	if errors.Is(err, fs.ErrNotExist) {
		return Cubin{}, ErrNoCubin
	}
	if err != nil {
		return Cubin{}, fmt.Errorf("store: load cubin %s: %w", path, err)
	}
	n := bytes.IndexByte(payload, '\n')
	var meta cubinMeta
	var sum []byte
	if n >= 0 {
		err = json.Unmarshal(payload[:n], &meta)
		if err == nil {
			sum, err = hex.DecodeString(meta.PTXSHA256)
		}
	}
	if n < 0 || err != nil || len(sum) != 32 || meta.Arch != arch {
		return Cubin{}, fmt.Errorf("store: load cubin %s: %w: a cubin entry without its description for %s", path, ErrCorrupt, arch)
	}
	return Cubin{Tenant: tenant, Name: name, Arch: arch, PTXSHA256: [32]byte(sum), Compiler: meta.Compiler,
		Image: payload[n+1:], Created: created}, nil
}

// DeleteCubins removes the cubins stored for library tenant/name, every architecture's; none
// is not an error.
func (s *Store) DeleteCubins(tenant, name string) error {
	if err := checkNames(tenant, name); err != nil {
		return fmt.Errorf("store: delete cubins: %w", err)
	}
	archs, err := os.ReadDir(filepath.Join(s.dir, tenantsDir, tenant, cubinsDir))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store: delete cubins %s/%s: %w", tenant, name, err)
	}
	for _, a := range archs {
		if !a.IsDir() || checkName(a.Name()) != nil {
			continue
		}
		if err := s.delete(cubinKind(a.Name()), tenant, name); err != nil {
			return fmt.Errorf("store: delete cubins %s/%s: %w", tenant, name, err)
		}
	}
	return nil
}
