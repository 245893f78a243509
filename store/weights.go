package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"go.uber.org/zap"
)

// Weight sets: each tenant's entry names a blob by its SHA-256; the blobs are shared by every
// entry with the same content. doc.go describes the layout.
const (
	weightsDir = "weights"      // DIR/tenants/<tenant>/weights/<name>.ws
	blobsDir   = "blobs"        // DIR/blobs/sha256/<hex>
	blobAlgo   = "sha256"       // the one algorithm, a directory of its own
	blobExt    = ".safetensors" // of a blob's file
	maxBlob    = int64(1) << 40 // no blob is larger (1 TiB); Config.MaxEntryBytes does not bound blobs
)

var weightsKind = kind{name: "weights", dir: weightsDir, ext: ".ws"}

// WeightSet is a stored weight set: a tenant's name for a blob, the safetensors file itself.
type WeightSet struct {
	Tenant, Name string
	SHA256       [32]byte // of the blob, which is the file as uploaded
	Bytes        int64    // the blob's size
	Created      time.Time
}

// weightsPayload is the payload of a weight set's entry.
type weightsPayload struct {
	SHA256 string `json:"sha256"`
	Bytes  int64  `json:"bytes"`
}

// BlobPath is the path of the blob of that SHA-256 (which exists while a stored weight set
// refers to it). Workers read weight sets from it; it is never written in place.
func (s *Store) BlobPath(sum [32]byte) string {
	return filepath.Join(s.dir, blobsDir, blobAlgo, hex.EncodeToString(sum[:])+blobExt)
}

// PutWeights stores the file as the weight set of that tenant and name, replacing any, and
// returns it. The blob is written first (once per content: a blob already stored is not
// written again), then the entry, each atomically; a blob no entry refers to any more (the
// replaced set's) is removed. When it returns nil both are durable. The caller has checked
// the file (package weights).
func (s *Store) PutWeights(tenant, name string, file []byte, created time.Time) (WeightSet, error) {
	if err := checkNames(tenant, name); err != nil {
		return WeightSet{}, fmt.Errorf("store: put weights: %w", err)
	}
	ws := WeightSet{Tenant: tenant, Name: name, SHA256: sha256.Sum256(file), Bytes: int64(len(file)), Created: created}
	payload, err := json.Marshal(weightsPayload{SHA256: hex.EncodeToString(ws.SHA256[:]), Bytes: ws.Bytes})
	if err != nil {
		return WeightSet{}, err
	}
	s.weightsMu.Lock()
	defer s.weightsMu.Unlock()
	old, hadOld := s.readWeightsEntry(tenant, name)
	if err := s.putBlob(ws.SHA256, file); err != nil {
		return WeightSet{}, fmt.Errorf("store: put weights %s/%s: blob: %w", tenant, name, err)
	}
	if err := s.put(weightsKind, tenant, name, created, payload); err != nil {
		return WeightSet{}, fmt.Errorf("store: put weights %s/%s: %w", tenant, name, err)
	}
	if hadOld && old.SHA256 != ws.SHA256 {
		s.dropBlobIfUnused(old.SHA256)
	}
	return ws, nil
}

// DeleteWeights removes the weight set of that tenant and name, and its blob when no other set
// refers to it; a missing set is not an error.
func (s *Store) DeleteWeights(tenant, name string) error {
	if err := checkNames(tenant, name); err != nil {
		return fmt.Errorf("store: delete weights: %w", err)
	}
	s.weightsMu.Lock()
	defer s.weightsMu.Unlock()
	old, had := s.readWeightsEntry(tenant, name)
	if err := s.delete(weightsKind, tenant, name); err != nil {
		return fmt.Errorf("store: delete weights %s/%s: %w", tenant, name, err)
	}
	if had {
		s.dropBlobIfUnused(old.SHA256)
	}
	return nil
}

// putBlob writes the blob of sum atomically unless it is there already (of the right size).
func (s *Store) putBlob(sum [32]byte, file []byte) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.lock == nil {
		return ErrClosed
	}
	path := s.BlobPath(sum)
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() && fi.Size() == int64(len(file)) {
		return nil
	}
	if err := s.mkdirs(blobsDir, blobAlgo); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, tmpPrefix+"blob.*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = writeSync(f, nil, file)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(dir)
}

// dropBlobIfUnused removes the blob of sum when no weight set's entry refers to it. Failures
// are logged: an unused blob is removed at the next Load.
func (s *Store) dropBlobIfUnused(sum [32]byte) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.lock == nil {
		return
	}
	used, err := s.usedBlobs()
	if err != nil || used[sum] {
		return
	}
	if err := os.Remove(s.BlobPath(sum)); err == nil {
		syncDir(filepath.Dir(s.BlobPath(sum)))
	}
}

// readWeightsEntry reads the weight set entry of tenant/name, if there is a sound one.
func (s *Store) readWeightsEntry(tenant, name string) (WeightSet, bool) {
	ws, err := readWeights(filepath.Join(s.entryDir(weightsKind, tenant), name+weightsKind.ext), tenant, name)
	return ws, err == nil
}

// readWeights reads and verifies a weight set's entry (not its blob).
func readWeights(path, tenant, name string) (WeightSet, error) {
	created, payload, err := readEntry(path, weightsKind, tenant, name, maxHeader)
	if err != nil {
		return WeightSet{}, err
	}
	var p weightsPayload
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return WeightSet{}, fmt.Errorf("%w: weights payload: %v", ErrCorrupt, err)
	}
	sum, err := hex.DecodeString(p.SHA256)
	if err != nil || len(sum) != sha256.Size || p.Bytes < 0 {
		return WeightSet{}, fmt.Errorf("%w: weights payload: bad sha256 or size", ErrCorrupt)
	}
	return WeightSet{Tenant: tenant, Name: name, SHA256: [32]byte(sum), Bytes: p.Bytes, Created: created}, nil
}

// usedBlobs is the set of blobs the weight set entries refer to. The caller holds weightsMu
// (or mu exclusively).
func (s *Store) usedBlobs() (map[[32]byte]bool, error) {
	used := map[[32]byte]bool{}
	tenants, err := readDir(filepath.Join(s.dir, tenantsDir))
	if err != nil {
		return nil, err
	}
	for _, t := range tenants {
		dir := filepath.Join(s.dir, tenantsDir, t.Name(), weightsDir)
		entries, err := readDir(dir)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			name, ok := strings.CutSuffix(e.Name(), weightsKind.ext)
			if !ok || strings.HasPrefix(e.Name(), tmpPrefix) {
				continue
			}
			if ws, err := readWeights(filepath.Join(dir, e.Name()), t.Name(), name); err == nil {
				used[ws.SHA256] = true
			}
		}
	}
	return used, nil
}

// LoadWeights returns every stored weight set whose entry and blob are sound, sorted by
// (tenant, name). Each blob is read once and its SHA-256 checked; an entry whose blob is
// missing, of another size or of another content is a Problem (logged and skipped). Blobs no
// entry refers to, and temporary files of interrupted writes, are removed (and logged). Load
// (of libraries and functions) skips the weights directories; this is their Load.
func (s *Store) LoadWeights() ([]WeightSet, []Problem, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lock == nil {
		return nil, nil, ErrClosed
	}
	l := loader{log: s.log}
	var sets []WeightSet
	tenants, err := readDir(filepath.Join(s.dir, tenantsDir))
	if err != nil {
		return nil, nil, err
	}
	verified := map[[32]byte]error{}
	for _, t := range tenants {
		if !t.IsDir() || checkName(t.Name()) != nil {
			continue // Load reports it
		}
		dir := filepath.Join(s.dir, tenantsDir, t.Name(), weightsDir)
		entries, err := readDir(dir)
		if err != nil {
			return nil, nil, err
		}
		for _, e := range entries {
			ws, ok := s.loadWeightsEntry(&l, dir, e, t.Name(), verified)
			if ok {
				sets = append(sets, ws)
			}
		}
	}
	s.sweepBlobs(&l, sets)
	slices.SortFunc(sets, func(a, b WeightSet) int {
		return strings.Compare(a.Tenant+"\x00"+a.Name, b.Tenant+"\x00"+b.Name)
	})
	return sets, l.problems, nil
}

// loadWeightsEntry loads one file of a weights directory, checking its blob (once per blob).
func (s *Store) loadWeightsEntry(l *loader, dir string, e os.DirEntry, tenant string, verified map[[32]byte]error) (WeightSet, bool) {
	path := filepath.Join(dir, e.Name())
	if strings.HasPrefix(e.Name(), tmpPrefix) && e.Type().IsRegular() {
		l.loadEntry(path, e, tenant, weightsKind) // removes it
		return WeightSet{}, false
	}
	name, ok := strings.CutSuffix(e.Name(), weightsKind.ext)
	if !ok || checkName(name) != nil || !e.Type().IsRegular() {
		l.problem(path, fmt.Errorf("%w: not a weights entry (want a regular file <name>%s)", ErrCorrupt, weightsKind.ext))
		return WeightSet{}, false
	}
	ws, err := readWeights(path, tenant, name)
	if err != nil {
		l.problem(path, err)
		return WeightSet{}, false
	}
	berr, done := verified[ws.SHA256]
	if !done {
		berr = verifyBlob(s.BlobPath(ws.SHA256), ws.SHA256, ws.Bytes)
		verified[ws.SHA256] = berr
	}
	if berr != nil {
		l.problem(path, berr)
		return WeightSet{}, false
	}
	return ws, true
}

// verifyBlob checks that the blob at path is a regular file of size bytes whose SHA-256 is sum.
func verifyBlob(path string, sum [32]byte, size int64) error {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return fmt.Errorf("%w: the blob: %v", ErrCorrupt, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != size {
		return fmt.Errorf("%w: the blob %s is not a regular file of %d bytes", ErrCorrupt, path, size)
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return fmt.Errorf("%w: the blob: %v", ErrCorrupt, err)
	}
	if !bytes.Equal(h.Sum(nil), sum[:]) {
		return fmt.Errorf("%w: the blob %s does not have the SHA-256 its name says", ErrCorrupt, path)
	}
	return nil
}

// sweepBlobs removes the blobs no loaded set refers to and the temporary files of interrupted
// blob writes.
func (s *Store) sweepBlobs(l *loader, sets []WeightSet) {
	used := map[string]bool{}
	for _, ws := range sets {
		used[filepath.Base(s.BlobPath(ws.SHA256))] = true
	}
	dir := filepath.Join(s.dir, blobsDir, blobAlgo)
	entries, err := os.ReadDir(dir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			l.problem(dir, err)
		}
		return
	}
	removed := false
	for _, e := range entries {
		if used[e.Name()] {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if err := os.Remove(path); err != nil {
			l.problem(path, fmt.Errorf("remove an unused blob: %w", err))
			continue
		}
		removed = true
		s.log.Warn("store: removed a blob no weight set refers to (or an interrupted write)", zap.String("path", path))
	}
	if removed {
		syncDir(dir)
	}
}
