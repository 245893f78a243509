package dispatcher

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"go.uber.org/zap"

	"gpufn/auth"
	"gpufn/call"
	"gpufn/function"
	"gpufn/gpu"
	"gpufn/libscan"
	"gpufn/registry"
	"gpufn/store"
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
	// MaxLibraries and MaxFunctions bound what one tenant may register (defaults 100, 1000).
	MaxLibraries, MaxFunctions int
	// MaxStoredBytes bounds the bytes one tenant's stored objects (libraries, functions' configs
	// and access settings) keep in the server's memory (0: no bound; quota.go). MaxAccessBytes bounds a function's access
	// settings, as JSON (default 64 KiB).
	MaxStoredBytes int64
	MaxAccessBytes int
	// MaxBuffers bounds a function's inputs plus buffers (default 256).
	MaxBuffers int
	// MaxInvocationBytes bounds the device memory one invocation may use, alignment included
	// (default 0: the largest pool).
	MaxInvocationBytes uint64
	// Store, when set, keeps registrations on disk (see package store), and the cubins
	// compiled from PTX libraries beside them.
	Store *store.Store
	// Registry is what registrations are written through, each write conditional on the
	// revision the dispatcher holds (package registry). Default: registry.NewLocal(Store).
	Registry registry.Registry
	// Watched says that the registry's changes, the dispatcher's own included, reach it
	// through Apply and Advance (a cluster's watch, package cluster): then only Advance moves
	// Revision. Otherwise each write of the dispatcher moves it.
	Watched bool
	Log     *zap.Logger

	// Compiler, when set on a CUDA server, compiles every uploaded PTX library at upload, once
	// per architecture of GPUs: the cubin decides whether the library may call device malloc,
	// and workers load the cubin (compile.go). nil: PTX is checked as text only and workers
	// JIT-compile it, as on the cpu device (which runs Go kernels by name whatever the library).
	Compiler Compiler
	// GPUs are the server's devices: their architectures are what PTX is compiled for, and
	// their Compiler fields the compilers' versions (default: Info alone).
	GPUs []gpu.Info
	// CompileTimeout bounds the compiles of one upload, the wait for the compiler included
	// (default 5 min).
	CompileTimeout time.Duration
	// CubinCacheBytes bounds the cubins kept in memory by the PTX they were compiled from, so
	// that uploading a PTX compiled before costs no compile (default 256 MiB).
	CubinCacheBytes int

	// Weight sets (weights.go). MaxWeightBytes bounds an uploaded weight set (default 4 GiB;
	// the request body's limit, --max-body-bytes, bounds it too); MaxWeightSets how many one
	// tenant may keep (default 100); WeightQuotaBytes the device memory a tenant's weight sets
	// may take together, each content counted once (default 0: no quota).
	MaxWeightBytes   int64
	MaxWeightSets    int
	WeightQuotaBytes uint64
}

// Dispatcher is the registry and the invocation path. See the package documentation.
type Dispatcher struct {
	cfg     Config
	engines []Engine
	log     *zap.Logger

	mu   sync.Mutex                      // serializes registrations
	libs map[string]map[string]*libEntry // tenant -> name -> library
	fns  atomic.Pointer[fnTable]         // immutable snapshot, replaced on change

	nextID atomic.Uint64

	cubins cubinCache // compiled cubins by tenant, PTX, architecture and compiler (compile.go)

	revs revisions // the registry revisions seen and written (apply.go)

	weights map[string]map[string]*weightEntry // tenant -> name -> weight set (weights.go); under mu
}

// fnTable is tenant -> name -> function; never modified once published.
type fnTable map[string]map[string]*fnEntry

type libEntry struct {
	tenant  string
	lib     *call.Library // what workers load: the upload, or the cubin compiled from it
	created time.Time
	rev     uint64 // the registry revision of its last write (0: not known to the registry)
	// src is what was uploaded (lib describes what workers load).
	src source
	// compiled says how an uploaded PTX was compiled, per architecture (compile.go).
	compiled []CompileView
	// pending marks a stored PTX library whose compile at start has not finished: workers
	// JIT-compile the PTX meanwhile (CompilePending).
	pending bool
}

// source describes the uploaded bytes of a library.
type source struct {
	kind libscan.Kind
	size int
	hash [32]byte
}

type fnEntry struct {
	tenant  string
	fn      *call.Function
	config  []byte
	created time.Time
	rev     uint64 // the registry revision of its last write
	access  Access
	tenants map[string]bool   // invokers allowed by tenant
	tokens  map[[32]byte]bool // invokers allowed by token
}

// Access says who besides its owner (and admins) may invoke a function.
type Access struct {
	// Public functions are invocable by every authenticated caller.
	Public bool `json:"public"`
	// Tenants lists tenants allowed to invoke it.
	Tenants []string `json:"tenants,omitempty"`
	// Tokens lists tokens allowed to invoke it; only their SHA-256 is kept (TokenSHA256), and
	// answers show only that.
	Tokens      []string `json:"tokens,omitempty"`
	TokenSHA256 []string `json:"token_sha256,omitempty"`
}

// New makes a dispatcher over engines (one per GPU).
func New(cfg Config, engines []Engine) *Dispatcher {
	if cfg.MaxLibraryBytes <= 0 {
		cfg.MaxLibraryBytes = 64 << 20
	}
	if cfg.LaunchLimit == 0 {
		cfg.LaunchLimit = 10_000_000
	}
	if cfg.MaxLibraries <= 0 {
		cfg.MaxLibraries = 100
	}
	if cfg.MaxFunctions <= 0 {
		cfg.MaxFunctions = 1000
	}
	if cfg.MaxBuffers <= 0 {
		cfg.MaxBuffers = 256
	}
	if cfg.MaxAccessBytes <= 0 {
		cfg.MaxAccessBytes = 64 << 10
	}
	if cfg.Log == nil {
		cfg.Log = zap.NewNop()
	}
	if len(cfg.GPUs) == 0 {
		cfg.GPUs = []gpu.Info{cfg.Info}
	}
	if cfg.CompileTimeout <= 0 {
		cfg.CompileTimeout = 5 * time.Minute
	}
	if cfg.CubinCacheBytes <= 0 {
		cfg.CubinCacheBytes = 256 << 20
	}
	if cfg.Registry == nil {
		cfg.Registry = registry.NewLocal(cfg.Store)
	}
	d := &Dispatcher{cfg: cfg, engines: engines, log: cfg.Log, libs: map[string]map[string]*libEntry{}}
	d.revs.init()
	d.cubins.init(cfg.CubinCacheBytes)
	d.fns.Store(&fnTable{})
	return d
}

// Engine is what the dispatcher needs of a per-GPU engine; engine.Engine implements it.
type Engine interface {
	// SubmitInline admits inv; it may run it on the calling goroutine (see engine.SubmitInline).
	// Its errors are call.ErrQueueFull, call.ErrTenantShare, call.ErrTenantBytes and
	// call.ErrDraining.
	SubmitInline(inv *call.Invocation) error
	// Name names the engine in messages.
	Name() string
	// Load is the number of invocations queued or running.
	Load() int
	// Ready reports whether the engine's workers are up.
	Ready() bool
	// MaxNeed is the most device memory one invocation may need (0: not known yet).
	MaxNeed() uint64
	// ContextBytes is the size of a worker's shared-memory context, and IOCapacity how many
	// bytes of inputs and outputs together fit it for a function of that many outputs.
	ContextBytes() int
	IOCapacity(outputs int) uint64
	// Stats is a snapshot for /v1/engines and the metrics.
	Stats() call.EngineStats
	// Shutdown drains the engine until ctx is done.
	Shutdown(ctx context.Context) error
}

// EngineStats returns a snapshot of every engine.
func (d *Dispatcher) EngineStats() []call.EngineStats {
	out := make([]call.EngineStats, 0, len(d.engines))
	for _, e := range d.engines {
		out = append(out, e.Stats())
	}
	return out
}

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

// manages reports whether caller may change and read everything in tenant's namespace.
func manages(caller auth.Identity, tenant string) bool {
	return caller.Admin || caller.Tenant == tenant
}

func (fe *fnEntry) invocableBy(caller auth.Identity) bool {
	return manages(caller, fe.tenant) || fe.access.Public || fe.tenants[caller.Tenant] || fe.tokens[caller.Token]
}

// LibraryView describes a library.
type LibraryView struct {
	Tenant   string                `json:"tenant"`
	Name     string                `json:"name"`
	Kind     libscan.Kind          `json:"kind"`
	Size     int                   `json:"size"`
	SHA256   string                `json:"sha256"`
	Arch     string                `json:"arch,omitempty"`
	Kernels  []libscan.KernelInfo  `json:"kernels"`
	Warnings []string              `json:"warnings,omitempty"`
	Created  time.Time             `json:"created"`
	UsedBy   []string              `json:"used_by,omitempty"`
	Entries  []libscan.BundleEntry `json:"entries,omitempty"`
	// Compiled says how an uploaded PTX was compiled at upload, per GPU architecture of the
	// server (CUDA servers): the compiler, the cubin's size, the compile's time.
	Compiled []CompileView `json:"compiled,omitempty"`
	// CompilePending is true for a stored PTX library whose compile at start has not finished
	// (its kernels run from the PTX, JIT-compiled, meanwhile).
	CompilePending bool `json:"compile_pending,omitempty"`
	// Revision is the registry revision of the library's last write.
	Revision uint64 `json:"revision,omitempty"`
}

func (d *Dispatcher) view(e *libEntry, usedBy []string) LibraryView {
	l := e.lib
	return LibraryView{Tenant: e.tenant, Name: l.Name, Kind: e.src.kind, Size: e.src.size, SHA256: hex.EncodeToString(e.src.hash[:]),
		Arch: l.Info.Arch, Kernels: l.Info.Kernels, Warnings: l.Info.Warnings, Created: e.created, UsedBy: usedBy, Entries: l.Info.Entries,
		Compiled: e.compiled, CompilePending: e.pending, Revision: e.rev}
}

func notFound(what, tenant, name string) *Error {
	return errorf(call.CodeNotFound, "no %s %q in tenant %q", what, name, tenant)
}

// PutLibrary uploads (or replaces) library name of tenant. It reports whether the name is new.
// Replacing a library that functions use re-checks them against the new one and rebinds them;
// if any would break, nothing changes (ErrConflict).
func (d *Dispatcher) PutLibrary(caller auth.Identity, tenant, name string, image []byte) (LibraryView, bool, error) {
	if !manages(caller, tenant) {
		return LibraryView{}, false, notFound("library", tenant, name)
	}
	if err := function.CheckName(name); err != nil {
		return LibraryView{}, false, errorf(call.CodeBadName, "library name: %v", err)
	}
	if len(image) > d.cfg.MaxLibraryBytes {
		return LibraryView{}, false, errorf(call.CodeLibraryTooLarge, "the library is %d bytes; the limit is %d (--max-library-bytes)", len(image), d.cfg.MaxLibraryBytes)
	}
	// A tenant at its limit is refused before its upload is compiled (checked again below).
	d.mu.Lock()
	_, existed := d.libs[tenant][name]
	full := !existed && len(d.libs[tenant]) >= d.cfg.MaxLibraries
	quota := d.checkStoredLocked(tenant, kindLibrary, name, int64(len(image)))
	d.mu.Unlock()
	if full {
		return LibraryView{}, false, errorf(call.CodeLimitReached, "tenant %q has %d libraries, the most allowed (--max-libraries-per-tenant); delete one first", tenant, d.cfg.MaxLibraries)
	}
	if quota != nil {
		return LibraryView{}, false, quota
	}
	ctx, cancel := context.WithTimeout(context.Background(), d.cfg.CompileTimeout)
	e, cubins, err := d.newLibrary(ctx, tenant, name, image)
	cancel()
	if err != nil {
		return LibraryView{}, false, err
	}
	lib := e.lib
	d.mu.Lock()
	defer d.mu.Unlock()
	libs := d.libs[tenant]
	_, existed = libs[name]
	if !existed && len(libs) >= d.cfg.MaxLibraries {
		return LibraryView{}, false, errorf(call.CodeLimitReached, "tenant %q has %d libraries, the most allowed (--max-libraries-per-tenant); delete one first", tenant, len(libs))
	}
	if err := d.checkStoredLocked(tenant, kindLibrary, name, e.bytes()); err != nil {
		return LibraryView{}, false, err
	}
	// Functions bound to the old version move to the new one, if they still fit it.
	var rebound []*fnEntry
	for _, fe := range (*d.fns.Load())[tenant] {
		if !usesLibrary(fe.fn, name) {
			continue
		}
		main, extra := replaceLibrary(fe.fn, name, lib)
		if err := checkLibraries(fe.fn.Plan, append([]*call.Library{main}, extra...)); err != nil {
			return LibraryView{}, false, errorf(call.CodeLibraryInUse, "replacing library %q would break function %q: %v", name, fe.fn.Name, err)
		}
		nfe := *fe
		nfe.fn = &call.Function{ID: d.nextID.Add(1), Owner: fe.fn.Owner, Name: fe.fn.Name, Plan: fe.fn.Plan, Config: fe.config, Lib: main, Extra: extra, Weights: fe.fn.Weights}
		rebound = append(rebound, &nfe)
	}
	e.tenant, e.created = tenant, time.Now()
	var prev uint64
	if old := libs[name]; old != nil {
		prev = old.rev
	}
	rev, err := d.cfg.Registry.PutLibrary(store.Library{Tenant: tenant, Name: name, Image: image, Created: e.created}, prev)
	if err != nil {
		return LibraryView{}, false, d.registryError("storing the library", err)
	}
	e.rev = rev
	d.wrote(rev)
	if d.cfg.Store != nil {
		d.storeCubins(tenant, name, e, cubins)
	}
	if libs == nil {
		libs = map[string]*libEntry{}
		d.libs[tenant] = libs
	}
	libs[name] = e
	if len(rebound) > 0 {
		d.publish(tenant, func(m map[string]*fnEntry) {
			for _, fe := range rebound {
				m[fe.fn.Name] = fe
			}
		})
	}
	d.log.Info("library stored", zap.String("tenant", tenant), zap.String("library", name), zap.String("kind", string(e.src.kind)), zap.Int("bytes", len(image)), zap.Bool("replaced", existed), zap.Bool("compiled", len(e.compiled) > 0))
	return d.view(e, nil), !existed, nil
}

// newLibrary scans an upload, checks it against the server's devices and, for PTX on a server
// with a compiler, compiles it (compilePTX): the entry's library is then the cubin workers
// load. cubins are the cubins compiled now (not found in the cache or the store), by
// architecture, for the caller to store. The entry's tenant and created are the caller's to
// set.
func (d *Dispatcher) newLibrary(ctx context.Context, tenant, name string, image []byte) (*libEntry, map[string][]byte, error) {
	info, err := libscan.Scan(image)
	if err != nil {
		return nil, nil, errorf(call.CodeInvalidLibrary, "%v", err)
	}
	if err := d.compatible(info); err != nil {
		return nil, nil, err
	}
	image = append([]byte(nil), image...)
	hash := sha256.Sum256(image)
	e := &libEntry{lib: &call.Library{Name: name, Hash: hash, Kind: info.Kind, Image: image, Info: info},
		src: source{kind: info.Kind, size: len(image), hash: hash}}
	if !d.compiles(info) {
		return e, nil, nil
	}
	if info.Kind == libscan.KindFatbin {
		return e, nil, d.checkFatbin(ctx, tenant, e)
	}
	cubins, err := d.compilePTX(ctx, tenant, name, e)
	if err != nil {
		return nil, nil, err
	}
	return e, cubins, nil
}

// compatible checks that this server's devices can load a library of this kind and, where the
// device says its architecture, of this architecture (libscan.CheckArch).
func (d *Dispatcher) compatible(info *libscan.Info) error {
	dev := d.cfg.Device
	if dev == "cpu" || dev == "" {
		if info.Kind == libscan.KindBundle {
			info.Warnings = append(info.Warnings, "this server runs the cpu device, which cannot check the bundle's architectures against a GPU")
		}
		return nil // the cpu device runs Go kernels by name, whatever the library's kind
	}
	if v := info.Kind.Vendor(); v != dev {
		return errorf(call.CodeIncompatibleLibrary, "a %s library needs a %s device; this server runs %s devices", info.Kind, v, dev)
	}
	if err := libscan.CheckArch(info, d.cfg.Info.Arch); err != nil {
		return errorf(call.CodeIncompatibleLibrary, "%v", err)
	}
	return nil
}

// DeleteLibrary removes a library no function uses.
func (d *Dispatcher) DeleteLibrary(caller auth.Identity, tenant, name string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.libs[tenant][name]; !ok || !manages(caller, tenant) {
		return notFound("library", tenant, name)
	}
	if users := d.usersLocked(tenant, name); len(users) > 0 {
		return errorf(call.CodeLibraryInUse, "library %q is used by function(s) %s; delete them first", name, strings.Join(users, ", "))
	}
	rev, err := d.cfg.Registry.DeleteLibrary(tenant, name, d.libs[tenant][name].rev)
	if err != nil {
		return d.registryError("deleting the stored library", err)
	}
	d.wrote(rev)
	if d.cfg.Store != nil {
		if err := d.cfg.Store.DeleteCubins(tenant, name); err != nil {
			d.log.Warn("deleting the cubins of a deleted library", zap.String("tenant", tenant), zap.String("library", name), zap.Error(err))
		}
	}
	delete(d.libs[tenant], name)
	return nil
}

func (d *Dispatcher) usersLocked(tenant, lib string) []string {
	var out []string
	for name, fe := range (*d.fns.Load())[tenant] {
		if usesLibrary(fe.fn, lib) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// Library describes one library.
func (d *Dispatcher) Library(caller auth.Identity, tenant, name string) (LibraryView, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	e, ok := d.libs[tenant][name]
	if !ok || !manages(caller, tenant) {
		return LibraryView{}, notFound("library", tenant, name)
	}
	return d.view(e, d.usersLocked(tenant, name)), nil
}

// Libraries lists a tenant's libraries by name.
func (d *Dispatcher) Libraries(caller auth.Identity, tenant string) ([]LibraryView, error) {
	if !manages(caller, tenant) {
		return nil, errorf(call.CodeNotFound, "no tenant %q", tenant)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	out := []LibraryView{}
	for _, e := range d.libs[tenant] {
		out = append(out, d.view(e, d.usersLocked(tenant, e.lib.Name)))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// FunctionView describes a function.
type FunctionView struct {
	Tenant  string   `json:"tenant"`
	Name    string   `json:"name"`
	Library string   `json:"library"`
	Inputs  []string `json:"inputs"`
	Outputs []string `json:"outputs"`
	Kernels []string `json:"kernels"`
	// Libraries lists every library of a function whose kernels come from several (Dandelion
	// v2's modules), Library being the first.
	Libraries []string  `json:"libraries,omitempty"`
	Created   time.Time `json:"created"`
	Access    Access    `json:"access"`
	// Quarantined is true after repeated faults or overruns, until it is registered again.
	Quarantined bool `json:"quarantined,omitempty"`
	// Revision is the registry revision of the function's last write.
	Revision uint64 `json:"revision,omitempty"`
}

func fnView(fe *fnEntry) FunctionView {
	p := fe.fn.Plan
	outs := make([]string, len(p.Outputs))
	for i, s := range p.Outputs {
		outs[i] = p.SlotName(int(s))
	}
	var libs []string
	for _, l := range fe.fn.Extra {
		libs = append(libs, l.Name)
	}
	if libs != nil {
		libs = append([]string{fe.fn.Lib.Name}, libs...)
	}
	ins := p.Inputs
	if ins == nil {
		ins = []string{} // [] in JSON, as outputs, not null
	}
	return FunctionView{Tenant: fe.tenant, Name: fe.fn.Name, Library: fe.fn.Lib.Name, Libraries: libs, Inputs: ins, Outputs: outs, Kernels: p.Kernels,
		Created: fe.created, Access: fe.access, Quarantined: fe.fn.Quarantined(), Revision: fe.rev}
}

// PutFunction registers (or replaces) function name of tenant from its config. It reports
// whether the name is new. An invalid config is ErrInvalid with the problems and their JSON
// paths. A replaced function keeps its access settings.
func (d *Dispatcher) PutFunction(caller auth.Identity, tenant, name string, config []byte) (FunctionView, bool, error) {
	if !manages(caller, tenant) {
		if fe := d.lookup(tenant, name); fe != nil && fe.invocableBy(caller) {
			return FunctionView{}, false, errorf(call.CodeForbidden, "only tenant %q (or an admin) may change function %q", tenant, name)
		}
		return FunctionView{}, false, notFound("function", tenant, name)
	}
	if err := function.CheckName(name); err != nil {
		return FunctionView{}, false, errorf(call.CodeBadName, "function name: %v", err)
	}
	plan, err := function.Parse(config)
	if err != nil {
		return FunctionView{}, false, invalid(err)
	}
	if err := d.checkStaticNeed(plan); err != nil {
		return FunctionView{}, false, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	fe, err := d.compileLocked(tenant, name, plan, config)
	if err != nil {
		return FunctionView{}, false, err
	}
	if err := d.checkBatchingLocked(tenant, plan); err != nil { // batching.go
		return FunctionView{}, false, err
	}
	return d.publishFunctionLocked(tenant, name, fe)
}

// publishFunctionLocked stores and publishes a compiled function entry, keeping the access
// settings of the version it replaces.
func (d *Dispatcher) publishFunctionLocked(tenant, name string, fe *fnEntry) (FunctionView, bool, error) {
	old := (*d.fns.Load())[tenant][name]
	if old == nil && len((*d.fns.Load())[tenant]) >= d.cfg.MaxFunctions {
		return FunctionView{}, false, errorf(call.CodeLimitReached, "tenant %q has %d functions, the most allowed (--max-functions-per-tenant); delete one first", tenant, d.cfg.MaxFunctions)
	}
	var prev uint64
	if old != nil {
		fe.access, fe.tenants, fe.tokens, prev = old.access, old.tenants, old.tokens, old.rev
	}
	if err := d.checkStoredLocked(tenant, kindFunction, name, fe.bytes()); err != nil {
		return FunctionView{}, false, err
	}
	if err := d.storeFunction(fe, prev); err != nil {
		return FunctionView{}, false, err
	}
	d.publish(tenant, func(m map[string]*fnEntry) { m[name] = fe })
	if p := fe.fn.Plan; p.WeightSet != "" || len(p.Weights) == 0 {
		d.dropAnonymousLocked(tenant, name) // the weights it was sent with before, if any
	}
	d.log.Info("function registered", zap.String("tenant", tenant), zap.String("function", name), zap.String("library", fe.fn.Lib.Name), zap.Bool("replaced", old != nil))
	return fnView(fe), old == nil, nil
}

// checkStaticNeed refuses, at registration, a function whose constant-size buffers alone
// need more device memory than any invocation may have (the largest pool of the engines, or
// --max-invocation-memory): every invocation of it would fail. The problem's path is the
// largest such buffer's sizing.
func (d *Dispatcher) checkStaticNeed(plan *function.Plan) error {
	var limit uint64
	for _, e := range d.engines {
		limit = max(limit, e.MaxNeed())
	}
	what := "the largest device pool of this server holds"
	if m := d.cfg.MaxInvocationBytes; m > 0 && (limit == 0 || m < limit) {
		limit, what = m, "the limit (--max-invocation-memory) is"
	}
	need, largest, largestBytes, ok := plan.StaticNeed()
	if limit == 0 || (ok && need <= limit) {
		return nil
	}
	path, msg := "blueprint.buffers", "the buffers' sizes overflow 64 bits"
	if largest >= 0 {
		b := plan.Buffers[largest]
		path = b.Size.Path
		if b.Size.Kind == function.SizeAbsolute {
			path += ".Absolute"
		}
		if ok {
			msg = fmt.Sprintf("the buffers of constant size need %d bytes of device memory (%q alone %d); %s %d bytes", need, b.Name, largestBytes, what, limit)
		}
	}
	return &Error{Code: call.CodeInvalidConfig, Message: "the function needs more device memory than any invocation may have",
		Problems: []function.Problem{{Path: path, Message: msg}}}
}

// compileLocked checks a parsed plan against the tenant's library and the device, and makes
// its entry (not yet published).
func (d *Dispatcher) compileLocked(tenant, name string, plan *function.Plan, config []byte) (*fnEntry, error) {
	ws, err := d.bindWeightsLocked(tenant, name, plan)
	if err != nil {
		return nil, err
	}
	lib, extra, err := d.librariesLocked(tenant, plan)
	if err != nil {
		return nil, err
	}
	if n := plan.NumSlots(); n > d.cfg.MaxBuffers {
		return nil, &Error{Code: call.CodeInvalidConfig, Message: "too many buffers",
			Problems: []function.Problem{{Path: "blueprint", Message: fmt.Sprintf("%d inputs and buffers; the limit is %d (--max-buffers)", n, d.cfg.MaxBuffers)}}}
	}
	if err := checkLibraries(plan, append([]*call.Library{lib}, extra...)); err != nil {
		return nil, invalid(err)
	}
	if n := plan.InitLaunches(d.cfg.LaunchLimit); n > d.cfg.LaunchLimit {
		return nil, &Error{Code: call.CodeInvalidConfig, Message: "too many kernel launches",
			Problems: []function.Problem{{Path: "init_flow.control_flow", Message: fmt.Sprintf("makes more than %d kernel launches, the limit (--launch-limit)", d.cfg.LaunchLimit)}}}
	}
	if n, ok := plan.StaticLaunches(d.cfg.LaunchLimit); ok && n > d.cfg.LaunchLimit {
		return nil, &Error{Code: call.CodeInvalidConfig, Message: "too many kernel launches",
			Problems: []function.Problem{{Path: "blueprint.control_flow", Message: fmt.Sprintf("makes more than %d kernel launches per invocation, the limit (--launch-limit)", d.cfg.LaunchLimit)}}}
	}
	if err := plan.CheckLimits(function.Limits(d.cfg.Info.Limits)); err != nil {
		return nil, invalid(err)
	}
	if d.cfg.Kernels != nil {
		var ps []function.Problem
		for i, k := range plan.Kernels {
			if !contains(d.cfg.Kernels, k) {
				ps = append(ps, function.Problem{Path: "kernels[" + strconv.Itoa(i) + "]", Message: fmt.Sprintf("kernel %q has no Go implementation on this server's cpu device", k)})
			}
		}
		if len(ps) > 0 {
			return nil, &Error{Code: call.CodeInvalidConfig, Message: "the cpu device cannot run this function", Problems: ps}
		}
	}
	config = append([]byte(nil), config...)
	fe := &fnEntry{tenant: tenant, created: time.Now(), config: config,
		fn: &call.Function{ID: d.nextID.Add(1), Owner: tenant, Name: name, Plan: plan, Config: config, Lib: lib, Extra: extra, Weights: ws}}
	attachBatching(fe.fn) // batching.go
	return fe, nil
}

// storageError logs a failure of the store with its cause, which names the server's paths, and
// returns the caller's error, which does not: what failed and the system's reason (such as
// "no space left on device").
func (d *Dispatcher) storageError(what string, err error) *Error {
	d.log.Error(what+" failed", zap.Error(err))
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errorf(call.CodeStorage, "%s failed: %v (the server's log has the details)", what, errno)
	}
	return errorf(call.CodeStorage, "%s failed (the server's log has the details)", what)
}

// storeFunction writes fe through the registry at prev (the revision of the entry it
// replaces, 0 for none) and sets fe.rev.
func (d *Dispatcher) storeFunction(fe *fnEntry, prev uint64) error {
	access, _ := json.Marshal(Access{Public: fe.access.Public, Tenants: fe.access.Tenants, TokenSHA256: fe.access.TokenSHA256})
	rev, err := d.cfg.Registry.PutFunction(store.Function{Tenant: fe.tenant, Name: fe.fn.Name, Config: fe.config, Access: access, Created: fe.created}, prev)
	if err != nil {
		return d.registryError("storing the function", err)
	}
	fe.rev = rev
	d.wrote(rev)
	return nil
}

// publish replaces the function table with a copy changed by f in tenant's namespace.
// d.mu must be held.
func (d *Dispatcher) publish(tenant string, f func(map[string]*fnEntry)) {
	old := *d.fns.Load()
	next := make(fnTable, len(old)+1)
	for t, m := range old {
		next[t] = m
	}
	m := make(map[string]*fnEntry, len(old[tenant])+1)
	for k, v := range old[tenant] {
		m[k] = v
	}
	f(m)
	next[tenant] = m
	d.fns.Store(&next)
	d.preload(old[tenant], m) // retires what m replaced or dropped, preloads what it added
}

// Preloader is an Engine whose idle workers load a published function's code ahead of its
// first invocation (engine.Engine.Preload).
type Preloader interface {
	Preload(fn *call.Function)
}

// preload retires the functions that publish replaced or removed (in old, not in m) and hands
// the ones it added (in m, not in old) to the engines that preload. An entry copied with the
// same function (an access change) is neither.
func (d *Dispatcher) preload(old, m map[string]*fnEntry) {
	var gone []uint64
	for name, fe := range old {
		if nfe := m[name]; nfe == nil || nfe.fn != fe.fn {
			fe.fn.Retire()
			if fe.fn.Weights != nil {
				gone = append(gone, fe.fn.ID) // its own copy of its set, if it had one (weights.go)
			}
		}
	}
	d.dropWeights(nil, gone)
	for name, fe := range m {
		if fe == nil || old[name] != nil && old[name].fn == fe.fn {
			continue
		}
		for _, e := range d.engines {
			if p, ok := e.(Preloader); ok {
				p.Preload(fe.fn)
			}
		}
	}
}

func invalid(err error) *Error {
	var ve *function.ValidationError
	if errors.As(err, &ve) {
		return &Error{Code: call.CodeInvalidConfig, Message: ve.Error(), Problems: ve.Problems}
	}
	return &Error{Code: call.CodeInvalidConfig, Message: err.Error()}
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

func (d *Dispatcher) lookup(tenant, name string) *fnEntry { return (*d.fns.Load())[tenant][name] }

// Function returns a function's description and its config as registered.
func (d *Dispatcher) Function(caller auth.Identity, tenant, name string) (FunctionView, []byte, error) {
	fe := d.lookup(tenant, name)
	switch {
	case fe == nil || !fe.invocableBy(caller):
		return FunctionView{}, nil, notFound("function", tenant, name)
	case !manages(caller, tenant):
		return FunctionView{}, nil, errorf(call.CodeForbidden, "only tenant %q (or an admin) may read function %q; you may invoke it", tenant, name)
	}
	return fnView(fe), fe.config, nil
}

// SetAccess sets who may invoke a function besides its owner and admins.
func (d *Dispatcher) SetAccess(caller auth.Identity, tenant, name string, a Access) (FunctionView, error) {
	if err := d.checkAccessSize(a); err != nil {
		return FunctionView{}, err
	}
	for _, t := range a.Tenants {
		if err := function.CheckName(t); err != nil {
			return FunctionView{}, errorf(call.CodeBadRequest, "access.tenants: %v", err)
		}
	}
	tokens := map[[32]byte]bool{}
	hashes := append([]string(nil), a.TokenSHA256...)
	for _, h := range a.TokenSHA256 {
		b, err := hex.DecodeString(h)
		if err != nil || len(b) != 32 {
			return FunctionView{}, errorf(call.CodeBadRequest, "access.token_sha256: %q is not a hex SHA-256", h)
		}
		tokens[[32]byte(b)] = true
	}
	for _, t := range a.Tokens {
		h := auth.HashToken(t)
		if !tokens[h] {
			tokens[h] = true
			hashes = append(hashes, hex.EncodeToString(h[:]))
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	fe := d.lookup(tenant, name)
	switch {
	case fe == nil || !fe.invocableBy(caller):
		return FunctionView{}, notFound("function", tenant, name)
	case !manages(caller, tenant):
		return FunctionView{}, errorf(call.CodeForbidden, "only tenant %q (or an admin) may change who invokes %q", tenant, name)
	}
	nfe := *fe
	nfe.access = Access{Public: a.Public, Tenants: a.Tenants, TokenSHA256: hashes}
	nfe.tenants = map[string]bool{}
	for _, t := range a.Tenants {
		nfe.tenants[t] = true
	}
	nfe.tokens = tokens
	if err := d.checkStoredLocked(tenant, kindFunction, name, nfe.bytes()); err != nil {
		return FunctionView{}, err
	}
	if err := d.storeFunction(&nfe, fe.rev); err != nil {
		return FunctionView{}, err
	}
	d.publish(tenant, func(m map[string]*fnEntry) { m[name] = &nfe })
	return fnView(&nfe), nil
}

// Lookup returns the function caller may invoke (no lock, no allocation on success). A
// function the caller may not invoke is not found.
func (d *Dispatcher) Lookup(caller auth.Identity, tenant, name []byte) (*call.Function, error) {
	fe, ok := (*d.fns.Load())[string(tenant)][string(name)]
	if !ok || !fe.invocableBy(caller) {
		return nil, notFound("function", string(tenant), string(name))
	}
	return fe.fn, nil
}

// Functions lists a tenant's functions by name.
func (d *Dispatcher) Functions(caller auth.Identity, tenant string) ([]FunctionView, error) {
	if !manages(caller, tenant) {
		return nil, errorf(call.CodeNotFound, "no tenant %q", tenant)
	}
	m := (*d.fns.Load())[tenant]
	out := make([]FunctionView, 0, len(m))
	for _, fe := range m {
		out = append(out, fnView(fe))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// DeleteFunction removes a function. Invocations already submitted still run.
func (d *Dispatcher) DeleteFunction(caller auth.Identity, tenant, name string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	fe := d.lookup(tenant, name)
	switch {
	case fe == nil || !fe.invocableBy(caller):
		return notFound("function", tenant, name)
	case !manages(caller, tenant):
		return errorf(call.CodeForbidden, "only tenant %q (or an admin) may delete function %q", tenant, name)
	}
	rev, err := d.cfg.Registry.DeleteFunction(tenant, name, fe.rev)
	if err != nil {
		return d.registryError("deleting the stored function", err)
	}
	d.wrote(rev)
	d.publish(tenant, func(m map[string]*fnEntry) { delete(m, name) })
	d.dropAnonymousLocked(tenant, name)
	return nil
}

// Restore loads registrations kept by the store (at start, before serving). An entry that no
// longer passes the checks of registration is reported and skipped. A PTX library whose
// stored cubin is missing or stale (another PTX, another compiler) is not compiled here: it is
// registered pending, its kernels run from the PTX meanwhile, and CompilePending compiles it.
func (d *Dispatcher) Restore(libs []store.Library, fns []store.Function) []error {
	var problems []error
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, l := range libs {
		e, err := d.restoreLibrary(l)
		if err != nil {
			problems = append(problems, fmt.Errorf("library %s/%s: %v", l.Tenant, l.Name, err))
			continue
		}
		e.tenant, e.created = l.Tenant, l.Created
		if d.libs[l.Tenant] == nil {
			d.libs[l.Tenant] = map[string]*libEntry{}
		}
		d.libs[l.Tenant][l.Name] = e
	}
	for _, f := range fns {
		fe, err := d.restoreFunction(f)
		if err != nil {
			problems = append(problems, fmt.Errorf("function %s/%s: %v", f.Tenant, f.Name, err))
			continue
		}
		d.publish(f.Tenant, func(m map[string]*fnEntry) { m[f.Name] = fe })
	}
	return problems
}

// restoreFunction makes the entry of a stored function (not yet published); d.mu held.
func (d *Dispatcher) restoreFunction(f store.Function) (*fnEntry, error) {
	plan, err := function.Parse(f.Config)
	var fe *fnEntry
	if err == nil {
		fe, err = d.compileLocked(f.Tenant, f.Name, plan, f.Config)
	}
	if err != nil {
		return nil, err
	}
	fe.created = f.Created
	var a Access
	if len(f.Access) > 0 {
		if err := json.Unmarshal(f.Access, &a); err != nil {
			return nil, fmt.Errorf("access settings: %v", err)
		}
	}
	fe.access = a
	fe.tenants, fe.tokens = map[string]bool{}, map[[32]byte]bool{}
	for _, t := range a.Tenants {
		fe.tenants[t] = true
	}
	for _, h := range a.TokenSHA256 {
		if b, err := hex.DecodeString(h); err == nil && len(b) == 32 {
			fe.tokens[[32]byte(b)] = true
		}
	}
	return fe, nil
}

// Submit admits an invocation (inv.Fn and inv.Inputs set, in the function's input order;
// inv.Tenant the caller's) and hands it to the least loaded engine. The result arrives on
// inv.Done. Admission errors are *Error; the invocation is not submitted then. When that engine
// has a worker idle and nothing queued, the calling goroutine runs the invocation itself and
// Submit returns once it has run (engine.Engine.SubmitInline); otherwise it returns at once.
// An invocation whose input is still arriving (inv.Body) runs so or not at all: Submit returns
// call.ErrNotLent, unadmitted, when it cannot (the caller reads the body and submits again).
func (d *Dispatcher) Submit(inv *call.Invocation) error {
	fn := inv.Fn
	p := fn.Plan
	if fn.QuarantinedFor(inv.Tenant) {
		return errorf(call.CodeQuarantined, "function %q faulted or overran repeatedly (for this caller, or for its owner) and is quarantined; register it again to lift the quarantine", fn.Name)
	}
	if fn.Batching != nil {
		d.resolveBatching(fn) // batching.go
	}
	if len(inv.Inputs) != len(p.Inputs) {
		return errorf(call.CodeBadInput, "function %q takes %d inputs (%s); got %d", fn.Name, len(p.Inputs), strings.Join(p.Inputs, ", "), len(inv.Inputs))
	}
	if inv.Body != nil && (len(p.Inputs) != 1 || fn.Batching != nil || p.ReadsInputs()) {
		// Its one input's bytes are still to come (call.Invocation.Body): only a lone
		// invocation whose plan sizes itself from input lengths may run before they are here.
		return call.ErrNotLent
	}
	n := p.NumSlots()
	if cap(inv.Sizes) < n {
		inv.Sizes = make([]uint64, n)
	}
	inv.Sizes = inv.Sizes[:n]
	if err := p.Sizes(inv.Inputs, inv.Sizes); err != nil {
		return errorf(call.CodeBadInput, "%v", err)
	}
	if _, err := p.Launches(inv.Inputs, inv.Sizes, d.cfg.LaunchLimit); err != nil {
		return errorf(call.CodeTooManyLaunches, "%v (--launch-limit)", err)
	}
	need, ok := function.Footprint(inv.Sizes)
	if !ok {
		return errorf(call.CodeBadInput, "the function's buffer sizes overflow for these inputs")
	}
	outBytes, ok := p.OutputBytes(inv.Sizes)
	if !ok {
		return errorf(call.CodeBadInput, "the function's output sizes overflow for these inputs")
	}
	if max := d.cfg.MaxInvocationBytes; max > 0 && need > max {
		return errorf(call.CodeOutOfMemory, "the invocation needs %d bytes of device memory; the limit is %d (--max-invocation-memory)", need, max)
	}
	e := d.pick()
	if e == nil {
		return errorf(call.CodeUnavailable, "no engine is running")
	}
	if max := e.MaxNeed(); max > 0 && need > max {
		return errorf(call.CodeOutOfMemory, "the invocation needs %d bytes of device memory; this server's largest pool holds %d", need, max)
	}
	inv.Need = need
	var inBytes uint64
	for _, in := range inv.Inputs {
		inBytes += uint64(len(in))
	}
	if inBytes+outBytes < inBytes || inBytes+outBytes > e.IOCapacity(len(p.Outputs)) {
		return errorf(call.CodeTooLarge, "inputs (%d bytes) and outputs (%d bytes) exceed the shared-memory context of %d bytes (--context-size)", inBytes, outBytes, e.ContextBytes())
	}
	inv.LaunchLimit = d.cfg.LaunchLimit
	switch err := e.SubmitInline(inv); err {
	case nil, call.ErrNotLent:
		return err
	case call.ErrQueueFull:
		err := errorf(call.CodeQueueFull, "the queue of %s is full; retry later", e.Name())
		err.Full = true
		return err
	case call.ErrTenantShare:
		return errorf(call.CodeQueueFull, "your share of the queue of %s is full; retry later", e.Name())
	case call.ErrTenantBytes:
		return errorf(call.CodeQueueQuota, "the inputs you have queued on %s would exceed your bytes of its queue (--tenant-queue-bytes); retry later", e.Name())
	case call.ErrDraining:
		return errorf(call.CodeDraining, "the server is shutting down")
	default:
		return errorf(call.CodeUnavailable, "%v", err)
	}
}

// pick returns the least loaded engine, preferring ready ones.
func (d *Dispatcher) pick() Engine {
	var best Engine
	bestLoad, bestReady := 0, false
	for _, e := range d.engines {
		l, r := e.Load(), e.Ready()
		if best == nil || (r && !bestReady) || (r == bestReady && l < bestLoad) {
			best, bestLoad, bestReady = e, l, r
		}
	}
	return best
}

// Prewake tells the engine that an invocation submitted now would go to that one is on its way
// (engine.Engine.Prewake: it may wake that engine's next worker while the request's body
// arrives). The frontend calls it when an invocation's request header has come.
func (d *Dispatcher) Prewake() {
	if e, ok := d.pick().(interface{ Prewake() }); ok {
		e.Prewake()
	}
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
