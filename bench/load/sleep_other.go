//go:build !linux

package load

import "time"

// preciseSleeper is Linux's timerfd (sleep_linux.go); elsewhere there is none, and waits
// spin for the last 2 ms as a Go timer cannot be trusted closer than a millisecond.
type preciseSleeper struct{}

func newPreciseSleeper() *preciseSleeper        { return nil }
func (s *preciseSleeper) sleep(d time.Duration) { time.Sleep(d) }
func (s *preciseSleeper) close()                {}
