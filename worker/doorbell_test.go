package worker

import (
	"io"
	"os"
	"sync/atomic"
	"testing"
	"time"
)

// Spinning readers with a doorbell get every byte: frames announced by the doorbell, frames
// written without a ring (found by the periodic read), and the end of the pipe.
func TestSpinReadersWithDoorbell(t *testing.T) {
	for _, kind := range []string{"poll", "raw"} {
		t.Run(kind, func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			region := make([]byte, 4096+DoorbellBytes)
			reqBell, repBell := doorbells(region)
			var rd io.Reader
			var want func(uint64)
			var bell *atomic.Uint64
			switch kind {
			case "poll":
				sr, err := newPollSpinReader(r, SpinForever)
				if err != nil {
					t.Fatal(err)
				}
				psr := sr.(*pollSpinReader)
				psr.bell, bell = repBell, repBell
				want = func(id uint64) { psr.want = id }
				rd = psr
			case "raw":
				sr, err := newRawSpinReader(r, 50*time.Millisecond)
				if err != nil {
					t.Fatal(err)
				}
				rsr := sr.(*rawSpinReader)
				rsr.bell, bell = reqBell, reqBell
				want = func(uint64) {}
				rd = rsr
			}
			read := func(n int) string {
				t.Helper()
				buf := make([]byte, n)
				if _, err := io.ReadFull(rd, buf); err != nil {
					t.Fatalf("reading %d bytes: %v", n, err)
				}
				return string(buf)
			}
			for id := uint64(1); id <= 50; id++ {
				want(id)
				go func() {
					w.Write([]byte("frame"))
					if id%3 != 0 { // every third frame comes without a ring
						bell.Store(id)
					}
				}()
				if got := read(5); got != "frame" {
					t.Fatalf("frame %d: %q", id, got)
				}
			}
			w.Close()
			if n, err := rd.Read(make([]byte, 1)); n != 0 || err != io.EOF {
				t.Fatalf("after the writer closed: %d, %v; want EOF", n, err)
			}
		})
	}
}
