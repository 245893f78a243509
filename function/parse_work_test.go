package function

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// manyKeys returns a config whose object at where ("root", "buffers" or "launch") has n keys
// besides its own.
func manyKeys(where string, n int) []byte {
	var b strings.Builder
	keys := func(format string) {
		for i := 0; i < n; i++ {
			b.WriteString(strings.ReplaceAll(format, "N", strconv.FormatInt(int64(i), 36)))
		}
	}
	b.WriteString(`{`)
	if where == "root" {
		keys(`"N":0,`)
	}
	b.WriteString(`"module_path": "a", "kernels": ["k"], "blueprint": {"inputs": [], "buffers": {`)
	if where == "buffers" {
		keys(`"bN":{"Absolute":8},`)
	}
	b.WriteString(`"last": {"Absolute": 8}}, "outputs": [], "control_flow": [{"ExecKernel": ["k", [], {`)
	if where == "launch" {
		keys(`"fN":1,`)
	}
	b.WriteString(`"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1},
	  "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1},
	  "shared_mem_bytes": {"Absolute": 0}}]}]}}`)
	return []byte(b.String())
}

// Parsing and checking a config is linear in its keys: the key comparisons of duplicate checks
// and lookups per key stay the same from 10,000 keys in one object to 90,000 (they grew with
// the square of the keys: 108,000 keys took 30 s of CPU).
func TestParseWorkIsLinear(t *testing.T) {
	for _, where := range []string{"root", "buffers", "launch"} {
		var perKey [2]float64
		for i, n := range []int{10_000, 90_000} {
			if where == "buffers" {
				n /= 2 // a buffer and its sizing: two keys
			}
			data := manyKeys(where, n)
			_, doc, err := parse(data)
			var ve *ValidationError
			if where != "buffers" && !errors.As(err, &ve) {
				t.Fatalf("%s, %d keys: want a ValidationError for the unknown keys, got %v", where, n, err)
			}
			if where == "buffers" && err != nil {
				t.Fatalf("%s, %d keys: %v", where, n, err)
			}
			if doc == nil || doc.keys < n || doc.keys > maxKeys {
				t.Fatalf("%s, %d keys: the parser saw %+v", where, n, doc)
			}
			perKey[i] = float64(doc.compares) / float64(doc.keys)
			if perKey[i] > 16 {
				t.Fatalf("%s, %d keys: %d key comparisons, %.1f per key; a linear parser makes a few", where, n, doc.compares, perKey[i])
			}
		}
		if perKey[1] > 1.5*perKey[0] {
			t.Fatalf("%s: %.2f comparisons per key at 10,000 keys, %.2f at 90,000: the work grows faster than the keys", where, perKey[0], perKey[1])
		}
	}
}

// A config of more keys than the limit (the reproduction: 108,000 keys in 1 MiB) is refused
// with a problem naming the limit, and parsing stops at the limit.
func TestParseKeyLimit(t *testing.T) {
	data := manyKeys("root", 108_000)
	if len(data) > MaxConfigBytes {
		t.Fatalf("the reproduction is %d bytes, over the size limit", len(data))
	}
	_, doc, err := parse(data)
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 1 || !strings.Contains(ve.Problems[0].Message, "100000 object keys") {
		t.Fatalf("want one problem naming the limit of 100000 keys, got %v", err)
	}
	if doc.keys != maxKeys+1 {
		t.Fatalf("the parser read %d keys; it stops at the limit", doc.keys)
	}
	// Just below the limit it is parsed, and refused only for what is wrong in it (its
	// unknown keys).
	_, own, _ := parse(manyKeys("root", 0))
	_, doc, err = parse(manyKeys("root", maxKeys-own.keys))
	if !errors.As(err, &ve) || strings.Contains(err.Error(), "object keys") || doc.keys != maxKeys {
		t.Fatalf("a config of %d keys: %v", doc.keys, err)
	}
}
