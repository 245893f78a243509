package sweep

import (
	"strings"
	"testing"

	"gpufn/bench/load"
)

func TestSystemSpecs(t *testing.T) {
	o := SystemOptions{GPUfn: "/x/gpufn", Device: "cuda"}
	wl, _ := load.ParseWorkload("inference-r500")
	for name, want := range map[string]string{
		"seq":                "/x/gpufn serve --device cuda --engine sequential",
		"c4-mps":             "/x/gpufn serve --device cuda --engine concurrent --workers 4 --mps on",
		"c8-nomps":           "/x/gpufn serve --device cuda --engine concurrent --workers 8 --mps off",
		"cpu":                "/x/gpufn serve --device cpu --engine concurrent --workers 8",
		"baseline":           "/x/gpufn-baseline --workload inference-r500-b1 --device cuda",
		"seq-nopipe":         "/x/gpufn serve --device cuda --engine sequential --pipeline=false",
		"seq-noinline":       "/x/gpufn serve --device cuda --engine sequential --inline=false",
		"c4-mps-block":       "/x/gpufn serve --device cuda --engine concurrent --workers 4 --mps on --poll block",
		"c4-mps-spin-nopipe": "/x/gpufn serve --device cuda --engine concurrent --workers 4 --mps on --poll spin --pipeline=false",
		"seq@/y/gpufn-old":   "/y/gpufn-old serve --device cuda --engine sequential",
		"seq-nocap":          "/x/gpufn serve --device cuda --engine sequential --max-connections-per-ip 0",
		"c4-mps-gpu0":        "/x/gpufn serve --device cuda --engine concurrent --workers 4 --mps on --gpus 0",
		"c4-mps-norescue":    "/x/gpufn serve --device cuda --engine concurrent --workers 4 --mps on --rescue-workers 0",
		"seq-wspin":          "/x/gpufn serve --device cuda --engine sequential --worker-spin-for 1ms",
		"c4-mps-nopreload":   "/x/gpufn serve --device cuda --engine concurrent --workers 4 --mps on --preload=false",
		"c4-mps-wspin-spin":  "/x/gpufn serve --device cuda --engine concurrent --workers 4 --mps on --worker-spin-for 1ms --poll spin",
		"c4-mps-block@/y/g2": "/y/g2 serve --device cuda --engine concurrent --workers 4 --mps on --poll block",
	} {
		s, err := o.System(name, wl)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(append([]string{s.Binary}, s.Args...), " "); got != want {
			t.Errorf("%s: %q; want %q", name, got, want)
		}
		if s.Registers != (name != "baseline") {
			t.Errorf("%s: registers %v", name, s.Registers)
		}
	}
	if s, _ := o.System("seq@/y/gpufn-old", wl); s.Name != "gpufn-seq@gpufn-old" {
		t.Errorf("another binary's system is named %q", s.Name)
	}
	for _, bad := range []string{"c0-mps", "c4", "c4-maybe", "cx-mps", "gpu", "baseline-nopipe", "baseline@/y/b", "seq@"} {
		if _, err := o.System(bad, wl); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	o.Device = "cpu"
	if s, _ := o.System("c2-mps", wl); strings.Contains(strings.Join(s.Args, " "), "--mps") {
		t.Errorf("MPS flag on the cpu device: %v", s.Args)
	}
}
