package dispatcher

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/libscan"
	"gpufn/store"
)

// Compile at upload. On a CUDA server with a Compiler, an uploaded PTX library is compiled
// once, when it is uploaded, for each GPU architecture of the server, outside the server
// process (the Compiler runs it in a compile worker). What the library may do is decided on
// the cubin: its undefined symbols are checked by libscan exactly as an uploaded cubin's
// (device malloc and the other heap functions are refused), and its kernels must be the ones
// the scanner read in the PTX, with the same parameter sizes (a disagreement means the scanner
// read the text otherwise than the compiler did: refused). The textual checks of the PTX stay
// as a first, cheap filter. Workers load the cubin (one architecture) or, on a server of
// several architectures, the PTX (the cubins only decide), JIT-compiled by the driver.
//
// Cubins are kept in memory by (tenant, PTX hash, architecture, compiler version), so that an
// upload of a PTX the tenant uploaded before costs no compile (per tenant, so that a compile's
// time tells no tenant what another uploaded), and with a store beside the library, keyed by
// the PTX's hash and the compiler's version: a driver change compiles again.

// Compiler compiles PTX outside the server process; package compiler implements it with
// compile workers, and cmd/gpufn wires it on CUDA servers.
type Compiler interface {
	// Compile compiles ptx for the GPU architecture arch (one of Config.GPUs') into a cubin of
	// at most maxCubin bytes, and returns it with the version of the compiler that made it and
	// the compiler's log (warnings). A PTX that does not compile, or that the compiler gives
	// up on, is a *call.Error with call.CodeCompileFailed (its message and log say why); a
	// compiler that cannot be reached is call.CodeUnavailable.
	Compile(ctx context.Context, arch string, ptx []byte, maxCubin int) (cubin []byte, version, log string, err error)
}

// CompileView says how an uploaded PTX was compiled for one architecture.
type CompileView struct {
	Arch       string `json:"arch"`
	Compiler   string `json:"compiler"`
	CubinBytes int    `json:"cubin_bytes"`
	// CompileMS is the time the compile took, in ms, waiting for the compiler included; 0
	// when the cubin came from the cache or the store.
	CompileMS float64 `json:"compile_ms"`
	// Source is "compiled" (now), "cache" (the same PTX was compiled before, in memory) or
	// "stored" (kept beside the library in the data directory).
	Source string `json:"source"`
	// Log is the compiler's log (warnings), if any.
	Log string `json:"log,omitempty"`
	// From names what was compiled when it is not the upload itself: "fatbin PTX for sm_90"
	// (a fatbin's PTX entry, compiled to decide on it; workers load the fatbin).
	From string `json:"from,omitempty"`
}

// compileTarget is an architecture to compile for, with the version of its compiler as the
// probe saw it (which keys the cache and the store).
type compileTarget struct{ arch, version string }

// targets lists the distinct architectures of the server's GPUs, sorted.
func (d *Dispatcher) targets() []compileTarget {
	var out []compileTarget
	for _, g := range d.cfg.GPUs {
		if !slices.ContainsFunc(out, func(t compileTarget) bool { return t.arch == g.Arch }) {
			out = append(out, compileTarget{arch: g.Arch, version: g.Compiler})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].arch < out[j].arch })
	return out
}

// compiles reports whether an upload of this kind is compiled at upload here: PTX, and the
// PTX entries of a fatbin.
func (d *Dispatcher) compiles(info *libscan.Info) bool {
	return d.cfg.Compiler != nil && d.cfg.Device == "cuda" && (info.Kind == libscan.KindPTX || info.Kind == libscan.KindFatbin)
}

// checkFatbin compiles the PTX entries of a fatbin that a server GPU may JIT-compile (their
// target not newer than it) and decides on their cubins as on an uploaded PTX's: the driver
// JIT-compiles such an entry where the fatbin has no cubin for the GPU, so a heap call hidden
// there would run. An entry that does not compile is refused only where the fatbin has no cubin
// the GPU can run instead (a PTX too new for this driver beside a cubin for the GPU is fine:
// the driver loads the cubin). Workers load the fatbin as uploaded.
func (d *Dispatcher) checkFatbin(ctx context.Context, tenant string, e *libEntry) error {
	entries, err := libscan.FatbinEntries(e.lib.Image)
	if err != nil {
		return errorf(call.CodeInvalidLibrary, "%v", err)
	}
	e.compiled = nil
	for _, t := range d.targets() {
		hasCubin := slices.ContainsFunc(entries, func(en libscan.FatbinEntry) bool {
			return en.Kind == libscan.KindCubin && libscan.CheckArch(&libscan.Info{Kind: libscan.KindCubin, Arch: en.Arch}, t.arch) == nil
		})
		for _, en := range entries {
			if en.Kind != libscan.KindPTX {
				continue
			}
			info, err := libscan.Scan(en.Code)
			if err != nil {
				return errorf(call.CodeInvalidLibrary, "the fatbin's PTX for %s: %v", en.Arch, err)
			}
			if libscan.CheckArch(info, t.arch) != nil {
				continue // too new for this GPU: never JIT-compiled here
			}
			from := "fatbin PTX for " + en.Arch
			key := cacheKey{tenant: tenant, ptx: sha256.Sum256(en.Code), arch: t.arch, version: t.version}
			view := CompileView{Arch: t.arch, Compiler: t.version, From: from}
			cubin, ok := d.cubins.get(key)
			if ok {
				view.Source = "cache"
			} else {
				start := time.Now()
				var version, log string
				cubin, version, log, err = d.compileShared(ctx, key, en.Code)
				if err != nil {
					var ce *call.Error
					if hasCubin && errors.As(err, &ce) && ce.Code == call.CodeCompileFailed {
						continue // the driver loads the fatbin's cubin on this GPU, never this PTX
					}
					ee := compileError(t.arch, log, err)
					ee.Message = "the fatbin's PTX for " + en.Arch + ": " + ee.Message
					return ee
				}
				view.Source, view.Compiler, view.Log = "compiled", version, log
				view.CompileMS = float64(time.Since(start).Microseconds()) / 1000
				d.cubins.put(cacheKey{tenant: tenant, ptx: key.ptx, arch: t.arch, version: version}, cubin)
			}
			if err := checkCubin(info, cubin, t.arch); err != nil {
				var ee *Error
				if errors.As(err, &ee) {
					ee.Message = "the fatbin's PTX for " + en.Arch + ": " + ee.Message
				}
				return err
			}
			view.CubinBytes = len(cubin)
			e.compiled = append(e.compiled, view)
		}
	}
	return nil
}

// compilePTX compiles e's PTX for every target (or finds its cubins in the cache or the store),
// checks each cubin, and makes e's library the cubin when there is one target. It returns the
// cubins compiled now, by architecture, for the caller to store.
func (d *Dispatcher) compilePTX(ctx context.Context, tenant, name string, e *libEntry) (map[string][]byte, error) {
	ptx := e.lib.Image
	fresh := map[string][]byte{}
	var cubins [][]byte
	e.compiled = nil
	for _, t := range d.targets() {
		key := cacheKey{tenant: tenant, ptx: e.src.hash, arch: t.arch, version: t.version}
		view := CompileView{Arch: t.arch, Compiler: t.version}
		cubin, ok := d.cubins.get(key)
		if ok {
			view.Source = "cache"
		} else if cubin, ok = d.storedCubin(tenant, name, key); ok {
			view.Source = "stored"
		} else {
			start := time.Now()
			var version, log string
			var err error
			cubin, version, log, err = d.compileShared(ctx, key, ptx)
			if err != nil {
				return nil, compileError(t.arch, log, err)
			}
			view.Source, view.Compiler, view.Log = "compiled", version, log
			view.CompileMS = float64(time.Since(start).Microseconds()) / 1000
			fresh[t.arch] = cubin
		}
		if err := checkCubin(e.lib.Info, cubin, t.arch); err != nil {
			return nil, err
		}
		if view.Source != "cache" {
			d.cubins.put(cacheKey{tenant: tenant, ptx: e.src.hash, arch: t.arch, version: view.Compiler}, cubin)
		}
		view.CubinBytes = len(cubin)
		e.compiled = append(e.compiled, view)
		cubins = append(cubins, cubin)
	}
	if len(cubins) == 1 {
		e.lib = &call.Library{Name: e.lib.Name, Hash: sha256.Sum256(cubins[0]), Kind: libscan.KindCubin, Image: cubins[0], Info: e.lib.Info}
	} else if len(cubins) > 1 {
		e.lib.Info.Warnings = append(e.lib.Info.Warnings, "this server has GPUs of several architectures: the PTX was compiled and checked for each, and workers JIT-compile the PTX")
	}
	return fresh, nil
}

// compileError is the upload's answer for a failed compile: the compiler's log, or what it
// said, as a compile_failed (or the compiler's unavailable) error.
func compileError(arch, log string, err error) *Error {
	var ce *call.Error
	if !errors.As(err, &ce) {
		return errorf(call.CodeInternal, "compiling the PTX for %s: %v", arch, err)
	}
	if ce.Code != call.CodeCompileFailed {
		return errorf(ce.Code, "compiling the PTX for %s: %s", arch, ce.Message)
	}
	msg := ce.Message
	if log = strings.TrimSpace(log); log != "" {
		msg = log
	}
	return errorf(call.CodeCompileFailed, "the PTX does not compile for %s: %s", arch, msg)
}

// checkCubin decides on the cubin compiled from a PTX: it must be a cubin for arch that calls
// no heap function (libscan, as for an uploaded cubin), whose kernels are the ones the scanner
// read in the PTX, with the same parameter sizes where both say them.
func checkCubin(ptx *libscan.Info, cubin []byte, arch string) error {
	got, err := libscan.Scan(cubin)
	if err != nil {
		return errorf(call.CodeInvalidLibrary, "the PTX, compiled for %s, is refused: %v", arch, err)
	}
	if got.Kind != libscan.KindCubin {
		return errorf(call.CodeInternal, "compiling the PTX for %s gave a %s, not a cubin", arch, got.Kind)
	}
	if err := libscan.CheckArch(got, arch); err != nil {
		return errorf(call.CodeInternal, "compiling the PTX for %s gave a cubin for %s", arch, got.Arch)
	}
	if g, w := got.KernelNames(), ptx.KernelNames(); !slices.Equal(g, w) {
		return errorf(call.CodeInvalidLibrary, "the PTX's kernels as gpufn reads them (%s) are not the compiled code's (%s): gpufn refuses PTX that it reads otherwise than the compiler",
			strings.Join(w, ", "), strings.Join(g, ", "))
	}
	for _, k := range ptx.Kernels {
		if gk := got.Kernel(k.Name); gk != nil && gk.Params != nil && k.Params != nil && !slices.Equal(gk.Params, k.Params) {
			return errorf(call.CodeInvalidLibrary, "kernel %s takes parameters of %v bytes as gpufn reads the PTX, %v in the compiled code: gpufn refuses PTX that it reads otherwise than the compiler",
				k.Name, k.Params, gk.Params)
		}
	}
	return nil
}

// storedCubin returns the cubin kept in the store for the library, if it was compiled from
// this PTX by this compiler.
func (d *Dispatcher) storedCubin(tenant, name string, key cacheKey) ([]byte, bool) {
	if d.cfg.Store == nil || key.version == "" {
		return nil, false
	}
	c, err := d.cfg.Store.LoadCubin(tenant, name, key.arch)
	if err != nil {
		if !errors.Is(err, store.ErrNoCubin) {
			d.log.Warn("reading a stored cubin; compiling again", zap.String("tenant", tenant), zap.String("library", name), zap.Error(err))
		}
		return nil, false
	}
	if c.PTXSHA256 != key.ptx || c.Compiler != key.version {
		return nil, false // stale: another PTX, or another compiler (a driver change)
	}
	return c.Image, true
}

// storeCubins keeps the cubins compiled for an upload beside the library, and drops those
// of an earlier version of it that no longer apply. Failures are logged: the library is
// stored, and a missing cubin is compiled again at the next start.
func (d *Dispatcher) storeCubins(tenant, name string, e *libEntry, fresh map[string][]byte) {
	st := d.cfg.Store
	if len(e.compiled) == 0 || e.src.kind != libscan.KindPTX {
		if err := st.DeleteCubins(tenant, name); err != nil {
			d.log.Warn("deleting the cubins of a replaced library", zap.String("tenant", tenant), zap.String("library", name), zap.Error(err))
		}
		return
	}
	for _, v := range e.compiled {
		cubin, ok := fresh[v.Arch]
		if !ok {
			if v.Source == "stored" {
				continue
			}
			cubin, ok = d.cubins.get(cacheKey{tenant: tenant, ptx: e.src.hash, arch: v.Arch, version: v.Compiler})
			if !ok {
				continue
			}
		}
		err := st.PutCubin(store.Cubin{Tenant: tenant, Name: name, Arch: v.Arch, PTXSHA256: e.src.hash, Compiler: v.Compiler, Image: cubin, Created: e.created})
		if err != nil {
			d.log.Warn("storing a compiled cubin; it is compiled again at the next start", zap.String("tenant", tenant), zap.String("library", name), zap.Error(err))
		}
	}
}

// restoreLibrary makes the entry of a stored library at start: scanned and checked as an
// upload is, with the stored cubins where they are still valid; a PTX with a cubin missing or
// stale is pending (CompilePending compiles it) and runs from the PTX meanwhile.
func (d *Dispatcher) restoreLibrary(l store.Library) (*libEntry, error) {
	info, err := libscan.Scan(l.Image)
	if err != nil {
		return nil, errorf(call.CodeInvalidLibrary, "%v", err)
	}
	if err := d.compatible(info); err != nil {
		return nil, err
	}
	hash := sha256.Sum256(l.Image)
	e := &libEntry{lib: &call.Library{Name: l.Name, Hash: hash, Kind: info.Kind, Image: l.Image, Info: info},
		src: source{kind: info.Kind, size: len(l.Image), hash: hash}}
	if info.Kind != libscan.KindPTX || !d.compiles(info) {
		return e, nil // a fatbin's PTX was decided on at its upload
	}
	for _, t := range d.targets() {
		if _, ok := d.storedCubin(l.Tenant, l.Name, cacheKey{tenant: l.Tenant, ptx: hash, arch: t.arch, version: t.version}); !ok {
			e.pending = true
			return e, nil
		}
	}
	// Every cubin is stored and current: no compile runs (a context without a deadline is
	// never used).
	if _, err := d.compilePTX(context.Background(), l.Tenant, l.Name, e); err != nil {
		return nil, err
	}
	return e, nil
}

// CompilePending compiles the stored PTX libraries that Restore left pending (their cubin was
// missing or stale), one at a time, and makes each run from its cubin (its functions are
// rebound to the compiled library). A library whose compiled code is refused (it calls device
// malloc, or the scanner read it otherwise than the compiler) is withdrawn with its functions,
// from the live registry and from the store; one that does not compile is withdrawn from the
// live registry only (a driver change may be to blame; the store keeps it for its owner). It
// runs until done or ctx ends, returns what it could not compile, and is meant for a goroutine
// of cmd/gpufn (the package starts none).
func (d *Dispatcher) CompilePending(ctx context.Context) []error {
	d.mu.Lock()
	var todo []*libEntry
	for _, libs := range d.libs {
		for _, e := range libs {
			if e.pending {
				todo = append(todo, e)
			}
		}
	}
	d.mu.Unlock()
	sort.Slice(todo, func(i, j int) bool {
		return todo[i].tenant < todo[j].tenant || todo[i].tenant == todo[j].tenant && todo[i].lib.Name < todo[j].lib.Name
	})
	var problems []error
	for _, old := range todo {
		if ctx.Err() != nil {
			problems = append(problems, ctx.Err())
			break
		}
		if err := d.compilePending(ctx, old); err != nil {
			problems = append(problems, fmt.Errorf("library %s/%s: %w", old.tenant, old.lib.Name, err))
		}
	}
	return problems
}

// compilePending compiles one pending library and swaps it in, or withdraws it.
func (d *Dispatcher) compilePending(ctx context.Context, old *libEntry) error {
	tenant, name := old.tenant, old.lib.Name
	info := *old.lib.Info // compilePTX may add a warning
	info.Warnings = slices.Clone(info.Warnings)
	e := &libEntry{tenant: tenant, created: old.created, src: old.src,
		lib: &call.Library{Name: name, Hash: old.lib.Hash, Kind: old.lib.Kind, Image: old.lib.Image, Info: &info}}
	start := time.Now()
	fresh, err := d.compilePTX(ctx, tenant, name, e)
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.libs[tenant][name] != old {
		return nil // replaced or deleted meanwhile
	}
	if err != nil {
		var de *Error
		if !errors.As(err, &de) || (de.Code != call.CodeInvalidLibrary && de.Code != call.CodeCompileFailed) {
			return err // the compiler is unavailable or failed: the library stays pending
		}
		users := d.usersLocked(tenant, name)
		d.log.Error("a stored PTX library is withdrawn: its compiled code is refused", zap.String("tenant", tenant), zap.String("library", name),
			zap.Strings("functions", users), zap.String("reason", de.Message))
		delete(d.libs[tenant], name)
		d.publish(tenant, func(m map[string]*fnEntry) {
			for _, f := range users {
				delete(m, f)
			}
		})
		if st := d.cfg.Store; st != nil && de.Code == call.CodeInvalidLibrary {
			for _, f := range users {
				if err := st.DeleteFunction(tenant, f); err != nil {
					d.log.Warn("deleting a withdrawn function", zap.String("tenant", tenant), zap.String("function", f), zap.Error(err))
				}
			}
			if err := st.DeleteLibrary(tenant, name); err != nil {
				d.log.Warn("deleting a withdrawn library", zap.String("tenant", tenant), zap.String("library", name), zap.Error(err))
			}
			st.DeleteCubins(tenant, name)
		}
		return err
	}
	d.libs[tenant][name] = e
	var rebound []*fnEntry
	for _, fe := range (*d.fns.Load())[tenant] {
		if usesLibrary(fe.fn, name) {
			nfe := *fe
			main, extra := replaceLibrary(fe.fn, name, e.lib)
			nfe.fn = &call.Function{ID: d.nextID.Add(1), Owner: fe.fn.Owner, Name: fe.fn.Name, Plan: fe.fn.Plan, Config: fe.config, Lib: main, Extra: extra, Weights: fe.fn.Weights}
			rebound = append(rebound, &nfe)
		}
	}
	if len(rebound) > 0 {
		d.publish(tenant, func(m map[string]*fnEntry) {
			for _, fe := range rebound {
				m[fe.fn.Name] = fe
			}
		})
	}
	if d.cfg.Store != nil {
		d.storeCubins(tenant, name, e, fresh)
	}
	d.log.Info("stored PTX library compiled", zap.String("tenant", tenant), zap.String("library", name), zap.Duration("took", time.Since(start)))
	return nil
}

// compileShared compiles ptx for key's architecture; concurrent uploads of the same PTX by
// the same tenant wait for one compile.
func (d *Dispatcher) compileShared(ctx context.Context, key cacheKey, ptx []byte) (cubin []byte, version, log string, err error) {
	f, leader := d.cubins.join(key)
	if !leader {
		select {
		case <-f.done:
			return f.cubin, f.version, f.log, f.err
		case <-ctx.Done():
			return nil, "", "", call.Errorf(call.CodeUnavailable, "waiting for the compile of the same PTX: %v", ctx.Err())
		}
	}
	f.cubin, f.version, f.log, f.err = d.cfg.Compiler.Compile(ctx, key.arch, ptx, d.cfg.MaxLibraryBytes)
	d.cubins.leave(key, f)
	return f.cubin, f.version, f.log, f.err
}

// cacheKey names a cubin: whose PTX, which PTX, for which architecture, by which compiler.
type cacheKey struct {
	tenant  string
	ptx     [32]byte
	arch    string
	version string
}

// flight is a compile in progress that others wait for.
type flight struct {
	done         chan struct{}
	cubin        []byte
	version, log string
	err          error
}

// cubinCache keeps compiled cubins, at most max bytes (oldest out first), and the compiles in
// progress. Safe for concurrent use.
type cubinCache struct {
	mu      sync.Mutex
	max     int
	bytes   int
	entries map[cacheKey][]byte
	order   []cacheKey // insertion order, for eviction
	flights map[cacheKey]*flight
}

func (c *cubinCache) init(max int) {
	c.max, c.entries, c.flights = max, map[cacheKey][]byte{}, map[cacheKey]*flight{}
}

func (c *cubinCache) get(k cacheKey) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.entries[k]
	return b, ok
}

func (c *cubinCache) put(k cacheKey, b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[k]; ok || len(b) > c.max {
		return
	}
	for c.bytes+len(b) > c.max && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		c.bytes -= len(c.entries[old])
		delete(c.entries, old)
	}
	c.entries[k] = b
	c.order = append(c.order, k)
	c.bytes += len(b)
}

// join returns the flight for k, and whether the caller leads it (must compile, then leave).
func (c *cubinCache) join(k cacheKey) (*flight, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if f, ok := c.flights[k]; ok {
		return f, false
	}
	f := &flight{done: make(chan struct{})}
	c.flights[k] = f
	return f, true
}

// leave ends the leader's flight: its result is what the waiters get.
func (c *cubinCache) leave(k cacheKey, f *flight) {
	c.mu.Lock()
	delete(c.flights, k)
	c.mu.Unlock()
	close(f.done)
}
