package jetstream

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	natsjs "github.com/nats-io/nats.go/jetstream"

	"gpufn/store"
)

// Event is one change of the registry, as Watch delivers it.
type Event struct {
	Tenant, Name string
	Rev          uint64
	Deleted      bool
	// IsFunction tells a function's key from a library's.
	IsFunction bool
	// Function is the function written (nil for a library or a delete).
	Function *store.Function
	// Library is the library pointer written (nil for a function or a delete): its bytes are
	// fetched by digest (Fetch).
	Library *LibPointer
}

// Decode parses a key and its value into an Event. A deleted key's value is ignored.
func Decode(key string, value []byte, rev uint64, deleted bool) (Event, error) {
	ev := Event{Rev: rev, Deleted: deleted}
	var rest string
	switch {
	case strings.HasPrefix(key, prefixFn):
		ev.IsFunction, rest = true, key[len(prefixFn):]
	case strings.HasPrefix(key, prefixLib):
		rest = key[len(prefixLib):]
	default:
		return ev, fmt.Errorf("registry: unexpected key %q", key)
	}
	t, n, ok := strings.Cut(rest, ".")
	tb, err1 := b64.DecodeString(t)
	nb, err2 := b64.DecodeString(n)
	if !ok || err1 != nil || err2 != nil {
		return ev, fmt.Errorf("registry: malformed key %q", key)
	}
	ev.Tenant, ev.Name = string(tb), string(nb)
	if deleted {
		return ev, nil
	}
	if ev.IsFunction {
		var v fnValue
		if err := json.Unmarshal(value, &v); err != nil {
			return ev, fmt.Errorf("registry: value of %q: %w", key, err)
		}
		ev.Function = &store.Function{Tenant: ev.Tenant, Name: ev.Name, Config: []byte(v.Config), Access: v.Access, Created: v.Created}
		return ev, nil
	}
	var p LibPointer
	if err := json.Unmarshal(value, &p); err != nil {
		return ev, fmt.Errorf("registry: value of %q: %w", key, err)
	}
	ev.Library = &p
	return ev, nil
}

// Watch delivers every key's latest value and then every change, in revision order, to fn,
// which runs on the goroutine Watch starts; after the latest values, fn gets one Event with
// Rev 0 (caught up). It returns once the watch is set up; the goroutine ends when ctx does.
// The watch is JetStream's ordered consumer, which resumes after a lost connection.
func (r *Registry) Watch(ctx context.Context, fn func(Event)) error {
	w, err := r.kv.WatchAll(ctx)
	if err != nil {
		return classify("watch", err)
	}
	go func() {
		defer w.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case e, ok := <-w.Updates():
				if !ok {
					return
				}
				if e == nil {
					fn(Event{})
					continue
				}
				deleted := e.Operation() != natsjs.KeyValuePut
				ev, err := Decode(e.Key(), e.Value(), e.Revision(), deleted)
				if err != nil {
					continue // not a key of ours
				}
				fn(ev)
			}
		}
	}()
	return nil
}
