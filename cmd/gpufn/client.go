package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"
)

const clientUsage = `Client commands (they talk to a running gpufn server):

  gpufn upload [TENANT/]NAME FILE
      Upload a kernel library (PTX, cubin, fatbin, hsaco) under NAME.
  gpufn register [TENANT/]NAME CONFIG.json
      Register the function NAME from a Dandelion v1 or v2 config. (TENANT/: in another tenant's
      namespace, with an admin token.)
  gpufn invoke [-i INPUT=VALUE ...] [--out DIR] [--format F] [--timeout D] [TENANT/]NAME
      Invoke NAME (TENANT/NAME: another tenant's function it lets you invoke). VALUE is @FILE
      (its bytes), u64:1,2,3 or i64:-1,2 (little-endian 8-byte integers), f32:0.5,1
      (little-endian floats), hex:00ff, or str:TEXT. Outputs go to DIR/OUTPUT.bin with --out
      (DIR is created), else are printed in --format: hex (a summary of the first 64 bytes,
      the default), u64, i64 or f32.
  gpufn upload-weights [TENANT/]NAME FILE.safetensors
      Upload a weight set (docs/weights.md).
  gpufn ls [-o table|json] [--tenant TENANT] [libraries|functions|weights|engines]
      List your libraries, functions (default) or weight sets, or the engines (admin);
      --tenant lists another tenant's (admin); -o json prints the server's JSON answer, for
      scripts.
  gpufn rm library|function|weights [TENANT/]NAME
      Delete a library, a function or a weight set.
  gpufn access [-o table|json] [TENANT/]FUNCTION
      Show who may invoke FUNCTION besides its tenant.
  gpufn grant [--public] [--grant-token TOKEN ...] [TENANT/]FUNCTION [TO_TENANT ...]
  gpufn revoke [--public] [--grant-token TOKEN ...] [TENANT/]FUNCTION [TO_TENANT ...]
      Let tenants TO_TENANT (or every caller with --public, or the holders of a token) invoke
      FUNCTION, or stop letting them.
  gpufn version
      Print the client's version.

Every client command takes --url URL (default $GPUFN_URL, else http://127.0.0.1:8080) and
--token TOKEN (default $GPUFN_TOKEN; sent as Authorization: Bearer TOKEN, needed when the
server runs with --tokens). Flags may come before or after the arguments.
`

// clientEnv is what a client command runs with: the HTTP client, the server, the token and
// where it prints.
type clientEnv struct {
	c      *http.Client
	base   string
	token  string
	stdout io.Writer
	stderr io.Writer
}

// clientFlags are the flags of the client commands (each command uses its own).
type clientFlags struct {
	url, token, out, format, output, tenant string
	timeout                                 time.Duration
	inputs, grantTokens                     multiFlag
	public                                  bool
}

func newClientFlagSet(f *clientFlags, cmd string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, clientUsage) }
	fs.StringVar(&f.url, "url", "", "server URL (default $GPUFN_URL or http://127.0.0.1:8080)")
	fs.StringVar(&f.token, "token", "", "bearer token (default $GPUFN_TOKEN)")
	fs.Var(&f.inputs, "i", "input NAME=VALUE (invoke; repeatable)")
	fs.StringVar(&f.out, "out", "", "directory for output files, created if missing (invoke)")
	fs.StringVar(&f.format, "format", "", "print outputs as hex, u64, i64 or f32 (invoke)")
	fs.DurationVar(&f.timeout, "timeout", 0, "invocation deadline sent as X-Gpufn-Timeout (invoke)")
	fs.StringVar(&f.output, "o", "table", "output of ls and access: table or json")
	fs.StringVar(&f.tenant, "tenant", "", "list another tenant's libraries or functions (ls; an admin token)")
	fs.BoolVar(&f.public, "public", false, "grant or revoke invocation by every caller (grant, revoke)")
	fs.Var(&f.grantTokens, "grant-token", "grant or revoke invocation by the holders of a token (grant, revoke; repeatable)")
	return fs
}

func client(cmd string, args []string) int {
	return runClient(cmd, args, os.Stdout, os.Stderr)
}

// runClient runs client command cmd and returns its exit status: 0, 1 (it failed), 2 (bad
// usage).
func runClient(cmd string, args []string, stdout, stderr io.Writer) int {
	var f clientFlags
	fs := newClientFlagSet(&f, cmd, stderr)
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	env := &clientEnv{c: &http.Client{Timeout: 10 * time.Minute}, base: serverURL(f.url), token: clientToken(f.token), stdout: stdout, stderr: stderr}
	err = env.run(cmd, rest, &f)
	var usage usageError
	switch {
	case errors.As(err, &usage):
		fmt.Fprintf(stderr, "gpufn %s: %s\n\n%s", cmd, usage, clientUsage)
		return 2
	case err != nil:
		fmt.Fprintln(stderr, "gpufn "+cmd+":", err)
		return 1
	}
	return 0
}

// usageError is a command line the command cannot run.
type usageError string

func (u usageError) Error() string { return string(u) }

func (env *clientEnv) run(cmd string, rest []string, f *clientFlags) error {
	if f.output != "table" && f.output != "json" {
		return usageError(fmt.Sprintf("-o %q: use table or json", f.output))
	}
	switch cmd {
	case "upload", "upload-weights", "register":
		if len(rest) != 2 {
			return usageError(cmd + " takes NAME FILE")
		}
		data, err := os.ReadFile(rest[1])
		if err != nil {
			return err
		}
		kind, ctype := "libraries", "application/octet-stream"
		switch cmd {
		case "register":
			kind, ctype = "functions", "application/json"
		case "upload-weights":
			kind = "weights"
		}
		return env.call("PUT", qualified(kind, rest[0]), ctype, data, env.stdout)
	case "ls":
		return env.ls(rest, f.tenant, f.output)
	case "rm":
		if len(rest) != 2 || rmKinds[rest[0]] == "" {
			return usageError("rm takes library|function|weights NAME")
		}
		if err := env.call("DELETE", qualified(rmKinds[rest[0]], rest[1]), "", nil, env.stdout); err != nil {
			return err
		}
		fmt.Fprintln(env.stdout, "deleted", rest[0], rest[1])
		return nil
	case "access":
		if len(rest) != 1 {
			return usageError("access takes FUNCTION")
		}
		return env.showAccess(rest[0], f.output)
	case "grant", "revoke":
		if len(rest) < 1 || (len(rest) == 1 && !f.public && len(f.grantTokens) == 0) {
			return usageError(cmd + " takes FUNCTION and tenants, --public or --grant-token")
		}
		return env.changeAccess(cmd == "grant", rest[0], rest[1:], f.public, f.grantTokens, f.output)
	case "invoke":
		if len(rest) != 1 {
			return usageError("invoke takes one function NAME")
		}
		return env.invoke(rest[0], f.inputs, f.out, f.format, f.timeout)
	}
	return usageError("unknown command")
}

// rmKinds maps rm's first argument to the path's collection.
var rmKinds = map[string]string{"library": "libraries", "function": "functions", "weights": "weights"}

// qualified is the path of a library, function or weight set (kind: "libraries", "functions"
// or "weights"): NAME is the caller's own, TENANT/NAME another tenant's.
func qualified(kind, name string) string {
	if tenant, n, ok := strings.Cut(name, "/"); ok {
		return "/v1/tenants/" + tenant + "/" + kind + "/" + n
	}
	return "/v1/" + kind + "/" + name
}

// parseStatus is the exit status of a command whose flags did not parse: 0 when help was
// asked for (-h, --help: the usage was printed), else 2 (bad usage).
func parseStatus(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// parseInterleaved parses fs's flags wherever they come, before, between or after the
// positional arguments, and returns those.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// serverURL is the server the client commands talk to: --url, else $GPUFN_URL, else
// http://127.0.0.1:8080; without a trailing slash.
func serverURL(flagURL string) string {
	base := flagURL
	if base == "" {
		base = os.Getenv("GPUFN_URL")
	}
	if base == "" {
		base = "http://127.0.0.1:8080"
	}
	return strings.TrimRight(base, "/")
}

// clientToken is the token the client commands send: --token, else $GPUFN_TOKEN, else none.
func clientToken(flagToken string) string {
	if flagToken != "" {
		return flagToken
	}
	return os.Getenv("GPUFN_TOKEN")
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

// request sends a request with the token and returns the answer's status, header and body.
func (env *clientEnv) request(method, path, ctype string, body []byte, hdr http.Header) (*http.Response, []byte, error) {
	req, err := http.NewRequest(method, env.base+path, bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if env.token != "" {
		req.Header.Set("Authorization", "Bearer "+env.token)
	}
	resp, err := env.c.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, nil, err
	}
	if resp.StatusCode >= 300 {
		return resp, data, httpError(resp.StatusCode, data)
	}
	return resp, data, nil
}

// call sends a request and copies a successful JSON answer to w (pretty-printed).
func (env *clientEnv) call(method, path, ctype string, body []byte, w io.Writer) error {
	_, data, err := env.request(method, path, ctype, body, nil)
	if err != nil || len(data) == 0 {
		return err
	}
	var pretty bytes.Buffer
	if json.Indent(&pretty, data, "", "  ") == nil {
		data = append(pretty.Bytes(), '\n')
	}
	_, err = w.Write(data)
	return err
}

// getJSON sends a GET and decodes its JSON answer into v.
func (env *clientEnv) getJSON(path string, v any) ([]byte, error) {
	_, data, err := env.request("GET", path, "", nil, nil)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return nil, fmt.Errorf("decoding the answer to GET %s: %w", path, err)
	}
	return data, nil
}

func httpError(status int, data []byte) error {
	var e struct {
		Error struct {
			Code     string `json:"code"`
			Message  string `json:"message"`
			Problems []struct {
				Path    string `json:"path"`
				Message string `json:"message"`
			} `json:"problems"`
		} `json:"error"`
	}
	if json.Unmarshal(data, &e) == nil && e.Error.Code != "" {
		if len(e.Error.Problems) == 0 {
			return fmt.Errorf("%d %s: %s", status, e.Error.Code, e.Error.Message)
		}
		msg := fmt.Sprintf("%d %s:", status, e.Error.Code)
		for _, p := range e.Error.Problems {
			msg += fmt.Sprintf("\n  %s: %s", p.Path, p.Message)
		}
		return errors.New(msg)
	}
	return fmt.Errorf("%d %s", status, strings.TrimSpace(string(data)))
}
