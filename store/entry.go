package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"
)

// The entry format; doc.go describes it.
const (
	magic     = "gpufn-store"
	version   = 1
	maxHeader = 4096 // bytes of a header line, newline included; a real one is under 600
	maxName   = 128  // bytes of a tenant or a name
)

// kind is a kind of entry: where it lives and what its header says.
type kind struct {
	name string // in the header
	dir  string // under DIR/tenants/<tenant>/
	ext  string // of the file
}

var (
	libraryKind  = kind{name: "library", dir: "libraries", ext: ".lib"}
	functionKind = kind{name: "function", dir: "functions", ext: ".fn"}
)

// header is the first line of an entry.
type header struct {
	Magic   string `json:"magic"`
	V       int    `json:"v"`
	Kind    string `json:"kind"`
	Tenant  string `json:"tenant"`
	Name    string `json:"name"`
	Created string `json:"created"` // time.RFC3339Nano, UTC
	Size    int64  `json:"size"`    // bytes of payload
	SHA256  string `json:"sha256"`  // of checksummed(...), hex
}

// checksum is the SHA-256 of the header's fields and the payload, in hex.
func checksum(k kind, tenant, name, created string, payload []byte) string {
	h := sha256.New()
	io.WriteString(h, magic+"\x00"+strconv.Itoa(version)+"\x00"+k.name+"\x00"+tenant+"\x00"+name+"\x00"+created+"\x00")
	h.Write(payload)
	return hex.EncodeToString(h.Sum(nil))
}

// encodeHeader returns the header line of an entry, newline included.
func encodeHeader(k kind, tenant, name string, created time.Time, payload []byte) []byte {
	c := created.UTC().Format(time.RFC3339Nano)
	b, err := json.Marshal(header{
		Magic: magic, V: version, Kind: k.name, Tenant: tenant, Name: name,
		Created: c, Size: int64(len(payload)), SHA256: checksum(k, tenant, name, c, payload),
	})
	if err != nil {
		panic(err) // strings and integers always marshal
	}
	return append(b, '\n')
}

// decode verifies an entry's file as the entry k/tenant/name and returns its creation time
// and payload, which aliases data. Every error wraps ErrCorrupt.
func decode(data []byte, k kind, tenant, name string) (created time.Time, payload []byte, err error) {
	corrupt := func(format string, args ...any) (time.Time, []byte, error) {
		return time.Time{}, nil, fmt.Errorf("%w: "+format, append([]any{ErrCorrupt}, args...)...)
	}
	if len(data) == 0 {
		return corrupt("empty file")
	}
	n := bytes.IndexByte(data[:min(len(data), maxHeader)], '\n')
	if n < 0 {
		return corrupt("no header line in the first %d bytes", maxHeader)
	}
	var h header
	dec := json.NewDecoder(bytes.NewReader(data[:n]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&h); err != nil {
		return corrupt("header: %v", err)
	}
	if dec.InputOffset() != int64(n) {
		return corrupt("header: data after the JSON object")
	}
	// Only the exact form this package writes is accepted (encoding/json would also take keys
	// in another case, or other spacing).
	if canon, err := json.Marshal(h); err != nil || !bytes.Equal(canon, data[:n]) {
		return corrupt("header is not in the form gpufn writes")
	}
	switch {
	case h.Magic != magic:
		return corrupt("magic %q, want %q", h.Magic, magic)
	case h.V != version:
		return corrupt("version %d, want %d", h.V, version)
	case h.Kind != k.name:
		return corrupt("a %q in the place of a %s", h.Kind, k.name)
	case h.Tenant != tenant || h.Name != name:
		return corrupt("header names %q/%q, the path %q/%q", h.Tenant, h.Name, tenant, name)
	}
	payload = data[n+1:]
	if int64(len(payload)) != h.Size {
		return corrupt("payload is %d bytes, header says %d (torn write?)", len(payload), h.Size)
	}
	if sum := checksum(k, h.Tenant, h.Name, h.Created, payload); sum != h.SHA256 {
		return corrupt("sha256 mismatch: header says %.16s…, content is %.16s…", h.SHA256, sum)
	}
	created, err = time.Parse(time.RFC3339Nano, h.Created)
	if err != nil {
		return corrupt("created: %v", err)
	}
	return created, payload, nil
}

// functionPayload is the stored form of a function's config and access.
type functionPayload struct {
	Config json.RawMessage `json:"config"`
	Access json.RawMessage `json:"access,omitempty"`
}

// encodeFunction returns the payload of a function: {"config":<config>,"access":<access>}
// with both written as given, less surrounding white space. It does not go through
// json.Marshal, which would compact and re-escape them.
func encodeFunction(config, access []byte) ([]byte, error) {
	config, access = bytes.TrimSpace(config), bytes.TrimSpace(access)
	if len(config) == 0 || !json.Valid(config) {
		return nil, fmt.Errorf("%w: config is not JSON", ErrInvalidEntry)
	}
	if len(access) > 0 && !json.Valid(access) {
		return nil, fmt.Errorf("%w: access is not JSON", ErrInvalidEntry)
	}
	b := make([]byte, 0, len(config)+len(access)+32)
	b = append(b, `{"config":`...)
	b = append(b, config...)
	if len(access) > 0 {
		b = append(b, `,"access":`...)
		b = append(b, access...)
	}
	return append(b, '}'), nil
}

// decodeFunction is the inverse of encodeFunction. Its results do not alias payload.
func decodeFunction(payload []byte) (config []byte, access json.RawMessage, err error) {
	var p functionPayload
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, nil, fmt.Errorf("%w: function payload: %v", ErrCorrupt, err)
	}
	if len(p.Config) == 0 || dec.InputOffset() != int64(len(payload)) {
		return nil, nil, fmt.Errorf("%w: function payload is not {\"config\":...}", ErrCorrupt)
	}
	return []byte(p.Config), p.Access, nil
}
