package worker

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// TestCheckMsgpack: every kind of head the protocol uses, each cut short, claiming too much,
// and the limits on nesting and trailing bytes.
func TestCheckMsgpack(t *testing.T) {
	nest := func(depth int) []byte { return append(bytes.Repeat([]byte{0x91}, depth), 0xc0) }
	tests := []struct {
		name string
		b    []byte
		err  string // "" for none, "EOF" for io.ErrUnexpectedEOF, else a part of the message
	}{
		{"positive fixint", []byte{0x05}, ""},
		{"negative fixint", []byte{0xff}, ""},
		{"nil, false, true", []byte{0x93, 0xc0, 0xc2, 0xc3}, ""},
		{"uint8, int8", []byte{0x92, 0xcc, 1, 0xd0, 2}, ""},
		{"uint16, int16", []byte{0x92, 0xcd, 1, 2, 0xd1, 1, 2}, ""},
		{"float32, uint32, int32", []byte{0x93, 0xca, 1, 2, 3, 4, 0xce, 1, 2, 3, 4, 0xd2, 1, 2, 3, 4}, ""},
		{"float64, uint64, int64", []byte{0x93, 0xcb, 1, 2, 3, 4, 5, 6, 7, 8, 0xcf, 1, 2, 3, 4, 5, 6, 7, 8, 0xd3, 1, 2, 3, 4, 5, 6, 7, 8}, ""},
		{"uint64 cut short", []byte{0xcf, 1, 2, 3}, "EOF"},
		{"fixstr", []byte{0xa3, 'a', 'b', 'c'}, ""},
		{"empty fixstr", []byte{0xa0}, ""},
		{"fixstr cut short", []byte{0xa3, 'a'}, "EOF"},
		{"str8 and bin8", []byte{0x92, 0xd9, 2, 'a', 'b', 0xc4, 1, 9}, ""},
		{"str16 and bin16", []byte{0x92, 0xda, 0, 1, 'a', 0xc5, 0, 0}, ""},
		{"str32 and bin32", []byte{0x92, 0xdb, 0, 0, 0, 1, 'a', 0xc6, 0, 0, 0, 1, 9}, ""},
		{"bin8 without its length", []byte{0xc4}, "EOF"},
		{"bin16 claiming more than the frame", []byte{0xc5, 0xff, 0xff, 1}, "a length of 65535 with 4 bytes left"},
		{"bin8 cut short", []byte{0xc4, 3, 1, 2}, "EOF"},
		{"fixmap", []byte{0x81, 0xa1, 'k', 0x01}, ""},
		{"fixmap without its value", []byte{0x81, 0xa1, 'k'}, "EOF"},
		{"array16 and map16", []byte{0x92, 0xdc, 0, 1, 0xc0, 0xde, 0, 1, 0x01, 0x02}, ""},
		{"array32 and map32", []byte{0x92, 0xdd, 0, 0, 0, 1, 0xc0, 0xdf, 0, 0, 0, 1, 0x01, 0x02}, ""},
		{"array32 claiming more than the frame", []byte{0xdd, 0, 1, 0, 0}, "a length of 65536 with 5 bytes left"},
		{"map16 without its length", []byte{0xde, 0}, "EOF"},
		{"empty", nil, "EOF"},
		{"an extension", []byte{0xd4, 1, 2}, "msgpack code 0xd4 is not used by the protocol"},
		{"the unused code", []byte{0xc1}, "msgpack code 0xc1 is not used by the protocol"},
		{"nested 16 deep", nest(16), ""},
		{"nested 17 deep", nest(17), "nested too deep"},
		{"bytes after the message", []byte{0xc0, 0xc0}, "1 bytes after the message"},
	}
	for _, tc := range tests {
		err := checkMsgpack(tc.b, 0)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.err == "EOF" && !errors.Is(err, io.ErrUnexpectedEOF):
			t.Errorf("%s: error %v, want %v", tc.name, err, io.ErrUnexpectedEOF)
		case tc.err != "" && tc.err != "EOF" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.err)
		}
	}
}

// TestCheckMsgpackAcceptsMessages: what the encoder writes for the protocol's messages passes.
func TestCheckMsgpackAcceptsMessages(t *testing.T) {
	for _, v := range []any{
		Hello{Version: Version, PID: 7, Kernels: []string{"a", "b"}},
		map[string]any{"s": strings.Repeat("x", 300), "b": bytes.Repeat([]byte{1}, 70000), "n": -1 << 40, "f": 0.5, "l": make([]int, 20)},
	} {
		b, err := msgpack.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkMsgpack(b, 0); err != nil {
			t.Errorf("%T: %v", v, err)
		}
	}
}
