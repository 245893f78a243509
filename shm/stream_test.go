package shm_test

import (
	"bytes"
	"errors"
	"io"
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
	// Each watermark is a chunk's end within a span (sa starts at 0) or a span's end: the
	// reader may see a's end, stored before b's first chunk (a make test run saw it, where the
	// test wanted chunk boundaries only).
	for _, w := range marks {
		if w != sa.End() && w != sb.End() && w%shm.StreamChunk != 0 {
			t.Fatalf("watermark %d is neither a chunk's end nor a span's", w)
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

// trickle hands out its bytes a few at a time, then fails with err (nil: io.EOF at the end).
type trickle struct {
	b    []byte
	step int
	err  error
}

func (r *trickle) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		if r.err != nil {
			return 0, r.err
		}
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), r.step)], r.b)
	r.b = r.b[n:]
	return n, nil
}

// Fill reads a span from a reader, raising the watermark in steps of at least FillStep (never
// past what was read); a reader that ends early leaves the watermark at what came, and Abort
// then stores InputsAborted, which Begin clears.
func TestFillFromReader(t *testing.T) {
	var ready atomic.Uint64
	mem := make([]byte, 1<<20)
	c := shm.NewStreamingContext(mem, &ready)
	c.Begin()
	body := make([]byte, 2*shm.StreamChunk+777)
	for i := range body {
		body[i] = byte(i*7 + 1)
	}
	s, err := c.Reserve(uint64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	// A reader that returns 1000 bytes at a time: the watermark follows each read.
	var marks []uint64
	r := &trickle{b: body, step: 1000}
	w := watchReads{r: r, after: func() { marks = append(marks, ready.Load()) }}
	n, err := c.Fill(s, &w)
	if err != nil || n != len(body) || !bytes.Equal(mem[:len(body)], body) {
		t.Fatalf("Fill: %d %v, bytes equal %v", n, err, bytes.Equal(mem[:len(body)], body))
	}
	if ready.Load() != s.End() {
		t.Fatalf("watermark %d after the whole span, want %d", ready.Load(), s.End())
	}
	// Before read i, 1000*i bytes were read: the watermark never says more, says it in steps
	// of at least FillStep, and lags by less than a step.
	last := uint64(0)
	for i, m := range marks[:len(marks)-1] {
		read := uint64(1000 * i)
		if m > read || read-m >= shm.FillStep+1000 || m != last && m-last < shm.FillStep {
			t.Fatalf("before read %d (%d bytes read) the watermark was %d (the last step at %d)", i, read, m, last)
		}
		last = m
	}
	if last == 0 {
		t.Fatal("the watermark never rose before the end")
	}

	// A body that ends early: the watermark stays at what came, the error says so.
	c.Begin()
	s, _ = c.Reserve(uint64(len(body)))
	n, err = c.Fill(s, &trickle{b: body[:5000], step: 4096})
	if !errors.Is(err, io.ErrUnexpectedEOF) || n != 5000 || ready.Load() != 5000 {
		t.Fatalf("a short body: %d %v, watermark %d", n, err, ready.Load())
	}
	c.Abort()
	if ready.Load() != shm.InputsAborted {
		t.Fatalf("Abort left the watermark at %d", ready.Load())
	}
	c.Begin()
	if ready.Load() != 0 {
		t.Fatalf("Begin after Abort left %d", ready.Load())
	}

	// A failing reader: its error comes back.
	boom := errors.New("connection reset")
	s, _ = c.Reserve(100)
	if n, err := c.Fill(s, &trickle{b: body[:10], step: 10, err: boom}); n != 10 || !errors.Is(err, boom) {
		t.Fatalf("a failing reader: %d %v", n, err)
	}
}

// watchReads calls after before each read of r.
type watchReads struct {
	r     io.Reader
	after func()
}

func (w *watchReads) Read(p []byte) (int, error) {
	w.after()
	return w.r.Read(p)
}
