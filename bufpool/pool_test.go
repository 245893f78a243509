package bufpool_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"gpufn/bufpool"
	"gpufn/gpu"
)

// fakeDev records memsets over a pretend allocation.
type fakeDev struct {
	base    gpu.Ptr
	allocs  int
	frees   int
	memsets []string
	failSet error
}

func (d *fakeDev) Alloc(n uint64) (gpu.Ptr, error) {
	d.allocs++
	if n > 1<<40 {
		return 0, gpu.ErrOutOfMemory
	}
	d.base = 0x7000_0000
	return d.base, nil
}
func (d *fakeDev) Free(gpu.Ptr) error { d.frees++; return nil }
func (d *fakeDev) Memset(p gpu.Ptr, v byte, n uint64) error {
	if d.failSet != nil {
		return d.failSet
	}
	d.memsets = append(d.memsets, fmt.Sprintf("+%d:%d=%d", p-d.base, n, v))
	return nil
}

func TestBumpAllocationAligned(t *testing.T) {
	d := &fakeDev{}
	p, err := bufpool.New(d, 4096+17, bufpool.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Capacity() != 4096 {
		t.Fatalf("capacity %d, want rounded down to 4096", p.Capacity())
	}
	var got []gpu.Ptr
	for _, n := range []uint64{1, 256, 257, 0, 8} {
		ptr, err := p.Alloc(n)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ptr-p.Base())
	}
	want := []gpu.Ptr{0, 256, 512, 1024, 1024}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("offsets %v, want %v", got, want)
		}
	}
	if p.Used() != 1024+256 {
		t.Fatalf("used %d", p.Used())
	}
	if d.allocs != 1 {
		t.Fatalf("%d device allocations; the pool makes exactly one", d.allocs)
	}
}

func TestReleaseZeroesUsedSpanOnce(t *testing.T) {
	d := &fakeDev{}
	p, _ := bufpool.New(d, 1<<20, bufpool.Options{})
	p.Alloc(1000)
	p.Alloc(10)
	if err := p.Release(); err != nil {
		t.Fatal(err)
	}
	if len(d.memsets) != 1 || d.memsets[0] != "+0:1280=0" {
		t.Fatalf("memsets %v, want one over the used 1280 bytes", d.memsets)
	}
	if p.Used() != 0 {
		t.Fatal("not released")
	}
	// Nothing used: nothing to zero.
	p.Release()
	if len(d.memsets) != 1 {
		t.Fatalf("memsets %v", d.memsets)
	}
}

func TestScrubOnReserveAndCreate(t *testing.T) {
	d := &fakeDev{}
	p, _ := bufpool.New(d, 1<<20, bufpool.Options{ScrubOnReserve: true, ZeroOnCreate: true})
	if err := p.Reserve(512); err != nil {
		t.Fatal(err)
	}
	if strings.Join(d.memsets, " ") != "+0:1048576=0 +0:512=0" {
		t.Fatalf("memsets %v", d.memsets)
	}
}

func TestExhaustionNamesNeedAndCapacity(t *testing.T) {
	d := &fakeDev{}
	p, _ := bufpool.New(d, 4096, bufpool.Options{})
	err := p.Reserve(8192)
	var oom *bufpool.OutOfMemoryError
	if !errors.As(err, &oom) || !errors.Is(err, gpu.ErrOutOfMemory) {
		t.Fatalf("err = %v", err)
	}
	if !strings.Contains(err.Error(), "needs 8192 bytes") || !strings.Contains(err.Error(), "holds 4096") {
		t.Fatalf("message %q", err)
	}
	p.Alloc(4000)
	if _, err := p.Alloc(200); !errors.Is(err, gpu.ErrOutOfMemory) {
		t.Fatalf("alloc past the end: %v", err)
	}
	if _, err := p.Alloc(^uint64(0)); !errors.Is(err, gpu.ErrOutOfMemory) {
		t.Fatalf("overflowing alloc: %v", err)
	}
}

func TestReleaseFailureKeepsPoolInUse(t *testing.T) {
	d := &fakeDev{}
	p, _ := bufpool.New(d, 4096, bufpool.Options{})
	p.Alloc(10)
	d.failSet = errors.New("device lost")
	if err := p.Release(); err == nil {
		t.Fatal("release succeeded without zeroing")
	}
	if p.Used() == 0 {
		t.Fatal("a span that was not zeroed was handed back")
	}
}

func TestClose(t *testing.T) {
	d := &fakeDev{}
	p, _ := bufpool.New(d, 4096, bufpool.Options{})
	p.Close()
	p.Close()
	if d.frees != 1 {
		t.Fatalf("%d frees", d.frees)
	}
	if _, err := p.Alloc(1); !errors.Is(err, bufpool.ErrClosed) {
		t.Fatal(err)
	}
}

func TestNewOutOfMemory(t *testing.T) {
	if _, err := bufpool.New(&fakeDev{}, 1<<41, bufpool.Options{}); !errors.Is(err, gpu.ErrOutOfMemory) {
		t.Fatalf("err = %v", err)
	}
}

// A span reserved ahead never overlaps the span in use: at the pool's middle, else its start,
// else right after the span in use; Release zeroes only the span in use and hands the pool to
// the span reserved ahead.
func TestReserveAheadBesideTheSpanInUse(t *testing.T) {
	d := &fakeDev{}
	p, err := bufpool.New(d, 4096, bufpool.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Alloc(1000); err != nil { // [0, 1024) in use
		t.Fatal(err)
	}
	base, err := p.ReserveAhead(1500)
	if err != nil || base-p.Base() != 2048 {
		t.Fatalf("ReserveAhead: %v at +%d, want the middle, +2048", err, base-p.Base())
	}
	if _, err := p.ReserveAhead(1); err == nil {
		t.Fatal("a second span reserved ahead was allowed")
	}
	// The span in use cannot grow into it; the span ahead not past what it reserved.
	if _, err := p.Alloc(1024); err != nil {
		t.Fatalf("Alloc below the span ahead: %v", err)
	}
	if _, err := p.Alloc(256); !errors.Is(err, gpu.ErrOutOfMemory) {
		t.Fatalf("Alloc into the span ahead: %v", err)
	}
	a1, _ := p.AllocAhead(100)
	a2, _ := p.AllocAhead(1024)
	if a1-p.Base() != 2048 || a2-p.Base() != 2304 {
		t.Fatalf("AllocAhead at +%d, +%d", a1-p.Base(), a2-p.Base())
	}
	if _, err := p.AllocAhead(512); !errors.Is(err, gpu.ErrOutOfMemory) {
		t.Fatalf("AllocAhead past its reservation (1536): %v", err)
	}
	d.memsets = nil
	if err := p.Release(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(d.memsets) != "[+0:2048=0]" || p.Used() != 1280 || p.Ahead() {
		t.Fatalf("Release zeroed %v, used %d, ahead %v; want [+0:2048=0], the span ahead's 1280 in use", d.memsets, p.Used(), p.Ahead())
	}
	// In use: [2048, 3328). The next goes to the start (the middle is taken): back and forth.
	if base, err := p.ReserveAhead(2048); err != nil || base != p.Base() {
		t.Fatalf("ReserveAhead at the start: %v at +%d", err, base-p.Base())
	}
	if _, err := p.AllocAhead(512); err != nil {
		t.Fatal(err)
	}
	d.memsets = nil
	if err := p.DropAhead(); err != nil || fmt.Sprint(d.memsets) != "[+0:512=0]" || p.Ahead() {
		t.Fatalf("DropAhead: %v, zeroed %v", err, d.memsets)
	}
	// Neither the middle, the start (2049 > 2048) nor after [2048, 3328) holds 2049 bytes.
	if _, err := p.ReserveAhead(2049); !errors.Is(err, gpu.ErrOutOfMemory) || p.Ahead() {
		t.Fatalf("ReserveAhead of 2049 beside [2048,3328) of 4096: %v", err)
	}
	// 768 fits after it only if neither the middle nor the start does: they do (the start).
	if base, err := p.ReserveAhead(768); err != nil || base != p.Base() {
		t.Fatalf("ReserveAhead of 768: %v at +%d", err, base-p.Base())
	}
	p.DropAhead()
	d.memsets = nil
	if err := p.Release(); err != nil || fmt.Sprint(d.memsets) != "[+2048:1280=0]" || p.Used() != 0 {
		t.Fatalf("Release: %v, zeroed %v, used %d", err, d.memsets, p.Used())
	}
	// Free again from 0: the whole pool.
	if ptr, err := p.Alloc(4096); err != nil || ptr != p.Base() {
		t.Fatalf("Alloc of the whole pool after: %v", err)
	}
	// A span in use over the middle: the one ahead goes after it.
	p.Release()
	p.Alloc(2304)
	if base, err := p.ReserveAhead(1024); err != nil || base-p.Base() != 2304 {
		t.Fatalf("ReserveAhead past a span over the middle: %v at +%d", err, base-p.Base())
	}
}
