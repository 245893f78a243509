package main

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/vmihailenco/msgpack/v5"
)

const clientUsage = `Client commands (they talk to a running gpufn server):

  gpufn upload [--url URL] NAME FILE
      Upload a kernel library (PTX, cubin, fatbin, hsaco) under NAME.
  gpufn register [--url URL] NAME CONFIG.json
      Register the function NAME from a Dandelion v1 config.
  gpufn invoke [--url URL] [-i INPUT=VALUE ...] [--out DIR] [--format F] [--timeout D] NAME
      Invoke NAME. VALUE is @FILE (its bytes), u64:1,2,3 or i64:-1,2 (little-endian 8-byte
      integers), f32:0.5,1 (little-endian floats), hex:00ff, or str:TEXT.
      Outputs go to DIR/NAME.bin with --out, else are printed in --format (hex, u64, i64, f32;
      default: a hex summary).
  gpufn upload-weights [--url URL] NAME FILE.safetensors
      Upload a weight set (docs/weights.md).
  gpufn ls [--url URL] [libraries|functions|weights|engines]
  gpufn rm [--url URL] library|function|weights NAME
`

func client(cmd string, args []string) int {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(os.Stderr, clientUsage) }
	url := fs.String("url", "", "server URL (default $GPUFN_URL or http://127.0.0.1:8080)")
	var inputs multiFlag
	fs.Var(&inputs, "i", "input NAME=VALUE (invoke; repeatable)")
	out := fs.String("out", "", "directory for output files (invoke)")
	format := fs.String("format", "", "print outputs as hex, u64, i64 or f32 (invoke)")
	timeout := fs.Duration("timeout", 0, "invocation deadline sent as X-Gpufn-Timeout (invoke)")
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	base := serverURL(*url)
	c := &http.Client{Timeout: 10 * time.Minute}
	switch cmd {
	case "upload":
		if len(rest) != 2 {
			fs.Usage()
			return 2
		}
		var data []byte
		if data, err = os.ReadFile(rest[1]); err == nil {
			err = call(c, "PUT", base+"/v1/libraries/"+rest[0], "application/octet-stream", data, os.Stdout)
		}
	case "upload-weights":
		if len(rest) != 2 {
			fs.Usage()
			return 2
		}
		var data []byte
		if data, err = os.ReadFile(rest[1]); err == nil {
			err = call(c, "PUT", base+"/v1/weights/"+rest[0], "application/octet-stream", data, os.Stdout)
		}
	case "register":
		if len(rest) != 2 {
			fs.Usage()
			return 2
		}
		var data []byte
		if data, err = os.ReadFile(rest[1]); err == nil {
			err = call(c, "PUT", base+"/v1/functions/"+rest[0], "application/json", data, os.Stdout)
		}
	case "ls":
		what := "functions"
		if len(rest) > 0 {
			what = rest[0]
		}
		if what != "libraries" && what != "functions" && what != "engines" && what != "weights" {
			fs.Usage()
			return 2
		}
		err = call(c, "GET", base+"/v1/"+what, "", nil, os.Stdout)
	case "rm":
		kind := map[string]string{"library": "libraries", "function": "functions", "weights": "weights"}[rest[0]]
		if len(rest) != 2 || kind == "" {
			fs.Usage()
			return 2
		}
		if err = call(c, "DELETE", base+"/v1/"+kind+"/"+rest[1], "", nil, os.Stdout); err == nil {
			fmt.Println("deleted", rest[0], rest[1])
		}
	case "invoke":
		if len(rest) != 1 {
			fs.Usage()
			return 2
		}
		err = invoke(c, base, rest[0], inputs, *out, *format, *timeout)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gpufn "+cmd+":", err)
		return 1
	}
	return 0
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

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

// call sends a request and copies a successful JSON answer to w (pretty-printed).
func call(c *http.Client, method, url, ctype string, body []byte, w io.Writer) error {
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return httpError(resp.StatusCode, data)
	}
	if len(data) == 0 {
		return nil
	}
	var pretty bytes.Buffer
	if json.Indent(&pretty, data, "", "  ") == nil {
		data = append(pretty.Bytes(), '\n')
	}
	_, err = w.Write(data)
	return err
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

func invoke(c *http.Client, base, name string, inputs []string, outDir, format string, timeout time.Duration) error {
	in := map[string][]byte{}
	for _, s := range inputs {
		k, v, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			return fmt.Errorf("-i %q: use NAME=VALUE", s)
		}
		b, err := parseValue(v)
		if err != nil {
			return fmt.Errorf("-i %s: %w", k, err)
		}
		in[k] = b
	}
	body, err := msgpack.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequest("POST", base+"/v1/functions/"+name+"/invoke", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/msgpack")
	if timeout > 0 {
		req.Header.Set("X-Gpufn-Timeout", timeout.String())
	}
	start := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	if resp.StatusCode >= 300 {
		return httpError(resp.StatusCode, data)
	}
	var outs map[string][]byte
	if err := msgpack.Unmarshal(data, &outs); err != nil {
		return fmt.Errorf("decoding the answer: %w", err)
	}
	names := make([]string, 0, len(outs))
	for k := range outs {
		names = append(names, k)
	}
	sort.Strings(names)
	fmt.Fprintf(os.Stderr, "%s: %d output(s) in %v; Server-Timing: %s\n", name, len(outs), elapsed.Round(time.Microsecond), resp.Header.Get("Server-Timing"))
	for _, k := range names {
		b := outs[k]
		if outDir != "" {
			p := filepath.Join(outDir, k+".bin")
			if err := os.WriteFile(p, b, 0o644); err != nil {
				return err
			}
			fmt.Printf("%s: %d bytes -> %s\n", k, len(b), p)
			continue
		}
		fmt.Printf("%s (%d bytes): %s\n", k, len(b), formatValue(b, format))
	}
	return nil
}

// parseValue reads an input given on the command line.
func parseValue(v string) ([]byte, error) {
	kind, rest, _ := strings.Cut(v, ":")
	if strings.HasPrefix(v, "@") {
		return os.ReadFile(v[1:])
	}
	var out []byte
	switch kind {
	case "str":
		return []byte(rest), nil
	case "hex":
		return hex.DecodeString(rest)
	case "u64", "i64", "f32":
		if rest == "" {
			return []byte{}, nil
		}
		for _, s := range strings.Split(rest, ",") {
			s = strings.TrimSpace(s)
			switch kind {
			case "u64":
				n, err := strconv.ParseUint(s, 0, 64)
				if err != nil {
					return nil, err
				}
				out = binary.LittleEndian.AppendUint64(out, n)
			case "i64":
				n, err := strconv.ParseInt(s, 0, 64)
				if err != nil {
					return nil, err
				}
				out = binary.LittleEndian.AppendUint64(out, uint64(n))
			case "f32":
				f, err := strconv.ParseFloat(s, 32)
				if err != nil {
					return nil, err
				}
				out = binary.LittleEndian.AppendUint32(out, math.Float32bits(float32(f)))
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("%q: use @FILE, u64:..., i64:..., f32:..., hex:... or str:...", v)
}

func formatValue(b []byte, format string) string {
	const max = 32
	var parts []string
	switch format {
	case "u64", "i64":
		for i := 0; i+8 <= len(b) && len(parts) < max; i += 8 {
			v := binary.LittleEndian.Uint64(b[i:])
			if format == "i64" {
				parts = append(parts, strconv.FormatInt(int64(v), 10))
			} else {
				parts = append(parts, strconv.FormatUint(v, 10))
			}
		}
	case "f32":
		for i := 0; i+4 <= len(b) && len(parts) < max; i += 4 {
			parts = append(parts, strconv.FormatFloat(float64(math.Float32frombits(binary.LittleEndian.Uint32(b[i:]))), 'g', 6, 32))
		}
	default:
		n := len(b)
		if n > 64 {
			n = 64
		}
		s := hex.EncodeToString(b[:n])
		if len(b) > n {
			s += "..."
		}
		return s
	}
	s := strings.Join(parts, " ")
	if len(parts) == max {
		s += " ..."
	}
	return s
}
