package cuda

import (
	"bytes"
	"syscall"
	"testing"

	"gpufn/gpu"
)

// The copy stream (gpu.AheadCopier): what is enqueued on it after a fence runs after the
// default stream's work before the fence, and the default stream's work after a join runs
// after it. The work on each side is made long enough that a missing fence or join shows:
//   - before the fence the default stream busy-waits 20 ms and only then fills the buffer with
//     0xab, so a zeroing and a copy that did not wait for the fence would be done long before
//     the fill and overwritten by it;
//   - the copy ahead moves 32 MiB (most of a millisecond) after zeroing 64 MiB, so a copy back
//     that did not wait for the join would start with them and read zeros or 0xab where the
//     copy had not reached yet.
//
// The buffer then holds the copy where it was copied and zeros elsewhere. Query then reports
// the default stream done.
func TestAheadCopies(t *testing.T) {
	d := open(t)
	const n = 64 << 20
	host, err := syscall.Mmap(-1, 0, 2*n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED|syscall.MAP_ANONYMOUS)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(host)
	if err := d.HostRegister(host); err != nil {
		t.Fatalf("HostRegister: %v", err)
	}
	defer d.HostUnregister(host)
	src, back := host[:n], host[n:]
	for i := range src {
		src[i] = byte(i*7 + 1)
	}
	fill := kernel(t, d, "fill_u8")
	spin := kernel(t, d, "spin_ns")
	p := alloc(t, d, n)
	one := gpu.Dim3{X: 1, Y: 1, Z: 1}
	for round := range 3 {
		if err := d.Launch(spin, one, one, 0, []uint64{20e6}); err != nil {
			t.Fatalf("Launch(spin_ns): %v", err)
		}
		if err := d.Launch(fill, gpu.Dim3{X: 1024, Y: 1, Z: 1}, gpu.Dim3{X: 256, Y: 1, Z: 1}, 0, []uint64{uint64(p), n, 0xab}); err != nil {
			t.Fatalf("Launch(fill_u8): %v", err)
		}
		if err := d.AheadFence(); err != nil {
			t.Fatalf("AheadFence: %v", err)
		}
		if err := d.AheadZero(p, n); err != nil {
			t.Fatalf("AheadZero: %v", err)
		}
		if err := d.AheadCopy(p, src[:n/2]); err != nil {
			t.Fatalf("AheadCopy: %v", err)
		}
		if err := d.AheadJoin(); err != nil {
			t.Fatalf("AheadJoin: %v", err)
		}
		if err := d.CopyFromDeviceAsync(back, p); err != nil {
			t.Fatalf("CopyFromDeviceAsync: %v", err)
		}
		for {
			done, err := d.Query()
			if err != nil {
				t.Fatalf("Query: %v", err)
			}
			if done {
				break
			}
		}
		if i := mismatch(back[:n/2], src[:n/2]); i >= 0 {
			t.Fatalf("round %d: byte %d of the copy ahead reads back %#x, want %#x (a copy that overtook the fence, or a copy back that overtook the join)", round, i, back[i], src[i])
		}
		if i := mismatch(back[n/2:], make([]byte, n/2)); i >= 0 {
			t.Fatalf("round %d: byte %d past the copy reads back %#x, want 0 (a zeroing that overtook the fence, or a copy back that overtook the join)", round, n/2+i, back[n/2+i])
		}
		clear(back)
	}
	if err := d.Synchronize(); err != nil {
		t.Fatal(err)
	}
}

// mismatch is the first index where a and b differ, or -1.
func mismatch(a, b []byte) int {
	if bytes.Equal(a, b) {
		return -1
	}
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return len(a)
}
