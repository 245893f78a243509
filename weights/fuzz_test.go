package weights

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
)

// FuzzParse: Parse never panics, every error is ErrInvalid, and what it accepts is what the
// documented rules say: the ranges tile the data exactly and each matches its shape.
func FuzzParse(f *testing.F) {
	good, _ := Encode([]Tensor{{Name: "w", DType: "F32", Shape: []uint64{2, 2}}, {Name: "b", DType: "U8", Shape: []uint64{3}}}, [][]byte{make([]byte, 16), {1, 2, 3}}, map[string]string{"a": "b"})
	f.Add(good)
	f.Add(file(`{}`, nil))
	f.Add(file(`{"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}}  `, []byte{1}))
	f.Add(file(`{"a":{"dtype":"U8","shape":[2],"data_offsets":[0,2]},"b":{"dtype":"U8","shape":[1],"data_offsets":[1,2]}}`, []byte{1, 2}))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := Parse(data)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("an error that is not ErrInvalid: %v", err)
			}
			return
		}
		if h.DataOffset+h.DataBytes != uint64(len(data)) || h.DataOffset != 8+binary.LittleEndian.Uint64(data) {
			t.Fatalf("offsets %d+%d for a file of %d bytes", h.DataOffset, h.DataBytes, len(data))
		}
		var at uint64
		for _, tn := range h.Tensors {
			n, ok := byteSize(tn.Shape, tn.DType.Size())
			if tn.Begin != at || !ok || n != tn.Bytes() || tn.DType.Size() == 0 {
				t.Fatalf("accepted tensor %+v at %d", tn, at)
			}
			at = tn.End
		}
		if at != h.DataBytes {
			t.Fatalf("tensors end at %d of %d bytes", at, h.DataBytes)
		}
		// Re-encoding what was read gives a file that parses to the same tensors.
		var datas [][]byte
		for _, tn := range h.Tensors {
			datas = append(datas, data[h.DataOffset+tn.Begin:h.DataOffset+tn.End])
		}
		again, err := Encode(h.Tensors, datas, h.Metadata)
		if err != nil {
			t.Fatal(err)
		}
		h2, err := Parse(again)
		if err != nil || len(h2.Tensors) != len(h.Tensors) || !bytes.Equal(again[h2.DataOffset:], data[h.DataOffset:]) {
			t.Fatalf("re-encoded: %v", err)
		}
	})
}
