package main

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
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

// elemSize is the size of one value of each --format that prints values (hex prints bytes).
var elemSize = map[string]int{"u64": 8, "i64": 8, "f32": 4}

// invoke invokes name with the inputs given on the command line and prints or writes its
// outputs. Everything that can be checked before the call is: the format, the inputs, and
// the output directory (created if missing), so that a bad command line never loses a result.
func (env *clientEnv) invoke(name string, inputs []string, outDir, format string, timeout time.Duration) error {
	if _, ok := elemSize[format]; !ok && format != "" && format != "hex" {
		return usageError(fmt.Sprintf("--format %q: use hex, u64, i64 or f32", format))
	}
	in := map[string][]byte{}
	for _, s := range inputs {
		k, v, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			return usageError(fmt.Sprintf("-i %q: use NAME=VALUE", s))
		}
		b, err := parseValue(v)
		if err != nil {
			return fmt.Errorf("-i %s: %w", k, err)
		}
		in[k] = b
	}
	if outDir != "" {
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			return fmt.Errorf("--out: %w", err)
		}
	}
	body, err := msgpack.Marshal(in)
	if err != nil {
		return err
	}
	hdr := http.Header{}
	if timeout > 0 {
		hdr.Set("X-Gpufn-Timeout", timeout.String())
	}
	start := time.Now()
	resp, data, err := env.request("POST", qualified("functions", name)+"/invoke", "application/msgpack", body, hdr)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	var outs map[string][]byte
	if err := msgpack.Unmarshal(data, &outs); err != nil {
		return fmt.Errorf("decoding the answer: %w", err)
	}
	fmt.Fprintf(env.stderr, "%s: %d output(s) in %v; Server-Timing: %s\n", name, len(outs), elapsed.Round(time.Microsecond), resp.Header.Get("Server-Timing"))
	return env.printOutputs(outs, outDir, format)
}

// printOutputs writes each output to outDir, or prints it in format; an output that is not a
// whole number of format's values is printed in hex and reported as an error.
func (env *clientEnv) printOutputs(outs map[string][]byte, outDir, format string) error {
	names := make([]string, 0, len(outs))
	for k := range outs {
		names = append(names, k)
	}
	sort.Strings(names)
	var bad []string
	for _, k := range names {
		b := outs[k]
		if outDir != "" {
			p := filepath.Join(outDir, k+".bin")
			if err := os.WriteFile(p, b, 0o644); err != nil {
				return err
			}
			fmt.Fprintf(env.stdout, "%s: %d bytes -> %s\n", k, len(b), p)
			continue
		}
		if n := elemSize[format]; n > 0 && len(b)%n != 0 {
			fmt.Fprintf(env.stdout, "%s (%d bytes): %s\n", k, len(b), formatValue(b, "hex"))
			bad = append(bad, fmt.Sprintf("%s: %d bytes is not a whole number of %d-byte %s values (printed in hex; --out DIR keeps the bytes)", k, len(b), n, format))
			continue
		}
		fmt.Fprintf(env.stdout, "%s (%d bytes): %s\n", k, len(b), formatValue(b, format))
	}
	if len(bad) > 0 {
		return fmt.Errorf("--format %s: %s", format, strings.Join(bad, "; "))
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

// formatValue prints b in format (u64, i64 or f32: its first 32 values; else hex: its first
// 64 bytes). The caller checks that b holds whole values.
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
		n := min(len(b), 64)
		s := hex.EncodeToString(b[:n])
		if len(b) > n {
			s += "..."
		}
		return s
	}
	s := strings.Join(parts, " ")
	if len(parts) == max && len(b) > max*elemSize[format] {
		s += " ..."
	}
	return s
}
