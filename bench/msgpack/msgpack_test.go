package msgpack

import (
	"bytes"
	"strings"
	"testing"

	vmsgpack "github.com/vmihailenco/msgpack/v5"
)

func TestMsgpackRoundTrip(t *testing.T) {
	long := strings.Repeat("k", 40)
	fields := []Field{{"cfg", []byte{1, 2, 3}}, {"A", bytes.Repeat([]byte{7}, 300)}, {long, bytes.Repeat([]byte{9}, 70000)}, {"", nil}}
	b := AppendMap(nil, fields...)
	// A reference decoder reads it as a map of str to bin.
	var m map[string][]byte
	if err := vmsgpack.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if len(m) != 4 || !bytes.Equal(m["A"], fields[1].Value) || len(m[long]) != 70000 || len(m[""]) != 0 {
		t.Fatalf("reference decoder read %d entries", len(m))
	}
	i := 0
	err := Each(b, func(k, v []byte) error {
		if string(k) != fields[i].Name || !bytes.Equal(v, fields[i].Value) {
			t.Errorf("entry %d: %q (%d bytes)", i, k, len(v))
		}
		i++
		return nil
	})
	if err != nil || i != 4 {
		t.Fatalf("each: %v after %d", err, i)
	}
	// What a reference encoder writes (str keys, bin values) reads back too.
	ref, _ := vmsgpack.Marshal(map[string][]byte{"D": {1, 2}})
	if v, err := Lookup(ref, "D"); err != nil || !bytes.Equal(v, []byte{1, 2}) {
		t.Fatalf("field of a reference encoding: %v %v", v, err)
	}
	many := make([]Field, 20)
	for i := range many {
		many[i] = Field{Name: string(rune('a' + i)), Value: []byte{byte(i)}}
	}
	if v, err := Lookup(AppendMap(nil, many...), "t"); err != nil || v[0] != 19 {
		t.Fatalf("map16: %v %v", v, err)
	}
}

func TestMsgpackErrors(t *testing.T) {
	good := AppendMap(nil, Field{"B", []byte("xyz")})
	for name, b := range map[string][]byte{
		"empty":     nil,
		"not a map": {0xc4, 1, 0},
		"truncated": good[:len(good)-1],
		"trailing":  append(append([]byte{}, good...), 0),
		"int value": {0x81, 0xa1, 'B', 0x05},
		"huge map":  {0xdf, 0xff, 0xff, 0xff, 0xff},
	} {
		if _, err := Lookup(b, "B"); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := Lookup(good, "C"); err == nil || !strings.Contains(err.Error(), `no output "C"`) {
		t.Errorf("missing field: %v", err)
	}
}
