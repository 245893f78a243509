package weights

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// file builds a safetensors file from a literal header and data.
func file(header string, data []byte) []byte {
	out := binary.LittleEndian.AppendUint64(nil, uint64(len(header)))
	return append(append(out, header...), data...)
}

func TestParseValid(t *testing.T) {
	w := bytes.Repeat([]byte{1}, 24)
	b := bytes.Repeat([]byte{2}, 4)
	f, err := Encode([]Tensor{{Name: "w", DType: "F32", Shape: []uint64{2, 3}}, {Name: "b", DType: "BF16", Shape: []uint64{2}}}, [][]byte{w, b}, map[string]string{"format": "pt"})
	if err != nil {
		t.Fatal(err)
	}
	h, err := Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Tensors) != 2 || h.Metadata["format"] != "pt" || h.DataBytes != 28 {
		t.Fatalf("header %+v", h)
	}
	tw, ok := h.Tensor("w")
	if !ok || tw.Begin != 0 || tw.End != 24 || tw.DType != "F32" || tw.Bytes() != 24 {
		t.Fatalf("w: %+v %v", tw, ok)
	}
	tb, _ := h.Tensor("b")
	if got := f[h.DataOffset+tb.Begin : h.DataOffset+tb.End]; !bytes.Equal(got, b) {
		t.Fatalf("b's bytes %v", got)
	}
	if _, ok := h.Tensor("nope"); ok {
		t.Fatal("found a tensor that is not there")
	}
}

func TestParseEdges(t *testing.T) {
	// A scalar (shape []) is one element; a zero-sized tensor takes no bytes; the header may
	// be padded with spaces; an empty set is a valid file; tensors may be listed out of order.
	for name, f := range map[string][]byte{
		"scalar":       file(`{"s":{"dtype":"I64","shape":[],"data_offsets":[0,8]}}`, make([]byte, 8)),
		"zero-sized":   file(`{"z":{"dtype":"F16","shape":[0,5],"data_offsets":[0,0]},"a":{"dtype":"U8","shape":[3],"data_offsets":[0,3]}}`, make([]byte, 3)),
		"padded":       file(`{"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}}    `, []byte{7}),
		"empty":        file(`{}`, nil),
		"out of order": file(`{"b":{"dtype":"U8","shape":[1],"data_offsets":[1,2]},"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}}`, []byte{1, 2}),
		"metadata":     file(`{"__metadata__":{"k":"v"}}`, nil),
	} {
		h, err := Parse(f)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if name == "out of order" && (h.Tensors[0].Name != "a" || h.Tensors[1].Name != "b") {
			t.Errorf("tensors not sorted by range: %+v", h.Tensors)
		}
	}
}

func TestParseInvalid(t *testing.T) {
	u8 := func(name string, b, e int) string {
		return `"` + name + `":{"dtype":"U8","shape":[` + itoa(e-b) + `],"data_offsets":[` + itoa(b) + `,` + itoa(e) + `]}`
	}
	cases := []struct {
		name, want string
		file       []byte
	}{
		{"short", "shorter than the 8-byte", []byte{1, 2, 3}},
		{"header length 1", "at least", file("{", nil)},
		{"header past the file", "only", append(binary.LittleEndian.AppendUint64(nil, 100), "{}"...)},
		{"header too long", "the limit", binary.LittleEndian.AppendUint64(nil, MaxHeaderBytes+1)},
		{"not an object", "begin with '{'", file(`[1]`, nil)},
		{"not JSON", "tensor \"a\"", file(`{"a":`, nil)},
		{"a truncated object", "the header", file(`{"a":{"dtype":"U8","shape":[0],"data_offsets":[0,0]}`, nil)},
		{"trailing garbage in the header", "not spaces", file(`{} x`, nil)},
		{"two objects", "not spaces", file(`{}{}`, nil)},
		{"not UTF-8", "UTF-8", file("{\"\xff\":1}", nil)},
		{"a duplicate name", "twice", file(`{`+u8("a", 0, 1)+`,`+u8("a", 0, 1)+`}`, []byte{1})},
		{"an unknown dtype", "unknown dtype", file(`{"a":{"dtype":"F33","shape":[1],"data_offsets":[0,4]}}`, make([]byte, 4))},
		{"a sub-byte dtype", "less than a byte", file(`{"a":{"dtype":"F4","shape":[2],"data_offsets":[0,1]}}`, make([]byte, 1))},
		{"an unknown field", "unknown field", file(`{"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1],"x":1}}`, []byte{1})},
		{"a missing field", "needs", file(`{"a":{"dtype":"U8","shape":[1]}}`, nil)},
		{"a negative dimension", "tensor \"a\"", file(`{"a":{"dtype":"U8","shape":[-1],"data_offsets":[0,1]}}`, []byte{1})},
		{"a fractional dimension", "tensor \"a\"", file(`{"a":{"dtype":"U8","shape":[1.5],"data_offsets":[0,1]}}`, []byte{1})},
		{"three offsets", "[begin, end]", file(`{"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1,2]}}`, []byte{1})},
		{"reversed offsets", "end before", file(`{"a":{"dtype":"U8","shape":[0],"data_offsets":[1,0]}}`, []byte{1})},
		{"shape times dtype is not the range", "hold", file(`{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,4]}}`, make([]byte, 4))},
		{"an overflowing shape", "overflows", file(`{"a":{"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,4]}}`, make([]byte, 4))},
		{"overlapping ranges", "overlaps", file(`{`+u8("a", 0, 2)+`,`+u8("b", 1, 3)+`}`, make([]byte, 3))},
		{"a gap", "a gap", file(`{`+u8("a", 0, 1)+`,`+u8("b", 2, 3)+`}`, make([]byte, 3))},
		{"a range past the end", "past the end", file(`{`+u8("a", 0, 4)+`}`, make([]byte, 3))},
		{"trailing data", "belong to no tensor", file(`{`+u8("a", 0, 1)+`}`, make([]byte, 2))},
		{"data but no tensor", "belong to no tensor", file(`{}`, make([]byte, 2))},
		{"an empty name", "a name is", file(`{`+u8("", 0, 1)+`}`, []byte{1})},
		{"bad metadata", "__metadata__", file(`{"__metadata__":{"k":1}}`, nil)},
		{"too many dimensions", "dimensions", file(`{"a":{"dtype":"U8","shape":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1],"data_offsets":[0,1]}}`, []byte{1})},
	}
	for _, c := range cases {
		_, err := Parse(c.file)
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want ErrInvalid saying %q", c.name, err, c.want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
