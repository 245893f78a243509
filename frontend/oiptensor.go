package frontend

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"gpufn/function"
)

// Tensors of the Open Inference Protocol (oip.go) as a function's bytes: elements in row-major
// order, little-endian, BOOL as one byte 0 or 1, FP16 and BF16 as their 16 bits, and a BYTES
// tensor's one element as the buffer itself.

// tensorView is how a function's input or output appears as a tensor: its declaration, or
// UINT8 of a variable length.
func tensorView(cfg *function.Config, name string) (datatype string, shape []int64) {
	if cfg != nil {
		if d := cfg.Tensor(name); d != nil {
			return d.Datatype, d.Shape
		}
	}
	return "UINT8", []int64{-1}
}

// elements is the product of shape's dimensions, or an error when a dimension is negative or
// the product exceeds limit.
func elements(shape []int64, limit int64) (int64, error) {
	n := int64(1)
	for _, d := range shape {
		if d < 0 {
			return 0, errors.New("a dimension of a request's shape must not be negative (" + strconv.FormatInt(d, 10) + ")")
		}
		if d != 0 && n > limit/d {
			return 0, errors.New("the shape has more elements than the request's body could carry")
		}
		n *= d
	}
	return n, nil
}

// fitsShape checks a request's shape against a declared one (-1: any size).
func fitsShape(got, declared []int64) bool {
	if len(got) != len(declared) {
		return false
	}
	for i, d := range declared {
		if d != -1 && got[i] != d {
			return false
		}
	}
	return true
}

// decodeJSONData turns the "data" of a tensor of n elements into its bytes. Nested arrays are
// read in row-major order.
func decodeJSONData(data json.RawMessage, datatype string, n int64) ([]byte, error) {
	size, _ := function.DatatypeSize(datatype)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out []byte
	if size > 0 {
		out = make([]byte, 0, min(n*int64(size), int64(len(data))*int64(size)))
	}
	count := int64(0)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, errors.New("data: " + err.Error())
		}
		if _, ok := tok.(json.Delim); ok {
			continue
		}
		if count++; count > n {
			return nil, errors.New("data has more elements than the shape's " + strconv.FormatInt(n, 10))
		}
		if out, err = appendElement(out, datatype, tok); err != nil {
			return nil, errors.New("data element " + strconv.FormatInt(count-1, 10) + ": " + err.Error())
		}
	}
	if count != n {
		return nil, errors.New("data has " + strconv.FormatInt(count, 10) + " elements; the shape has " + strconv.FormatInt(n, 10))
	}
	if out == nil {
		out = []byte{}
	}
	return out, nil
}

// appendElement appends one JSON element of datatype.
func appendElement(out []byte, datatype string, tok json.Token) ([]byte, error) {
	le := binary.LittleEndian
	if datatype == "BOOL" {
		b, ok := tok.(bool)
		if !ok {
			return nil, errors.New("a BOOL element must be true or false")
		}
		if b {
			return append(out, 1), nil
		}
		return append(out, 0), nil
	}
	if datatype == "BYTES" {
		s, ok := tok.(string)
		if !ok {
			return nil, errors.New("a BYTES element must be a string")
		}
		return append(out, s...), nil
	}
	num, ok := tok.(json.Number)
	if !ok {
		return nil, errors.New("a " + datatype + " element must be a number")
	}
	switch datatype {
	case "UINT8", "UINT16", "UINT32", "UINT64":
		size, _ := function.DatatypeSize(datatype)
		v, err := strconv.ParseUint(string(num), 10, 8*size)
		if err != nil {
			return nil, errors.New(string(num) + " is not a " + datatype)
		}
		return le.AppendUint64(out, v)[:len(out)+size], nil
	case "INT8", "INT16", "INT32", "INT64":
		size, _ := function.DatatypeSize(datatype)
		v, err := strconv.ParseInt(string(num), 10, 8*size)
		if err != nil {
			return nil, errors.New(string(num) + " is not an " + datatype)
		}
		return le.AppendUint64(out, uint64(v))[:len(out)+size], nil
	}
	f, err := strconv.ParseFloat(string(num), 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return nil, errors.New(string(num) + " is not a number")
	}
	switch datatype {
	case "FP64":
		return le.AppendUint64(out, math.Float64bits(f)), nil
	case "FP32":
		return le.AppendUint32(out, math.Float32bits(float32(f))), nil
	case "FP16":
		return le.AppendUint16(out, float32ToHalf(float32(f))), nil
	default: // BF16
		return le.AppendUint16(out, float32ToBF16(float32(f))), nil
	}
}

// appendJSONData appends the JSON array of a tensor's elements.
func appendJSONData(b []byte, datatype string, data []byte) ([]byte, error) {
	if datatype == "BYTES" {
		s, err := json.Marshal(string(data))
		if err != nil || !utf8.Valid(data) {
			return nil, errors.New("a BYTES output that is not UTF-8 text cannot be JSON: ask for it with binary_data")
		}
		return append(append(append(b, '['), s...), ']'), nil
	}
	size, _ := function.DatatypeSize(datatype)
	le := binary.LittleEndian
	b = append(b, '[')
	for i := 0; i+size <= len(data); i += size {
		if i > 0 {
			b = append(b, ',')
		}
		e := data[i : i+size]
		var f float64
		switch datatype {
		case "BOOL":
			b = strconv.AppendBool(b, e[0] != 0)
			continue
		case "UINT8":
			b = strconv.AppendUint(b, uint64(e[0]), 10)
			continue
		case "UINT16":
			b = strconv.AppendUint(b, uint64(le.Uint16(e)), 10)
			continue
		case "UINT32":
			b = strconv.AppendUint(b, uint64(le.Uint32(e)), 10)
			continue
		case "UINT64":
			b = strconv.AppendUint(b, le.Uint64(e), 10)
			continue
		case "INT8":
			b = strconv.AppendInt(b, int64(int8(e[0])), 10)
			continue
		case "INT16":
			b = strconv.AppendInt(b, int64(int16(le.Uint16(e))), 10)
			continue
		case "INT32":
			b = strconv.AppendInt(b, int64(int32(le.Uint32(e))), 10)
			continue
		case "INT64":
			b = strconv.AppendInt(b, int64(le.Uint64(e)), 10)
			continue
		case "FP64":
			f = math.Float64frombits(le.Uint64(e))
		case "FP32":
			f = float64(math.Float32frombits(le.Uint32(e)))
		case "FP16":
			f = float64(halfToFloat32(le.Uint16(e)))
		case "BF16":
			f = float64(math.Float32frombits(uint32(le.Uint16(e)) << 16))
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, errors.New("the output holds NaN or infinity, which JSON cannot carry: ask for it with binary_data")
		}
		bits := 64
		if datatype != "FP64" {
			bits = 32
		}
		b = strconv.AppendFloat(b, f, 'g', -1, bits)
	}
	return append(b, ']'), nil
}

// float32ToBF16 rounds f to bfloat16, to nearest even.
func float32ToBF16(f float32) uint16 {
	bits := math.Float32bits(f)
	if f != f {
		return uint16(bits>>16) | 0x40 // a quiet NaN
	}
	bits += 0x7fff + (bits>>16)&1
	return uint16(bits >> 16)
}

// float32ToHalf rounds f to IEEE 754 binary16, to nearest even.
func float32ToHalf(f float32) uint16 {
	bits := math.Float32bits(f)
	sign := uint16(bits>>16) & 0x8000
	exp := int32(bits>>23) & 0xff
	mant := bits & 0x7fffff
	switch {
	case exp == 0xff: // infinity or NaN
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp-127+15 >= 0x1f: // too large: infinity
		return sign | 0x7c00
	case exp-127+15 <= 0: // subnormal or zero
		if exp-127+15 < -10 {
			return sign
		}
		mant |= 0x800000
		shift := uint32(14 - (exp - 127 + 15))
		h := mant >> shift
		rem := mant & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rem > half || (rem == half && h&1 == 1) {
			h++
		}
		return sign | uint16(h)
	}
	h := uint32(exp-127+15)<<10 | mant>>13
	rem := mant & 0x1fff
	if rem > 0x1000 || (rem == 0x1000 && h&1 == 1) {
		h++ // may carry into the exponent, up to infinity: as it should
	}
	return sign | uint16(h)
}

// halfToFloat32 widens an IEEE 754 binary16.
func halfToFloat32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp == 0 && mant == 0:
		return math.Float32frombits(sign)
	case exp == 0: // subnormal: normalise
		e := uint32(127 - 15 + 1)
		for mant&0x400 == 0 {
			mant <<= 1
			e--
		}
		return math.Float32frombits(sign | e<<23 | (mant&0x3ff)<<13)
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | mant<<13)
}
