package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

func TestParseInterleaved(t *testing.T) {
	tests := []struct {
		args   []string
		rest   []string
		url    string
		inputs multiFlag
	}{
		{nil, nil, "", nil},
		{[]string{"matmul"}, []string{"matmul"}, "", nil},
		{[]string{"--url", "http://h:1", "-i", "a=u64:1", "matmul"}, []string{"matmul"}, "http://h:1", multiFlag{"a=u64:1"}},
		{[]string{"matmul", "-i", "a=u64:1", "-i", "b=@f"}, []string{"matmul"}, "", multiFlag{"a=u64:1", "b=@f"}},
		{[]string{"function", "--url", "http://h:2", "matmul"}, []string{"function", "matmul"}, "http://h:2", nil},
		{[]string{"a", "b", "--", "-c"}, []string{"a", "b", "-c"}, "", nil},
	}
	for _, tc := range tests {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		url := fs.String("url", "", "")
		var inputs multiFlag
		fs.Var(&inputs, "i", "")
		rest, err := parseInterleaved(fs, tc.args)
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if !reflect.DeepEqual(rest, tc.rest) || *url != tc.url || !reflect.DeepEqual(inputs, tc.inputs) {
			t.Errorf("%q: rest %q url %q inputs %q, want %q %q %q", tc.args, rest, *url, inputs, tc.rest, tc.url, tc.inputs)
		}
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if _, err := parseInterleaved(fs, []string{"x", "--nope"}); err == nil {
		t.Error("an unknown flag after an argument: no error")
	}
}

func TestServerURL(t *testing.T) {
	t.Setenv("GPUFN_URL", "")
	if got := serverURL(""); got != "http://127.0.0.1:8080" {
		t.Errorf("default: %q", got)
	}
	t.Setenv("GPUFN_URL", "http://env:9/")
	if got := serverURL(""); got != "http://env:9" {
		t.Errorf("$GPUFN_URL: %q", got)
	}
	if got := serverURL("http://flag:7//"); got != "http://flag:7" {
		t.Errorf("--url: %q", got)
	}
}

// fakeServer answers the client's requests with canned answers and records them.
type fakeServer struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []string // METHOD PATH AUTHORIZATION BODY
	// answers maps "METHOD PATH" to a status and a body (msgpack for invocations, else JSON).
	answers map[string]fakeAnswer
}

type fakeAnswer struct {
	status int
	body   []byte
}

func newFake(t *testing.T, answers map[string]fakeAnswer) *fakeServer {
	f := &fakeServer{answers: answers}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.reqs = append(f.reqs, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization")+" "+string(body))
		f.mu.Unlock()
		a, ok := f.answers[r.Method+" "+r.URL.Path]
		if !ok {
			w.WriteHeader(404)
			io.WriteString(w, `{"error": {"code": "not_found", "message": "no such thing"}}`)
			return
		}
		w.WriteHeader(a.status)
		w.Write(a.body)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeServer) requests() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.reqs...)
}

func outputs(t *testing.T, m map[string][]byte) fakeAnswer {
	b, err := msgpack.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return fakeAnswer{200, b}
}

// runFake runs a client command against f and returns its stdout, stderr and exit status.
func runFake(f *fakeServer, cmd string, args ...string) (string, string, int) {
	var out, errb strings.Builder
	code := runClient(cmd, append([]string{"--url", f.URL}, args...), &out, &errb)
	return out.String(), errb.String(), code
}

// Every verb sends --token, else $GPUFN_TOKEN, as a bearer token; none without either.
func TestClientToken(t *testing.T) {
	f := newFake(t, map[string]fakeAnswer{"GET /v1/functions": {200, []byte(`{"functions": []}`)}})
	t.Setenv("GPUFN_TOKEN", "")
	runFake(f, "ls")
	t.Setenv("GPUFN_TOKEN", "from-env")
	runFake(f, "ls")
	runFake(f, "ls", "--token", "from-flag")
	runFake(f, "rm", "function", "x", "--token", "from-flag")
	runFake(f, "invoke", "x", "--token", "from-flag")
	runFake(f, "grant", "x", "bob", "--token", "from-flag")
	want := []string{
		"GET /v1/functions  ",
		"GET /v1/functions Bearer from-env ",
		"GET /v1/functions Bearer from-flag ",
		"DELETE /v1/functions/x Bearer from-flag ",
		"POST /v1/functions/x/invoke Bearer from-flag \x80",
		"GET /v1/functions/x/access Bearer from-flag ",
	}
	if got := f.requests(); !reflect.DeepEqual(got, want) {
		t.Errorf("requests:\n%q\nwant\n%q", got, want)
	}
}

// TENANT/NAME reaches another tenant's function.
func TestClientQualifiedNames(t *testing.T) {
	f := newFake(t, map[string]fakeAnswer{"POST /v1/tenants/alice/functions/fn/invoke": outputs(t, map[string][]byte{"A": {1, 0, 0, 0, 0, 0, 0, 0}})})
	out, errs, code := runFake(f, "invoke", "alice/fn", "--format", "u64")
	if code != 0 || out != "A (8 bytes): 1\n" {
		t.Fatalf("exit %d: %q %q", code, out, errs)
	}
	if _, _, code := runFake(f, "rm", "function", "alice/fn"); code != 1 {
		t.Fatalf("rm of a missing function: exit %d", code)
	}
	cfg := filepath.Join(t.TempDir(), "c.json")
	os.WriteFile(cfg, []byte("{}"), 0o644)
	runFake(f, "register", "alice/fn", cfg)
	runFake(f, "upload", "alice/lib", cfg)
	runFake(f, "ls", "--tenant", "alice", "libraries")
	runFake(f, "ls", "--tenant", "alice", "-o", "json")
	got := f.requests()
	var paths []string
	for _, r := range got {
		m, rest, _ := strings.Cut(r, " ")
		p, _, _ := strings.Cut(rest, " ")
		paths = append(paths, m+" "+p)
	}
	want := []string{"POST /v1/tenants/alice/functions/fn/invoke", "DELETE /v1/tenants/alice/functions/fn", "PUT /v1/tenants/alice/functions/fn",
		"PUT /v1/tenants/alice/libraries/lib", "GET /v1/tenants/alice/libraries", "GET /v1/tenants/alice/functions"}
	if !reflect.DeepEqual(paths, want) {
		t.Fatalf("requests:\n%q\nwant\n%q", paths, want)
	}
}

// An unknown --format is a usage error found before any request; an output that is not a
// whole number of the format's values is printed in hex and is an error.
func TestClientFormats(t *testing.T) {
	f := newFake(t, map[string]fakeAnswer{"POST /v1/functions/fn/invoke": outputs(t, map[string][]byte{"A": {1, 2, 3, 4}, "B": {7, 0, 0, 0, 0, 0, 0, 0}})})
	if _, errs, code := runFake(f, "invoke", "fn", "--format", "int64"); code != 2 || !strings.Contains(errs, `--format "int64": use hex, u64, i64 or f32`) {
		t.Fatalf("unknown format: exit %d %q", code, errs)
	}
	if n := len(f.requests()); n != 0 {
		t.Fatalf("%d requests sent with a bad format", n)
	}
	out, errs, code := runFake(f, "invoke", "fn", "--format", "i64")
	if code != 1 || out != "A (4 bytes): 01020304\nB (8 bytes): 7\n" || !strings.Contains(errs, "A: 4 bytes is not a whole number of 8-byte i64 values") {
		t.Fatalf("partial element: exit %d %q %q", code, out, errs)
	}
	out, _, code = runFake(f, "invoke", "fn", "--format", "f32")
	if code != 0 || out != "A (4 bytes): 1.53999e-36\nB (8 bytes): 9.80909e-45 0\n" {
		t.Fatalf("f32: exit %d %q", code, out)
	}
	if _, errs, code := runFake(f, "ls", "-o", "yaml"); code != 2 || !strings.Contains(errs, `-o "yaml"`) {
		t.Fatalf("ls -o yaml: exit %d %q", code, errs)
	}
}

// --out creates a missing directory; one that cannot be made is an error before the request.
func TestClientOutDir(t *testing.T) {
	f := newFake(t, map[string]fakeAnswer{"POST /v1/functions/fn/invoke": outputs(t, map[string][]byte{"A": {1, 2, 3}})})
	dir := filepath.Join(t.TempDir(), "new", "dir")
	out, errs, code := runFake(f, "invoke", "fn", "--out", dir)
	if code != 0 || out != "A: 3 bytes -> "+filepath.Join(dir, "A.bin")+"\n" {
		t.Fatalf("exit %d %q %q", code, out, errs)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "A.bin")); err != nil || !bytes.Equal(b, []byte{1, 2, 3}) {
		t.Fatalf("A.bin: %v %v", b, err)
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	if _, errs, code := runFake(f, "invoke", "fn", "--out", filepath.Join(file, "sub")); code != 1 || !strings.Contains(errs, "--out") {
		t.Fatalf("--out under a file: exit %d %q", code, errs)
	}
	if n := len(f.requests()); n != 1 {
		t.Fatalf("%d requests, want 1 (none for the --out that cannot be made)", n)
	}
}

// ls prints aligned columns; -o json the server's answer.
func TestClientLs(t *testing.T) {
	fns := `{"functions": [
	  {"name": "matmul", "library": "mlops", "inputs": ["cfg", "A"], "outputs": ["B"], "access": {"public": true}},
	  {"name": "a_much_longer_name", "library": "module", "inputs": [], "outputs": ["OUT"], "access": {"public": false, "tenants": ["bob"], "token_sha256": ["00"]}, "quarantined": true}]}`
	f := newFake(t, map[string]fakeAnswer{"GET /v1/functions": {200, []byte(fns)}})
	out, _, code := runFake(f, "ls")
	want := "NAME                              LIBRARY  INPUTS  OUTPUTS  INVOCABLE BY\n" +
		"matmul                            mlops    cfg,A   B        everyone\n" +
		"a_much_longer_name (quarantined)  module   -       OUT      its tenant; tenants bob; 1 token(s)\n"
	if code != 0 || out != want {
		t.Fatalf("exit %d:\n%s\nwant\n%s", code, out, want)
	}
	out, _, code = runFake(f, "ls", "functions", "-o", "json")
	var v map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || len(v["functions"].([]any)) != 2 {
		t.Fatalf("-o json: exit %d %q", code, out)
	}
}

// grant and revoke change the function's access settings: read, change, put back; a token is
// sent and revoked by its SHA-256.
func TestClientGrantRevoke(t *testing.T) {
	f := newFake(t, map[string]fakeAnswer{
		"GET /v1/functions/fn/access": {200, []byte(`{"public": false, "tenants": ["carol"], "token_sha256": ["` + sha("old") + `"]}`)},
		"PUT /v1/functions/fn/access": {200, []byte(`{"public": false, "tenants": ["carol", "bob"]}`)},
	})
	out, errs, code := runFake(f, "grant", "fn", "bob", "carol", "--grant-token", "tok")
	if code != 0 || out != "fn: invocable by its tenant; tenants carol,bob\n" {
		t.Fatalf("grant: exit %d %q %q", code, out, errs)
	}
	runFake(f, "revoke", "fn", "carol", "--grant-token", "old")
	runFake(f, "grant", "fn", "--public")
	if _, _, code := runFake(f, "grant", "fn"); code != 2 {
		t.Fatalf("grant to no one: exit %d", code)
	}
	var puts []string
	for _, r := range f.requests() {
		if strings.HasPrefix(r, "PUT ") {
			puts = append(puts, strings.TrimPrefix(r, "PUT /v1/functions/fn/access  "))
		}
	}
	want := []string{
		`{"public":false,"tenants":["carol","bob"],"token_sha256":["` + sha("old") + `","` + sha("tok") + `"]}`,
		`{"public":false}`,
		`{"public":true,"tenants":["carol"],"token_sha256":["` + sha("old") + `"]}`,
	}
	if !reflect.DeepEqual(puts, want) {
		t.Errorf("PUT bodies:\n%q\nwant\n%q", puts, want)
	}
}

func sha(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// The weight-set verbs: upload-weights PUTs the file, ls weights prints a table, rm weights
// deletes; TENANT/NAME reaches another tenant's set.
func TestClientWeights(t *testing.T) {
	sets := `{"weights": [{"name": "mlp", "bytes": 2768, "resident_bytes": 2640, "tensors": null, "used_by": ["mlp", "mlp2"]},
	  {"name": "@own", "bytes": 100, "resident_bytes": 64, "tensors": null}]}`
	f := newFake(t, map[string]fakeAnswer{
		"GET /v1/weights":               {200, []byte(sets)},
		"PUT /v1/weights/w":             {201, []byte(`{"name": "w"}`)},
		"PUT /v1/tenants/bob/weights/w": {201, []byte(`{"name": "w"}`)},
		"DELETE /v1/weights/w":          {204, nil},
	})
	file := filepath.Join(t.TempDir(), "w.safetensors")
	os.WriteFile(file, []byte("bytes"), 0o644)
	if out, errs, code := runFake(f, "upload-weights", "w", file); code != 0 || !strings.Contains(out, `"name": "w"`) {
		t.Fatalf("upload-weights: exit %d %q %q", code, out, errs)
	}
	if _, errs, code := runFake(f, "upload-weights", "bob/w", file); code != 0 {
		t.Fatalf("upload-weights bob/w: exit %d %q", code, errs)
	}
	out, errs, code := runFake(f, "ls", "weights")
	want := "NAME  SIZE  RESIDENT BYTES  USED BY\n" +
		"mlp   2768  2640            mlp,mlp2\n" +
		"@own  100   64              -\n"
	if code != 0 || out != want {
		t.Fatalf("ls weights: exit %d %q\n%s\nwant\n%s", code, errs, out, want)
	}
	if out, errs, code := runFake(f, "rm", "weights", "w"); code != 0 || out != "deleted weights w\n" {
		t.Fatalf("rm weights: exit %d %q %q", code, out, errs)
	}
	if _, errs, code := runFake(f, "rm", "weight", "w"); code != 2 || !strings.Contains(errs, "library|function|weights") {
		t.Fatalf("rm weight: exit %d %q", code, errs)
	}
	var paths []string
	for _, r := range f.requests() {
		m, rest, _ := strings.Cut(r, " ")
		p, _, _ := strings.Cut(rest, " ")
		paths = append(paths, m+" "+p)
	}
	if want := []string{"PUT /v1/weights/w", "PUT /v1/tenants/bob/weights/w", "GET /v1/weights", "DELETE /v1/weights/w"}; !reflect.DeepEqual(paths, want) {
		t.Fatalf("requests:\n%q\nwant\n%q", paths, want)
	}
}

// -h prints the usage and exits 0 (help was asked for); an unknown flag exits 2.
func TestClientHelpExitsZero(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runClient("ls", []string{"-h"}, &out, &errb); code != 0 || !strings.Contains(errb.String(), "Client commands") {
		t.Fatalf("ls -h: exit %d, usage printed %v", code, strings.Contains(errb.String(), "Client commands"))
	}
	if code := runClient("ls", []string{"--no-such-flag"}, &out, &errb); code != 2 {
		t.Fatalf("ls --no-such-flag: exit %d, want 2", code)
	}
	if code := serve([]string{"-h"}); code != 0 {
		t.Fatalf("serve -h: exit %d, want 0", code)
	}
}
