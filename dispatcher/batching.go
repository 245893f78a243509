package dispatcher

import (
	"strconv"

	"gpufn/call"
	"gpufn/function"
)

// Dynamic batching (docs/batching.md): a function's "batching" declaration names batch
// variants, other functions of its tenant. PutFunction checks them (checkBatchingLocked);
// Submit resolves them by name (resolveBatching), so that a variant registered again is used
// in its new version; the engines form the batches.

// attachBatching gives fn the run-time side of its plan's batching declaration, if any.
func attachBatching(fn *call.Function) {
	if c := fn.Plan.Config; c != nil && c.Batching != nil {
		fn.Batching = &call.Batching{Decl: c.Batching}
	}
}

// checkBatchingLocked checks plan's batching declaration against tenant's functions: every
// variant is registered, and takes and gives what the declaration says (function.CheckVariant).
func (d *Dispatcher) checkBatchingLocked(tenant string, plan *function.Plan) error {
	if plan.Config == nil || plan.Config.Batching == nil {
		return nil
	}
	b := plan.Config.Batching
	var ps []function.Problem
	for i, v := range b.Variants {
		fe := d.lookup(tenant, v.Function)
		if fe == nil {
			ps = append(ps, function.Problem{Path: "batching.variants[" + itoa(i) + "].function",
				Message: "tenant " + quote(tenant) + " has no function " + quote(v.Function) + "; register the batch variants first"})
			continue
		}
		ps = append(ps, b.CheckVariant(plan, fe.fn.Plan, i, v.Size)...)
	}
	if len(ps) > 0 {
		return &Error{Code: call.CodeInvalidConfig, Message: "the batching declaration does not match its variants", Problems: ps}
	}
	return nil
}

// resolveBatching makes sure fn's variants are those of the function table now, and resolves
// them again if not: a variant missing, or that no longer matches the declaration or fn's
// weight set, is left out (its batch size is not used).
func (d *Dispatcher) resolveBatching(fn *call.Function) {
	b := fn.Batching
	table := d.fns.Load()
	if cur := b.Variants(); cur != nil && cur.Key == table {
		return
	}
	decl := b.Decl
	prev := b.Variants()
	vs := &call.Variants{Key: table}
	vs.Add(fn, 1, decl)
	for i, v := range decl.Variants {
		fe := (*table)[fn.Owner][v.Function]
		switch {
		case fe == nil:
		case prev.Keep(vs, fe.fn): // the same registration as before: evaluated already
		case len(decl.CheckVariant(fn.Plan, fe.fn.Plan, i, v.Size)) == 0 && sameWeights(fn, fe.fn):
			vs.Add(fe.fn, v.Size, decl)
		}
	}
	b.SetVariants(vs)
}

// sameWeights reports whether a variant reads the same weight set as the function.
func sameWeights(fn, v *call.Function) bool {
	if fn.Weights == nil || v.Weights == nil {
		return fn.Weights == nil && v.Weights == nil
	}
	return fn.Weights.SHA256 == v.Weights.SHA256
}

func itoa(i int) string     { return strconv.Itoa(i) }
func quote(s string) string { return strconv.Quote(s) }
