package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"time"

	"go.uber.org/zap"

	"gpufn/cluster"
	"gpufn/dispatcher"
	"gpufn/frontend"
)

// clusterFlags are the flags of gpufn serve --cluster (docs/cluster.md).
type clusterFlags struct {
	enabled    bool
	name       string
	node       string
	listen     string
	advertise  string
	seeds      string
	voter      bool
	replicas   int
	http       string
	timeout    time.Duration
	startWait  time.Duration
	minRevWait time.Duration
}

func clusterFlagSet(fs *flag.FlagSet, c *clusterFlags) {
	fs.BoolVar(&c.enabled, "cluster", false, "join a cluster of gpufn servers sharing one registry (embedded NATS JetStream; see docs/cluster.md); without it no NATS runs")
	fs.StringVar(&c.name, "cluster-name", "gpufn", "the cluster's name; every node gives the same")
	fs.StringVar(&c.node, "cluster-node", "", "this node's name, unique in the cluster (default: the host name)")
	fs.StringVar(&c.listen, "cluster-listen", "0.0.0.0:6222", "address the cluster's routes (NATS) listen on")
	fs.StringVar(&c.advertise, "cluster-advertise", "", "route address peers are told to use (default: found from --cluster-listen)")
	fs.StringVar(&c.seeds, "cluster-seeds", "", "comma-separated route addresses (host:port) of the cluster's voters; every node, voter or not, gives the same list")
	fs.BoolVar(&c.voter, "cluster-voter", true, "keep a replica of the registry (JetStream storage under --data-dir, which is then required); false: join without storage")
	fs.IntVar(&c.replicas, "cluster-replicas", 3, "voters that keep each registry replica (3 tolerates one lost, 5 two)")
	fs.StringVar(&c.http, "cluster-http", "", "this node's HTTP address as peers reach it, where they forward overflow (default: --listen, which must then name a host)")
	fs.DurationVar(&c.timeout, "cluster-timeout", 2*time.Second, "bound of one registry write: without a quorum a registration fails after it with 503")
	fs.DurationVar(&c.startWait, "cluster-start-timeout", 5*time.Minute, "how long a start waits for the registry's quorum (the first start of a cluster needs --cluster-replicas voters up)")
	fs.DurationVar(&c.minRevWait, "min-revision-wait", 2*time.Second, "how long an invocation asking for a registry revision this node has not seen (X-Gpufn-Min-Revision) waits before 503")
}

// clusterConfig checks the cluster flags and makes the node's configuration.
func clusterConfig(c *clusterFlags, listen, dataDir string, log *zap.Logger) (cluster.Config, error) {
	cfg := cluster.Config{Name: c.node, ClusterName: c.name, Listen: c.listen, Advertise: c.advertise, Voter: c.voter,
		Replicas: c.replicas, HTTP: c.http, Timeout: c.timeout, Log: log.Named("cluster")}
	for _, s := range strings.Split(c.seeds, ",") {
		if s = strings.TrimSpace(s); s != "" {
			cfg.Seeds = append(cfg.Seeds, s)
		}
	}
	if len(cfg.Seeds) == 0 {
		return cfg, errors.New("--cluster needs --cluster-seeds: the voters' route addresses")
	}
	if c.voter && dataDir == "" {
		return cfg, errors.New("--cluster-voter needs --data-dir: a voter keeps a registry replica there")
	}
	if dataDir != "" {
		cfg.Dir, cfg.CacheDir = filepath.Join(dataDir, "cluster"), filepath.Join(dataDir, "cluster", "libraries")
	}
	if cfg.HTTP == "" {
		host, _, err := net.SplitHostPort(listen)
		if err != nil || host == "" || net.ParseIP(host).IsUnspecified() {
			return cfg, fmt.Errorf("--cluster-http is required when --listen (%s) names no host peers can reach", listen)
		}
		cfg.HTTP = listen
	}
	return cfg, nil
}

// startCluster joins the cluster when --cluster is given (nil otherwise: a single server).
func startCluster(f *serveFlags, log *zap.Logger) (*cluster.Node, error) {
	if !f.cluster.enabled {
		return nil, nil
	}
	cfg, err := clusterConfig(&f.cluster, f.listen, f.dataDir, log)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), f.cluster.startWait)
	defer cancel()
	n, err := cluster.Start(ctx, cfg)
	if err != nil {
		return nil, err
	}
	log.Info("joined the cluster", zap.String("node", n.Name()), zap.String("cluster", cfg.ClusterName), zap.Strings("seeds", cfg.Seeds),
		zap.Bool("voter", cfg.Voter), zap.Int("replicas", cfg.Replicas), zap.String("http", cfg.HTTP))
	return n, nil
}

// clusterWire makes the dispatcher write through the cluster's registry and the frontend
// forward overflow, wait for revisions and report readiness through the node.
func clusterWire(n *cluster.Node, f *serveFlags, dcfg *dispatcher.Config, fcfg *frontend.Config) {
	if n == nil {
		return
	}
	dcfg.Registry, dcfg.Watched = n.Registry(), true
	fcfg.Overflow, fcfg.Ready, fcfg.Status, fcfg.MinRevisionWait = n.Overflow, n.Ready, n.Status, f.cluster.minRevWait
}

// clusterPopulate starts applying the registry to d and, with --examples, offers the
// examples once this node has caught up (a create that another node won is logged).
func clusterPopulate(n *cluster.Node, d *dispatcher.Dispatcher, f *serveFlags, log *zap.Logger) error {
	if err := n.Run(d); err != nil {
		return err
	}
	if !f.examples {
		return nil
	}
	deadline := time.Now().Add(f.cluster.startWait)
	for n.Ready() != "" && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	registerExamples(d, log)
	return nil
}
