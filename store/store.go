package store

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"go.uber.org/zap"
	"golang.org/x/sys/unix"
)

// Layout; doc.go describes it.
const (
	lockName   = "LOCK"
	tenantsDir = "tenants"
	seededDir  = "seeded"
	tmpPrefix  = ".tmp-"
)

// Library is a stored library.
type Library struct {
	Tenant, Name string
	Image        []byte // the uploaded bytes
	Created      time.Time
}

// Function is a stored function.
type Function struct {
	Tenant, Name string
	Config       []byte          // the config JSON as registered (less surrounding white space)
	Access       json.RawMessage // the function's access settings as the dispatcher encodes them (may be nil)
	Created      time.Time
}

// Problem is an entry that could not be loaded: reported and skipped.
type Problem struct {
	Path string
	Err  error
}

// Config configures a Store. Zero values take the defaults written beside each field.
type Config struct {
	// Log gets the store's warnings (default: nothing is logged).
	Log *zap.Logger
	// MaxEntryBytes bounds an entry's payload (default 1 GiB): a Put of a larger one is
	// ErrInvalidEntry, and Load skips a file larger than such an entry and its header without
	// reading it (a Problem wrapping ErrCorrupt). The server sets it from its own limits, so
	// that what it stores it can load.
	MaxEntryBytes int64
}

// DefaultMaxEntryBytes is the default of Config.MaxEntryBytes.
const DefaultMaxEntryBytes = 1 << 30

// Store keeps libraries and functions under a directory. Safe for concurrent use.
type Store struct {
	dir      string
	log      *zap.Logger
	maxEntry int64
	lock     *os.File // DIR/LOCK, flock'ed; nil after Close

	// mu: Put and Delete hold it shared; Load and Close hold it exclusive, so that Load never
	// takes a write in progress for a leftover, and Close waits for writes.
	mu sync.RWMutex
	// dirMu serializes creating directories, so that a directory that exists has been fsynced
	// into its parent by whoever created it.
	dirMu sync.Mutex
	// weightsMu serializes the puts and deletes of weight sets, so that a blob is removed only
	// when no entry refers to it (weights.go).
	weightsMu sync.Mutex
}

// Open opens the store in dir, creating dir (0700) if missing, and takes an exclusive lock on
// it: while this Store is open, another Open of dir, in this process or another, fails with
// ErrLocked.
func Open(dir string, cfg Config) (*Store, error) {
	if cfg.Log == nil {
		cfg.Log = zap.NewNop()
	}
	if cfg.MaxEntryBytes <= 0 {
		cfg.MaxEntryBytes = DefaultMaxEntryBytes
	}
	if dir == "" {
		return nil, errors.New("store: open: empty directory name")
	}
	dir = filepath.Clean(dir)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		// A new data directory is made durable in its parent, like every directory below it.
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("store: open: %w", err)
		}
		if err := syncDir(filepath.Dir(dir)); err != nil {
			return nil, fmt.Errorf("store: open: %w", err)
		}
	}
	path := filepath.Join(dir, lockName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	if err := flock(f); err != nil {
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w: %s is locked by another gpufn server%s", ErrLocked, dir, lockHolder(path))
		}
		return nil, fmt.Errorf("store: open: lock %s: %w", path, err)
	}
	// Diagnostics only: the holder's pid, for the error another Open returns.
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(fmt.Sprintf("%d\n", os.Getpid())), 0)
	}
	return &Store{dir: dir, log: cfg.Log, maxEntry: cfg.MaxEntryBytes, lock: f}, nil
}

// flock takes an exclusive, non-blocking flock on f.
func flock(f *os.File) error {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if err != unix.EINTR {
			return err
		}
	}
}

// lockHolder describes who holds the lock file at path, as far as it says.
func lockHolder(path string) string {
	b, err := os.ReadFile(path)
	if pid := strings.TrimSpace(string(b)); err == nil && pid != "" && len(pid) < 12 {
		return " (pid " + pid + ")"
	}
	return ""
}

// Close releases the lock. It waits for writes in progress. Closing twice is safe; every other
// method returns ErrClosed after Close.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lock == nil {
		return nil
	}
	err := s.lock.Close() // releases the flock
	s.lock = nil
	if err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}

// PutLibrary stores l, replacing any library of that tenant and name. It is atomic: after a
// crash a reader sees the old version or the new one, never a mix; when it returns nil the new
// version is durable.
func (s *Store) PutLibrary(l Library) error {
	if err := checkNames(l.Tenant, l.Name); err != nil {
		return fmt.Errorf("store: put library: %w", err)
	}
	if err := s.put(libraryKind, l.Tenant, l.Name, l.Created, l.Image); err != nil {
		return fmt.Errorf("store: put library %s/%s: %w", l.Tenant, l.Name, err)
	}
	return nil
}

// PutFunction stores f, replacing any function of that tenant and name; atomic as PutLibrary.
// Config must be JSON, and Access JSON or empty (ErrInvalidEntry).
func (s *Store) PutFunction(f Function) error {
	if err := checkNames(f.Tenant, f.Name); err != nil {
		return fmt.Errorf("store: put function: %w", err)
	}
	payload, err := encodeFunction(f.Config, f.Access)
	if err == nil {
		err = s.put(functionKind, f.Tenant, f.Name, f.Created, payload)
	}
	if err != nil {
		return fmt.Errorf("store: put function %s/%s: %w", f.Tenant, f.Name, err)
	}
	return nil
}

// DeleteLibrary removes the library of that tenant and name; a missing one is not an error.
func (s *Store) DeleteLibrary(tenant, name string) error {
	if err := checkNames(tenant, name); err != nil {
		return fmt.Errorf("store: delete library: %w", err)
	}
	if err := s.delete(libraryKind, tenant, name); err != nil {
		return fmt.Errorf("store: delete library %s/%s: %w", tenant, name, err)
	}
	return nil
}

// DeleteFunction removes the function of that tenant and name; a missing one is not an error.
func (s *Store) DeleteFunction(tenant, name string) error {
	if err := checkNames(tenant, name); err != nil {
		return fmt.Errorf("store: delete function: %w", err)
	}
	if err := s.delete(functionKind, tenant, name); err != nil {
		return fmt.Errorf("store: delete function %s/%s: %w", tenant, name, err)
	}
	return nil
}

// MarkSeeded records, durably, that the server has offered tenant a library or function of
// this name from its own seeds (the examples of --examples), so that it never offers it again:
// what the tenant made of it since (replaced, deleted, made private) stands across restarts.
// Marking again is no error.
func (s *Store) MarkSeeded(tenant string, function bool, name string) error {
	if err := checkNames(tenant, name); err != nil {
		return fmt.Errorf("store: mark seeded: %w", err)
	}
	k := libraryKind
	if function {
		k = functionKind
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.lock == nil {
		return ErrClosed
	}
	if err := s.mkdirs(seededDir, tenant); err != nil {
		return fmt.Errorf("store: mark seeded %s/%s: %w", tenant, name, err)
	}
	dir := filepath.Join(s.dir, seededDir, tenant)
	f, err := os.OpenFile(filepath.Join(dir, name+k.ext), os.O_WRONLY|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err == nil {
		err = f.Close()
	}
	if err == nil {
		err = syncDir(dir)
	}
	if err != nil {
		return fmt.Errorf("store: mark seeded %s/%s: %w", tenant, name, err)
	}
	return nil
}

// Seeded returns the names of the libraries and the functions marked seeded for tenant.
func (s *Store) Seeded(tenant string) (libs, fns map[string]bool, err error) {
	if err := checkName(tenant); err != nil {
		return nil, nil, fmt.Errorf("store: seeded: tenant: %w", err)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.lock == nil {
		return nil, nil, ErrClosed
	}
	entries, err := readDir(filepath.Join(s.dir, seededDir, tenant))
	if err != nil {
		return nil, nil, err
	}
	libs, fns = map[string]bool{}, map[string]bool{}
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), libraryKind.ext); ok {
			libs[name] = true
		} else if name, ok := strings.CutSuffix(e.Name(), functionKind.ext); ok {
			fns[name] = true
		}
	}
	return libs, fns, nil
}

// checkNames refuses a tenant or name that could name a path outside the store, or a
// temporary or hidden file.
func checkNames(tenant, name string) error {
	if err := checkName(tenant); err != nil {
		return fmt.Errorf("tenant: %w", err)
	}
	if err := checkName(name); err != nil {
		return fmt.Errorf("name: %w", err)
	}
	return nil
}

func checkName(s string) error {
	switch {
	case s == "":
		return fmt.Errorf("%w: empty", ErrInvalidName)
	case len(s) > maxName:
		return fmt.Errorf("%w: longer than %d bytes", ErrInvalidName, maxName)
	case s[0] == '.':
		return fmt.Errorf("%w: %q begins with '.'", ErrInvalidName, s)
	case strings.ContainsAny(s, "/\x00"):
		return fmt.Errorf("%w: %q contains '/' or NUL", ErrInvalidName, s)
	}
	return nil
}

// entryDir is DIR/tenants/<tenant>/<kind>.
func (s *Store) entryDir(k kind, tenant string) string {
	return filepath.Join(s.dir, tenantsDir, tenant, k.dir)
}

// put writes an entry atomically: temporary file, write, fsync, rename, fsync the directory.
func (s *Store) put(k kind, tenant, name string, created time.Time, payload []byte) error {
	if int64(len(payload)) > s.maxEntry {
		return fmt.Errorf("%w: %d bytes, more than an entry may hold (%d)", ErrInvalidEntry, len(payload), s.maxEntry)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.lock == nil {
		return ErrClosed
	}
	dir := s.entryDir(k, tenant)
	if err := s.mkdirs(tenantsDir, tenant, k.dir); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, tmpPrefix+name+k.ext+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = writeSync(f, encodeHeader(k, tenant, name, created, payload), payload)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, filepath.Join(dir, name+k.ext))
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(dir)
}

// writeSync writes header and payload to f and fsyncs it.
func writeSync(f *os.File, header, payload []byte) error {
	if _, err := f.Write(header); err != nil {
		return err
	}
	if _, err := f.Write(payload); err != nil {
		return err
	}
	return f.Sync()
}

// delete unlinks an entry and fsyncs its directory.
func (s *Store) delete(k kind, tenant, name string) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.lock == nil {
		return ErrClosed
	}
	dir := s.entryDir(k, tenant)
	if err := os.Remove(filepath.Join(dir, name+k.ext)); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	return syncDir(dir)
}

// mkdirs creates the directories DIR/elems[0], DIR/elems[0]/elems[1], ... that are missing,
// each 0700, and fsyncs each new one into its parent.
func (s *Store) mkdirs(elems ...string) error {
	s.dirMu.Lock()
	defer s.dirMu.Unlock()
	parent := s.dir
	for _, e := range elems {
		dir := filepath.Join(parent, e)
		if err := os.Mkdir(dir, 0o700); err == nil {
			if err := syncDir(parent); err != nil {
				return err
			}
		} else if !errors.Is(err, fs.ErrExist) {
			return err
		}
		parent = dir
	}
	return nil
}

// syncDir fsyncs a directory, making the entries renamed into it or unlinked from it durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("fsync %s: %w", dir, err)
	}
	return nil
}

// Load returns everything stored, libraries and functions each sorted by (tenant, name).
// An entry that cannot be loaded (corrupt, torn, misplaced, or not a regular file) becomes a
// Problem, is logged at Warn with its path and why, and is skipped; problems are sorted by
// path. Temporary files left by an interrupted write are removed, and each removal logged.
// err is only for a directory that cannot be read.
func (s *Store) Load() (libs []Library, fns []Function, problems []Problem, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lock == nil {
		return nil, nil, nil, ErrClosed
	}
	l := loader{log: s.log, maxEntry: s.maxEntry}
	root := filepath.Join(s.dir, tenantsDir)
	tenants, err := readDir(root)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, t := range tenants {
		tdir := filepath.Join(root, t.Name())
		if !t.IsDir() || checkName(t.Name()) != nil {
			l.problem(tdir, fmt.Errorf("%w: not a tenant directory", ErrCorrupt))
			continue
		}
		if err := l.loadTenant(tdir, t.Name()); err != nil {
			return nil, nil, nil, err
		}
	}
	slices.SortFunc(l.libs, func(a, b Library) int {
		return cmp.Or(strings.Compare(a.Tenant, b.Tenant), strings.Compare(a.Name, b.Name))
	})
	slices.SortFunc(l.fns, func(a, b Function) int {
		return cmp.Or(strings.Compare(a.Tenant, b.Tenant), strings.Compare(a.Name, b.Name))
	})
	slices.SortFunc(l.problems, func(a, b Problem) int { return strings.Compare(a.Path, b.Path) })
	return l.libs, l.fns, l.problems, nil
}

// loader gathers what Load finds; Load's lock covers it.
type loader struct {
	log      *zap.Logger
	maxEntry int64 // Config.MaxEntryBytes
	libs     []Library
	fns      []Function
	problems []Problem
}

// problem records an entry that is skipped, and logs it.
func (l *loader) problem(path string, err error) {
	l.log.Warn("store: skipped an entry", zap.String("path", path), zap.Error(err))
	l.problems = append(l.problems, Problem{Path: path, Err: err})
}

// loadTenant loads the libraries and functions of a tenant's directory; an error is for a
// directory that cannot be read.
func (l *loader) loadTenant(tdir, tenant string) error {
	kinds, err := readDir(tdir)
	if err != nil {
		return err
	}
	for _, kd := range kinds {
		kdir := filepath.Join(tdir, kd.Name())
		var k kind
		switch kd.Name() {
		case libraryKind.dir:
			k = libraryKind
		case functionKind.dir:
			k = functionKind
		case cubinsDir:
			continue // compiled cubins: read on demand (LoadCubin)
		case weightsDir:
			continue // weight sets: LoadWeights
		default:
			l.problem(kdir, fmt.Errorf("%w: unexpected in a tenant directory", ErrCorrupt))
			continue
		}
		if !kd.IsDir() {
			l.problem(kdir, fmt.Errorf("%w: not a directory", ErrCorrupt))
			continue
		}
		entries, err := readDir(kdir)
		if err != nil {
			return err
		}
		for _, e := range entries {
			l.loadEntry(filepath.Join(kdir, e.Name()), e, tenant, k)
		}
	}
	return nil
}

// loadEntry loads one library or function file, removes a temporary file left by an
// interrupted write, or records a problem.
func (l *loader) loadEntry(path string, e os.DirEntry, tenant string, k kind) {
	if strings.HasPrefix(e.Name(), tmpPrefix) && e.Type().IsRegular() {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			l.problem(path, fmt.Errorf("remove a leftover temporary file: %w", err))
			return
		}
		l.log.Warn("store: removed a temporary file left by an interrupted write", zap.String("path", path))
		return
	}
	name, ok := strings.CutSuffix(e.Name(), k.ext)
	if !ok || checkName(name) != nil || !e.Type().IsRegular() {
		l.problem(path, fmt.Errorf("%w: not a %s entry (want a regular file <name>%s)", ErrCorrupt, k.name, k.ext))
		return
	}
	created, payload, err := readEntry(path, k, tenant, name, l.maxEntry)
	if err != nil {
		l.problem(path, err)
		return
	}
	switch k {
	case libraryKind:
		l.libs = append(l.libs, Library{Tenant: tenant, Name: name, Image: payload, Created: created})
	case functionKind:
		config, access, err := decodeFunction(payload)
		if err != nil {
			l.problem(path, err)
			return
		}
		l.fns = append(l.fns, Function{Tenant: tenant, Name: name, Config: config, Access: access, Created: created})
	}
}

// readDir lists a directory; a missing one is empty.
func readDir(dir string) ([]os.DirEntry, error) {
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("store: load: %w", err)
	}
	return entries, nil
}

// readEntry reads and verifies the entry at path. It does not follow a symbolic link, and it
// reads no file larger than an entry of maxEntry bytes of payload and its header.
func readEntry(path string, k kind, tenant, name string, maxEntry int64) (time.Time, []byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return time.Time{}, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return time.Time{}, nil, err
	}
	if !fi.Mode().IsRegular() {
		return time.Time{}, nil, fmt.Errorf("%w: not a regular file", ErrCorrupt)
	}
	if fi.Size() > maxEntry+maxHeader {
		return time.Time{}, nil, fmt.Errorf("%w: %d bytes, more than an entry may take (%d bytes of payload and a header)", ErrCorrupt, fi.Size(), maxEntry)
	}
	data := make([]byte, fi.Size())
	if _, err := f.ReadAt(data, 0); err != nil {
		return time.Time{}, nil, err
	}
	return decode(data, k, tenant, name)
}
