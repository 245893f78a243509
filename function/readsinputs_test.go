package function_test

import (
	"strings"
	"testing"

	"gpufn/function"
)

// ReadsInputs is true exactly when some sizing reads an input's bytes: a buffer size, a launch
// dimension, a repeat count, however deeply nested.
func TestReadsInputs(t *testing.T) {
	fromIn := `{"FromInput": {"bufname": "in", "idx": 0}}`
	launchWith := func(grid string) string {
		return strings.Replace(launch1, `"grid_dim_x": {"Absolute": 1}`, `"grid_dim_x": `+grid, 1)
	}
	exec := func(launch string) string {
		return `{"ExecKernel": ["k", [{"Ptr": "in"}, {"Sizeof": "in"}], ` + launch + `]}`
	}
	for _, c := range []struct {
		name, buffers, flow string
		want                bool
	}{
		{"lengths only", `{"b": {"Sizeof": "in"}}`, exec(launch1), false},
		{"buffer size", `{"b": ` + fromIn + `}`, exec(launch1), true},
		{"launch dimension", `{"b": {"Absolute": 8}}`, exec(launchWith(fromIn)), true},
		{"repeat count", `{"b": {"Absolute": 8}}`, `{"Repeat": [` + fromIn + `, [` + exec(launch1) + `]]}`, true},
		{"nested launch", `{"b": {"Absolute": 8}}`, `{"Repeat": [{"Absolute": 2}, [{"Repeat": [{"Absolute": 1}, [` + exec(launchWith(fromIn)) + `]]}]]}`, true},
		{"nested, lengths only", `{"b": {"Absolute": 8}}`, `{"Repeat": [{"Absolute": 2}, [` + exec(launch1) + `]]}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := `{"module_path": "lib", "kernels": ["k"], "blueprint": {"inputs": ["in"], "buffers": ` + c.buffers +
				`, "outputs": ["b"], "control_flow": [` + c.flow + `]}}`
			p, err := function.Parse([]byte(cfg))
			if err != nil {
				t.Fatal(err)
			}
			if got := p.ReadsInputs(); got != c.want {
				t.Fatalf("ReadsInputs = %v, want %v", got, c.want)
			}
		})
	}
}
