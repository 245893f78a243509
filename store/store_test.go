package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(crashWriterEnv); dir != "" {
		os.Exit(crashWriter(dir))
	}
	goleak.VerifyTestMain(m)
}

// open opens a store in a new directory, closed at the end of the test, with its logs observed.
func open(t *testing.T) (*Store, string, *observer.ObservedLogs) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "data")
	core, logs := observer.New(zapcore.DebugLevel)
	s, err := Open(dir, Config{Log: zap.New(core)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dir, logs
}

func load(t *testing.T, s *Store) ([]Library, []Function, []Problem) {
	t.Helper()
	libs, fns, problems, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	return libs, fns, problems
}

var t0 = time.Date(2025, 3, 4, 5, 6, 7, 891011121, time.FixedZone("X", 3600))

func TestRoundTrip(t *testing.T) {
	s, _, logs := open(t)
	var wantLibs []Library
	var wantFns []Function
	for _, tenant := range []string{"beta", "alpha"} { // the same names for both tenants
		for i, name := range []string{"saxpy", "a.b-c_d", strings.Repeat("n", maxName)} {
			l := Library{Tenant: tenant, Name: name, Image: []byte(tenant + "/" + name + "\x00\xff\n"), Created: t0.Add(time.Duration(i))}
			f := Function{Tenant: tenant, Name: name, Config: []byte(`{"library": "` + name + `", "kernel":"k<&>"}`), Created: t0}
			if i%2 == 0 {
				f.Access = json.RawMessage(`{"public":true,"tenant":"` + tenant + `"}`)
			}
			if err := s.PutLibrary(l); err != nil {
				t.Fatal(err)
			}
			if err := s.PutFunction(f); err != nil {
				t.Fatal(err)
			}
			wantLibs = append(wantLibs, l)
			wantFns = append(wantFns, f)
		}
	}
	// An empty image is a library too.
	empty := Library{Tenant: "alpha", Name: "empty", Image: []byte{}, Created: t0}
	if err := s.PutLibrary(empty); err != nil {
		t.Fatal(err)
	}
	wantLibs = append(wantLibs, empty)

	libs, fns, problems := load(t, s)
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problems)
	}
	slices.SortFunc(wantLibs, func(a, b Library) int { return strings.Compare(a.Tenant+"/"+a.Name, b.Tenant+"/"+b.Name) })
	slices.SortFunc(wantFns, func(a, b Function) int { return strings.Compare(a.Tenant+"/"+a.Name, b.Tenant+"/"+b.Name) })
	if len(libs) != len(wantLibs) || len(fns) != len(wantFns) {
		t.Fatalf("loaded %d libraries, %d functions; want %d, %d", len(libs), len(fns), len(wantLibs), len(wantFns))
	}
	for i, l := range libs {
		w := wantLibs[i]
		if l.Tenant != w.Tenant || l.Name != w.Name || !bytes.Equal(l.Image, w.Image) || !l.Created.Equal(w.Created) {
			t.Errorf("library %d = %+v, want %+v", i, l, w)
		}
	}
	for i, f := range fns {
		w := wantFns[i]
		if f.Tenant != w.Tenant || f.Name != w.Name || !bytes.Equal(f.Config, w.Config) || !bytes.Equal(f.Access, w.Access) || !f.Created.Equal(w.Created) {
			t.Errorf("function %d = %+v, want %+v", i, f, w)
		}
		if (w.Access == nil) != (f.Access == nil) {
			t.Errorf("function %d: access %q, want %q", i, f.Access, w.Access)
		}
	}
	if logs.Len() != 0 {
		t.Errorf("logged: %v", logs.All())
	}
}

func TestFunctionConfigKeptAsGiven(t *testing.T) {
	s, _, _ := open(t)
	config := "{\n  \"kernel\": \"k\",\n  \"html\": \"<&>\", \"u\": \"\u00e9\"\n}"
	if err := s.PutFunction(Function{Tenant: "t", Name: "f", Config: []byte("  " + config + "\n")}); err != nil {
		t.Fatal(err)
	}
	_, fns, _ := load(t, s)
	if len(fns) != 1 || string(fns[0].Config) != config || fns[0].Access != nil {
		t.Fatalf("loaded %+v, want config %q and no access", fns, config)
	}
	for _, bad := range []Function{
		{Tenant: "t", Name: "f"},
		{Tenant: "t", Name: "f", Config: []byte("{")},
		{Tenant: "t", Name: "f", Config: []byte("{}"), Access: json.RawMessage("nope")},
	} {
		if err := s.PutFunction(bad); !errors.Is(err, ErrInvalidEntry) {
			t.Errorf("PutFunction(%q, %q) = %v, want ErrInvalidEntry", bad.Config, bad.Access, err)
		}
	}
}

func TestOverwriteAndDelete(t *testing.T) {
	s, dir, _ := open(t)
	for i := range 3 {
		img := bytes.Repeat([]byte{byte(i)}, 1000*(3-i)) // shorter each time
		if err := s.PutLibrary(Library{Tenant: "t", Name: "l", Image: img, Created: t0.Add(time.Duration(i) * time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if err := s.PutFunction(Function{Tenant: "t", Name: "f", Config: fmt.Appendf(nil, `{"v":%d}`, i)}); err != nil {
			t.Fatal(err)
		}
		libs, fns, problems := load(t, s)
		if len(problems) != 0 || len(libs) != 1 || len(fns) != 1 {
			t.Fatalf("round %d: %d libraries, %d functions, problems %v", i, len(libs), len(fns), problems)
		}
		if !bytes.Equal(libs[0].Image, img) || !libs[0].Created.Equal(t0.Add(time.Duration(i)*time.Hour)) {
			t.Errorf("round %d: library %d bytes created %v, want the new version", i, len(libs[0].Image), libs[0].Created)
		}
		if want := fmt.Sprintf(`{"v":%d}`, i); string(fns[0].Config) != want {
			t.Errorf("round %d: config %s, want %s", i, fns[0].Config, want)
		}
	}
	// No temporary file is left beside the entries.
	for _, k := range []kind{libraryKind, functionKind} {
		names := dirNames(t, filepath.Join(dir, "tenants", "t", k.dir))
		if len(names) != 1 {
			t.Errorf("%s: %v, want one entry", k.dir, names)
		}
	}

	if err := s.DeleteLibrary("t", "l"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteFunction("t", "f"); err != nil {
		t.Fatal(err)
	}
	// Missing is not an error: deleted, never stored, a tenant never seen.
	for _, tn := range [][2]string{{"t", "l"}, {"t", "f"}, {"t", "other"}, {"nobody", "x"}} {
		if err := s.DeleteLibrary(tn[0], tn[1]); err != nil {
			t.Errorf("DeleteLibrary%v = %v", tn, err)
		}
		if err := s.DeleteFunction(tn[0], tn[1]); err != nil {
			t.Errorf("DeleteFunction%v = %v", tn, err)
		}
	}
	libs, fns, problems := load(t, s)
	if len(libs)+len(fns)+len(problems) != 0 {
		t.Fatalf("after delete: %v %v %v", libs, fns, problems)
	}
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestTornWriteLeftBehind(t *testing.T) {
	s, dir, logs := open(t)
	good := Library{Tenant: "t", Name: "lib", Image: bytes.Repeat([]byte("good"), 1000), Created: t0}
	if err := s.PutLibrary(good); err != nil {
		t.Fatal(err)
	}
	if err := s.PutFunction(Function{Tenant: "t", Name: "fn", Config: []byte(`{"a":1}`)}); err != nil {
		t.Fatal(err)
	}
	// A crash in the middle of overwriting both: temporary files with a header and part of
	// the new payload, beside the good entries.
	tmps := []string{
		filepath.Join(dir, "tenants", "t", "libraries", ".tmp-lib.lib.123456"),
		filepath.Join(dir, "tenants", "t", "functions", ".tmp-fn.fn.987"),
	}
	newer := bytes.Repeat([]byte("new!"), 1000)
	torn := append(encodeHeader(libraryKind, "t", "lib", t0, newer), newer[:100]...)
	for _, p := range tmps {
		if err := os.WriteFile(p, torn, 0o600); err != nil {
			t.Fatal(err)
		}
	}

	libs, fns, problems := load(t, s)
	if len(problems) != 0 {
		t.Errorf("problems: %v", problems)
	}
	if len(libs) != 1 || !bytes.Equal(libs[0].Image, good.Image) || len(fns) != 1 || string(fns[0].Config) != `{"a":1}` {
		t.Fatalf("loaded %d libraries, %d functions; want the good ones", len(libs), len(fns))
	}
	for _, p := range tmps {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: %v, want it removed", p, err)
		}
		logged := logs.FilterMessageSnippet("temporary file").FilterField(zap.String("path", p)).All()
		if len(logged) != 1 || logged[0].Level != zapcore.WarnLevel {
			t.Errorf("logs about %s: %v, want one at Warn", p, logged)
		}
	}
	if n := logs.Len(); n != len(tmps) {
		t.Errorf("%d log lines, want %d: %v", n, len(tmps), logs.All())
	}
}

func TestCorruptEntries(t *testing.T) {
	s, dir, logs := open(t)
	libDir := func(tenant string) string { return filepath.Join(dir, "tenants", tenant, "libraries") }
	fnDir := func(tenant string) string { return filepath.Join(dir, "tenants", tenant, "functions") }
	read := func(path string) []byte {
		t.Helper()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	replace := func(old, new string) func([]byte) []byte {
		return func(b []byte) []byte {
			if !bytes.Contains(b, []byte(old)) {
				t.Fatalf("no %q in %q", old, b)
			}
			return bytes.Replace(b, []byte(old), []byte(new), 1)
		}
	}
	img := bytes.Repeat([]byte("0123456789abcdef"), 64)
	// Each case damages tenant a's entry of that name; tenant b's stays intact.
	cases := []struct {
		k      kind
		name   string
		damage func([]byte) []byte
	}{
		{libraryKind, "truncated", func(b []byte) []byte { return b[:len(b)-10] }},
		{libraryKind, "flipped", func(b []byte) []byte { b[len(b)-500] ^= 0x20; return b }},
		{libraryKind, "flipped-date", replace("2025-03-04", "2025-03-05")},
		{libraryKind, "flipped-size", replace(`"size":1024`, `"size":1023`)},
		{libraryKind, "magic", replace(`"gpufn-store"`, `"gpufn-stork"`)},
		{libraryKind, "version", replace(`"v":1`, `"v":2`)},
		{libraryKind, "extra-field", replace(`{"magic"`, `{"x":1,"magic"`)},
		{libraryKind, "garbage", func(b []byte) []byte { return append([]byte("garbage\n"), b...) }},
		{libraryKind, "empty", func([]byte) []byte { return nil }},
		{libraryKind, "trailing", func(b []byte) []byte { return append(b, 'x') }},
		{libraryKind, "no-newline", func(b []byte) []byte { return bytes.ReplaceAll(b, []byte("\n"), nil) }},
		{libraryKind, "other-tenant", func([]byte) []byte { return read(filepath.Join(libDir("b"), "good.lib")) }},
		{libraryKind, "other-name", func([]byte) []byte { return read(filepath.Join(libDir("a"), "good.lib")) }},
		{functionKind, "flipped", replace(`"kernel"`, `"kernal"`)},
		{functionKind, "a-library", func([]byte) []byte { return read(filepath.Join(libDir("a"), "a-library.lib")) }},
		{functionKind, "other-tenant", func([]byte) []byte { return read(filepath.Join(fnDir("b"), "other-tenant.fn")) }},
	}
	var wantNames, wantProblems []string
	for _, tenant := range []string{"a", "b"} {
		for _, name := range []string{"good", "a-library"} {
			if err := s.PutLibrary(Library{Tenant: tenant, Name: name, Image: img, Created: t0}); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.PutFunction(Function{Tenant: tenant, Name: "good", Config: []byte(`{"kernel":"k"}`)}); err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			var err error
			if c.k == libraryKind {
				err = s.PutLibrary(Library{Tenant: tenant, Name: c.name, Image: img, Created: t0})
			} else {
				err = s.PutFunction(Function{Tenant: tenant, Name: c.name, Config: []byte(`{"kernel":"k"}`), Created: t0})
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tenant := range []string{"a", "b"} {
		wantNames = append(wantNames, "library "+tenant+"/good", "library "+tenant+"/a-library", "function "+tenant+"/good")
		for _, c := range cases {
			if tenant == "b" {
				wantNames = append(wantNames, c.k.name+" "+tenant+"/"+c.name)
			}
		}
	}
	for _, c := range cases {
		path := filepath.Join(dir, "tenants", "a", c.k.dir, c.name+c.k.ext)
		if err := os.WriteFile(path, c.damage(read(path)), 0o600); err != nil {
			t.Fatal(err)
		}
		wantProblems = append(wantProblems, path)
	}
	// Things that are not entries at all.
	notEntries := []string{
		filepath.Join(libDir("a"), "x.fn"),
		filepath.Join(libDir("a"), "README"),
		filepath.Join(libDir("a"), ".hidden.lib"),
		filepath.Join(dir, "tenants", "a", "stray"),
		filepath.Join(dir, "tenants", ".c"),
		filepath.Join(dir, "tenants", "file"),
	}
	for _, p := range notEntries {
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(libDir("a"), "link.lib")
	if err := os.Symlink(filepath.Join(libDir("b"), "good.lib"), link); err != nil {
		t.Fatal(err)
	}
	wantProblems = append(wantProblems, notEntries...)
	wantProblems = append(wantProblems, link)
	slices.Sort(wantProblems)

	libs, fns, problems := load(t, s)
	var got []string
	for _, p := range problems {
		got = append(got, p.Path)
		if !errors.Is(p.Err, ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", p.Path, p.Err)
		}
		logged := logs.FilterLevelExact(zapcore.WarnLevel).FilterField(zap.String("path", p.Path)).All()
		if len(logged) != 1 || logged[0].ContextMap()["error"] != p.Err.Error() {
			t.Errorf("%s: logged %v, want one Warn with the error", p.Path, logged)
		}
		t.Logf("%s: %v", strings.TrimPrefix(p.Path, dir), p.Err)
	}
	if !slices.Equal(got, wantProblems) {
		t.Errorf("problems:\n got %q\nwant %q", got, wantProblems)
	}

	// The rest loads.
	var names []string
	for _, l := range libs {
		names = append(names, "library "+l.Tenant+"/"+l.Name)
		if !bytes.Equal(l.Image, img) {
			t.Errorf("%s/%s: wrong image", l.Tenant, l.Name)
		}
	}
	for _, f := range fns {
		names = append(names, "function "+f.Tenant+"/"+f.Name)
	}
	slices.Sort(names)
	slices.Sort(wantNames)
	if !slices.Equal(names, wantNames) {
		t.Errorf("loaded:\n got %q\nwant %q", names, wantNames)
	}
	// Problems are skipped, not removed: a second Load finds the same.
	if _, _, again := load(t, s); len(again) != len(problems) {
		t.Errorf("second load: %d problems, want %d", len(again), len(problems))
	}
}

func TestNamesThatEscape(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "data")
	s, err := Open(dir, Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	bad := []string{"", ".", "..", "../x", "a/b", "/abs", "a/../../b", "a\x00b", ".tmp-x", ".hidden", strings.Repeat("a", 200), strings.Repeat("a", maxName+1)}
	for _, b := range bad {
		for _, tn := range [][2]string{{b, "ok"}, {"ok", b}} {
			tenant, name := tn[0], tn[1]
			errs := map[string]error{
				"PutLibrary":     s.PutLibrary(Library{Tenant: tenant, Name: name, Image: []byte("x")}),
				"PutFunction":    s.PutFunction(Function{Tenant: tenant, Name: name, Config: []byte("{}")}),
				"DeleteLibrary":  s.DeleteLibrary(tenant, name),
				"DeleteFunction": s.DeleteFunction(tenant, name),
			}
			for method, err := range errs {
				if !errors.Is(err, ErrInvalidName) {
					t.Errorf("%s(%q, %q) = %v, want ErrInvalidName", method, tenant, name, err)
				}
			}
		}
	}
	if names := dirNames(t, parent); !slices.Equal(names, []string{"data"}) {
		t.Errorf("beside the data directory: %v", names)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"LOCK"}) {
		t.Errorf("in the data directory: %v", names)
	}
	if libs, fns, problems := load(t, s); len(libs)+len(fns)+len(problems) != 0 {
		t.Errorf("loaded %v %v %v", libs, fns, problems)
	}
}

func TestLock(t *testing.T) {
	dir := t.TempDir()
	a, err := Open(dir, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if b, err := Open(dir, Config{}); !errors.Is(err, ErrLocked) {
		if b != nil {
			b.Close()
		}
		t.Fatalf("second Open = %v, want ErrLocked", err)
	} else if !strings.Contains(err.Error(), fmt.Sprintf("pid %d", os.Getpid())) {
		t.Errorf("second Open: %q does not name the holder", err)
	}
	if err := a.PutLibrary(Library{Tenant: "t", Name: "l", Image: []byte("x")}); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Errorf("second Close = %v", err)
	}
	for method, err := range map[string]error{
		"PutLibrary":     a.PutLibrary(Library{Tenant: "t", Name: "l"}),
		"PutFunction":    a.PutFunction(Function{Tenant: "t", Name: "f", Config: []byte("{}")}),
		"DeleteLibrary":  a.DeleteLibrary("t", "l"),
		"DeleteFunction": a.DeleteFunction("t", "f"),
	} {
		if !errors.Is(err, ErrClosed) {
			t.Errorf("%s after Close = %v, want ErrClosed", method, err)
		}
	}
	if _, _, _, err := a.Load(); !errors.Is(err, ErrClosed) {
		t.Errorf("Load after Close = %v, want ErrClosed", err)
	}
	b, err := Open(dir, Config{})
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	defer b.Close()
	if libs, _, _ := load(t, b); len(libs) != 1 {
		t.Errorf("reopened: %d libraries, want 1", len(libs))
	}
}

func TestConcurrentUse(t *testing.T) {
	s, _, _ := open(t)
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Go(func() {
			tenant := fmt.Sprintf("t%d", g%2)
			for i := range 20 {
				name := fmt.Sprintf("n%d-%d", g, i%4)
				if err := s.PutLibrary(Library{Tenant: tenant, Name: name, Image: []byte(name)}); err != nil {
					t.Error(err)
				}
				if err := s.PutFunction(Function{Tenant: tenant, Name: name, Config: []byte(`{}`)}); err != nil {
					t.Error(err)
				}
				if i%5 == 4 {
					if err := s.DeleteLibrary(tenant, name); err != nil {
						t.Error(err)
					}
					if _, _, problems, err := s.Load(); err != nil || len(problems) != 0 {
						t.Errorf("Load: %v %v", problems, err)
					}
				}
			}
		})
	}
	wg.Wait()
	libs, fns, problems := load(t, s)
	if len(problems) != 0 {
		t.Errorf("problems: %v", problems)
	}
	for _, l := range libs {
		if string(l.Image) != l.Name {
			t.Errorf("%s/%s: image %q", l.Tenant, l.Name, l.Image)
		}
	}
	if len(fns) != 6*4 {
		t.Errorf("%d functions, want %d", len(fns), 6*4)
	}
}

func FuzzDecode(f *testing.F) {
	payload := []byte("payload\nwith a newline")
	good := append(encodeHeader(libraryKind, "t", "n", t0, payload), payload...)
	f.Add(good)
	f.Add(good[:len(good)-3])
	f.Add([]byte{})
	f.Add([]byte("{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		created, p, err := decode(data, libraryKind, "t", "n")
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		// Anything accepted is what encoding it again gives.
		if again := append(encodeHeader(libraryKind, "t", "n", created, p), p...); !bytes.Equal(again, data) {
			t.Fatalf("accepted %q, which encodes as %q", data, again)
		}
	})
}

func ExampleStore() {
	dir, err := os.MkdirTemp("", "gpufn-store-example-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)

	s, err := Open(dir, Config{Log: zap.NewNop()})
	if err != nil {
		panic(err)
	}
	s.PutLibrary(Library{Tenant: "acme", Name: "saxpy", Image: []byte("\x7fELF..."), Created: time.Now()})
	s.PutFunction(Function{Tenant: "acme", Name: "saxpy", Config: []byte(`{"library":"saxpy","kernel":"saxpy"}`)})
	s.Close()

	// After a restart:
	s, err = Open(dir, Config{Log: zap.NewNop()})
	if err != nil {
		panic(err)
	}
	defer s.Close()
	libs, fns, problems, err := s.Load()
	if err != nil {
		panic(err)
	}
	for _, l := range libs {
		fmt.Printf("library %s/%s: %d bytes\n", l.Tenant, l.Name, len(l.Image))
	}
	for _, f := range fns {
		fmt.Printf("function %s/%s: %s\n", f.Tenant, f.Name, f.Config)
	}
	fmt.Println("problems:", len(problems))
	// Output:
	// library acme/saxpy: 7 bytes
	// function acme/saxpy: {"library":"saxpy","kernel":"saxpy"}
	// problems: 0
}

// One oversized file among the entries (a sparse file of 1 TiB: reading it whole was a fatal
// out-of-memory at start) is skipped like any corrupt entry, without being read; the rest
// loads. A Put larger than the limit is refused, so that nothing stored is skipped later.
func TestOversizedEntrySkipped(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	core, logs := observer.New(zapcore.DebugLevel)
	s, err := Open(dir, Config{Log: zap.New(core), MaxEntryBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	good := Library{Tenant: "a", Name: "good", Image: []byte("image"), Created: t0}
	if err := s.PutLibrary(good); err != nil {
		t.Fatal(err)
	}
	if err := s.PutFunction(Function{Tenant: "a", Name: "good", Config: []byte(`{"k":1}`), Created: t0}); err != nil {
		t.Fatal(err)
	}
	if err := s.PutLibrary(Library{Tenant: "a", Name: "big", Image: make([]byte, 1<<20+1)}); !errors.Is(err, ErrInvalidEntry) {
		t.Fatalf("a library over the limit: %v, want ErrInvalidEntry", err)
	}
	if err := s.PutLibrary(Library{Tenant: "a", Name: "limit", Image: make([]byte, 1<<20)}); err != nil {
		t.Fatalf("a library at the limit: %v", err)
	}
	huge := map[string]int64{}
	for _, path := range []string{
		filepath.Join(dir, "tenants", "a", "libraries", "huge.lib"),
		filepath.Join(dir, "tenants", "a", "functions", "huge.fn"),
	} {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		size := int64(1) << 40
		for f.Truncate(size) != nil { // a file system without sparse files of 1 TiB: less
			if size /= 2; size < 1<<32 {
				t.Skip("no sparse file of 4 GiB or more here")
			}
		}
		f.Close()
		huge[path] = size
	}
	libs, fns, problems, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(libs) != 2 || libs[0].Name != "good" || len(libs[1].Image) != 1<<20 || len(fns) != 1 {
		t.Fatalf("loaded %d libraries and %d functions, want good and limit, and good", len(libs), len(fns))
	}
	if len(problems) != 2 {
		t.Fatalf("problems %v, want the two huge files", problems)
	}
	for _, p := range problems {
		if _, ok := huge[p.Path]; !ok || !errors.Is(p.Err, ErrCorrupt) || !strings.Contains(p.Err.Error(), "more than an entry may take") {
			t.Fatalf("problem %s: %v", p.Path, p.Err)
		}
	}
	if n := logs.FilterMessage("store: skipped an entry").Len(); n != 2 {
		t.Fatalf("%d entries logged as skipped, want 2", n)
	}
}

// Seed marks persist across a reopen, are kept per tenant and kind, and do not disturb Load.
func TestSeededMarks(t *testing.T) {
	s, dir, _ := open(t)
	for _, m := range []struct {
		tenant string
		fn     bool
		name   string
	}{{"default", false, "mlops"}, {"default", true, "matmul"}, {"default", true, "matmul"}, {"other", true, "x"}} {
		if err := s.MarkSeeded(m.tenant, m.fn, m.name); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.MarkSeeded("default", true, "../x"); !errors.Is(err, ErrInvalidName) {
		t.Fatalf("a name with a slash: %v", err)
	}
	s.Close()
	s, err := Open(dir, Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	libs, fns, err := s.Seeded("default")
	if err != nil || len(libs) != 1 || !libs["mlops"] || len(fns) != 1 || !fns["matmul"] {
		t.Fatalf("seeded: %v %v %v", libs, fns, err)
	}
	if libs, fns, err := s.Seeded("nobody"); err != nil || len(libs)+len(fns) != 0 {
		t.Fatalf("a tenant never seeded: %v %v %v", libs, fns, err)
	}
	if _, _, problems, err := s.Load(); err != nil || len(problems) != 0 {
		t.Fatalf("load beside marks: %v %v", problems, err)
	}
}
