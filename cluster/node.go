package cluster

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"go.uber.org/zap"

	"gpufn/registry/jetstream"
)

// Config configures a Node. Zero values take the defaults written beside each field.
type Config struct {
	// Name names the node in the cluster; it must be unique (default: the host name).
	Name string
	// ClusterName names the cluster; every node gives the same (default "gpufn").
	ClusterName string
	// Listen is the address routes from peers arrive at (default "0.0.0.0:6222").
	Listen string
	// Advertise is the route address peers are told to use (default: what the server finds
	// on its interfaces for Listen).
	Advertise string
	// Seeds are peers' route addresses, host:port; a node may list itself. Nodes learn the
	// rest of the cluster from any one of them.
	Seeds []string
	// Voter makes the node keep registry replicas (JetStream storage in Dir). A cluster needs
	// at least Replicas voters; an odd number, 3 or 5, tolerates 1 or 2 lost.
	Voter bool
	// Replicas is how many voters keep each registry bucket (default 3).
	Replicas int
	// Dir is where a voter keeps its JetStream storage (required for a voter).
	Dir string
	// HTTP is the node's own HTTP address as peers reach it, host:port: where overflow is
	// forwarded (required).
	HTTP string
	// Timeout bounds one registry operation (default 2 s): a registration without a quorum
	// fails after it with 503.
	Timeout time.Duration
	// HeartbeatInterval is how often the node publishes its free capacity (default 250 ms); a
	// peer not heard for four intervals is not forwarded to.
	HeartbeatInterval time.Duration
	// ForwardTimeout bounds a forwarded invocation (default 35 s: the server's default
	// invocation deadline and a margin).
	ForwardTimeout time.Duration
	// CacheDir, when set, keeps fetched library bytes by digest, so that a restarted node
	// fetches only what changed.
	CacheDir string
	Log      *zap.Logger
}

// Node is one running member of the cluster. See the package documentation.
type Node struct {
	cfg Config
	log *zap.Logger
	ns  *server.Server
	nc  *nats.Conn
	reg *jetstream.Registry
	d   Dispatcher // set by Run

	ready atomic.Bool // the watch has delivered every key that existed at Run

	peersMu sync.Mutex
	peers   map[string]peer // by node name, others only

	fwd forwarder

	ctx    context.Context // ends at Close
	cancel context.CancelFunc
	wg     sync.WaitGroup
	closed sync.Once
}

// Start starts the embedded server, joins the cluster and opens the registry, waiting (within
// ctx) for the registry's quorum: the first start of a cluster needs Replicas voters up.
func Start(ctx context.Context, cfg Config) (*Node, error) {
	if err := defaults(&cfg); err != nil {
		return nil, err
	}
	opts, err := serverOptions(cfg)
	if err != nil {
		return nil, err
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("cluster: nats-server: %w", err)
	}
	fatal := make(chan string, 1)
	ns.SetLoggerV2(natsLogger{l: cfg.Log.Named("nats"), fatal: fatal}, false, false, false)
	go ns.Start()
	if err := started(ns, fatal, 30*time.Second); err != nil {
		ns.Shutdown()
		return nil, err
	}
	n := &Node{cfg: cfg, log: cfg.Log, ns: ns, peers: map[string]peer{}}
	n.ctx, n.cancel = context.WithCancel(context.Background())
	n.fwd.init(cfg)
	n.nc, err = nats.Connect("", nats.InProcessServer(ns), nats.Name(cfg.Name), nats.PingInterval(time.Second),
		nats.MaxPingsOutstanding(3), nats.MaxReconnects(-1))
	if err != nil {
		n.Close()
		return nil, fmt.Errorf("cluster: connect to the embedded server: %w", err)
	}
	if n.reg, err = openRegistry(ctx, n.nc, cfg, n.log); err != nil {
		n.Close()
		return nil, err
	}
	return n, nil
}

// started waits until the embedded server listens on all its ports, or until it reports a
// fatal error (a port in use, a JetStream store it cannot open): that fails the start at once,
// with the server's own words, instead of at the timeout.
func started(ns *server.Server, fatal <-chan string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for !ns.ReadyForConnections(100 * time.Millisecond) {
		select {
		case msg := <-fatal:
			return fmt.Errorf("cluster: the embedded nats-server did not start: %s", msg)
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("cluster: the embedded nats-server did not start within %v", timeout)
		}
	}
	return nil
}

func defaults(cfg *Config) error {
	if cfg.Log == nil {
		cfg.Log = zap.NewNop()
	}
	if cfg.Name == "" {
		h, err := os.Hostname()
		if err != nil {
			return fmt.Errorf("cluster: node name: %w", err)
		}
		cfg.Name = h
	}
	if cfg.ClusterName == "" {
		cfg.ClusterName = "gpufn"
	}
	if cfg.Listen == "" {
		cfg.Listen = "0.0.0.0:6222"
	}
	if cfg.Replicas <= 0 {
		cfg.Replicas = 3
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Second
	}
	if cfg.HeartbeatInterval <= 0 {
		cfg.HeartbeatInterval = 250 * time.Millisecond
	}
	if cfg.ForwardTimeout <= 0 {
		cfg.ForwardTimeout = 35 * time.Second
	}
	switch {
	case cfg.Voter && cfg.Dir == "":
		return errors.New("cluster: a voter needs a directory for its registry replica")
	case cfg.HTTP == "":
		return errors.New("cluster: the node's HTTP address is required (where peers forward to)")
	case len(cfg.Seeds) == 0:
		return errors.New("cluster: no seeds: name at least one peer's route address")
	}
	return nil
}

// serverOptions are the embedded nats-server's options: a client port on loopback only, routes to the seeds, JetStream on voters with an fsync per write, 1 s pings.
func serverOptions(cfg Config) (*server.Options, error) {
	host, port, err := splitHostPort(cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("cluster: --cluster-listen: %w", err)
	}
	// The client port is on loopback, at a port of the kernel's choosing: the node connects
	// in process, and nothing outside the host reaches it.
	o := &server.Options{ServerName: cfg.Name, Host: "127.0.0.1", Port: server.RANDOM_PORT, NoSigs: true, PingInterval: time.Second, MaxPingsOut: 3,
		Cluster: server.ClusterOpts{Name: cfg.ClusterName, Host: host, Port: port, Advertise: cfg.Advertise,
			PingInterval: time.Second, MaxPingsOut: 3}}
	for _, s := range cfg.Seeds {
		if _, _, err := splitHostPort(s); err != nil {
			return nil, fmt.Errorf("cluster: seed %q: %w", s, err)
		}
		o.Routes = append(o.Routes, server.RoutesFromStr("nats://"+s)...)
	}
	if cfg.Voter {
		o.JetStream, o.StoreDir, o.SyncAlways = true, filepath.Join(cfg.Dir, "jetstream"), true
	}
	return o, nil
}

func splitHostPort(s string) (string, int, error) {
	h, p, err := net.SplitHostPort(s)
	if err != nil {
		return "", 0, err
	}
	port, err := strconv.Atoi(p)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("port %q", p)
	}
	return h, port, nil
}

// openRegistry opens the registry, retrying while the cluster elects its leaders, until ctx
// ends.
func openRegistry(ctx context.Context, nc *nats.Conn, cfg Config, log *zap.Logger) (*jetstream.Registry, error) {
	for attempt := 1; ; attempt++ {
		octx, cancel := context.WithTimeout(ctx, 5*time.Second)
		reg, err := jetstream.Open(octx, nc, jetstream.Config{Replicas: cfg.Replicas, Timeout: cfg.Timeout})
		cancel()
		if err == nil {
			return reg, nil
		}
		if attempt%10 == 1 {
			log.Info("waiting for the registry's quorum", zap.Int("replicas", cfg.Replicas), zap.Error(err))
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("cluster: the registry did not become available: %w (last: %v)", ctx.Err(), err)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// Registry is the cluster's registry, for the dispatcher to write through.
func (n *Node) Registry() *jetstream.Registry { return n.reg }

// Name is the node's name.
func (n *Node) Name() string { return n.cfg.Name }

// Ready returns "" once the node has applied every registration that existed when Run
// started, else why not (frontend.Config.Ready).
func (n *Node) Ready() string {
	if n.ready.Load() {
		return ""
	}
	return "catching up with the cluster's registry"
}

// Close leaves the cluster: it stops the watch and the heartbeats, closes the connection and
// shuts the embedded server down. Safe to call twice.
func (n *Node) Close() {
	n.closed.Do(func() {
		n.cancel()
		n.wg.Wait()
		if n.nc != nil {
			n.nc.Close()
		}
		n.ns.Shutdown()
		n.ns.WaitForShutdown()
	})
}

// natsLogger sends the embedded server's log to zap: notices at Info would drown the
// server's own log, so they go to Debug. A fatal error is also passed to fatal (the first one;
// the server stops nothing itself: the node's start fails on it).
type natsLogger struct {
	l     *zap.Logger
	fatal chan<- string
}

func (z natsLogger) Noticef(f string, v ...any) { z.l.Debug(strings.TrimSpace(fmt.Sprintf(f, v...))) }
func (z natsLogger) Warnf(f string, v ...any)   { z.l.Warn(fmt.Sprintf(f, v...)) }
func (z natsLogger) Fatalf(f string, v ...any) {
	msg := fmt.Sprintf(f, v...)
	z.l.Error(msg)
	select {
	case z.fatal <- msg:
	default:
	}
}
func (z natsLogger) Errorf(f string, v ...any) { z.l.Error(fmt.Sprintf(f, v...)) }
func (z natsLogger) Debugf(f string, v ...any) { z.l.Debug(fmt.Sprintf(f, v...)) }
func (z natsLogger) Tracef(string, ...any)     {}
