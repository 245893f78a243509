package shm_test

import (
	"bytes"
	"sync/atomic"
	"testing"

	"gpufn/shm"
)

// Streamed inputs: Begin lowers the watermark, Reserve writes nothing, and Stream raises the
// watermark a chunk at a time; a reader that trusts only the bytes below the watermark it
// loaded always finds them written, and finally finds every input.
func TestStreamWatermark(t *testing.T) {
	var ready atomic.Uint64
	mem := make([]byte, 1<<20)
	c := shm.NewStreamingContext(mem, &ready)
	if !c.Streams() || shm.NewContext(mem).Streams() {
		t.Fatal("Streams is wrong")
	}
	ready.Store(12345) // what an earlier invocation left
	c.Begin()
	if ready.Load() != 0 {
		t.Fatalf("Begin left the watermark at %d", ready.Load())
	}
	a := bytes.Repeat([]byte{0xa1}, 3*shm.StreamChunk+100)
	b := bytes.Repeat([]byte{0xb2}, 1000)
	sa, err := c.Reserve(uint64(len(a)))
	if err != nil {
		t.Fatal(err)
	}
	sb, err := c.Reserve(uint64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	if sa.Off != 0 || sb.Off != sa.End() || ready.Load() != 0 || mem[0] != 0 || mem[sb.Off] != 0 {
		t.Fatalf("spans %v %v, watermark %d, bytes %d %d", sa, sb, ready.Load(), mem[0], mem[sb.Off])
	}
	if _, err := c.Reserve(uint64(len(mem))); err == nil {
		t.Fatal("a reservation past the end was granted")
	}
	want := append(append([]byte(nil), a...), b...)
	seen := make(chan []uint64)
	go func() {
		var marks []uint64
		for last := uint64(0); last < sb.End(); {
			w := ready.Load()
			if w < last {
				t.Errorf("watermark went back from %d to %d", last, w)
				break
			}
			if w > last {
				if !bytes.Equal(mem[:w], want[:w]) {
					t.Errorf("bytes below watermark %d are not written", w)
					break
				}
				marks = append(marks, w)
				last = w
			}
		}
		seen <- marks
	}()
	c.Stream(sa, a)
	c.Stream(sb, b)
	marks := <-seen
	if len(marks) == 0 || marks[len(marks)-1] != sb.End() {
		t.Fatalf("reader saw watermarks %v, want the last at %d", marks, sb.End())
	}
	for _, w := range marks {
		if w != sb.End() && w%shm.StreamChunk != 0 {
			t.Fatalf("watermark %d is not at a chunk boundary", w)
		}
	}
	if out := c.OutputArea(); out.Off < sb.End() {
		t.Fatalf("output area %v overlaps the inputs", out)
	}
}

// Without a watermark Stream is a plain copy and Begin touches nothing else.
func TestStreamWithoutWatermark(t *testing.T) {
	mem := make([]byte, 4096)
	c := shm.NewContext(mem)
	c.Begin()
	s, err := c.Reserve(5)
	if err != nil {
		t.Fatal(err)
	}
	c.Stream(s, []byte("hello"))
	if string(mem[:5]) != "hello" {
		t.Fatalf("got %q", mem[:5])
	}
}
