package e2e

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"gpufn/examples"
)

const (
	aliceTok = "alice-0123456789abcdef"
	bobTok   = "bob-0123456789abcdefgh"
	carolTok = "carol-0123456789abcdef"
	opsTok   = "ops-0123456789abcdefgh"
	daveTok  = "dave-0123456789abcdefg"
)

func writeTokens(t *testing.T, extra string) string {
	path := filepath.Join(t.TempDir(), "tokens")
	body := "# tenant token [admin]\nalice " + aliceTok + "\nbob " + bobTok + "\ncarol " + carolTok + "\nops " + opsTok + " admin\n" + extra
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// as returns a request helper acting with a token.
func (s *server) as(tok string) *client { return &client{s: s, tok: tok} }

type client struct {
	s   *server
	tok string
}

func (c *client) do(method, path, ctype string, body []byte) answer {
	c.s.t.Helper()
	return c.s.do(method, path, ctype, body, "Authorization", "Bearer "+c.tok)
}

func (c *client) invoke(path string, inputs map[string][]byte) answer {
	c.s.t.Helper()
	b, _ := msgpackMarshal(inputs)
	return c.do("POST", path, "application/msgpack", b)
}

func expect(t *testing.T, what string, a answer, status int, code string) {
	t.Helper()
	if a.status != status || (code != "" && a.code != code) {
		t.Fatalf("%s: %d %s (%s), want %d %s", what, a.status, a.code, a.message, status, code)
	}
}

func TestTenancy(t *testing.T) {
	tokens := writeTokens(t, "")
	s := start(t, "--tokens", tokens)
	alice, bob, carol, ops := s.as(aliceTok), s.as(bobTok), s.as(carolTok), s.as(opsTok)
	matmulCfg := examples.Functions()[0].Config
	basicIO := examples.Functions()[5].Config

	// Without a token, or with a wrong one: 401.
	expect(t, "no token", s.do("GET", "/v1/functions", "", nil), 401, "unauthorized")
	expect(t, "wrong token", s.as("nope-0123456789abcdef").do("GET", "/v1/functions", "", nil), 401, "unauthorized")
	if a := s.do("GET", "/v1/functions", "", nil); a.header.Get("WWW-Authenticate") == "" {
		t.Fatal("401 without WWW-Authenticate")
	}
	// The scheme is case-insensitive.
	expect(t, "lower-case bearer", s.do("GET", "/v1/functions", "", nil, "Authorization", "bearer "+aliceTok), 200, "")

	// The same names in two tenants do not collide: alice's "f" is matmul, bob's is basic_io.
	expect(t, "alice lib", alice.do("PUT", "/v1/libraries/mlops", "", examples.MustPTX("mlops")), 201, "")
	expect(t, "alice fn", alice.do("PUT", "/v1/functions/f", "application/json", matmulCfg), 201, "")
	expect(t, "bob lib", bob.do("PUT", "/v1/libraries/mlops", "", examples.MustPTX("module")), 201, "")
	expect(t, "bob fn", bob.do("PUT", "/v1/functions/f", "application/json", bytes.Replace(basicIO, []byte(`"module"`), []byte(`"mlops"`), 1)), 201, "")
	cfg, A := examples.MatmulInputs(16, 1)
	if a := alice.invoke("/v1/functions/f/invoke", map[string][]byte{"cfg": cfg, "A": A}); a.status != 200 || !bytes.Equal(a.outputs["B"], examples.MatmulReference(A)) {
		t.Fatalf("alice's f: %d %s", a.status, a.message)
	}
	if a := bob.invoke("/v1/functions/f/invoke", map[string][]byte{"A": binary.LittleEndian.AppendUint64(nil, 12345)}); a.status != 200 || binary.LittleEndian.Uint64(a.outputs["A"]) != 98765 {
		t.Fatalf("bob's f: %d %s", a.status, a.message)
	}

	// Bob cannot list, read, invoke, overwrite or delete alice's: 404, as if they did not exist.
	for _, c := range []struct{ method, path string }{
		{"GET", "/v1/tenants/alice/functions"}, {"GET", "/v1/tenants/alice/functions/f"},
		{"POST", "/v1/tenants/alice/functions/f/invoke"}, {"PUT", "/v1/tenants/alice/functions/f"},
		{"DELETE", "/v1/tenants/alice/functions/f"}, {"GET", "/v1/tenants/alice/libraries"},
		{"GET", "/v1/tenants/alice/libraries/mlops"}, {"PUT", "/v1/tenants/alice/libraries/mlops"},
		{"DELETE", "/v1/tenants/alice/libraries/mlops"}, {"GET", "/v1/tenants/alice/functions/f/access"},
	} {
		body := []byte(nil)
		if c.method == "PUT" {
			body = matmulCfg
		}
		expect(t, "bob "+c.method+" "+c.path, bob.do(c.method, c.path, "application/json", body), 404, "not_found")
	}

	// Alice lets bob invoke f: bob may invoke it, and now learns it exists (403 for the rest).
	expect(t, "allow bob", alice.do("PUT", "/v1/functions/f/access", "application/json", []byte(`{"tenants": ["bob"]}`)), 200, "")
	if a := bob.invoke("/v1/tenants/alice/functions/f/invoke", map[string][]byte{"cfg": cfg, "A": A}); a.status != 200 {
		t.Fatalf("bob invoking alice's f: %d %s", a.status, a.message)
	}
	expect(t, "bob reads config", bob.do("GET", "/v1/tenants/alice/functions/f", "", nil), 403, "forbidden")
	expect(t, "bob deletes", bob.do("DELETE", "/v1/tenants/alice/functions/f", "", nil), 403, "forbidden")
	expect(t, "bob overwrites", bob.do("PUT", "/v1/tenants/alice/functions/f", "application/json", matmulCfg), 403, "forbidden")
	expect(t, "carol not allowed", carol.invoke("/v1/tenants/alice/functions/f/invoke", map[string][]byte{"cfg": cfg, "A": A}), 404, "not_found")

	// Public: anyone with a token may invoke it.
	expect(t, "public", alice.do("PUT", "/v1/functions/f/access", "application/json", []byte(`{"public": true}`)), 200, "")
	if a := carol.invoke("/v1/tenants/alice/functions/f/invoke", map[string][]byte{"cfg": cfg, "A": A}); a.status != 200 {
		t.Fatalf("carol invoking public f: %d %s", a.status, a.message)
	}
	// An admin token reaches every namespace.
	if a := ops.do("GET", "/v1/tenants/alice/functions", "", nil); a.status != 200 || !bytes.Contains(a.body, []byte(`"name":"f"`)) {
		t.Fatalf("admin listing alice's: %d %s", a.status, a.body)
	}
	expect(t, "admin deletes bob's f", ops.do("DELETE", "/v1/tenants/bob/functions/f", "", nil), 204, "")
	expect(t, "bob's f is gone", bob.invoke("/v1/functions/f/invoke", map[string][]byte{"A": make([]byte, 8)}), 404, "not_found")
	expect(t, "metrics need admin", carol.do("GET", "/metrics", "", nil), 403, "forbidden")
	if a := ops.do("GET", "/metrics", "", nil); a.status != 200 || !bytes.Contains(a.body, []byte("gpufn_invocations_completed_total")) {
		t.Fatalf("metrics: %d %s", a.status, a.body)
	}

	// Tokens are reloaded on SIGHUP; a token allowed by hash works.
	os.WriteFile(tokens, []byte("alice "+aliceTok+"\ndave "+daveTok+"\n"), 0o600)
	s.cmd.Process.Signal(syscall.SIGHUP)
	deadline := time.Now().Add(10 * time.Second)
	for s.as(daveTok).do("GET", "/v1/functions", "", nil).status != 200 {
		if time.Now().After(deadline) {
			t.Fatal("the new token does not work after SIGHUP")
		}
		time.Sleep(20 * time.Millisecond)
	}
	expect(t, "removed token", bob.do("GET", "/v1/functions", "", nil), 401, "unauthorized")
	expect(t, "private again", alice.do("PUT", "/v1/functions/f/access", "application/json", []byte(`{"tokens": ["`+daveTok+`"]}`)), 200, "")
	if a := s.as(daveTok).invoke("/v1/tenants/alice/functions/f/invoke", map[string][]byte{"cfg": cfg, "A": A}); a.status != 200 {
		t.Fatalf("dave, allowed by token: %d %s", a.status, a.message)
	}
	if a := alice.do("GET", "/v1/functions/f/access", "", nil); strings.Contains(string(a.body), daveTok) || !strings.Contains(string(a.body), "token_sha256") {
		t.Fatalf("access settings show the raw token: %s", a.body)
	}
}

// Issue 16, item 2: a tenant floods another tenant's shared function with calls of a short
// deadline (X-Gpufn-Timeout), under a GPU-wide fault domain. Each of its calls is answered 504,
// but its deadline only ends its own wait: no worker is killed, no fault domain torn down, the
// function is not struck nor quarantined, and its owner is served.
func TestCallerDeadlineKillsNothing(t *testing.T) {
	s := start(t, concurrentFlags(2, "--tokens", writeTokens(t, ""), "--examples")...)
	alice := s.as(aliceTok)
	lib := examples.MustPTX("testkernels")
	expect(t, "alice lib", alice.do("PUT", "/v1/libraries/testkernels", "", lib), 201, "")
	// Each call keeps a worker 100 ms; bob sends 100 of 10 ms.
	expect(t, "alice fn", alice.do("PUT", "/v1/functions/slow", "application/json", config("spin_ns", "", `"X"`, `{"Constant": 100000000}`, "X")), 201, "")
	expect(t, "shared", alice.do("PUT", "/v1/functions/slow/access", "application/json", []byte(`{"tenants": ["bob"]}`)), 200, "")
	body, _ := msgpackMarshal(map[string][]byte{"X": []byte("12345678")})
	var wg sync.WaitGroup
	var bad atomic.Int64
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 25; i++ {
				a := s.do("POST", "/v1/tenants/alice/functions/slow/invoke", "application/msgpack", body, "Authorization", "Bearer "+bobTok, "X-Gpufn-Timeout", "10ms")
				if a.status != 504 || a.code != "deadline_exceeded" {
					bad.Add(1)
					t.Errorf("bob's short call: %d %s %s", a.status, a.code, a.message)
				}
			}
		}()
	}
	wg.Wait()
	if bad.Load() > 0 {
		t.FailNow()
	}
	if a := alice.invoke("/v1/functions/slow/invoke", map[string][]byte{"X": []byte("12345678")}); a.status != 200 {
		t.Fatalf("alice after bob's flood: %d %s %s", a.status, a.code, a.message)
	}
	if a := alice.do("GET", "/v1/functions/slow", "", nil); a.status != 200 || bytes.Contains(a.body, []byte(`"quarantined":true`)) {
		t.Fatalf("alice's function: %d %s", a.status, a.body)
	}
	s.admin = opsTok
	// With every worker stopped (a kernel that cannot end), bob's call is still answered at
	// its deadline: it is not run inline by the goroutine that must answer it.
	cont := s.stopWorkers()
	if a := s.do("POST", "/v1/tenants/alice/functions/slow/invoke", "application/msgpack", body, "Authorization", "Bearer "+bobTok, "X-Gpufn-Timeout", "10ms"); a.status != 504 {
		t.Fatalf("bob's short call with the workers stopped: %d %s %s", a.status, a.code, a.message)
	}
	cont()
	if e := s.engines()[0]; e.Restarts != 0 || e.Teardowns != 0 {
		t.Fatalf("bob's deadlines cost %d worker restarts and %d teardowns, want 0", e.Restarts, e.Teardowns)
	}
}
