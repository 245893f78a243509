package dispatcher

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"gpufn/engine"
	"gpufn/function"
	"gpufn/gpu"
	"gpufn/shm"
)

// Config configures a Dispatcher. Zero values take the defaults written beside each field.
type Config struct {
	// Device is the kind of device the engines run ("cuda", "hip", "cpu") and Info one of them
	// (its launch limits are checked at registration).
	Device string
	Info   gpu.Info
	// Kernels, when not nil, lists the only kernels the device can run (the cpu device's Go
	// kernels); a function using another is refused at registration.
	Kernels []string
	// MaxLibraryBytes bounds an uploaded library (default 64 MiB).
	MaxLibraryBytes int
	// LaunchLimit bounds the kernel launches of one invocation, Repeat counts multiplied
	// (default 10,000,000).
	LaunchLimit uint64
	Log         *zap.Logger
}

// Dispatcher is the registry and the invocation path. See the package documentation.
type Dispatcher struct {
	cfg     Config
	engines []*engine.Engine
	log     *zap.Logger

	mu   sync.Mutex // serializes registrations
	libs map[string]*libEntry
	fns  atomic.Pointer[map[string]*fnEntry] // immutable snapshot, replaced on change

	nextID atomic.Uint64
}

type libEntry struct {
	lib     *engine.Library
	created time.Time
}

type fnEntry struct {
	fn      *engine.Function
	config  []byte
	created time.Time
}

// New makes a dispatcher over engines (one per GPU).
func New(cfg Config, engines []*engine.Engine) *Dispatcher {
	if cfg.MaxLibraryBytes <= 0 {
		cfg.MaxLibraryBytes = 64 << 20
	}
	if cfg.LaunchLimit == 0 {
		cfg.LaunchLimit = 10_000_000
	}
	if cfg.Log == nil {
		cfg.Log = zap.NewNop()
	}
	d := &Dispatcher{cfg: cfg, engines: engines, log: cfg.Log, libs: map[string]*libEntry{}}
	empty := map[string]*fnEntry{}
	d.fns.Store(&empty)
	return d
}

// Engines returns the engines.
func (d *Dispatcher) Engines() []*engine.Engine { return d.engines }

// Ready reports whether every engine has its workers up.
func (d *Dispatcher) Ready() bool {
	if len(d.engines) == 0 {
		return false
	}
	for _, e := range d.engines {
		if !e.Ready() {
			return false
		}
	}
	return true
}

// LibraryView describes a library.
type LibraryView struct {
	Name     string                 `json:"name"`
	Kind     function.LibraryKind   `json:"kind"`
	Size     int                    `json:"size"`
	SHA256   string                 `json:"sha256"`
	Arch     string                 `json:"arch,omitempty"`
	Kernels  []function.KernelInfo  `json:"kernels"`
	Warnings []string               `json:"warnings,omitempty"`
	Created  time.Time              `json:"created"`
	UsedBy   []string               `json:"used_by,omitempty"`
	Entries  []function.BundleEntry `json:"entries,omitempty"`
}

func (d *Dispatcher) view(e *libEntry, usedBy []string) LibraryView {
	l := e.lib
	return LibraryView{Name: l.Name, Kind: l.Kind, Size: len(l.Image), SHA256: hex.EncodeToString(l.Hash[:]),
		Arch: l.Info.Arch, Kernels: l.Info.Kernels, Warnings: l.Info.Warnings, Created: e.created, UsedBy: usedBy, Entries: l.Info.Entries}
}

// PutLibrary uploads (or replaces) a library. It reports whether the name is new. Replacing a
// library that functions use re-checks them against the new one and rebinds them; if any would
// break, nothing changes (ErrConflict).
func (d *Dispatcher) PutLibrary(name string, image []byte) (LibraryView, bool, error) {
	if err := function.CheckName(name); err != nil {
		return LibraryView{}, false, errorf(ErrBadRequest, "bad_name", "library name: %v", err)
	}
	if len(image) > d.cfg.MaxLibraryBytes {
		return LibraryView{}, false, errorf(ErrTooLarge, "library_too_large", "the library is %d bytes; the limit is %d (--max-library-bytes)", len(image), d.cfg.MaxLibraryBytes)
	}
	info, err := function.ScanLibrary(image)
	if err != nil {
		return LibraryView{}, false, errorf(ErrInvalid, "invalid_library", "%v", err)
	}
	if err := d.compatible(info); err != nil {
		return LibraryView{}, false, err
	}
	lib := &engine.Library{Name: name, Hash: sha256.Sum256(image), Kind: info.Kind, Image: append([]byte(nil), image...), Info: info}
	d.mu.Lock()
	defer d.mu.Unlock()
	_, existed := d.libs[name]
	// Functions bound to the old version move to the new one, if they still fit it.
	fns := *d.fns.Load()
	var rebound []*fnEntry
	for _, fe := range fns {
		if fe.fn.Lib.Name != name {
			continue
		}
		if err := fe.fn.Plan.CheckLibrary(info); err != nil {
			return LibraryView{}, false, errorf(ErrConflict, "library_in_use", "replacing library %q would break function %q: %v", name, fe.fn.Name, err)
		}
		nf := &engine.Function{ID: d.nextID.Add(1), Name: fe.fn.Name, Plan: fe.fn.Plan, Config: fe.config, Lib: lib}
		rebound = append(rebound, &fnEntry{fn: nf, config: fe.config, created: fe.created})
	}
	e := &libEntry{lib: lib, created: time.Now()}
	d.libs[name] = e
	if len(rebound) > 0 {
		next := cloneFns(fns)
		for _, fe := range rebound {
			next[fe.fn.Name] = fe
		}
		d.fns.Store(&next)
	}
	d.log.Info("library stored", zap.String("library", name), zap.String("kind", string(info.Kind)), zap.Int("bytes", len(image)), zap.Bool("replaced", existed))
	return d.view(e, nil), !existed, nil
}

// compatible checks that this server's devices can load a library of this kind.
func (d *Dispatcher) compatible(info *function.LibraryInfo) error {
	dev := d.cfg.Device
	if dev == "cpu" || dev == "" {
		return nil // the cpu device runs Go kernels by name, whatever the library's kind
	}
	if v := info.Kind.Vendor(); v != dev {
		return errorf(ErrInvalid, "incompatible_library", "a %s library needs a %s device; this server runs %s devices", info.Kind, v, dev)
	}
	if dev == "cuda" {
		if err := cudaArchFits(info, d.cfg.Info.Arch); err != nil {
			return errorf(ErrInvalid, "incompatible_library", "%v", err)
		}
	}
	if info.Kind == function.KindBundle && d.cfg.Info.Arch != "" {
		found := false
		for _, e := range info.Entries {
			if strings.SplitN(e.Arch, ":", 2)[0] == d.cfg.Info.Arch {
				found = true
			}
		}
		if !found {
			return errorf(ErrInvalid, "incompatible_library", "the offload bundle has code for %s but not for this server's %s", info.Arch, d.cfg.Info.Arch)
		}
	}
	return nil
}

// cudaArchFits checks that a cubin's SM version runs on the device (same major, minor not
// above the device's) and that PTX does not target a newer SM than the device.
func cudaArchFits(info *function.LibraryInfo, devArch string) error {
	dev, ok := smVersion(devArch)
	if !ok {
		return nil
	}
	switch info.Kind {
	case function.KindCubin:
		if v, ok := smVersion(info.Arch); ok && (v/10 != dev/10 || v > dev) {
			return fmt.Errorf("the cubin is for %s and cannot run on this server's %s; build for %s, or upload PTX", info.Arch, devArch, devArch)
		}
	case function.KindPTX:
		if v, ok := smVersion(info.Arch); ok && v > dev {
			return fmt.Errorf("the PTX targets %s, newer than this server's %s", info.Arch, devArch)
		}
	case function.KindFatbin:
		for _, a := range strings.Split(info.Arch, ",") {
			if v, ok := smVersion(a); ok && v/10 == dev/10 && v <= dev {
				return nil
			}
		}
		// A fatbin may still carry PTX the driver can JIT; let the worker try.
	}
	return nil
}

func smVersion(arch string) (int, bool) {
	s, ok := strings.CutPrefix(arch, "sm_")
	if !ok {
		return 0, false
	}
	s = strings.TrimRight(s, "af") // sm_90a, sm_100f
	v, err := strconv.Atoi(s)
	return v, err == nil
}

// DeleteLibrary removes a library no function uses.
func (d *Dispatcher) DeleteLibrary(name string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.libs[name]; !ok {
		return errorf(ErrNotFound, "not_found", "no library %q", name)
	}
	if users := d.usersLocked(name); len(users) > 0 {
		return errorf(ErrConflict, "library_in_use", "library %q is used by function(s) %s; delete them first", name, strings.Join(users, ", "))
	}
	delete(d.libs, name)
	return nil
}

func (d *Dispatcher) usersLocked(lib string) []string {
	var out []string
	for name, fe := range *d.fns.Load() {
		if fe.fn.Lib.Name == lib {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// Library describes one library.
func (d *Dispatcher) Library(name string) (LibraryView, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	e, ok := d.libs[name]
	if !ok {
		return LibraryView{}, errorf(ErrNotFound, "not_found", "no library %q", name)
	}
	return d.view(e, d.usersLocked(name)), nil
}

// Libraries lists the libraries by name.
func (d *Dispatcher) Libraries() []LibraryView {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]LibraryView, 0, len(d.libs))
	for _, e := range d.libs {
		out = append(out, d.view(e, d.usersLocked(e.lib.Name)))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// FunctionView describes a function.
type FunctionView struct {
	Name    string    `json:"name"`
	Library string    `json:"library"`
	Inputs  []string  `json:"inputs"`
	Outputs []string  `json:"outputs"`
	Kernels []string  `json:"kernels"`
	Created time.Time `json:"created"`
	// Quarantined is true after repeated faults or overruns, until it is registered again.
	Quarantined bool `json:"quarantined,omitempty"`
}

func fnView(fe *fnEntry) FunctionView {
	p := fe.fn.Plan
	outs := make([]string, len(p.Outputs))
	for i, s := range p.Outputs {
		outs[i] = p.SlotName(int(s))
	}
	return FunctionView{Name: fe.fn.Name, Library: fe.fn.Lib.Name, Inputs: p.Inputs, Outputs: outs, Kernels: p.Kernels, Created: fe.created, Quarantined: fe.fn.Quarantined()}
}

// PutFunction registers (or replaces) a function from its config. It reports whether the name
// is new. An invalid config is ErrInvalid with the problems and their JSON paths.
func (d *Dispatcher) PutFunction(name string, config []byte) (FunctionView, bool, error) {
	if err := function.CheckName(name); err != nil {
		return FunctionView{}, false, errorf(ErrBadRequest, "bad_name", "function name: %v", err)
	}
	plan, err := function.Parse(config)
	if err != nil {
		return FunctionView{}, false, invalid(err)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	var lib *engine.Library
	for _, cand := range function.LibraryCandidates(plan.ModulePath) {
		if e, ok := d.libs[cand]; ok {
			lib = e.lib
			break
		}
	}
	if lib == nil {
		return FunctionView{}, false, &Error{Kind: ErrInvalid, Code: "invalid_config",
			Message:  fmt.Sprintf("module_path %q names no uploaded library", plan.ModulePath),
			Problems: []function.Problem{{Path: "module_path", Message: fmt.Sprintf("no library %s; upload it with PUT /v1/libraries/{name}", strings.Join(quoteAll(function.LibraryCandidates(plan.ModulePath)), " or "))}}}
	}
	if err := plan.CheckLibrary(lib.Info); err != nil {
		return FunctionView{}, false, invalid(err)
	}
	if err := plan.CheckLimits(d.cfg.Info.Limits); err != nil {
		return FunctionView{}, false, invalid(err)
	}
	if d.cfg.Kernels != nil {
		var ps []function.Problem
		for i, k := range plan.Kernels {
			if !contains(d.cfg.Kernels, k) {
				ps = append(ps, function.Problem{Path: "kernels[" + strconv.Itoa(i) + "]", Message: fmt.Sprintf("kernel %q has no Go implementation on this server's cpu device", k)})
			}
		}
		if len(ps) > 0 {
			return FunctionView{}, false, &Error{Kind: ErrInvalid, Code: "invalid_config", Message: "the cpu device cannot run this function", Problems: ps}
		}
	}
	fns := *d.fns.Load()
	_, existed := fns[name]
	config = append([]byte(nil), config...)
	fe := &fnEntry{fn: &engine.Function{ID: d.nextID.Add(1), Name: name, Plan: plan, Config: config, Lib: lib}, config: config, created: time.Now()}
	next := cloneFns(fns)
	next[name] = fe
	d.fns.Store(&next)
	d.log.Info("function registered", zap.String("function", name), zap.String("library", lib.Name), zap.Bool("replaced", existed))
	return fnView(fe), !existed, nil
}

func invalid(err error) *Error {
	var ve *function.ValidationError
	if errors.As(err, &ve) {
		return &Error{Kind: ErrInvalid, Code: "invalid_config", Message: ve.Error(), Problems: ve.Problems}
	}
	return &Error{Kind: ErrInvalid, Code: "invalid_config", Message: err.Error()}
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = strconv.Quote(x)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func cloneFns(m map[string]*fnEntry) map[string]*fnEntry {
	out := make(map[string]*fnEntry, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Function returns a function's description and its config as registered.
func (d *Dispatcher) Function(name string) (FunctionView, []byte, error) {
	fe, ok := (*d.fns.Load())[name]
	if !ok {
		return FunctionView{}, nil, errorf(ErrNotFound, "not_found", "no function %q", name)
	}
	return fnView(fe), fe.config, nil
}

// Lookup returns the function to invoke, for the invocation path (no lock, no allocation).
func (d *Dispatcher) Lookup(name []byte) (*engine.Function, error) {
	fe, ok := (*d.fns.Load())[string(name)]
	if !ok {
		return nil, errorf(ErrNotFound, "not_found", "no function %q", name)
	}
	return fe.fn, nil
}

// Functions lists the functions by name.
func (d *Dispatcher) Functions() []FunctionView {
	fns := *d.fns.Load()
	out := make([]FunctionView, 0, len(fns))
	for _, fe := range fns {
		out = append(out, fnView(fe))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// DeleteFunction removes a function. Invocations already submitted still run.
func (d *Dispatcher) DeleteFunction(name string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	fns := *d.fns.Load()
	if _, ok := fns[name]; !ok {
		return errorf(ErrNotFound, "not_found", "no function %q", name)
	}
	next := cloneFns(fns)
	delete(next, name)
	d.fns.Store(&next)
	return nil
}

// Submit admits an invocation (inv.Fn and inv.Inputs set, in the function's input order) and
// hands it to the least loaded engine. The result arrives on inv.Done. Admission errors are
// *Error; the invocation is not submitted then.
func (d *Dispatcher) Submit(inv *engine.Invocation) error {
	fn := inv.Fn
	p := fn.Plan
	if fn.Quarantined() {
		return errorf(ErrInvalid, engine.CodeQuarantined, "function %q faulted or overran repeatedly and is quarantined; register it again to lift the quarantine", fn.Name)
	}
	if len(inv.Inputs) != len(p.Inputs) {
		return errorf(ErrBadRequest, "bad_input", "function %q takes %d inputs (%s); got %d", fn.Name, len(p.Inputs), strings.Join(p.Inputs, ", "), len(inv.Inputs))
	}
	n := p.NumSlots()
	if cap(inv.Sizes) < n {
		inv.Sizes = make([]uint64, n)
	}
	inv.Sizes = inv.Sizes[:n]
	if err := p.Sizes(inv.Inputs, inv.Sizes); err != nil {
		return errorf(ErrBadRequest, "bad_input", "%v", err)
	}
	if _, err := p.Launches(inv.Inputs, inv.Sizes, d.cfg.LaunchLimit); err != nil {
		return errorf(ErrBadRequest, "too_many_launches", "%v (--launch-limit)", err)
	}
	need, ok := function.Footprint(inv.Sizes)
	if !ok {
		return errorf(ErrBadRequest, "bad_input", "the function's buffer sizes overflow for these inputs")
	}
	outBytes, ok := p.OutputBytes(inv.Sizes)
	if !ok {
		return errorf(ErrBadRequest, "bad_input", "the function's output sizes overflow for these inputs")
	}
	e := d.pick()
	if e == nil {
		return errorf(ErrUnavailable, "unavailable", "no engine is running")
	}
	if max := e.MaxNeed(); max > 0 && need > max {
		return errorf(ErrTooLarge, "out_of_memory", "the invocation needs %d bytes of device memory; this server's largest pool holds %d", need, max)
	}
	inv.Need = need
	var inBytes uint64
	for _, in := range inv.Inputs {
		inBytes += uint64(len(in))
	}
	ctxBytes := uint64(e.Config().ContextBytes)
	if total := inBytes + shm.OutputAlign + outBytes + 8*uint64(len(p.Outputs)); total > ctxBytes {
		return errorf(ErrTooLarge, "too_large", "inputs (%d bytes) and outputs (%d bytes) exceed the shared-memory context of %d bytes (--context-size)", inBytes, outBytes, ctxBytes)
	}
	inv.LaunchLimit = d.cfg.LaunchLimit
	switch err := e.Submit(inv); err {
	case nil:
		return nil
	case engine.ErrQueueFull:
		return errorf(ErrQueueFull, "queue_full", "the queue of %s is full; retry later", e.Config().Name)
	case engine.ErrDraining:
		return errorf(ErrUnavailable, "draining", "the server is shutting down")
	default:
		return errorf(ErrUnavailable, "unavailable", "%v", err)
	}
}

// pick returns the least loaded engine, preferring ready ones.
func (d *Dispatcher) pick() *engine.Engine {
	var best *engine.Engine
	bestLoad, bestReady := 0, false
	for _, e := range d.engines {
		l, r := e.Load(), e.Ready()
		if best == nil || (r && !bestReady) || (r == bestReady && l < bestLoad) {
			best, bestLoad, bestReady = e, l, r
		}
	}
	return best
}

// Shutdown stops every engine (see engine.Shutdown), within the context.
func (d *Dispatcher) Shutdown(ctx context.Context) error {
	var wg sync.WaitGroup
	errs := make([]error, len(d.engines))
	for i, e := range d.engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = e.Shutdown(ctx)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}
