package cpu

import (
	"errors"
	"strings"
	"testing"

	"gpufn/gpu"
)

// A sealed resident allocation is readable by kernels; a kernel's store to it, checked or
// through a slice, is a fatal ILLEGAL_ADDRESS; the host can no longer write it; freeing it works.
func TestResidentReadOnly(t *testing.T) {
	for _, kernel := range []string{"checked store", "slice store"} {
		t.Run(kernel, func(t *testing.T) {
			d := New(Options{MemBytes: 1 << 20})
			defer d.Close()
			w, err := d.AllocResident(64)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.CopyToDevice(w, []byte("weights!")); err != nil {
				t.Fatal(err)
			}
			if err := d.Seal(w); err != nil {
				t.Fatal(err)
			}
			if err := d.CopyToDevice(w, []byte("x")); err == nil || gpu.IsFatal(err) {
				t.Fatalf("a host copy into a sealed allocation: %v, want a per-call error", err)
			}
			out, _ := d.Alloc(8)
			// A kernel reads the weights.
			copyK := Kernel{Name: "rd", Params: 2, Fn: func(m *Mem, th *Thread, a []uint64) { m.StoreU64(a[1], m.LoadU64(a[0])) }}
			if err := d.runTest(copyK, uint64(w), uint64(out)); err != nil {
				t.Fatal(err)
			}
			got := make([]byte, 8)
			if err := d.CopyFromDevice(got, out); err != nil || string(got) != "weights!" {
				t.Fatalf("read %q %v", got, err)
			}
			// A kernel writes them: the device is lost with ILLEGAL_ADDRESS.
			wr := Kernel{Name: "wr", Params: 1, Fn: func(m *Mem, th *Thread, a []uint64) { m.LoadU64(a[0]); m.StoreU64(a[0], 1) }}
			if kernel == "slice store" {
				wr.Fn = func(m *Mem, th *Thread, a []uint64) { m.Bytes(a[0], 8)[3] = 1 }
			}
			err = d.runTest(wr, uint64(w))
			var ge *gpu.Error
			if !errors.As(err, &ge) || !ge.Fatal || ge.Name != "ILLEGAL_ADDRESS" || !strings.Contains(ge.Msg, "read-only") {
				t.Fatalf("a write into sealed memory: %v", err)
			}
		})
	}
	d := New(Options{MemBytes: 1 << 20})
	defer d.Close()
	w, _ := d.AllocResident(64)
	d.Seal(w)
	if err := d.FreeResident(w); err != nil {
		t.Fatal(err)
	}
	if err := d.FreeResident(w); err == nil {
		t.Fatal("freed twice")
	}
}

// runTest runs k for one thread with args through the device's launch path.
func (d *Device) runTest(k Kernel, args ...uint64) error {
	return d.run(&k, gpu.Dim3{X: 1, Y: 1, Z: 1}, gpu.Dim3{X: 1, Y: 1, Z: 1}, args)
}
