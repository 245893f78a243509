package frontend

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"gpufn/call"
)

func TestMapReaderRoundTrip(t *testing.T) {
	in := map[string][]byte{"cfg": {1, 2, 3}, "A": bytes.Repeat([]byte{7}, 70000), "empty": {}}
	body, _ := msgpack.Marshal(in)
	inv := call.Acquire()
	defer call.Release(inv)
	if msg := decodeInputs(inv, body, []string{"A", "cfg", "empty"}); msg != "" {
		t.Fatal(msg)
	}
	if len(inv.Inputs[0]) != 70000 || !bytes.Equal(inv.Inputs[1], []byte{1, 2, 3}) || inv.Inputs[2] == nil || len(inv.Inputs[2]) != 0 {
		t.Fatalf("inputs %d %v %v", len(inv.Inputs[0]), inv.Inputs[1], inv.Inputs[2])
	}
	// Decoded in place: no copy of the body.
	if &inv.Inputs[0][0] != &body[bytes.Index(body, bytes.Repeat([]byte{7}, 16))] {
		t.Fatal("input A was copied")
	}
}

func TestDecodeInputsErrors(t *testing.T) {
	enc := func(v any) []byte { b, _ := msgpack.Marshal(v); return b }
	cases := map[string]struct {
		body []byte
		want string
	}{
		"not a map":     {enc([]int{1}), "not a msgpack map"},
		"empty":         {nil, "empty body"},
		"unknown input": {enc(map[string][]byte{"x": {1}, "a": {1}}), `no input "x"`},
		"missing input": {enc(map[string][]byte{"a": {1}}), `missing input "b"`},
		"int value":     {enc(map[string]int{"a": 1}), "not binary data"},
		"int key":       {enc(map[int][]byte{1: {1}}), "key is not a string"},
		"truncated":     {enc(map[string][]byte{"a": {1, 2, 3}, "b": {4}})[:8], "truncated"},
		"trailing":      {append(enc(map[string][]byte{"a": {1}, "b": {2}}), 0xc0), "after the map"},
		"lying count":   {[]byte{0xdf, 0xff, 0xff, 0xff, 0xff}, "entries in"},
		"lying length":  {[]byte{0x81, 0xa1, 'a', 0xc6, 0x7f, 0xff, 0xff, 0xff, 1}, "bytes with"},
		"duplicate":     {[]byte{0x83, 0xa1, 'a', 0xc4, 1, 1, 0xa1, 'a', 0xc4, 1, 2, 0xa1, 'b', 0xc4, 0}, "given twice"},
	}
	for name, c := range cases {
		inv := call.Acquire()
		msg := decodeInputs(inv, c.body, []string{"a", "b"})
		call.Release(inv)
		if !strings.Contains(msg, c.want) {
			t.Errorf("%s: message %q, want it to contain %q", name, msg, c.want)
		}
	}
}

func TestEncodeOutputs(t *testing.T) {
	for _, n := range []int{0, 5, 255, 256, 65535, 65536} {
		b := appendMapHeader(nil, 1)
		b = appendStr(b, strings.Repeat("k", n%300+1))
		b = appendBinHeader(b, n)
		b = append(b, bytes.Repeat([]byte{3}, n)...)
		var m map[string][]byte
		if err := msgpack.Unmarshal(b, &m); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if v := m[strings.Repeat("k", n%300+1)]; len(v) != n {
			t.Fatalf("n=%d: got %d bytes", n, len(v))
		}
	}
	var m map[string][]byte
	b := appendMapHeader(nil, 20)
	for i := 0; i < 20; i++ {
		b = appendStr(b, string(rune('a'+i)))
		b = appendBinHeader(b, 0)
	}
	if err := msgpack.Unmarshal(b, &m); err != nil || len(m) != 20 {
		t.Fatalf("map16: %v %d", err, len(m))
	}
}

// FuzzInvokeBody decodes arbitrary bodies: errors are fine, panics are not, and whatever is
// accepted must lie inside the body.
func FuzzInvokeBody(f *testing.F) {
	seed, _ := msgpack.Marshal(map[string][]byte{"cfg": {1}, "A": {2, 3}})
	f.Add(seed)
	f.Add([]byte{0x81, 0xa3, 'c', 'f', 'g', 0xc4, 0})
	f.Add([]byte{0xde, 0, 2})
	f.Fuzz(func(t *testing.T, body []byte) {
		inv := call.Acquire()
		defer call.Release(inv)
		if msg := decodeInputs(inv, body, []string{"cfg", "A"}); msg == "" {
			total := 0
			for _, in := range inv.Inputs {
				total += len(in)
			}
			if total > len(body) {
				t.Fatalf("inputs of %d bytes from a body of %d", total, len(body))
			}
		}
	})
}

// A duplicate input is refused wherever it is in the function's inputs: beyond the 64th (it
// was detected only among the first 64) and beyond the 256 kept on the stack.
func TestDuplicateInputBeyond64(t *testing.T) {
	var names []string
	for i := 0; i < 300; i++ {
		names = append(names, "in"+strconv.Itoa(i))
	}
	body := func(keys ...string) []byte {
		b := appendMapHeader(nil, len(keys))
		for _, k := range keys {
			b = appendStr(b, k)
			b = appendBinHeader(b, 1)
			b = append(b, 'x')
		}
		return b
	}
	inv := call.Acquire()
	defer call.Release(inv)
	if msg := decodeInputs(inv, body(names...), names); msg != "" {
		t.Fatalf("every input once: %s", msg)
	}
	for _, dup := range []string{"in3", "in64", "in100", "in255", "in256", "in299"} {
		if msg := decodeInputs(inv, body(append(append([]string(nil), names...), dup)...), names); !strings.Contains(msg, strconv.Quote(dup)+" is given twice") {
			t.Errorf("%s twice: %q", dup, msg)
		}
	}
	for _, missing := range []int{70, 280} {
		keys := append(append([]string(nil), names[:missing]...), names[missing+1:]...)
		if msg := decodeInputs(inv, body(keys...), names); !strings.Contains(msg, "missing input "+strconv.Quote(names[missing])) {
			t.Errorf("without %s: %q", names[missing], msg)
		}
	}
}
