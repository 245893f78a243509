package call

import (
	"crypto/sha256"
	"sync"
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
	// ByArch holds, on a CUDA server with GPUs of several architectures, the cubin compiled at
	// upload for each (keyed by gpu.Info.Arch): a worker of one of them loads that instead of
	// Image (the PTX, which it would JIT-compile). Nil otherwise.
	ByArch map[string]*Library
}

// For is what a worker of architecture arch loads: its ByArch entry, else l itself.
func (l *Library) For(arch string) *Library {
	if c := l.ByArch[arch]; c != nil {
		return c
	}
	return l
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
	// Owner is the tenant that registered the function ("" counts every caller as the owner).
	// Only the owner's own invocations' faults and overruns can quarantine the function for
	// everyone; and a worker that holds one tenant's code or weight sets drops them before it
	// runs another's function (engine/affinity.go).
	Owner string
	// Weights is the weight set the function's weights (Plan.Weights) are bound to; nil for a
	// function without a weight set.
	Weights *WeightSet
	// Batching is the function's batching declaration and its resolved variants (nil without
	// "batching"; docs/batching.md).
	Batching *Batching

	// Metrics holds the frontend's metric series for this function, resolved at its first
	// invocation so that later ones find them without a lookup; opaque to other packages.
	Metrics atomic.Value

	// retired: a newer version replaced the function, or it was deleted (Retire); an engine
	// preloads it no more. preloadLost: a worker was lost while it preloaded the function
	// (engine/preload.go); it is not preloaded again.
	retired, preloadLost atomic.Bool

	// Failure accounting for quarantine: faults or overruns of the owner's invocations, in a
	// row and in all, and of each other caller's (see Strike).
	strikes     atomic.Int32
	faults      atomic.Int32
	quarantined atomic.Bool
	others      atomic.Int32 // entries in callers: the hot path skips the lock while 0
	mu          sync.Mutex
	callers     map[string]*callerStrikes

	digestOnce sync.Once
	digest     [32]byte
}

// CodeDigest is a digest of what the function runs: its libraries' contents, its kernels and
// its config, so that registering the same function again gives the same digest. Computed once.
func (f *Function) CodeDigest() [32]byte {
	f.digestOnce.Do(func() {
		h := sha256.New()
		if f.Lib != nil {
			h.Write(f.Lib.Hash[:])
		}
		for _, l := range f.Extra {
			h.Write(l.Hash[:])
		}
		if f.Plan != nil {
			for _, k := range f.Plan.Kernels {
				h.Write([]byte(k))
				h.Write([]byte{0})
			}
		}
		h.Write(f.Config)
		h.Sum(f.digest[:0])
	})
	return f.digest
}

// callerStrikes is the strike count of one caller that is not the owner, in a row and in all.
type callerStrikes struct {
	strikes, faults int
	quarantined     bool
}

// TotalFactor times the limit of strikes in a row is the limit of strikes in all, successes
// between them or not: a caller alternating faults with successes (under MPS each fault tears
// down every worker of the GPU) is quarantined too.
const TotalFactor = 10

// Retire marks the function replaced by a newer version or deleted: invocations already
// admitted run as before, but engines no longer preload it.
func (f *Function) Retire() { f.retired.Store(true) }

// Retired reports whether Retire was called.
func (f *Function) Retired() bool { return f.retired.Load() }

// PreloadLost marks that a worker was lost while preloading the function, so that no engine
// preloads it again (its first invocations load it, and their failures count as usual);
// PreloadLostBefore reports it.
func (f *Function) PreloadLost()            { f.preloadLost.Store(true) }
func (f *Function) PreloadLostBefore() bool { return f.preloadLost.Load() }

// Quarantined reports whether the function faulted or overran too often in a row in its owner's
// invocations: it is then quarantined for every caller until it is registered again (a new
// Function).
func (f *Function) Quarantined() bool { return f.quarantined.Load() }

// QuarantinedFor reports whether caller may not invoke the function: it is quarantined for
// everyone, or caller's own invocations faulted or overran too often in a row.
func (f *Function) QuarantinedFor(caller string) bool {
	if f.quarantined.Load() {
		return true
	}
	if f.others.Load() == 0 || f.owns(caller) {
		return false
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	c := f.callers[caller]
	return c != nil && c.quarantined
}

func (f *Function) owns(caller string) bool { return f.Owner == "" || caller == f.Owner }

// Strike counts a fault or an overrun of caller's invocation against the function; it reports
// true when this strike quarantined it (after limit strikes in a row, or TotalFactor times limit
// in all since the function was registered): for everyone when caller is the owner, else for
// caller only. A caller that is not the owner cannot get the function quarantined for anyone
// else: its inputs may be what made the kernel fault.
func (f *Function) Strike(caller string, limit int) bool {
	if f.owns(caller) {
		inRow, all := int(f.strikes.Add(1)), int(f.faults.Add(1))
		return (inRow >= limit || all >= TotalFactor*limit) && !f.quarantined.Swap(true)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.callers == nil {
		f.callers = map[string]*callerStrikes{}
	}
	c := f.callers[caller]
	if c == nil {
		c = &callerStrikes{}
		f.callers[caller] = c
		f.others.Add(1)
	}
	c.strikes++
	c.faults++
	if (c.strikes >= limit || c.faults >= TotalFactor*limit) && !c.quarantined {
		c.quarantined = true
		return true
	}
	return false
}

// Cleared forgets caller's strikes: the function ran to the end for it.
func (f *Function) Cleared(caller string) {
	if f.owns(caller) {
		if f.strikes.Load() != 0 {
			f.strikes.Store(0)
		}
		return
	}
	if f.others.Load() == 0 {
		return
	}
	f.mu.Lock()
	if c := f.callers[caller]; c != nil {
		c.strikes = 0 // its faults in all are kept
	}
	f.mu.Unlock()
}

// Strikes is the number of faults or overruns in a row counted against the function in its
// owner's invocations.
func (f *Function) Strikes() int { return int(f.strikes.Load()) }

// StrikesFor is the number of faults or overruns in a row of caller's invocations.
func (f *Function) StrikesFor(caller string) int {
	if f.owns(caller) {
		return f.Strikes()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if c := f.callers[caller]; c != nil {
		return c.strikes
	}
	return 0
}

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
