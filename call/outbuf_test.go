package call

import "testing"

// drainOut empties the free lists so that a test sees only its own buffers.
func drainOut() {
	for i := range outClasses {
		c := &outClasses[i]
		c.mu.Lock()
		c.free = nil
		c.mu.Unlock()
	}
}

func TestOutBufferClasses(t *testing.T) {
	for _, c := range []struct{ n, shift int }{
		{0, 12}, {1, 12}, {4096, 12}, {4097, 13}, {131072, 17}, {131080, 18}, {16 << 20, 24}, {16<<20 + 1, 25},
	} {
		if got := outShift(c.n); got != c.shift {
			t.Errorf("outShift(%d) = %d, want %d", c.n, got, c.shift)
		}
	}
}

// A recycled buffer is the next one handed out for a size of its class (LIFO: the warmest),
// never for a larger size; buffers that fit no class are dropped; classes are bounded.
func TestOutBufferReuse(t *testing.T) {
	drainOut()
	t.Cleanup(drainOut)
	a := getOutBuffer(131080)
	if len(a) != 131080 || cap(a) != 1<<18 {
		t.Fatalf("len %d cap %d", len(a), cap(a))
	}
	b := getOutBuffer(200000)
	RecycleOutputBuffer(b)
	RecycleOutputBuffer(a)
	if got := getOutBuffer(150000); &got[:1][0] != &a[:1][0] || len(got) != 150000 {
		t.Fatal("the most recently recycled buffer of the class was not reused")
	}
	if got := getOutBuffer(1 << 18); &got[:1][0] != &b[:1][0] {
		t.Fatal("the class's other buffer was not reused")
	}
	if got := getOutBuffer(1<<18 + 1); cap(got) != 1<<19 {
		t.Fatalf("a larger size got cap %d", cap(got))
	}
	// A buffer of any capacity serves the largest class it covers.
	odd := make([]byte, 10, 300000) // class 2^18 (262144 <= 300000 < 2^19)
	RecycleOutputBuffer(odd)
	if got := getOutBuffer(262144); &got[:1][0] != &odd[:1][0] {
		t.Fatal("a 300000-byte buffer did not serve a 262144-byte request")
	}
	RecycleOutputBuffer(make([]byte, 100))    // too small: dropped
	RecycleOutputBuffer(make([]byte, 32<<20)) // too large: dropped
	for i := range outClasses {
		if n := len(outClasses[i].free); n != 0 {
			t.Fatalf("class %d keeps %d buffers", i+outMinShift, n)
		}
	}
	// Bounded: at most outClassMax buffers, and outClassBytes bytes, per class.
	for i := 0; i < 2*outClassMax; i++ {
		RecycleOutputBuffer(make([]byte, 1<<12))
		RecycleOutputBuffer(make([]byte, 1<<22))
	}
	if n := len(outClasses[0].free); n != outClassMax {
		t.Fatalf("4 KiB class keeps %d", n)
	}
	if n := len(outClasses[22-outMinShift].free); n != outClassBytes>>22 {
		t.Fatalf("4 MiB class keeps %d", n)
	}
}
