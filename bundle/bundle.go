package bundle

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/vmihailenco/msgpack/v5"

	"gpufn/weights"
)

// Manifest is DIR/gpufn-bundle.json, as the exporter writes it (tools/export/bundle.py).
type Manifest struct {
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
	// (docs/batching.md): registered before it, in this order, since its registration checks
	// them.
	Variants []Variant `json:"variants"`
}

// Variant is one batch variant of a bundle's function: a function of its own.
type Variant struct {
	Batch    int    `json:"batch"`
	Function string `json:"function"`
	Config   string `json:"config"`
}

// Bundle is a bundle directory whose manifest was read and whose files exist.
type Bundle struct {
	Dir string
	Manifest
}

// ErrNoWeights is wrapped by Open's error when the manifest names a weights file that is not
// there: the example bundles keep their weights out of git, and a script regenerates them.
var ErrNoWeights = errors.New("the bundle's weights file is missing")

// Open reads DIR/gpufn-bundle.json and checks that every file it names exists.
func Open(dir string) (*Bundle, error) {
	b := &Bundle{Dir: dir}
	data, err := os.ReadFile(filepath.Join(dir, "gpufn-bundle.json"))
	if err == nil {
		err = json.Unmarshal(data, &b.Manifest)
	}
	if err != nil {
		return nil, fmt.Errorf("reading the bundle's manifest: %w", err)
	}
	if b.Version != 1 || b.Function == "" || b.Config == "" {
		return nil, fmt.Errorf("%s/gpufn-bundle.json: not a version 1 bundle with a function and a config", dir)
	}
	files := []string{b.Config}
	for _, name := range b.LibraryNames() {
		files = append(files, b.Libraries[name])
	}
	if r := b.Manifest.Reference; r != nil {
		files = append(files, r.Inputs, r.Outputs)
	}
	for _, v := range b.Variants {
		if v.Function == "" || v.Config == "" {
			return nil, fmt.Errorf("%s/gpufn-bundle.json: a variant without a function or a config", dir)
		}
		files = append(files, v.Config)
	}
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return nil, fmt.Errorf("bundle %s: %w", dir, err)
		}
	}
	if b.Weights != nil {
		if _, err := os.Stat(filepath.Join(dir, b.Weights.File)); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("bundle %s: %w: %s is not there (example bundles do not commit their weights: "+
				"regenerate them from the seed with the weight script, scripts/model-weights.sh; docs/export.md)", dir, ErrNoWeights, filepath.Join(dir, b.Weights.File))
		} else if err != nil {
			return nil, fmt.Errorf("bundle %s: %w", dir, err)
		}
	}
	return b, nil
}

// LibraryNames are the names of the bundle's libraries, sorted.
func (b *Bundle) LibraryNames() []string {
	names := make([]string, 0, len(b.Libraries))
	for name := range b.Libraries {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// File reads a file of the bundle by its path in the manifest.
func (b *Bundle) File(name string) ([]byte, error) {
	return os.ReadFile(filepath.Join(b.Dir, name))
}

// Put is how Deploy sends a request: PUT path with the body, an error unless the server
// answered 2xx.
type Put func(path, contentType string, body []byte) error

// Deploy uploads every library of the bundle (sorted by name), its weight set, its batch
// variants (in the manifest's order), then its function, under the names the manifest gives
// them, through put.
func (b *Bundle) Deploy(put Put) error {
	send := func(path, ctype, file string) error {
		data, err := b.File(file)
		if err != nil {
			return err
		}
		if err := put(path, ctype, data); err != nil {
			return fmt.Errorf("PUT %s: %w", path, err)
		}
		return nil
	}
	for _, lib := range b.LibraryNames() {
		if err := send("/v1/libraries/"+lib, "application/octet-stream", b.Libraries[lib]); err != nil {
			return err
		}
	}
	if b.Weights != nil {
		if err := send("/v1/weights/"+b.Weights.Name, "application/octet-stream", b.Weights.File); err != nil {
			return err
		}
	}
	for _, v := range b.Variants {
		if err := send("/v1/functions/"+v.Function, "application/json", v.Config); err != nil {
			return err
		}
	}
	return send("/v1/functions/"+b.Function, "application/json", b.Config)
}

// WithWeightSet returns a function config with its weight_set set to name and without a
// batching declaration (its variants are bound to the original set, so the server would refuse
// it on another); every other field as it was.
func WithWeightSet(config []byte, name string) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(config, &m); err != nil {
		return nil, fmt.Errorf("the bundle's config: %w", err)
	}
	v, _ := json.Marshal(name)
	m["weight_set"] = v
	delete(m, "batching")
	return json.Marshal(m)
}

// Tensor is a named tensor of a reference file.
type Tensor struct {
	Name  string
	DType string
	Data  []byte
}

// ReadTensors reads a safetensors file as its tensors, in the order of their data.
func ReadTensors(path string) ([]Tensor, error) {
	file, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	h, err := weights.Parse(file)
	if err != nil {
		return nil, err
	}
	out := make([]Tensor, 0, len(h.Tensors))
	for _, t := range h.Tensors {
		out = append(out, Tensor{Name: t.Name, DType: string(t.DType), Data: file[h.DataOffset+t.Begin : h.DataOffset+t.End]})
	}
	return out, nil
}

// Reference reads the bundle's reference inputs and outputs (an error when it has none).
func (b *Bundle) Reference() (inputs, outputs []Tensor, err error) {
	if b.Manifest.Reference == nil {
		return nil, nil, fmt.Errorf("bundle %s has no reference inputs and outputs", b.Dir)
	}
	if inputs, err = ReadTensors(filepath.Join(b.Dir, b.Manifest.Reference.Inputs)); err != nil {
		return nil, nil, fmt.Errorf("reference inputs: %w", err)
	}
	if outputs, err = ReadTensors(filepath.Join(b.Dir, b.Manifest.Reference.Outputs)); err != nil {
		return nil, nil, fmt.Errorf("reference outputs: %w", err)
	}
	return inputs, outputs, nil
}

// RequestBody is the body of an invocation with these inputs: what gpufn's invoke route takes
// as application/msgpack, a map from each input's name to its bytes.
func RequestBody(inputs []Tensor) ([]byte, error) {
	m := make(map[string][]byte, len(inputs))
	for _, t := range inputs {
		m[t.Name] = t.Data
	}
	return msgpack.Marshal(m)
}

// CheckAnswer compares a msgpack answer (a map from output names to bytes) with the reference
// outputs, each within its dtype's bound (CompareTensor).
func CheckAnswer(answer []byte, want []Tensor) error {
	var got map[string][]byte
	if err := msgpack.Unmarshal(answer, &got); err != nil {
		return fmt.Errorf("the answer: %w", err)
	}
	for _, t := range want {
		g, ok := got[t.Name]
		if !ok {
			return fmt.Errorf("output %s: not in the answer", t.Name)
		}
		if err := CompareTensor(t.DType, g, t.Data); err != nil {
			return fmt.Errorf("output %s: %w", t.Name, err)
		}
	}
	return nil
}

// WeightsCopy returns a weight set file with the same tensors as file, in the same order,
// and metadata added to its own (the copy's content, and so its SHA-256, differs from the
// original's; its tensors' bytes do not), and the size of its data.
func WeightsCopy(file []byte, metadata map[string]string) ([]byte, int64, error) {
	h, err := weights.Parse(file)
	if err != nil {
		return nil, 0, err
	}
	data := make([][]byte, len(h.Tensors))
	for i, t := range h.Tensors {
		data[i] = file[h.DataOffset+t.Begin : h.DataOffset+t.End]
	}
	meta := map[string]string{}
	for k, v := range h.Metadata {
		meta[k] = v
	}
	for k, v := range metadata {
		meta[k] = v
	}
	out, err := weights.Encode(h.Tensors, data, meta)
	return out, int64(h.DataBytes), err
}
