package jetstream_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"gpufn/internal/testport"
	"gpufn/registry"
	"gpufn/registry/jetstream"
	"gpufn/registry/registrytest"
)

// cluster is n embedded servers on loopback, each with JetStream in its own directory.
type cluster struct {
	t       *testing.T
	dirs    []string
	ports   []int // client ports, then route ports
	servers []*server.Server
}

func newCluster(t *testing.T, n int) *cluster {
	c := &cluster{t: t, ports: testport.Loopback(t, 2*n)}
	for i := 0; i < n; i++ {
		c.dirs = append(c.dirs, t.TempDir())
	}
	c.start()
	t.Cleanup(c.stop)
	return c
}

func (c *cluster) start() {
	n := len(c.dirs)
	c.servers = nil
	for i := 0; i < n; i++ {
		o := &server.Options{ServerName: fmt.Sprintf("n%d", i), Host: "127.0.0.1", Port: c.ports[i], JetStream: true, StoreDir: c.dirs[i],
			SyncAlways: true, PingInterval: time.Second, NoLog: true, NoSigs: true}
		if n > 1 {
			o.Cluster = server.ClusterOpts{Name: "test", Host: "127.0.0.1", Port: c.ports[n+i]}
			for j := 0; j < n; j++ {
				if j != i {
					o.Routes = append(o.Routes, server.RoutesFromStr(fmt.Sprintf("nats://127.0.0.1:%d", c.ports[n+j]))...)
				}
			}
		}
		s, err := server.NewServer(o)
		if err != nil {
			c.t.Fatal(err)
		}
		go s.Start()
		c.servers = append(c.servers, s)
	}
	for _, s := range c.servers {
		if !s.ReadyForConnections(20 * time.Second) {
			c.t.Fatal("nats-server not ready")
		}
	}
}

func (c *cluster) stop() {
	for _, s := range c.servers {
		s.Shutdown()
		s.WaitForShutdown()
	}
	c.servers = nil
}

// open connects to server i and opens the registry with the given replicas; the creation is
// retried while the cluster elects its meta leader (bounded).
func (c *cluster) open(i, replicas int, bucket string) *jetstream.Registry {
	nc, err := nats.Connect(c.servers[i].ClientURL(), nats.PingInterval(time.Second), nats.MaxReconnects(-1))
	if err != nil {
		c.t.Fatal(err)
	}
	c.t.Cleanup(nc.Close)
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		r, err := jetstream.Open(ctx, nc, jetstream.Config{Replicas: replicas, Bucket: bucket})
		cancel()
		if err == nil {
			return r
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("open the registry: %v", err)
		}
		time.Sleep(200 * time.Millisecond) // the meta leader is being elected
	}
}

// bucketOf names a bucket after a subtest, so that subtests share servers.
func bucketOf(t *testing.T) string {
	return "b" + strings.NewReplacer("/", "-", "_", "-").Replace(t.Name())
}

func TestConformanceR1(t *testing.T) {
	c := newCluster(t, 1)
	registrytest.Run(t, func(t *testing.T) (registry.Registry, func() registry.Registry) {
		reopen := func() registry.Registry {
			c.stop()
			c.start()
			return c.open(0, 1, bucketOf(t))
		}
		return c.open(0, 1, bucketOf(t)), reopen
	})
}

// TestConformanceR3 runs the suite on three servers with three replicas (its Restart
// restarts all three), the client on one server and, after the restart, on another.
func TestConformanceR3(t *testing.T) {
	if testing.Short() {
		t.Skip("three servers: -short")
	}
	c := newCluster(t, 3)
	registrytest.Run(t, func(t *testing.T) (registry.Registry, func() registry.Registry) {
		reopen := func() registry.Registry {
			c.stop()
			c.start()
			return c.open(2, 3, bucketOf(t))
		}
		return c.open(1, 3, bucketOf(t)), reopen
	})
}
