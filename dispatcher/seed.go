package dispatcher

import (
	"errors"
	"fmt"

	"gpufn/auth"
)

// SeedLibrary is a library the server registers of its own accord (the examples).
type SeedLibrary struct {
	Name  string
	Image []byte
}

// SeedFunction is a function the server registers of its own accord; Public makes it
// invocable by everyone.
type SeedFunction struct {
	Name   string
	Config []byte
	Public bool
}

// Seed registers libraries and then functions in tenant's namespace, acting as its admin, at
// start after Restore. It never overrides what the tenant has: a seed whose name the tenant
// already uses is left as the tenant has it. With a store, each seed is offered once per data
// directory (store.MarkSeeded): one offered before is not registered again, so that what the
// tenant did to it since (replaced, deleted, made private) stands across restarts. A seed
// left out for a conflict, or that does not register (a seeded function whose library the
// tenant replaced), is one error of the result, for the log; none stops the others.
func (d *Dispatcher) Seed(tenant string, libs []SeedLibrary, fns []SeedFunction) []error {
	admin := auth.Identity{Tenant: tenant, TenantBytes: []byte(tenant), Admin: true}
	st := d.cfg.Store
	offeredLibs, offeredFns := map[string]bool{}, map[string]bool{}
	if st != nil {
		var err error
		if offeredLibs, offeredFns, err = st.Seeded(tenant); err != nil {
			return []error{fmt.Errorf("reading which seeds were offered: %w (none registered)", err)}
		}
	}
	var problems []error
	mark := func(function bool, name string) {
		if st == nil {
			return
		}
		if err := st.MarkSeeded(tenant, function, name); err != nil {
			problems = append(problems, fmt.Errorf("%s: %w (it will be offered again at the next start)", name, err))
		}
	}
	for _, l := range libs {
		switch {
		case offeredLibs[l.Name]:
		case d.hasLibrary(tenant, l.Name):
			problems = append(problems, fmt.Errorf("library %s/%s: the tenant has a library of that name, which is kept", tenant, l.Name))
			mark(false, l.Name)
		default:
			if _, _, err := d.PutLibrary(admin, tenant, l.Name, l.Image); err != nil {
				problems = append(problems, fmt.Errorf("library %s/%s: %w", tenant, l.Name, err))
				continue
			}
			mark(false, l.Name)
		}
	}
	for _, f := range fns {
		switch {
		case offeredFns[f.Name]:
		case d.lookup(tenant, f.Name) != nil:
			problems = append(problems, fmt.Errorf("function %s/%s: the tenant has a function of that name, which is kept", tenant, f.Name))
			mark(true, f.Name)
		default:
			_, _, err := d.PutFunction(admin, tenant, f.Name, f.Config)
			if err == nil && f.Public {
				_, err = d.SetAccess(admin, tenant, f.Name, Access{Public: true})
			}
			if err != nil {
				if de := (*Error)(nil); errors.As(err, &de) && len(de.Problems) > 0 {
					err = fmt.Errorf("%v: %v", de.Message, de.Problems)
				}
				problems = append(problems, fmt.Errorf("function %s/%s: %w", tenant, f.Name, err))
				continue
			}
			mark(true, f.Name)
		}
	}
	return problems
}

func (d *Dispatcher) hasLibrary(tenant, name string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, ok := d.libs[tenant][name]
	return ok
}
