package worker

import (
	"testing"
	"time"
)

// A standby worker runs without its device until promoted: no hello before, a cpu device and
// its pool after; one stopped before its promotion exits cleanly.
func TestStandbyWorker(t *testing.T) {
	opt := startOpts(t, "")
	opt.Standby = true
	p, err := Start(opt)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop(5 * time.Second)
	if h := p.Hello(); h.Version != 0 || h.Device.Kind != "" {
		t.Fatalf("a standby said hello before its promotion: %+v", h)
	}
	if err := p.Promote(20 * time.Second); err != nil {
		t.Fatal(err)
	}
	if h := p.Hello(); h.Device.Kind != "cpu" || h.PoolBytes != opt.PoolBytes || h.PID != p.PID() || h.Start.Device <= 0 {
		t.Fatalf("hello after promotion: %+v", h)
	}

	idle, err := Start(opt)
	if err != nil {
		t.Fatal(err)
	}
	idle.Stop(5 * time.Second)
	<-idle.Done()
	if idle.exitErr != nil {
		t.Fatalf("a standby stopped before its promotion: %v", idle.exitErr)
	}
}
