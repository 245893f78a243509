package load

import (
	"encoding/binary"
	"math"
	"sync"
	"testing"
)

// nudge returns a copy of a float32 array with element i moved by ulps units in the last
// place: within the inference check's tolerance for small ulps, far outside it for large.
func nudge(b []byte, i int, ulps int32) []byte {
	out := append([]byte(nil), b...)
	v := binary.LittleEndian.Uint32(out[4*i:])
	binary.LittleEndian.PutUint32(out[4*i:], uint32(int32(v)+ulps))
	return out
}

func TestAcceptedCheckerKeepsEveryVerdict(t *testing.T) {
	spec, err := ParseWorkload("inference-r1-b1")
	if err != nil {
		t.Fatal(err)
	}
	_, want := spec.Inputs(7)
	plain := func(out []byte) error { return spec.Check(out, want) }
	var full int64 // answers the checker checked in full
	a := newAcceptedChecker(func(out []byte) error { full++; return plain(out) })

	// Find an element that is not zero, so that moving it by a few ulps stays within 1e-4.
	idx := -1
	for i := 0; i < len(want)/4; i++ {
		if f := math.Float32frombits(binary.LittleEndian.Uint32(want[4*i:])); f > 1 {
			idx = i
			break
		}
	}
	if idx < 0 {
		t.Fatal("the reference output has no element above 1")
	}
	good1 := nudge(want, idx, 3)   // what a GPU answers: the last bits differ
	good2 := nudge(want, idx, -2)  // another rounding
	bad := nudge(want, idx, 1<<22) // far outside the tolerance
	short := want[:len(want)-4]    // wrong length
	for _, g := range [][]byte{good1, good2} {
		if plain(g) != nil {
			t.Fatalf("test input: a nudged answer fails the plain check: %v", plain(g))
		}
	}
	if plain(bad) == nil || plain(short) == nil {
		t.Fatal("test input: a wrong answer passes the plain check")
	}

	steps := []struct {
		out      []byte
		ok       bool
		fullWant int64 // answers checked in full so far
	}{
		{good1, true, 1}, // first sight: checked in full, remembered
		{good1, true, 1}, // same bytes: no full check
		{bad, false, 2},  // wrong: checked in full every time, never remembered
		{bad, false, 3},
		{short, false, 4},
		{good2, true, 5}, // a second variant: checked, remembered
		{good2, true, 5},
		{good1, true, 5},
		{bad, false, 6},
	}
	for i, st := range steps {
		buf := append([]byte(nil), st.out...) // the caller's reused buffer
		err := a.Check(buf)
		if (err == nil) != st.ok {
			t.Fatalf("step %d: verdict %v, want ok=%v", i, err, st.ok)
		}
		if (plain(st.out) == nil) != st.ok {
			t.Fatalf("step %d: the plain check disagrees with the test's expectation", i)
		}
		if full != st.fullWant {
			t.Fatalf("step %d: %d answers checked in full, want %d", i, full, st.fullWant)
		}
		// The caller reuses its buffer: scribbling over it must not change what was remembered.
		for j := range buf {
			buf[j] = 0xff
		}
	}
	if a.Check(want) != nil {
		t.Fatal("the reference itself fails")
	}
}

func TestAcceptedCheckerRemembersAtMostMax(t *testing.T) {
	calls := 0
	a := newAcceptedChecker(func(out []byte) error { calls++; return nil })
	for i := 0; i < acceptedMax+3; i++ {
		out := []byte{byte(i)}
		if err := a.Check(out); err != nil {
			t.Fatal(err)
		}
		if err := a.Check(out); err != nil {
			t.Fatal(err)
		}
	}
	// Each of the first acceptedMax variants is checked in full once; the ones after them
	// twice (not remembered).
	if want := acceptedMax + 2*3; calls != want {
		t.Fatalf("%d full checks, want %d", calls, want)
	}
	if n := len(*a.known.Load()); n != acceptedMax {
		t.Fatalf("remembers %d answers, want %d", n, acceptedMax)
	}
}

func TestAcceptedCheckerConcurrent(t *testing.T) {
	spec, _ := ParseWorkload("matmul-n16")
	_, want := spec.Inputs(3)
	a := newAcceptedChecker(func(out []byte) error { return spec.Check(out, want) })
	bad := append([]byte(nil), want...)
	bad[0] ^= 1
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				if (g+i)%3 == 0 {
					if a.Check(bad) == nil {
						errs <- "a wrong answer passed"
						return
					}
				} else if err := a.Check(want); err != nil {
					errs <- err.Error()
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// BenchmarkAcceptedCheckInference is the generator's cost of checking one inference answer
// that the GPU gives every time (bytes differ from the reference in the last bits): the full
// check once, then a comparison of bytes.
func BenchmarkAcceptedCheckInference(b *testing.B) {
	spec, _ := ParseWorkload("inference-r1-b1")
	_, want := spec.Inputs(7)
	got := nudge(want, len(want)/8, 2)
	a := newAcceptedChecker(func(out []byte) error { return spec.Check(out, want) })
	b.SetBytes(int64(len(got)))
	for b.Loop() {
		if err := a.Check(got); err != nil {
			b.Fatal(err)
		}
	}
}
