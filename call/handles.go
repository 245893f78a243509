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
	// Extra are the other libraries of a function whose kernels come from several (Dandelion
	// v2's modules): Lib is Plan.Libraries[0]'s, Extra[i] Plan.Libraries[i+1]'s. Nil otherwise.
	Extra []*Library
	// Owner is the tenant that registered the function: a worker that holds one tenant's code or
	// weight sets drops them before it runs another's function (engine/affinity.go).
	Owner string
	// Weights is the weight set the function's weights (Plan.Weights) are bound to; nil for a
	// function without a weight set.
	Weights *WeightSet

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

// WeightSet is a weight set as a function is bound to it: which set (its content's SHA-256),
// where workers read it, and where each of the function's weights lies in its data. Workers
// place the whole data (DataBytes) once per SHA-256 and keep it resident; the bytes never
// travel with an invocation. Immutable once made.
type WeightSet struct {
	SHA256 [32]byte
	// Path is the safetensors file under the server's data directory (store.BlobPath).
	Path string
	// DataOffset is where the tensors' data begins in the file, DataBytes its size: the
	// device memory the set takes.
	DataOffset, DataBytes uint64
	// Ranges are the [begin, end) byte ranges in the data of Plan.Weights, in that order.
	Ranges [][2]uint64
	// Owner identifies the tenant that owns the set (a hash of its name): a worker short of
	// room evicts the sets of a tenant over its share first.
	Owner uint64
}
