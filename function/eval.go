package function

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// ErrBadInput is what every evaluation error matches with errors.Is: the invocation's inputs
// do not fit the function (an input too short for a FromInput, a size that overflows, too many
// launches).
var ErrBadInput = errors.New("inputs do not fit the function")

// EvalError is a sizing that cannot be evaluated for an invocation's inputs.
type EvalError struct {
	Path string
	Msg  string
}

func (e *EvalError) Error() string { return e.Path + ": " + e.Msg }

// Is makes errors.Is(err, ErrBadInput) true.
func (e *EvalError) Is(target error) bool { return target == ErrBadInput }

// Eval computes a size. inputs are the invocation's input bytes (FromInput reads them); sizes
// holds the byte size of every slot evaluated so far (Sizeof reads it).
func (s *Size) Eval(inputs [][]byte, sizes []uint64) (uint64, error) {
	switch s.Kind {
	case SizeAbsolute:
		return s.Value, nil
	case SizeSizeof:
		return sizes[s.Slot], nil
	case SizeFromInput:
		in := inputs[s.Slot]
		// 8*idx+8 <= len, computed without overflow (idx <= (MaxUint64-8)/8 at validation).
		if s.Value >= uint64(len(in))/8 {
			return 0, &EvalError{Path: s.Path, Msg: fmt.Sprintf("reads bytes %d..%d of an input of %d bytes", 8*s.Value, 8*s.Value+8, len(in))}
		}
		return binary.LittleEndian.Uint64(in[8*s.Value:]), nil
	}
	return 0, &EvalError{Path: s.Path, Msg: "invalid sizing"}
}

// Sizes fills sizes (length NumSlots) with the byte size of every slot: inputs from their
// lengths, buffers from their sizings, in allocation order. It does not allocate.
func (p *Plan) Sizes(inputs [][]byte, sizes []uint64) error {
	if len(inputs) != len(p.Inputs) || len(sizes) < p.NumSlots() {
		return &EvalError{Path: "blueprint.inputs", Msg: fmt.Sprintf("the function takes %d inputs; got %d", len(p.Inputs), len(inputs))}
	}
	for i, in := range inputs {
		sizes[i] = uint64(len(in))
	}
	n := len(p.Inputs)
	for j := range p.Buffers {
		v, err := p.Buffers[j].Size.Eval(inputs, sizes)
		if err != nil {
			return err
		}
		sizes[n+j] = v
	}
	return nil
}

// Align is the alignment of every buffer in a device pool.
const Align = 256

// AlignUp rounds n up to a multiple of Align; ok is false on overflow.
func AlignUp(n uint64) (uint64, bool) {
	if n > math.MaxUint64-(Align-1) {
		return 0, false
	}
	return (n + Align - 1) &^ (Align - 1), true
}

// Footprint is the device memory an invocation needs for the given slot sizes: the sum of
// each slot rounded up to Align. ok is false on overflow.
func Footprint(sizes []uint64) (total uint64, ok bool) {
	for _, s := range sizes {
		a, ok := AlignUp(s)
		if !ok || total > math.MaxUint64-a {
			return 0, false
		}
		total += a
	}
	return total, true
}

// OutputBytes is the sum of the sizes of the outputs; ok is false on overflow.
func (p *Plan) OutputBytes(sizes []uint64) (total uint64, ok bool) {
	for _, o := range p.Outputs {
		s := sizes[o]
		if total > math.MaxUint64-s {
			return 0, false
		}
		total += s
	}
	return total, true
}

// Launches counts the kernel launches the control flow makes for these inputs (Repeat counts
// multiply). It stops counting once the total passes limit and returns an error then.
func (p *Plan) Launches(inputs [][]byte, sizes []uint64, limit uint64) (uint64, error) {
	n, err := countLaunches(p.Body, inputs, sizes, limit)
	if err != nil {
		return 0, err
	}
	if n > limit {
		return n, &EvalError{Path: "blueprint.control_flow", Msg: fmt.Sprintf("makes more than %d kernel launches; the limit is %d", limit, limit)}
	}
	return n, nil
}

func countLaunches(ops []Op, inputs [][]byte, sizes []uint64, limit uint64) (uint64, error) {
	var total uint64
	for i := range ops {
		op := &ops[i]
		if !op.Repeat {
			total++
		} else {
			c, err := op.Count.Eval(inputs, sizes)
			if err != nil {
				return 0, err
			}
			if c == 0 {
				continue
			}
			body, err := countLaunches(op.Body, inputs, sizes, limit)
			if err != nil {
				return 0, err
			}
			if body != 0 && c > (limit+1)/body+1 {
				return limit + 1, nil
			}
			total += c * body
		}
		if total > limit {
			return total, nil
		}
	}
	return total, nil
}

// InitLaunches counts the launches of the init flow (its Repeat counts are constants),
// saturating past limit.
func (p *Plan) InitLaunches(limit uint64) uint64 {
	n, _ := countLaunches(p.InitBody, nil, nil, limit)
	return n
}

// StaticLaunches counts the launches of a control flow whose Repeat counts are all constants;
// ok is false when some count comes from the inputs. It saturates past limit.
func (p *Plan) StaticLaunches(limit uint64) (n uint64, ok bool) {
	static := true
	walkOps(p.Body, func(op *Op) {
		if op.Repeat && op.Count.Kind != SizeAbsolute {
			static = false
		}
	})
	if !static {
		return 0, false
	}
	n, err := countLaunches(p.Body, nil, nil, limit)
	return n, err == nil
}

// StaticNeed is the least device memory every invocation of the function needs, known from
// its config alone: the buffers of constant size (Absolute, or Sizeof such a buffer), each
// rounded up to Align; inputs, and sizes read from inputs, count 0. largest is the buffer
// (an index into Buffers) with the largest constant size (largestBytes), -1 when none; ok is
// false on overflow (a need no device has).
func (p *Plan) StaticNeed() (need uint64, largest int, largestBytes uint64, ok bool) {
	sizes := make([]uint64, p.NumSlots())
	n := len(p.Inputs)
	largest = -1
	for j, b := range p.Buffers {
		switch b.Size.Kind {
		case SizeAbsolute:
			sizes[n+j] = b.Size.Value
		case SizeSizeof:
			sizes[n+j] = sizes[b.Size.Slot]
		}
		if sizes[n+j] > 0 && (largest < 0 || sizes[n+j] > sizes[n+largest]) {
			largest = j
		}
	}
	if largest >= 0 {
		largestBytes = sizes[n+largest]
	}
	need, ok = Footprint(sizes)
	return need, largest, largestBytes, ok
}
