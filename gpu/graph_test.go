package gpu

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestLaunchRecordRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var want []Launch
	var rec []uint64
	for i := 0; i < 200; i++ {
		l := Launch{
			F:         Function(r.Uint64()),
			Grid:      Dim3{r.Uint32(), r.Uint32(), r.Uint32()},
			Block:     Dim3{r.Uint32(), r.Uint32(), r.Uint32()},
			SharedMem: r.Uint32(),
		}
		for n := r.IntN(10); n > 0; n-- {
			l.Args = append(l.Args, r.Uint64())
		}
		want = append(want, l)
		rec = AppendLaunch(rec, l.F, l.Grid, l.Block, l.SharedMem, l.Args)
	}
	rest := rec
	for i, w := range want {
		got, next, ok := NextLaunch(rest)
		if !ok {
			t.Fatalf("launch %d: not decoded", i)
		}
		if got.F != w.F || got.Grid != w.Grid || got.Block != w.Block || got.SharedMem != w.SharedMem || !slices.Equal(got.Args, w.Args) {
			t.Fatalf("launch %d: got %+v, want %+v", i, got, w)
		}
		if len(got.Args) > 0 && cap(got.Args) != len(got.Args) {
			t.Fatalf("launch %d: Args may be appended to over the next launch", i)
		}
		rest = next
	}
	if len(rest) != 0 {
		t.Fatalf("%d words left over", len(rest))
	}
}

func TestNextLaunchRefusesShortRecords(t *testing.T) {
	rec := AppendLaunch(nil, 7, Dim3{1, 1, 1}, Dim3{32, 1, 1}, 0, []uint64{1, 2, 3})
	for n := 0; n < len(rec); n++ {
		if _, _, ok := NextLaunch(rec[:n]); ok {
			t.Fatalf("a record cut to %d of %d words decoded", n, len(rec))
		}
	}
	bad := slices.Clone(rec)
	bad[4] |= 1 << 62 // claims 2^30 arguments
	if _, _, ok := NextLaunch(bad); ok {
		t.Fatal("a header claiming more arguments than the record holds decoded")
	}
}
