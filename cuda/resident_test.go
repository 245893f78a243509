package cuda

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"testing"

	"gpufn/gpu"
)

// residentWords makes a resident allocation of n 64-bit words and returns it with the bytes
// of the words 0 to n-1, little-endian, to copy into it.
func residentWords(t *testing.T, d *Device, n int) (gpu.Ptr, []byte) {
	t.Helper()
	w, err := d.AllocResident(uint64(8 * n))
	if err != nil {
		t.Fatalf("AllocResident: %v", err)
	}
	vals := make([]byte, 0, 8*n)
	for i := range n {
		vals = binary.LittleEndian.AppendUint64(vals, uint64(i))
	}
	return w, vals
}

// A sealed resident allocation is read by kernels; freeing it and allocating again works.
func TestResidentRead(t *testing.T) {
	d := open(t)
	add := kernel(t, d, "add_i64")
	const n = 1024
	w, vals := residentWords(t, d, n)
	if err := d.CopyToDevice(w, vals); err != nil {
		t.Fatalf("CopyToDevice: %v", err)
	}
	if err := d.Seal(w); err != nil {
		t.Fatalf("Seal: %v", err)
	}
	out := alloc(t, d, 8*n)
	if err := d.Launch(add, gpu.Dim3{X: 4, Y: 1, Z: 1}, gpu.Dim3{X: 256, Y: 1, Z: 1}, 0, []uint64{uint64(w), uint64(w), uint64(out), n}); err != nil {
		t.Fatalf("Launch(add_i64): %v", err)
	}
	got := make([]byte, 8*n)
	if err := d.CopyFromDevice(got, out); err != nil {
		t.Fatalf("CopyFromDevice: %v", err)
	}
	want := make([]byte, 0, 8*n)
	for i := range n {
		want = binary.LittleEndian.AppendUint64(want, uint64(2*i))
	}
	if !bytes.Equal(got, want) {
		t.Fatal("add_i64 over a sealed resident allocation: wrong sums")
	}
	if err := d.FreeResident(w); err != nil {
		t.Fatalf("FreeResident: %v", err)
	}
	if err := d.FreeResident(w); err == nil {
		t.Fatal("FreeResident twice succeeded")
	}
	w2, err := d.AllocResident(1)
	if err != nil {
		t.Fatalf("AllocResident again: %v", err)
	}
	zero := make([]byte, 64)
	if err := d.CopyFromDevice(zero, w2); err != nil || !bytes.Equal(zero, make([]byte, 64)) {
		t.Fatalf("a new resident allocation is not zero: %v", err)
	}
	if err := d.FreeResident(w2); err != nil {
		t.Fatalf("FreeResident: %v", err)
	}
}

// Seal waits for the writes still in flight into the allocation before it maps it read-only:
// a kernel filling it (as an init flow does), queued behind a long memset of another buffer,
// still runs when Seal is called. Mapped read-only under it, its writes would fault (fatal:
// the context lost); Seal waits for it, its sums are there, and nothing fails.
func TestSealWaitsForWrites(t *testing.T) {
	d := open(t)
	add := kernel(t, d, "add_i64")
	const n = 1 << 20
	w, vals := residentWords(t, d, n)
	src := alloc(t, d, 8*n)
	if err := d.CopyToDevice(src, vals); err != nil {
		t.Fatalf("CopyToDevice: %v", err)
	}
	const busyBytes = 2 << 30 // a memset of a millisecond or so on current GPUs: the kernel waits behind it
	busy := alloc(t, d, busyBytes)
	if err := d.Memset(busy, 1, busyBytes); err != nil {
		t.Fatalf("Memset: %v", err)
	}
	if err := d.Launch(add, gpu.Dim3{X: n / 256, Y: 1, Z: 1}, gpu.Dim3{X: 256, Y: 1, Z: 1}, 0, []uint64{uint64(src), uint64(src), uint64(w), n}); err != nil {
		t.Fatalf("Launch(add_i64): %v", err)
	}
	if err := d.Seal(w); err != nil {
		t.Fatalf("Seal: %v", err)
	}
	got := make([]byte, 8*n)
	if err := d.CopyFromDevice(got, w); err != nil {
		t.Fatalf("CopyFromDevice after Seal: %v (the kernel's writes into the sealed allocation faulted?)", err)
	}
	for i := range n {
		if v := binary.LittleEndian.Uint64(got[8*i:]); v != uint64(2*i) {
			t.Fatalf("word %d of the sealed allocation is %d, want %d", i, v, 2*i)
		}
	}
	if err := d.FreeResident(w); err != nil {
		t.Fatalf("FreeResident: %v", err)
	}
}

// A kernel's write into a sealed allocation is CUDA_ERROR_ILLEGAL_ADDRESS (fatal).
func TestDestructiveResidentWrite(t *testing.T) {
	if os.Getenv("GPUFN_DESTRUCTIVE") != "1" {
		t.Skip("loses the CUDA context of the process: set GPUFN_DESTRUCTIVE=1 and run it alone")
	}
	d := open(t)
	fill := kernel(t, d, "fill_u8")
	w, err := d.AllocResident(4096)
	if err != nil {
		t.Fatalf("AllocResident: %v", err)
	}
	if err := d.Seal(w); err != nil {
		t.Fatalf("Seal: %v", err)
	}
	if err := d.Launch(fill, one, one, 0, []uint64{uint64(w), 64, 0xab}); err != nil {
		t.Fatalf("Launch(fill_u8): %v", err)
	}
	err = d.Synchronize()
	var ge *gpu.Error
	if !gpu.IsFatal(err) || !errors.As(err, &ge) || ge.Code != codeIllegalAddress {
		t.Fatalf("Synchronize after writing a sealed allocation = %v; want fatal CUDA_ERROR_ILLEGAL_ADDRESS", err)
	}
}
