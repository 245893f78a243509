package call

import (
	"sync/atomic"

	"gpufn/function"
	"gpufn/libscan"
)

// Library is an uploaded kernel library as engines see it. Immutable.
type Library struct {
	Name string
	Hash [32]byte // sha256 of Image
	// Kind and Image are what workers load: the upload, or on a CUDA server the cubin
	// compiled from an uploaded PTX at upload (the dispatcher keeps what was uploaded).
	Kind  libscan.Kind
	Image []byte
	Info  *libscan.Info // the upload's scan: kernels and parameter sizes
}

// Function is one registered version of a function. Its plan and library never change; a
// re-registration makes a new Function with a new ID.
type Function struct {
	ID   uint64
	Name string
	Plan *function.Plan
	// Config is the config JSON the plan was compiled from; workers compile it again.
	Config []byte
	Lib    *Library

	// Metrics holds the frontend's metric series for this function, resolved at its first
	// invocation so that later ones find them without a lookup; opaque to other packages.
	Metrics atomic.Value

	// Failure accounting for quarantine: consecutive faults or overruns.
	strikes     atomic.Int32
	quarantined atomic.Bool
}

// Quarantined reports whether the function faulted or overran too often in a row; it stays so
// until it is registered again (a new Function).
func (f *Function) Quarantined() bool { return f.quarantined.Load() }

// Strike counts a fault or an overrun against the function; it reports true when this strike
// quarantined it (after limit strikes in a row).
func (f *Function) Strike(limit int) bool {
	return int(f.strikes.Add(1)) >= limit && !f.quarantined.Swap(true)
}

// Cleared forgets the strikes: the function ran to the end.
func (f *Function) Cleared() {
	if f.strikes.Load() != 0 {
		f.strikes.Store(0)
	}
}

// Strikes is the number of faults or overruns in a row counted against the function.
func (f *Function) Strikes() int { return int(f.strikes.Load()) }
