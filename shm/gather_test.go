package shm

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// wantGather is what PutGather must leave in a span of n bytes: the parts back to back, then
// zeroes.
func wantGather(parts [][]byte, n int) []byte {
	w := make([]byte, 0, n)
	for _, p := range parts {
		w = append(w, p...)
	}
	return append(w, make([]byte, n-len(w))...)
}

func randomParts(r *rand.Rand, count, size int) [][]byte {
	parts := make([][]byte, count)
	for i := range parts {
		parts[i] = make([]byte, size+r.IntN(3)*7) // items of uneven lengths too
		for j := range parts[i] {
			parts[i][j] = byte(r.Uint32()%255 + 1) // never 0: a byte not written shows
		}
	}
	return parts
}

// Every split of a span among goroutines writes exactly what one goroutine would: the parts
// in order across the ranges' borders, the padding zeroed, nothing outside the span touched.
func TestGatherParallelEqualsSerial(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ count, size, pad int }{
		{2, 300_000, 0},
		{32, 301_056, 0},
		{5, 301_056, 3 * 301_056}, // a batch of 8 padded
		{1, 10_000, 2 << 20},      // one item, the rest padding
		{7, 1, 1 << 20},           // tiny items in a large span
		{3, 700_001, 13},          // odd lengths: ranges cut items anywhere
	} {
		parts := randomParts(r, c.count, c.size)
		var total int
		for _, p := range parts {
			total += len(p)
		}
		n := total + c.pad
		for ways := 2; ways <= 5; ways++ {
			mem := bytes.Repeat([]byte{0xEE}, n+2*4096) // guard bytes around the span
			dst := mem[4096 : 4096+n]
			gatherParallel(dst, parts, uint64(total), ways)
			if !bytes.Equal(dst, wantGather(parts, n)) {
				t.Fatalf("%d parts of ~%d bytes, padding %d, %d ways: the span differs from a serial gather", c.count, c.size, c.pad, ways)
			}
			if bytes.Count(mem[:4096], []byte{0xEE}) != 4096 || bytes.Count(mem[4096+n:], []byte{0xEE}) != 4096 {
				t.Fatalf("%d ways wrote outside the span", ways)
			}
		}
	}
}

// How many goroutines copy a span: one a MiB, at most GatherFanout and half the processors.
func TestGatherWays(t *testing.T) {
	const mib = GatherParallelBytes
	for _, c := range []struct {
		n     uint64
		procs int
		want  int
	}{
		{mib - 1, 24, 1},   // below the parallel size
		{2*mib - 1, 24, 1}, // not a MiB for a second one
		{2 * mib, 24, 2},   // two
		{9_633_792, 24, 8}, // a ResNet-18 batch of 32 on a server of 24 cores: GatherFanout
		{9_633_792, 12, 6}, // on 12: half of them
		{9_633_792, 2, 1},  // on 2: the caller alone
		{9_633_792, 3, 1},  // on 3: still one
		{64 * mib, 64, GatherFanout},
	} {
		if got := gatherWays(c.n, c.procs); got != c.want {
			t.Errorf("gatherWays(%d, %d) = %d, want %d", c.n, c.procs, got, c.want)
		}
	}
}

// Helpers are shared by every gather of the process: what one holds, another cannot take
// beyond the limit, and what is given back can be taken again.
func TestTakeHelpers(t *testing.T) {
	if got := takeHelpers(3, 4); got != 3 {
		t.Fatalf("3 of 4 free: got %d", got)
	}
	if got := takeHelpers(3, 4); got != 1 {
		t.Fatalf("3 with 1 of 4 free: got %d", got)
	}
	if got := takeHelpers(1, 4); got != 0 {
		t.Fatalf("1 with none free: got %d", got)
	}
	gatherHelpers.Add(-4)
	if got := takeHelpers(7, 4); got != 4 {
		t.Fatalf("7 with 4 free: got %d", got)
	}
	gatherHelpers.Add(-4)
	if got := takeHelpers(2, 1); got != 1 {
		t.Fatalf("2 of a limit of 1: got %d", got)
	}
	gatherHelpers.Add(-1)
	if n := gatherHelpers.Load(); n != 0 {
		t.Fatalf("%d left counted", n)
	}
}

// A span is cut into at most as many ranges as goroutines asked for, each whole pages.
func TestGatherShare(t *testing.T) {
	for _, n := range []int{1 << 20, 1<<20 + 3, 4 * 4096 * 64, 4*4096*64 + 3, 9_633_792, 1_048_579} {
		for ways := 2; ways <= GatherFanout+1; ways++ {
			share := gatherShare(n, ways)
			if share%4096 != 0 || (n+share-1)/share > ways {
				t.Fatalf("%d bytes, %d ways: ranges of %d, %d of them", n, ways, share, (n+share-1)/share)
			}
		}
	}
}

// PutGather, above and below the size copied in parallel, on a runtime of one processor and of
// 24 (the larger span then goes to two goroutines): the span holds the parts and zeroes (over
// an earlier invocation's bytes), the next input follows it, parts larger than the span are
// refused before anything is written, and the helpers are given back.
func TestPutGather(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct{ item, procs, ways int }{{1000, 1, 1}, {1000, 24, 1}, {GatherParallelBytes / 3, 1, 1}, {GatherParallelBytes / 3, 24, 2}} {
		if n := putGather(t, r, c.item, c.procs); gatherWays(n, c.procs) != c.ways {
			t.Fatalf("items of %d bytes on %d processors: a span of %d bytes goes to %d goroutines, want %d (the case tests another path)",
				c.item, c.procs, n, gatherWays(n, c.procs), c.ways)
		}
	}
	if n := gatherHelpers.Load(); n != 0 {
		t.Fatalf("%d helpers still counted after the gathers", n)
	}
}

// putGather checks one context's gather of three parts of about item bytes each, on procs
// processors, and returns the span's size.
func putGather(t *testing.T, r *rand.Rand, item, procs int) uint64 {
	t.Helper()
	mem := bytes.Repeat([]byte{0xEE}, 16*item+64)
	c := NewContext(mem)
	c.Begin()
	parts := randomParts(r, 3, item)
	var total int
	for _, p := range parts {
		total += len(p)
	}
	n := uint64(total + 5*item)
	sp, err := c.putGather(parts, n, procs)
	if err != nil {
		t.Fatal(err)
	}
	if sp.Off != 0 || sp.Len != n || !bytes.Equal(mem[:n], wantGather(parts, int(n))) {
		t.Fatalf("item %d, %d processors: span %+v, or its bytes differ", item, procs, sp)
	}
	next, err := c.PutInput([]byte{7})
	if err != nil || next.Off != n || mem[n] != 7 {
		t.Fatalf("the next input: %+v %v", next, err)
	}

	c.Begin()
	before := append([]byte(nil), mem...)
	if _, err := c.putGather(parts, uint64(total-1), procs); err == nil || !strings.Contains(err.Error(), "bytes of parts in a span of") {
		t.Fatalf("parts over the span: %v", err)
	}
	if !bytes.Equal(before, mem) {
		t.Fatal("a refused gather wrote into the context")
	}
	if _, err := c.putGather(parts, uint64(len(mem)+1), procs); err == nil {
		t.Fatal("a span larger than the context was accepted")
	}
	return n
}

// BenchmarkPutGather copies a batch of 32 ResNet-18 images (bf16, 3x224x224: 301,056 bytes
// each) into a context, as the engine does for every batch.
func BenchmarkPutGather(b *testing.B) {
	const item, count = 301_056, 32
	parts := randomParts(rand.New(rand.NewPCG(5, 6)), count, item)
	for i := range parts {
		parts[i] = parts[i][:item]
	}
	mem := make([]byte, item*count)
	for _, ways := range []int{1, 2, 4, 8} {
		b.Run(map[int]string{1: "serial", 2: "2-ways", 4: "4-ways", 8: "8-ways"}[ways], func(b *testing.B) {
			b.SetBytes(item * count)
			for b.Loop() {
				if ways == 1 {
					gatherRange(mem, parts, item*count, 0, len(mem))
				} else {
					gatherParallel(mem, parts, item*count, ways)
				}
			}
		})
	}
}
