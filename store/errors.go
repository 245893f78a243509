package store

import "errors"

// Errors of the store.
var (
	// ErrInvalidName is returned when a tenant or name is empty, begins with '.', contains '/'
	// or NUL, or is longer than 128 bytes.
	ErrInvalidName = errors.New("store: invalid tenant or name")
	// ErrInvalidEntry is returned by PutFunction when Config is empty or not JSON, or Access is
	// not JSON, and by a Put whose payload exceeds Config.MaxEntryBytes.
	ErrInvalidEntry = errors.New("store: invalid entry")
	// ErrLocked is returned by Open when another Store, in this process or another, has the
	// directory open.
	ErrLocked = errors.New("store: data directory in use")
	// ErrClosed is returned by every method but Close after Close.
	ErrClosed = errors.New("store: closed")
	// ErrCorrupt is wrapped by the Err of a Problem whose file fails verification: a missing
	// or bad header, another magic, version, kind, tenant or name, a payload of the wrong size
	// (a torn file), a checksum that does not match, or a file larger than any entry may be.
	ErrCorrupt = errors.New("store: corrupt entry")
	// ErrNoCubin is returned by LoadCubin when no cubin is stored for the library and
	// architecture.
	ErrNoCubin = errors.New("store: no cubin stored")
)
