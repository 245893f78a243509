package function

import (
	"strings"
	"testing"
)

// batchingConfig is a function of input x and output y (Absolute yBytes) with decl as its
// "batching".
func batchingConfig(decl string, yBytes int) []byte {
	return []byte(`{"module_path": "m", "kernels": ["k"], "batching": ` + decl + `,
	  "blueprint": {"inputs": ["x"], "buffers": {"y": {"Absolute": ` + itoa(yBytes) + `}}, "outputs": ["y"],
	  "control_flow": [{"ExecKernel": ["k", [{"Ptr": "x"}, {"Ptr": "y"}], {"grid_dim_x": {"Absolute": 1}, "grid_dim_y": {"Absolute": 1}, "grid_dim_z": {"Absolute": 1}, "block_dim_x": {"Absolute": 1}, "block_dim_y": {"Absolute": 1}, "block_dim_z": {"Absolute": 1}, "shared_mem_bytes": {"Absolute": 0}}]}]}}`)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// The declaration's defaults, and what the parser refuses, each with its path.
func TestParseBatching(t *testing.T) {
	p, err := Parse(batchingConfig(`{"variants": [{"batch": 2, "function": "f2"}, {"batch": 4, "function": "f4"}], "item_bytes": {"x": 8, "y": 16}}`, 16))
	if err != nil {
		t.Fatal(err)
	}
	b := p.Config.Batching
	if len(b.Variants) != 2 || b.InputItem[0] != 8 || b.OutputItem[0] != 16 || b.MaxBatch != 4 || b.MaxQueueDelayUs != 0 || !b.PadPartial ||
		len(b.Preferred) != 2 || b.Preferred[0] != 2 || b.Preferred[1] != 4 {
		t.Fatalf("defaults: %+v", b)
	}
	for _, c := range []struct{ decl, path string }{
		{`{"variants": [{"batch": 4, "function": "f4"}, {"batch": 2, "function": "f2"}], "item_bytes": {"x": 8, "y": 16}}`, "batching.variants[1].batch"},
		{`{"variants": [{"batch": 2, "function": "f2"}], "item_bytes": {"x": 8}}`, "batching.item_bytes"},
		{`{"variants": [{"batch": 2, "function": "f2"}], "item_bytes": {"x": 8, "y": 16, "z": 1}}`, "batching.item_bytes.z"},
		{`{"variants": [{"batch": 2, "function": "f2"}], "item_bytes": {"x": 8, "y": 16}, "preferred_batch_sizes": [3]}`, "batching.preferred_batch_sizes[0]"},
		{`{"variants": [{"batch": 2, "function": "f2"}], "item_bytes": {"x": 8, "y": 16}, "max_batch_size": 4}`, "batching.max_batch_size"},
		{`{"variants": [{"batch": 2, "function": "f2"}], "item_bytes": {"x": 8, "y": 12}}`, "batching.item_bytes.y"},
		{`{"variants": [{"batch": 2, "function": "a b"}], "item_bytes": {"x": 8, "y": 16}}`, "batching.variants[0].function"},
	} {
		_, err := Parse(batchingConfig(c.decl, 16))
		if err == nil || !strings.Contains(err.Error(), c.path) {
			t.Errorf("%s: %v, want a problem at %s", c.decl, err, c.path)
		}
	}
}

// A variant must take and give what the declaration says: the same inputs and outputs, its
// constant outputs size items, no batching of its own.
func TestCheckVariant(t *testing.T) {
	decl := `{"variants": [{"batch": 2, "function": "f2"}], "item_bytes": {"x": 8, "y": 16}}`
	one, err := Parse(batchingConfig(decl, 16))
	if err != nil {
		t.Fatal(err)
	}
	b := one.Config.Batching
	plain := func(y int) *Plan {
		cfg := strings.Replace(string(batchingConfig(`0`, y)), `"batching": 0,`, "", 1)
		p, err := Parse([]byte(cfg))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if ps := b.CheckVariant(one, plain(32), 0, 2); len(ps) != 0 {
		t.Fatalf("a matching variant: %v", ps)
	}
	if ps := b.CheckVariant(one, plain(16), 0, 2); len(ps) != 1 || ps[0].Path != "batching.variants[0].function" {
		t.Fatalf("an output of one item for a variant of 2: %v", ps)
	}
	if ps := b.CheckVariant(one, one, 0, 2); len(ps) == 0 {
		t.Fatal("a variant that declares batching itself passed")
	}
}
