package cluster

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"gpufn/call"
	"gpufn/registry"
	"gpufn/registry/jetstream"
	"gpufn/store"
)

// Dispatcher is what a node needs of the dispatcher: dispatcher.Dispatcher implements it.
type Dispatcher interface {
	ApplyLibrary(l registry.Library) error
	ApplyFunction(f registry.Function) error
	ApplyDelete(function bool, tenant, name string, rev uint64)
	Advance(rev uint64)
	Revision() uint64
	EngineStats() []call.EngineStats
}

// watch sets up the registry's watch for d. A node that starts beside the others, while the
// registry's stream still elects its leader or catches up (a loaded machine), can have the
// watch's setup time out (ErrUnavailable: TestClusterRegistry saw it under -race on two
// cores): it is set up again, every watchRetryWait, for up to watchSetupLimit. Setting up an
// ordered consumer changes nothing in the registry, so trying again is safe; one left behind
// by a timed-out try is dropped by the server once idle.
func (n *Node) watch(d Dispatcher) error {
	deadline := time.Now().Add(watchSetupLimit)
	for {
		err := n.reg.Watch(n.ctx, func(ev jetstream.Event) { n.apply(d, ev) })
		if err == nil || !errors.Is(err, registry.ErrUnavailable) || time.Now().After(deadline) {
			return err
		}
		n.log.Warn("setting up the registry's watch failed; trying again", zap.Error(err))
		select {
		case <-n.ctx.Done():
			return err
		case <-time.After(watchRetryWait):
		}
	}
}

// watchSetupLimit bounds how long Run tries to set up the registry's watch; watchRetryWait is
// the pause between two tries.
const (
	watchSetupLimit = 60 * time.Second
	watchRetryWait  = 200 * time.Millisecond
)

// subjectHeartbeat is the core NATS subject of the nodes' heartbeats.
const subjectHeartbeat = "gpufn.heartbeat"

// heartbeat is what a node publishes every HeartbeatInterval.
type heartbeat struct {
	Name  string `json:"name"`
	HTTP  string `json:"http"`
	Free  int    `json:"free"` // idle workers plus free queue slots
	Ready bool   `json:"ready"`
}

type peer struct {
	heartbeat
	seen time.Time
}

// Run starts applying the registry to d (from its beginning: the node is Ready once every key
// that existed now is applied) and the heartbeats. It returns once both are set up.
func (n *Node) Run(d Dispatcher) error {
	n.d = d
	if err := n.watch(d); err != nil {
		return fmt.Errorf("cluster: watch the registry: %w", err)
	}
	sub, err := n.nc.Subscribe(subjectHeartbeat, n.heard)
	if err != nil {
		return fmt.Errorf("cluster: heartbeats: %w", err)
	}
	n.wg.Add(1)
	go func() {
		defer n.wg.Done()
		defer sub.Unsubscribe()
		n.beat(d)
	}()
	return nil
}

// apply applies one change of the registry to d, in revision order, and advances d's
// revision past it. A change this node cannot apply (a library its device refuses) is logged
// and passed over: the node's revision still advances, as it has seen the change.
func (n *Node) apply(d Dispatcher, ev jetstream.Event) {
	if ev.Rev == 0 {
		if !n.ready.Swap(true) {
			n.log.Info("caught up with the cluster's registry")
		}
		return
	}
	var err error
	switch {
	case ev.Deleted:
		d.ApplyDelete(ev.IsFunction, ev.Tenant, ev.Name, ev.Rev)
	case ev.Function != nil:
		err = d.ApplyFunction(registry.Function{Function: *ev.Function, Rev: ev.Rev})
	default:
		var img []byte
		if img, err = n.library(ev.Library.SHA256); err == nil {
			err = d.ApplyLibrary(registry.Library{Library: store.Library{Tenant: ev.Tenant, Name: ev.Name, Image: img, Created: ev.Library.Created}, Rev: ev.Rev})
		}
	}
	if err != nil {
		n.log.Warn("a registration made elsewhere cannot be applied on this node", zap.String("tenant", ev.Tenant), zap.String("name", ev.Name),
			zap.Bool("function", ev.IsFunction), zap.Uint64("revision", ev.Rev), zap.Error(err))
	}
	d.Advance(ev.Rev)
}

// library returns a library's bytes by digest: from the cache directory, or fetched from the
// registry (retried while the registry is unavailable, until Close) and kept in the cache.
func (n *Node) library(digest string) ([]byte, error) {
	path := ""
	if n.cfg.CacheDir != "" {
		path = filepath.Join(n.cfg.CacheDir, digest)
		if b, err := os.ReadFile(path); err == nil {
			if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) == digest {
				return b, nil
			}
		}
	}
	var b []byte
	var err error
	for {
		ctx, cancel := context.WithTimeout(n.ctx, 10*n.cfg.Timeout)
		b, err = n.reg.Fetch(ctx, digest)
		cancel()
		if err == nil || n.ctx.Err() != nil {
			break
		}
		n.log.Warn("fetching a library; retrying", zap.String("sha256", digest), zap.Error(err))
		select {
		case <-n.ctx.Done():
		case <-time.After(n.cfg.Timeout / 4):
		}
	}
	if err != nil {
		return nil, err
	}
	if path != "" {
		if err := writeFile(path, b); err != nil {
			n.log.Warn("caching a library", zap.String("path", path), zap.Error(err))
		}
	}
	return b, nil
}

// writeFile writes b to path atomically (a temporary file renamed over it).
func writeFile(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// beat publishes the node's heartbeat every HeartbeatInterval until Close.
func (n *Node) beat(d Dispatcher) {
	t := time.NewTicker(n.cfg.HeartbeatInterval)
	defer t.Stop()
	for {
		hb := heartbeat{Name: n.cfg.Name, HTTP: n.cfg.HTTP, Free: free(d.EngineStats()), Ready: n.ready.Load()}
		if b, err := json.Marshal(hb); err == nil {
			n.nc.Publish(subjectHeartbeat, b) // best effort: a lost beat is the next one's
		}
		select {
		case <-n.ctx.Done():
			return
		case <-t.C:
		}
	}
}

// free is the capacity left on a node's engines: idle workers and free queue slots.
func free(stats []call.EngineStats) int {
	f := 0
	for _, s := range stats {
		f += max(0, len(s.Workers)-s.Busy) + max(0, s.QueueDepth-s.Queued)
	}
	return f
}

// heard records a peer's heartbeat.
func (n *Node) heard(m *nats.Msg) {
	var hb heartbeat
	if json.Unmarshal(m.Data, &hb) != nil || hb.Name == n.cfg.Name || hb.Name == "" {
		return
	}
	n.peersMu.Lock()
	n.peers[hb.Name] = peer{heartbeat: hb, seen: time.Now()}
	n.peersMu.Unlock()
}

// bestPeer is the live, ready peer with the most free capacity; a peer chosen has its
// capacity counted down by one until its next heartbeat, so a burst spreads.
func (n *Node) bestPeer() (peer, bool) {
	n.peersMu.Lock()
	defer n.peersMu.Unlock()
	var best peer
	found := false
	horizon := time.Now().Add(-4 * n.cfg.HeartbeatInterval)
	for _, p := range n.peers {
		if p.Ready && p.Free > 0 && p.seen.After(horizon) && (!found || p.Free > best.Free) {
			best, found = p, true
		}
	}
	if found {
		p := n.peers[best.Name]
		p.Free--
		n.peers[best.Name] = p
	}
	return best, found
}

// forget drops a peer until its next heartbeat (it could not be reached).
func (n *Node) forget(name string) {
	n.peersMu.Lock()
	delete(n.peers, name)
	n.peersMu.Unlock()
}

// Peers lists the live peers' names and free capacity (for logs and tests).
func (n *Node) Peers() map[string]int {
	n.peersMu.Lock()
	defer n.peersMu.Unlock()
	out := map[string]int{}
	horizon := time.Now().Add(-4 * n.cfg.HeartbeatInterval)
	for name, p := range n.peers {
		if p.seen.After(horizon) {
			out[name] = p.Free
		}
	}
	return out
}

// Status is what GET /v1/cluster shows: the node, the registry revision it has applied, the
// registry's leader and the live peers with their free capacity.
type Status struct {
	Node     string         `json:"node"`
	Ready    bool           `json:"ready"`
	Revision uint64         `json:"revision"`
	Leader   string         `json:"leader"`
	Peers    map[string]int `json:"peers"`
}

// Status reports the node's status (frontend.Config.Status); it asks the registry for its
// leader, within the registry's timeout.
func (n *Node) Status() any {
	ctx, cancel := context.WithTimeout(n.ctx, n.cfg.Timeout)
	defer cancel()
	st := Status{Node: n.cfg.Name, Ready: n.ready.Load(), Leader: n.reg.Leader(ctx), Peers: n.Peers()}
	if n.d != nil {
		st.Revision = n.d.Revision()
	}
	return st
}
