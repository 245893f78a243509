package msgpack

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// ErrNotMap is returned for a body that is not a msgpack map of str to bin.
var ErrNotMap = errors.New("not a msgpack map of names to bytes")

// Field is one entry of an invoke body.
type Field struct {
	Name  string
	Value []byte
}

// AppendMap appends the msgpack encoding of the map {Name: Value} to dst, in the
// order given (map32, str and bin headers sized to fit).
func AppendMap(dst []byte, fields ...Field) []byte {
	n := len(fields)
	switch {
	case n <= 15:
		dst = append(dst, 0x80|byte(n))
	case n <= 0xffff:
		dst = append(dst, 0xde, byte(n>>8), byte(n))
	default:
		dst = append(dst, 0xdf)
		dst = binary.BigEndian.AppendUint32(dst, uint32(n))
	}
	for _, f := range fields {
		dst = appendStr(dst, f.Name)
		dst = appendBin(dst, f.Value)
	}
	return dst
}

func appendStr(dst []byte, s string) []byte {
	n := len(s)
	switch {
	case n <= 31:
		dst = append(dst, 0xa0|byte(n))
	case n <= 0xff:
		dst = append(dst, 0xd9, byte(n))
	case n <= 0xffff:
		dst = append(dst, 0xda, byte(n>>8), byte(n))
	default:
		dst = append(dst, 0xdb)
		dst = binary.BigEndian.AppendUint32(dst, uint32(n))
	}
	return append(dst, s...)
}

func appendBin(dst, b []byte) []byte {
	n := len(b)
	switch {
	case n <= 0xff:
		dst = append(dst, 0xc4, byte(n))
	case n <= 0xffff:
		dst = append(dst, 0xc5, byte(n>>8), byte(n))
	default:
		dst = append(dst, 0xc6)
		dst = binary.BigEndian.AppendUint32(dst, uint32(n))
	}
	return append(dst, b...)
}

// Each calls fn for every entry of a msgpack map of str to bin (or str) values, in
// order; the slices point into body. It stops at the first error of fn.
func Each(body []byte, fn func(name, value []byte) error) error {
	n, rest, err := mapHeader(body)
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		var k, v []byte
		if k, rest, err = readStrOrBin(rest); err != nil {
			return fmt.Errorf("%w: key %d: %v", ErrNotMap, i, err)
		}
		if v, rest, err = readStrOrBin(rest); err != nil {
			return fmt.Errorf("%w: value of %q: %v", ErrNotMap, k, err)
		}
		if err := fn(k, v); err != nil {
			return err
		}
	}
	if len(rest) != 0 {
		return fmt.Errorf("%w: %d bytes after the map", ErrNotMap, len(rest))
	}
	return nil
}

// Lookup returns the value of key name in a msgpack map of str to bin; the slice points
// into body.
func Lookup(body []byte, name string) ([]byte, error) {
	var found []byte
	ok := false
	err := Each(body, func(k, v []byte) error {
		if !ok && string(k) == name {
			found, ok = v, true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("the answer has no output %q", name)
	}
	return found, nil
}

func mapHeader(b []byte) (int, []byte, error) {
	if len(b) == 0 {
		return 0, nil, fmt.Errorf("%w: empty body", ErrNotMap)
	}
	switch c := b[0]; {
	case c&0xf0 == 0x80:
		return int(c & 0x0f), b[1:], nil
	case c == 0xde && len(b) >= 3:
		return int(binary.BigEndian.Uint16(b[1:])), b[3:], nil
	case c == 0xdf && len(b) >= 5:
		n := binary.BigEndian.Uint32(b[1:])
		if uint64(n) > uint64(len(b)) { // each entry takes at least 2 bytes
			return 0, nil, fmt.Errorf("%w: map of %d entries in %d bytes", ErrNotMap, n, len(b))
		}
		return int(n), b[5:], nil
	}
	return 0, nil, fmt.Errorf("%w: first byte %#x", ErrNotMap, b[0])
}

func readStrOrBin(b []byte) ([]byte, []byte, error) {
	if len(b) == 0 {
		return nil, nil, errors.New("truncated")
	}
	var n uint64
	var h int
	switch c := b[0]; {
	case c&0xe0 == 0xa0:
		n, h = uint64(c&0x1f), 1
	case (c == 0xd9 || c == 0xc4) && len(b) >= 2:
		n, h = uint64(b[1]), 2
	case (c == 0xda || c == 0xc5) && len(b) >= 3:
		n, h = uint64(binary.BigEndian.Uint16(b[1:])), 3
	case (c == 0xdb || c == 0xc6) && len(b) >= 5:
		n, h = uint64(binary.BigEndian.Uint32(b[1:])), 5
	default:
		return nil, nil, fmt.Errorf("type byte %#x is not str or bin", c)
	}
	if uint64(len(b)-h) < n {
		return nil, nil, fmt.Errorf("%d bytes announced, %d left", n, len(b)-h)
	}
	return b[h : h+int(n)], b[h+int(n):], nil
}
