package weights

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"
)

// Bounds on what Parse accepts; doc.go lists every check.
const (
	MaxHeaderBytes = 100 << 20 // the JSON header, as the reference implementation bounds it
	MaxTensors     = 1 << 16
	MaxNameBytes   = 1024
	MaxRank        = 16
	prefixBytes    = 8
	metadataKey    = "__metadata__"
)

// ErrInvalid is returned when a file is not a valid safetensors file; the error says why.
var ErrInvalid = errors.New("not a valid safetensors file")

// DType names a tensor's element type as the format spells it ("F32", "BF16", ...).
type DType string

// dtypeSizes are the byte-sized dtypes of the format and their sizes.
var dtypeSizes = map[DType]uint64{
	"BOOL": 1, "U8": 1, "I8": 1, "F8_E4M3": 1, "F8_E5M2": 1, "F8_E8M0": 1,
	"I16": 2, "U16": 2, "F16": 2, "BF16": 2,
	"I32": 4, "U32": 4, "F32": 4,
	"I64": 8, "U64": 8, "F64": 8, "C64": 8,
}

// Size is the dtype's element size in bytes; 0 for a dtype Parse refuses.
func (d DType) Size() uint64 { return dtypeSizes[d] }

// Tensor is one tensor of a set.
type Tensor struct {
	Name  string   `json:"name"`
	DType DType    `json:"dtype"`
	Shape []uint64 `json:"shape"`
	// Begin and End are its byte range in the data (Header.DataOffset bytes into the file).
	Begin uint64 `json:"begin"`
	End   uint64 `json:"end"`
}

// Bytes is the tensor's size in bytes.
func (t Tensor) Bytes() uint64 { return t.End - t.Begin }

// Header is a parsed and checked safetensors header.
type Header struct {
	// DataOffset is where the data begins in the file: 8 + the header's length.
	DataOffset uint64
	// DataBytes is the size of the data: the file's size less DataOffset.
	DataBytes uint64
	// Tensors are sorted by Begin (their order in the data).
	Tensors []Tensor
	// Metadata is the header's "__metadata__" (nil when absent).
	Metadata map[string]string
}

// Tensor returns the tensor of that name.
func (h *Header) Tensor(name string) (Tensor, bool) {
	for _, t := range h.Tensors {
		if t.Name == name {
			return t, true
		}
	}
	return Tensor{}, false
}

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...)
}

// Parse checks a whole safetensors file in memory and returns its header.
func Parse(file []byte) (*Header, error) {
	return ReadHeader(bytes.NewReader(file), int64(len(file)))
}

// ReadHeader reads and checks the header of a safetensors file of size bytes read through r;
// it reads the 8-byte prefix and the header only.
func ReadHeader(r io.ReaderAt, size int64) (*Header, error) {
	if size < prefixBytes {
		return nil, invalid("%d bytes: shorter than the 8-byte header length", size)
	}
	var prefix [prefixBytes]byte
	if _, err := r.ReadAt(prefix[:], 0); err != nil {
		return nil, fmt.Errorf("weights: read the header length: %w", err)
	}
	n := binary.LittleEndian.Uint64(prefix[:])
	switch {
	case n < 2:
		return nil, invalid("the header length is %d; a header is at least \"{}\"", n)
	case n > MaxHeaderBytes:
		return nil, invalid("the header length is %d bytes; the limit is %d", n, MaxHeaderBytes)
	case n > uint64(size)-prefixBytes:
		return nil, invalid("the header length is %d bytes, but the file has only %d after the length", n, uint64(size)-prefixBytes)
	}
	raw := make([]byte, n)
	if _, err := r.ReadAt(raw, prefixBytes); err != nil {
		return nil, fmt.Errorf("weights: read the header: %w", err)
	}
	h := &Header{DataOffset: prefixBytes + n, DataBytes: uint64(size) - prefixBytes - n}
	if err := h.decode(raw); err != nil {
		return nil, err
	}
	if err := h.checkRanges(); err != nil {
		return nil, err
	}
	return h, nil
}

// decode reads the JSON header into h.Tensors (unsorted, unchecked ranges) and h.Metadata.
func (h *Header) decode(raw []byte) error {
	if !utf8.Valid(raw) {
		return invalid("the header is not UTF-8")
	}
	if raw[0] != '{' {
		return invalid("the header does not begin with '{'")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil {
		return invalid("the header: %v", err)
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return invalid("the header: %v", err)
		}
		name := tok.(string) // an object's keys are strings
		if seen[name] {
			return invalid("the header names %q twice", name)
		}
		seen[name] = true
		if name == metadataKey {
			if err := dec.Decode(&h.Metadata); err != nil {
				return invalid("%s must be an object of strings: %v", metadataKey, err)
			}
			continue
		}
		if len(h.Tensors) == MaxTensors {
			return invalid("more than %d tensors", MaxTensors)
		}
		t, err := decodeTensor(dec, name)
		if err != nil {
			return err
		}
		h.Tensors = append(h.Tensors, t)
	}
	if _, err := dec.Token(); err != nil {
		return invalid("the header: %v", err)
	}
	// After the object only the format's padding, spaces, may follow.
	rest := raw[dec.InputOffset():]
	if len(bytes.Trim(rest, " ")) != 0 {
		return invalid("the header has bytes after its JSON object that are not spaces")
	}
	return nil
}

// entry is a tensor's entry in the header, as written.
type entry struct {
	DType       *string   `json:"dtype"`
	Shape       *[]uint64 `json:"shape"`
	DataOffsets *[]uint64 `json:"data_offsets"`
}

// decodeTensor decodes the entry of tensor name and checks it on its own.
func decodeTensor(dec *json.Decoder, name string) (Tensor, error) {
	if name == "" || len(name) > MaxNameBytes || strings.IndexByte(name, 0) >= 0 {
		return Tensor{}, invalid("tensor name %.40q: a name is 1 to %d bytes without NUL", name, MaxNameBytes)
	}
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return Tensor{}, invalid("tensor %q: %v", name, err)
	}
	var e entry
	ed := json.NewDecoder(bytes.NewReader(raw))
	ed.DisallowUnknownFields()
	if err := ed.Decode(&e); err != nil {
		return Tensor{}, invalid("tensor %q: %v", name, err)
	}
	if e.DType == nil || e.Shape == nil || e.DataOffsets == nil {
		return Tensor{}, invalid("tensor %q: needs \"dtype\", \"shape\" and \"data_offsets\"", name)
	}
	t := Tensor{Name: name, DType: DType(*e.DType), Shape: *e.Shape}
	size := t.DType.Size()
	switch {
	case size == 0 && (strings.HasPrefix(*e.DType, "F4") || strings.HasPrefix(*e.DType, "F6")):
		return Tensor{}, invalid("tensor %q: dtype %q packs elements into less than a byte; gpufn takes byte-sized dtypes only", name, *e.DType)
	case size == 0:
		return Tensor{}, invalid("tensor %q: unknown dtype %q", name, *e.DType)
	case len(t.Shape) > MaxRank:
		return Tensor{}, invalid("tensor %q: %d dimensions; the limit is %d", name, len(t.Shape), MaxRank)
	case len(*e.DataOffsets) != 2:
		return Tensor{}, invalid("tensor %q: data_offsets must be [begin, end]", name)
	}
	t.Begin, t.End = (*e.DataOffsets)[0], (*e.DataOffsets)[1]
	if t.End < t.Begin {
		return Tensor{}, invalid("tensor %q: data_offsets [%d, %d] end before they begin", name, t.Begin, t.End)
	}
	want, ok := byteSize(t.Shape, size)
	if !ok {
		return Tensor{}, invalid("tensor %q: shape %v overflows 64 bits of bytes", name, t.Shape)
	}
	if want != t.End-t.Begin {
		return Tensor{}, invalid("tensor %q: shape %v of %s is %d bytes, but data_offsets [%d, %d] hold %d", name, t.Shape, t.DType, want, t.Begin, t.End, t.End-t.Begin)
	}
	return t, nil
}

// byteSize is the product of shape and elem, and whether it fits 64 bits.
func byteSize(shape []uint64, elem uint64) (uint64, bool) {
	n := elem
	for _, d := range shape {
		hi, lo := bits.Mul64(n, d)
		if hi != 0 {
			return 0, false
		}
		n = lo
	}
	return n, true
}

// checkRanges sorts the tensors by their ranges and checks that they tile the data exactly.
func (h *Header) checkRanges() error {
	slices.SortFunc(h.Tensors, func(a, b Tensor) int {
		if a.Begin != b.Begin {
			return cmpU(a.Begin, b.Begin)
		}
		return cmpU(a.End, b.End)
	})
	var at uint64
	prev := ""
	for _, t := range h.Tensors {
		switch {
		case t.Begin < at:
			return invalid("tensor %q at [%d, %d] overlaps tensor %q, which ends at %d", t.Name, t.Begin, t.End, prev, at)
		case t.Begin > at:
			return invalid("a gap in the data: bytes %d to %d belong to no tensor (tensor %q begins at %d)", at, t.Begin, t.Name, t.Begin)
		}
		at, prev = t.End, t.Name
	}
	switch {
	case at > h.DataBytes:
		return invalid("tensor %q ends at %d, past the end of the data (%d bytes)", prev, at, h.DataBytes)
	case at < h.DataBytes:
		return invalid("%d bytes after the last tensor's data belong to no tensor", h.DataBytes-at)
	}
	return nil
}

func cmpU(a, b uint64) int {
	if a < b {
		return -1
	}
	return 1
}

// Encode writes a safetensors file of the tensors in the order given, each with its data, and
// metadata (may be nil). It is for tests and tools: data[i] must be tensors[i]'s bytes, and
// Begin and End are recomputed.
func Encode(tensors []Tensor, data [][]byte, metadata map[string]string) ([]byte, error) {
	if len(tensors) != len(data) {
		return nil, errors.New("weights: encode: one data slice per tensor")
	}
	hdr := map[string]any{}
	if metadata != nil {
		hdr[metadataKey] = metadata
	}
	var at uint64
	for i, t := range tensors {
		n := uint64(len(data[i]))
		shape := t.Shape
		if shape == nil {
			shape = []uint64{}
		}
		hdr[t.Name] = map[string]any{"dtype": t.DType, "shape": shape, "data_offsets": []uint64{at, at + n}}
		at += n
	}
	js, err := json.Marshal(hdr)
	if err != nil {
		return nil, fmt.Errorf("weights: encode: %w", err)
	}
	for len(js)%8 != 0 { // the reference writer aligns the data to 8 bytes with spaces
		js = append(js, ' ')
	}
	out := binary.LittleEndian.AppendUint64(nil, uint64(len(js)))
	out = append(out, js...)
	for _, d := range data {
		out = append(out, d...)
	}
	return out, nil
}
