package function

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// node is a parsed JSON value that keeps object key order and rejects duplicate keys, so that
// buffers are allocated in declaration order and every problem can name its JSON path.
type node struct {
	kind   nodeKind
	str    string      // string
	num    json.Number // number
	b      bool        // bool
	keys   []string    // object, in document order
	vals   []*node     // object values, parallel to keys; array elements
	offset int64       // byte offset of the value in the document, for messages
}

type nodeKind uint8

const (
	kNull nodeKind = iota
	kBool
	kNumber
	kString
	kArray
	kObject
)

func (k nodeKind) String() string {
	return [...]string{"null", "boolean", "number", "string", "array", "object"}[k]
}

// maxDepth bounds nesting (Repeat inside Repeat ...) so that a hostile config cannot exhaust
// the stack of the parser or of the executor.
const maxDepth = 64

// parseJSON parses one JSON document completely (trailing data is an error).
func parseJSON(data []byte) (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := parseNode(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("unexpected data after the JSON value at byte %d", dec.InputOffset())
	}
	return n, nil
}

func parseNode(dec *json.Decoder, depth int) (*node, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("JSON nested deeper than %d levels", maxDepth)
	}
	off := dec.InputOffset()
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			return nil, errors.New("unexpected end of JSON")
		}
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := &node{kind: kObject, offset: off}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, ok := kt.(string)
				if !ok {
					return nil, fmt.Errorf("object key is not a string at byte %d", dec.InputOffset())
				}
				for _, seen := range n.keys {
					if seen == k {
						return nil, fmt.Errorf("duplicate key %q at byte %d", k, dec.InputOffset())
					}
				}
				v, err := parseNode(dec, depth+1)
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k)
				n.vals = append(n.vals, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return n, nil
		case '[':
			n := &node{kind: kArray, offset: off}
			for dec.More() {
				v, err := parseNode(dec, depth+1)
				if err != nil {
					return nil, err
				}
				n.vals = append(n.vals, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return n, nil
		}
		return nil, fmt.Errorf("unexpected %q at byte %d", t, off)
	case string:
		return &node{kind: kString, str: t, offset: off}, nil
	case json.Number:
		return &node{kind: kNumber, num: t, offset: off}, nil
	case bool:
		return &node{kind: kBool, b: t, offset: off}, nil
	case nil:
		return &node{kind: kNull, offset: off}, nil
	}
	return nil, fmt.Errorf("unexpected token at byte %d", off)
}

// get returns the value of key k of an object node, or nil.
func (n *node) get(k string) *node {
	for i, kk := range n.keys {
		if kk == k {
			return n.vals[i]
		}
	}
	return nil
}
