package dispatcher

import (
	"encoding/json"

	"gpufn/call"
)

// Byte quotas of what a tenant keeps on the server: the bytes of its stored objects
// (Config.MaxStoredBytes: libraries, functions' configs and access settings, and any later
// kind of stored object, such as weight sets, counted in storedBytesLocked), and the size of a
// function's access settings (Config.MaxAccessBytes). Counts alone would let one tenant keep
// 100 libraries of 64 MiB each in the server's memory (and 1,000 configs of 1 MiB), and an
// access list of 10 MiB be echoed by every listing.

// Kinds of stored objects, as quota errors name them.
const (
	kindLibrary  = "library"
	kindFunction = "function"
)

// bytes is what the library keeps in the server's memory: what was uploaded and, when it was
// compiled at upload, the cubin workers load.
func (e *libEntry) bytes() int64 {
	n := int64(e.src.size)
	if len(e.compiled) > 0 {
		n += int64(len(e.lib.Image))
	}
	return n
}

// bytes is what the function keeps in the server's memory: its config and its access
// settings (the tenants' names and the tokens' hashes).
func (fe *fnEntry) bytes() int64 { return int64(len(fe.config)) + accessBytes(fe.access) }

func accessBytes(a Access) int64 {
	n := int64(len(a.TokenSHA256)) * 64
	for _, t := range a.Tenants {
		n += int64(len(t))
	}
	return n
}

// storedBytesLocked is the bytes of tenant's stored objects, but for the object of that kind
// and name (one about to be replaced). d.mu is held. A new kind of stored object adds its
// objects here.
func (d *Dispatcher) storedBytesLocked(tenant, kind, name string) int64 {
	var n int64
	for ln, e := range d.libs[tenant] {
		if kind != kindLibrary || ln != name {
			n += e.bytes()
		}
	}
	for fn, fe := range (*d.fns.Load())[tenant] {
		if kind != kindFunction || fn != name {
			n += fe.bytes()
		}
	}
	return n
}

// checkStoredLocked refuses an object of that kind and name (new, or replacing the one of
// that name) of size bytes when tenant's stored bytes would exceed Config.MaxStoredBytes.
// d.mu is held.
func (d *Dispatcher) checkStoredLocked(tenant, kind, name string, size int64) error {
	limit := d.cfg.MaxStoredBytes
	if limit <= 0 {
		return nil
	}
	if used := d.storedBytesLocked(tenant, kind, name); used+size > limit {
		return errorf(call.CodeStorageQuota, "tenant %q keeps %d bytes of stored objects; %s %q of %d bytes would take it beyond %d (--tenant-storage-bytes); delete something first",
			tenant, used, kind, name, size, limit)
	}
	return nil
}

// checkAccessSize refuses access settings whose stored JSON would exceed Config.MaxAccessBytes.
func (d *Dispatcher) checkAccessSize(a Access) error {
	if d.cfg.MaxAccessBytes <= 0 {
		return nil
	}
	if b, _ := json.Marshal(a); len(b) > d.cfg.MaxAccessBytes {
		return errorf(call.CodeAccessTooLarge, "the access settings are %d bytes of JSON; the limit is %d (--max-access-bytes): allow a few tenants or tokens, or make the function public", len(b), d.cfg.MaxAccessBytes)
	}
	return nil
}
