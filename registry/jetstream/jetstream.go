package jetstream

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	natsjs "github.com/nats-io/nats.go/jetstream"

	"gpufn/registry"
	"gpufn/store"
)

// Config configures a Registry. Zero values take the defaults written beside each field.
type Config struct {
	// Bucket names the KV bucket (default "gpufn-registry"); the Object Store of library bytes
	// is Bucket+"-libs".
	Bucket string
	// Replicas is how many servers keep each bucket (default 1; gpufn serve --cluster sets
	// --cluster-replicas, 3 by default). It is used when the buckets are created; an existing
	// bucket is updated to it.
	Replicas int
	// Timeout bounds one registry operation (default 2 s); a write that times out is
	// ErrUnavailable.
	Timeout time.Duration
}

// Registry is the JetStream registry. Safe for concurrent use.
type Registry struct {
	cfg    Config
	js     natsjs.JetStream
	kv     natsjs.KeyValue
	obs    natsjs.ObjectStore
	stream natsjs.Stream // the KV bucket's stream
}

var _ registry.Registry = (*Registry)(nil)

// Open creates (or updates) the buckets over nc and returns the registry. ctx bounds the
// creation, which needs the registry's quorum.
func Open(ctx context.Context, nc *nats.Conn, cfg Config) (*Registry, error) {
	if cfg.Bucket == "" {
		cfg.Bucket = "gpufn-registry"
	}
	if cfg.Replicas <= 0 {
		cfg.Replicas = 1
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Second
	}
	js, err := natsjs.New(nc)
	if err != nil {
		return nil, fmt.Errorf("registry: jetstream: %w", err)
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, natsjs.KeyValueConfig{Bucket: cfg.Bucket, History: 1, Storage: natsjs.FileStorage, Replicas: cfg.Replicas,
		Description: "gpufn registry: functions and library pointers"})
	if err != nil {
		return nil, fmt.Errorf("registry: jetstream: bucket %s: %w", cfg.Bucket, err)
	}
	obs, err := js.CreateOrUpdateObjectStore(ctx, natsjs.ObjectStoreConfig{Bucket: cfg.Bucket + "-libs", Storage: natsjs.FileStorage, Replicas: cfg.Replicas,
		Description: "gpufn registry: library bytes by SHA-256"})
	if err != nil {
		return nil, fmt.Errorf("registry: jetstream: object store %s-libs: %w", cfg.Bucket, err)
	}
	stream, err := js.Stream(ctx, "KV_"+cfg.Bucket)
	if err != nil {
		return nil, fmt.Errorf("registry: jetstream: stream of %s: %w", cfg.Bucket, err)
	}
	return &Registry{cfg: cfg, js: js, kv: kv, obs: obs, stream: stream}, nil
}

var b64 = base64.RawURLEncoding

const (
	prefixFn  = "fn."
	prefixLib = "lib."
)

func fnKey(tenant, name string) string {
	return prefixFn + b64.EncodeToString([]byte(tenant)) + "." + b64.EncodeToString([]byte(name))
}

func libKey(tenant, name string) string {
	return prefixLib + b64.EncodeToString([]byte(tenant)) + "." + b64.EncodeToString([]byte(name))
}

// fnValue is a function's value in the bucket.
type fnValue struct {
	Tenant  string          `json:"tenant"`
	Name    string          `json:"name"`
	Config  json.RawMessage `json:"config"`
	Access  json.RawMessage `json:"access,omitempty"`
	Created time.Time       `json:"created"`
}

// LibPointer is a library's value in the bucket: where its bytes are.
type LibPointer struct {
	Tenant  string    `json:"tenant"`
	Name    string    `json:"name"`
	SHA256  string    `json:"sha256"` // hex; the object's name
	Size    int       `json:"size"`
	Created time.Time `json:"created"`
}

// classify maps an error of the registry's servers: a revision mismatch is ErrConflict; any
// other (a timeout, no responders, no leader, a server's refusal such as a full disk) is
// ErrUnavailable: the write did not take, and may once the registry is whole again.
func classify(op string, err error) error {
	if errors.Is(err, natsjs.ErrKeyExists) || errors.Is(err, natsjs.ErrKeyRevisionMismatch) {
		return fmt.Errorf("%w (%s: %v)", registry.ErrConflict, op, err)
	}
	return fmt.Errorf("%w: %s: %v", registry.ErrUnavailable, op, err)
}

// retryWait is the pause between two tries of a request that no server took (retry).
const retryWait = 20 * time.Millisecond

// retry runs op again while it fails with nats.ErrNoResponders, until ctx ends: no server took
// the request (a stream whose replicas have not yet elected a leader, just after it was
// created or while its leader moves), so nothing was done and asking again is safe. Any other
// error, a timeout above all (the request may have been applied), is op's answer.
func retry(ctx context.Context, op func() error) error {
	for {
		err := op()
		if !errors.Is(err, nats.ErrNoResponders) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(retryWait):
		}
	}
}

// write creates (prev 0) or updates (at prev) key.
func (r *Registry) write(key string, value []byte, prev uint64) (uint64, error) {
	ctx, cancel := context.WithTimeout(context.Background(), r.cfg.Timeout)
	defer cancel()
	var rev uint64
	err := retry(ctx, func() (err error) {
		if prev == 0 {
			rev, err = r.kv.Create(ctx, key, value)
		} else {
			rev, err = r.kv.Update(ctx, key, value, prev)
		}
		return err
	})
	if err != nil {
		return 0, classify("write "+key, err)
	}
	return rev, nil
}

// PutLibrary stores the library's bytes by digest, then its pointer at prev.
func (r *Registry) PutLibrary(l store.Library, prev uint64) (uint64, error) {
	sum := sha256.Sum256(l.Image)
	digest := hex.EncodeToString(sum[:])
	if err := r.putObject(digest, l.Image); err != nil {
		return 0, err
	}
	v, err := json.Marshal(LibPointer{Tenant: l.Tenant, Name: l.Name, SHA256: digest, Size: len(l.Image), Created: l.Created.UTC()})
	if err != nil {
		return 0, err
	}
	return r.write(libKey(l.Tenant, l.Name), v, prev)
}

// putObject stores data as the object digest unless it is there.
func (r *Registry) putObject(digest string, data []byte) error {
	// An upload of tens of MiB to three replicas takes longer than a key's write.
	ctx, cancel := context.WithTimeout(context.Background(), 10*r.cfg.Timeout)
	defer cancel()
	var info *natsjs.ObjectInfo
	err := retry(ctx, func() (err error) { info, err = r.obs.GetInfo(ctx, digest); return err })
	if err == nil && !info.Deleted && info.Size == uint64(len(data)) {
		return nil
	} else if err != nil && !errors.Is(err, natsjs.ErrObjectNotFound) {
		return classify("object "+digest, err)
	}
	if err := retry(ctx, func() (err error) { _, err = r.obs.PutBytes(ctx, digest, data); return err }); err != nil {
		return classify("put object "+digest, err)
	}
	return nil
}

// PutFunction writes the function at prev. Config must be JSON and Access JSON or empty
// (store.ErrInvalidEntry), as in the store.
func (r *Registry) PutFunction(f store.Function, prev uint64) (uint64, error) {
	config, access := bytes.TrimSpace(f.Config), bytes.TrimSpace(f.Access)
	if len(config) == 0 || !json.Valid(config) || (len(access) > 0 && !json.Valid(access)) {
		return 0, fmt.Errorf("%w: config or access is not JSON", store.ErrInvalidEntry)
	}
	v, err := json.Marshal(fnValue{Tenant: f.Tenant, Name: f.Name, Config: config, Access: access, Created: f.Created.UTC()})
	if err != nil {
		return 0, err
	}
	return r.write(fnKey(f.Tenant, f.Name), v, prev)
}

// DeleteLibrary deletes the library's pointer at prev (its object stays; see the package
// documentation).
func (r *Registry) DeleteLibrary(tenant, name string, prev uint64) (uint64, error) {
	return r.delete(libKey(tenant, name), prev)
}

// DeleteFunction deletes the function at prev.
func (r *Registry) DeleteFunction(tenant, name string, prev uint64) (uint64, error) {
	return r.delete(fnKey(tenant, name), prev)
}

// delete puts a delete marker on key at prev and returns the marker's revision (or a later
// one of the key).
func (r *Registry) delete(key string, prev uint64) (uint64, error) {
	if prev == 0 {
		return 0, fmt.Errorf("%w: delete %s names no revision", registry.ErrConflict, key)
	}
	ctx, cancel := context.WithTimeout(context.Background(), r.cfg.Timeout)
	defer cancel()
	if err := retry(ctx, func() error { return r.kv.Delete(ctx, key, natsjs.LastRevision(prev)) }); err != nil {
		return 0, classify("delete "+key, err)
	}
	var m *natsjs.RawStreamMsg
	err := retry(ctx, func() (err error) {
		m, err = r.stream.GetLastMsgForSubject(ctx, "$KV."+r.cfg.Bucket+"."+key)
		return err
	})
	if err != nil {
		return 0, classify("revision of the delete of "+key, err)
	}
	return m.Sequence, nil
}

// Load reads every key and the bytes of every library.
func (r *Registry) Load() (registry.Snapshot, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*r.cfg.Timeout)
	defer cancel()
	var snap registry.Snapshot
	var info *natsjs.StreamInfo
	err := retry(ctx, func() (err error) { info, err = r.stream.Info(ctx); return err })
	if err != nil {
		return snap, classify("stream info", err)
	}
	snap.Revision = info.State.LastSeq
	w, err := r.kv.WatchAll(ctx, natsjs.IgnoreDeletes())
	if err != nil {
		return snap, classify("watch", err)
	}
	defer w.Stop()
	for e := range w.Updates() {
		if e == nil {
			break // the initial values are all delivered
		}
		snap.Revision = max(snap.Revision, e.Revision())
		ev, err := Decode(e.Key(), e.Value(), e.Revision(), false)
		if err != nil {
			return snap, err
		}
		if ev.Function != nil {
			snap.Functions = append(snap.Functions, registry.Function{Function: *ev.Function, Rev: ev.Rev})
			continue
		}
		img, err := r.Fetch(ctx, ev.Library.SHA256)
		if err != nil {
			return snap, err
		}
		snap.Libraries = append(snap.Libraries, registry.Library{Library: store.Library{Tenant: ev.Tenant, Name: ev.Name, Image: img, Created: ev.Library.Created}, Rev: ev.Rev})
	}
	if err := ctx.Err(); err != nil {
		return snap, classify("load", err)
	}
	sortSnapshot(&snap)
	return snap, nil
}

func sortSnapshot(s *registry.Snapshot) {
	slices.SortFunc(s.Libraries, func(a, b registry.Library) int {
		return strings.Compare(a.Tenant+"\x00"+a.Name, b.Tenant+"\x00"+b.Name)
	})
	slices.SortFunc(s.Functions, func(a, b registry.Function) int {
		return strings.Compare(a.Tenant+"\x00"+a.Name, b.Tenant+"\x00"+b.Name)
	})
}

// Fetch returns the bytes of the library object digest; the Object Store checks them against
// the digest it recorded, and Fetch checks them against the name.
func (r *Registry) Fetch(ctx context.Context, digest string) ([]byte, error) {
	var b []byte
	err := retry(ctx, func() (err error) { b, err = r.obs.GetBytes(ctx, digest); return err })
	if err != nil {
		return nil, classify("get object "+digest, err)
	}
	if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != digest {
		return nil, fmt.Errorf("registry: object %s holds bytes of SHA-256 %x", digest, sum)
	}
	return b, nil
}

// Leader names the server that leads the registry's KV stream now ("" when none does: an
// election, or no quorum).
func (r *Registry) Leader(ctx context.Context) string {
	info, err := r.stream.Info(ctx)
	if err != nil || info.Cluster == nil {
		return ""
	}
	return info.Cluster.Leader
}
