package function

import (
	"fmt"
	"slices"
	"strconv"
)

// Batching is the optional "batching" declaration of a function (docs/batching.md): the
// function is the batch-1 variant, and the server may run several of its invocations as one
// run of a batch variant, another registered function of the same tenant (and weight set)
// that takes Size items back to back in each input and output (dense, item-major).
//
//	"batching": {
//	  "variants": [{"batch": 2, "function": "m_b2"}, {"batch": 4, "function": "m_b4"}],
//	  "item_bytes": {"x": 32, "y": 32},
//	  "preferred_batch_sizes": [4],
//	  "max_batch_size": 4,
//	  "max_queue_delay_us": 0,
//	  "partial": "pad"
//	}
type Batching struct {
	// Variants are the batch variants, by batch size ascending (each above 1).
	Variants []BatchVariant
	// InputItem[i] and OutputItem[o] are the bytes of one item of input i and output o, in
	// the blueprint's order ("item_bytes" names each input and output once).
	InputItem, OutputItem []uint64
	// Preferred are the preferred batch sizes, ascending ("preferred_batch_sizes"; default:
	// every variant's size).
	Preferred []int
	// MaxBatch is "max_batch_size" (default: the largest variant's size).
	MaxBatch int
	// MaxQueueDelayUs is "max_queue_delay_us" (default 0): how long the first member of a batch
	// may wait for a larger preferred size to fill.
	MaxQueueDelayUs uint64
	// PadPartial is "partial": true for "pad" (the default: run the smallest variant that
	// holds the invocations queued, the rest of it zeroed items), false for "largest_fit"
	// (run the largest variant they fill, the rest stay queued).
	PadPartial bool
}

// BatchVariant is one entry of "variants".
type BatchVariant struct {
	Size     int
	Function string
}

// MaxBatchSize is the largest batch size a declaration may name.
const MaxBatchSize = 1024

// MaxQueueDelayUs is the largest "max_queue_delay_us": one second.
const MaxQueueDelayUs = 1_000_000

// parseBatching parses "batching" against the blueprint bp (already parsed).
func parseBatching(n *node, path string, bp *Blueprint, ps *problems) *Batching {
	b := &Batching{PadPartial: true}
	if !object(n, path, ps, "variants", "item_bytes", "preferred_batch_sizes", "max_batch_size", "max_queue_delay_us", "partial") {
		return b
	}
	if v := required(n, "variants", path, ps); v != nil {
		b.Variants = parseVariants(v, join(path, "variants"), ps)
	}
	if v := required(n, "item_bytes", path, ps); v != nil {
		b.InputItem, b.OutputItem = parseItemBytes(v, join(path, "item_bytes"), bp, ps)
	}
	sizes := make([]int, 0, len(b.Variants)+1)
	sizes = append(sizes, 1)
	for _, vr := range b.Variants {
		sizes = append(sizes, vr.Size)
	}
	b.MaxBatch = sizes[len(sizes)-1]
	if v := n.get("max_batch_size"); v != nil {
		m := u64(v, join(path, "max_batch_size"), ps)
		if m < 1 || m > uint64(b.MaxBatch) {
			ps.add(join(path, "max_batch_size"), "must be between 1 and the largest variant's batch size, %d (%d)", b.MaxBatch, m)
		} else {
			b.MaxBatch = int(m)
		}
	}
	if v := n.get("preferred_batch_sizes"); v != nil {
		b.Preferred = parsePreferred(v, join(path, "preferred_batch_sizes"), sizes, ps)
	} else {
		b.Preferred = sizes[1:]
	}
	if v := n.get("max_queue_delay_us"); v != nil {
		b.MaxQueueDelayUs = u64(v, join(path, "max_queue_delay_us"), ps)
		if b.MaxQueueDelayUs > MaxQueueDelayUs {
			ps.add(join(path, "max_queue_delay_us"), "must be at most %d (%d)", MaxQueueDelayUs, b.MaxQueueDelayUs)
		}
	}
	if v := n.get("partial"); v != nil {
		switch s := str(v, join(path, "partial"), ps); s {
		case "pad":
		case "largest_fit":
			b.PadPartial = false
		default:
			ps.add(join(path, "partial"), "must be \"pad\" or \"largest_fit\", not %q", s)
		}
	}
	return b
}

func parseVariants(n *node, path string, ps *problems) []BatchVariant {
	if n.kind != kArray || len(n.vals) == 0 {
		ps.add(path, "must be a non-empty array of {\"batch\": n, \"function\": name}")
		return nil
	}
	var out []BatchVariant
	for i, v := range n.vals {
		p := index(path, i)
		if !object(v, p, ps, "batch", "function") {
			continue
		}
		var vr BatchVariant
		if s := required(v, "batch", p, ps); s != nil {
			size := u64(s, join(p, "batch"), ps)
			if size < 2 || size > MaxBatchSize {
				ps.add(join(p, "batch"), "must be between 2 and %d (the function itself is the batch-1 variant)", MaxBatchSize)
			}
			vr.Size = int(min(size, MaxBatchSize))
		}
		if f := required(v, "function", p, ps); f != nil {
			vr.Function = str(f, join(p, "function"), ps)
			if err := CheckName(vr.Function); err != nil {
				ps.add(join(p, "function"), "%v", err)
			}
		}
		if len(out) > 0 && vr.Size <= out[len(out)-1].Size {
			ps.add(join(p, "batch"), "variants must be listed by batch size, ascending, each once")
		}
		out = append(out, vr)
	}
	return out
}

// parseItemBytes parses {name: bytes} naming every input and output of bp once.
func parseItemBytes(n *node, path string, bp *Blueprint, ps *problems) (in, out []uint64) {
	if n.kind != kObject {
		ps.add(path, "must be an object mapping each input and output to its bytes per item, not %s", n.kind)
		return nil, nil
	}
	in, out = make([]uint64, len(bp.Inputs)), make([]uint64, len(bp.Outputs))
	seen := map[string]bool{}
	for i, k := range n.keys {
		p := join(path, k)
		v := u64(n.vals[i], p, ps)
		if v == 0 {
			ps.add(p, "must be at least 1 byte")
		}
		seen[k] = true
		found := false
		if j := slices.Index(bp.Inputs, k); j >= 0 {
			in[j], found = v, true
		}
		if j := slices.Index(bp.Outputs, k); j >= 0 {
			out[j], found = v, true
		}
		if !found {
			ps.add(p, "names neither an input nor an output of the blueprint")
		}
	}
	for _, name := range append(slices.Clone(bp.Inputs), bp.Outputs...) {
		if !seen[name] {
			ps.add(path, "missing the bytes per item of %q (every input and output needs them)", name)
		}
	}
	return in, out
}

func parsePreferred(n *node, path string, sizes []int, ps *problems) []int {
	if n.kind != kArray || len(n.vals) == 0 {
		ps.add(path, "must be a non-empty array of batch sizes")
		return nil
	}
	var out []int
	for i, v := range n.vals {
		s := int(min(u64(v, index(path, i), ps), MaxBatchSize+1))
		if !slices.Contains(sizes, s) {
			ps.add(index(path, i), "%d is not the batch size of a variant (%s)", s, sizeList(sizes))
			continue
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

func sizeList(sizes []int) string {
	s := ""
	for i, n := range sizes {
		if i > 0 {
			s += ", "
		}
		s += strconv.Itoa(n)
	}
	return s
}

// CheckVariant checks that a variant's plan v (batch size size) fits the batching declaration
// of plan p: the same inputs and outputs, in order, and output buffers of constant size that
// are size items (an output whose size depends on its inputs is checked at each batch). The
// problems' paths are under "batching.variants[i]".
func (b *Batching) CheckVariant(p, v *Plan, i, size int) []Problem {
	path := "batching.variants[" + strconv.Itoa(i) + "].function"
	var ps []Problem
	add := func(format string, args ...any) {
		ps = append(ps, Problem{Path: path, Message: fmt.Sprintf(format, args...)})
	}
	if !slices.Equal(p.Inputs, v.Inputs) {
		add("the variant's inputs %q differ from the function's %q", v.Inputs, p.Inputs)
	}
	if len(p.Outputs) != len(v.Outputs) {
		add("the variant has %d outputs; the function has %d", len(v.Outputs), len(p.Outputs))
		return ps
	}
	if p.WeightSet != v.WeightSet {
		add("the variant's weight set %q differs from the function's %q", v.WeightSet, p.WeightSet)
	}
	for o, slot := range v.Outputs {
		if name, want := v.SlotName(int(slot)), p.SlotName(int(p.Outputs[o])); name != want {
			add("the variant's output %d is %q; the function's is %q", o, name, want)
			continue
		}
		bi := int(slot) - len(v.Inputs)
		if bi < 0 {
			continue
		}
		if s := v.Buffers[bi].Size; s.Kind == SizeAbsolute && s.Value != uint64(size)*b.OutputItem[o] {
			add("output %q of the variant is %d bytes; %d items of %d bytes are %d", v.Buffers[bi].Name, s.Value, size, b.OutputItem[o], uint64(size)*b.OutputItem[o])
		}
	}
	if v.Config != nil && v.Config.Batching != nil {
		add("a variant must not declare batching itself")
	}
	return ps
}

// checkItemOutputs checks that the function's own outputs of constant size are one item.
func checkItemOutputs(b *Batching, bp *Blueprint, ps *problems) {
	if len(b.OutputItem) != len(bp.Outputs) {
		return
	}
	for o, name := range bp.Outputs {
		for _, buf := range bp.Buffers {
			if buf.Name == name && buf.Size.Kind == SizeAbsolute && b.OutputItem[o] != 0 && buf.Size.Absolute != b.OutputItem[o] {
				ps.add("batching.item_bytes."+name, "output %q is %d bytes, the function being the batch-1 variant; the declaration says %d", name, buf.Size.Absolute, b.OutputItem[o])
			}
		}
	}
}
