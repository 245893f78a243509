package frontend

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The invoke bodies are msgpack maps of names to byte strings. They are decoded in place (the
// inputs are slices of the request body) and encoded straight into the response buffer: no
// reflection, no allocation.

var errMsgpack = errors.New("malformed msgpack")

// mapReader walks a msgpack map of string keys to binary (or string) values.
type mapReader struct {
	b   []byte
	n   int // entries left
	err error
}

// newMapReader checks the map header of b.
func newMapReader(b []byte) (mapReader, error) {
	if len(b) == 0 {
		return mapReader{}, fmt.Errorf("%w: empty body", errMsgpack)
	}
	c := b[0]
	var n, h int
	switch {
	case c&0xf0 == 0x80:
		n, h = int(c&0x0f), 1
	case c == 0xde && len(b) >= 3:
		n, h = int(binary.BigEndian.Uint16(b[1:])), 3
	case c == 0xdf && len(b) >= 5:
		n, h = int(binary.BigEndian.Uint32(b[1:])), 5
	default:
		return mapReader{}, fmt.Errorf("%w: the body is not a msgpack map (first byte 0x%02x)", errMsgpack, c)
	}
	if n > len(b) { // every entry takes at least 2 bytes; a lying count stops here
		return mapReader{}, fmt.Errorf("%w: a map of %d entries in %d bytes", errMsgpack, n, len(b))
	}
	return mapReader{b: b[h:], n: n}, nil
}

// next returns the next key and value; ok is false at the end or on error (see err).
func (r *mapReader) next() (key, val []byte, ok bool) {
	if r.n == 0 || r.err != nil {
		if r.err == nil && len(r.b) != 0 {
			r.err = fmt.Errorf("%w: %d bytes after the map", errMsgpack, len(r.b))
		}
		return nil, nil, false
	}
	r.n--
	if key, r.err = r.raw(true); r.err != nil {
		return nil, nil, false
	}
	if val, r.err = r.raw(false); r.err != nil {
		return nil, nil, false
	}
	return key, val, true
}

// raw reads one str (keys) or bin/str (values) and returns its bytes.
func (r *mapReader) raw(key bool) ([]byte, error) {
	b := r.b
	if len(b) == 0 {
		return nil, fmt.Errorf("%w: truncated", errMsgpack)
	}
	c := b[0]
	var n, h int
	switch {
	case c&0xe0 == 0xa0: // fixstr
		n, h = int(c&0x1f), 1
	case c == 0xd9 || (!key && c == 0xc4): // str8, bin8
		if len(b) < 2 {
			return nil, fmt.Errorf("%w: truncated", errMsgpack)
		}
		n, h = int(b[1]), 2
	case c == 0xda || (!key && c == 0xc5): // str16, bin16
		if len(b) < 3 {
			return nil, fmt.Errorf("%w: truncated", errMsgpack)
		}
		n, h = int(binary.BigEndian.Uint16(b[1:])), 3
	case c == 0xdb || (!key && c == 0xc6): // str32, bin32
		if len(b) < 5 {
			return nil, fmt.Errorf("%w: truncated", errMsgpack)
		}
		n, h = int(binary.BigEndian.Uint32(b[1:])), 5
	default:
		if key {
			return nil, fmt.Errorf("%w: a map key is not a string (byte 0x%02x)", errMsgpack, c)
		}
		return nil, fmt.Errorf("%w: an input value is not binary data (byte 0x%02x); send bin", errMsgpack, c)
	}
	if n < 0 || n > len(b)-h {
		return nil, fmt.Errorf("%w: a value of %d bytes with %d left", errMsgpack, n, len(b)-h)
	}
	r.b = b[h+n:]
	return b[h : h+n : h+n], nil
}

func appendMapHeader(b []byte, n int) []byte {
	switch {
	case n < 16:
		return append(b, 0x80|byte(n))
	case n <= 0xffff:
		return append(b, 0xde, byte(n>>8), byte(n))
	}
	return append(b, 0xdf, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
}

func appendStr(b []byte, s string) []byte {
	n := len(s)
	switch {
	case n < 32:
		b = append(b, 0xa0|byte(n))
	case n <= 0xff:
		b = append(b, 0xd9, byte(n))
	case n <= 0xffff:
		b = append(b, 0xda, byte(n>>8), byte(n))
	default:
		b = append(b, 0xdb, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
	}
	return append(b, s...)
}

func appendBinHeader(b []byte, n int) []byte {
	switch {
	case n <= 0xff:
		return append(b, 0xc4, byte(n))
	case n <= 0xffff:
		return append(b, 0xc5, byte(n>>8), byte(n))
	}
	return append(b, 0xc6, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
}
