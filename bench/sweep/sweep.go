package sweep

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"gpufn/bench/load"
)

// Sweep modes.
const (
	Step     = "step"     // coarse steps up until a rate fails, then fine steps from the last that held
	Adaptive = "adaptive" // double until a rate fails, then bisect between the last that held and it
	None     = "none"     // no sweep
)

// Config configures Run. Zero values take the defaults written beside them.
type Config struct {
	// Mode is Step (default) or Adaptive.
	Mode string
	// Start is the first rate (default 100 requests per second).
	Start float64
	// Step is the coarse step of a step sweep (default Start).
	Step float64
	// FineSteps divides Step into the fine step (default 4).
	FineSteps int
	// Max caps the rate (default 1,000,000).
	Max float64
	// Precision ends an adaptive sweep's bisection once (failed-held)/held is below it
	// (default 0.05).
	Precision float64
	// Settle is a pause between runs, so that a failed run's backlog does not spill into the
	// next one (default 1 s).
	Settle time.Duration
	// MaxRuns bounds the number of runs (default 40).
	MaxRuns int
	// Confirm is how many times a rate that failed is run again before the sweep takes it as
	// failed (default 0: never; the command line's default is 1): a rate holds if any of its
	// runs holds. A transient that has nothing to do with the rate (a stall of the machine,
	// the first second at a doubled rate) then cannot end a doubling early and confine the
	// bisection below the server's capacity; a rate past capacity fails every run. Each run
	// is kept in Steps (the repeats with Phase "again").
	Confirm int
	// Rule decides whether a rate holds.
	Rule load.Rule
	// FigurePoints, when above 1, adds after the search that many evenly spaced rates up to
	// the highest that held (peak/K, 2 peak/K, ... (K-1) peak/K; the peak's own run is
	// already there; phase "figure"), for plots whose points are evenly spread rather than
	// where the search happened to go. They do not change MaxHolding.
	FigurePoints int
}

func (s *Config) defaults() error {
	if s.Mode == "" {
		s.Mode = Step
	}
	if s.Mode != Step && s.Mode != Adaptive {
		return fmt.Errorf("bench: sweep mode %q: want %s or %s", s.Mode, Step, Adaptive)
	}
	if s.Start <= 0 {
		s.Start = 100
	}
	if s.Step <= 0 {
		s.Step = s.Start
	}
	if s.FineSteps <= 0 {
		s.FineSteps = 4
	}
	if s.Max <= 0 {
		s.Max = 1e6
	}
	if s.Precision <= 0 {
		s.Precision = 0.05
	}
	if s.Settle == 0 {
		s.Settle = time.Second
	}
	if s.MaxRuns <= 0 {
		s.MaxRuns = 40
	}
	return nil
}

// RunFunc runs one rate and returns its result (Run sets Phase and Holds).
type RunFunc func(ctx context.Context, rate float64) (*load.RateResult, error)

// Outcome is what Run found.
type Outcome struct {
	Steps []*load.RateResult
	// MaxHolding is the highest offered rate that held (0 if none did).
	MaxHolding float64
	// Capped is true when the sweep stopped at its cap (Config.Max) with every rate tried
	// holding: MaxHolding is then a lower bound ("at least R"), not the server's capacity.
	Capped bool
}

// Run searches for the highest rate that holds, calling run for each rate it tries, and
// onStep (if not nil) after each. It stops early, with what it has, when ctx ends.
func Run(ctx context.Context, sw Config, run RunFunc, onStep func(*load.RateResult)) (*Outcome, error) {
	if err := sw.defaults(); err != nil {
		return nil, err
	}
	out := &Outcome{}
	try := func(rate float64, phase string) (bool, error) {
		if len(out.Steps) > 0 && sw.Settle > 0 {
			select {
			case <-ctx.Done():
			case <-time.After(sw.Settle):
			}
		}
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		r, err := run(ctx, rate)
		if err != nil {
			return false, err
		}
		r.Phase = phase
		sw.Rule.Judge(r)
		out.Steps = append(out.Steps, r)
		if r.Holds && rate > out.MaxHolding {
			out.MaxHolding = rate
		}
		if onStep != nil {
			onStep(r)
		}
		return r.Holds, nil
	}
	if sw.Confirm > 0 {
		once := try
		try = func(rate float64, phase string) (bool, error) {
			ok, err := once(rate, phase)
			for k := 0; !ok && err == nil && k < sw.Confirm && len(out.Steps) < sw.MaxRuns; k++ {
				ok, err = once(rate, "again")
			}
			return ok, err
		}
	}
	var err error
	if sw.Mode == Step {
		err = stepSweep(ctx, &sw, out, try)
	} else {
		err = adaptiveSweep(ctx, &sw, out, try)
	}
	if err == nil && sw.FigurePoints > 1 && out.MaxHolding > 0 {
		err = figureSweep(ctx, &sw, out, run, onStep)
	}
	if err == ctx.Err() {
		err = nil // stopped: keep what was measured
	}
	return out, err
}

type tryFunc func(rate float64, phase string) (bool, error)

// stepSweep: Start, Start+Step, ... until a rate fails; then from the last rate that held, up
// by Step/FineSteps until a rate fails or the failed coarse rate is reached.
func stepSweep(ctx context.Context, sw *Config, out *Outcome, try tryFunc) error {
	held, failed := 0.0, 0.0
	for i := 0; ; i++ {
		rate := sw.Start + float64(i)*sw.Step
		if rate > sw.Max {
			out.Capped = held > 0
			return nil
		}
		if len(out.Steps) >= sw.MaxRuns {
			return nil
		}
		ok, err := try(rate, "coarse")
		if err != nil {
			return err
		}
		if !ok {
			failed = rate
			break
		}
		held = rate
	}
	fine := sw.Step / float64(sw.FineSteps)
	if held == 0 {
		fine = sw.Start / float64(sw.FineSteps)
	}
	for rate := held + fine; rate < failed-fine/2; rate += fine {
		if len(out.Steps) >= sw.MaxRuns {
			return nil
		}
		ok, err := try(rate, "fine")
		if err != nil || !ok {
			return err
		}
	}
	return nil
}

// adaptiveSweep: double from Start until a rate fails (or halve from Start until one holds),
// then bisect between the highest rate that held and the lowest that failed.
func adaptiveSweep(ctx context.Context, sw *Config, out *Outcome, try tryFunc) error {
	lo, hi := 0.0, 0.0
	rate := sw.Start
	for len(out.Steps) < sw.MaxRuns {
		ok, err := try(rate, "double")
		if err != nil {
			return err
		}
		if !ok {
			hi = rate
			break
		}
		lo = rate
		if rate >= sw.Max {
			out.Capped = true
			return nil
		}
		rate = math.Min(rate*2, sw.Max)
	}
	if hi == 0 {
		return nil
	}
	for lo == 0 && len(out.Steps) < sw.MaxRuns {
		rate = roundRate(hi / 2)
		if rate < sw.Start/1024 || rate <= 0 {
			return nil // nothing holds, even far below Start
		}
		ok, err := try(rate, "down")
		if err != nil {
			return err
		}
		if ok {
			lo = rate
		} else {
			hi = rate
		}
	}
	for lo > 0 && (hi-lo)/lo > sw.Precision && len(out.Steps) < sw.MaxRuns {
		mid := roundRate((lo + hi) / 2)
		if mid <= lo || mid >= hi {
			return nil
		}
		ok, err := try(mid, "bisect")
		if err != nil {
			return err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	return nil
}

// figureSweep runs the evenly spaced rates below the peak (Config.FigurePoints).
func figureSweep(ctx context.Context, sw *Config, out *Outcome, run RunFunc, onStep func(*load.RateResult)) error {
	peak, k := out.MaxHolding, sw.FigurePoints
	for i := 1; i < k; i++ {
		if sw.Settle > 0 {
			select {
			case <-ctx.Done():
			case <-time.After(sw.Settle):
			}
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		r, err := run(ctx, roundRate(peak*float64(i)/float64(k)))
		if err != nil {
			return err
		}
		r.Phase = "figure"
		sw.Rule.Judge(r)
		out.Steps = append(out.Steps, r)
		if onStep != nil {
			onStep(r)
		}
	}
	return nil
}

// roundRate rounds a rate to three significant digits, so that the rates of a sweep read well.
func roundRate(r float64) float64 {
	if r <= 0 {
		return r
	}
	v, _ := strconv.ParseFloat(strconv.FormatFloat(r, 'g', 3, 64), 64)
	return v
}
