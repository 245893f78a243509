package auth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTokens(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tokens")
	os.WriteFile(path, []byte("# comment\nalice aaaaaaaaaaaaaaaaaaaa\n\nops   oooooooooooooooooooo admin\n"), 0o600)
	tk, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if tk.Open() || tk.Len() != 2 {
		t.Fatalf("open %v len %d", tk.Open(), tk.Len())
	}
	id, err := tk.Authenticate([]byte("Bearer aaaaaaaaaaaaaaaaaaaa"))
	if err != nil || id.Tenant != "alice" || id.Admin {
		t.Fatalf("%+v %v", id, err)
	}
	if id, _ := tk.Authenticate([]byte("Bearer oooooooooooooooooooo")); !id.Admin || id.Tenant != "ops" {
		t.Fatalf("%+v", id)
	}
	// The scheme is case-insensitive (lower case was 401), with one or more spaces after it.
	for _, h := range []string{"bearer aaaaaaaaaaaaaaaaaaaa", "BEARER aaaaaaaaaaaaaaaaaaaa", "bEaReR  aaaaaaaaaaaaaaaaaaaa ", "Bearer\taaaaaaaaaaaaaaaaaaaa"} {
		if id, err := tk.Authenticate([]byte(h)); err != nil || id.Tenant != "alice" {
			t.Errorf("%q: %+v %v", h, id, err)
		}
	}
	for _, h := range []string{"", "Bearer ", "Bearer", "bearer  ", "Bearera aaaaaaaaaaaaaaaaaaaa", "Beareraaaaaaaaaaaaaaaaaaaa", "Basic aaaaaaaaaaaaaaaaaaaa", "Bearer bbbbbbbbbbbbbbbbbbbb", "aaaaaaaaaaaaaaaaaaaa"} {
		if _, err := tk.Authenticate([]byte(h)); err == nil {
			t.Errorf("%q accepted", h)
		}
	}
	// Reload: a new token takes effect; a broken file keeps the old table.
	os.WriteFile(path, []byte("bob bbbbbbbbbbbbbbbbbbbb\n"), 0o600)
	if err := tk.Reload(); err != nil {
		t.Fatal(err)
	}
	if _, err := tk.Authenticate([]byte("Bearer aaaaaaaaaaaaaaaaaaaa")); err != ErrUnknown {
		t.Fatal("a removed token still works")
	}
	os.WriteFile(path, []byte("bob short\n"), 0o600)
	if err := tk.Reload(); err == nil || !strings.Contains(err.Error(), "at least 16") {
		t.Fatalf("reload of a bad file: %v", err)
	}
	if id, err := tk.Authenticate([]byte("Bearer bbbbbbbbbbbbbbbbbbbb")); err != nil || id.Tenant != "bob" {
		t.Fatal("a bad reload dropped the tokens in force")
	}
	if n := testing.AllocsPerRun(100, func() { tk.Authenticate([]byte("Bearer bbbbbbbbbbbbbbbbbbbb")) }); n > 0 {
		t.Fatalf("%.0f allocations per authentication", n)
	}
}

func TestParseErrors(t *testing.T) {
	for _, bad := range []string{"alice", "al/ice aaaaaaaaaaaaaaaaaaaa", "alice aaaaaaaaaaaaaaaaaaaa root", "a aaaaaaaaaaaaaaaaaaaa\nb aaaaaaaaaaaaaaaaaaaa"} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// An error in the token file never shows a token: not even one in the tenant's place (a line
// with its fields swapped), whose error is logged on SIGHUP.
func TestParseErrorsHideTokens(t *testing.T) {
	for _, bad := range []string{"s3cret/token-0123456789 alice", "s3cret+token-0123456789 alice admin", "alice s3cret-token-0123456789 s3cret-token-0123456789"} {
		_, err := Parse([]byte("ops oooooooooooooooooooo admin\n" + bad + "\n"))
		if err == nil || strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestOpenMode(t *testing.T) {
	tk, _ := Load("")
	id, err := tk.Authenticate(nil)
	if !tk.Open() || err != nil || id.Tenant != DefaultTenant || !id.Admin {
		t.Fatalf("%+v %v", id, err)
	}
}

// The example token file of deploy/ parses: one admin and two tenants.
func TestTokensExample(t *testing.T) {
	data, err := os.ReadFile("../deploy/tokens.example")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	admins, tenants := 0, map[string]bool{}
	for _, id := range m {
		tenants[id.Tenant] = true
		if id.Admin {
			admins++
		}
	}
	if len(m) != 3 || admins != 1 || !tenants["alice"] || !tenants["bob"] || !tenants["ops"] {
		t.Fatalf("%d tokens, %d admins, tenants %v", len(m), admins, tenants)
	}
}
