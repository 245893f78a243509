package cuda

import (
	"bytes"
	"syscall"
	"testing"

	"gpufn/gpu"
)

// The copy stream (gpu.AheadCopier): what is enqueued on it after a fence runs after the
// default stream's work before the fence (a kernel filling the buffer with 0xab), and the
// default stream's work after a join runs after it (a copy back to the host). The buffer then
// holds the copy where it was copied and zeros elsewhere: neither the fill overtook the zeroing
// nor the copy back overtook the copy in. Query then reports the default stream done.
func TestAheadCopies(t *testing.T) {
	d := open(t)
	const n = 4 << 20
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
	p := alloc(t, d, n)
	for round := range 3 {
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
		if !bytes.Equal(back[:n/2], src[:n/2]) || !bytes.Equal(back[n/2:], make([]byte, n/2)) {
			t.Fatalf("round %d: the buffer after the fill, the zeroing and the copy ahead holds %x ... %x", round, back[:8], back[n/2:n/2+8])
		}
		clear(back)
	}
	if err := d.Synchronize(); err != nil {
		t.Fatal(err)
	}
}
