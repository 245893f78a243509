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
	// index maps an object's keys to their position once it has more than smallObject of
	// them, so that finding a key (the duplicate check, get) costs the same in an object of
	// 100,000 keys as in one of 8: the work of parsing and checking is linear in the document.
	index map[string]int
	doc   *document // object: the document's counters
}

// document holds the counters of one parse.
type document struct {
	keys int // object keys so far (bounded by maxKeys)
	// compares counts the key comparisons of duplicate checks and lookups: the parser's work
	// that grew with the square of an object's keys (tests read it).
	compares int
}

// smallObject is the most keys an object is searched linearly.
const smallObject = 8

// maxKeys bounds the object keys of one config. A valid config of the largest size has far
// fewer (every action of a 1 MiB config with 4096 launches takes about 20 keys).
const maxKeys = 100_000

// errTooManyKeys is returned when a document has more than maxKeys object keys.
var errTooManyKeys = fmt.Errorf("the config has more than %d object keys, the limit", maxKeys)

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

// parseJSON parses one JSON document completely (trailing data is an error). A document of
// more than maxKeys object keys is errTooManyKeys.
func parseJSON(data []byte) (*node, *document, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	doc := &document{}
	n, err := parseNode(dec, doc, 0)
	if err != nil {
		return nil, doc, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, doc, fmt.Errorf("unexpected data after the JSON value at byte %d", dec.InputOffset())
	}
	return n, doc, nil
}

func parseNode(dec *json.Decoder, doc *document, depth int) (*node, error) {
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
			n := &node{kind: kObject, offset: off, doc: doc}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, ok := kt.(string)
				if !ok {
					return nil, fmt.Errorf("object key is not a string at byte %d", dec.InputOffset())
				}
				if doc.keys++; doc.keys > maxKeys {
					return nil, errTooManyKeys
				}
				if n.find(k) >= 0 {
					return nil, fmt.Errorf("duplicate key %q at byte %d", k, dec.InputOffset())
				}
				v, err := parseNode(dec, doc, depth+1)
				if err != nil {
					return nil, err
				}
				n.add(k, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return n, nil
		case '[':
			n := &node{kind: kArray, offset: off}
			for dec.More() {
				v, err := parseNode(dec, doc, depth+1)
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

// add appends key k and its value to an object node, indexing the keys once there are more
// than smallObject.
func (n *node) add(k string, v *node) {
	n.keys = append(n.keys, k)
	n.vals = append(n.vals, v)
	switch {
	case n.index != nil:
		n.index[k] = len(n.keys) - 1
	case len(n.keys) > smallObject:
		n.index = make(map[string]int, 2*len(n.keys))
		for i, kk := range n.keys {
			n.index[kk] = i
		}
	}
}

// find returns the position of key k in an object node, or -1: a map lookup, or a scan of at
// most smallObject keys.
func (n *node) find(k string) int {
	if n.index != nil {
		n.doc.compares++
		if i, ok := n.index[k]; ok {
			return i
		}
		return -1
	}
	for i, kk := range n.keys {
		n.doc.compares++
		if kk == k {
			return i
		}
	}
	return -1
}

// get returns the value of key k of an object node, or nil.
func (n *node) get(k string) *node {
	if i := n.find(k); i >= 0 {
		return n.vals[i]
	}
	return nil
}
