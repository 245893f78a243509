package function

import (
	"slices"
	"strings"
)

// The optional "tensors" field of a config declares how the Open Inference Protocol (the
// frontend's /v2 routes) sees a function's inputs and outputs: a datatype and a shape for each
// name. The /v1 routes ignore it: there every input and output is plain bytes.
//
//	"tensors": {"A": {"datatype": "INT64", "shape": [1]}, "B": {"datatype": "FP32", "shape": [-1, 4]}}
//
// A name of blueprint.inputs or blueprint.outputs may be declared (a name that is both is
// declared once, for both). "datatype" is required; "shape" defaults to [-1]. A dimension of -1
// is variable: at most one per shape, it is the one the byte length decides. A BYTES tensor
// has exactly one element (every dimension 1, or -1): the element's bytes are the buffer.
// Without a declaration a tensor is UINT8 of shape [its byte length].

// datatypes are the tensor datatypes of the Open Inference Protocol with their element sizes
// in bytes (0: BYTES, whose elements have any length).
var datatypes = map[string]int{
	"BOOL": 1, "UINT8": 1, "UINT16": 2, "UINT32": 4, "UINT64": 8,
	"INT8": 1, "INT16": 2, "INT32": 4, "INT64": 8,
	"FP16": 2, "BF16": 2, "FP32": 4, "FP64": 8, "BYTES": 0,
}

// DatatypeSize returns the element size in bytes of an Open Inference Protocol datatype (0 for
// BYTES, whose one element has any length), and whether dt is one.
func DatatypeSize(dt string) (int, bool) {
	n, ok := datatypes[dt]
	return n, ok
}

// TensorDecl is one entry of "tensors".
type TensorDecl struct {
	Name     string
	Datatype string
	// Shape's dimensions are positive, or -1 for the one variable dimension.
	Shape []int64
}

// Tensor returns the declaration of name, or nil (also when c is nil).
func (c *Config) Tensor(name string) *TensorDecl {
	if c == nil {
		return nil
	}
	for i := range c.Tensors {
		if c.Tensors[i].Name == name {
			return &c.Tensors[i]
		}
	}
	return nil
}

// datatypeNames lists Datatypes' keys in a fixed order, for messages.
func datatypeNames() string {
	names := make([]string, 0, len(datatypes))
	for k := range datatypes {
		names = append(names, k)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// parseTensors reads "tensors"; bp names the inputs and outputs a declaration may name.
func parseTensors(n *node, path string, bp *Blueprint, ps *problems) []TensorDecl {
	if n.kind != kObject {
		ps.add(path, "must be an object mapping input and output names to {\"datatype\", \"shape\"}, not %s", n.kind)
		return nil
	}
	out := make([]TensorDecl, 0, len(n.keys))
	for i, name := range n.keys {
		p := join(path, name)
		if !slices.Contains(bp.Inputs, name) && !slices.Contains(bp.Outputs, name) {
			ps.add(p, "names no input or output of the blueprint (inputs %s; outputs %s)", strings.Join(bp.Inputs, ", "), strings.Join(bp.Outputs, ", "))
			continue
		}
		d := TensorDecl{Name: name, Shape: []int64{-1}}
		v := n.vals[i]
		if !object(v, p, ps, "datatype", "shape") {
			continue
		}
		if dt := required(v, "datatype", p, ps); dt != nil {
			d.Datatype = str(dt, join(p, "datatype"), ps)
			if _, ok := datatypes[d.Datatype]; !ok && dt.kind == kString {
				ps.add(join(p, "datatype"), "unknown datatype %q (expected one of %s)", d.Datatype, datatypeNames())
			}
		}
		if sh := v.get("shape"); sh != nil {
			d.Shape = parseShape(sh, join(p, "shape"), ps)
		}
		if d.Datatype == "BYTES" {
			for _, dim := range d.Shape {
				if dim != 1 && dim != -1 {
					ps.add(join(p, "shape"), "a BYTES tensor has exactly one element (its bytes are the buffer): every dimension must be 1 or -1")
					break
				}
			}
		}
		out = append(out, d)
	}
	return out
}

func parseShape(n *node, path string, ps *problems) []int64 {
	if n.kind != kArray {
		ps.add(path, "must be an array of dimensions, not %s", n.kind)
		return nil
	}
	shape := make([]int64, 0, len(n.vals))
	variable := 0
	for i, v := range n.vals {
		dim := i64(v, index(path, i), ps)
		switch {
		case dim == -1:
			variable++
			if variable == 2 {
				ps.add(index(path, i), "a shape has at most one variable dimension (-1)")
			}
		case dim < 1:
			ps.add(index(path, i), "a dimension must be positive, or -1 for the variable one (%d)", dim)
		}
		shape = append(shape, dim)
	}
	return shape
}
