// Package auth maps API tokens to tenants. A token file lists one token per line:
//
//	# TENANT TOKEN [admin]
//	alice  3f9c1e0a5b7d4c2e8f6a1b3c5d7e9f01
//	ops    9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b  admin
//
// Tokens are at least 16 characters; tenants are names as function.CheckName allows. No error
// or log line shows a token, nor any field of the file. The file is read at start and again on Reload (the server calls it on SIGHUP); a file that does not
// parse on reload leaves the previous tokens in force. Without a token file the server runs in
// a single-tenant open mode: every request acts as the admin of tenant "default".
//
// Tokens are kept only as SHA-256 hashes and looked up by hash, so no comparison of secret
// bytes takes time that depends on them. A Tokens is safe for concurrent use.
package auth

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync/atomic"

	"gpufn/function"
)

// DefaultTenant is the tenant of every request in open mode.
const DefaultTenant = "default"

// MinTokenLen is the shortest token accepted.
const MinTokenLen = 16

// Identity is who a request acts as.
type Identity struct {
	Tenant string
	// TenantBytes is Tenant as bytes, for lookups that must not allocate.
	TenantBytes []byte
	Admin       bool
	// Token is the SHA-256 of the token presented (zero in open mode).
	Token [32]byte
}

// Errors of Authenticate.
var (
	// ErrMissing is returned when a request carries no bearer token.
	ErrMissing = errors.New("missing bearer token")
	// ErrUnknown is returned for a token that is not in the token file.
	ErrUnknown = errors.New("unknown token")
)

// Tokens is the token table.
type Tokens struct {
	path  string
	table atomic.Pointer[map[[32]byte]Identity]
}

// Load reads the token file at path; path "" means open mode.
func Load(path string) (*Tokens, error) {
	t := &Tokens{path: path}
	if path == "" {
		return t, nil
	}
	if err := t.Reload(); err != nil {
		return nil, err
	}
	return t, nil
}

// Open reports whether the server runs without tokens (single-tenant open mode).
func (t *Tokens) Open() bool { return t.path == "" }

// Len is the number of tokens in force.
func (t *Tokens) Len() int {
	if m := t.table.Load(); m != nil {
		return len(*m)
	}
	return 0
}

// Reload reads the token file again. On error the previous table stays in force.
func (t *Tokens) Reload() error {
	if t.path == "" {
		return nil
	}
	data, err := os.ReadFile(t.path)
	if err != nil {
		return fmt.Errorf("token file: %w", err)
	}
	m, err := Parse(data)
	if err != nil {
		return fmt.Errorf("token file %s: %w", t.path, err)
	}
	t.table.Store(&m)
	return nil
}

// Parse parses a token file's contents.
func Parse(data []byte) (map[[32]byte]Identity, error) {
	m := map[[32]byte]Identity{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Fields(text)
		if len(f) < 2 || len(f) > 3 || (len(f) == 3 && f[2] != "admin") {
			return nil, fmt.Errorf("line %d: want TENANT TOKEN [admin]", line)
		}
		if function.CheckName(f[0]) != nil {
			// Not quoted: a line with its fields swapped would put its token in the log.
			return nil, fmt.Errorf("line %d: the tenant (the first field) is not a name of letters, digits, '_', '.' and '-' (at most %d, starting with a letter or digit)", line, function.MaxNameLen)
		}
		if len(f[1]) < MinTokenLen {
			return nil, fmt.Errorf("line %d: a token of %d characters; at least %d", line, len(f[1]), MinTokenLen)
		}
		h := sha256.Sum256([]byte(f[1]))
		if _, dup := m[h]; dup {
			return nil, fmt.Errorf("line %d: the same token twice", line)
		}
		m[h] = Identity{Tenant: f[0], TenantBytes: []byte(f[0]), Admin: len(f) == 3, Token: h}
	}
	return m, sc.Err()
}

var (
	bearer       = []byte("Bearer")
	openIdentity = Identity{Tenant: DefaultTenant, TenantBytes: []byte(DefaultTenant), Admin: true}
)

// Authenticate maps an Authorization header value, "Bearer TOKEN" (the scheme in any case, as
// HTTP's schemes are), to an identity. It does not allocate.
func (t *Tokens) Authenticate(authorization []byte) (Identity, error) {
	if t.path == "" {
		return openIdentity, nil
	}
	a := authorization
	if len(a) <= len(bearer) || !bytes.EqualFold(a[:len(bearer)], bearer) || (a[len(bearer)] != ' ' && a[len(bearer)] != '\t') {
		return Identity{}, ErrMissing
	}
	tok := bytes.TrimSpace(a[len(bearer):])
	if len(tok) == 0 {
		return Identity{}, ErrMissing
	}
	h := sha256.Sum256(tok)
	id, ok := (*t.table.Load())[h]
	if !ok {
		return Identity{}, ErrUnknown
	}
	return id, nil
}

// HashToken is how tokens are kept (for access lists).
func HashToken(token string) [32]byte { return sha256.Sum256([]byte(token)) }
