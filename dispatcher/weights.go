package dispatcher

import (
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"gpufn/auth"
	"gpufn/call"
	"gpufn/function"
	"gpufn/store"
	"gpufn/weights"
)

// Weight sets: a tenant's safetensors files, kept content-addressed by the store (their bytes
// live in a blob under --data-dir, which workers read; the dispatcher keeps only headers), and
// bound by name to the functions whose config says weight_set. Names, tenancy and access are
// those of libraries.

// weightEntry is a stored weight set.
type weightEntry struct {
	tenant, name string
	sum          [32]byte
	size         int64 // of the file
	header       *weights.Header
	path         string // the blob
	created      time.Time
}

// WeightSetView describes a weight set: the answer to PUT and GET /v1/weights/{set}.
type WeightSetView struct {
	Tenant string `json:"tenant"`
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
	// Bytes is the file's size; ResidentBytes the device memory the set takes (its data).
	Bytes         int64             `json:"bytes"`
	ResidentBytes uint64            `json:"resident_bytes"`
	Tensors       []weights.Tensor  `json:"tensors"`
	Metadata      map[string]string `json:"metadata,omitempty"`
	Created       time.Time         `json:"created"`
	UsedBy        []string          `json:"used_by,omitempty"`
}

func (e *weightEntry) view(usedBy []string) WeightSetView {
	return WeightSetView{Tenant: e.tenant, Name: e.name, SHA256: hex.EncodeToString(e.sum[:]), Bytes: e.size,
		ResidentBytes: e.header.DataBytes, Tensors: e.header.Tensors, Metadata: e.header.Metadata, Created: e.created, UsedBy: usedBy}
}

func (d *Dispatcher) weightDefaults() (maxBytes int64, maxSets int) {
	maxBytes, maxSets = d.cfg.MaxWeightBytes, d.cfg.MaxWeightSets
	if maxBytes <= 0 {
		maxBytes = 4 << 30
	}
	if maxSets <= 0 {
		maxSets = 100
	}
	return maxBytes, maxSets
}

// PutWeights uploads (or replaces) weight set name of tenant: a safetensors file, checked in
// full (package weights). It reports whether the name is new. Replacing a set that functions
// use re-binds them to the new one if every weight they name is still a tensor of it; if not,
// nothing changes (CodeWeightsInUse). Weight sets need a store (--data-dir): workers read them
// from its files.
func (d *Dispatcher) PutWeights(caller auth.Identity, tenant, name string, file []byte) (WeightSetView, bool, error) {
	if !manages(caller, tenant) {
		return WeightSetView{}, false, notFound("weight set", tenant, name)
	}
	if err := d.weightsRefused(); err != nil {
		return WeightSetView{}, false, err
	}
	if err := function.CheckName(name); err != nil {
		return WeightSetView{}, false, errorf(call.CodeBadName, "weight set name: %v", err)
	}
	maxBytes, maxSets := d.weightDefaults()
	if int64(len(file)) > maxBytes {
		return WeightSetView{}, false, errorf(call.CodeTooLarge, "the weight set is %d bytes; the limit is %d (--max-weight-bytes)", len(file), maxBytes)
	}
	if d.cfg.Store == nil {
		return WeightSetView{}, false, errorf(call.CodeBadRequest, "weight sets are kept under --data-dir, and this server runs without one")
	}
	h, err := weights.Parse(file)
	if err != nil {
		return WeightSetView{}, false, errorf(call.CodeInvalidWeights, "%v", err)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	sets := d.weights[tenant]
	_, existed := sets[name]
	if !existed && len(sets) >= maxSets {
		return WeightSetView{}, false, errorf(call.CodeLimitReached, "tenant %q has %d weight sets, the most allowed (--max-weight-sets-per-tenant); delete one first", tenant, len(sets))
	}
	e := &weightEntry{tenant: tenant, name: name, size: int64(len(file)), header: h, created: time.Now()}
	e.sum = sha256Sum(file)
	e.path = d.cfg.Store.BlobPath(e.sum)
	if err := d.checkQuotaLocked(tenant, name, e); err != nil {
		return WeightSetView{}, false, err
	}
	rebound, err := d.rebindWeightsLocked(tenant, name, e)
	if err != nil {
		return WeightSetView{}, false, err
	}
	if _, err := d.cfg.Store.PutWeights(tenant, name, file, e.created); err != nil {
		return WeightSetView{}, false, d.storageError("storing the weight set", err)
	}
	prev := sets[name]
	d.addWeightsLocked(e)
	if len(rebound) > 0 {
		d.publish(tenant, func(m map[string]*fnEntry) {
			for _, fe := range rebound {
				m[fe.fn.Name] = fe
			}
		})
	}
	if prev != nil && prev.sum != e.sum {
		d.contentGoneLocked(prev.sum) // replaced by other content, once the functions moved to it
	}
	d.log.Info("weight set stored", zap.String("tenant", tenant), zap.String("weights", name), zap.Int("bytes", len(file)), zap.Int("tensors", len(h.Tensors)), zap.Bool("replaced", existed))
	return e.view(nil), !existed, nil
}

// weightsRefused refuses weight sets on a dispatcher whose registry is a cluster's (Watched):
// a set's bytes live in this server's store, which the cluster's registry does not carry, so
// that the other servers could not bind or run its functions. Weight sets are single-node for
// now (docs/cluster.md).
func (d *Dispatcher) weightsRefused() error {
	if !d.cfg.Watched {
		return nil
	}
	return errorf(call.CodeNotImplemented, "weight sets are single-node for now: this server is a node of a cluster, whose registry does not carry them (docs/cluster.md); serve functions with weights from a single server")
}

func (d *Dispatcher) addWeightsLocked(e *weightEntry) {
	if d.weights == nil {
		d.weights = map[string]map[string]*weightEntry{}
	}
	if d.weights[e.tenant] == nil {
		d.weights[e.tenant] = map[string]*weightEntry{}
	}
	d.weights[e.tenant][e.name] = e
}

// checkQuotaLocked refuses e when the tenant's sets, with e in place of the set of that name,
// would take more than WeightQuotaBytes of device memory (each content counted once, as
// workers place it once).
func (d *Dispatcher) checkQuotaLocked(tenant, name string, e *weightEntry) error {
	quota := d.cfg.WeightQuotaBytes
	if quota == 0 {
		return nil
	}
	seen := map[[32]byte]bool{e.sum: true}
	total := e.header.DataBytes
	for n, o := range d.weights[tenant] {
		if n != name && !seen[o.sum] {
			seen[o.sum] = true
			total += o.header.DataBytes
		}
	}
	if total > quota {
		return errorf(call.CodeLimitReached, "tenant %q's weight sets would take %d bytes of device memory; its quota is %d (--weight-quota-bytes)", tenant, total, quota)
	}
	return nil
}

// rebindWeightsLocked returns copies of the functions bound to set name, checked against e
// (which replaces it); CodeWeightsInUse names one that would break.
func (d *Dispatcher) rebindWeightsLocked(tenant, name string, e *weightEntry) ([]*fnEntry, error) {
	var out []*fnEntry
	for _, fe := range (*d.fns.Load())[tenant] {
		if fe.fn.Plan.WeightSet != name {
			continue
		}
		if err := checkBinding(e, fe.fn.Plan); err != nil {
			return nil, errorf(call.CodeWeightsInUse, "replacing weight set %q would break function %q: %v", name, fe.fn.Name, err)
		}
		nfe := *fe
		nfe.fn = &call.Function{ID: d.nextID.Add(1), Owner: fe.fn.Owner, Name: fe.fn.Name, Plan: fe.fn.Plan, Config: fe.fn.Config, Lib: fe.fn.Lib, Extra: fe.fn.Extra, Weights: bindingOf(e, fe.fn.Plan)}
		out = append(out, &nfe)
	}
	return out, nil
}

// checkBinding checks that every weight of the plan is a tensor of the set.
func checkBinding(e *weightEntry, p *function.Plan) error {
	var missing []string
	for _, w := range p.Weights {
		if _, ok := e.header.Tensor(w); !ok {
			missing = append(missing, strconv.Quote(w))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("weight set %q has no tensor %s", e.name, strings.Join(missing, ", "))
	}
	return nil
}

// bindingOf is the plan's view of the set: where its weights lie. The plan has been checked
// against the set (checkBinding).
func bindingOf(e *weightEntry, p *function.Plan) *call.WeightSet {
	ws := &call.WeightSet{SHA256: e.sum, Path: e.path, DataOffset: e.header.DataOffset, DataBytes: e.header.DataBytes, Owner: ownerID(e.tenant)}
	for _, w := range p.Weights {
		t, _ := e.header.Tensor(w)
		ws.Ranges = append(ws.Ranges, [2]uint64{t.Begin, t.End})
	}
	return ws
}

// bindWeightsLocked binds the weights of function fn's plan to its weight set (nil when it
// has none): the set its config names, or else its anonymous set (given with the function).
func (d *Dispatcher) bindWeightsLocked(tenant, fn string, plan *function.Plan) (*call.WeightSet, error) {
	if plan.WeightSet != "" || len(plan.Weights) > 0 {
		if err := d.weightsRefused(); err != nil {
			return nil, err
		}
	}
	if plan.WeightSet == "" {
		if len(plan.Weights) == 0 {
			return nil, nil
		}
		e, ok := d.weights[tenant][anonymous(fn)]
		if !ok {
			return nil, &Error{Code: call.CodeInvalidConfig, Message: "weights without a weight set",
				Problems: []function.Problem{{Path: "weight_set", Message: "blueprint.weights names tensors; say which weight set they are of (upload one with PUT /v1/weights/{set}), or send the set with the config (multipart: parts config and weights)"}}}
		}
		if err := checkBinding(e, plan); err != nil {
			return nil, &Error{Code: call.CodeInvalidWeights, Message: err.Error(),
				Problems: []function.Problem{{Path: "blueprint.weights", Message: err.Error()}}}
		}
		return bindingOf(e, plan), nil
	}
	e, ok := d.weights[tenant][plan.WeightSet]
	if !ok {
		return nil, &Error{Code: call.CodeInvalidConfig, Message: fmt.Sprintf("weight_set %q names no weight set of tenant %q", plan.WeightSet, tenant),
			Problems: []function.Problem{{Path: "weight_set", Message: fmt.Sprintf("no weight set %q; upload it with PUT /v1/weights/{set}", plan.WeightSet)}}}
	}
	if err := checkBinding(e, plan); err != nil {
		return nil, &Error{Code: call.CodeInvalidWeights, Message: err.Error(),
			Problems: []function.Problem{{Path: "blueprint.weights", Message: err.Error()}}}
	}
	return bindingOf(e, plan), nil
}

// WeightDropper is an Engine whose workers drop resident weights that were deleted
// (engine.Engine.DropWeights): the sets of those contents, and the own copies (an init flow's)
// of those functions.
type WeightDropper interface {
	DropWeights(sets [][32]byte, funcs []uint64)
}

// dropWeights has the engines' workers drop the resident weights of sets and funcs.
func (d *Dispatcher) dropWeights(sets [][32]byte, funcs []uint64) {
	if len(sets)+len(funcs) == 0 {
		return
	}
	for _, e := range d.engines {
		if w, ok := e.(WeightDropper); ok {
			w.DropWeights(sets, funcs)
		}
	}
}

// contentGoneLocked has the workers drop the resident copies of content sum once no weight
// set of any tenant has it (workers place a content once, whatever its names).
func (d *Dispatcher) contentGoneLocked(sum [32]byte) {
	for _, sets := range d.weights {
		for _, e := range sets {
			if e.sum == sum {
				return
			}
		}
	}
	d.dropWeights([][32]byte{sum}, nil)
}

// DeleteWeights removes a weight set no function uses.
func (d *Dispatcher) DeleteWeights(caller auth.Identity, tenant, name string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.weights[tenant][name]; !ok || !manages(caller, tenant) {
		return notFound("weight set", tenant, name)
	}
	if users := d.weightUsersLocked(tenant, name); len(users) > 0 {
		return errorf(call.CodeWeightsInUse, "weight set %q is used by function(s) %s; delete them first", name, strings.Join(users, ", "))
	}
	if err := d.cfg.Store.DeleteWeights(tenant, name); err != nil {
		return d.storageError("deleting the stored weight set", err)
	}
	gone := d.weights[tenant][name].sum
	delete(d.weights[tenant], name)
	d.contentGoneLocked(gone)
	return nil
}

func (d *Dispatcher) weightUsersLocked(tenant, set string) []string {
	var out []string
	for name, fe := range (*d.fns.Load())[tenant] {
		if fe.fn.Plan.WeightSet == set || (fe.fn.Plan.WeightSet == "" && set == anonymous(name)) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// Weights describes one weight set.
func (d *Dispatcher) Weights(caller auth.Identity, tenant, name string) (WeightSetView, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	e, ok := d.weights[tenant][name]
	if !ok || !manages(caller, tenant) {
		return WeightSetView{}, notFound("weight set", tenant, name)
	}
	return e.view(d.weightUsersLocked(tenant, name)), nil
}

// WeightSets lists a tenant's weight sets by name, without their tensors.
func (d *Dispatcher) WeightSets(caller auth.Identity, tenant string) ([]WeightSetView, error) {
	if !manages(caller, tenant) {
		return nil, errorf(call.CodeNotFound, "no tenant %q", tenant)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	out := []WeightSetView{}
	for _, e := range d.weights[tenant] {
		v := e.view(d.weightUsersLocked(tenant, e.name))
		v.Tensors = nil
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// RestoreWeights loads the weight sets kept by the store (at start, before Restore, so that
// functions bind to them). A set whose file no longer passes the checks is reported and
// skipped.
func (d *Dispatcher) RestoreWeights(sets []store.WeightSet) []error {
	var problems []error
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, ws := range sets {
		path := d.cfg.Store.BlobPath(ws.SHA256)
		h, err := readHeader(path)
		if err != nil {
			problems = append(problems, fmt.Errorf("weight set %s/%s: %v", ws.Tenant, ws.Name, err))
			continue
		}
		d.addWeightsLocked(&weightEntry{tenant: ws.Tenant, name: ws.Name, sum: ws.SHA256, size: ws.Bytes, header: h, path: path, created: ws.Created})
	}
	return problems
}

// Anonymous weight sets: Dandelion v2's way, a function's weights given with its config
// (docs/config-models.md). The set is named "@" + the function's name, which no client can
// give a set (names begin with a letter or digit); it is listed with the tenant's sets, and
// replaced and deleted with its function.

func anonymous(fn string) string { return "@" + fn }

// PutFunctionWithWeights registers (or replaces) function name of tenant from its config and
// its own weight set: file, a safetensors file whose tensors include every name of the
// config's blueprint.weights (and the config names no weight_set). It reports whether the
// function is new.
func (d *Dispatcher) PutFunctionWithWeights(caller auth.Identity, tenant, name string, config, file []byte) (FunctionView, bool, error) {
	if !manages(caller, tenant) {
		return d.PutFunction(caller, tenant, name, config) // answers as for any other caller
	}
	if err := d.weightsRefused(); err != nil {
		return FunctionView{}, false, err
	}
	if err := function.CheckName(name); err != nil {
		return FunctionView{}, false, errorf(call.CodeBadName, "function name: %v", err)
	}
	plan, err := function.Parse(config)
	if err != nil {
		return FunctionView{}, false, invalid(err)
	}
	if plan.WeightSet != "" || len(plan.Weights) == 0 {
		return FunctionView{}, false, &Error{Code: call.CodeInvalidConfig, Message: "a function sent with its weights",
			Problems: []function.Problem{{Path: "weight_set", Message: "a function sent with its own weights names them in blueprint.weights and no weight_set"}}}
	}
	if err := d.checkStaticNeed(plan); err != nil {
		return FunctionView{}, false, err
	}
	maxBytes, _ := d.weightDefaults()
	switch {
	case int64(len(file)) > maxBytes:
		return FunctionView{}, false, errorf(call.CodeTooLarge, "the weight set is %d bytes; the limit is %d (--max-weight-bytes)", len(file), maxBytes)
	case d.cfg.Store == nil:
		return FunctionView{}, false, errorf(call.CodeBadRequest, "weight sets are kept under --data-dir, and this server runs without one")
	}
	h, err := weights.Parse(file)
	if err != nil {
		return FunctionView{}, false, errorf(call.CodeInvalidWeights, "%v", err)
	}
	set := anonymous(name)
	e := &weightEntry{tenant: tenant, name: set, size: int64(len(file)), header: h, created: time.Now(), sum: sha256Sum(file)}
	e.path = d.cfg.Store.BlobPath(e.sum)
	d.mu.Lock()
	defer d.mu.Unlock()
	if fns := (*d.fns.Load())[tenant]; fns[name] == nil && len(fns) >= d.cfg.MaxFunctions {
		return FunctionView{}, false, errorf(call.CodeLimitReached, "tenant %q has %d functions, the most allowed (--max-functions-per-tenant); delete one first", tenant, d.cfg.MaxFunctions)
	}
	if err := d.checkQuotaLocked(tenant, set, e); err != nil {
		return FunctionView{}, false, err
	}
	// The function is compiled against the new set before anything is stored.
	old, had := d.weights[tenant][set]
	d.addWeightsLocked(e)
	fe, err := d.compileLocked(tenant, name, plan, config)
	if err != nil {
		d.restoreWeightsLocked(tenant, set, old, had)
		return FunctionView{}, false, err
	}
	if _, err := d.cfg.Store.PutWeights(tenant, set, file, e.created); err != nil {
		d.restoreWeightsLocked(tenant, set, old, had)
		return FunctionView{}, false, d.storageError("storing the weight set", err)
	}
	return d.publishFunctionLocked(tenant, name, fe)
}

// restoreWeightsLocked puts back the entry of set that was there before (or removes it).
func (d *Dispatcher) restoreWeightsLocked(tenant, set string, old *weightEntry, had bool) {
	if had {
		d.weights[tenant][set] = old
	} else {
		delete(d.weights[tenant], set)
	}
}

// dropAnonymousLocked deletes the anonymous set of a deleted function, if it has one.
func (d *Dispatcher) dropAnonymousLocked(tenant, fn string) {
	set := anonymous(fn)
	if _, ok := d.weights[tenant][set]; !ok {
		return
	}
	if err := d.cfg.Store.DeleteWeights(tenant, set); err != nil {
		d.log.Warn("deleting the weight set of a deleted function", zap.String("tenant", tenant), zap.String("function", fn), zap.Error(err))
	}
	gone := d.weights[tenant][set].sum
	delete(d.weights[tenant], set)
	d.contentGoneLocked(gone)
}

// ownerID is the tenant's identity in workers' resident sets: FNV-1a of its name.
func ownerID(tenant string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(tenant))
	return h.Sum64()
}
