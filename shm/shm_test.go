package shm_test

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"golang.org/x/sys/unix"

	"gpufn/shm"
)

func TestRegionSharedAndSealed(t *testing.T) {
	r, err := shm.Create("test", 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// A second mapping of the same descriptor (what the worker does) sees the same bytes.
	dup, err := unix.Dup(int(r.File().Fd()))
	if err != nil {
		t.Fatal(err)
	}
	r2, err := shm.Open(os.NewFile(uintptr(dup), "dup"))
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Close()
	if r2.Size() != 1<<20 {
		t.Fatalf("size %d", r2.Size())
	}
	copy(r.Bytes()[4096:], "hello")
	if !bytes.Equal(r2.Bytes()[4096:4101], []byte("hello")) {
		t.Fatal("mappings do not share memory")
	}
	// Neither side can resize it.
	if err := r.File().Truncate(1 << 10); err == nil {
		t.Fatal("shrinking a sealed region succeeded")
	}
	if err := r.File().Truncate(2 << 20); err == nil {
		t.Fatal("growing a sealed region succeeded")
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Fatal("second Close:", err)
	}
}

func TestCreateRejectsZero(t *testing.T) {
	if _, err := shm.Create("z", 0); err == nil {
		t.Fatal("zero-sized region created")
	}
}

// The previous invocation's bytes beyond the new inputs are zeroed before the worker runs.
func TestContextZeroesLeftovers(t *testing.T) {
	mem := make([]byte, 1024)
	c := shm.NewContext(mem)
	c.Begin()
	if _, err := c.PutInput(bytes.Repeat([]byte{1}, 300)); err != nil {
		t.Fatal(err)
	}
	out := c.OutputArea()
	if out.Off != 320 || out.Len != 1024-320 {
		t.Fatalf("output area %+v", out)
	}
	copy(mem[out.Off:], bytes.Repeat([]byte{2}, 400)) // the worker's outputs
	c.Written(out.Off + 400)

	c.Begin()
	s, err := c.PutInput([]byte{9, 9, 9})
	if err != nil || s.Off != 0 || s.Len != 3 {
		t.Fatalf("%+v %v", s, err)
	}
	c.OutputArea()
	for i, b := range mem[3:] {
		if b != 0 {
			t.Fatalf("byte %d = %d after the next invocation began", i+3, b)
		}
	}
	if !bytes.Equal(mem[:3], []byte{9, 9, 9}) {
		t.Fatal("inputs lost")
	}
}

func TestContextTooLarge(t *testing.T) {
	c := shm.NewContext(make([]byte, 100))
	c.Begin()
	if _, err := c.PutInput(make([]byte, 60)); err != nil {
		t.Fatal(err)
	}
	_, err := c.PutInput(make([]byte, 41))
	if !errors.Is(err, shm.ErrTooLarge) {
		t.Fatalf("err = %v", err)
	}
	if _, err := c.Slice(shm.Span{Off: 90, Len: 11}); err == nil {
		t.Fatal("span past the end accepted")
	}
	if _, err := c.Slice(shm.Span{Off: 1 << 62, Len: 1 << 62}); err == nil {
		t.Fatal("overflowing span accepted")
	}
}

// Retire zeroes the outputs at once; what is left of the inputs is still zeroed by the next
// invocation's OutputArea.
func TestContextRetire(t *testing.T) {
	mem := make([]byte, 1024)
	c := shm.NewContext(mem)
	c.Begin()
	if _, err := c.PutInput(bytes.Repeat([]byte{1}, 300)); err != nil {
		t.Fatal(err)
	}
	out := c.OutputArea()
	copy(mem[out.Off:], bytes.Repeat([]byte{2}, 400))
	c.Written(out.Off + 400)
	c.Retire()
	for i, b := range mem[300:] {
		if b != 0 {
			t.Fatalf("byte %d = %d after Retire", i+300, b)
		}
	}
	c.Begin()
	if _, err := c.PutInput([]byte{9}); err != nil {
		t.Fatal(err)
	}
	c.OutputArea()
	for i, b := range mem[1:] {
		if b != 0 {
			t.Fatalf("byte %d = %d after the next invocation began", i+1, b)
		}
	}
}
