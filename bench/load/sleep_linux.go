package load

import (
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// preciseSleeper sleeps on a timerfd read through the Go runtime's network poller: the poller's
// epoll_wait returns when the timer fires, to the microsecond, where a Go timer can end up to
// a millisecond late when every processor is idle (epoll_wait's timeout is whole
// milliseconds). The goroutine parks while it sleeps, so its processor is free.
type preciseSleeper struct {
	f  *os.File
	fd int
}

// newPreciseSleeper returns nil where a timerfd cannot be made; the caller then falls back to
// a Go timer and a longer spin.
func newPreciseSleeper() *preciseSleeper {
	fd, err := unix.TimerfdCreate(unix.CLOCK_MONOTONIC, unix.TFD_NONBLOCK|unix.TFD_CLOEXEC)
	if err != nil {
		return nil
	}
	// A non-blocking descriptor: os.NewFile registers it with the network poller.
	return &preciseSleeper{f: os.NewFile(uintptr(fd), "timerfd"), fd: fd}
}

// sleep parks the calling goroutine for d (which should be short: it is not interrupted).
func (s *preciseSleeper) sleep(d time.Duration) {
	if d <= 0 {
		return
	}
	spec := unix.ItimerSpec{Value: unix.NsecToTimespec(int64(d))}
	if err := unix.TimerfdSettime(s.fd, 0, &spec, nil); err != nil {
		time.Sleep(d)
		return
	}
	var buf [8]byte
	if _, err := s.f.Read(buf[:]); err != nil {
		time.Sleep(d)
	}
}

func (s *preciseSleeper) close() { _ = s.f.Close() }
