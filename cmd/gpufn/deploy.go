package main

import (
	"encoding/binary"
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
	"time"

	"github.com/vmihailenco/msgpack/v5"

	"gpufn/weights"
)

const deployUsage = `gpufn deploy [--url URL] [--token TOKEN] [--check] DIR

Uploads a bundle that the exporter wrote (python -m tools.export; docs/export.md): every
library of DIR/gpufn-bundle.json, its weight set, its batch variants (each a function, in the
order listed; docs/batching.md), then its function. With --check, invokes the
function with the bundle's reference inputs and compares the outputs with the reference
outputs, within a bound by dtype (F32 2e-3, F16 1e-2, BF16 3e-2 relative; other dtypes exact).
--url and --token default as for the other client commands ($GPUFN_URL, $GPUFN_TOKEN).
`

// bundleManifest is DIR/gpufn-bundle.json (tools/export/bundle.py writes it).
type bundleManifest struct {
	Version   int               `json:"version"`
	Function  string            `json:"function"`
	Config    string            `json:"config"`
	Libraries map[string]string `json:"libraries"`
	Weights   *struct {
		Name string `json:"name"`
		File string `json:"file"`
	} `json:"weights"`
	Reference *struct {
		Inputs  string `json:"inputs"`
		Outputs string `json:"outputs"`
	} `json:"reference"`
	// Variants are the batch variants the function's "batching" declaration names
	// (docs/batching.md): registered before it, since its registration checks them.
	Variants []struct {
		Batch    int    `json:"batch"`
		Function string `json:"function"`
		Config   string `json:"config"`
	} `json:"variants"`
}

func deploy(args []string) int {
	fs := flag.NewFlagSet("deploy", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(os.Stderr, deployUsage) }
	url := fs.String("url", "", "server URL (default $GPUFN_URL or http://127.0.0.1:8080)")
	token := fs.String("token", "", "bearer token (default $GPUFN_TOKEN)")
	check := fs.Bool("check", false, "invoke with the reference inputs and compare the outputs")
	rest, err := parseInterleaved(fs, args)
	if err != nil || len(rest) != 1 {
		fs.Usage()
		return 2
	}
	env := &clientEnv{c: &http.Client{Timeout: 10 * time.Minute}, base: serverURL(*url), token: clientToken(*token), stdout: os.Stdout, stderr: os.Stderr}
	if err := env.deployBundle(rest[0], *check); err != nil {
		fmt.Fprintf(os.Stderr, "gpufn deploy: %v\n", err)
		return 1
	}
	return 0
}

func (env *clientEnv) deployBundle(dir string, check bool) error {
	var m bundleManifest
	b, err := os.ReadFile(filepath.Join(dir, "gpufn-bundle.json"))
	if err == nil {
		err = json.Unmarshal(b, &m)
	}
	if err != nil {
		return fmt.Errorf("reading the bundle's manifest: %w", err)
	}
	if m.Version != 1 || m.Function == "" || m.Config == "" {
		return fmt.Errorf("%s/gpufn-bundle.json: not a version 1 bundle with a function and a config", dir)
	}
	names := make([]string, 0, len(m.Libraries))
	for name := range m.Libraries {
		names = append(names, name)
	}
	sort.Strings(names)
	put := func(path, ctype, file string) error {
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			return err
		}
		if err := env.call("PUT", path, ctype, data, io.Discard); err != nil {
			return fmt.Errorf("PUT %s: %w", path, err)
		}
		fmt.Fprintf(env.stdout, "PUT %s (%d bytes)\n", path, len(data))
		return nil
	}
	for _, name := range names {
		if err := put("/v1/libraries/"+name, "application/octet-stream", m.Libraries[name]); err != nil {
			return err
		}
	}
	if m.Weights != nil {
		if err := put("/v1/weights/"+m.Weights.Name, "application/octet-stream", m.Weights.File); err != nil {
			return err
		}
	}
	for _, v := range m.Variants {
		if err := put("/v1/functions/"+v.Function, "application/json", v.Config); err != nil {
			return err
		}
	}
	if err := put("/v1/functions/"+m.Function, "application/json", m.Config); err != nil {
		return err
	}
	if !check || m.Reference == nil {
		return nil
	}
	return env.checkReference(dir, &m)
}

// tensors reads a safetensors file of DIR as name -> (dtype, bytes).
func tensors(path string) (map[string]weights.Tensor, map[string][]byte, error) {
	file, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	h, err := weights.Parse(file)
	if err != nil {
		return nil, nil, err
	}
	meta, data := map[string]weights.Tensor{}, map[string][]byte{}
	for _, t := range h.Tensors {
		meta[t.Name], data[t.Name] = t, file[h.DataOffset+t.Begin:h.DataOffset+t.End]
	}
	return meta, data, nil
}

func (env *clientEnv) checkReference(dir string, m *bundleManifest) error {
	_, in, err := tensors(filepath.Join(dir, m.Reference.Inputs))
	if err != nil {
		return fmt.Errorf("reference inputs: %w", err)
	}
	wantMeta, want, err := tensors(filepath.Join(dir, m.Reference.Outputs))
	if err != nil {
		return fmt.Errorf("reference outputs: %w", err)
	}
	body, err := msgpack.Marshal(in)
	if err != nil {
		return err
	}
	_, data, err := env.request("POST", "/v1/functions/"+m.Function+"/invoke", "application/msgpack", body, nil)
	if err != nil {
		return err
	}
	var got map[string][]byte
	if err := msgpack.Unmarshal(data, &got); err != nil {
		return fmt.Errorf("the answer: %w", err)
	}
	for name, t := range wantMeta {
		if err := compareTensor(string(t.DType), got[name], want[name]); err != nil {
			return fmt.Errorf("output %s: %w", name, err)
		}
		fmt.Fprintf(env.stdout, "output %s matches the reference (%s, %d bytes)\n", name, t.DType, len(want[name]))
	}
	return nil
}

// compareTensor compares got with want, elementwise within the dtype's bound.
func compareTensor(dtype string, got, want []byte) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d bytes, want %d", len(got), len(want))
	}
	tol, size, conv := 0.0, 1, func([]byte) float64 { return 0 }
	switch dtype {
	case "F32":
		tol, size, conv = 2e-3, 4, func(b []byte) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(b))) }
	case "BF16":
		tol, size, conv = 3e-2, 2, func(b []byte) float64 {
			return float64(math.Float32frombits(uint32(binary.LittleEndian.Uint16(b)) << 16))
		}
	case "F16":
		tol, size, conv = 1e-2, 2, func(b []byte) float64 { return f16(binary.LittleEndian.Uint16(b)) }
	default:
		if string(got) != string(want) {
			return errors.New("differs")
		}
		return nil
	}
	for i := 0; i+size <= len(got); i += size {
		g, wv := conv(got[i:]), conv(want[i:])
		if d := math.Abs(g - wv); d > tol*math.Max(1, math.Abs(wv)) || math.IsNaN(g) != math.IsNaN(wv) {
			return fmt.Errorf("element %d is %g, want %g (bound %g)", i/size, g, wv, tol)
		}
	}
	return nil
}

// f16 converts an IEEE half to float64.
func f16(h uint16) float64 {
	sign, exp, frac := float64(1), int(h>>10)&0x1f, float64(h&0x3ff)
	if h&0x8000 != 0 {
		sign = -1
	}
	switch exp {
	case 0:
		return sign * math.Ldexp(frac, -24)
	case 31:
		if frac == 0 {
			return sign * math.Inf(1)
		}
		return math.NaN()
	}
	return sign * math.Ldexp(1+frac/1024, exp-15)
}
