// Package store owns the durable registry on disk: the libraries and functions that tenants
// registered, kept under the server's --data-dir so that they survive a restart (also a
// SIGKILL or a crash in the middle of a write). The dispatcher keeps the live registry in
// memory; cmd/gpufn loads the store at start and the dispatcher writes through it.
//
// # Layout
//
//	DIR/LOCK                                     flock'ed by the one Store that has DIR open
//	DIR/tenants/<tenant>/libraries/<name>.lib    one file per library
//	DIR/tenants/<tenant>/functions/<name>.fn     one file per function
//	DIR/tenants/<tenant>/cubins/<arch>/<name>.cubin  the cubin compiled from PTX library <name>
//	DIR/tenants/<tenant>/weights/<name>.ws       one file per weight set: its blob's SHA-256 and size
//	DIR/blobs/sha256/<hex>.safetensors           a weight set's file as uploaded, named by its SHA-256
//	DIR/tenants/<tenant>/<kind>/.tmp-*           a write in progress (or interrupted)
//	DIR/seeded/<tenant>/<name>.lib, <name>.fn    empty: the server's seed of that name was offered
//
// The server seeds tenant "default" with its examples (--examples) once per data directory: a
// seed's mark (MarkSeeded) stays when the tenant replaces or deletes what it was given, so
// that a restart does not undo it.
//
// Directories are created 0700 and files 0600. A tenant or name is refused (ErrInvalidName)
// when it is empty, begins with '.' (so "." and "..", and nothing can pass for a temporary
// file), contains '/' or NUL, or is longer than 128 bytes: nothing a caller passes can name a
// path outside DIR. Callers validate names more strictly before they reach the store.
//
// # Entry format
//
// Each entry is one file: a header line of JSON, a newline, and the payload.
//
//	{"magic":"gpufn-store","v":1,"kind":"library","tenant":"t","name":"n",
//	 "created":"2006-01-02T15:04:05.999999999Z","size":N,"sha256":"<64 hex digits>"}\n
//	<N bytes of payload>
//
// (The header is one line; it is wrapped here.) The payload of a library is its image, the
// uploaded bytes. The payload of a function is the JSON object {"config":<raw>,"access":<raw>}
// with Config and Access written as given (less surrounding white space; "access" is left out
// when Access is empty). The payload of a cubin (kind "cubin", named as its library) is a line
// of JSON {"arch":..,"ptx_sha256":..,"compiler":..} (what it was compiled from and by), a
// newline and the cubin; Load skips the cubins directory, LoadCubin reads one entry on demand.
// sha256 is the SHA-256 of
//
//	"gpufn-store\x00" "1\x00" kind "\x00" tenant "\x00" name "\x00" created "\x00" payload
//
// so that a damaged header field is caught as surely as a damaged payload. Load first refuses a
// file larger than an entry may be (Config.MaxEntryBytes of payload and a header; it is not
// read, so a huge or sparse file costs no memory), then checks the magic, the version, the
// kind, that tenant and name match the file's path, that the payload is exactly size bytes,
// and the checksum. A file that fails any check is a Problem (its Err
// wraps ErrCorrupt): it is logged at Warn and skipped, and the rest loads.
//
// # Weight sets
//
// A weight set is stored content-addressed: its file (a safetensors file, checked by the
// caller) is a blob named by its SHA-256, shared by every set of that content whichever its
// tenant, and the set's entry (kind "weights", payload {"sha256":..,"bytes":N}) names it. A
// Put writes the blob (unless present), then the entry; a delete or a replace removes the
// blob that no entry refers to any more. Workers read a set from its blob's path (BlobPath),
// so that its bytes never cross a pipe. LoadWeights checks every blob's size and SHA-256 once,
// skips (as a Problem) an entry whose blob is missing or damaged, and removes the blobs no
// sound entry refers to and the temporary files of interrupted blob writes. Load skips the
// weights directories.
//
// # Atomicity
//
// A write creates a temporary file ".tmp-*" in the entry's directory, writes the header and
// the payload, fsyncs the file, renames it over the entry and fsyncs the directory; a
// directory the store creates is fsynced into its parent. A reader after a crash therefore
// sees the old version of an entry or the new one, never a mix, and a Put that returned is
// durable. A delete unlinks the entry and fsyncs the directory. Load removes the temporary
// files an interrupted write left behind, and logs each.
//
// # Concurrency
//
// A Store is safe for concurrent use. Puts and deletes run concurrently with each other (the
// last rename of an entry wins); Load and Close wait for them and exclude them. Two Stores,
// in one process or two, cannot open the same directory: Open takes an exclusive flock on
// DIR/LOCK and fails with ErrLocked while another holds it. The package starts no goroutines.
package store
