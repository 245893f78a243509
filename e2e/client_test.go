package e2e

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// gpufnCmd runs a client command of the gpufn binary with GPUFN_URL and GPUFN_TOKEN set; it
// returns its stdout, its stderr and its exit status.
func gpufnCmd(t *testing.T, url, token string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(gpufnBin, args...)
	cmd.Env = append(os.Environ(), "GPUFN_URL="+url, "GPUFN_TOKEN="+token)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("gpufn %q: %v", args, err)
	}
	return out.String(), errb.String(), code
}

// repoFile is a file of the repository: from the working directory when it is the
// repository's root (scripts/gpu-test.sh runs bin/e2e.test there) or this package's directory
// (go test), else from where this file was built.
func repoFile(t *testing.T, rel string) string {
	for _, root := range []string{".", ".."} {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			return filepath.Join(root, rel)
		}
	}
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", rel)
}

// The multi-tenant tour with the client only: tokens from the environment, a function of
// alice's that bob may invoke only once granted (TENANT/NAME), revoked again, and deleted;
// the access log has a line per invocation with its worker; /healthz and the start log line
// carry the version `gpufn version` prints.
func TestClientTenants(t *testing.T) {
	s := start(t, "--tokens", writeTokens(t, ""), "--access-log", "--log-format", "json")
	alice := func(args ...string) (string, string, int) { return gpufnCmd(t, s.url, aliceTok, args...) }
	bob := func(args ...string) (string, string, int) { return gpufnCmd(t, s.url, bobTok, args...) }
	must := func(out, errs string, code int) string {
		t.Helper()
		if code != 0 {
			t.Fatalf("exit %d: %s%s", code, out, errs)
		}
		return out
	}
	if _, errs, code := gpufnCmd(t, s.url, "", "ls"); code != 1 || !strings.Contains(errs, "401 unauthorized") {
		t.Fatalf("ls without a token: exit %d, %s", code, errs)
	}
	must(alice("upload", "module", repoFile(t, "examples/module/module.ptx")))
	must(alice("register", "basic_io", repoFile(t, "examples/configs/basic_io.json")))
	if out := must(alice("invoke", "basic_io", "-i", "A=i64:12345", "--format", "i64")); out != "A (8 bytes): 98765\n" {
		t.Fatalf("alice invokes: %q", out)
	}
	if _, errs, code := bob("invoke", "alice/basic_io", "-i", "A=i64:12345", "--format", "i64"); code != 1 || !strings.Contains(errs, "404 not_found") {
		t.Fatalf("bob before the grant: exit %d, %s", code, errs)
	}
	if out := must(alice("grant", "basic_io", "bob")); out != "basic_io: invocable by its tenant; tenants bob\n" {
		t.Fatalf("grant: %q", out)
	}
	if out := must(bob("invoke", "--url", s.url, "--token", bobTok, "alice/basic_io", "-i", "A=i64:12345", "--format", "i64")); out != "A (8 bytes): 98765\n" {
		t.Fatalf("bob after the grant: %q", out)
	}
	if _, errs, code := bob("grant", "alice/basic_io", "carol"); code != 1 || !strings.Contains(errs, "403") {
		t.Fatalf("bob grants alice's function: exit %d, %s", code, errs)
	}
	ls := must(alice("ls"))
	lines := strings.Split(strings.TrimSpace(ls), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "NAME") || !strings.HasPrefix(lines[1], "basic_io") ||
		strings.Index(lines[0], "LIBRARY") != strings.Index(lines[1], "module") || !strings.HasSuffix(lines[1], "its tenant; tenants bob") {
		t.Fatalf("ls:\n%s", ls)
	}
	var fns struct {
		Functions []struct{ Name string } `json:"functions"`
	}
	if err := json.Unmarshal([]byte(must(alice("ls", "-o", "json", "functions"))), &fns); err != nil || len(fns.Functions) != 1 {
		t.Fatalf("ls -o json: %v %+v", err, fns)
	}
	if out := must(alice("revoke", "basic_io", "bob")); out != "basic_io: invocable by its tenant only\n" {
		t.Fatalf("revoke: %q", out)
	}
	if _, errs, code := bob("invoke", "alice/basic_io", "-i", "A=i64:1"); code != 1 || !strings.Contains(errs, "404") {
		t.Fatalf("bob after the revoke: exit %d, %s", code, errs)
	}
	must(alice("rm", "function", "basic_io"))
	if _, errs, code := alice("invoke", "basic_io", "-i", "A=i64:1"); code != 1 || !strings.Contains(errs, "404") {
		t.Fatalf("after rm: exit %d, %s", code, errs)
	}
	checkAccessLog(t, s.logs.String())
	// Worker logs are forwarded as JSON lines too, each with its worker's ID.
	if !strings.Contains(s.logs.String(), `"msg":"worker ready","worker":"`+device()+`0-w0"`) {
		t.Errorf("no forwarded worker line with its ID:\n%s", s.logs.String())
	}
	ver := strings.TrimSpace(must(gpufnCmd(t, s.url, "", "version")))
	if a := s.do("GET", "/healthz", "", nil); a.status != 200 || string(a.body) != "ok "+ver+"\n" {
		t.Fatalf("healthz: %d %q, want the version %q", a.status, a.body, ver)
	}
	if !strings.Contains(s.logs.String(), `"version":"`+strings.TrimPrefix(ver, "gpufn ")+`"`) {
		t.Fatalf("no version in the start line:\n%s", s.logs.String())
	}
}

// checkAccessLog finds the access log's lines (JSON, logger "access") of TestClientTenants,
// in order: alice's 200, bob's 404, 200 and 404 on alice's function, alice's 404 after rm.
func checkAccessLog(t *testing.T, logs string) {
	t.Helper()
	var got []string
	sc := bufio.NewScanner(strings.NewReader(logs))
	for sc.Scan() {
		var rec struct {
			Logger   string  `json:"logger"`
			Tenant   string  `json:"tenant"`
			Owner    string  `json:"owner"`
			Function string  `json:"function"`
			Worker   string  `json:"worker"`
			Status   int     `json:"status"`
			BytesIn  int     `json:"bytes_in"`
			BytesOut int     `json:"bytes_out"`
			Latency  float64 `json:"latency"`
		}
		if json.Unmarshal(sc.Bytes(), &rec) != nil || rec.Logger != "access" {
			continue
		}
		if rec.Latency <= 0 || rec.BytesIn <= 0 || (rec.Status == 200) != (rec.Worker != "" && rec.BytesOut > 0) {
			t.Errorf("access log line: %s", sc.Text())
		}
		got = append(got, rec.Tenant+" "+rec.Owner+"/"+rec.Function+" "+strconv.Itoa(rec.Status))
	}
	want := "alice alice/basic_io 200|bob alice/basic_io 404|bob alice/basic_io 200|bob alice/basic_io 404|alice alice/basic_io 404"
	if strings.Join(got, "|") != want {
		t.Errorf("access log:\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
}
